import type { Locale } from '@water/contracts';

const formats = new Map<string, Intl.NumberFormat>();
/** A number in the console's language with at most `digits` decimals; '—' for none (unknown is not 0). */
export function formatNumber(value: number | null | undefined, locale: Locale, digits = 1): string {
  if (value === null || value === undefined) return '—';
  const key = `${locale}:${digits}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
    formats.set(key, f);
  }
  return f.format(value);
}

/** A share 0–1 as a percentage with one decimal; '—' for none. */
export const formatShare = (value: number | null | undefined, locale: Locale) =>
  value === null || value === undefined ? '—' : `${formatNumber(value * 100, locale, 1)}%`;

/** A change as a signed percentage (+12.5%, −3%); '—' for none. */
export function formatChange(change: number | null, locale: Locale): string {
  if (change === null) return '—';
  const pct = formatNumber(Math.abs(change * 100), locale, 1);
  return change > 0 ? `+${pct}%` : change < 0 ? `−${pct}%` : `${pct}%`;
}

/** The change from `previous` to `current` as a fraction; null when either is missing or previous is 0. */
export function changeOf(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}
