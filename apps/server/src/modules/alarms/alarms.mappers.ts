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
  type WqParameter,
  type WqResultSource,
  wqGradeName,
  wqParameterNames,
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

/**
 * What a water-quality alarm keeps as its condition (alarms.condition): the parameter, the limit that
 * applied to the result that raised it or last repeated it, and the standard's table.
 */
export interface WqAlarmCondition {
  kind: 'wq';
  parameter: WqParameter;
  unit: string;
  /** The bound the value crossed: a lower bound ("≥", residual chlorine, dissolved oxygen) or an upper one. */
  bound: 'lower' | 'upper';
  limit: number | null;
  citation: string | null;
  /** NH3-N's cold-water limit applied (water ≤ 12 °C). */
  coldApplied: boolean;
  /** For a graded set: the class the value met (6: worse than V). */
  grade: number | null;
  source: WqResultSource;
}

const plain = (n: number) => String(Number(n.toPrecision(6)));

/** "游离氯 0.02 mg/L，限值 ≥0.05（GB 5749-2022 表2 …）" in the reader's language. */
function wqConditionText(c: WqAlarmCondition, value: string | null, locale: Locale): string {
  const name = wqParameterNames[c.parameter]?.[locale] ?? c.parameter;
  const shown = value === null ? '' : c.unit && /^-?\d/.test(value) ? ` ${value} ${c.unit}` : ` ${value}`;
  const grade = c.grade === null ? '' : t(locale, 'alarms.wqGrade', { grade: wqGradeName(c.grade, locale) });
  const limit =
    c.limit === null
      ? ''
      : t(locale, 'alarms.wqLimit', {
          limit: `${c.bound === 'lower' ? '≥' : '≤'}${plain(c.limit)}`,
          cold: c.coldApplied ? t(locale, 'alarms.wqCold') : '',
        });
  const cited = c.citation ? t(locale, 'alarms.wqCited', { citation: c.citation }) : '';
  return `${name}${shown}${grade}${limit}${cited}`;
}

/** An alarm as the console shows it, in the caller's language. */
export function toAlarm(row: AlarmRow, locale: Locale): Alarm {
  const a = row.alarm;
  if (a.kind === 'water_quality') return toWqAlarm(row, locale);
  const metric = metricOf(row.model, a.metric);
  const condition = a.condition as AlarmCondition | null;
  const offline = a.kind === 'offline';
  return {
    ...common(row, locale),
    kind: offline ? 'offline' : 'rule',
    title: offline ? t(locale, 'alarms.offlineTitle') : a.ruleName,
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
  };
}

/**
 * A water-quality alarm: titled by its site and parameter, its condition the value against the limit
 * with the standard's table; an online one charts its analyser's metric, a lab one has no chart.
 */
function toWqAlarm(row: AlarmRow, locale: Locale): Alarm {
  const a = row.alarm;
  const c = a.condition as WqAlarmCondition | null;
  const parameter = c ? (wqParameterNames[c.parameter]?.[locale] ?? c.parameter) : '';
  const site = row.siteName ?? '';
  return {
    ...common(row, locale),
    kind: 'water_quality',
    title: t(locale, 'alarms.wqTitle', { site, parameter }).trim(),
    metric: a.deviceId === null ? null : a.metric,
    metricName: parameter,
    unit: c?.unit ?? '',
    condition: c ? wqConditionText(c, a.lastValue, locale) : '',
    threshold: a.threshold,
  };
}

function common(row: AlarmRow, locale: Locale) {
  const a = row.alarm;
  return {
    id: a.id,
    ruleId: a.ruleId,
    severity: a.severity as AlarmSeverity,
    state: stateOf(a.active, a.acknowledged),
    deviceId: a.deviceId,
    deviceCode: row.deviceCode ?? '',
    deviceName: row.deviceName ?? '',
    deviceTypeName: (locale === 'en-US' ? row.typeNameEn : row.typeNameZh) ?? '',
    siteId: a.siteId,
    siteName: row.siteName ?? '',
    stationId: a.stationId,
    stationName: row.stationName ?? '',
    regionId: a.regionId,
    regionName: row.regionName ?? '',
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
