import { Form, Input, Message, Radio, Select, TreeSelect } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { ALL_PERMISSIONS, type ManagedUser, RECORD_STATUSES, ROLE_ADMIN, userInputSchema } from '@water/contracts';
import type { z } from 'zod';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { FormDrawer, FormRow } from '../../../shared/ui/form-drawer.tsx';
import { useButtonPermission } from '../../../shared/ui/permission.tsx';
import { blankAsNull, useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { roleQueries, userQueries, useSaveUser } from '../api/users-queries.ts';
import { type UsersI18n, useUsersI18n } from '../use-users-i18n.ts';
import { toTreeData } from './department-tree-data.ts';
import type { TemporaryPassword } from './temporary-password-modal.tsx';
import { statusText } from './user-labels.tsx';
import '../../../shared/ui/facts-list.css';

type Values = z.input<typeof userInputSchema>;

/** `null` closed, `{ user: null }` a new user (in `departmentId` when the tree has one selected), `{ user }` an edit. */
export type UserDrawerTarget = { user: ManagedUser | null; departmentId?: number | null } | null;

function initialValues(user: ManagedUser | null, departmentId: number | null): Values {
  if (!user) {
    return { username: '', displayName: '', phone: '', email: '', departmentId, roleCodes: [], status: 'enabled' };
  }
  const { username, displayName, phone, email, status } = user;
  return {
    username,
    displayName,
    phone: phone ?? '',
    email,
    departmentId: user.departmentId,
    roleCodes: user.roles.map((r) => r.code),
    status,
  };
}

/** An emptied department picker is the contract's "no department". */
const toInput = (values: Values): Values => ({
  ...values,
  departmentId: blankAsNull(values.departmentId) as number | null,
});

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
  const { t, tv, locale } = i18n;
  const save = useSaveUser();
  const user = target?.user ?? null;
  const contract = useContractForm({
    schema: userInputSchema,
    toInput,
    tv,
    submit: (body) => save.mutateAsync({ id: user?.id ?? null, body }),
    onSaved: (saved) => {
      if ('temporaryPassword' in saved) {
        const { username, displayName } = saved.user;
        onCreated({ kind: 'created', username, displayName, password: saved.temporaryPassword });
      } else Message.success(t('users.done.save'));
      onClose();
    },
  });
  const roles = useQuery({ ...roleQueries.options(locale), enabled: target !== null });
  const departments = useQuery({ ...userQueries.departments(locale), enabled: target !== null });
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
  const { rule } = contract;

  return (
    <FormDrawer
      contract={contract}
      open={target !== null}
      title={t(user === null ? 'users.drawer.create' : 'users.drawer.edit')}
      onClose={onClose}
      initialValues={initialValues(user, target?.departmentId ?? null)}
      formKey={user?.id ?? 'new'}
      intro={
        user ? (
          // What the list leaves out to fit the window: when the account was made and last used.
          <dl className="facts-list">
            <dt>{t('users.col.createdAt')}</dt>
            <dd>{formatDateTime(user.createdAt, locale)}</dd>
            <dt>{t('users.col.lastLoginAt')}</dt>
            <dd>{user.lastLoginAt ? formatDateTime(user.lastLoginAt, locale) : t('users.neverSignedIn')}</dd>
          </dl>
        ) : null
      }
    >
      <Form.Item
        label={t('users.field.username')}
        field="username"
        required
        extra={t('users.field.usernameHelp')}
        rules={[rule('username')]}
      >
        <Input placeholder={t('users.field.usernamePlaceholder')} maxLength={64} autoComplete="off" />
      </Form.Item>
      <Form.Item label={t('users.field.displayName')} field="displayName" required rules={[rule('displayName')]}>
        <Input placeholder={t('users.field.displayNamePlaceholder')} maxLength={32} />
      </Form.Item>
      <FormRow>
        <Form.Item label={t('users.field.phone')} field="phone" rules={[rule('phone')]}>
          <Input placeholder={t('users.field.phonePlaceholder')} maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item label={t('users.field.email')} field="email" rules={[rule('email')]}>
          <Input placeholder={t('users.field.emailPlaceholder')} maxLength={100} />
        </Form.Item>
      </FormRow>
      <Form.Item label={t('users.field.department')} field="departmentId">
        <DepartmentSelect i18n={i18n} loading={departments.isPending} data={departments.data ?? []} />
      </Form.Item>
      <Form.Item label={t('users.field.roles')} field="roleCodes" required rules={[rule('roleCodes')]}>
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
    </FormDrawer>
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
