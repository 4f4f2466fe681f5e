import { Alert, Button, Drawer, Form, type FormInstance, Input, Message, Radio } from '@arco-design/web-react';
import { ENTERPRISE_TYPES, type Enterprise, enterpriseInputSchema, RECORD_STATUSES } from '@water/contracts';
import { useState } from 'react';
import { dialogAttributes } from '../../../shared/ui/dialog-attributes.ts';
import { contractRule, errorText, showServerFieldErrors } from '../../../shared/ui/form-rules.ts';
import { useSaveEnterprise } from '../api/organization-queries.ts';
import { type OrganizationI18n, useOrganizationI18n } from '../use-organization-i18n.ts';
import { statusText, typeText } from './organization-labels.tsx';

type Values = {
  name: string;
  creditCode: string;
  type: Enterprise['type'];
  contact: string;
  phone: string;
  address: string;
  status: Enterprise['status'];
};

const fields = enterpriseInputSchema.shape;

/** `null` closed, `{ item: null }` a new enterprise, `{ item }` one to edit (as the list has it). */
export type EnterpriseDrawerTarget = { item: Enterprise | null } | null;

export function EnterpriseFormDrawer({ target, onClose }: { target: EnterpriseDrawerTarget; onClose: () => void }) {
  const i18n = useOrganizationI18n();
  const { t } = i18n;
  const item = target?.item ?? null;
  // The drawer's footer submits the form, so both live here.
  const [form] = Form.useForm<Values>();
  const save = useSaveEnterprise();
  const title = t(item === null ? 'org.enterprise.drawer.create' : 'org.enterprise.drawer.edit');

  return (
    <Drawer
      width={560}
      visible={target !== null}
      title={title}
      onCancel={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('org.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('org.save')}
          </Button>
        </>
      }
      unmountOnExit
      // Arco's drawer gives itself no role; its wrapper takes extra attributes.
      {...dialogAttributes(title)}
      className="org-drawer"
    >
      <EnterpriseForm
        key={item?.id ?? 'new'}
        item={item}
        i18n={i18n}
        form={form}
        save={save}
        onSaved={() => {
          Message.success(t('org.done.save'));
          onClose();
        }}
      />
    </Drawer>
  );
}

function initialValues(item: Enterprise | null): Values {
  if (!item) {
    return { name: '', creditCode: '', type: 'contractor', contact: '', phone: '', address: '', status: 'enabled' };
  }
  return {
    name: item.name,
    // Enterprises stored before codes were required have none: the form asks for one.
    creditCode: item.creditCode ?? '',
    type: item.type,
    contact: item.contact,
    phone: item.phone,
    address: item.address,
    status: item.status,
  };
}

function EnterpriseForm({
  item,
  i18n,
  form,
  save,
  onSaved,
}: {
  item: Enterprise | null;
  i18n: OrganizationI18n;
  form: FormInstance<Values>;
  save: ReturnType<typeof useSaveEnterprise>;
  onSaved: () => void;
}) {
  const { t, tv } = i18n;
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(values: Values) {
    setFailure(null);
    const parsed = enterpriseInputSchema.safeParse(values);
    if (!parsed.success) {
      setFailure(tv(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    try {
      await save.mutateAsync({ id: item?.id ?? null, body: parsed.data });
      onSaved();
    } catch (error) {
      showServerFieldErrors(form, error);
      setFailure(errorText(error, t('org.requestFailed')));
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      disabled={save.isPending}
      initialValues={initialValues(item)}
      onSubmit={submit}
      onChange={() => setFailure(null)}
    >
      <Form.Item label={t('org.enterprise.field.name')} field="name" required rules={[contractRule(fields.name, tv)]}>
        <Input placeholder={t('org.enterprise.field.namePlaceholder')} maxLength={100} showWordLimit />
      </Form.Item>
      <Form.Item
        label={t('org.enterprise.field.creditCode')}
        field="creditCode"
        required
        extra={t('org.enterprise.field.creditCodeHelp')}
        rules={[contractRule(fields.creditCode, tv)]}
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
      <div className="org-form-row">
        <Form.Item label={t('org.enterprise.field.contact')} field="contact" rules={[contractRule(fields.contact, tv)]}>
          <Input placeholder={t('org.enterprise.field.contactPlaceholder')} maxLength={50} />
        </Form.Item>
        <Form.Item label={t('org.field.phone')} field="phone" rules={[contractRule(fields.phone, tv)]}>
          <Input placeholder={t('org.field.phonePlaceholder')} maxLength={20} />
        </Form.Item>
      </div>
      <Form.Item label={t('org.enterprise.field.address')} field="address" rules={[contractRule(fields.address, tv)]}>
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
      {failure ? <Alert className="org-form-notice" type="error" content={failure} /> : null}
    </Form>
  );
}
