import { Button, Form, type FormInstance, Input, InputNumber, type RulesProps, Select } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import {
  alarmConditionSchema,
  COMPARE_OPS,
  type DeviceType,
  type MetricSpec,
  RANGE_OPS,
  RATE_DIRECTIONS,
  STATION_SETPOINTS,
} from '@water/contracts';
import { Fragment, type ReactNode } from 'react';
import type { z } from 'zod';
import type { AlarmRulesI18n, AlarmRulesMessageKey } from '../use-alarm-rules-i18n.ts';
import {
  type ConditionKind,
  type ConditionValues,
  type GroupValues,
  isNumeric,
  newCondition,
  newGroup,
} from './rule-form.ts';

const KINDS = ['compare', 'range', 'rate', 'nodata', 'event'] as const satisfies readonly ConditionKind[];
const METRIC_KINDS: readonly ConditionKind[] = ['compare', 'range', 'rate', 'nodata'];
const NUMERIC_KINDS: readonly ConditionKind[] = ['range', 'rate'];
const EQUALITY_OPS = ['eq', 'ne'] as const;
export const OP_SYMBOLS = { gt: '>', ge: '≥', lt: '<', le: '≤', eq: '=', ne: '≠' } as const;
const GROUPS_MAX = 5;
const CONDITIONS_MAX = 10;

// biome-ignore lint/suspicious/noExplicitAny: a variant's fields, read by name
type Shape = Record<string, z.ZodType<any>>;
/** Each kind's contract fields, so a box refuses exactly what the server would. */
const FIELDS = Object.fromEntries(
  alarmConditionSchema.options.map((o) => [(o.shape.kind as unknown as { value: string }).value, o.shape as Shape]),
) as Record<ConditionKind, Shape>;

/** A condition's box in its Form.Item, with its rule: blank is "required" unless optional. */
type Item = (name: keyof ConditionValues, control: ReactNode, schema?: z.ZodType, optional?: boolean) => ReactNode;
type NumberItem = (
  name: keyof ConditionValues,
  key: AlarmRulesMessageKey,
  suffix: string,
  precision?: number,
) => ReactNode;

/**
 * The rule's conditions: OR groups of AND conditions. Each group is a card ("all of"), the word "or"
 * between cards. A condition row is its kind, then that kind's fields: the metric (from the device
 * type's thing model, with its unit), the operator, a value suited to the metric's data type (a
 * number with its unit, yes/no, an enum option), an optional station set-point, the range, the
 * change within a window, the minutes without data, or an event of the model.
 */
export function ConditionsEditor({
  i18n,
  form,
  type,
}: {
  i18n: AlarmRulesI18n;
  // biome-ignore lint/suspicious/noExplicitAny: the drawer's form, read by field name
  form: FormInstance<any>;
  type: DeviceType | undefined;
}) {
  const { t } = i18n;
  const groups: GroupValues[] = Form.useWatch('groups', form) ?? [];
  return (
    <Form.List field="groups">
      {(groupFields, { add, remove }) => (
        <div className="alarm-rules-groups">
          {groupFields.map((group, gi) => {
            const n = gi + 1;
            const conditions = groups[gi]?.conditions ?? [];
            return (
              <Fragment key={group.key}>
                {gi > 0 ? (
                  <div className="alarm-rules-or">
                    <span>{t('alarmRules.group.or')}</span>
                  </div>
                ) : null}
                <section className="alarm-rules-group" aria-label={t('alarmRules.group.title', { n })}>
                  <header className="alarm-rules-group__header">
                    <span className="alarm-rules-group__title">{t('alarmRules.group.allOf')}</span>
                    <span className="alarm-rules-muted">{t('alarmRules.group.title', { n })}</span>
                    <Button
                      className="alarm-rules-group__remove"
                      type="text"
                      size="mini"
                      status="danger"
                      icon={<IconDelete />}
                      disabled={groupFields.length <= 1}
                      aria-label={t('alarmRules.group.remove', { n })}
                      onClick={() => remove(gi)}
                    >
                      {t('alarmRules.group.removeShort')}
                    </Button>
                  </header>
                  <Form.List field={`${group.field}.conditions`}>
                    {(conditionFields, conditionList) => (
                      <>
                        {conditionFields.map((condition, ci) => (
                          <ConditionRow
                            key={condition.key}
                            i18n={i18n}
                            form={form}
                            type={type}
                            field={condition.field}
                            place={t('alarmRules.cond.place', { group: n, n: ci + 1 })}
                            first={ci === 0}
                            value={conditions[ci] ?? {}}
                            onRemove={conditionFields.length > 1 ? () => conditionList.remove(ci) : undefined}
                          />
                        ))}
                        <Button
                          type="text"
                          size="small"
                          icon={<IconPlus />}
                          disabled={conditionFields.length >= CONDITIONS_MAX}
                          aria-label={t('alarmRules.cond.addTo', { n })}
                          onClick={() => conditionList.add(newCondition())}
                        >
                          {t('alarmRules.cond.add')}
                        </Button>
                      </>
                    )}
                  </Form.List>
                </section>
              </Fragment>
            );
          })}
          <Button
            type="dashed"
            long
            icon={<IconPlus />}
            disabled={groupFields.length >= GROUPS_MAX}
            onClick={() => add(newGroup())}
          >
            {t('alarmRules.group.add')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

function ConditionRow({
  i18n,
  form,
  type,
  field,
  place,
  first,
  value,
  onRemove,
}: {
  i18n: AlarmRulesI18n;
  // biome-ignore lint/suspicious/noExplicitAny: the drawer's form, read by field name
  form: FormInstance<any>;
  type: DeviceType | undefined;
  /** The row's path in the form (`groups[0].conditions[1]`). */
  field: string;
  /** "条件组 1 · 条件 2": names the row and its boxes. */
  place: string;
  first: boolean;
  value: ConditionValues;
  onRemove: (() => void) | undefined;
}) {
  const { t, tv, locale } = i18n;
  const kind = value.kind ?? 'compare';
  const metrics = type?.model.metrics ?? [];
  const events = type?.model.events ?? [];
  const metric = metrics.find((m) => m.key === value.metric);
  const numeric = isNumeric(metric?.dataType);
  const unit = metric?.unit ?? '';
  const name = (spec: { nameZh: string; nameEn: string }) => (locale === 'zh-CN' ? spec.nameZh : spec.nameEn);
  const label = (key: AlarmRulesMessageKey) => t('alarmRules.cond.fieldLabel', { place, field: t(key) });
  const path = (name: keyof ConditionValues) => `${field}.${name}`;

  /** Blank is "required" (or fine, for an optional box); otherwise the contract's field decides. */
  const rule = (schema?: z.ZodType, optional = false): RulesProps => ({
    validator: (v, callback) => {
      if (v === undefined || v === null || v === '') return callback(optional ? undefined : t('alarmRules.required'));
      if (!schema) return callback();
      const result = schema.safeParse(v);
      callback(result.success ? undefined : tv(result.error.issues[0]?.message ?? ''));
    },
  });

  const item: Item = (name, control, schema, optional) => (
    <Form.Item field={path(name)} rules={[rule(schema, optional)]} className={`alarm-rules-cond__${name}`}>
      {control}
    </Form.Item>
  );

  const number: NumberItem = (name, key, suffix, precision) =>
    item(
      name,
      <InputNumber aria-label={label(key)} placeholder={t(key)} suffix={suffix || undefined} precision={precision} />,
      FIELDS[kind][name],
    );

  const onKind = (next: ConditionKind) => {
    const fresh = newCondition(next);
    // The metric stays where the new kind takes it (a number for a range or a rate).
    const keepMetric = METRIC_KINDS.includes(next) && (!NUMERIC_KINDS.includes(next) || numeric);
    form.setFields({
      [path('op')]: { value: fresh.op },
      [path('direction')]: { value: fresh.direction },
      [path('windowMinutes')]: { value: fresh.windowMinutes },
      [path('minutes')]: { value: fresh.minutes },
      [path('setpoint')]: { value: null },
      ...(keepMetric ? {} : { [path('metric')]: { value: undefined } }),
    });
  };

  const onMetric = (key: string | undefined) => {
    const spec = metrics.find((m) => m.key === key);
    const fields: Record<string, { value: unknown }> = { [path('value')]: { value: undefined } };
    if (!isNumeric(spec?.dataType)) {
      fields[path('setpoint')] = { value: null };
      if (kind === 'compare' && !EQUALITY_OPS.includes(value.op as 'eq')) fields[path('op')] = { value: 'eq' };
    }
    form.setFields(fields);
  };

  const metricChoices = metrics
    .filter((m) => !NUMERIC_KINDS.includes(kind) || isNumeric(m.dataType))
    .map((m) => ({ label: m.unit ? `${name(m)} (${m.unit})` : name(m), value: m.key }));

  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of boxes named as one, not a fieldset's legend
    <div className="alarm-rules-cond" role="group" aria-label={place}>
      <span className="alarm-rules-cond__and">{first ? t('alarmRules.cond.when') : t('alarmRules.cond.and')}</span>
      <div className="alarm-rules-cond__fields">
        {item(
          'kind',
          <Select
            aria-label={label('alarmRules.cond.kind')}
            onChange={onKind}
            options={KINDS.map((k) => ({
              label: t(`alarmRules.kind.${k}`),
              value: k,
              disabled: k === 'event' ? events.length === 0 : metrics.length === 0,
            }))}
          />,
        )}
        {kind === 'event'
          ? item(
              'event',
              <Select
                aria-label={label('alarmRules.cond.event')}
                placeholder={type ? t('alarmRules.cond.eventPlaceholder') : t('alarmRules.cond.typeFirst')}
                options={events.map((e) => ({ label: name(e), value: e.key }))}
              />,
            )
          : item(
              'metric',
              <Select
                aria-label={label('alarmRules.cond.metric')}
                placeholder={type ? t('alarmRules.cond.metricPlaceholder') : t('alarmRules.cond.typeFirst')}
                showSearch
                onChange={onMetric}
                options={keepUnknown(metricChoices, value.metric)}
              />,
            )}
        {kind === 'compare' ? (
          <CompareFields
            i18n={i18n}
            metric={metric}
            numeric={numeric}
            value={value}
            item={item}
            label={label}
            number={number}
          />
        ) : null}
        {kind === 'range' ? (
          <>
            {item(
              'op',
              <Select
                aria-label={label('alarmRules.cond.op')}
                options={RANGE_OPS.map((op) => ({ label: t(`alarmRules.range.${op}`), value: op }))}
              />,
            )}
            {number('min', 'alarmRules.cond.min', unit, metric?.precision)}
            <span className="alarm-rules-cond__text">~</span>
            {number('max', 'alarmRules.cond.max', unit, metric?.precision)}
          </>
        ) : null}
        {kind === 'rate' ? (
          <>
            {item(
              'direction',
              <Select
                aria-label={label('alarmRules.cond.direction')}
                options={RATE_DIRECTIONS.map((d) => ({ label: t(`alarmRules.rate.${d}`), value: d }))}
              />,
            )}
            {number('amount', 'alarmRules.cond.amount', unit, metric?.precision)}
            <span className="alarm-rules-cond__text">{t('alarmRules.cond.within')}</span>
            {number('windowMinutes', 'alarmRules.cond.windowMinutes', t('alarmRules.unit.minutes'), 0)}
          </>
        ) : null}
        {kind === 'nodata' ? (
          <>
            {number('minutes', 'alarmRules.cond.minutes', t('alarmRules.unit.minutes'), 0)}
            <span className="alarm-rules-cond__text">{t('alarmRules.cond.noReading')}</span>
          </>
        ) : null}
      </div>
      {onRemove ? (
        <Button
          className="alarm-rules-cond__remove"
          type="text"
          size="mini"
          status="danger"
          icon={<IconDelete />}
          aria-label={t('alarmRules.cond.remove', { place })}
          onClick={onRemove}
        />
      ) : (
        <span className="alarm-rules-cond__remove" />
      )}
    </div>
  );
}

/**
 * A compare condition's operator, value and set-point. The operators a metric's data type has: all
 * six for a number, equal / not equal for the rest. The value box suits the data type.
 */
function CompareFields({
  i18n,
  metric,
  numeric,
  value,
  item,
  label,
  number,
}: {
  i18n: AlarmRulesI18n;
  metric: MetricSpec | undefined;
  numeric: boolean;
  value: ConditionValues;
  item: Item;
  label: (key: AlarmRulesMessageKey) => string;
  number: NumberItem;
}) {
  const { t, locale } = i18n;
  const ops = metric && !numeric ? EQUALITY_OPS : COMPARE_OPS;
  const valueLabel = value.setpoint ? 'alarmRules.cond.fallback' : 'alarmRules.cond.value';
  let valueBox: ReactNode;
  if (metric?.dataType === 'boolean') {
    valueBox = item(
      'value',
      <Select
        aria-label={label(valueLabel)}
        placeholder={t('alarmRules.cond.value')}
        options={[
          { label: t('alarmRules.bool.true'), value: 'true' },
          { label: t('alarmRules.bool.false'), value: 'false' },
        ]}
      />,
    );
  } else if (metric?.dataType === 'enum') {
    valueBox = item(
      'value',
      <Select
        aria-label={label(valueLabel)}
        placeholder={t('alarmRules.cond.value')}
        options={keepUnknown(
          metric.options.map((o) => ({ label: locale === 'zh-CN' ? o.nameZh : o.nameEn, value: o.value })),
          value.value,
        )}
      />,
    );
  } else if (metric?.dataType === 'string') {
    valueBox = item(
      'value',
      <Input aria-label={label(valueLabel)} placeholder={t('alarmRules.cond.value')} maxLength={32} />,
    );
  } else {
    valueBox = number('value', valueLabel, metric?.unit ?? '', metric?.precision);
  }
  return (
    <>
      {item(
        'op',
        <Select
          aria-label={label('alarmRules.cond.op')}
          options={ops.map((op) => ({ label: OP_SYMBOLS[op], value: op }))}
        />,
      )}
      {numeric
        ? item(
            'setpoint',
            <Select
              aria-label={label('alarmRules.cond.setpoint')}
              placeholder={t('alarmRules.setpoint.fixed')}
              allowClear
              options={STATION_SETPOINTS.map((s) => ({ label: t(`alarmRules.setpoint.${s}`), value: s }))}
            />,
            undefined,
            true,
          )
        : null}
      {value.setpoint ? <span className="alarm-rules-cond__text">{t('alarmRules.cond.else')}</span> : null}
      {valueBox}
    </>
  );
}

/** A select's options, keeping a saved value the model no longer lists visible. */
function keepUnknown(options: { label: string; value: string }[], current: unknown) {
  if (typeof current === 'string' && current && !options.some((o) => o.value === current)) {
    return [...options, { label: current, value: current }];
  }
  return options;
}
