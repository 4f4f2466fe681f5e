import { Button, Empty, Message, Modal, Table } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { Permissions, roleInUseSchema } from '@water/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../../shared/api/http.ts';
import { errorText } from '../../../shared/ui/form-rules.ts';
import { ListShell } from '../../../shared/ui/list-page.tsx';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { roleQueries, useRemoveRole } from '../api/users-queries.ts';
import { type RoleDrawerTarget, RoleFormDrawer } from '../components/role-form-drawer.tsx';
import { type RoleRow, roleColumns } from '../list/role-columns.tsx';
import { useUsersI18n } from '../use-users-i18n.ts';
import '../users.css';

type Holder = z.infer<typeof roleInUseSchema>['users'][number];

const WRITE = [Permissions.systemRoleWrite] as const;

/** Roles: what each may open (menus and buttons) and which records it sees (data scope). One page, not paged. */
export function RoleListPage() {
  const i18n = useUsersI18n();
  const { t, locale } = i18n;
  const writer = useButtonPermission(WRITE);
  const roles = useQuery(roleQueries.list(locale));
  const remove = useRemoveRole();
  const [drawer, setDrawer] = useState<RoleDrawerTarget>(null);
  const [inUse, setInUse] = useState<{ role: RoleRow; users: Holder[] } | null>(null);

  const removeRole = async (role: RoleRow, confirm: boolean) => {
    try {
      await remove.mutateAsync({ id: role.id, confirm });
      setInUse(null);
      Message.success(t('users.done.delete'));
    } catch (error) {
      const holders = error instanceof ApiError && error.code === 409 ? roleInUseSchema.safeParse(error.data) : null;
      if (!confirm && holders?.success) {
        setInUse({ role, users: holders.data.users });
        return;
      }
      setInUse(null);
      Message.error(errorText(error, t('users.requestFailed')));
    }
  };

  const columns = roleColumns({
    i18n,
    writer,
    actions: { onEdit: (row) => setDrawer({ id: row.id }), onRemove: (row) => removeRole(row, false) },
  });

  return (
    <ListShell
      title={t('users.role.title')}
      subtitle={t('users.role.subtitle')}
      actions={
        <Permission permissions={WRITE}>
          <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({ id: null })}>
            {t('users.role.create')}
          </Button>
        </Permission>
      }
      query={roles}
      body={
        <Table<RoleRow>
          rowKey="id"
          columns={columns}
          data={roles.data ?? []}
          loading={roles.isFetching}
          noDataElement={<Empty description={t('users.role.empty')} />}
          tableLayoutFixed
          scroll={{ x: columns.reduce((sum, c) => sum + (Number(c.width) || 0), 0) }}
          pagination={false}
        />
      }
    >
      <RoleFormDrawer target={drawer} onClose={() => setDrawer(null)} />
      <Modal
        visible={inUse !== null}
        title={t('users.role.inUse.title')}
        onCancel={() => setInUse(null)}
        okText={t('users.role.inUse.ok')}
        cancelText={t('users.cancel')}
        okButtonProps={{ status: 'danger' }}
        confirmLoading={remove.isPending}
        onOk={() => (inUse ? removeRole(inUse.role, true) : undefined)}
        unmountOnExit
      >
        {inUse ? (
          <div className="users-in-use">
            <p>{t('users.role.inUse.body', { name: inUse.role.name, n: inUse.users.length })}</p>
            <ul className="users-in-use__list" aria-label={t('users.role.inUse.holders')}>
              {inUse.users.map((u) => (
                <li key={u.id}>
                  {u.displayName || u.username} <span className="users-muted">{u.username}</span>
                </li>
              ))}
            </ul>
            <p className="users-muted">{t('users.role.inUse.effect')}</p>
          </div>
        ) : null}
      </Modal>
    </ListShell>
  );
}
