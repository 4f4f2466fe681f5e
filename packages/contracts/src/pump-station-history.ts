import { z } from 'zod';
import { idParamsSchema } from './account.ts';
import { endpoint } from './common/endpoint.ts';
import { STATION_KINDS } from './devices.ts';
import {
  HISTORY_EXPORT_FORMATS,
  HISTORY_EXPORT_RESOLUTIONS,
  HISTORY_POINTS_MAX,
  HISTORY_RESOLUTIONS,
  historySeriesSchema,
} from './monitoring.ts';

/**
 * A station's history (issue 14 part 5, `/bz/history-data`): its level against its set-points, flow,
 * outlet pressure, rain and each pump's run periods over any range, and the daily table of pumped
 * volume, energy and each pump's run hours and starts in the utility's days (UTC+8). Read within the
 * caller's region limit: the station's region decides, as for its live state.
 */
const tags = ['pump-station-history'] as const;

// The device history's pattern (a pattern and a parse, not z.iso, which would land in the sign-in
// bundle), as one check so that a bad time is one issue.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const dateTime = z
  .string()
  .refine((s) => DATE_TIME.test(s) && !Number.isNaN(Date.parse(s)), { error: 'validation.dateTime' });

/** A utility day, YYYY-MM-DD, that the calendar has. */
const isDay = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const utilityDate = z.string().refine(isDay, { error: 'validation.date' });

/**
 * What the chart asks for: `auto` lets the server pick raw points, 1-minute or 1-hour rollups or wider
 * buckets so no series passes `maxPoints` (the device history's choice); `raw`, `1m` and `1h` ask for
 * that tier, refused (400, `resolution`) where it would pass HISTORY_POINTS_MAX points in a series.
 */
export const STATION_HISTORY_RESOLUTIONS = HISTORY_EXPORT_RESOLUTIONS;
export type StationHistoryResolution = (typeof STATION_HISTORY_RESOLUTIONS)[number];

export const stationHistoryQuerySchema = z
  .object({
    from: dateTime.describe('ISO 8601'),
    to: dateTime.describe('ISO 8601'),
    resolution: z.enum(STATION_HISTORY_RESOLUTIONS).default('auto'),
    maxPoints: z.coerce.number().int().min(10).max(HISTORY_POINTS_MAX).default(2000),
  })
  // A time that is not one is its own field's issue only (NaN is never >=).
  .refine((q) => !(Date.parse(q.from) >= Date.parse(q.to)), { error: 'validation.timeRangeOrder', path: ['to'] });
export type StationHistoryQuery = z.input<typeof stationHistoryQuerySchema>;

/** A series without its points: what names a device metric, for a legend, a tooltip or an export. */
export const seriesRefSchema = historySeriesSchema.omit({ points: true });
export type SeriesRef = z.infer<typeof seriesRefSchema>;

/**
 * A period a pump ran: from the reading that found it running to the one that found it stopped (raw
 * points; a reading holds until the next, at most the device's offline window), or a rollup bucket
 * it ran in for part (`duty` below 1) or all of the time (whole buckets in a row merged).
 */
export const pumpRunSchema = z.object({
  from: z.string(),
  to: z.string(),
  duty: z.number().describe('share of the period it ran: 1 from raw points, the bucket’s average from rollups'),
});
export type PumpRun = z.infer<typeof pumpRunSchema>;

export const pumpHistorySchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  name: z.string(),
  startLevel: z.number().nullable(),
  stopLevel: z.number().nullable(),
  running: seriesRefSchema.nullable().describe('its run state’s device metric; null: not mapped'),
  runs: z.array(pumpRunSchema).describe('in time order; never more than maxPoints'),
});
export type PumpHistory = z.infer<typeof pumpHistorySchema>;

export const stationHistorySchema = z.object({
  station: z.object({ id: z.number().int(), code: z.string(), name: z.string(), kind: z.enum(STATION_KINDS) }),
  from: z.string(),
  to: z.string(),
  resolution: z.enum(HISTORY_RESOLUTIONS),
  /** 0 for raw points, else the width of a bucket: two points further apart than twice this are a gap. */
  bucketSeconds: z.number().int(),
  setPoints: z.object({
    wellDepth: z.number().nullable(),
    highAlarm: z.number().nullable(),
    lowAlarm: z.number().nullable(),
    protection: z.number().nullable().describe('dry-run protection'),
  }),
  level: historySeriesSchema.nullable().describe('wet-well level; null when no level sensor is mapped'),
  flow: historySeriesSchema.nullable().describe('outlet flow'),
  pressure: historySeriesSchema.nullable().describe('outlet pressure'),
  rain: historySeriesSchema.nullable().describe('rain over the catchment'),
  pumps: z.array(pumpHistorySchema).describe('in number order, each with its own start and stop level'),
});
export type StationHistory = z.infer<typeof stationHistorySchema>;

/** Days a daily table covers at most: a quarter. */
export const STATION_DAILY_DAYS_MAX = 92;

const DAY_MS = 86_400_000;
const dayFields = z.object({
  from: utilityDate.describe('first utility day, YYYY-MM-DD (UTC+8)'),
  to: utilityDate.describe('last utility day, included'),
});
function checkDays(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  // A day that is not one is its own field's issue only.
  if (!isDay(q.from) || !isDay(q.to)) return;
  const days = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / DAY_MS + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dayRangeOrder' });
  else if (days > STATION_DAILY_DAYS_MAX)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dayRangeTooLong' });
}

export const stationDailyQuerySchema = dayFields.superRefine(checkDays);
export type StationDailyQuery = z.input<typeof stationDailyQuerySchema>;

export const stationDailyExportQuerySchema = dayFields
  .extend({ format: z.enum(HISTORY_EXPORT_FORMATS).default('csv') })
  .superRefine(checkDays);

/** Where a pump's energy comes from: its kWh counter's rise, else its power integrated over time. */
export const ENERGY_SOURCES = ['counter', 'power'] as const;
export type EnergySource = (typeof ENERGY_SOURCES)[number];

/**
 * Where a day's run hours and starts were counted from: raw readings (every stopped→running change),
 * 1-minute rollups (a minute it ran after a minute it did not; the anti-short-cycle rest keeps a
 * stopped minute between two runs) or, beyond their retention, 1-hour rollups: the fewest starts the
 * hours allow (an hour it ran part of holds at least one change; several runs within it count once),
 * a lower bound.
 */
export const RUN_SOURCES = ['raw', '1m', '1h'] as const;
export type RunSource = (typeof RUN_SOURCES)[number];

export const pumpDayStatsSchema = z.object({
  pumpId: z.number().int(),
  runHours: z.number().nullable().describe('h; null: no run-state readings that day'),
  starts: z.number().int().nullable(),
  energy: z.number().nullable().describe('kWh'),
  source: z.enum(RUN_SOURCES).nullable().describe('what run hours and starts were counted from'),
});
export type PumpDayStats = z.infer<typeof pumpDayStatsSchema>;

const stationFigures = {
  volume: z.number().nullable().describe('m³ pumped: the outlet flow integrated; null without flow readings'),
  energy: z.number().nullable().describe('kWh of all pumps; null when no pump has an energy figure'),
  kwhPer1000m3: z.number().nullable().describe('energy per 1000 m³ pumped'),
};

export const stationDaySchema = z.object({
  day: z.string().describe('YYYY-MM-DD, a utility day (UTC+8)'),
  ...stationFigures,
  pumps: z.array(pumpDayStatsSchema).describe('in the order of `pumps`'),
});
export type StationDay = z.infer<typeof stationDaySchema>;

export const stationDailySchema = z.object({
  station: z.object({ id: z.number().int(), code: z.string(), name: z.string(), kind: z.enum(STATION_KINDS) }),
  from: z.string(),
  to: z.string(),
  pumps: z.array(
    z.object({
      id: z.number().int(),
      number: z.number().int(),
      name: z.string(),
      energySource: z.enum(ENERGY_SOURCES).nullable().describe('null: neither an energy counter nor power mapped'),
    }),
  ),
  days: z.array(stationDaySchema).describe('every day of the range, oldest first; a day without readings has nulls'),
  totals: z.object({
    ...stationFigures,
    pumps: z.array(pumpDayStatsSchema.omit({ source: true })),
  }),
  partial: z.boolean().describe('the range reaches today (the utility’s): its figures run to now and will still grow'),
});
export type StationDaily = z.infer<typeof stationDailySchema>;

export const stationHistoryApi = {
  history: endpoint({
    method: 'GET',
    path: '/pump-stations/:id/history',
    summary:
      'A station’s level with its set-points, outlet flow and pressure, rain and each pump’s run periods over a time range, in the device history’s resolutions',
    tags,
    params: idParamsSchema,
    query: stationHistoryQuerySchema,
    data: stationHistorySchema,
  }),
  daily: endpoint({
    method: 'GET',
    path: '/pump-stations/:id/daily',
    summary: `Per utility day (UTC+8, at most ${STATION_DAILY_DAYS_MAX}): pumped volume, energy, kWh per 1000 m³, and each pump’s run hours, starts and energy, with totals`,
    tags,
    params: idParamsSchema,
    query: stationDailyQuerySchema,
    data: stationDailySchema,
  }),
  dailyExport: endpoint({
    method: 'GET',
    path: '/pump-stations/:id/daily/export',
    summary: 'The daily table as CSV (UTF-8 with BOM) or XLSX, header in the caller’s language, a totals row last',
    tags,
    params: idParamsSchema,
    query: stationDailyExportQuerySchema,
    data: z.unknown().describe('the file'),
    download: true,
  }),
} as const;
