import { z } from 'zod';
import { idParamsSchema } from './account.ts';
import { endpoint } from './common/endpoint.ts';
import { pageOf, pageQuerySchema } from './common/pagination.ts';
import { idSchema, plainText, text } from './common/validation.ts';

const tags = ['devices'] as const;

export const DEVICE_STATUSES = ['inactive', 'online', 'offline', 'disabled'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
/** Rain-water and sewage lift stations, combined (rain and sewage) lift stations, water-supply booster stations. */
export const STATION_KINDS = ['rainwater', 'sewage', 'combined', 'booster'] as const;
export type StationKind = (typeof STATION_KINDS)[number];
/** In service (not archived), archived (taken out of service, kept for the record), or both. */
export const DEVICE_LIFECYCLES = ['in_service', 'archived', 'all'] as const;
export const DEVICE_SORT_FIELDS = ['code', 'name', 'installDate', 'warrantyEnd', 'lastSeenAt'] as const;

// A plain pattern and a calendar check: z.iso would add its whole family to the sign-in bundle.
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      error: 'validation.date',
    },
  );
const longitude = z
  .number()
  .finite()
  .min(-180, { error: 'validation.longitude' })
  .max(180, { error: 'validation.longitude' });
const latitude = z
  .number()
  .finite()
  .min(-90, { error: 'validation.latitude' })
  .max(90, { error: 'validation.latitude' });

export const stationSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(STATION_KINDS),
  regionId: z.number().int().nullable(),
  regionName: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  pumps: z.number().int().describe('pump units installed'),
  devices: z.number().int(),
});
export type Station = z.infer<typeof stationSchema>;

export const deviceSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  typeId: z.number().int(),
  typeCode: z.string(),
  typeName: z.string().describe('in the caller language'),
  model: z.string(),
  manufacturer: z.string(),
  serialNo: z.string().describe('serial number or IMEI'),
  regionId: z.number().int().nullable(),
  regionName: z.string(),
  stationId: z.number().int().nullable(),
  stationName: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  installDate: z.string().nullable(),
  warrantyEnd: z.string().nullable(),
  status: z.enum(DEVICE_STATUSES),
  lastSeenAt: z.string().nullable(),
  archivedAt: z.string().nullable().describe('set once the device is archived: read-only from then on'),
  createdAt: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;

/** A device's code: in paths (QR labels, HTTP ingest) and MQTT topics, so no spaces or slashes. */
export const DEVICE_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;
/** A device code in a path: exactly the pattern, nothing trimmed (" DEV1" is no code). */
export const deviceCodeSchema = z.string().regex(DEVICE_CODE_PATTERN, { error: 'validation.deviceCode' });

export const deviceInputSchema = z
  .object({
    code: text(40).regex(DEVICE_CODE_PATTERN, { error: 'validation.deviceCode' }),
    name: plainText(60).min(1, { error: 'validation.required' }),
    typeId: z.number().int().positive(),
    model: plainText(60).default(''),
    manufacturer: plainText(60).default(''),
    serialNo: plainText(40).default(''),
    regionId: z.number().int().positive().nullable().default(null),
    stationId: z.number().int().positive().nullable().default(null),
    longitude: longitude.nullable().default(null),
    latitude: latitude.nullable().default(null),
    installDate: isoDate.nullable().default(null),
    warrantyEnd: isoDate.nullable().default(null),
  })
  .refine((d) => (d.longitude === null) === (d.latitude === null), {
    error: 'validation.coordinatesPair',
    path: ['latitude'],
  })
  .refine((d) => !d.installDate || !d.warrantyEnd || d.warrantyEnd >= d.installDate, {
    error: 'validation.warrantyBeforeInstall',
    path: ['warrantyEnd'],
  });
export type DeviceInput = z.input<typeof deviceInputSchema>;

export const deviceListQuerySchema = pageQuerySchema.extend({
  keyword: text(50).optional().describe('code, name or serial number'),
  typeId: idSchema.optional(),
  regionId: idSchema.optional().describe('this region and every region below it'),
  stationId: idSchema.optional(),
  status: z.enum(DEVICE_STATUSES).optional(),
  lifecycle: z.enum(DEVICE_LIFECYCLES).default('in_service'),
  sort: z.enum(DEVICE_SORT_FIELDS).default('code'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

export const deviceArchiveInputSchema = z.object({
  date: isoDate,
  performedBy: plainText(60).min(1, { error: 'validation.required' }),
  description: plainText(500).min(1, { error: 'validation.required' }),
});
export type DeviceArchiveInput = z.input<typeof deviceArchiveInputSchema>;

/** What still depends on a device: while any is non-zero it can be archived but not removed. */
export const deviceDependentsSchema = z.object({
  archiveEntries: z.number().int(),
  openWorkOrders: z.number().int(),
});
export type DeviceDependents = z.infer<typeof deviceDependentsSchema>;

export const devicesApi = {
  stations: endpoint({
    method: 'GET',
    path: '/stations',
    summary: 'Pump stations and sites, with their device counts (any signed-in user)',
    tags,
    data: z.array(stationSchema),
  }),
  list: endpoint({
    method: 'GET',
    path: '/devices',
    summary: 'Devices: search, filter by type, region (and below), station and status; sort; paginate',
    tags,
    query: deviceListQuerySchema,
    data: pageOf(deviceSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/devices/:id',
    summary: 'One device',
    tags,
    params: idParamsSchema,
    data: deviceSchema,
  }),
  byCode: endpoint({
    method: 'GET',
    path: '/devices/by-code/:code',
    summary: 'One device by its code: what its QR label carries',
    tags,
    params: z.object({ code: deviceCodeSchema }),
    data: deviceSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/devices',
    summary: 'Register a device; its ingest secret is shown once',
    tags,
    body: deviceInputSchema,
    data: z.object({ device: deviceSchema, secret: z.string().describe('for MQTT and HTTP ingest; shown once') }),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/devices/:id',
    summary: 'Edit a device',
    tags,
    params: idParamsSchema,
    body: deviceInputSchema,
    data: deviceSchema,
  }),
  setEnabled: endpoint({
    method: 'POST',
    path: '/devices/:id/enabled',
    summary: 'Disable a device (ingest refused) or enable it again',
    tags,
    params: idParamsSchema,
    body: z.object({ enabled: z.boolean() }),
    data: deviceSchema,
  }),
  rotateSecret: endpoint({
    method: 'POST',
    path: '/devices/:id/secret',
    summary: 'Issue a new ingest secret (the old one stops working); shown once',
    tags,
    params: idParamsSchema,
    data: z.object({ secret: z.string() }),
  }),
  dependents: endpoint({
    method: 'GET',
    path: '/devices/:id/dependents',
    summary: 'What depends on a device (archive entries, open work orders): removal waits for none',
    tags,
    params: idParamsSchema,
    data: deviceDependentsSchema,
  }),
  archive: endpoint({
    method: 'POST',
    path: '/devices/:id/archive',
    summary: 'Archive a device: out of service for good, its record kept, a scrapping entry written',
    tags,
    params: idParamsSchema,
    body: deviceArchiveInputSchema,
    data: deviceSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/devices/:id',
    summary: 'Remove a device that nothing depends on (otherwise archive it)',
    tags,
    params: idParamsSchema,
    data: z.null(),
  }),
} as const;
