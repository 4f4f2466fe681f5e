import {
  type DeviceStatus,
  type Locale,
  PUMP_METRIC_ROLES,
  type Pump,
  type PumpDrive,
  type PumpMetricRole,
  type PumpMetrics,
  type PumpStation,
  type pumpInputSchema,
  type Sensor,
  type SensorRole,
  type StationKind,
  type StationPhoto,
  type ThingModel,
  thingModelSchema,
} from '@water/contracts';
import type { z } from 'zod';
import type { stationPhotos, stationPumps, stations } from '../../db/schema/index.ts';

type StationRow = typeof stations.$inferSelect;
type PumpRow = typeof stationPumps.$inferSelect;

/** The column of each pump point in station_pumps. */
export const METRIC_COLUMNS = {
  running: 'runningMetric',
  fault: 'faultMetric',
  remote: 'remoteMetric',
  frequency: 'frequencyMetric',
  current: 'currentMetric',
  power: 'powerMetric',
  energy: 'energyMetric',
  runHours: 'runHoursMetric',
} as const satisfies Record<PumpMetricRole, keyof PumpRow>;

export interface StationListRow {
  station: StationRow;
  regionName: string | null;
  userName: string | null;
  deviceCount: number;
}

export const toPumpStation = (r: StationListRow): PumpStation => ({
  id: r.station.id,
  code: r.station.code,
  name: r.station.name,
  kind: r.station.kind as StationKind,
  regionId: r.station.regionId,
  regionName: r.regionName ?? '',
  longitude: r.station.longitude,
  latitude: r.station.latitude,
  address: r.station.address,
  designCapacity: r.station.designCapacity,
  wellDepth: r.station.wellDepth,
  highAlarmLevel: r.station.highAlarmLevel,
  lowAlarmLevel: r.station.lowAlarmLevel,
  protectionLevel: r.station.protectionLevel,
  pumpCount: r.station.pumps,
  deviceCount: r.deviceCount,
  responsibleUserId: r.station.responsibleUserId,
  responsibleUserName: r.userName ?? '',
  updatedAt: r.station.updatedAt.toISOString(),
});

export interface PumpDetailRow {
  pump: PumpRow;
  controllerCode: string | null;
  controllerName: string | null;
}

export function toPump(r: PumpDetailRow): Pump {
  // A pump whose controller was removed keeps its place but maps nothing until one is picked again.
  const wired = r.pump.controllerDeviceId !== null;
  const metrics = Object.fromEntries(
    PUMP_METRIC_ROLES.map((role) => [role, wired ? r.pump[METRIC_COLUMNS[role]] : null]),
  ) as PumpMetrics;
  return {
    id: r.pump.id,
    number: r.pump.number,
    name: r.pump.name,
    ratedPower: r.pump.ratedPower,
    ratedFlow: r.pump.ratedFlow,
    ratedHead: r.pump.ratedHead,
    drive: r.pump.drive as PumpDrive,
    startLevel: r.pump.startLevel,
    stopLevel: r.pump.stopLevel,
    controllerDeviceId: r.pump.controllerDeviceId,
    controllerCode: r.controllerCode ?? '',
    controllerName: r.controllerName ?? '',
    metrics,
    maintenance: r.pump.maintenance,
  };
}

/** A pump of the input as its row holds it. */
export function pumpValues(stationId: number, p: z.output<typeof pumpInputSchema>, now: Date) {
  const metrics = Object.fromEntries(PUMP_METRIC_ROLES.map((role) => [METRIC_COLUMNS[role], p.metrics[role]]));
  return {
    stationId,
    number: p.number,
    name: p.name,
    ratedPower: p.ratedPower,
    ratedFlow: p.ratedFlow,
    ratedHead: p.ratedHead,
    drive: p.drive,
    startLevel: p.startLevel,
    stopLevel: p.stopLevel,
    controllerDeviceId: p.controllerDeviceId,
    ...(metrics as Record<(typeof METRIC_COLUMNS)[PumpMetricRole], string | null>),
    maintenance: p.maintenance,
    updatedAt: now,
  };
}

/** A stored thing model as the contract reads it (defaults filled); an unreadable one has no metrics. */
export function modelOf(model: unknown): ThingModel {
  const parsed = thingModelSchema.safeParse(model);
  return parsed.success ? parsed.data : { metrics: [], events: [], commands: [] };
}

export interface SensorDetailRow {
  role: string;
  deviceId: number;
  deviceCode: string;
  deviceName: string;
  metric: string;
  model: unknown;
}

export function toSensor(r: SensorDetailRow, locale: Locale): Sensor {
  const spec = modelOf(r.model).metrics.find((m) => m.key === r.metric);
  return {
    role: r.role as SensorRole,
    deviceId: r.deviceId,
    deviceCode: r.deviceCode,
    deviceName: r.deviceName,
    metric: r.metric,
    metricName: spec ? (locale === 'en-US' ? spec.nameEn : spec.nameZh) : r.metric,
    unit: spec?.unit ?? '',
  };
}

/**
 * A registered camera of the station (the cameras table) in the detail's device-status terms: online
 * and offline as checked; not checked yet (`unknown`) as `inactive`, a device that has not reported.
 * `id` is the camera's, which the live view opens.
 */
export const toCamera = (c: { id: number; code: string; name: string; status: string }) => ({
  id: c.id,
  code: c.code,
  name: c.name,
  status: (c.status === 'online' || c.status === 'offline' ? c.status : 'inactive') as DeviceStatus,
});

export const toStationPhoto = (r: {
  photo: typeof stationPhotos.$inferSelect;
  uploadedByName: string | null;
}): StationPhoto => ({
  id: r.photo.id,
  name: r.photo.fileName,
  type: r.photo.fileType,
  size: r.photo.fileSize,
  uploadedAt: r.photo.createdAt.toISOString(),
  uploadedByName: r.uploadedByName ?? '',
});
