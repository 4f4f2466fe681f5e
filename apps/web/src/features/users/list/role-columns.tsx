import { Button, Popconfirm, Space, type TableColumnProps, Tag } from '@arco-design/web-react';
import type { roleSummarySchema } from '@water/contracts';
import type { z } from 'zod';
import { ScopeTag, StatusTag } from '../components/user-labels.tsx';
import type { UsersI18n, UsersMessageKey } from '../use-users-i18n.ts';

export type RoleRow = z.infer<typeof roleSummarySchema>;

export interface RoleRowActions {
  onEdit: (row: RoleRow) => void;
  onRemove: (row: RoleRow) => Promise<void>;
}

/**
 * The role list's columns (one page, no chooser). At 1366 px every column fits in both languages:
 * zh-CN 1,040 px, en-US 1,050 px, the data scope and actions wider in English.
 */
export function roleColumns({
  i18n,
  writer,
  actions,
}: {
  i18n: UsersI18n;
  writer: boolean;
  actions: RoleRowActions;
}): TableColumnProps<RoleRow>[] {
  const { t, locale } = i18n;
  const zh = locale === 'zh-CN';
  const none = <span className="list-page__muted">—</span>;
  return [
    {
      title: t('users.role.col.code'),
      dataIndex: 'code',
      width: 140,
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
      width: 160,
      render: (_, row) => (
        <div className="users-role-name">
          <span>{locale === 'en-US' && row.nameEn ? row.nameEn : row.name}</span>
          <span className="list-page__muted">{locale === 'en-US' ? row.name : row.nameEn || '—'}</span>
        </div>
      ),
    },
    {
      title: t('users.role.col.description'),
      dataIndex: 'description',
      width: zh ? 220 : 150,
      render: (_, row) =>
        row.description ? (
          <span className="list-page__ellipsis" title={row.description}>
            {row.description}
          </span>
        ) : (
          none
        ),
    },
    {
      title: t('users.role.col.dataScope'),
      dataIndex: 'dataScope',
      // "Own department and below" stays clear of the users count.
      width: zh ? 150 : 185,
      render: (_, row) => <ScopeTag scope={row.dataScope} t={t} />,
    },
    {
      title: t('users.role.col.users'),
      dataIndex: 'users',
      width: 80,
      align: 'right',
      render: (_, row) => <span className="users-number">{row.users.toLocaleString(locale)}</span>,
    },
    {
      title: t('users.role.col.status'),
      dataIndex: 'status',
      width: 80,
      render: (_, row) => <StatusTag status={row.status} t={t} />,
    },
    { title: t('users.role.col.sort'), dataIndex: 'sort', width: 70, align: 'right' },
    ...(writer
      ? [
          {
            title: t('users.col.actions'),
            key: 'actions',
            fixed: 'right' as const,
            width: zh ? 120 : 150,
            render: (_: unknown, row: RoleRow) => <RoleActions row={row} i18n={i18n} actions={actions} />,
          },
        ]
      : []),
  ];
}

function RoleActions({ row, i18n, actions }: { row: RoleRow; i18n: UsersI18n; actions: RoleRowActions }) {
  const { t } = i18n;
  const label = (action: UsersMessageKey) => t('users.actionLabel', { action: t(action), name: row.name });
  return (
    <Space size={0} className="users-actions">
      <Button type="text" size="small" aria-label={label('users.action.edit')} onClick={() => actions.onEdit(row)}>
        {t('users.action.edit')}
      </Button>
      {row.builtin ? null : (
        <Popconfirm
          title={t('users.role.confirm.delete', { name: row.name })}
          okText={t('users.action.delete')}
          cancelText={t('users.cancel')}
          okButtonProps={{ status: 'danger' }}
          onOk={() => actions.onRemove(row)}
        >
          <Button type="text" size="small" status="danger" aria-label={label('users.action.delete')}>
            {t('users.action.delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
