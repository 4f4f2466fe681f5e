import {
  Button,
  Empty,
  Message,
  Modal,
  Popconfirm,
  Space,
  Table,
  type TableColumnProps,
  Tag,
} from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { Permissions, roleInUseSchema, type roleSummarySchema } from '@water/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../../shared/api/http.ts';
import { errorText } from '../../../shared/ui/form-rules.ts';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { roleQueries, useRemoveRole } from '../api/users-queries.ts';
import { type RoleDrawerTarget, RoleFormDrawer } from '../components/role-form-drawer.tsx';
import { ScopeTag, StatusTag } from '../components/user-labels.tsx';
import { type UsersI18n, type UsersMessageKey, useUsersI18n } from '../use-users-i18n.ts';
import '../users.css';
import { QueryState } from '../../../shared/ui/list-scaffold.tsx';

type RoleRow = z.infer<typeof roleSummarySchema>;
type Holder = z.infer<typeof roleInUseSchema>['users'][number];

const WRITE = [Permissions.systemRoleWrite] as const;

/** Roles: what each may open (menus and buttons) and which records it sees (data scope). */
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

  const columns: TableColumnProps<RoleRow>[] = [
    {
      title: t('users.role.col.code'),
      dataIndex: 'code',
      width: 150,
      render: (_, row) => (
        <Space size={6}>
          <code className="users-code">{row.code}</code>
          {row.builtin ? (
            <Tag size="small" color="arcoblue" bordered>
              {t('users.role.builtin')}
            </Tag>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('users.role.col.name'),
      dataIndex: 'name',
      width: 200,
      render: (_, row) => (
        <div className="users-role-name">
          <span>{locale === 'en-US' && row.nameEn ? row.nameEn : row.name}</span>
          <span className="users-muted">{locale === 'en-US' ? row.name : row.nameEn || '—'}</span>
        </div>
      ),
    },
    {
      title: t('users.role.col.description'),
      dataIndex: 'description',
      render: (_, row) =>
        row.description ? (
          <span className="users-ellipsis" title={row.description}>
            {row.description}
          </span>
        ) : (
          <span className="users-muted">—</span>
        ),
    },
    {
      title: t('users.role.col.dataScope'),
      dataIndex: 'dataScope',
      // "Own department and below" stays clear of the users count.
      width: locale === 'zh-CN' ? 150 : 200,
      render: (_, row) => <ScopeTag scope={row.dataScope} t={t} />,
    },
    {
      title: t('users.role.col.users'),
      dataIndex: 'users',
      width: 90,
      align: 'right',
      render: (_, row) => <span className="users-number">{row.users.toLocaleString(locale)}</span>,
    },
    {
      title: t('users.role.col.status'),
      dataIndex: 'status',
      width: 90,
      render: (_, row) => <StatusTag status={row.status} t={t} />,
    },
    { title: t('users.role.col.sort'), dataIndex: 'sort', width: 70, align: 'right' },
    ...(writer
      ? [
          {
            title: t('users.col.actions'),
            key: 'actions',
            fixed: 'right' as const,
            width: locale === 'zh-CN' ? 120 : 150,
            render: (_: unknown, row: RoleRow) => (
              <RoleActions
                row={row}
                i18n={i18n}
                onEdit={() => setDrawer({ id: row.id })}
                onRemove={() => removeRole(row, false)}
              />
            ),
          },
        ]
      : []),
  ];

  const table = (
    <QueryState
      query={roles}
      failedTitle={t('users.loadFailed')}
      requestFailed={t('users.requestFailed')}
      retryLabel={t('users.retry')}
      skeletonClassName="users-skeleton"
    >
      <Table<RoleRow>
        rowKey="id"
        columns={columns}
        data={roles.data ?? []}
        loading={roles.isFetching}
        noDataElement={<Empty description={t('users.role.empty')} />}
        tableLayoutFixed
        scroll={{ x: 1000 }}
        pagination={false}
      />
    </QueryState>
  );

  return (
    <div className="users-page">
      <div className="users-card">
        <header className="users-header">
          <div>
            <h1 className="users-header__title">{t('users.role.title')}</h1>
            <p className="users-header__subtitle">{t('users.role.subtitle')}</p>
          </div>
          <Permission permissions={WRITE}>
            <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({ id: null })}>
              {t('users.role.create')}
            </Button>
          </Permission>
        </header>
        {table}
      </div>
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
    </div>
  );
}

function RoleActions({
  row,
  i18n,
  onEdit,
  onRemove,
}: {
  row: RoleRow;
  i18n: UsersI18n;
  onEdit: () => void;
  onRemove: () => Promise<void>;
}) {
  const { t } = i18n;
  const label = (action: UsersMessageKey) => t('users.actionLabel', { action: t(action), name: row.name });
  return (
    <Space size={0} className="users-actions">
      <Button type="text" size="small" aria-label={label('users.action.edit')} onClick={onEdit}>
        {t('users.action.edit')}
      </Button>
      {row.builtin ? null : (
        <Popconfirm
          title={t('users.role.confirm.delete', { name: row.name })}
          okText={t('users.action.delete')}
          cancelText={t('users.cancel')}
          okButtonProps={{ status: 'danger' }}
          onOk={onRemove}
        >
          <Button type="text" size="small" status="danger" aria-label={label('users.action.delete')}>
            {t('users.action.delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
