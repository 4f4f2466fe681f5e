import {
  type Alarm,
  type AlarmCondition,
  type AlarmEntry,
  type AlarmEntryKind,
  type AlarmSeverity,
  type AlarmState,
  type EventSpec,
  type Locale,
  type MetricSpec,
  thingModelSchema,
} from '@water/contracts';
import { t } from '../../i18n/messages.ts';
import { describeCondition } from '../alarm-rules/rule-words.ts';
import type { AlarmRow } from './alarms.repository.ts';

export const stateOf = (active: boolean, acknowledged: boolean): AlarmState =>
  `${active ? 'active' : 'cleared'}-${acknowledged ? 'ack' : 'unack'}` as AlarmState;

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

function metricOf(model: unknown, key: string | null): MetricSpec | undefined {
  if (key === null) return undefined;
  const parsed = thingModelSchema.safeParse(model);
  return parsed.success ? parsed.data.metrics.find((m) => m.key === key) : undefined;
}

/** An event condition's event as the type's model names it ("水泵故障", not `pump_fault`). */
function eventOf(model: unknown, condition: AlarmCondition | null): EventSpec | undefined {
  if (condition?.kind !== 'event') return undefined;
  const parsed = thingModelSchema.safeParse(model);
  return parsed.success ? parsed.data.events.find((e) => e.key === condition.event) : undefined;
}

/** An alarm as the console shows it, in the caller's language. */
export function toAlarm(row: AlarmRow, locale: Locale): Alarm {
  const a = row.alarm;
  const metric = metricOf(row.model, a.metric);
  const condition = a.condition as AlarmCondition | null;
  const offline = a.kind === 'offline';
  return {
    id: a.id,
    kind: offline ? 'offline' : 'rule',
    ruleId: a.ruleId,
    title: offline ? t(locale, 'alarms.offlineTitle') : a.ruleName,
    severity: a.severity as AlarmSeverity,
    state: stateOf(a.active, a.acknowledged),
    deviceId: a.deviceId,
    deviceCode: row.deviceCode,
    deviceName: row.deviceName,
    deviceTypeName: (locale === 'en-US' ? row.typeNameEn : row.typeNameZh) ?? '',
    stationId: a.stationId,
    stationName: row.stationName ?? '',
    regionId: a.regionId,
    regionName: row.regionName ?? '',
    metric: a.metric,
    metricName: metric ? (locale === 'en-US' ? metric.nameEn : metric.nameZh) : '',
    unit: metric?.unit ?? '',
    condition: offline
      ? t(locale, 'alarms.offlineCondition', { minutes: Math.round(Number(a.threshold ?? 0) / 60) })
      : condition
        ? describeCondition(
            condition,
            condition.kind === 'event' ? eventOf(row.model, condition) : metric,
            locale,
            a.threshold,
          )
        : '',
    threshold: offline ? null : a.threshold,
    firstValue: a.firstValue,
    lastValue: a.lastValue,
    count: a.count,
    raisedAt: a.raisedAt.toISOString(),
    lastAt: a.lastAt.toISOString(),
    acknowledgedAt: iso(a.acknowledgedAt),
    acknowledgedBy: row.acknowledgedByName,
    clearedAt: iso(a.clearedAt),
    clearedBy: row.clearedByName,
    clearReason: a.clearReason,
    assigneeId: a.assigneeId,
    assigneeName: row.assigneeName,
    shelvedUntil: iso(a.shelvedUntil),
    escalations: a.escalations,
  };
}

export const toEntry = (e: {
  id: number;
  kind: string;
  at: Date;
  text: string;
  userName: string | null;
}): AlarmEntry => ({
  id: e.id,
  kind: e.kind as AlarmEntryKind,
  at: e.at.toISOString(),
  userName: e.userName,
  text: e.text,
});
