import { z } from 'zod';
import { idParamsSchema } from './account.ts';
import { endpoint } from './common/endpoint.ts';
import { idSchema, text } from './common/validation.ts';
import { STATION_KINDS } from './devices.ts';

/**
 * Live state of the pump stations (issue 14, parts 2–3, 6): derived on the server from each
 * station's configuration (pumps with their controller's metrics, sensors by role) and the latest
 * telemetry, never hard-coded per station. The station list (`/bz/pumpStationList`), the mimic, the
 * map, the public home (`/bz/index`) and the Workplace all read these shapes.
 */
const tags = ['pump-station-live'] as const;

/**
 * A station's state, worst first: `offline` when its level sensor or any pump controller is silent
 * beyond its staleness window (a communication failure never reads as normal), then `fault` (any
 * pump in fault), `running` (any pump running), else `stopped`. A pump under maintenance counts for
 * none of these: its controller being silent or faulted is expected while it is locked out, so it
 * makes the station neither `offline` nor `fault` (nor raises a derived alarm).
 */
export const STATION_STATES = ['running', 'stopped', 'fault', 'offline'] as const;
export type StationState = (typeof STATION_STATES)[number];

/**
 * A pump's state as the mimic colours it: maintenance (marked under maintenance in the station's
 * configuration, locked out and tagged out: it wins over whatever its controller says), offline (its
 * controller silent), fault, local (not under remote control), running, stopped.
 */
export const PUMP_STATES = ['running', 'stopped', 'fault', 'local', 'offline', 'maintenance'] as const;
export type PumpState = (typeof PUMP_STATES)[number];

/**
 * One reading as the live screens show it: its value (null where the point is not mapped or never
 * reported), when it was taken, and whether it is stale (older than its device type's offline
 * window: greyed out, never taken as current).
 */
export const liveValueSchema = z.object({
  value: z.number().nullable(),
  ts: z.string().nullable().describe('when it was measured'),
  stale: z.boolean().describe('unmapped, never reported, or older than the device’s offline window'),
});
export type LiveValue = z.infer<typeof liveValueSchema>;

/** A boolean point (running, fault, remote): 1/0 or a mode text turned into true/false. */
export const liveFlagSchema = z.object({
  value: z.boolean().nullable(),
  ts: z.string().nullable(),
  stale: z.boolean(),
});
export type LiveFlag = z.infer<typeof liveFlagSchema>;

export const pumpLiveSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  name: z.string(),
  drive: z.enum(['fixed', 'vfd']),
  state: z.enum(PUMP_STATES),
  startLevel: z.number().nullable(),
  stopLevel: z.number().nullable(),
  running: liveFlagSchema,
  fault: liveFlagSchema,
  remote: liveFlagSchema.describe('true: remote (or automatic) control; false: local'),
  frequency: liveValueSchema.describe('Hz'),
  current: liveValueSchema.describe('A'),
  power: liveValueSchema.describe('kW'),
  runHours: liveValueSchema.describe('h, cumulative'),
});
export type PumpLive = z.infer<typeof pumpLiveSchema>;

export const stationLiveSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(STATION_KINDS),
  regionId: z.number().int().nullable(),
  regionName: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  state: z.enum(STATION_STATES),
  level: liveValueSchema.describe('wet-well level, m above the well bottom'),
  setPoints: z.object({
    wellDepth: z.number().nullable(),
    highAlarm: z.number().nullable(),
    lowAlarm: z.number().nullable(),
    protection: z.number().nullable().describe('dry-run protection'),
  }),
  pumpsRunning: z.number().int(),
  pumpsTotal: z.number().int(),
  pumps: z.array(pumpLiveSchema).describe('in number order; each carries its own start and stop level'),
  flow: liveValueSchema.describe('outlet flow, m³/h'),
  pressure: liveValueSchema.describe('outlet pressure, in its sensor’s unit (MPa for the built-in gauge)'),
  rain: liveValueSchema.describe('rain intensity over the catchment, mm/h'),
  power: z.number().nullable().describe('kW: the running pumps’ fresh power readings summed'),
  lastUpdate: z.string().nullable().describe('the newest reading of any of its points'),
});
export type StationLive = z.infer<typeof stationLiveSchema>;

/**
 * A station in the live list (cards, table, map): everything but the pumps' readings, which only the
 * mimic shows; each pump keeps its state and set-points (the level bar draws them). A `station` event
 * on the live channel carries the whole StationLive, a superset of this.
 */
export const stationLiveSummarySchema = stationLiveSchema.extend({
  pumps: z.array(
    pumpLiveSchema.pick({ id: true, number: true, name: true, state: true, startLevel: true, stopLevel: true }),
  ),
});
export type StationLiveSummary = z.infer<typeof stationLiveSummarySchema>;

export const stationStateCountsSchema = z.object({
  running: z.number().int(),
  stopped: z.number().int(),
  fault: z.number().int(),
  offline: z.number().int(),
});
export type StationStateCounts = z.infer<typeof stationStateCountsSchema>;

/** The list page keeps these in its address (useListFilters). */
export const stationLiveQuerySchema = z.object({
  keyword: text(50).optional().describe('code or name'),
  regionId: idSchema.optional().describe('this region and every region below it'),
  kind: z.enum(STATION_KINDS).optional(),
  state: z.enum(STATION_STATES).optional(),
});
export type StationLiveQuery = z.infer<typeof stationLiveQuerySchema>;

/** A county's stations fit one answer: the list is not paged (cards, table and map show them all). */
export const STATION_LIVE_MAX = 1000;

export const stationLiveListSchema = z.object({
  list: z.array(stationLiveSummarySchema),
  total: z.number().int().describe('stations matching every filter'),
  counts: stationStateCountsSchema.describe('by state, with every filter but the state: the chips'),
  at: z
    .string()
    .describe(
      'the server time the states were derived at, and staleness judged against; from a read of the devices and readings at most a second old (readings committed on this server and configuration changes show at once)',
    ),
});
export type StationLiveList = z.infer<typeof stationLiveListSchema>;

export const STATION_TREND_HOURS_MAX = 168;
export const stationTrendQuerySchema = z.object({
  hours: z.coerce.number().int().min(1).max(STATION_TREND_HOURS_MAX).default(24),
});

export const stationTrendPointSchema = z.object({
  t: z.string().describe('bucket start'),
  level: z.number().nullable().describe('m, the bucket’s average'),
  levelMax: z.number().nullable(),
  flow: z.number().nullable().describe('m³/h, average'),
  pumpsRunning: z
    .number()
    .nullable()
    .describe('pumps running on average over the bucket (2.5: two, and a third half the time)'),
  rain: z.number().nullable().describe('mm/h, average'),
});
export const stationTrendSchema = z.object({
  from: z.string(),
  to: z.string(),
  bucketSeconds: z.number().int().describe('300 up to 24 h, 3600 beyond'),
  points: z.array(stationTrendPointSchema).describe('buckets with data only: a gap means no data'),
});
export type StationTrend = z.infer<typeof stationTrendSchema>;

/** Pushed on the live channel to a connection that subscribed to the station (`subscribe-stations`). */
export const stationLiveEventSchema = z.object({
  type: z.literal('station'),
  station: stationLiveSchema,
});
export type StationLiveEvent = z.infer<typeof stationLiveEventSchema>;

export const STATION_SUBSCRIBE_MAX = 1000;
/** A client frame: the stations this page shows (replaces the earlier set; empty stops them). */
export const liveStationSubscribeFrameSchema = z.object({
  type: z.literal('subscribe-stations'),
  stationIds: z.array(z.number().int().positive()).max(STATION_SUBSCRIBE_MAX),
});

// The public home (`/bz/index`, monitorMange): aggregates only. Every field is listed in the server's
// test of this shape; adding one means reviewing that it tells nothing private (no device codes,
// secrets, ids or people).

/**
 * Alarm severities of the public home. Until the alarm issue lands, the counts are derived from live
 * state (high/low wet-well level, pump fault, communication failure) by the server's alarm seam.
 */
export const PUBLIC_ALARM_SEVERITIES = ['critical', 'major', 'minor'] as const;

export const publicOverviewSchema = z.object({
  at: z.string().describe('when this overview was computed (cached a few seconds)'),
  stations: stationStateCountsSchema.extend({ total: z.number().int() }),
  pumpedToday: z.number().describe('m³ pumped since midnight of the utility’s day, from the stations’ outlet flow'),
  alarms: z
    .object({
      critical: z.number().int(),
      major: z.number().int(),
      minor: z.number().int(),
      warning: z.number().int(),
      info: z.number().int(),
    })
    .describe('active alarms by severity (the alarm records, every region)'),
  rain: z.object({
    max: z.number().nullable().describe('mm/h, fresh gauge readings only'),
    avg: z.number().nullable(),
    gauges: z.number().int().describe('gauges with a fresh reading'),
  }),
  map: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(STATION_KINDS),
      lng: z.number(),
      lat: z.number(),
      state: z.enum(STATION_STATES),
    }),
  ),
  levels: z
    .array(
      z.object({
        name: z.string(),
        level: z.number(),
        high: z.number(),
        ratio: z.number().describe('level / high alarm level'),
      }),
    )
    .describe('fresh wet-well levels against their high alarm level, highest ratio first'),
});
export type PublicOverview = z.infer<typeof publicOverviewSchema>;

export const publicHomeSettingSchema = z.object({
  enabled: z.boolean().describe('whether /bz/index opens without sign-in'),
});
export type PublicHomeSetting = z.infer<typeof publicHomeSettingSchema>;

/** How often the public home asks again (it polls: see publicApi.overview). */
export const PUBLIC_OVERVIEW_POLL_MS = 10_000;

export const stationLiveApi = {
  list: endpoint({
    method: 'GET',
    path: '/pump-stations/live',
    summary: 'Every station with its live state, level and set-points, pumps, flow, pressure, rain (not paged)',
    tags,
    query: stationLiveQuerySchema,
    data: stationLiveListSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/pump-stations/:id/live',
    summary: 'One station’s live state, for its mimic',
    tags,
    params: idParamsSchema,
    data: stationLiveSchema,
  }),
  trend: endpoint({
    method: 'GET',
    path: '/pump-stations/:id/trend',
    summary: 'Level, flow, pumps running and rain over the last hours, in 5-minute (≤ 24 h) or 1-hour buckets',
    tags,
    params: idParamsSchema,
    query: stationTrendQuerySchema,
    data: stationTrendSchema,
  }),
} as const;

export const publicApi = {
  overview: endpoint({
    method: 'GET',
    path: '/public/overview',
    summary:
      'The public home’s aggregates (no sign-in; cached a few seconds, rate-limited; 401 when an administrator switched public access off). Poll it every PUBLIC_OVERVIEW_POLL_MS',
    tags: ['public'],
    data: publicOverviewSchema,
  }),
  getSetting: endpoint({
    method: 'GET',
    path: '/system/settings/public-home',
    summary: 'Whether the home screen is public',
    tags: ['public'],
    data: publicHomeSettingSchema,
  }),
  setSetting: endpoint({
    method: 'PUT',
    path: '/system/settings/public-home',
    summary: 'Switch the public home on or off (off: /bz/index asks for sign-in)',
    tags: ['public'],
    body: publicHomeSettingSchema,
    data: publicHomeSettingSchema,
  }),
} as const;
