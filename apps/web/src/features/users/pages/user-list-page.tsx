import {
  Button,
  Dropdown,
  Empty,
  Menu,
  Message,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnProps,
  Tag,
  Tooltip,
} from '@arco-design/web-react';
import { IconDownload, IconMore, IconPlus, IconUpload } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { type ManagedUser, Permissions, RECORD_STATUSES, type RecordStatus, USER_SORT_FIELDS } from '@water/contracts';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { KeywordSearch, pageFrom, QueryState, sortFrom, tablePagination } from '../../../shared/ui/list-scaffold.tsx';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { StackedCell } from '../../../shared/ui/stacked-cell.tsx';
import {
  exportUsers,
  roleQueries,
  type UserFilters,
  useRemoveUser,
  useResetPassword,
  userQueries,
  useSetUserStatus,
} from '../api/users-queries.ts';
import { DepartmentFilter } from '../components/department-filter.tsx';
import { type TemporaryPassword, TemporaryPasswordModal } from '../components/temporary-password-modal.tsx';
import { type UserDrawerTarget, UserFormDrawer } from '../components/user-form-drawer.tsx';
import { UserImportModal } from '../components/user-import-modal.tsx';
import { statusText } from '../components/user-labels.tsx';
import { type UsersI18n, type UsersMessageKey, useUsersI18n } from '../use-users-i18n.ts';
import '../users.css';
import '../../../shared/ui/table-scroll-cue.css';

const WRITE = [Permissions.systemUserWrite] as const;
const PAGE_SIZE = 10;
type SortField = (typeof USER_SORT_FIELDS)[number];

/**
 * User management (RuoYi's layout): departments on the left, the searchable list on the right. The
 * server is the guard (data scope, the last administrator, oneself); the console leaves out what a
 * reader could not use and shows the server's refusals as they come.
 */
export function UserListPage() {
  const i18n = useUsersI18n();
  const { t, locale } = i18n;
  const writer = useButtonPermission(WRITE);
  const [filters, setFilters] = useState<UserFilters>({ page: 1, pageSize: PAGE_SIZE });
  const [keyword, setKeyword] = useState('');
  const [drawer, setDrawer] = useState<UserDrawerTarget>(null);
  const [password, setPassword] = useState<TemporaryPassword | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const users = useQuery(userQueries.list(filters, locale));
  const roles = useQuery(roleQueries.options(locale));
  const setStatus = useSetUserStatus();
  const reset = useResetPassword();
  const remove = useRemoveUser();
  const filtered = Boolean(filters.keyword || filters.departmentId || filters.roleCode || filters.status);
  // Remembered while no department is picked; sent only with one.
  const [withChildren, setWithChildren] = useState(true);

  const sortOrder = (field: SortField) =>
    filters.sort === field ? (filters.order === 'asc' ? 'ascend' : 'descend') : undefined;

  const columns: TableColumnProps<ManagedUser>[] = [
    {
      // Name over username: who they are and what they sign in with, in one cell.
      title: t('users.col.user'),
      dataIndex: 'displayName',
      width: 150,
      sorter: true,
      sortOrder: sortOrder('displayName'),
      render: (_, row) => <StackedCell strong primary={row.displayName} secondary={row.username} />,
    },
    {
      title: t('users.col.department'),
      dataIndex: 'departmentName',
      width: 110,
      render: (_, row) =>
        row.departmentName ? (
          <span className="users-ellipsis" title={row.departmentName}>
            {row.departmentName}
          </span>
        ) : (
          <span className="users-muted">—</span>
        ),
    },
    {
      title: t('users.col.roles'),
      dataIndex: 'roles',
      width: 130,
      render: (_, row) => (
        <Space size={4} wrap className="users-roles">
          {row.roles.map((r) => (
            <Tag key={r.code} size="small" color={r.code === 'admin' ? 'arcoblue' : undefined} title={r.name}>
              {r.name}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('users.col.status'),
      dataIndex: 'status',
      width: 76,
      render: (_, row) => (
        <StatusSwitch
          row={row}
          i18n={i18n}
          writer={writer}
          pending={setStatus.isPending && setStatus.variables?.id === row.id}
          onChange={(status) =>
            setStatus.mutateAsync({ id: row.id, status }).then(
              () => {
                Message.success(t(status === 'enabled' ? 'users.done.enable' : 'users.done.disable'));
              },
              // The request layer has shown the server's message (the last administrator, oneself).
              () => undefined,
            )
          }
        />
      ),
    },
    {
      // Phone over email.
      title: t('users.col.contact'),
      dataIndex: 'phone',
      width: 134,
      render: (_, row) =>
        row.phone || row.email ? (
          <StackedCell primary={row.phone ?? <span className="users-muted">—</span>} secondary={row.email} />
        ) : (
          <span className="users-muted">—</span>
        ),
    },
    {
      title: t('users.col.lastLoginAt'),
      dataIndex: 'lastLoginAt',
      width: 120,
      sorter: true,
      sortOrder: sortOrder('lastLoginAt'),
      // Date over time: the cell wraps at the space rather than taking a wide column.
      render: (_, row) =>
        row.lastLoginAt ? (
          <span className="users-datetime">{formatDateTime(row.lastLoginAt, locale)}</span>
        ) : (
          <span className="users-muted">{t('users.neverSignedIn')}</span>
        ),
    },
    ...(writer
      ? [
          {
            title: t('users.col.actions'),
            key: 'actions',
            fixed: 'right' as const,
            // Edit, and the rarer actions behind "more": the same width in both languages.
            width: 100,
            render: (_: unknown, row: ManagedUser) => (
              <RowActions
                row={row}
                i18n={i18n}
                onEdit={() => setDrawer({ user: row })}
                onReset={() =>
                  reset.mutateAsync(row.id).then(
                    ({ temporaryPassword }) =>
                      setPassword({
                        kind: 'reset',
                        username: row.username,
                        displayName: row.displayName,
                        password: temporaryPassword,
                      }),
                    () => undefined,
                  )
                }
                onRemove={() =>
                  remove.mutateAsync(row.id).then(
                    () => {
                      Message.success(t('users.done.delete'));
                    },
                    () => undefined,
                  )
                }
              />
            ),
          },
        ]
      : []),
  ];

  const exportList = () => {
    setExporting(true);
    // A refusal is the request layer's toast.
    exportUsers(filters, locale, t('users.export.file'))
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  const table = (
    <QueryState
      query={users}
      failedTitle={t('users.loadFailed')}
      requestFailed={t('users.requestFailed')}
      retryLabel={t('users.retry')}
      skeletonClassName="users-skeleton"
    >
      <Table<ManagedUser>
        className="users-table table-scroll-cue"
        rowKey="id"
        columns={columns}
        data={users.data?.list ?? []}
        loading={users.isFetching}
        noDataElement={<Empty description={t(filtered ? 'users.emptyFiltered' : 'users.empty')} />}
        tableLayoutFixed
        // Every column at its width (the actions are wider in English): none slips under the fixed actions.
        scroll={{ x: columns.reduce((sum, c) => sum + (Number(c.width) || 0), 0) }}
        pagination={tablePagination({
          page: filters.page ?? 1,
          pageSize: filters.pageSize ?? PAGE_SIZE,
          total: users.data?.total ?? 0,
          showTotal: (total: number) =>
            users.data?.capped ? t('users.totalCapped', { total }) : t('users.total', { total }),
        })}
        onChange={(pagination, sorter, _filters, extra) => {
          if (extra.action === 'sort') {
            setFilters((f) => ({ ...f, page: 1, ...sortFrom(sorter, USER_SORT_FIELDS) }));
            return;
          }
          setFilters((f) => ({ ...f, ...pageFrom(pagination, PAGE_SIZE) }));
        }}
      />
    </QueryState>
  );

  return (
    <div className="users-page users-page--split">
      <DepartmentFilter
        value={filters.departmentId}
        withChildren={withChildren}
        onChange={(departmentId, children) => {
          setWithChildren(children);
          setFilters((f) => ({
            ...f,
            departmentId,
            withChildren: departmentId ? (children ? 'true' : 'false') : undefined,
            page: 1,
          }));
        }}
      />
      <div className="users-card users-main">
        <header className="users-header">
          <div>
            <h1 className="users-header__title">{t('users.title')}</h1>
            <p className="users-header__subtitle">{t('users.subtitle')}</p>
          </div>
          <Space wrap>
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
                onClick={() => setDrawer({ user: null, departmentId: filters.departmentId ?? null })}
              >
                {t('users.create')}
              </Button>
            </Permission>
          </Space>
        </header>
        <search className="users-filters">
          <KeywordSearch
            className="users-filters__keyword"
            label={t('users.filter.keyword')}
            value={keyword}
            onChange={setKeyword}
            onKeyword={(next) => setFilters((f) => ({ ...f, keyword: next, page: 1 }))}
          />
          <Select
            className="users-filters__select"
            aria-label={t('users.filter.role')}
            placeholder={t('users.filter.allRoles')}
            allowClear
            loading={roles.isPending}
            value={filters.roleCode}
            onChange={(roleCode: string | undefined) => setFilters((f) => ({ ...f, roleCode, page: 1 }))}
            options={(roles.data ?? []).map((r) => ({ label: r.name, value: r.code }))}
          />
          <Select
            className="users-filters__select"
            aria-label={t('users.filter.status')}
            placeholder={t('users.filter.allStatuses')}
            allowClear
            value={filters.status}
            onChange={(status: RecordStatus | undefined) => setFilters((f) => ({ ...f, status, page: 1 }))}
            options={RECORD_STATUSES.map((status) => ({ label: statusText(status, t), value: status }))}
          />
          {filtered ? (
            <Button
              type="text"
              onClick={() => {
                setKeyword('');
                setFilters((f) => ({ page: 1, pageSize: f.pageSize, sort: f.sort, order: f.order }));
              }}
            >
              {t('users.filter.reset')}
            </Button>
          ) : null}
        </search>
        {table}
      </div>
      <UserFormDrawer target={drawer} onClose={() => setDrawer(null)} onCreated={setPassword} />
      <TemporaryPasswordModal value={password} onClose={() => setPassword(null)} />
      <UserImportModal visible={importing} onClose={() => setImporting(false)} />
    </div>
  );
}

function StatusSwitch({
  row,
  i18n,
  writer,
  pending,
  onChange,
}: {
  row: ManagedUser;
  i18n: UsersI18n;
  writer: boolean;
  pending: boolean;
  onChange: (status: RecordStatus) => Promise<void>;
}) {
  const { t } = i18n;
  const enabled = row.status === 'enabled';
  const label = t('users.actionLabel', { action: t('users.col.status'), name: row.username });
  if (!writer) {
    return <Switch size="small" checked={enabled} disabled aria-label={label} />;
  }
  return (
    <Popconfirm
      title={t(enabled ? 'users.confirm.disable' : 'users.confirm.enable', { name: row.displayName })}
      okText={t(enabled ? 'users.action.disable' : 'users.action.enable')}
      cancelText={t('users.cancel')}
      okButtonProps={enabled ? { status: 'danger' } : {}}
      onOk={() => onChange(enabled ? 'disabled' : 'enabled')}
    >
      {/* The switch flips when the server agrees, not on the click. */}
      <Switch size="small" checked={enabled} loading={pending} aria-label={label} />
    </Popconfirm>
  );
}

function RowActions({
  row,
  i18n,
  onEdit,
  onReset,
  onRemove,
}: {
  row: ManagedUser;
  i18n: UsersI18n;
  onEdit: () => void;
  onReset: () => Promise<unknown>;
  onRemove: () => Promise<unknown>;
}) {
  const { t } = i18n;
  const label = (action: UsersMessageKey) => t('users.actionLabel', { action: t(action), name: row.username });
  // The rarer actions sit behind "more" (as in the device list); each still asks before it acts.
  const [confirming, setConfirming] = useState<'reset' | 'delete' | null>(null);
  const close = () => setConfirming(null);
  return (
    <Space size={0} className="users-actions">
      <Button type="text" size="small" aria-label={label('users.action.edit')} onClick={onEdit}>
        {t('users.action.edit')}
      </Button>
      <Dropdown
        trigger="click"
        position="br"
        droplist={
          <Menu onClickMenuItem={(key) => setConfirming(key === 'delete' ? 'delete' : 'reset')}>
            <Menu.Item key="reset">{t('users.action.reset')}</Menu.Item>
            <Menu.Item key="delete" className="users-menu-danger">
              {t('users.action.delete')}
            </Menu.Item>
          </Menu>
        }
      >
        <Popconfirm
          popupVisible={confirming !== null}
          onVisibleChange={(visible) => {
            // Opened from the menu only; any click outside closes it.
            if (!visible) close();
          }}
          title={
            confirming === 'delete'
              ? t('users.confirm.delete', { name: row.displayName })
              : t('users.confirm.reset', { name: row.displayName })
          }
          okText={t(confirming === 'delete' ? 'users.action.delete' : 'users.action.reset')}
          cancelText={t('users.cancel')}
          okButtonProps={confirming === 'delete' ? { status: 'danger' } : {}}
          onOk={() => (confirming === 'delete' ? onRemove() : onReset()).finally(close)}
          onCancel={close}
        >
          <Tooltip content={t('users.action.more')} mini>
            <Button
              type="text"
              size="small"
              icon={<IconMore />}
              aria-label={label('users.action.more')}
              aria-haspopup="menu"
            />
          </Tooltip>
        </Popconfirm>
      </Dropdown>
    </Space>
  );
}
