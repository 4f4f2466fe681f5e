import { Form, Input, InputNumber, Message } from '@arco-design/web-react';
import { type WqParameterInfo, wqParameterInputSchema } from '@water/contracts';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { blankAsNull, useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { useUpdateParameter } from './limit-sets-queries.ts';
import { useSetsI18n } from './use-sets-i18n.ts';

/** A parameter's method-detection limit and analysis method (the lab's); its unit and name are the contract's. */
export function ParameterDrawer({ parameter, onClose }: { parameter: WqParameterInfo | null; onClose: () => void }) {
  const i18n = useSetsI18n();
  const { t, locale } = i18n;
  const update = useUpdateParameter(locale);
  const contract = useContractForm({
    schema: wqParameterInputSchema,
    tv: i18n.tv,
    toInput: (values) => ({ mdl: blankAsNull(values.mdl), method: values.method ?? '' }),
    submit: (body) => update.mutateAsync({ code: parameter?.code ?? 'ph', body }),
    onSaved: () => {
      Message.success(t('wqSets.params.saved'));
      onClose();
    },
  });
  return (
    <FormDrawer
      contract={contract}
      open={parameter !== null}
      title={parameter ? t('wqSets.params.drawer', { name: parameter.name }) : ''}
      onClose={onClose}
      width={480}
      initialValues={parameter ? { mdl: parameter.mdl, method: parameter.method } : {}}
      formKey={parameter?.code ?? 'none'}
    >
      <Form.Item
        label={t('wqSets.params.mdl')}
        field="mdl"
        rules={[contract.rule('mdl')]}
        extra={t('wqSets.params.mdlHelp')}
      >
        <InputNumber aria-label={t('wqSets.params.mdl')} min={0} suffix={parameter?.unit || undefined} />
      </Form.Item>
      <Form.Item label={t('wqSets.params.method')} field="method" rules={[contract.rule('method')]}>
        <Input maxLength={120} />
      </Form.Item>
    </FormDrawer>
  );
}
