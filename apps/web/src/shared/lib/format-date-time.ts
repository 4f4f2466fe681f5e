import type { Locale } from '@water/contracts/common/locale';

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An ISO time in the reader's language and time zone; anything unparsable is shown as it came.
 * Seconds only where they matter (sign-in records, sessions).
 */
export function formatDateTime(
  value: string | null | undefined,
  locale: Locale,
  options: { seconds?: boolean } = {},
): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const key = `${locale}:${options.seconds ? 's' : 'm'}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      ...(options.seconds ? { second: '2-digit' as const } : {}),
      hour12: false,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}
