import { z } from 'zod';
import { endpoint } from './common/endpoint.ts';
import { pageOf, pageQuerySchema } from './common/pagination.ts';
import { dateTimeSchema, idSchema, text } from './common/validation.ts';
import { DEVICE_STATUSES } from './devices.ts';

const tags = ['monitoring'] as const;

/**
 * Live data and history of what devices report (issue 7): the real-time board
 * (`/timeData/realTimeData`), the history chart (`/timeData/historyData`) and the live channel's
 * telemetry events. Read within the caller's region limit.
 */

/** A reading as the console shows it: the value, when it was taken, its quality bits (see Quality). */
export const readingSchema = z.object({
  key: z.string(),
  value: z.union([z.number(), z.boolean(), z.string()]),
  ts: z.string(),
  quality: z.number().int(),
});
export type Reading = z.infer<typeof readingSchema>;

export const monitoringPointSchema = z.object({
  deviceId: z.number().int(),
  code: z.string(),
  name: z.string(),
  typeId: z.number().int(),
  typeName: z.string().describe('in the caller language'),
  regionId: z.number().int().nullable(),
  regionName: z.string(),
  stationId: z.number().int().nullable(),
  stationName: z.string(),
  status: z.enum(DEVICE_STATUSES),
  lastSeenAt: z.string().nullable(),
  /** Silent longer than its type's offline timeout (the board shows a stale badge). */
  stale: z.boolean(),
  readings: z.array(readingSchema).describe('the latest reading of each metric it has reported'),
});
export type MonitoringPoint = z.infer<typeof monitoringPointSchema>;

export const MONITORING_PAGE_MAX = 500;

export const monitoringPointsQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(MONITORING_PAGE_MAX).default(200),
  keyword: text(50).optional().describe('device code or name'),
  regionId: idSchema.optional().describe('this region and every region below it'),
  stationId: idSchema.optional(),
  typeId: idSchema.optional(),
  status: z.enum(DEVICE_STATUSES).optional(),
});

/** History resolutions: raw points, the 1-minute or 1-hour rollups, or rollups merged into wider buckets. */
export const HISTORY_RESOLUTIONS = ['raw', '1m', '1h', 'bucket'] as const;
export type HistoryResolution = (typeof HISTORY_RESOLUTIONS)[number];
export const HISTORY_SERIES_MAX = 8;
/** Never more points than this per series in one answer. */
export const HISTORY_POINTS_MAX = 5000;

const dateTime = dateTimeSchema;

/** `deviceId:metricKey`, e.g. `12:level`. */
const seriesKey = z.string().regex(/^\d{1,9}:[A-Za-z][A-Za-z0-9_]{0,39}$/, { error: 'validation.seriesKey' });

const historyBaseSchema = z.object({
  series: z
    .string()
    .max(HISTORY_SERIES_MAX * 52)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(seriesKey).min(1).max(HISTORY_SERIES_MAX))
    .describe('comma-separated deviceId:metric pairs, at most 8'),
  from: dateTime.describe('ISO 8601'),
  to: dateTime.describe('ISO 8601'),
  maxPoints: z.coerce.number().int().min(10).max(HISTORY_POINTS_MAX).default(2000),
});
const rangeInOrder = (q: { from: string; to: string }) => Date.parse(q.from) < Date.parse(q.to);

export const historyQuerySchema = historyBaseSchema.refine(rangeInOrder, {
  error: 'validation.timeRangeOrder',
  path: ['to'],
});

export const HISTORY_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type HistoryExportFormat = (typeof HISTORY_EXPORT_FORMATS)[number];
/** What an export holds: raw points, 1-minute or 1-hour rollups, or what the chart shows for `maxPoints`. */
export const HISTORY_EXPORT_RESOLUTIONS = ['raw', '1m', '1h', 'auto'] as const;
export type HistoryExportResolution = (typeof HISTORY_EXPORT_RESOLUTIONS)[number];
/**
 * An XLSX workbook is built in memory (write-excel-file: 200,000 rows took 10 s and ~390 MB here), so
 * above this many rows the export must be CSV, which streams.
 */
export const HISTORY_XLSX_MAX_ROWS = 100_000;
/** The header of an export answer with the number of data rows the file will hold (the console's progress). */
export const TOTAL_ROWS_HEADER = 'X-Total-Rows';

export const historyExportQuerySchema = historyBaseSchema
  .extend({
    format: z.enum(HISTORY_EXPORT_FORMATS).default('csv'),
    resolution: z.enum(HISTORY_EXPORT_RESOLUTIONS).default('auto'),
  })
  .refine(rangeInOrder, { error: 'validation.timeRangeOrder', path: ['to'] });

/** One point of a series: a reading (raw), or a bucket with its average and its band. */
export const historyPointSchema = z.object({
  t: z.string().describe('the reading time, or the start of the bucket'),
  v: z.number().nullable().describe('the reading, or the bucket average; null for a non-numeric metric'),
  min: z.number().optional(),
  max: z.number().optional(),
  count: z.number().int().optional(),
});
export type HistoryPoint = z.infer<typeof historyPointSchema>;

export const historySeriesSchema = z.object({
  deviceId: z.number().int(),
  code: z.string(),
  name: z.string(),
  metric: z.string(),
  metricName: z.string().describe('in the caller language'),
  unit: z.string(),
  /** The thing model's sound range and decimals: a chart never draws an axis past a bound it cannot cross. */
  min: z.number().nullable(),
  max: z.number().nullable(),
  precision: z.number().int(),
  points: z.array(historyPointSchema),
});
export type HistorySeries = z.infer<typeof historySeriesSchema>;

export const historySchema = z.object({
  resolution: z.enum(HISTORY_RESOLUTIONS),
  /** 0 for raw points; otherwise the width of a bucket. Two points further apart than twice this are a gap. */
  bucketSeconds: z.number().int(),
  series: z.array(historySeriesSchema),
});
export type History = z.infer<typeof historySchema>;

/** Pushed on the live channel to a connection that subscribed to the device: what was just committed. */
export const telemetryEventSchema = z.object({
  type: z.literal('telemetry'),
  deviceId: z.number().int(),
  readings: z.array(readingSchema),
});
export type TelemetryEvent = z.infer<typeof telemetryEventSchema>;

export const LIVE_SUBSCRIBE_MAX = 1000;
/** A client frame: the devices this page shows (replaces the earlier set; empty stops them). */
export const liveSubscribeFrameSchema = z.object({
  type: z.literal('subscribe'),
  deviceIds: z.array(z.number().int().positive()).max(LIVE_SUBSCRIBE_MAX),
});

export const monitoringApi = {
  points: endpoint({
    method: 'GET',
    path: '/monitoring/points',
    summary:
      'Every monitoring point (device in service) with its latest readings, ordered by region, station and code; filter by region (and below), station, type, status, keyword',
    tags,
    query: monitoringPointsQuerySchema,
    data: pageOf(monitoringPointSchema),
  }),
  history: endpoint({
    method: 'GET',
    path: '/monitoring/history',
    summary:
      'Readings of up to 8 device metrics over a time range; the server picks raw, 1-minute, 1-hour or wider buckets so no series exceeds maxPoints',
    tags,
    query: historyQuerySchema,
    data: historySchema,
  }),
  historyExport: endpoint({
    method: 'GET',
    path: '/monitoring/history/export',
    summary:
      'The same series as a CSV file (UTF-8 with BOM, streamed) or an XLSX workbook (at most 100,000 rows): raw points, 1-minute or 1-hour rollups, or what the chart shows (auto); X-Total-Rows gives the row count ahead',
    tags,
    query: historyExportQuerySchema,
    data: z.unknown().describe('the file'),
    download: true,
  }),
} as const;
