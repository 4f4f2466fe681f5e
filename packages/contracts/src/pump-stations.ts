import { z } from 'zod';
import { idParamsSchema } from './account.ts';
import { endpoint } from './common/endpoint.ts';
import { pageOf, pageQuerySchema } from './common/pagination.ts';
import { idSchema, plainText, text } from './common/validation.ts';
import { ARCHIVE_ATTACHMENT_MAX_BYTES } from './device-archives.ts';
import { THING_DATA_TYPES } from './device-types.ts';
import { DEVICE_STATUSES, STATION_KINDS } from './devices.ts';

const tags = ['pump-stations'] as const;

/** Fixed speed (direct-on-line or soft starter) or a variable-frequency drive. */
export const PUMP_DRIVES = ['fixed', 'vfd'] as const;
export type PumpDrive = (typeof PUMP_DRIVES)[number];

/** What a station's sensors measure: wet-well level, outlet pressure, outlet flow, rain over its catchment. */
export const SENSOR_ROLES = ['level', 'outlet_pressure', 'flow', 'rain'] as const;
export type SensorRole = (typeof SENSOR_ROLES)[number];

/**
 * The points of one pump, each a metric key of its controller's thing model (null where the model
 * has none): run state, fault, remote/local mode, drive frequency, current, power, energy counter and
 * run-hours counter.
 */
export const PUMP_METRIC_ROLES = [
  'running',
  'fault',
  'remote',
  'frequency',
  'current',
  'power',
  'energy',
  'runHours',
] as const;
export type PumpMetricRole = (typeof PUMP_METRIC_ROLES)[number];

export const PUMP_STATION_SORT_FIELDS = ['code', 'name', 'designCapacity', 'updatedAt'] as const;

/** A station's code: device codes start with it (PS01-LT01), so no spaces or slashes. */
export const STATION_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;
/** How many pumps one station configures, at most. */
export const STATION_PUMPS_MAX = 20;

/** A station's site photos: images only, told by their bytes on the server; the archives' size limit. */
export const STATION_PHOTO_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const;
export const STATION_PHOTO_MAX_BYTES = ARCHIVE_ATTACHMENT_MAX_BYTES;
/** How many photos one station keeps, at most. */
export const STATION_PHOTOS_MAX = 20;

/** A metric key of a thing model, as the device-type editor writes them. */
const metricKey = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, { error: 'validation.thingKey' });
const mappedMetric = metricKey.nullable().default(null);

/** A level above the wet-well bottom, m. */
const level = z.number().finite().min(0).max(100).nullable().default(null);
const positive = (max: number) => z.number().finite().positive().max(max).nullable().default(null);

export const pumpMetricsSchema = z.object({
  running: mappedMetric,
  fault: mappedMetric,
  remote: mappedMetric.describe('remote/local mode'),
  frequency: mappedMetric,
  current: mappedMetric,
  power: mappedMetric,
  energy: mappedMetric.describe('energy counter, kWh'),
  runHours: mappedMetric.describe('run-hours counter'),
});
export type PumpMetrics = z.infer<typeof pumpMetricsSchema>;

export const pumpInputSchema = z.object({
  number: z.number().int().min(1).max(99).describe('1#, 2#, … as the station labels its pumps'),
  name: plainText(40).default(''),
  ratedPower: positive(10_000).describe('kW'),
  ratedFlow: positive(100_000).describe('m³/h'),
  ratedHead: positive(500).describe('m'),
  drive: z.enum(PUMP_DRIVES).default('fixed'),
  startLevel: level.describe('m above the well bottom: the pump starts above it'),
  stopLevel: level.describe('m above the well bottom: the pump stops below it'),
  controllerDeviceId: z.number().int().positive().nullable().default(null),
  metrics: pumpMetricsSchema.prefault({}),
  maintenance: z
    .boolean()
    .default(false)
    .describe(
      'under maintenance (locked out and tagged out): the live screens show it as such whatever its controller says, and the simulator does not run it',
    ),
});
export type PumpInput = z.input<typeof pumpInputSchema>;

export const sensorInputSchema = z.object({
  role: z.enum(SENSOR_ROLES),
  deviceId: z.number().int().positive(),
  metric: metricKey,
});
export type SensorInput = z.input<typeof sensorInputSchema>;

/** A longitude in degrees (WGS-84 as the map draws it). */
export const longitudeSchema = z
  .number()
  .finite()
  .min(-180, { error: 'validation.longitude' })
  .max(180, { error: 'validation.longitude' });
/** A latitude in degrees. */
export const latitudeSchema = z
  .number()
  .finite()
  .min(-90, { error: 'validation.latitude' })
  .max(90, { error: 'validation.latitude' });

const stationConfigFields = z.object({
  code: text(32).regex(STATION_CODE_PATTERN, { error: 'validation.stationCode' }),
  name: plainText(60).min(1, { error: 'validation.required' }),
  kind: z.enum(STATION_KINDS),
  regionId: z.number().int().positive().nullable().default(null),
  longitude: longitudeSchema.nullable().default(null),
  latitude: latitudeSchema.nullable().default(null),
  address: plainText(200).default(''),
  designCapacity: positive(1_000_000).describe('m³/h'),
  wellArea: positive(100_000).describe('wet-well plan area, m²'),
  wellBottomElevation: z
    .number()
    .finite()
    .min(-500)
    .max(9000)
    .nullable()
    .default(null)
    .describe('m, the utility’s height datum'),
  wellDepth: positive(100).describe('m from the bottom to the top of the well: every level set-point lies within it'),
  highAlarmLevel: level,
  lowAlarmLevel: level,
  protectionLevel: level.describe('dry-run protection: no pump runs below it'),
  responsibleDepartmentId: z.number().int().positive().nullable().default(null),
  responsibleUserId: z.number().int().positive().nullable().default(null),
  pumps: z.array(pumpInputSchema).max(STATION_PUMPS_MAX).default([]),
  sensors: z.array(sensorInputSchema).max(SENSOR_ROLES.length).default([]),
});
type StationConfigValues = z.output<typeof stationConfigFields>;

type Issue = { path: (string | number)[]; message: string };

/**
 * The rules of a configuration that need nothing but the configuration itself (the server checks
 * the devices, metrics, people and region against the database): pump numbers and sensor roles
 * unique, start and stop given together with stop below start, every set-point within the well's
 * depth, low alarm below high alarm, dry-run protection at or below every stop level, and a pump's
 * metrics only with its controller. Each issue names its field.
 */
export function stationConfigIssues(s: StationConfigValues): Issue[] {
  const issues: Issue[] = [];
  const numbers = new Set<number>();
  s.pumps.forEach((p, i) => {
    if (numbers.has(p.number)) issues.push({ path: ['pumps', i, 'number'], message: 'validation.pumpNumberTaken' });
    numbers.add(p.number);
  });
  const roles = new Set<string>();
  s.sensors.forEach((x, i) => {
    if (roles.has(x.role)) issues.push({ path: ['sensors', i, 'role'], message: 'validation.sensorRoleTaken' });
    roles.add(x.role);
  });
  s.pumps.forEach((p, i) => {
    if ((p.startLevel === null) !== (p.stopLevel === null)) {
      const missing = p.startLevel === null ? 'startLevel' : 'stopLevel';
      issues.push({ path: ['pumps', i, missing], message: 'validation.levelsPair' });
    } else if (p.startLevel !== null && p.stopLevel !== null && p.stopLevel >= p.startLevel) {
      issues.push({ path: ['pumps', i, 'stopLevel'], message: 'validation.stopBelowStart' });
    }
    if (p.controllerDeviceId === null) {
      const mapped = PUMP_METRIC_ROLES.find((r) => p.metrics[r] !== null);
      if (mapped) issues.push({ path: ['pumps', i, 'metrics', mapped], message: 'validation.metricNeedsDevice' });
    }
  });
  const setPoints: [Issue['path'], number | null][] = [
    [['highAlarmLevel'], s.highAlarmLevel],
    [['lowAlarmLevel'], s.lowAlarmLevel],
    [['protectionLevel'], s.protectionLevel],
    ...s.pumps.flatMap((p, i): [Issue['path'], number | null][] => [
      [['pumps', i, 'startLevel'], p.startLevel],
      [['pumps', i, 'stopLevel'], p.stopLevel],
    ]),
  ];
  if (s.wellDepth === null) {
    if (setPoints.some(([, v]) => v !== null))
      issues.push({ path: ['wellDepth'], message: 'validation.wellDepthNeeded' });
  } else {
    for (const [path, v] of setPoints) {
      if (v !== null && v > s.wellDepth) issues.push({ path, message: 'validation.withinWellDepth' });
    }
  }
  if (s.lowAlarmLevel !== null && s.highAlarmLevel !== null && s.lowAlarmLevel >= s.highAlarmLevel) {
    issues.push({ path: ['lowAlarmLevel'], message: 'validation.lowBelowHigh' });
  }
  const protection = s.protectionLevel;
  if (protection !== null && s.pumps.some((p) => p.stopLevel !== null && protection > p.stopLevel)) {
    issues.push({ path: ['protectionLevel'], message: 'validation.protectionAboveStop' });
  }
  return issues;
}

/** A station's whole configuration as the editor sends it: the station, its pumps and its sensors. */
export const stationConfigInputSchema = stationConfigFields.superRefine((s, ctx) => {
  for (const issue of stationConfigIssues(s)) ctx.addIssue({ code: 'custom', ...issue });
});
export type StationConfigInput = z.input<typeof stationConfigInputSchema>;

/** A station in the configuration list. */
export const pumpStationSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(STATION_KINDS),
  regionId: z.number().int().nullable(),
  regionName: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  address: z.string(),
  designCapacity: z.number().nullable(),
  wellDepth: z.number().nullable().describe('m'),
  highAlarmLevel: z.number().nullable().describe('m above the well bottom'),
  lowAlarmLevel: z.number().nullable(),
  protectionLevel: z.number().nullable().describe('dry-run protection'),
  pumpCount: z.number().int().describe('pump units installed'),
  deviceCount: z.number().int().describe('devices placed at the station'),
  responsibleUserId: z.number().int().nullable(),
  responsibleUserName: z.string(),
  updatedAt: z.string(),
});
export type PumpStation = z.infer<typeof pumpStationSchema>;

export const pumpSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  name: z.string(),
  ratedPower: z.number().nullable(),
  ratedFlow: z.number().nullable(),
  ratedHead: z.number().nullable(),
  drive: z.enum(PUMP_DRIVES),
  startLevel: z.number().nullable(),
  stopLevel: z.number().nullable(),
  controllerDeviceId: z.number().int().nullable(),
  controllerCode: z.string(),
  controllerName: z.string(),
  metrics: z.object({
    running: z.string().nullable(),
    fault: z.string().nullable(),
    remote: z.string().nullable(),
    frequency: z.string().nullable(),
    current: z.string().nullable(),
    power: z.string().nullable(),
    energy: z.string().nullable(),
    runHours: z.string().nullable(),
  }),
  maintenance: z.boolean().describe('under maintenance (locked out and tagged out)'),
});
export type Pump = z.infer<typeof pumpSchema>;

export const sensorSchema = z.object({
  role: z.enum(SENSOR_ROLES),
  deviceId: z.number().int(),
  deviceCode: z.string(),
  deviceName: z.string(),
  metric: z.string(),
  metricName: z.string().describe('in the caller language'),
  unit: z.string(),
});
export type Sensor = z.infer<typeof sensorSchema>;

export const stationPhotoSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('the name it was uploaded with'),
  type: z.string().describe('content type, read from the bytes'),
  size: z.number().int().describe('bytes'),
  uploadedAt: z.string(),
  uploadedByName: z.string().describe('empty when the account is gone'),
});
export type StationPhoto = z.infer<typeof stationPhotoSchema>;

export const stationPhotoParamsSchema = z.object({
  id: idSchema,
  photoId: idSchema,
});

/** A station's whole configuration, with names for what it refers to. */
export const pumpStationDetailSchema = pumpStationSchema.extend({
  wellArea: z.number().nullable(),
  wellBottomElevation: z.number().nullable(),
  wellDepth: z.number().nullable(),
  highAlarmLevel: z.number().nullable(),
  lowAlarmLevel: z.number().nullable(),
  protectionLevel: z.number().nullable(),
  responsibleDepartmentId: z.number().int().nullable(),
  responsibleDepartmentName: z.string(),
  pumps: z.array(pumpSchema),
  sensors: z.array(sensorSchema),
  cameras: z
    .array(z.object({ id: z.number().int(), code: z.string(), name: z.string(), status: z.enum(DEVICE_STATUSES) }))
    .describe('camera devices placed at the station'),
  photos: z.array(stationPhotoSchema).describe('site photos, oldest first'),
});
export type PumpStationDetail = z.infer<typeof pumpStationDetailSchema>;

export const pumpStationListQuerySchema = pageQuerySchema.extend({
  keyword: text(50).optional().describe('code, name or address'),
  regionId: idSchema.optional().describe('this region and every region below it'),
  kind: z.enum(STATION_KINDS).optional(),
  sort: z.enum(PUMP_STATION_SORT_FIELDS).default('code'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

export const STATION_DEVICE_OPTIONS_MAX = 200;

export const stationDeviceOptionsQuerySchema = z.object({
  stationId: idSchema.optional().describe('the station being edited: its own devices come first'),
  keyword: text(50).optional().describe('code or name'),
});

/** Devices a station may map, each with its type; the types carry their metrics. */
export const stationDeviceOptionsSchema = z.object({
  devices: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      typeId: z.number().int(),
      stationId: z.number().int().nullable(),
      stationName: z.string(),
    }),
  ),
  types: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string().describe('in the caller language'),
      metrics: z.array(
        z.object({
          key: z.string(),
          name: z.string().describe('in the caller language'),
          unit: z.string(),
          dataType: z.enum(THING_DATA_TYPES),
        }),
      ),
    }),
  ),
  capped: z.boolean().describe(`more devices matched than the ${STATION_DEVICE_OPTIONS_MAX} listed`),
});
export type StationDeviceOptions = z.infer<typeof stationDeviceOptionsSchema>;

export const pumpStationsApi = {
  list: endpoint({
    method: 'GET',
    path: '/pump-stations',
    summary: 'Pump stations: search, filter by region (and below) and kind; sort; paginate',
    tags,
    query: pumpStationListQuerySchema,
    data: pageOf(pumpStationSchema),
  }),
  deviceOptions: endpoint({
    method: 'GET',
    path: '/pump-stations/device-options',
    summary: 'Devices a station may map (its own, then those at no station), with their types’ metrics, for the editor',
    tags,
    query: stationDeviceOptionsQuerySchema,
    data: stationDeviceOptionsSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/pump-stations/:id',
    summary: 'One station’s whole configuration: set-points, pumps, sensors, cameras',
    tags,
    params: idParamsSchema,
    data: pumpStationDetailSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/pump-stations',
    summary: 'Add a station with its configuration; the devices it maps are placed at it',
    tags,
    body: stationConfigInputSchema,
    data: pumpStationDetailSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/pump-stations/:id',
    summary: 'Replace a station’s configuration (pumps matched by number, sensors by role)',
    tags,
    params: idParamsSchema,
    body: stationConfigInputSchema,
    data: pumpStationDetailSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/pump-stations/:id',
    summary: 'Remove a station with its pumps, sensors and photos; refused while devices are placed at it',
    tags,
    params: idParamsSchema,
    data: z.null(),
  }),
  addPhoto: endpoint({
    method: 'POST',
    path: '/pump-stations/:id/photos',
    summary: `Add a site photo (multipart, one file: PNG, JPEG or WebP ≤ 10 MiB; at most ${STATION_PHOTOS_MAX} a station)`,
    tags,
    params: idParamsSchema,
    data: stationPhotoSchema,
    upload: true,
  }),
  removePhoto: endpoint({
    method: 'DELETE',
    path: '/pump-stations/:id/photos/:photoId',
    summary: 'Remove a site photo',
    tags,
    params: stationPhotoParamsSchema,
    data: z.null(),
  }),
  downloadPhoto: endpoint({
    method: 'GET',
    path: '/pump-stations/:id/photos/:photoId',
    summary: 'Download a site photo (any signed-in user within the station’s region limit)',
    tags,
    params: stationPhotoParamsSchema,
    data: z.unknown().describe('the image'),
    download: true,
  }),
} as const;
