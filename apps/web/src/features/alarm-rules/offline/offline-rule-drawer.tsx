import { Form, type FormInstance, InputNumber, Message, Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { type OfflineRule, type OfflineRuleInput, offlineRuleInputSchema } from '@water/contracts';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { useSaveOfflineRule } from '../api/alarm-rule-queries.ts';
import { DeviceSelect } from '../common/device-select.tsx';
import { secondsText } from '../common/durations.ts';
import { RecipientsFields } from '../common/recipients-fields.tsx';
import { SeverityField, SwitchField } from '../common/rule-fields.tsx';
import { useAlarmRulesI18n } from '../use-alarm-rules-i18n.ts';

/** `null` closed, `{ rule: null }` a new rule, `{ rule }` an edit. */
export type OfflineDrawerTarget = { rule: OfflineRule | null } | null;

/** Telemetry's own silence before it marks a device offline, where the type's model says none. */
const TYPE_DEFAULT_SECONDS = 600;

function initialValues(rule: OfflineRule | null): Partial<OfflineRuleInput> {
  if (!rule) {
    return {
      deviceId: null,
      enabled: true,
      timeoutSeconds: TYPE_DEFAULT_SECONDS,
      deadbandSeconds: 60,
      severity: 'major',
      recipients: { userIds: [], roleCodes: [], departmentIds: [] },
      sms: false,
    };
  }
  const { deviceTypeId, deviceId, enabled, timeoutSeconds, deadbandSeconds, severity, recipients, sms } = rule;
  return { deviceTypeId, deviceId, enabled, timeoutSeconds, deadbandSeconds, severity, recipients, sms };
}

/**
 * Create or edit an offline rule: a device type (every device of it without a rule of its own) or
 * one device of the type, the silence after which it is alarmed, the tolerance beyond it, the
 * severity and whom to tell.
 */
export function OfflineRuleDrawer({ target, onClose }: { target: OfflineDrawerTarget; onClose: () => void }) {
  const i18n = useAlarmRulesI18n();
  const { t, locale } = i18n;
  const rule = target?.rule ?? null;
  const open = target !== null;
  const save = useSaveOfflineRule();
  const types = useQuery({ ...referenceQueries.deviceTypes(locale), enabled: open });
  const contract = useContractForm({
    schema: offlineRuleInputSchema,
    tv: i18n.tv,
    toInput: (values) => ({ ...values, deviceId: values.deviceId ?? null }),
    submit: (body) => save.mutateAsync({ id: rule?.id ?? null, body }),
    onSaved: () => {
      Message.success(t(rule ? 'alarmRules.done.save' : 'alarmRules.done.create'));
      onClose();
    },
  });
  const form = contract.form as unknown as FormInstance;
  const typeId: number | undefined = Form.useWatch('deviceTypeId', form);
  const timeout: number | undefined = Form.useWatch('timeoutSeconds', form);
  const deadband: number | undefined = Form.useWatch('deadbandSeconds', form);
  const type = types.data?.find((ty) => ty.id === typeId);
  const typeSeconds = type?.model.offlineAfterSeconds ?? TYPE_DEFAULT_SECONDS;
  const required = { required: true, message: t('alarmRules.required') };

  return (
    <FormDrawer
      contract={contract}
      open={open}
      title={rule ? t('offlineRules.drawer.edit') : t('offlineRules.drawer.create')}
      onClose={onClose}
      width="min(760px, calc(100vw - 48px))"
      initialValues={initialValues(rule)}
      formKey={rule ? `${rule.id}:${rule.updatedAt}` : 'new'}
      className="alarm-rules-drawer"
    >
      <div className="alarm-rules-grid">
        <Form.Item label={t('offlineRules.field.deviceType')} field="deviceTypeId" required rules={[required]}>
          <Select
            aria-label={t('offlineRules.field.deviceType')}
            placeholder={t('alarmRules.field.deviceTypePlaceholder')}
            showSearch
            loading={types.isPending}
            onChange={(id: number) => {
              // Another type: its own devices, and its own telemetry silence as the starting timeout.
              const next = types.data?.find((ty) => ty.id === id);
              form.setFieldsValue({
                deviceId: null,
                timeoutSeconds: next?.model.offlineAfterSeconds ?? TYPE_DEFAULT_SECONDS,
              });
            }}
            options={(types.data ?? []).map((ty) => ({
              label: locale === 'zh-CN' ? ty.nameZh : ty.nameEn,
              value: ty.id,
            }))}
          />
        </Form.Item>
        <Form.Item label={t('offlineRules.field.device')} field="deviceId" extra={t('offlineRules.field.deviceHelp')}>
          <DeviceSelect
            i18n={i18n}
            typeId={typeId}
            label={t('offlineRules.field.device')}
            placeholder={t('offlineRules.field.devicePlaceholder')}
          />
        </Form.Item>
        <Form.Item
          label={t('offlineRules.field.timeout')}
          field="timeoutSeconds"
          required
          rules={[contract.rule('timeoutSeconds')]}
          extra={
            timeout
              ? t('offlineRules.field.timeoutHelp', {
                  time: secondsText(timeout, t),
                  type: secondsText(typeSeconds, t),
                })
              : undefined
          }
        >
          <InputNumber
            aria-label={t('offlineRules.field.timeout')}
            min={30}
            precision={0}
            suffix={t('alarmRules.unit.seconds')}
          />
        </Form.Item>
        <Form.Item
          label={t('offlineRules.field.deadband')}
          field="deadbandSeconds"
          rules={[contract.rule('deadbandSeconds')]}
          extra={t('offlineRules.field.deadbandHelp', {
            time: secondsText((timeout ?? 0) + (deadband ?? 0), t),
          })}
        >
          <InputNumber
            aria-label={t('offlineRules.field.deadband')}
            min={0}
            precision={0}
            suffix={t('alarmRules.unit.seconds')}
          />
        </Form.Item>
        <SeverityField label={t('alarmRules.field.severity')} />
        <SwitchField field="enabled" label={t('alarmRules.field.enabled')} />
      </div>
      <h3 className="alarm-rules-section__title">{t('alarmRules.section.notify')}</h3>
      <RecipientsFields base="recipients" kind="notify" i18n={i18n} />
      <SwitchField field="sms" label={t('alarmRules.field.sms')} extra={t('alarmRules.field.smsHelp')} />
    </FormDrawer>
  );
}
