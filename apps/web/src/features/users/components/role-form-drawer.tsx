import {
  Alert,
  Button,
  Drawer,
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
  type RoleInput,
  roleInputSchema,
} from '@water/contracts';
import { useMemo, useState } from 'react';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { dialogAttributes } from '../../../shared/ui/dialog-attributes.ts';
import { contractRule, errorText, showServerFieldErrors } from '../../../shared/ui/form-rules.ts';
import { useButtonPermission } from '../../../shared/ui/permission.tsx';
import { roleQueries, userQueries, useSaveRole } from '../api/users-queries.ts';
import { type UsersI18n, useUsersI18n } from '../use-users-i18n.ts';
import { allKeys, toTreeData } from './department-tree-data.ts';
import { indexMenus, linkedKeys, MenuGrantTree, representableLinked } from './menu-grant-tree.tsx';
import { scopeText, statusText } from './user-labels.tsx';

type Values = {
  code: string;
  name: string;
  nameEn: string;
  description: string;
  dataScope: Role['dataScope'];
  departmentIds: number[];
  /** Tree keys are strings. */
  regionIds: string[];
  sort: number;
  status: Role['status'];
};

type RegionOption = { key: string; title: string; children: RegionOption[] };
const regionOptions = (nodes: RegionNode[]): RegionOption[] =>
  nodes.map((n) => ({ key: String(n.id), title: n.name, children: regionOptions(n.children) }));

const fields = roleInputSchema.shape;
const MENU_LIST = [Permissions.systemMenuList] as const;

/** `null` closed, `{ id: null }` a new role, `{ id }` a role to edit (loaded with its grants). */
export type RoleDrawerTarget = { id: number | null } | null;

/** Create or edit a role: its names, data scope and menu grants. */
export function RoleFormDrawer({ target, onClose }: { target: RoleDrawerTarget; onClose: () => void }) {
  const i18n = useUsersI18n();
  const { t, locale } = i18n;
  const [form] = Form.useForm<Values>();
  const save = useSaveRole();
  const id = target?.id ?? null;
  const role = useQuery({ ...roleQueries.detail(id ?? 0, locale), enabled: id !== null });
  // Without the menu list the grants cannot be shown; an edit then keeps them as they are.
  const canReadMenus = useButtonPermission(MENU_LIST);
  const menus = useQuery({ ...roleQueries.menus(locale), enabled: target !== null && canReadMenus });
  const drawerTitle = t(id === null ? 'users.role.drawer.create' : 'users.role.drawer.edit');

  let body: React.ReactNode = null;
  if (target !== null) {
    if (id !== null && role.isError) {
      body = <Alert type="error" content={errorText(role.error, t('users.requestFailed'))} />;
    } else if ((id !== null && role.isPending) || (canReadMenus && menus.isPending)) {
      body = <Skeleton animation text={{ rows: 10 }} />;
    } else {
      body = (
        <RoleForm
          key={id ?? 'new'}
          role={id === null ? null : (role.data ?? null)}
          menus={menus.data ?? null}
          menusFailure={
            canReadMenus
              ? menus.isError
                ? errorText(menus.error, t('users.requestFailed'))
                : null
              : t('users.grants.noPermission')
          }
          i18n={i18n}
          form={form}
          save={save}
          onSaved={() => {
            Message.success(t('users.done.save'));
            onClose();
          }}
        />
      );
    }
  }

  return (
    <Drawer
      width={680}
      visible={target !== null}
      title={drawerTitle}
      onCancel={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('users.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('users.save')}
          </Button>
        </>
      }
      unmountOnExit
      {...dialogAttributes(drawerTitle)}
      className="users-drawer"
    >
      {body}
    </Drawer>
  );
}

function initialValues(role: Role | null): Values {
  if (!role) {
    return {
      code: '',
      name: '',
      nameEn: '',
      description: '',
      dataScope: 'self',
      departmentIds: [],
      regionIds: [],
      sort: 0,
      status: 'enabled',
    };
  }
  return {
    code: role.code,
    name: role.name,
    nameEn: role.nameEn,
    description: role.description,
    dataScope: role.dataScope,
    departmentIds: role.departmentIds,
    regionIds: role.regionIds.map(String),
    sort: role.sort,
    status: role.status,
  };
}

function RoleForm({
  role,
  menus,
  menusFailure,
  i18n,
  form,
  save,
  onSaved,
}: {
  role: Role | null;
  menus: AdminMenu[] | null;
  menusFailure: string | null;
  i18n: UsersI18n;
  form: FormInstance<Values>;
  save: ReturnType<typeof useSaveRole>;
  onSaved: () => void;
}) {
  const { t, tv, locale } = i18n;
  const [failure, setFailure] = useState<string | null>(null);
  const index = useMemo(() => indexMenus(menus ?? []), [menus]);
  const stored = role?.menuIds ?? [];
  const [linked, setLinked] = useState(() => representableLinked(index, stored));
  const [menuIds, setMenuIds] = useState<number[]>(() => (linked ? linkedKeys(index, stored) : stored));
  const departments = useQuery(userQueries.departments(locale));
  const regions = useQuery(referenceQueries.regionTree(locale));
  const scope: Values['dataScope'] = Form.useWatch('dataScope', form as FormInstance) ?? role?.dataScope ?? 'self';
  const isAdmin = role?.code === ROLE_ADMIN;

  async function submit(values: Values) {
    setFailure(null);
    const parsed = roleInputSchema.safeParse({
      ...values,
      departmentIds: values.dataScope === 'custom' ? (values.departmentIds ?? []) : [],
      regionIds: (values.regionIds ?? []).map(Number),
      // The tree's checked entries; the server adds their ancestors. No readable tree: the grants stay.
      menuIds: menus ? menuIds : stored,
    });
    if (!parsed.success) {
      setFailure(tv(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    try {
      const body: RoleInput = parsed.data;
      await save.mutateAsync({ id: role?.id ?? null, body });
      onSaved();
    } catch (error) {
      showServerFieldErrors(form, error);
      setFailure(errorText(error, t('users.requestFailed')));
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      disabled={save.isPending}
      initialValues={initialValues(role)}
      onSubmit={submit}
      onChange={() => setFailure(null)}
    >
      <div className="users-form-row">
        <Form.Item
          label={t('users.role.field.code')}
          field="code"
          required
          disabled={role?.builtin}
          extra={role?.builtin ? t('users.role.field.codeFixed') : t('users.role.field.codeHelp')}
          rules={[contractRule(fields.code, tv)]}
        >
          <Input placeholder={t('users.role.field.codePlaceholder')} maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('users.role.field.name')} field="name" required rules={[contractRule(fields.name, tv)]}>
          <Input placeholder={t('users.role.field.namePlaceholder')} maxLength={32} />
        </Form.Item>
      </div>
      {/* The name beside the code: a built-in role's code is fixed, and the drawer then focuses the name. */}
      <div className="users-form-row">
        <Form.Item label={t('users.role.field.nameEn')} field="nameEn" rules={[contractRule(fields.nameEn, tv)]}>
          <Input placeholder={t('users.role.field.nameEnPlaceholder')} maxLength={64} />
        </Form.Item>
        <Form.Item label={t('users.role.field.sort')} field="sort" rules={[contractRule(fields.sort, tv)]}>
          <InputNumber min={0} max={9999} precision={0} aria-label={t('users.role.field.sort')} />
        </Form.Item>
      </div>
      <Form.Item
        label={t('users.role.field.description')}
        field="description"
        rules={[contractRule(fields.description, tv)]}
      >
        <Input.TextArea maxLength={200} showWordLimit autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <div className="users-form-row">
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
      </div>
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
        <TreeSelect
          aria-label={t('users.role.field.regions')}
          multiple
          allowClear
          treeCheckable
          treeCheckStrictly
          showSearch
          loading={regions.isPending}
          placeholder={t('users.role.field.regionsPlaceholder')}
          treeData={regionOptions(regions.data ?? [])}
          filterTreeNode={(input, node) => String(node.props.title ?? '').includes(input)}
        />
      </Form.Item>
      <Form.Item label={t('users.field.menus')} extra={t('users.grants.help')}>
        {menus ? (
          <MenuGrantTree
            menus={menus}
            index={index}
            value={menuIds}
            linked={linked}
            onChange={setMenuIds}
            onLinkedChange={setLinked}
            i18n={i18n}
            disabled={save.isPending}
          />
        ) : (
          <Alert type="warning" content={menusFailure ?? t('users.requestFailed')} />
        )}
      </Form.Item>
      {failure ? <Alert className="users-form-notice" type="error" content={failure} /> : null}
    </Form>
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
