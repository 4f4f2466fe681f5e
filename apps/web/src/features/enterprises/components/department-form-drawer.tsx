import {
  Alert,
  Button,
  Drawer,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Message,
  Radio,
  TreeSelect,
} from '@arco-design/web-react';
import { type DepartmentNode, departmentInputSchema, RECORD_STATUSES } from '@water/contracts';
import { useMemo, useState } from 'react';
import { dialogAttributes } from '../../../shared/ui/dialog-attributes.ts';
import { contractRule, errorText, showServerFieldErrors } from '../../../shared/ui/form-rules.ts';
import { useSaveDepartment } from '../api/organization-queries.ts';
import { type OrganizationI18n, useOrganizationI18n } from '../use-organization-i18n.ts';
import { parentIds, parentOptions } from './department-tree.ts';
import { statusText } from './organization-labels.tsx';

type Values = {
  /** A TreeSelect key (the id as text); none is the enterprise's top level. */
  parentId: string | undefined;
  name: string;
  orderNum: number | undefined;
  leader: string;
  phone: string;
  status: DepartmentNode['status'];
};

const fields = departmentInputSchema.shape;

/**
 * `null` closed; `{ item: null, parentId }` a new department (under `parentId`, or at the top);
 * `{ item }` a department to edit.
 */
export type DepartmentDrawerTarget = { item: null; parentId: number | null } | { item: DepartmentNode } | null;

export function DepartmentFormDrawer({
  target,
  enterpriseId,
  tree,
  onClose,
}: {
  target: DepartmentDrawerTarget;
  enterpriseId: number;
  tree: DepartmentNode[];
  onClose: () => void;
}) {
  const i18n = useOrganizationI18n();
  const { t } = i18n;
  const item = target?.item ?? null;
  const [form] = Form.useForm<Values>();
  const save = useSaveDepartment();
  const title = t(item === null ? 'org.dept.drawer.create' : 'org.dept.drawer.edit');

  return (
    <Drawer
      width={520}
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
      {...dialogAttributes(title)}
      className="org-drawer"
    >
      {target ? (
        <DepartmentForm
          key={item ? item.id : `new-${'parentId' in target ? target.parentId : ''}`}
          target={target}
          enterpriseId={enterpriseId}
          tree={tree}
          i18n={i18n}
          form={form}
          save={save}
          onSaved={() => {
            Message.success(t('org.done.save'));
            onClose();
          }}
        />
      ) : null}
    </Drawer>
  );
}

function initialValues(target: NonNullable<DepartmentDrawerTarget>): Values {
  const { item } = target;
  if (!item) {
    const parentId = 'parentId' in target && target.parentId !== null ? String(target.parentId) : undefined;
    return { parentId, name: '', orderNum: 0, leader: '', phone: '', status: 'enabled' };
  }
  return {
    parentId: item.parentId === null ? undefined : String(item.parentId),
    name: item.name,
    orderNum: item.orderNum,
    leader: item.leader,
    phone: item.phone,
    status: item.status,
  };
}

function DepartmentForm({
  target,
  enterpriseId,
  tree,
  i18n,
  form,
  save,
  onSaved,
}: {
  target: NonNullable<DepartmentDrawerTarget>;
  enterpriseId: number;
  tree: DepartmentNode[];
  i18n: OrganizationI18n;
  form: FormInstance<Values>;
  save: ReturnType<typeof useSaveDepartment>;
  onSaved: () => void;
}) {
  const { t, tv } = i18n;
  const item = target.item;
  const [failure, setFailure] = useState<string | null>(null);
  const options = useMemo(() => parentOptions(tree, item ?? undefined), [tree, item]);
  const expanded = useMemo(() => parentIds(tree).map(String), [tree]);

  async function submit(values: Values) {
    setFailure(null);
    const parsed = departmentInputSchema.safeParse({
      ...values,
      enterpriseId,
      parentId: values.parentId ? Number(values.parentId) : null,
    });
    if (!parsed.success) {
      setFailure(tv(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    try {
      await save.mutateAsync({ id: item?.id ?? null, body: parsed.data });
      onSaved();
    } catch (error) {
      showServerFieldErrors(form, error);
      // The server's refusal (a cycle, a name taken at that level) is already in the reader's language.
      setFailure(errorText(error, t('org.requestFailed')));
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      disabled={save.isPending}
      initialValues={initialValues(target)}
      onSubmit={submit}
      onChange={() => setFailure(null)}
    >
      <Form.Item
        label={t('org.dept.field.parent')}
        field="parentId"
        extra={item ? t('org.dept.field.parentHelp') : undefined}
      >
        <TreeSelect
          aria-label={t('org.dept.field.parent')}
          placeholder={t('org.dept.field.parentPlaceholder')}
          treeData={options}
          allowClear
          showSearch
          treeProps={{ defaultExpandedKeys: expanded }}
        />
      </Form.Item>
      <Form.Item label={t('org.dept.field.name')} field="name" required rules={[contractRule(fields.name, tv)]}>
        <Input placeholder={t('org.dept.field.namePlaceholder')} maxLength={50} showWordLimit />
      </Form.Item>
      <div className="org-form-row">
        <Form.Item label={t('org.dept.field.leader')} field="leader" rules={[contractRule(fields.leader, tv)]}>
          <Input placeholder={t('org.dept.field.leaderPlaceholder')} maxLength={50} />
        </Form.Item>
        <Form.Item label={t('org.field.phone')} field="phone" rules={[contractRule(fields.phone, tv)]}>
          <Input placeholder={t('org.field.phonePlaceholder')} maxLength={20} />
        </Form.Item>
      </div>
      <div className="org-form-row">
        <Form.Item
          label={t('org.dept.field.order')}
          field="orderNum"
          extra={t('org.dept.field.orderHelp')}
          rules={[contractRule(fields.orderNum, tv)]}
        >
          <InputNumber aria-label={t('org.dept.field.order')} min={0} max={9999} precision={0} mode="button" />
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
      </div>
      {failure ? <Alert className="org-form-notice" type="error" content={failure} /> : null}
    </Form>
  );
}
