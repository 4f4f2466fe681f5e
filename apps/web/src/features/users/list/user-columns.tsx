import { Button, Dropdown, Menu, Popconfirm, Space, Switch, Tag, Tooltip } from '@arco-design/web-react';
import { IconMore } from '@arco-design/web-react/icon';
import type { ManagedUser, RecordStatus } from '@water/contracts';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { StackedCell } from '../../../shared/ui/stacked-cell.tsx';
import type { SortOrder } from '../../../shared/ui/use-list-filters.ts';
import type { UsersI18n, UsersMessageKey } from '../use-users-i18n.ts';

export interface UserRowActions {
  onStatus: (row: ManagedUser, status: RecordStatus) => Promise<unknown>;
  /** The row whose status is being sent: its switch spins. */
  statusPending: (row: ManagedUser) => boolean;
  onEdit: (row: ManagedUser) => void;
  onReset: (row: ManagedUser) => Promise<unknown>;
  onRemove: (row: ManagedUser) => Promise<unknown>;
}

/**
 * The user list's columns. Beside the department tree the table has about 769 px at 1366 px (764 used); every
 * column fits in both languages (the actions sit behind "more", the same width in both), and the
 * chooser can hide department, roles, contact and last sign-in.
 */
export function userColumns({
  i18n,
  sortOrder,
  writer,
  actions,
}: {
  i18n: UsersI18n;
  sortOrder: (field: string) => SortOrder;
  writer: boolean;
  actions: UserRowActions;
}): ListColumn<ManagedUser>[] {
  const { t, locale } = i18n;
  const none = <span className="list-page__muted">—</span>;
  return [
    {
      // Name over username: who they are and what they sign in with, in one cell.
      key: 'user',
      choice: 'always',
      title: t('users.col.user'),
      dataIndex: 'displayName',
      width: 136,
      sorter: true,
      sortOrder: sortOrder('displayName'),
      render: (_, row) => <StackedCell strong primary={row.displayName} secondary={row.username} />,
    },
    {
      key: 'department',
      title: t('users.col.department'),
      dataIndex: 'departmentName',
      width: 106,
      render: (_, row) =>
        row.departmentName ? (
          <span className="list-page__ellipsis" title={row.departmentName}>
            {row.departmentName}
          </span>
        ) : (
          none
        ),
    },
    {
      key: 'roles',
      title: t('users.col.roles'),
      dataIndex: 'roles',
      width: 114,
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
      key: 'status',
      choice: 'always',
      title: t('users.col.status'),
      dataIndex: 'status',
      width: 76,
      render: (_, row) => (
        <StatusSwitch
          row={row}
          i18n={i18n}
          writer={writer}
          pending={actions.statusPending(row)}
          onChange={(status) => actions.onStatus(row, status)}
        />
      ),
    },
    {
      // Phone over email.
      key: 'contact',
      title: t('users.col.contact'),
      dataIndex: 'phone',
      width: 122,
      render: (_, row) =>
        row.phone || row.email ? <StackedCell primary={row.phone ?? none} secondary={row.email} /> : none,
    },
    {
      key: 'lastLoginAt',
      title: t('users.col.lastLoginAt'),
      dataIndex: 'lastLoginAt',
      width: 110,
      sorter: true,
      sortOrder: sortOrder('lastLoginAt'),
      // Date over time: the cell wraps at the space rather than taking a wide column.
      render: (_, row) =>
        row.lastLoginAt ? (
          <span className="users-datetime">{formatDateTime(row.lastLoginAt, locale)}</span>
        ) : (
          <span className="list-page__muted">{t('users.neverSignedIn')}</span>
        ),
    },
    ...(writer
      ? [
          {
            key: 'actions',
            choice: 'always' as const,
            title: t('users.col.actions'),
            fixed: 'right' as const,
            // Edit, and the rarer actions behind "more": the same width in both languages.
            width: 100,
            render: (_: unknown, row: ManagedUser) => <RowActions row={row} i18n={i18n} actions={actions} />,
          },
        ]
      : []),
  ];
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
  onChange: (status: RecordStatus) => Promise<unknown>;
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

function RowActions({ row, i18n, actions }: { row: ManagedUser; i18n: UsersI18n; actions: UserRowActions }) {
  const { t } = i18n;
  const label = (action: UsersMessageKey) => t('users.actionLabel', { action: t(action), name: row.username });
  // The rarer actions sit behind "more" (as in the device list); each still asks before it acts.
  const [confirming, setConfirming] = useState<'reset' | 'delete' | null>(null);
  const close = () => setConfirming(null);
  return (
    <Space size={0} className="users-actions">
      <Button type="text" size="small" aria-label={label('users.action.edit')} onClick={() => actions.onEdit(row)}>
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
          onOk={() => (confirming === 'delete' ? actions.onRemove(row) : actions.onReset(row)).finally(close)}
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
