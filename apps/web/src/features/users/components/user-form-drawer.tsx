import {
  Alert,
  Button,
  Drawer,
  Form,
  type FormInstance,
  Input,
  Message,
  Radio,
  Select,
  TreeSelect,
} from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import {
  ALL_PERMISSIONS,
  type ManagedUser,
  RECORD_STATUSES,
  ROLE_ADMIN,
  type UserInput,
  userInputSchema,
} from '@water/contracts';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { dialogAttributes } from '../../../shared/ui/dialog-attributes.ts';
import { contractRule, errorText, showServerFieldErrors } from '../../../shared/ui/form-rules.ts';
import { useButtonPermission } from '../../../shared/ui/permission.tsx';
import { roleQueries, userQueries, useSaveUser } from '../api/users-queries.ts';
import { type UsersI18n, useUsersI18n } from '../use-users-i18n.ts';
import { toTreeData } from './department-tree-data.ts';
import type { TemporaryPassword } from './temporary-password-modal.tsx';
import { statusText } from './user-labels.tsx';
import '../../../shared/ui/facts-list.css';

type Values = {
  username: string;
  displayName: string;
  phone: string;
  email: string;
  departmentId: number | null;
  roleCodes: string[];
  status: ManagedUser['status'];
};

const fields = userInputSchema.shape;

/** `null` closed, `{ user: null }` a new user (in `departmentId` when the tree has one selected), `{ user }` an edit. */
export type UserDrawerTarget = { user: ManagedUser | null; departmentId?: number | null } | null;

/** Create or edit a user. A new user's temporary password goes to `onCreated`, shown once by the page. */
export function UserFormDrawer({
  target,
  onClose,
  onCreated,
}: {
  target: UserDrawerTarget;
  onClose: () => void;
  onCreated: (password: TemporaryPassword) => void;
}) {
  const i18n = useUsersI18n();
  const { t } = i18n;
  const [form] = Form.useForm<Values>();
  const save = useSaveUser();
  const user = target?.user ?? null;
  const drawerTitle = t(user === null ? 'users.drawer.create' : 'users.drawer.edit');

  return (
    <Drawer
      width={560}
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
      {target ? (
        <UserForm
          key={user?.id ?? 'new'}
          user={user}
          departmentId={target.departmentId ?? null}
          i18n={i18n}
          form={form}
          save={save}
          onSaved={(saved, password) => {
            if (password) {
              onCreated({
                kind: 'created',
                username: saved.username,
                displayName: saved.displayName,
                password,
              });
            } else Message.success(t('users.done.save'));
            onClose();
          }}
        />
      ) : null}
    </Drawer>
  );
}

function initialValues(user: ManagedUser | null, departmentId: number | null): Values {
  if (!user) {
    return {
      username: '',
      displayName: '',
      phone: '',
      email: '',
      departmentId,
      roleCodes: [],
      status: 'enabled',
    };
  }
  return {
    username: user.username,
    displayName: user.displayName,
    phone: user.phone ?? '',
    email: user.email,
    departmentId: user.departmentId,
    roleCodes: user.roles.map((r) => r.code),
    status: user.status,
  };
}

function UserForm({
  user,
  departmentId,
  i18n,
  form,
  save,
  onSaved,
}: {
  user: ManagedUser | null;
  departmentId: number | null;
  i18n: UsersI18n;
  form: FormInstance<Values>;
  save: ReturnType<typeof useSaveUser>;
  onSaved: (user: ManagedUser, temporaryPassword?: string) => void;
}) {
  const { t, tv, locale } = i18n;
  const [failure, setFailure] = useState<string | null>(null);
  const roles = useQuery(roleQueries.options(locale));
  const departments = useQuery(userQueries.departments(locale));
  // Only the admin role hands out the admin role (the server refuses anyone else, modules/roles/grants.ts).
  const admin = useButtonPermission([ALL_PERMISSIONS]);
  const offered = (roles.data ?? []).filter((r) => admin || r.code !== ROLE_ADMIN);
  // A role the picker no longer offers (disabled since) keeps its name on the user being edited.
  const roleOptions = [
    ...offered.map((r) => ({ label: r.name, value: r.code })),
    ...(user?.roles ?? [])
      .filter((held) => !offered.some((r) => r.code === held.code))
      .map((r) => ({ label: r.name, value: r.code })),
  ];

  async function submit(values: Values) {
    setFailure(null);
    const parsed = userInputSchema.safeParse({ ...values, departmentId: values.departmentId ?? null });
    if (!parsed.success) {
      setFailure(tv(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    try {
      const body: UserInput = parsed.data;
      const saved = await save.mutateAsync({ id: user?.id ?? null, body });
      onSaved(saved.user, 'temporaryPassword' in saved ? saved.temporaryPassword : undefined);
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
      initialValues={initialValues(user, departmentId)}
      onSubmit={submit}
      onChange={() => setFailure(null)}
    >
      {user ? (
        // What the list leaves out to fit the window: when the account was made and last used.
        <dl className="facts-list">
          <dt>{t('users.col.createdAt')}</dt>
          <dd>{formatDateTime(user.createdAt, locale)}</dd>
          <dt>{t('users.col.lastLoginAt')}</dt>
          <dd>{user.lastLoginAt ? formatDateTime(user.lastLoginAt, locale) : t('users.neverSignedIn')}</dd>
        </dl>
      ) : null}
      <Form.Item
        label={t('users.field.username')}
        field="username"
        required
        extra={t('users.field.usernameHelp')}
        rules={[contractRule(fields.username, tv)]}
      >
        <Input placeholder={t('users.field.usernamePlaceholder')} maxLength={64} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={t('users.field.displayName')}
        field="displayName"
        required
        rules={[contractRule(fields.displayName, tv)]}
      >
        <Input placeholder={t('users.field.displayNamePlaceholder')} maxLength={32} />
      </Form.Item>
      <div className="users-form-row">
        <Form.Item label={t('users.field.phone')} field="phone" rules={[contractRule(fields.phone, tv)]}>
          <Input placeholder={t('users.field.phonePlaceholder')} maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item label={t('users.field.email')} field="email" rules={[contractRule(fields.email, tv)]}>
          <Input placeholder={t('users.field.emailPlaceholder')} maxLength={100} />
        </Form.Item>
      </div>
      <Form.Item label={t('users.field.department')} field="departmentId">
        <DepartmentSelect i18n={i18n} loading={departments.isPending} data={departments.data ?? []} />
      </Form.Item>
      <Form.Item label={t('users.field.roles')} field="roleCodes" required rules={[contractRule(fields.roleCodes, tv)]}>
        <Select
          mode="multiple"
          aria-label={t('users.field.roles')}
          placeholder={t('users.field.rolesPlaceholder')}
          loading={roles.isPending}
          options={roleOptions}
          allowClear
        />
      </Form.Item>
      <Form.Item label={t('users.field.status')} field="status">
        <Radio.Group aria-label={t('users.field.status')}>
          {RECORD_STATUSES.map((value) => (
            <Radio key={value} value={value}>
              {statusText(value, t)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {failure ? <Alert className="users-form-notice" type="error" content={failure} /> : null}
    </Form>
  );
}

function DepartmentSelect({
  value,
  onChange,
  i18n,
  loading,
  data,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  i18n: UsersI18n;
  loading: boolean;
  data: Parameters<typeof toTreeData>[0];
}) {
  const { t } = i18n;
  return (
    <TreeSelect
      allowClear
      showSearch
      loading={loading}
      placeholder={t('users.field.departmentPlaceholder')}
      treeData={toTreeData(data)}
      filterTreeNode={(input, node) => String(node.props.title ?? '').includes(input)}
      value={value ? String(value) : undefined}
      onChange={(key: string | undefined) => onChange?.(key ? Number(key) : null)}
      aria-label={t('users.field.department')}
    />
  );
}
