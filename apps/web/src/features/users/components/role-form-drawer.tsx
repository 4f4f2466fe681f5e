import {
  Alert,
  Empty,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Message,
  Radio,
  Select,
  Skeleton,
  Tree,
  TreeSelect,
} from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import {
  type AdminMenu,
  DATA_SCOPES,
  type DepartmentNode,
  Permissions,
  RECORD_STATUSES,
  type RegionNode,
  ROLE_ADMIN,
  type Role,
  roleInputSchema,
} from '@water/contracts';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { FormDrawer, FormRow } from '../../../shared/ui/form-drawer.tsx';
import { errorText } from '../../../shared/ui/form-rules.ts';
import { useButtonPermission } from '../../../shared/ui/permission.tsx';
import { useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { roleQueries, userQueries, useSaveRole } from '../api/users-queries.ts';
import { type UsersI18n, useUsersI18n } from '../use-users-i18n.ts';
import { allKeys, toTreeData } from './department-tree-data.ts';
import { indexMenus, linkedKeys, MenuGrantTree, type MenuIndex, representableLinked } from './menu-grant-tree.tsx';
import { scopeText, statusText } from './user-labels.tsx';

type Values = z.input<typeof roleInputSchema>;

type RegionOption = { key: string; title: string; children: RegionOption[] };
const regionOptions = (nodes: RegionNode[]): RegionOption[] =>
  nodes.map((n) => ({ key: String(n.id), title: n.name, children: regionOptions(n.children) }));

const MENU_LIST = [Permissions.systemMenuList] as const;

/** `null` closed, `{ id: null }` a new role, `{ id }` a role to edit (loaded with its grants). */
export type RoleDrawerTarget = { id: number | null } | null;

/**
 * The form's values, and whether the grant tree opens linked: only when the stored grants read the
 * same that way (the tree then checks whole branches, so `menuIds` are the branches' keys).
 */
function initialValues(role: Role | null, index: MenuIndex): { values: Values; linked: boolean } {
  if (!role) {
    const values: Values = { code: '', name: '', nameEn: '', description: '', dataScope: 'self', sort: 0 };
    return { values: { ...values, departmentIds: [], regionIds: [], menuIds: [], status: 'enabled' }, linked: true };
  }
  const linked = representableLinked(index, role.menuIds);
  const { code, name, nameEn, description, dataScope, departmentIds, regionIds, sort, status } = role;
  const menuIds = linked ? linkedKeys(index, role.menuIds) : role.menuIds;
  return {
    values: { code, name, nameEn, description, dataScope, departmentIds, regionIds, menuIds, sort, status },
    linked,
  };
}

/** Create or edit a role: its names, data scope and menu grants. */
export function RoleFormDrawer({ target, onClose }: { target: RoleDrawerTarget; onClose: () => void }) {
  const i18n = useUsersI18n();
  const { t, tv, locale } = i18n;
  const save = useSaveRole();
  const id = target?.id ?? null;
  const role = useQuery({ ...roleQueries.detail(id ?? 0, locale), enabled: id !== null });
  // Without the menu list the grants cannot be shown; an edit then keeps them as they are.
  const canReadMenus = useButtonPermission(MENU_LIST);
  const menus = useQuery({ ...roleQueries.menus(locale), enabled: target !== null && canReadMenus });
  const departments = useQuery({ ...userQueries.departments(locale), enabled: target !== null });
  const regions = useQuery({ ...referenceQueries.regionTree(locale), enabled: target !== null });
  const index = useMemo(() => indexMenus(menus.data ?? []), [menus.data]);
  const current = id === null ? null : (role.data ?? null);
  const initial = initialValues(current, index);
  const stored = current?.menuIds ?? [];

  const contract = useContractForm({
    schema: roleInputSchema,
    tv,
    toInput: (values) => ({
      ...values,
      departmentIds: values.dataScope === 'custom' ? (values.departmentIds ?? []) : [],
      // The tree's checked entries; the server adds their ancestors. No readable tree: the grants stay.
      menuIds: menus.data ? values.menuIds : stored,
    }),
    submit: (body) => save.mutateAsync({ id, body }),
    onSaved: () => {
      Message.success(t('users.done.save'));
      onClose();
    },
  });
  const { rule } = contract;
  const scope: Values['dataScope'] =
    Form.useWatch('dataScope', contract.form as FormInstance) ?? current?.dataScope ?? 'self';
  const isAdmin = current?.code === ROLE_ADMIN;

  let instead: React.ReactNode;
  if (id !== null && role.isError) {
    instead = <Alert type="error" content={errorText(role.error, t('users.requestFailed'))} />;
  } else if ((id !== null && role.isPending) || (canReadMenus && menus.isPending)) {
    instead = <Skeleton animation text={{ rows: 10 }} />;
  }
  const menusFailure = canReadMenus ? errorText(menus.error, t('users.requestFailed')) : t('users.grants.noPermission');

  return (
    <FormDrawer
      contract={contract}
      open={target !== null}
      title={t(id === null ? 'users.role.drawer.create' : 'users.role.drawer.edit')}
      onClose={onClose}
      width={680}
      initialValues={initial.values}
      formKey={id ?? 'new'}
      instead={instead}
    >
      <FormRow>
        <Form.Item
          label={t('users.role.field.code')}
          field="code"
          required
          disabled={current?.builtin}
          extra={current?.builtin ? t('users.role.field.codeFixed') : t('users.role.field.codeHelp')}
          rules={[rule('code')]}
        >
          <Input placeholder={t('users.role.field.codePlaceholder')} maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('users.role.field.name')} field="name" required rules={[rule('name')]}>
          <Input placeholder={t('users.role.field.namePlaceholder')} maxLength={32} />
        </Form.Item>
      </FormRow>
      {/* The name beside the code: a built-in role's code is fixed, and the drawer then focuses the name. */}
      <FormRow>
        <Form.Item label={t('users.role.field.nameEn')} field="nameEn" rules={[rule('nameEn')]}>
          <Input placeholder={t('users.role.field.nameEnPlaceholder')} maxLength={64} />
        </Form.Item>
        <Form.Item label={t('users.role.field.sort')} field="sort" rules={[rule('sort')]}>
          <InputNumber min={0} max={9999} precision={0} aria-label={t('users.role.field.sort')} />
        </Form.Item>
      </FormRow>
      <Form.Item label={t('users.role.field.description')} field="description" rules={[rule('description')]}>
        <Input.TextArea maxLength={200} showWordLimit autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <FormRow>
        <Form.Item
          label={t('users.role.field.dataScope')}
          field="dataScope"
          disabled={isAdmin}
          extra={isAdmin ? t('users.role.field.adminFixed') : undefined}
        >
          <Select
            aria-label={t('users.role.field.dataScope')}
            options={DATA_SCOPES.map((value) => ({ label: scopeText(value, t), value }))}
          />
        </Form.Item>
        <Form.Item label={t('users.role.field.status')} field="status" disabled={isAdmin}>
          <Radio.Group aria-label={t('users.role.field.status')}>
            {RECORD_STATUSES.map((value) => (
              <Radio key={value} value={value}>
                {statusText(value, t)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
      </FormRow>
      {scope === 'custom' ? (
        <Form.Item
          label={t('users.role.field.departments')}
          field="departmentIds"
          required
          extra={t('users.role.field.departmentsHelp')}
          rules={[
            {
              validator: (value: number[] | undefined, callback) =>
                callback(value?.length ? undefined : tv('validation.customScopeNeedsDepartments')),
            },
          ]}
        >
          <DepartmentChecks i18n={i18n} data={departments.data ?? null} loading={departments.isPending} />
        </Form.Item>
      ) : null}
      <Form.Item
        label={t('users.role.field.regions')}
        field="regionIds"
        disabled={isAdmin}
        extra={isAdmin ? t('users.role.field.adminFixed') : t('users.role.field.regionsHelp')}
      >
        <RegionChecks i18n={i18n} data={regions.data ?? []} loading={regions.isPending} />
      </Form.Item>
      {menus.data ? (
        <Form.Item label={t('users.field.menus')} field="menuIds" extra={t('users.grants.help')}>
          <MenuGrants
            menus={menus.data}
            index={index}
            initialLinked={initial.linked}
            i18n={i18n}
            disabled={contract.pending}
          />
        </Form.Item>
      ) : (
        <Form.Item label={t('users.field.menus')} extra={t('users.grants.help')}>
          <Alert type="warning" content={menusFailure} />
        </Form.Item>
      )}
    </FormDrawer>
  );
}

/** The grant tree as a form field: the checked entries, and (its own) whether parent and children are linked. */
function MenuGrants({
  value,
  onChange,
  menus,
  index,
  initialLinked,
  i18n,
  disabled,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  menus: AdminMenu[];
  index: MenuIndex;
  initialLinked: boolean;
  i18n: UsersI18n;
  disabled: boolean;
}) {
  const [linked, setLinked] = useState(initialLinked);
  return (
    <MenuGrantTree
      menus={menus}
      index={index}
      value={value ?? []}
      linked={linked}
      onChange={(ids) => onChange?.(ids)}
      onLinkedChange={setLinked}
      i18n={i18n}
      disabled={disabled}
    />
  );
}

/** Regions the role is limited to, each checked on its own (Arco's tree widgets key by string). */
function RegionChecks({
  value,
  onChange,
  i18n,
  data,
  loading,
  disabled,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  i18n: UsersI18n;
  data: RegionNode[];
  loading: boolean;
  disabled?: boolean;
}) {
  const { t } = i18n;
  return (
    <TreeSelect
      aria-label={t('users.role.field.regions')}
      multiple
      allowClear
      treeCheckable
      treeCheckStrictly
      showSearch
      disabled={disabled}
      loading={loading}
      placeholder={t('users.role.field.regionsPlaceholder')}
      treeData={regionOptions(data)}
      filterTreeNode={(input, node) => String(node.props.title ?? '').includes(input)}
      value={(value ?? []).map(String)}
      onChange={(keys: string[] | undefined) => onChange?.((keys ?? []).map(Number))}
    />
  );
}

/** Each department checked on its own: a custom scope lists exactly the departments it covers. */
function DepartmentChecks({
  value,
  onChange,
  i18n,
  data,
  loading,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  i18n: UsersI18n;
  data: DepartmentNode[] | null;
  loading: boolean;
}) {
  const { t } = i18n;
  const tree = useMemo(() => toTreeData(data ?? []), [data]);
  if (loading) return <Skeleton animation text={{ rows: 4 }} />;
  if (tree.length === 0) return <Empty description={t('users.dept.none')} />;
  return (
    <div className="users-grant-tree__body users-grant-tree__body--short">
      <Tree
        checkable
        checkStrictly
        blockNode
        size="small"
        selectable={false}
        treeData={tree}
        defaultExpandedKeys={allKeys(tree)}
        checkedKeys={(value ?? []).map(String)}
        onCheck={(keys) => onChange?.(keys.map(Number))}
        aria-label={t('users.role.field.departments')}
      />
    </div>
  );
}
