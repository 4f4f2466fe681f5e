import { Button, Empty, Form, type FormInstance, Input, InputNumber, Select, Switch } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import {
  PUMP_DRIVES,
  PUMP_METRIC_ROLES,
  type PumpMetricRole,
  pumpInputSchema,
  STATION_PUMPS_MAX,
} from '@water/contracts';
import { type DevicePicker, metricOptions } from './device-picker.ts';
import { cellRule } from './station-config-form.ts';
import type { StationConfigI18n, StationConfigMessageKey } from './use-station-config-i18n.ts';

/** A pump as the form holds it: an emptied number box is undefined, an unmapped point null. */
export type PumpRow = {
  number?: number;
  name?: string;
  ratedPower?: number | null;
  ratedFlow?: number | null;
  ratedHead?: number | null;
  drive?: (typeof PUMP_DRIVES)[number];
  startLevel?: number | null;
  stopLevel?: number | null;
  controllerDeviceId?: number | null;
  metrics?: Partial<Record<PumpMetricRole, string | null | undefined>>;
  /** Locked out and tagged out: the live screens show it as under maintenance. */
  maintenance?: boolean;
};

const pumpFields = pumpInputSchema.shape;

/**
 * The metric key a controller's model most likely uses for a point (the built-in pump controller's
 * names): picking a controller maps these at once, the operator changes what differs.
 */
const LIKELY_KEYS: Record<PumpMetricRole, string[]> = {
  running: ['running', 'run', 'run_state'],
  fault: ['fault', 'alarm'],
  remote: ['mode', 'remote', 'remote_local'],
  frequency: ['frequency', 'freq'],
  current: ['current'],
  power: ['power', 'active_power'],
  energy: ['energy', 'kwh', 'energy_total'],
  runHours: ['run_hours', 'runtime', 'run_time'],
};

const newPump = (rows: PumpRow[]): PumpRow => ({
  number: Math.min(99, Math.max(0, ...rows.map((r) => r.number ?? 0)) + 1),
  name: '',
  drive: 'fixed',
  controllerDeviceId: null,
  metrics: {},
  maintenance: false,
});

/**
 * The station's pumps, one card each: number, name and ratings, drive, start and stop level, the
 * controller device, and which of its metrics gives each point, and whether it is under maintenance
 * (locked out: the live screens show it so, whatever its controller says). A card names itself
 * ("Pump 2"), so its errors read as that pump's.
 */
export function PumpsEditor({
  i18n,
  form,
  picker,
}: {
  i18n: StationConfigI18n;
  // biome-ignore lint/suspicious/noExplicitAny: the drawer's form, read by field name
  form: FormInstance<any>;
  picker: DevicePicker;
}) {
  const { t, tv } = i18n;
  const rows: PumpRow[] = Form.useWatch('pumps', form) ?? [];

  return (
    <Form.List field="pumps">
      {(fields, { add, remove }) => (
        <>
          {fields.length === 0 ? <Empty description={t('stationConfig.pump.empty')} /> : null}
          {fields.map((item, index) => {
            const n = index + 1;
            const row = rows[index] ?? {};
            const label = (key: StationConfigMessageKey) => t('stationConfig.pump.fieldLabel', { n, field: t(key) });
            const metrics = picker.metricsOf(row.controllerDeviceId);
            const hasController = Boolean(row.controllerDeviceId);
            const number = (
              field: 'ratedPower' | 'ratedFlow' | 'ratedHead' | 'startLevel' | 'stopLevel',
              key: StationConfigMessageKey,
              precision: number,
            ) => (
              <Form.Item label={t(key)} field={`${item.field}.${field}`} rules={[cellRule(pumpFields[field], tv)]}>
                <InputNumber aria-label={label(key)} min={0} precision={precision} />
              </Form.Item>
            );
            return (
              <section key={item.key} className="station-config-pump" aria-label={t('stationConfig.pump.row', { n })}>
                <div className="station-config-pump__header">
                  <span>{t('stationConfig.pump.title', { n: row.number ?? n })}</span>
                  <Button
                    type="text"
                    size="mini"
                    status="danger"
                    icon={<IconDelete />}
                    aria-label={t('stationConfig.pump.remove', { n })}
                    onClick={() => remove(index)}
                  />
                </div>
                <div className="station-config-grid">
                  <Form.Item
                    label={t('stationConfig.pump.number')}
                    field={`${item.field}.number`}
                    required
                    rules={[cellRule(pumpFields.number, tv)]}
                  >
                    <InputNumber
                      aria-label={label('stationConfig.pump.number')}
                      min={1}
                      max={99}
                      precision={0}
                      prefix="#"
                    />
                  </Form.Item>
                  <Form.Item
                    label={t('stationConfig.pump.name')}
                    field={`${item.field}.name`}
                    rules={[cellRule(pumpFields.name, tv)]}
                  >
                    <Input aria-label={label('stationConfig.pump.name')} maxLength={40} />
                  </Form.Item>
                  <Form.Item label={t('stationConfig.pump.drive')} field={`${item.field}.drive`}>
                    <Select
                      aria-label={label('stationConfig.pump.drive')}
                      options={PUMP_DRIVES.map((drive) => ({ label: t(`stationConfig.drive.${drive}`), value: drive }))}
                    />
                  </Form.Item>
                  {number('ratedPower', 'stationConfig.pump.ratedPower', 1)}
                  {number('ratedFlow', 'stationConfig.pump.ratedFlow', 0)}
                  {number('ratedHead', 'stationConfig.pump.ratedHead', 1)}
                  {number('startLevel', 'stationConfig.pump.startLevel', 2)}
                  {number('stopLevel', 'stationConfig.pump.stopLevel', 2)}
                  <Form.Item
                    label={t('stationConfig.pump.maintenance')}
                    field={`${item.field}.maintenance`}
                    triggerPropName="checked"
                  >
                    <Switch aria-label={label('stationConfig.pump.maintenance')} />
                  </Form.Item>
                  <Form.Item
                    className="station-config-span-2"
                    label={t('stationConfig.pump.controller')}
                    field={`${item.field}.controllerDeviceId`}
                  >
                    <Select
                      aria-label={label('stationConfig.pump.controller')}
                      placeholder={t('stationConfig.pump.controllerPlaceholder')}
                      allowClear
                      showSearch
                      loading={picker.loading}
                      options={picker.options}
                      onChange={(deviceId: number | undefined) => {
                        // The new controller's model: keep what it has, map the likely keys, clear the rest.
                        const keys = new Set(picker.metricsOf(deviceId).map((m) => m.key));
                        const next = Object.fromEntries(
                          PUMP_METRIC_ROLES.map((role) => {
                            const kept = row.metrics?.[role];
                            if (kept && keys.has(kept)) return [role, kept];
                            return [role, LIKELY_KEYS[role].find((key) => keys.has(key))];
                          }),
                        );
                        form.setFieldValue(`${item.field}.metrics`, next);
                      }}
                    />
                  </Form.Item>
                </div>
                <p className="station-config-pump__metrics-title">
                  {t(hasController ? 'stationConfig.pump.metrics' : 'stationConfig.pump.metricsNeedDevice')}
                </p>
                <div className="station-config-grid">
                  {PUMP_METRIC_ROLES.map((role) => (
                    <Form.Item
                      key={role}
                      label={t(`stationConfig.metric.${role}`)}
                      field={`${item.field}.metrics.${role}`}
                    >
                      <Select
                        aria-label={label(`stationConfig.metric.${role}`)}
                        placeholder={t('stationConfig.metric.placeholder')}
                        allowClear
                        disabled={!hasController && !row.metrics?.[role]}
                        options={metricOptions(metrics, row.metrics?.[role])}
                      />
                    </Form.Item>
                  ))}
                </div>
              </section>
            );
          })}
          <Button
            type="dashed"
            long
            icon={<IconPlus />}
            disabled={fields.length >= STATION_PUMPS_MAX}
            onClick={() => add(newPump(rows))}
          >
            {t('stationConfig.pump.add')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
