import type { AlarmCondition, EventSpec, Locale, MetricSpec, StationSetpoint, ThingModel } from '@water/contracts';
import { t } from '../../i18n/messages.ts';

/**
 * Alarm rules in words, in the caller's language: a condition ("液位 ≥ 4.2 m"), a rule's groups
 * ("液位 ≥ 高液位报警值（4.2 m） 且 运行 = 否；或 液位 ≥ 5 m") with its duration and repeat. The word
 * tables are the server's messages (`alarm.*`); metric and event names come from the thing model.
 */

/** A station's set-points, where known, to show beside their names. */
export type SetpointValues = Partial<Record<StationSetpoint, number | null>>;

/** What a condition speaks of in the thing model: a metric, or an event for an event condition. */
export type ConditionSpec = MetricSpec | EventSpec;

/** A number as shown: no float noise (0.1 + 0.2), no trailing zeros. */
export function shownNumber(n: number): string {
  return String(Number.parseFloat(n.toPrecision(12)));
}

const withUnit = (n: number, unit: string | undefined) => (unit ? `${shownNumber(n)} ${unit}` : shownNumber(n));

const nameOf = (spec: ConditionSpec | undefined, key: string, locale: Locale) =>
  spec ? (locale === 'en-US' ? spec.nameEn : spec.nameZh) : key;

const unitOf = (spec: ConditionSpec | undefined) => (spec && 'unit' in spec ? spec.unit : '');

function words(
  c: AlarmCondition,
  spec: ConditionSpec | undefined,
  locale: Locale,
  threshold: number | null | undefined,
  setpoints: SetpointValues | undefined,
): string {
  if (c.kind === 'event') return t(locale, 'alarm.event', { event: nameOf(spec, c.event, locale) });
  const metric = nameOf(spec, c.metric, locale);
  const unit = unitOf(spec);
  switch (c.kind) {
    case 'nodata':
      return t(locale, 'alarm.nodata', { metric, minutes: c.minutes });
    case 'rate':
      return t(locale, `alarm.rate.${c.direction}`, {
        metric,
        minutes: c.windowMinutes,
        amount: withUnit(c.amount, unit),
      });
    case 'range':
      return t(locale, `alarm.range.${c.op}`, { metric, min: shownNumber(c.min), max: withUnit(c.max, unit) });
    case 'compare': {
      let value: string;
      if (typeof c.value === 'boolean') value = t(locale, c.value ? 'alarm.true' : 'alarm.false');
      else if (typeof c.value === 'string') {
        const option = spec && 'options' in spec ? spec.options.find((o) => o.value === c.value) : undefined;
        value = option ? (locale === 'en-US' ? option.nameEn : option.nameZh) : c.value;
      } else if (threshold !== undefined && threshold !== null) value = withUnit(threshold, unit);
      else if (c.setpoint) {
        const name = t(locale, `alarm.setpoint.${c.setpoint}`);
        const known = setpoints?.[c.setpoint];
        value =
          known === undefined || known === null
            ? name
            : t(locale, 'alarm.setpointValue', { name, value: withUnit(known, unit) });
      } else value = withUnit(c.value, unit);
      return t(locale, 'alarm.compare', { metric, op: t(locale, `alarm.op.${c.op}`), value });
    }
  }
}

/**
 * One condition in words: "液位 ≥ 4.2 m", "Running = false", "事件：水泵故障". `spec` is the metric the
 * condition names (the event, for an event condition); without it the key stands for the name.
 * `threshold`, when given, is the number a compare condition was judged against (a station's
 * set-point resolved), shown instead of the set-point's name.
 */
export function describeCondition(
  condition: AlarmCondition,
  spec: ConditionSpec | undefined,
  locale: Locale,
  threshold?: number | null,
): string {
  return words(condition, spec, locale, threshold, undefined);
}

/** The metric or event a condition names in a thing model, if the model has it. */
export function specOf(condition: AlarmCondition, model: ThingModel | undefined): ConditionSpec | undefined {
  if (!model) return undefined;
  return condition.kind === 'event'
    ? model.events.find((e) => e.key === condition.event)
    : model.metrics.find((m) => m.key === condition.metric);
}

/**
 * A rule's groups in words: the conditions of a group joined by "且 / and", the groups by "；或 / ; or".
 * With a station's set-points, a set-point condition shows its value beside its name.
 */
export function describeConditions(
  groups: readonly { conditions: readonly AlarmCondition[] }[],
  model: ThingModel | undefined,
  locale: Locale,
  setpointValues?: SetpointValues,
): string {
  return groups
    .map((g) =>
      g.conditions
        .map((c) => words(c, specOf(c, model), locale, undefined, setpointValues))
        .join(t(locale, 'alarm.and')),
    )
    .join(t(locale, 'alarm.or'));
}

/** A rule's summary: its conditions, then how long they must hold and how often they must recur. */
export function describeRule(
  rule: {
    groups: readonly { conditions: readonly AlarmCondition[] }[];
    durationMinutes: number;
    repeat: { count: number; withinMinutes: number } | null;
  },
  model: ThingModel | undefined,
  locale: Locale,
  setpointValues?: SetpointValues,
): string {
  const parts = [describeConditions(rule.groups, model, locale, setpointValues)];
  if (rule.durationMinutes > 0) parts.push(t(locale, 'alarm.duration', { minutes: rule.durationMinutes }));
  if (rule.repeat) {
    parts.push(t(locale, 'alarm.repeat', { count: rule.repeat.count, minutes: rule.repeat.withinMinutes }));
  }
  return parts.join(t(locale, 'alarm.then'));
}
