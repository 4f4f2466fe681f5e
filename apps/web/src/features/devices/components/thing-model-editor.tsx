import { Button, Form, Input, InputNumber, Select, Switch } from '@arco-design/web-react';
import { IconDelete, IconLock, IconPlus } from '@arco-design/web-react/icon';
import {
  commandSpecSchema,
  type DeviceType,
  eventSpecSchema,
  metricSpecSchema,
  THING_DATA_TYPES,
  type ThingDataType,
} from '@water/contracts';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { contractRule } from '../../../shared/ui/form-rules.ts';
import type { DeviceTypeI18n, DeviceTypeMessageKey } from '../use-device-type-i18n.ts';

/** One enum option as the form holds it. */
export type OptionRow = { value?: string; nameZh?: string; nameEn?: string };
/** A metric or a command parameter as the form holds it: an emptied number box is undefined. */
export type ValueRow = {
  key?: string;
  nameZh?: string;
  nameEn?: string;
  dataType?: ThingDataType;
  unit?: string;
  min?: number | null;
  max?: number | null;
  precision?: number | null;
  options?: OptionRow[];
};
export type EventRow = { key?: string; nameZh?: string; nameEn?: string; level?: 0 | 1 | 3 };
export type CommandRow = { key?: string; nameZh?: string; nameEn?: string; confirm?: boolean; params?: ValueRow[] };
export type ThingModelValues = { metrics?: ValueRow[]; events?: EventRow[]; commands?: CommandRow[] };

const valueFields = metricSpecSchema.shape;
const eventFields = eventSpecSchema.shape;
const commandFields = commandSpecSchema.shape;
const optionFields = valueFields.options.unwrap().element.shape;
const EVENT_LEVELS = [0, 1, 3] as const;
/** Range and decimals only mean something for numbers; other types keep what they hold, unshown. */
const NUMERIC: readonly (ThingDataType | undefined)[] = ['number', 'integer'];

const newValueRow = (): ValueRow => ({
  key: '',
  nameZh: '',
  nameEn: '',
  dataType: 'number',
  unit: '',
  min: undefined,
  max: undefined,
  precision: 2,
  options: [],
});
const newEventRow = (): EventRow => ({ key: '', nameZh: '', nameEn: '', level: 1 });
const newCommandRow = (): CommandRow => ({ key: '', nameZh: '', nameEn: '', confirm: false, params: [] });

/** The stored model as form rows: a "none" bound becomes an empty box. */
export function modelRows(model: DeviceType['model'] | null): Required<ThingModelValues> {
  if (!model) return { metrics: [], events: [], commands: [] };
  const valueRow = (v: DeviceType['model']['metrics'][number]): ValueRow => ({
    ...v,
    min: v.min ?? undefined,
    max: v.max ?? undefined,
    options: v.options.map((o) => ({ ...o })),
  });
  return {
    metrics: model.metrics.map(valueRow),
    events: model.events.map((e) => ({ ...e })),
    commands: model.commands.map((c) => ({ ...c, params: c.params.map(valueRow) })),
  };
}

const blank = (v: unknown) => (v === undefined || v === null || v === '' ? null : v);

function valueInput(v: ValueRow) {
  return {
    key: v.key ?? '',
    nameZh: v.nameZh ?? '',
    nameEn: v.nameEn ?? '',
    dataType: v.dataType,
    unit: v.unit ?? '',
    min: blank(v.min),
    max: blank(v.max),
    precision: blank(v.precision) ?? undefined,
    // Options of a type no longer an enum would be stored unseen: they go with the type.
    options:
      v.dataType === 'enum'
        ? (v.options ?? []).map((o) => ({ value: o.value ?? '', nameZh: o.nameZh ?? '', nameEn: o.nameEn ?? '' }))
        : [],
  };
}

/** The form's rows as the contract's `model` input, to be parsed by it. */
export function modelInput(values: ThingModelValues | undefined) {
  return {
    metrics: (values?.metrics ?? []).map(valueInput),
    events: (values?.events ?? []).map((e) => ({
      key: e.key ?? '',
      nameZh: e.nameZh ?? '',
      nameEn: e.nameEn ?? '',
      level: e.level,
    })),
    commands: (values?.commands ?? []).map((c) => ({
      key: c.key ?? '',
      nameZh: c.nameZh ?? '',
      nameEn: c.nameEn ?? '',
      confirm: c.confirm ?? false,
      params: (c.params ?? []).map(valueInput),
    })),
  };
}

/** Where a contract issue lies, as a row label ("Command 2 parameter 1"), when it lies in a row. */
export function issueRow(path: readonly PropertyKey[], i18n: DeviceTypeI18n): string | null {
  const { t } = i18n;
  const [root, list, index, sub, subIndex, leaf, leafIndex] = path;
  if (root !== 'model' || typeof index !== 'number') return null;
  const lists: Record<string, DeviceTypeMessageKey> = {
    metrics: 'deviceType.row.metric',
    events: 'deviceType.row.event',
    commands: 'deviceType.row.command',
  };
  const listKey = lists[String(list)];
  if (!listKey) return null;
  let row = t(listKey, { n: index + 1 });
  if (sub === 'params' && typeof subIndex === 'number') {
    row = t('deviceType.row.param', { row, n: subIndex + 1 });
    if (leaf === 'options' && typeof leafIndex === 'number')
      row = t('deviceType.row.option', { row, n: leafIndex + 1 });
  } else if (sub === 'options' && typeof subIndex === 'number') {
    row = t('deviceType.row.option', { row, n: subIndex + 1 });
  }
  return row;
}

/** Arco's name of a form field from a contract issue path: `model.metrics[0].max`. */
export function fieldName(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
}

/**
 * Key fields that repeat within metrics, events or commands (the lists the contract checks): it
 * refuses the whole model, the form marks each repeat.
 */
export function duplicateKeyFields(model: ReturnType<typeof modelInput>): string[] {
  const repeats = (items: { key: string }[], list: string) =>
    items
      .map((item, i) => ({ key: item.key.trim(), i }))
      .filter(({ key }, _, all) => key !== '' && all.filter((o) => o.key === key).length > 1)
      .map(({ i }) => `model.${list}[${i}].key`);
  return [
    ...repeats(model.metrics, 'metrics'),
    ...repeats(model.events, 'events'),
    ...repeats(model.commands, 'commands'),
  ];
}

type Ctx = { i18n: DeviceTypeI18n };

/**
 * The metrics, events and commands of a thing model, as rows of an Arco form under `model`. The
 * first `lockedMetrics` metrics are ones data may depend on (a built-in type, or one devices use):
 * as on the server, they keep their key and data type and cannot be removed.
 */
export function ThingModelEditor({ i18n, lockedMetrics }: Ctx & { lockedMetrics: number }) {
  const { t } = i18n;
  return (
    <>
      <section className="device-type-section" aria-label={t('deviceType.section.metrics')}>
        <h3 className="device-type-section__title">{t('deviceType.section.metrics')}</h3>
        {lockedMetrics > 0 ? <p className="device-type-muted">{t('deviceType.metrics.kept')}</p> : null}
        <ValueSpecTable
          i18n={i18n}
          field="model.metrics"
          rowLabel={(n) => t('deviceType.row.metric', { n })}
          locked={lockedMetrics}
          addLabel={t('deviceType.add.metric')}
          emptyLabel={t('deviceType.empty.metrics')}
        />
      </section>
      <section className="device-type-section" aria-label={t('deviceType.section.events')}>
        <h3 className="device-type-section__title">{t('deviceType.section.events')}</h3>
        <EventsTable i18n={i18n} />
      </section>
      <section className="device-type-section" aria-label={t('deviceType.section.commands')}>
        <h3 className="device-type-section__title">{t('deviceType.section.commands')}</h3>
        <CommandsList i18n={i18n} />
      </section>
    </>
  );
}

/** One form control in a table cell; the control names itself (there is no visible label beside it). */
function Cell({
  field,
  schema,
  i18n,
  locked = false,
  trigger,
  children,
}: Ctx & { field: string; schema?: z.ZodType; locked?: boolean; trigger?: string; children: ReactNode }) {
  return (
    <td>
      <Form.Item
        field={field}
        className="device-type-cell"
        rules={schema ? [contractRule(schema, i18n.tv)] : undefined}
        {...(trigger ? { triggerPropName: trigger } : {})}
        {...(locked ? { disabled: true } : {})}
      >
        {children}
      </Form.Item>
    </td>
  );
}

type GridColumn = { label: string; className?: string; col?: string };

/** A table of editable rows: its column widths (`col`), its header and its rows. */
function Grid({ columns, className, children }: { columns: GridColumn[]; className?: string; children: ReactNode }) {
  return (
    <table className={className ? `device-type-grid ${className}` : 'device-type-grid'}>
      <colgroup>
        {columns.map((c) => (
          <col key={c.label} className={c.col} />
        ))}
      </colgroup>
      <Header columns={columns} />
      <tbody>{children}</tbody>
    </table>
  );
}

function Header({ columns }: { columns: GridColumn[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c.label} className={c.className}>
            {c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="small" type="dashed" icon={<IconPlus />} onClick={onClick} className="device-type-add">
      {label}
    </Button>
  );
}

function RemoveCell({ row, i18n, locked, onRemove }: Ctx & { row: string; locked?: boolean; onRemove: () => void }) {
  const { t } = i18n;
  return (
    <td className="device-type-actions">
      {locked ? (
        <IconLock className="device-type-muted" aria-label={t('deviceType.locked', { row })} />
      ) : (
        <Button
          size="mini"
          type="text"
          status="danger"
          icon={<IconDelete />}
          aria-label={t('deviceType.removeRow', { row })}
          onClick={onRemove}
        />
      )}
    </td>
  );
}

/** Metrics, or a command's parameters: the same value spec. */
function ValueSpecTable({
  i18n,
  field,
  rowLabel,
  locked = 0,
  addLabel,
  emptyLabel,
}: Ctx & {
  field: string;
  rowLabel: (n: number) => string;
  locked?: number;
  addLabel: string;
  emptyLabel: string;
}) {
  const { t } = i18n;
  return (
    <Form.List field={field}>
      {(rows, { add, remove }) => (
        <>
          {rows.length ? (
            <div className="device-type-scroll">
              <Grid
                className="--values"
                columns={[
                  { label: t('deviceType.col.index'), col: 'device-type-col-index' },
                  { label: t('deviceType.col.key'), col: 'device-type-col-key' },
                  { label: t('deviceType.col.nameZh') },
                  { label: t('deviceType.col.nameEn') },
                  { label: t('deviceType.col.unit'), col: 'device-type-col-unit' },
                  { label: t('deviceType.col.dataType'), col: 'device-type-col-type' },
                  { label: t('deviceType.col.min'), col: 'device-type-col-number' },
                  { label: t('deviceType.col.max'), col: 'device-type-col-number' },
                  { label: t('deviceType.col.precision'), col: 'device-type-col-precision' },
                  {
                    label: t('deviceType.col.actions'),
                    className: 'device-type-actions',
                    col: 'device-type-col-actions',
                  },
                ]}
              >
                {rows.map((row, index) => (
                  <ValueSpecRow
                    key={row.key}
                    i18n={i18n}
                    field={row.field}
                    index={index}
                    row={rowLabel(index + 1)}
                    locked={index < locked}
                    onRemove={() => remove(index)}
                  />
                ))}
              </Grid>
            </div>
          ) : (
            <p className="device-type-muted">{emptyLabel}</p>
          )}
          <AddButton label={addLabel} onClick={() => add(newValueRow())} />
        </>
      )}
    </Form.List>
  );
}

function ValueSpecRow({
  i18n,
  field,
  index,
  row,
  locked,
  onRemove,
}: Ctx & { field: string; index: number; row: string; locked: boolean; onRemove: () => void }) {
  const { t } = i18n;
  const dataType = Form.useWatch<Record<string, unknown>, unknown, string, string>(`${field}.dataType`) as
    | ThingDataType
    | undefined;
  const numeric = NUMERIC.includes(dataType);
  const label = (column: DeviceTypeMessageKey) => t('deviceType.cell', { row, column: t(column) });
  const unbounded = t('deviceType.unbounded');
  return (
    <>
      <tr>
        <td className="device-type-index">{index + 1}</td>
        <Cell i18n={i18n} field={`${field}.key`} schema={valueFields.key} locked={locked}>
          <Input size="small" aria-label={label('deviceType.col.key')} autoComplete="off" maxLength={32} />
        </Cell>
        <Cell i18n={i18n} field={`${field}.nameZh`} schema={valueFields.nameZh}>
          <Input size="small" aria-label={label('deviceType.col.nameZh')} maxLength={40} />
        </Cell>
        <Cell i18n={i18n} field={`${field}.nameEn`} schema={valueFields.nameEn}>
          <Input size="small" aria-label={label('deviceType.col.nameEn')} maxLength={60} />
        </Cell>
        <Cell i18n={i18n} field={`${field}.unit`} schema={valueFields.unit}>
          <Input size="small" aria-label={label('deviceType.col.unit')} maxLength={16} />
        </Cell>
        <Cell i18n={i18n} field={`${field}.dataType`} locked={locked}>
          <Select
            size="small"
            aria-label={label('deviceType.col.dataType')}
            options={THING_DATA_TYPES.map((value) => ({
              value,
              label: t(`deviceType.dataType.${value}` as DeviceTypeMessageKey),
            }))}
          />
        </Cell>
        <Cell i18n={i18n} field={`${field}.min`}>
          <InputNumber
            size="small"
            aria-label={label('deviceType.col.min')}
            placeholder={unbounded}
            {...(numeric ? {} : { disabled: true })}
          />
        </Cell>
        <Cell i18n={i18n} field={`${field}.max`}>
          <InputNumber
            size="small"
            aria-label={label('deviceType.col.max')}
            placeholder={unbounded}
            {...(numeric ? {} : { disabled: true })}
          />
        </Cell>
        <Cell i18n={i18n} field={`${field}.precision`}>
          <InputNumber
            size="small"
            aria-label={label('deviceType.col.precision')}
            min={0}
            max={6}
            precision={0}
            {...(numeric ? {} : { disabled: true })}
          />
        </Cell>
        <RemoveCell i18n={i18n} row={row} locked={locked} onRemove={onRemove} />
      </tr>
      {dataType === 'enum' ? (
        <tr className="device-type-subrow">
          <td />
          <td colSpan={9}>
            <OptionsEditor i18n={i18n} field={`${field}.options`} row={row} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** The values an enum metric or parameter may take, each named in both languages. */
function OptionsEditor({ i18n, field, row }: Ctx & { field: string; row: string }) {
  const { t } = i18n;
  return (
    <div className="device-type-nested">
      <div className="device-type-nested__title">{t('deviceType.col.options')}</div>
      <Form.List field={field}>
        {(options, { add, remove }) => (
          <>
            {options.length ? (
              <Grid
                columns={[
                  { label: t('deviceType.col.index'), col: 'device-type-col-index' },
                  { label: t('deviceType.col.value'), col: 'device-type-col-key' },
                  { label: t('deviceType.col.nameZh') },
                  { label: t('deviceType.col.nameEn') },
                  {
                    label: t('deviceType.col.actions'),
                    className: 'device-type-actions',
                    col: 'device-type-col-actions',
                  },
                ]}
              >
                {options.map((option, index) => {
                  const optionRow = t('deviceType.row.option', { row, n: index + 1 });
                  const label = (column: DeviceTypeMessageKey) =>
                    t('deviceType.cell', { row: optionRow, column: t(column) });
                  return (
                    <tr key={option.key}>
                      <td className="device-type-index">{index + 1}</td>
                      <Cell i18n={i18n} field={`${option.field}.value`} schema={optionFields.value}>
                        <Input size="small" aria-label={label('deviceType.col.value')} maxLength={32} />
                      </Cell>
                      <Cell i18n={i18n} field={`${option.field}.nameZh`} schema={optionFields.nameZh}>
                        <Input size="small" aria-label={label('deviceType.col.nameZh')} maxLength={40} />
                      </Cell>
                      <Cell i18n={i18n} field={`${option.field}.nameEn`} schema={optionFields.nameEn}>
                        <Input size="small" aria-label={label('deviceType.col.nameEn')} maxLength={60} />
                      </Cell>
                      <RemoveCell i18n={i18n} row={optionRow} onRemove={() => remove(index)} />
                    </tr>
                  );
                })}
              </Grid>
            ) : null}
            <AddButton label={t('deviceType.add.option')} onClick={() => add({ value: '', nameZh: '', nameEn: '' })} />
          </>
        )}
      </Form.List>
    </div>
  );
}

function EventsTable({ i18n }: Ctx) {
  const { t } = i18n;
  return (
    <Form.List field="model.events">
      {(rows, { add, remove }) => (
        <>
          {rows.length ? (
            <Grid
              columns={[
                { label: t('deviceType.col.index'), col: 'device-type-col-index' },
                { label: t('deviceType.col.key'), col: 'device-type-col-key' },
                { label: t('deviceType.col.nameZh') },
                { label: t('deviceType.col.nameEn') },
                { label: t('deviceType.col.level'), col: 'device-type-col-type' },
                {
                  label: t('deviceType.col.actions'),
                  className: 'device-type-actions',
                  col: 'device-type-col-actions',
                },
              ]}
            >
              {rows.map((item, index) => {
                const row = t('deviceType.row.event', { n: index + 1 });
                const label = (column: DeviceTypeMessageKey) => t('deviceType.cell', { row, column: t(column) });
                return (
                  <tr key={item.key}>
                    <td className="device-type-index">{index + 1}</td>
                    <Cell i18n={i18n} field={`${item.field}.key`} schema={eventFields.key}>
                      <Input size="small" aria-label={label('deviceType.col.key')} autoComplete="off" maxLength={32} />
                    </Cell>
                    <Cell i18n={i18n} field={`${item.field}.nameZh`} schema={eventFields.nameZh}>
                      <Input size="small" aria-label={label('deviceType.col.nameZh')} maxLength={40} />
                    </Cell>
                    <Cell i18n={i18n} field={`${item.field}.nameEn`} schema={eventFields.nameEn}>
                      <Input size="small" aria-label={label('deviceType.col.nameEn')} maxLength={60} />
                    </Cell>
                    <Cell i18n={i18n} field={`${item.field}.level`}>
                      <Select
                        size="small"
                        aria-label={label('deviceType.col.level')}
                        options={EVENT_LEVELS.map((value) => ({
                          value,
                          label: t(`deviceType.level.${value}` as DeviceTypeMessageKey),
                        }))}
                      />
                    </Cell>
                    <RemoveCell i18n={i18n} row={row} onRemove={() => remove(index)} />
                  </tr>
                );
              })}
            </Grid>
          ) : (
            <p className="device-type-muted">{t('deviceType.empty.events')}</p>
          )}
          <AddButton label={t('deviceType.add.event')} onClick={() => add(newEventRow())} />
        </>
      )}
    </Form.List>
  );
}

/** Each command is a block: its own fields on one line, its parameters as a value table below. */
function CommandsList({ i18n }: Ctx) {
  const { t } = i18n;
  return (
    <Form.List field="model.commands">
      {(rows, { add, remove }) => (
        <>
          {rows.length ? (
            rows.map((item, index) => {
              const row = t('deviceType.row.command', { n: index + 1 });
              const label = (column: DeviceTypeMessageKey) => t('deviceType.cell', { row, column: t(column) });
              return (
                <div key={item.key} className="device-type-command">
                  <Grid
                    columns={[
                      { label: t('deviceType.col.index'), col: 'device-type-col-index' },
                      { label: t('deviceType.col.key'), col: 'device-type-col-key' },
                      { label: t('deviceType.col.nameZh') },
                      { label: t('deviceType.col.nameEn') },
                      { label: t('deviceType.col.confirm'), col: 'device-type-col-confirm' },
                      {
                        label: t('deviceType.col.actions'),
                        className: 'device-type-actions',
                        col: 'device-type-col-actions',
                      },
                    ]}
                  >
                    <tr>
                      <td className="device-type-index">{index + 1}</td>
                      <Cell i18n={i18n} field={`${item.field}.key`} schema={commandFields.key}>
                        <Input
                          size="small"
                          aria-label={label('deviceType.col.key')}
                          autoComplete="off"
                          maxLength={32}
                        />
                      </Cell>
                      <Cell i18n={i18n} field={`${item.field}.nameZh`} schema={commandFields.nameZh}>
                        <Input size="small" aria-label={label('deviceType.col.nameZh')} maxLength={40} />
                      </Cell>
                      <Cell i18n={i18n} field={`${item.field}.nameEn`} schema={commandFields.nameEn}>
                        <Input size="small" aria-label={label('deviceType.col.nameEn')} maxLength={60} />
                      </Cell>
                      <Cell i18n={i18n} field={`${item.field}.confirm`} trigger="checked">
                        <Switch size="small" aria-label={label('deviceType.col.confirm')} />
                      </Cell>
                      <RemoveCell i18n={i18n} row={row} onRemove={() => remove(index)} />
                    </tr>
                  </Grid>
                  <div className="device-type-nested">
                    <div className="device-type-nested__title">{t('deviceType.col.params')}</div>
                    <ValueSpecTable
                      i18n={i18n}
                      field={`${item.field}.params`}
                      rowLabel={(n) => t('deviceType.row.param', { row, n })}
                      addLabel={t('deviceType.add.param')}
                      emptyLabel={t('deviceType.empty.params')}
                    />
                  </div>
                </div>
              );
            })
          ) : (
            <p className="device-type-muted">{t('deviceType.empty.commands')}</p>
          )}
          <AddButton label={t('deviceType.add.command')} onClick={() => add(newCommandRow())} />
        </>
      )}
    </Form.List>
  );
}
