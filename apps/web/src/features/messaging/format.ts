import type { Locale } from '@water/contracts';

const formatters = new Map<Locale, Intl.DateTimeFormat>();

/** An ISO time in the reader's language and time zone; anything unparsable is shown as it came. */
export function formatDateTime(value: string | null | undefined, locale: Locale): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    });
    formatters.set(locale, formatter);
  }
  return formatter.format(date);
}
