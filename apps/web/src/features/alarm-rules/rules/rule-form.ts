import type {
  AlarmConditionInput,
  AlarmRule,
  AlarmRuleInput,
  AlarmSeverity,
  DeviceType,
  RuleScope,
  StationSetpoint,
  ThingDataType,
} from '@water/contracts';
import type { z } from 'zod';
import type { AlarmRulesI18n } from '../use-alarm-rules-i18n.ts';

export type ConditionKind = AlarmConditionInput['kind'];

/**
 * A condition as the form holds it: every kind's fields side by side (the kind chooses which are
 * sent), named as the contract names them, so a server error on `groups.0.conditions.1.metric`
 * lands on its box. A boolean compare value is 'true' / 'false' (a select's value).
 */
export type ConditionValues = {
  kind?: ConditionKind;
  metric?: string;
  op?: string;
  value?: number | string;
  setpoint?: StationSetpoint | null;
  min?: number;
  max?: number;
  direction?: string;
  amount?: number;
  windowMinutes?: number;
  minutes?: number;
  event?: string;
};

export type GroupValues = { conditions?: ConditionValues[] };
type Recipients = { userIds?: number[]; roleCodes?: string[]; departmentIds?: number[] };

/** The drawer's values: the contract's fields, and a switch for each optional part (repeat, schedule, escalation). */
export type RuleValues = {
  name?: string;
  description?: string;
  enabled?: boolean;
  severity?: AlarmSeverity;
  deviceTypeId?: number;
  scope?: RuleScope;
  deviceIds?: number[];
  stationId?: number | null;
  regionId?: number | null;
  groups?: GroupValues[];
  durationMinutes?: number;
  repeatOn?: boolean;
  repeat?: { count?: number; withinMinutes?: number };
  scheduleOn?: boolean;
  schedule?: { days?: number[]; from?: string; to?: string };
  clearDeadband?: number;
  clearDelayMinutes?: number;
  throttleMinutes?: number;
  reminderMinutes?: number | null;
  recipients?: Recipients;
  escalationOn?: boolean;
  escalation?: { afterMinutes?: number; recipients?: Recipients };
  sms?: boolean;
};

export const WEEK_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export const newCondition = (kind: ConditionKind = 'compare'): ConditionValues => {
  switch (kind) {
    case 'compare':
      return { kind, op: 'ge', setpoint: null };
    case 'range':
      return { kind, op: 'outside' };
    case 'rate':
      return { kind, direction: 'rise', windowMinutes: 10 };
    case 'nodata':
      return { kind, minutes: 30 };
    case 'event':
      return { kind };
  }
};

export const newGroup = (): GroupValues => ({ conditions: [newCondition()] });

const noRecipients = () => ({ userIds: [], roleCodes: [], departmentIds: [] });

/** A new rule's values, or a rule's as saved (the optional parts' switches set by what it has). */
export function initialValues(rule: AlarmRule | null): RuleValues {
  const defaults = {
    repeat: { count: 3, withinMinutes: 60 },
    schedule: { days: [...WEEK_DAYS], from: '08:00', to: '18:00' },
    escalation: { afterMinutes: 30, recipients: noRecipients() },
  };
  if (!rule) {
    return {
      name: '',
      description: '',
      enabled: true,
      severity: 'major',
      scope: 'type',
      deviceIds: [],
      stationId: null,
      regionId: null,
      groups: [newGroup()],
      durationMinutes: 0,
      repeatOn: false,
      scheduleOn: false,
      clearDeadband: 0,
      clearDelayMinutes: 0,
      throttleMinutes: 0,
      reminderMinutes: null,
      recipients: noRecipients(),
      escalationOn: false,
      sms: false,
      ...defaults,
    };
  }
  return {
    name: rule.name,
    description: rule.description,
    enabled: rule.enabled,
    severity: rule.severity,
    deviceTypeId: rule.deviceTypeId,
    scope: rule.scope,
    deviceIds: rule.deviceIds,
    stationId: rule.stationId,
    regionId: rule.regionId,
    groups: rule.groups.map((g) => ({
      conditions: g.conditions.map((c) =>
        c.kind === 'compare' ? { ...c, value: typeof c.value === 'boolean' ? String(c.value) : c.value } : { ...c },
      ),
    })),
    durationMinutes: rule.durationMinutes,
    repeatOn: rule.repeat !== null,
    repeat: rule.repeat ?? defaults.repeat,
    scheduleOn: rule.schedule !== null,
    schedule: rule.schedule ?? defaults.schedule,
    clearDeadband: rule.clearDeadband,
    clearDelayMinutes: rule.clearDelayMinutes,
    throttleMinutes: rule.throttleMinutes,
    reminderMinutes: rule.reminderMinutes,
    recipients: rule.recipients,
    escalationOn: rule.escalation !== null,
    escalation: rule.escalation ?? defaults.escalation,
    sms: rule.sms,
  };
}

/** A metric's data type in the rule's device type, to send a compare value as the contract wants it. */
export type DataTypeOf = (metric: string | undefined) => ThingDataType | undefined;

export function dataTypeOf(type: DeviceType | undefined): DataTypeOf {
  const types = new Map((type?.model.metrics ?? []).map((m) => [m.key, m.dataType]));
  return (metric) => (metric ? types.get(metric) : undefined);
}

export const isNumeric = (dataType: ThingDataType | undefined) => dataType === 'number' || dataType === 'integer';

const blank = (value: unknown) => (value === '' || value === undefined ? null : value);

function compareValue(value: ConditionValues['value'], dataType: ThingDataType | undefined) {
  if (value === undefined || value === '') return undefined;
  if (dataType === 'boolean') return value === 'true' ? true : value === 'false' ? false : undefined;
  return value;
}

/** One condition as the contract's input: the fields of its kind only. */
function conditionInput(c: ConditionValues, dataType: DataTypeOf): AlarmConditionInput {
  switch (c.kind) {
    case 'range':
      return {
        kind: 'range',
        metric: c.metric ?? '',
        op: c.op as 'between',
        min: c.min as number,
        max: c.max as number,
      };
    case 'rate':
      return {
        kind: 'rate',
        metric: c.metric ?? '',
        direction: c.direction as 'rise',
        amount: c.amount as number,
        windowMinutes: c.windowMinutes as number,
      };
    case 'nodata':
      return { kind: 'nodata', metric: c.metric ?? '', minutes: c.minutes as number };
    case 'event':
      return { kind: 'event', event: c.event ?? '' };
    default:
      return {
        kind: 'compare',
        metric: c.metric ?? '',
        op: c.op as 'gt',
        value: compareValue(c.value, dataType(c.metric)) as number,
        // A station set-point is for numeric metrics only.
        setpoint: isNumeric(dataType(c.metric)) ? ((blank(c.setpoint) as StationSetpoint | null) ?? null) : null,
      };
  }
}

const recipientsInput = (r: Recipients | undefined) => ({
  userIds: r?.userIds ?? [],
  roleCodes: r?.roleCodes ?? [],
  departmentIds: r?.departmentIds ?? [],
});

/** The form's values as the contract's input: a switched-off part is null, the scope's unused fields are cleared. */
export function toInput(values: RuleValues, dataType: DataTypeOf): AlarmRuleInput {
  const scope = values.scope ?? 'type';
  return {
    name: values.name ?? '',
    description: values.description ?? '',
    enabled: values.enabled ?? true,
    severity: values.severity as AlarmSeverity,
    deviceTypeId: values.deviceTypeId as number,
    scope,
    deviceIds: scope === 'devices' ? (values.deviceIds ?? []) : [],
    stationId: scope === 'station' ? (values.stationId ?? null) : null,
    regionId: scope === 'region' ? (values.regionId ?? null) : null,
    groups: (values.groups ?? []).map((g) => ({
      conditions: (g.conditions ?? []).map((c) => conditionInput(c, dataType)),
    })),
    durationMinutes: values.durationMinutes ?? 0,
    repeat: values.repeatOn
      ? { count: values.repeat?.count as number, withinMinutes: values.repeat?.withinMinutes as number }
      : null,
    schedule: values.scheduleOn
      ? {
          days: [...(values.schedule?.days ?? [])].sort((a, b) => a - b),
          from: values.schedule?.from ?? '',
          to: values.schedule?.to ?? '',
        }
      : null,
    clearDeadband: values.clearDeadband ?? 0,
    clearDelayMinutes: values.clearDelayMinutes ?? 0,
    throttleMinutes: values.throttleMinutes ?? 0,
    reminderMinutes: (blank(values.reminderMinutes) as number | null) ?? null,
    recipients: recipientsInput(values.recipients),
    escalation: values.escalationOn
      ? {
          afterMinutes: values.escalation?.afterMinutes as number,
          recipients: recipientsInput(values.escalation?.recipients),
        }
      : null,
    sms: values.sms ?? false,
  };
}

/** Where an issue lies, as the operator sees it ("条件组 2 · 条件 1"), or null for a field of the rule itself. */
export function issuePlace(path: readonly PropertyKey[], t: AlarmRulesI18n['t']): string | null {
  const [list, group, inner, condition] = path;
  if (list !== 'groups' || group === undefined) return null;
  const g = Number(group) + 1;
  if (inner === 'conditions' && condition !== undefined) {
    return t('alarmRules.cond.place', { group: g, n: Number(condition) + 1 });
  }
  return t('alarmRules.group.title', { n: g });
}

/** An issue's message, with its group and condition before it where it lies in one. */
export function issueText(path: readonly PropertyKey[], message: string, t: AlarmRulesI18n['t']): string {
  const place = issuePlace(path, t);
  return place ? t('alarmRules.issueAt', { place, message }) : message;
}

/** The value an issue's path points at in the input (to tell a missing value from a wrong one). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let at = input;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

/**
 * An issue in words: a missing value is "required" (the contract's type errors would say "expected a
 * number"), the rest the contract's own message.
 */
export function issueMessage(issue: z.core.$ZodIssue, input: unknown, i18n: AlarmRulesI18n): string {
  const value = valueAt(input, issue.path);
  if (value === undefined || value === null || value === '') return i18n.t('alarmRules.required');
  return i18n.tv(issue.message);
}
