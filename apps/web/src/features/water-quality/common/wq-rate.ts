import type { Locale } from '@water/contracts';

/**
 * A compliance rate as a percentage with one decimal, rounded down, so 99.96 % never reads as 100 %
 * (only a rate of exactly 1 does); "—" with nothing judged.
 */
export function formatRate(rate: number | null, locale: Locale): string {
  if (rate === null) return '—';
  if (rate >= 1) return '100%';
  const percent = Math.floor(rate * 1000) / 10;
  return `${percent.toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
}

/** The rate's tone: all compliant green, under 95 % orange, under 80 % red, between them plain; none with nothing judged. */
export type RateTone = 'full' | 'good' | 'warn' | 'bad' | 'none';

export function rateTone(rate: number | null): RateTone {
  if (rate === null) return 'none';
  if (rate >= 1) return 'full';
  if (rate < 0.8) return 'bad';
  if (rate < 0.95) return 'warn';
  return 'good';
}
