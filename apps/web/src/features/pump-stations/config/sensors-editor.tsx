import { Button, Form, type FormInstance, Select } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { SENSOR_ROLES } from '@water/contracts';
import { type DevicePicker, metricOptions } from './device-picker.ts';
import type { SensorRow } from './station-config-form.ts';
import type { StationConfigI18n } from './use-station-config-i18n.ts';

/**
 * Which device, and which metric of its thing model, gives the wet-well level, the outlet pressure,
 * the flow and the rain: one row per measurement.
 */
export function SensorsEditor({
  i18n,
  form,
  picker,
  required,
}: {
  i18n: StationConfigI18n;
  // biome-ignore lint/suspicious/noExplicitAny: the drawer's form, read by field name
  form: FormInstance<any>;
  picker: DevicePicker;
  required: { required: true; message: string };
}) {
  const { t } = i18n;
  const rows: SensorRow[] = Form.useWatch('sensors', form) ?? [];
  return (
    <Form.List field="sensors">
      {(fields, { add, remove }) => (
        <>
          {fields.length ? (
            <table className="station-config-sensors">
              <thead>
                <tr>
                  <th>{t('stationConfig.sensor.role')}</th>
                  <th>{t('stationConfig.sensor.device')}</th>
                  <th>{t('stationConfig.sensor.metric')}</th>
                  <th className="station-config-sensors__actions" aria-label={t('stationConfig.col.actions')} />
                </tr>
              </thead>
              <tbody>
                {fields.map((item, index) => {
                  const n = index + 1;
                  const row = rows[index] ?? {};
                  const label = (field: string) => t('stationConfig.sensor.fieldLabel', { n, field });
                  return (
                    <tr key={item.key} aria-label={t('stationConfig.sensor.row', { n })}>
                      <td>
                        <Form.Item field={`${item.field}.role`} rules={[required]}>
                          <Select
                            aria-label={label(t('stationConfig.sensor.role'))}
                            options={SENSOR_ROLES.map((role) => ({
                              label: t(`stationConfig.role.${role}`),
                              value: role,
                            }))}
                          />
                        </Form.Item>
                      </td>
                      <td>
                        <Form.Item field={`${item.field}.deviceId`} rules={[required]}>
                          <Select
                            aria-label={label(t('stationConfig.sensor.device'))}
                            placeholder={t('stationConfig.sensor.devicePlaceholder')}
                            showSearch
                            loading={picker.loading}
                            options={picker.options}
                            onChange={(deviceId: number | undefined) => {
                              const keys = picker.metricsOf(deviceId).map((m) => m.key);
                              // A device with one metric (a gauge) maps it at once.
                              form.setFieldValue(`${item.field}.metric`, keys.length === 1 ? keys[0] : undefined);
                            }}
                          />
                        </Form.Item>
                      </td>
                      <td>
                        <Form.Item field={`${item.field}.metric`} rules={[required]}>
                          <Select
                            aria-label={label(t('stationConfig.sensor.metric'))}
                            placeholder={t('stationConfig.sensor.metricPlaceholder')}
                            disabled={!row.deviceId}
                            options={metricOptions(picker.metricsOf(row.deviceId), row.metric)}
                          />
                        </Form.Item>
                      </td>
                      <td className="station-config-sensors__actions">
                        <Button
                          type="text"
                          size="mini"
                          status="danger"
                          icon={<IconDelete />}
                          aria-label={t('stationConfig.sensor.remove', { n })}
                          onClick={() => remove(index)}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ) : (
            <p className="station-config-muted">{t('stationConfig.sensor.empty')}</p>
          )}
          <Button
            type="dashed"
            long
            icon={<IconPlus />}
            disabled={fields.length >= SENSOR_ROLES.length}
            onClick={() => add({ role: SENSOR_ROLES.find((role) => !rows.some((r) => r.role === role)) })}
          >
            {t('stationConfig.sensor.add')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
