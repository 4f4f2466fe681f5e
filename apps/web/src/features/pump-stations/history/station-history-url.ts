import { STATION_DAILY_DAYS_MAX, STATION_HISTORY_RESOLUTIONS, type StationHistoryResolution } from '@water/contracts';

export const STATION_RANGES = ['today', '24h', '7d', '30d'] as const;
export type StationRange = (typeof STATION_RANGES)[number];

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** The utility's days are Beijing's (UTC+8, no daylight saving), wherever the browser is. */
const UTILITY_OFFSET = 8 * HOUR;

/** What the page keeps in its address: the station, the range and the resolution. */
export interface StationHistorySelection {
  stationId?: number;
  range: StationRange | 'custom';
  /** Only for a custom range: ISO times. */
  from?: string;
  to?: string;
  resolution: StationHistoryResolution;
}

const positiveInt = (value: string | null): number | undefined => {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
};

/** The selection from the address; anything malformed falls back to the default rather than being sent. */
export function readStationHistory(params: URLSearchParams): StationHistorySelection {
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const range = params.get('range');
  const custom = Boolean(from && to && !Number.isNaN(Date.parse(from)) && Date.parse(from) < Date.parse(to as string));
  const resolution = params.get('resolution');
  const selection: StationHistorySelection = {
    stationId: positiveInt(params.get('station')),
    range: STATION_RANGES.includes(range as StationRange) ? (range as StationRange) : custom ? 'custom' : '24h',
    resolution: STATION_HISTORY_RESOLUTIONS.includes(resolution as StationHistoryResolution)
      ? (resolution as StationHistoryResolution)
      : 'auto',
  };
  return selection.range === 'custom' ? { ...selection, from, to } : selection;
}

/** The address of a selection: defaults are left out, so a plain page has a plain address. */
export function writeStationHistory(selection: StationHistorySelection): URLSearchParams {
  const params = new URLSearchParams();
  if (selection.stationId) params.set('station', String(selection.stationId));
  if (selection.range === 'custom' && selection.from && selection.to) {
    params.set('from', selection.from);
    params.set('to', selection.to);
  } else if (selection.range !== '24h' && selection.range !== 'custom') {
    params.set('range', selection.range);
  }
  if (selection.resolution !== 'auto') params.set('resolution', selection.resolution);
  return params;
}

/** Seconds are enough for a range; the query key stays stable while nothing moves. */
export const isoSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();

/** The start of the utility day holding `ms`. */
export const utilityMidnight = (ms: number) => Math.floor((ms + UTILITY_OFFSET) / DAY) * DAY - UTILITY_OFFSET;

/** The utility day (YYYY-MM-DD) holding `ms`. */
export const utilityDay = (ms: number) => new Date(ms + UTILITY_OFFSET).toISOString().slice(0, 10);

/** A quick range ending at `now`: today runs from the utility's midnight. */
export function quickRange(range: StationRange, now: number): { from: string; to: string } {
  const span = { '24h': DAY, '7d': 7 * DAY, '30d': 30 * DAY } as const;
  const from = range === 'today' ? utilityMidnight(now) : now - span[range];
  return { from: isoSeconds(from), to: isoSeconds(now) };
}

/**
 * The utility days a time range touches, for the daily table: at most STATION_DAILY_DAYS_MAX, the
 * latest ones when the range is longer (`capped`).
 */
export function daysOf(from: string, to: string): { from: string; to: string; capped: boolean } {
  const end = Date.parse(to) - 1;
  const first = utilityDay(Date.parse(from));
  const last = utilityDay(Math.max(Date.parse(from), end));
  const earliest = utilityDay(utilityMidnight(Math.max(Date.parse(from), end)) - (STATION_DAILY_DAYS_MAX - 1) * DAY);
  return first < earliest ? { from: earliest, to: last, capped: true } : { from: first, to: last, capped: false };
}
