import { Button, Message } from '@arco-design/web-react';
import { IconDownload, IconPlus, IconUpload } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { type ManagedUser, Permissions, USER_SORT_FIELDS, usersApi } from '@water/contracts';
import { useState } from 'react';
import { ListPage } from '../../../shared/ui/list-page.tsx';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { useSharedUiI18n } from '../../../shared/ui/use-shared-ui-i18n.ts';
import { exportUsers, useRemoveUser, useResetPassword, userQueries, useSetUserStatus } from '../api/users-queries.ts';
import { DepartmentFilter } from '../components/department-filter.tsx';
import { type TemporaryPassword, TemporaryPasswordModal } from '../components/temporary-password-modal.tsx';
import { type UserDrawerTarget, UserFormDrawer } from '../components/user-form-drawer.tsx';
import { UserImportModal } from '../components/user-import-modal.tsx';
import { userColumns } from '../list/user-columns.tsx';
import { UserFilterFields } from '../list/user-filters.tsx';
import { useUsersI18n } from '../use-users-i18n.ts';
import '../users.css';
import '../../../shared/ui/table-scroll-cue.css';

const WRITE = [Permissions.systemUserWrite] as const;
// "With sub-departments" is on until unticked; it goes to the server only with a department.
const DEFAULTS = { pageSize: 10, withChildren: true };

/**
 * User management (RuoYi's layout): departments on the left, the searchable list on the right. The
 * server is the guard (data scope, the last administrator, oneself); the console leaves out what a
 * reader could not use and shows the server's refusals as they come.
 */
export function UserListPage() {
  const i18n = useUsersI18n();
  const { t, locale } = i18n;
  const shared = useSharedUiI18n();
  const writer = useButtonPermission(WRITE);
  const list = useListFilters(usersApi.list.query, { defaults: DEFAULTS, sortable: USER_SORT_FIELDS });
  const users = useQuery(userQueries.list(list.filters, locale));
  const setStatus = useSetUserStatus();
  const reset = useResetPassword();
  const remove = useRemoveUser();
  const [drawer, setDrawer] = useState<UserDrawerTarget>(null);
  const [password, setPassword] = useState<TemporaryPassword | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const columns = userColumns({
    i18n,
    sortOrder: list.sortOrder,
    writer,
    actions: {
      statusPending: (row) => setStatus.isPending && setStatus.variables?.id === row.id,
      onStatus: (row, status) =>
        setStatus.mutateAsync({ id: row.id, status }).then(
          () => Message.success(t(status === 'enabled' ? 'users.done.enable' : 'users.done.disable')),
          // The request layer has shown the server's message (the last administrator, oneself).
          () => undefined,
        ),
      onEdit: (row) => setDrawer({ user: row }),
      onReset: (row) =>
        reset.mutateAsync(row.id).then(
          ({ temporaryPassword }) =>
            setPassword({
              kind: 'reset',
              username: row.username,
              displayName: row.displayName,
              password: temporaryPassword,
            }),
          () => undefined,
        ),
      onRemove: (row) =>
        remove.mutateAsync(row.id).then(
          () => Message.success(t('users.done.delete')),
          () => undefined,
        ),
    },
  });

  const exportList = () => {
    setExporting(true);
    // A refusal is the request layer's toast.
    exportUsers(list.filters, locale, t('users.export.file'))
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  const actions = (
    <>
      <Permission permissions={WRITE}>
        <Button icon={<IconUpload />} onClick={() => setImporting(true)}>
          {t('users.import.open')}
        </Button>
      </Permission>
      <Button icon={<IconDownload />} loading={exporting} onClick={exportList}>
        {t('users.export')}
      </Button>
      <Permission permissions={WRITE}>
        <Button
          type="primary"
          icon={<IconPlus />}
          onClick={() => setDrawer({ user: null, departmentId: list.filters.departmentId ?? null })}
        >
          {t('users.create')}
        </Button>
      </Permission>
    </>
  );

  return (
    <div className="users-page users-page--split">
      <DepartmentFilter
        value={list.filters.departmentId}
        withChildren={list.filters.withChildren !== false}
        onChange={(departmentId, withChildren) => list.set({ departmentId, withChildren })}
      />
      <ListPage<ManagedUser>
        className="users-list"
        title={t('users.title')}
        subtitle={t('users.subtitle')}
        actions={actions}
        filters={<UserFilterFields list={list} i18n={i18n} />}
        list={list}
        query={users}
        columns={columns}
        columnsId="users"
        rowKey="id"
        emptyText={t('users.empty')}
        totalText={(total) =>
          users.data?.capped ? t('users.totalCapped', { total }) : shared.t('list.total', { total })
        }
        tableProps={{ className: 'table-scroll-cue' }}
      >
        <UserFormDrawer target={drawer} onClose={() => setDrawer(null)} onCreated={setPassword} />
        <TemporaryPasswordModal value={password} onClose={() => setPassword(null)} />
        <UserImportModal visible={importing} onClose={() => setImporting(false)} />
      </ListPage>
    </div>
  );
}
