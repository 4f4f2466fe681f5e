import type { RulesProps } from '@arco-design/web-react';
import {
  PUMP_METRIC_ROLES,
  type PumpStationDetail,
  type SensorRole,
  type StationConfigInput,
  type StationKind,
} from '@water/contracts';
import type { z } from 'zod';
import type { PumpRow } from './pumps-editor.tsx';
import type { StationConfigI18n } from './use-station-config-i18n.ts';

/** A station sensor as the form holds it. */
export type SensorRow = { role?: SensorRole; deviceId?: number; metric?: string };

/** The drawer's values: the contract's station fields, an emptied box undefined, and the rows. */
export type StationValues = {
  code?: string;
  name?: string;
  kind?: StationKind;
  regionId?: number | null;
  longitude?: number | null;
  latitude?: number | null;
  address?: string;
  designCapacity?: number | null;
  wellArea?: number | null;
  wellBottomElevation?: number | null;
  wellDepth?: number | null;
  highAlarmLevel?: number | null;
  lowAlarmLevel?: number | null;
  protectionLevel?: number | null;
  responsibleDepartmentId?: number | null;
  responsibleUserId?: number | null;
  pumps?: PumpRow[];
  sensors?: SensorRow[];
};

const blank = (value: unknown) => (value === '' || value === undefined || value === null ? null : value);
const box = <T>(value: T | null): T | undefined => value ?? undefined;

/**
 * One field of a row's contract schema as a form rule, as `useContractForm`'s `rule` is for the
 * station's own fields: an optional number passes empty, a required one says why it does not.
 */
export function cellRule(schema: z.ZodType, tv: (key: string) => string): RulesProps {
  return {
    validator: (value, callback) => {
      // An untouched text box is '', an emptied picker or number box undefined: the field passes if
      // the contract takes the blank in any of its forms ('' for a text, null for a number).
      const tries = blank(value) === null ? ['', undefined, null] : [value];
      let first: string | undefined;
      for (const candidate of tries) {
        const result = schema.safeParse(candidate);
        if (result.success) return callback();
        first ??= result.error.issues[0]?.message;
      }
      callback(tv(first ?? ''));
    },
  };
}

export function initialValues(station: PumpStationDetail | null): StationValues {
  if (!station) return { code: '', name: '', address: '', pumps: [], sensors: [] };
  return {
    code: station.code,
    name: station.name,
    kind: station.kind,
    regionId: station.regionId,
    longitude: box(station.longitude),
    latitude: box(station.latitude),
    address: station.address,
    designCapacity: box(station.designCapacity),
    wellArea: box(station.wellArea),
    wellBottomElevation: box(station.wellBottomElevation),
    wellDepth: box(station.wellDepth),
    highAlarmLevel: box(station.highAlarmLevel),
    lowAlarmLevel: box(station.lowAlarmLevel),
    protectionLevel: box(station.protectionLevel),
    responsibleDepartmentId: station.responsibleDepartmentId,
    responsibleUserId: station.responsibleUserId,
    pumps: station.pumps.map((p) => ({
      number: p.number,
      name: p.name,
      ratedPower: box(p.ratedPower),
      ratedFlow: box(p.ratedFlow),
      ratedHead: box(p.ratedHead),
      drive: p.drive,
      startLevel: box(p.startLevel),
      stopLevel: box(p.stopLevel),
      controllerDeviceId: p.controllerDeviceId,
      // An unmapped point is an empty select (its placeholder says so), not a null value.
      metrics: Object.fromEntries(PUMP_METRIC_ROLES.map((role) => [role, box(p.metrics[role])])),
      maintenance: p.maintenance,
    })),
    sensors: station.sensors.map((s) => ({ role: s.role, deviceId: s.deviceId, metric: s.metric })),
  };
}

/** The form's values as the contract's input: every emptied box or picker is the contract's null. */
export function toInput(values: StationValues): StationConfigInput {
  const n = (value: unknown) => blank(value) as number | null;
  return {
    code: values.code ?? '',
    name: values.name ?? '',
    kind: values.kind as StationKind,
    regionId: n(values.regionId),
    longitude: n(values.longitude),
    latitude: n(values.latitude),
    address: values.address ?? '',
    designCapacity: n(values.designCapacity),
    wellArea: n(values.wellArea),
    wellBottomElevation: n(values.wellBottomElevation),
    wellDepth: n(values.wellDepth),
    highAlarmLevel: n(values.highAlarmLevel),
    lowAlarmLevel: n(values.lowAlarmLevel),
    protectionLevel: n(values.protectionLevel),
    responsibleDepartmentId: n(values.responsibleDepartmentId),
    responsibleUserId: n(values.responsibleUserId),
    pumps: (values.pumps ?? []).map((p) => ({
      number: p.number as number,
      name: p.name ?? '',
      ratedPower: n(p.ratedPower),
      ratedFlow: n(p.ratedFlow),
      ratedHead: n(p.ratedHead),
      drive: p.drive ?? 'fixed',
      startLevel: n(p.startLevel),
      stopLevel: n(p.stopLevel),
      controllerDeviceId: n(p.controllerDeviceId),
      metrics: Object.fromEntries(PUMP_METRIC_ROLES.map((role) => [role, blank(p.metrics?.[role]) as string | null])),
      maintenance: p.maintenance ?? false,
    })),
    sensors: (values.sensors ?? []).map((s) => ({
      role: s.role as SensorRole,
      deviceId: s.deviceId as number,
      metric: s.metric ?? '',
    })),
  };
}

/** Where an issue lies, as the row the operator sees ("Pump 2", "Sensor 1"), or null for a station field. */
export function issueRow(path: readonly PropertyKey[], i18n: StationConfigI18n): string | null {
  const [list, index] = path;
  const i = typeof index === 'number' ? index : Number(index);
  if (!Number.isInteger(i)) return null;
  if (list === 'pumps') return i18n.t('stationConfig.pump.row', { n: i + 1 });
  if (list === 'sensors') return i18n.t('stationConfig.sensor.row', { n: i + 1 });
  return null;
}

/** An issue's message with its row before it, where it lies in one. */
export function issueText(path: readonly PropertyKey[], message: string, i18n: StationConfigI18n): string {
  const row = issueRow(path, i18n);
  return row ? i18n.t('stationConfig.issueAt', { row, message }) : message;
}
