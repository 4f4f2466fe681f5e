import { Form, Input, InputNumber, Message, Radio } from '@arco-design/web-react';
import { type DepartmentNode, departmentInputSchema, RECORD_STATUSES } from '@water/contracts';
import { useMemo } from 'react';
import type { z } from 'zod';
import { FormDrawer, FormRow } from '../../../shared/ui/form-drawer.tsx';
import { IdTreeSelect } from '../../../shared/ui/id-tree-select.tsx';
import { blankAsNull, useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { useSaveDepartment } from '../api/organization-queries.ts';
import { useOrganizationI18n } from '../use-organization-i18n.ts';
import { parentIds, parentOptions } from './department-tree.ts';
import { statusText } from './organization-labels.tsx';

type Values = z.input<typeof departmentInputSchema>;

/**
 * `null` closed; `{ item: null, parentId }` a new department (under `parentId`, or at the top);
 * `{ item }` a department to edit.
 */
export type DepartmentDrawerTarget = { item: null; parentId: number | null } | { item: DepartmentNode } | null;

function initialValues(target: DepartmentDrawerTarget, enterpriseId: number): Values {
  const item = target?.item ?? null;
  if (!item) {
    const parentId = target && 'parentId' in target ? target.parentId : null;
    return { enterpriseId, parentId, name: '', orderNum: 0, leader: '', phone: '', status: 'enabled' };
  }
  const { parentId, name, orderNum, leader, phone, status } = item;
  return { enterpriseId, parentId, name, orderNum, leader, phone, status };
}

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
  const { t, tv } = useOrganizationI18n();
  const item = target?.item ?? null;
  const save = useSaveDepartment();
  const contract = useContractForm({
    schema: departmentInputSchema,
    // The enterprise is the page's; an emptied parent is the enterprise's top level.
    toInput: (values) => ({ ...values, enterpriseId, parentId: blankAsNull(values.parentId) }),
    tv,
    submit: (body) => save.mutateAsync({ id: item?.id ?? null, body }),
    onSaved: () => {
      Message.success(t('org.done.save'));
      onClose();
    },
  });
  const { rule } = contract;
  const options = useMemo(() => parentOptions(tree, item ?? undefined), [tree, item]);
  const expanded = useMemo(() => parentIds(tree).map(String), [tree]);

  return (
    <FormDrawer
      contract={contract}
      open={target !== null}
      title={t(item === null ? 'org.dept.drawer.create' : 'org.dept.drawer.edit')}
      onClose={onClose}
      width={520}
      initialValues={initialValues(target, enterpriseId)}
      formKey={item ? item.id : `new-${target && 'parentId' in target ? target.parentId : ''}`}
    >
      <Form.Item
        label={t('org.dept.field.parent')}
        field="parentId"
        extra={item ? t('org.dept.field.parentHelp') : undefined}
      >
        <IdTreeSelect
          label={t('org.dept.field.parent')}
          placeholder={t('org.dept.field.parentPlaceholder')}
          treeData={options}
          expandedKeys={expanded}
        />
      </Form.Item>
      <Form.Item label={t('org.dept.field.name')} field="name" required rules={[rule('name')]}>
        <Input placeholder={t('org.dept.field.namePlaceholder')} maxLength={50} showWordLimit />
      </Form.Item>
      <FormRow>
        <Form.Item label={t('org.dept.field.leader')} field="leader" rules={[rule('leader')]}>
          <Input placeholder={t('org.dept.field.leaderPlaceholder')} maxLength={50} />
        </Form.Item>
        <Form.Item label={t('org.field.phone')} field="phone" rules={[rule('phone')]}>
          <Input placeholder={t('org.field.phonePlaceholder')} maxLength={20} />
        </Form.Item>
      </FormRow>
      <FormRow>
        <Form.Item
          label={t('org.dept.field.order')}
          field="orderNum"
          extra={t('org.dept.field.orderHelp')}
          rules={[rule('orderNum')]}
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
      </FormRow>
    </FormDrawer>
  );
}
