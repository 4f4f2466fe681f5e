import type { LiveValue, Locale, PumpState, StationLiveSummary, StationState } from '@water/contracts';
import type { StationLiveI18n } from './use-station-live-i18n.ts';

const formats = new Map<string, Intl.NumberFormat>();

/** A number with exactly `digits` decimals in the reader's language (grouping included). */
export function formatNumber(value: number, locale: Locale, digits: number): string {
  const key = `${locale}:${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats.set(key, format);
  }
  return format.format(value);
}

/** How many decimals each figure shows: what an operator reads off, no more. */
export const DIGITS = { level: 2, flow: 0, power: 1, pressure: 2, rain: 1, frequency: 1, current: 1, runHours: 0 };

/**
 * A reading the station does not have: its point is not mapped (the contract gives no value, no time).
 * Such a figure is left out rather than shown as "stale" for ever.
 */
export const isUnmapped = (v: LiveValue) => v.value === null && v.ts === null;

/** A reading with its unit, or the dash; the unit is a symbol, the same in both languages. */
export function valueText(v: LiveValue, locale: Locale, digits: number, unit: string, none: string): string {
  return v.value === null ? none : `${formatNumber(v.value, locale, digits)}${unit ? ` ${unit}` : ''}`;
}

/** How long ago, in words: "just now", "4 min ago", "2 h ago". */
export function ageText(ts: string | null, now: number, t: StationLiveI18n['t']): string {
  if (!ts) return t('live.never');
  const minutes = Math.floor(Math.max(0, now - Date.parse(ts)) / 60_000);
  if (minutes < 1) return t('live.age.now');
  if (minutes < 60) return t('live.age.minutes', { n: minutes });
  if (minutes < 48 * 60) return t('live.age.hours', { n: Math.floor(minutes / 60) });
  return t('live.age.days', { n: Math.floor(minutes / 1440) });
}

/** A time of day with seconds (today's readings) or date and time (older ones). */
export function timeText(ts: string | null, locale: Locale, now: number): string {
  if (!ts) return '';
  const date = new Date(ts);
  const sameDay = new Date(now).toDateString() === date.toDateString();
  return sameDay
    ? date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })
    : date.toLocaleString(locale, {
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hour12: false,
      });
}

/** Any figure of the station shown stale (the ones it has mapped). */
export function hasStale(s: StationLiveSummary): boolean {
  return [s.level, s.flow, s.pressure, s.rain].some((v) => !isUnmapped(v) && v.stale);
}

/**
 * The scale of a wet well, m: its depth, or (depth not set) a little above the highest set-point or
 * level it has, so the bar still says something.
 */
export function wellScale(s: Pick<StationLiveSummary, 'setPoints' | 'level' | 'pumps'>): number {
  if (s.setPoints.wellDepth) return s.setPoints.wellDepth;
  const known = [
    s.setPoints.highAlarm,
    s.setPoints.lowAlarm,
    s.setPoints.protection,
    s.level.value,
    ...s.pumps.flatMap((p) => [p.startLevel, p.stopLevel]),
  ].filter((v): v is number => v !== null && v > 0);
  return known.length ? Math.ceil(Math.max(...known) * 1.2) : 1;
}

/** Where a level sits against the alarm set-points. */
export function levelZone(s: Pick<StationLiveSummary, 'setPoints' | 'level'>): 'high' | 'low' | 'normal' | 'stale' {
  const { value, stale } = s.level;
  if (value === null || stale) return 'stale';
  if (s.setPoints.highAlarm !== null && value >= s.setPoints.highAlarm) return 'high';
  if (s.setPoints.lowAlarm !== null && value <= s.setPoints.lowAlarm) return 'low';
  return 'normal';
}

/** Arco tag colours per station state: the same hues as the home's tiles and map. */
export const STATION_TAG_COLORS: Record<StationState, string> = {
  running: 'green',
  stopped: 'gray',
  fault: 'red',
  offline: 'orange',
};

export const PUMP_STATE_ORDER: readonly PumpState[] = [
  'running',
  'stopped',
  'fault',
  'local',
  'offline',
  'maintenance',
];
