import { Form, InputNumber, Message, Switch } from '@arco-design/web-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ControlSettings, type ControlStation, controlSettingsSchema, pumpControlApi } from '@water/contracts';
import { callApi } from '../../../shared/api/http.ts';
import { FormDrawer, FormRow } from '../../../shared/ui/form-drawer.tsx';
import { useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { pumpControlQueries } from './pump-control-queries.ts';
import type { PumpControlI18n, PumpControlMessageKey } from './use-pump-control-i18n.ts';

type NumberField = Exclude<keyof ControlSettings, 'requireApproval'>;

/** The numeric settings, each with its hint where the name alone does not say enough. */
const NUMBER_FIELDS: { field: NumberField; hint?: PumpControlMessageKey }[] = [
  { field: 'approvalMinutes' },
  { field: 'minOffSeconds', hint: 'pumpControl.settings.minOffSecondsHint' },
  { field: 'maxStartsPerHour' },
  { field: 'levelMaxAgeSeconds', hint: 'pumpControl.settings.levelMaxAgeSecondsHint' },
  { field: 'commandTtlSeconds', hint: 'pumpControl.settings.commandTtlSecondsHint' },
];

/** A station's control settings (pump:station:write): four eyes, anti-short-cycle, starts per hour, level age, time-out. */
export function ControlSettingsDrawer({
  station,
  open,
  onClose,
  i18n,
}: {
  station: ControlStation;
  open: boolean;
  onClose: () => void;
  i18n: PumpControlI18n;
}) {
  const { t, locale } = i18n;
  const queryClient = useQueryClient();
  const id = station.station.id;
  const contract = useContractForm({
    schema: controlSettingsSchema,
    tv: i18n.tv,
    submit: (body) => callApi(pumpControlApi.settings, { locale, params: { id }, body, silent: true }),
    onSaved: () => {
      Message.success(t('pumpControl.settings.saved'));
      void queryClient.invalidateQueries({ queryKey: [...pumpControlQueries.all, 'station', id] });
      onClose();
    },
  });
  const fields = NUMBER_FIELDS.map(({ field, hint }) => {
    const label = t(`pumpControl.settings.${field}`);
    return (
      <Form.Item
        key={field}
        label={label}
        field={field}
        required
        rules={[contract.rule(field)]}
        extra={hint ? t(hint) : undefined}
      >
        <InputNumber aria-label={label} precision={0} />
      </Form.Item>
    );
  });
  return (
    <FormDrawer
      contract={contract}
      open={open}
      title={t('pumpControl.settings.title', { station: station.station.name })}
      onClose={onClose}
      initialValues={station.settings}
      formKey={`${id}:${JSON.stringify(station.settings)}`}
      intro={<p className="pump-control-settings__intro">{t('pumpControl.settings.intro')}</p>}
    >
      <Form.Item
        label={t('pumpControl.settings.requireApproval')}
        field="requireApproval"
        triggerPropName="checked"
        extra={t('pumpControl.settings.requireApprovalHint')}
      >
        <Switch aria-label={t('pumpControl.settings.requireApproval')} />
      </Form.Item>
      <FormRow>
        {fields[0]}
        {fields[1]}
      </FormRow>
      <FormRow>
        {fields[2]}
        {fields[3]}
      </FormRow>
      {fields[4]}
    </FormDrawer>
  );
}
