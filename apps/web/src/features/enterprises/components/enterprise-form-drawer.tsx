import { Form, Input, Message, Radio } from '@arco-design/web-react';
import { ENTERPRISE_TYPES, type Enterprise, enterpriseInputSchema, RECORD_STATUSES } from '@water/contracts';
import type { z } from 'zod';
import { FormDrawer, FormRow } from '../../../shared/ui/form-drawer.tsx';
import { useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { useSaveEnterprise } from '../api/organization-queries.ts';
import { useOrganizationI18n } from '../use-organization-i18n.ts';
import { statusText, typeText } from './organization-labels.tsx';

type Values = z.input<typeof enterpriseInputSchema>;

/** `null` closed, `{ item: null }` a new enterprise, `{ item }` one to edit (as the list has it). */
export type EnterpriseDrawerTarget = { item: Enterprise | null } | null;

function initialValues(item: Enterprise | null): Values {
  if (!item) {
    return { name: '', creditCode: '', type: 'contractor', contact: '', phone: '', address: '', status: 'enabled' };
  }
  const { name, type, contact, phone, address, status } = item;
  // Enterprises stored before codes were required have none: the form asks for one.
  return { name, creditCode: item.creditCode ?? '', type, contact, phone, address, status };
}

export function EnterpriseFormDrawer({ target, onClose }: { target: EnterpriseDrawerTarget; onClose: () => void }) {
  const { t, tv } = useOrganizationI18n();
  const item = target?.item ?? null;
  const save = useSaveEnterprise();
  const contract = useContractForm({
    schema: enterpriseInputSchema,
    tv,
    submit: (body) => save.mutateAsync({ id: item?.id ?? null, body }),
    onSaved: () => {
      Message.success(t('org.done.save'));
      onClose();
    },
  });
  const { rule } = contract;

  return (
    <FormDrawer
      contract={contract}
      open={target !== null}
      title={t(item === null ? 'org.enterprise.drawer.create' : 'org.enterprise.drawer.edit')}
      onClose={onClose}
      initialValues={initialValues(item)}
      formKey={item?.id ?? 'new'}
    >
      <Form.Item label={t('org.enterprise.field.name')} field="name" required rules={[rule('name')]}>
        <Input placeholder={t('org.enterprise.field.namePlaceholder')} maxLength={100} showWordLimit />
      </Form.Item>
      <Form.Item
        label={t('org.enterprise.field.creditCode')}
        field="creditCode"
        required
        extra={t('org.enterprise.field.creditCodeHelp')}
        rules={[rule('creditCode')]}
      >
        <Input
          className="org-mono"
          placeholder={t('org.enterprise.field.creditCodePlaceholder')}
          maxLength={18}
          showWordLimit
        />
      </Form.Item>
      <Form.Item label={t('org.enterprise.field.type')} field="type" required>
        <Radio.Group type="button" aria-label={t('org.enterprise.field.type')}>
          {ENTERPRISE_TYPES.map((value) => (
            <Radio key={value} value={value}>
              {typeText(value, t)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <FormRow>
        <Form.Item label={t('org.enterprise.field.contact')} field="contact" rules={[rule('contact')]}>
          <Input placeholder={t('org.enterprise.field.contactPlaceholder')} maxLength={50} />
        </Form.Item>
        <Form.Item label={t('org.field.phone')} field="phone" rules={[rule('phone')]}>
          <Input placeholder={t('org.field.phonePlaceholder')} maxLength={20} />
        </Form.Item>
      </FormRow>
      <Form.Item label={t('org.enterprise.field.address')} field="address" rules={[rule('address')]}>
        <Input placeholder={t('org.enterprise.field.addressPlaceholder')} maxLength={200} />
      </Form.Item>
      <Form.Item label={t('org.field.status')} field="status">
        <Radio.Group aria-label={t('org.field.status')}>
          {RECORD_STATUSES.map((value) => (
            <Radio key={value} value={value}>
              {statusText(value, t)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
    </FormDrawer>
  );
}
