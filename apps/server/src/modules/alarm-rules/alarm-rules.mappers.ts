import {
  type AlarmRecipients,
  type AlarmRule,
  type AlarmRuleValues,
  type AlarmSeverity,
  alarmConditionGroupSchema,
  alarmRecipientsSchema,
  alarmScheduleSchema,
  type Locale,
  type OfflineRule,
  type RuleScope,
} from '@water/contracts';
import { z } from 'zod';
import type { alarmOfflineRules, alarmRules } from '../../db/schema/index.ts';
import { t } from '../../i18n/messages.ts';
import { modelOf } from '../pump-stations/pump-stations.mappers.ts';
import { describeRule, type SetpointValues } from './rule-words.ts';

type RuleRecord = typeof alarmRules.$inferSelect;

/** A rule's row with what the API shows beside it: its type, station, region and active alarms. */
export interface RuleRow {
  rule: RuleRecord;
  typeNameZh: string | null;
  typeNameEn: string | null;
  model: unknown;
  stationName: string | null;
  highAlarmLevel: number | null;
  lowAlarmLevel: number | null;
  protectionLevel: number | null;
  regionName: string | null;
  activeAlarms: number;
}

const groupsSchema = z.array(alarmConditionGroupSchema);
const escalationSchema = z.object({ afterMinutes: z.number().int(), recipients: alarmRecipientsSchema }).nullable();
const repeatSchema = z.object({ count: z.number().int(), withinMinutes: z.number().int() }).nullable();

/**
 * Stored JSON read through the contract's schema (defaults filled): rows written by another hand (a
 * seed, an older version) still answer in the contract's shape; an unreadable one answers `fallback`.
 */
function readJson<T>(schema: z.ZodType<T>, value: unknown, fallback: T): T {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

export const readGroups = (value: unknown) => readJson(groupsSchema, value, []);
export const readRecipients = (value: unknown): AlarmRecipients =>
  readJson(alarmRecipientsSchema, value, { userIds: [], roleCodes: [], departmentIds: [] });
export const readEscalation = (value: unknown) => readJson(escalationSchema, value ?? null, null);
export const readRepeat = (value: unknown) => readJson(repeatSchema, value ?? null, null);
export const readSchedule = (value: unknown) => readJson(alarmScheduleSchema.nullable(), value ?? null, null);

/** A rule as its columns hold it: the scope's own field kept, the others emptied. */
export function ruleValues(v: AlarmRuleValues) {
  return {
    name: v.name,
    description: v.description,
    enabled: v.enabled,
    severity: v.severity,
    deviceTypeId: v.deviceTypeId,
    scope: v.scope,
    deviceIds: v.scope === 'devices' ? [...new Set(v.deviceIds)] : [],
    stationId: v.scope === 'station' ? v.stationId : null,
    regionId: v.scope === 'region' ? v.regionId : null,
    groups: v.groups,
    durationMinutes: v.durationMinutes,
    repeat: v.repeat,
    schedule: v.schedule,
    clearDeadband: v.clearDeadband,
    clearDelayMinutes: v.clearDelayMinutes,
    throttleMinutes: v.throttleMinutes,
    reminderMinutes: v.reminderMinutes,
    recipients: v.recipients,
    escalation: v.escalation,
    sms: v.sms,
  };
}

/** A stored rule as the input that would write it again (the copy's, and the engine's reload). */
export function valuesOf(r: RuleRecord): AlarmRuleValues {
  return {
    name: r.name,
    description: r.description,
    enabled: r.enabled,
    severity: r.severity as AlarmSeverity,
    deviceTypeId: r.deviceTypeId,
    scope: r.scope as RuleScope,
    deviceIds: r.deviceIds,
    stationId: r.stationId,
    regionId: r.regionId,
    groups: readGroups(r.groups),
    durationMinutes: r.durationMinutes,
    repeat: readRepeat(r.repeat),
    schedule: readSchedule(r.schedule),
    clearDeadband: r.clearDeadband,
    clearDelayMinutes: r.clearDelayMinutes,
    throttleMinutes: r.throttleMinutes,
    reminderMinutes: r.reminderMinutes,
    recipients: readRecipients(r.recipients),
    escalation: readEscalation(r.escalation),
    sms: r.sms,
  };
}

function scopeName(row: RuleRow, locale: Locale): string {
  const r = row.rule;
  switch (r.scope) {
    case 'devices':
      return r.deviceIds.length === 1
        ? t(locale, 'alarm.scope.device')
        : t(locale, 'alarm.scope.devices', { n: r.deviceIds.length });
    case 'station':
      return row.stationName ?? '';
    case 'region':
      return row.regionName === null ? '' : t(locale, 'alarm.scope.region', { name: row.regionName });
    default:
      return t(locale, 'alarm.scope.type');
  }
}

export function toAlarmRule(row: RuleRow, locale: Locale): AlarmRule {
  const values = valuesOf(row.rule);
  const model = row.model === null ? undefined : modelOf(row.model);
  // A station's rule shows its set-points' values beside their names.
  const setpoints: SetpointValues | undefined =
    row.rule.scope === 'station'
      ? {
          highAlarmLevel: row.highAlarmLevel,
          lowAlarmLevel: row.lowAlarmLevel,
          protectionLevel: row.protectionLevel,
        }
      : undefined;
  return {
    id: row.rule.id,
    name: values.name,
    description: values.description,
    enabled: values.enabled,
    severity: values.severity,
    deviceTypeId: values.deviceTypeId,
    deviceTypeName: (locale === 'en-US' ? row.typeNameEn : row.typeNameZh) ?? '',
    scope: values.scope,
    deviceIds: values.deviceIds,
    stationId: values.stationId,
    regionId: values.regionId,
    scopeName: scopeName(row, locale),
    groups: values.groups,
    summary: describeRule(values, model, locale, setpoints),
    durationMinutes: values.durationMinutes,
    repeat: values.repeat,
    schedule: values.schedule,
    clearDeadband: values.clearDeadband,
    clearDelayMinutes: values.clearDelayMinutes,
    throttleMinutes: values.throttleMinutes,
    reminderMinutes: values.reminderMinutes,
    recipients: values.recipients,
    escalation: values.escalation,
    sms: values.sms,
    activeAlarms: row.activeAlarms,
    updatedAt: row.rule.updatedAt.toISOString(),
  };
}

/** An offline rule's row with its type's names, its device, and what it governs now. */
export interface OfflineRuleRow {
  rule: typeof alarmOfflineRules.$inferSelect;
  typeNameZh: string | null;
  typeNameEn: string | null;
  deviceCode: string | null;
  deviceName: string | null;
  devices: number;
  offline: number;
}

export const toOfflineRule = (row: OfflineRuleRow, locale: Locale): OfflineRule => ({
  id: row.rule.id,
  deviceTypeId: row.rule.deviceTypeId,
  deviceTypeName: (locale === 'en-US' ? row.typeNameEn : row.typeNameZh) ?? '',
  deviceId: row.rule.deviceId,
  deviceCode: row.rule.deviceId === null ? null : (row.deviceCode ?? ''),
  deviceName: row.rule.deviceId === null ? null : (row.deviceName ?? ''),
  enabled: row.rule.enabled,
  timeoutSeconds: row.rule.timeoutSeconds,
  deadbandSeconds: row.rule.deadbandSeconds,
  severity: row.rule.severity as AlarmSeverity,
  recipients: readRecipients(row.rule.recipients),
  sms: row.rule.sms,
  devices: row.devices,
  offline: row.offline,
  updatedAt: row.rule.updatedAt.toISOString(),
});
