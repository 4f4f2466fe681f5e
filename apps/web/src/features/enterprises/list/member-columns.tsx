import { Tag } from '@arco-design/web-react';
import type { Member } from '@water/contracts';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { ConfirmAction, RowAction, RowActions } from '../../../shared/ui/row-actions.tsx';
import { StackedCell } from '../../../shared/ui/stacked-cell.tsx';
import { StatusTag } from '../components/organization-labels.tsx';
import type { OrganizationI18n, OrganizationMessageKey } from '../use-organization-i18n.ts';

export interface MemberRowActions {
  onEdit: (row: Member) => void;
  onRemove: (row: Member) => Promise<unknown>;
}

/**
 * The member list's columns, beside the department tree: zh 730 px, en 760 px with the actions,
 * within the 790 px the tree leaves at 1366 px. When the member joined is in the edit drawer.
 */
export function memberColumns({
  i18n,
  writer,
  actions,
}: {
  i18n: OrganizationI18n;
  writer: boolean;
  actions: MemberRowActions;
}): ListColumn<Member>[] {
  const { t, locale } = i18n;
  const zh = locale === 'zh-CN';
  const muted = <span className="list-page__muted">—</span>;
  const label = (action: OrganizationMessageKey, row: Member) =>
    t('org.actionLabel', { action: t(action), name: `${row.displayName} · ${row.departmentName}` });

  return [
    {
      // The name over the username.
      key: 'member',
      choice: 'always',
      title: t('org.member.col.member'),
      dataIndex: 'displayName',
      width: 125,
      render: (_, row) => <StackedCell strong primary={row.displayName} secondary={row.username} />,
    },
    {
      key: 'phone',
      title: t('org.member.col.phone'),
      dataIndex: 'phone',
      width: 120,
      render: (_, row) => row.phone ?? muted,
    },
    {
      key: 'department',
      choice: 'always',
      title: t('org.member.col.department'),
      dataIndex: 'departmentName',
      width: 150,
      render: (_, row) => (
        <span className="org-dept-cell">
          <span className="org-ellipsis" title={row.departmentName}>
            {row.departmentName}
          </span>
          {row.isMain ? (
            <Tag size="small" color="arcoblue" className="org-main-tag">
              {t('org.member.main')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      key: 'position',
      title: t('org.member.col.position'),
      dataIndex: 'position',
      width: 110,
      render: (_, row) =>
        row.position ? (
          <span className="org-ellipsis" title={row.position}>
            {row.position}
          </span>
        ) : (
          muted
        ),
    },
    {
      key: 'status',
      choice: 'always',
      title: t('org.member.col.status'),
      dataIndex: 'status',
      width: zh ? 90 : 100,
      render: (_, row) => <StatusTag status={row.status} t={t} />,
    },
    ...(writer
      ? [
          {
            key: 'actions',
            choice: 'always' as const,
            title: t('org.col.actions'),
            fixed: 'right' as const,
            width: zh ? 120 : 140,
            render: (_: unknown, row: Member) => (
              <RowActions>
                <RowAction
                  text={t('org.action.edit')}
                  label={label('org.action.edit', row)}
                  onClick={() => actions.onEdit(row)}
                />
                <ConfirmAction
                  danger
                  text={t('org.action.remove')}
                  label={label('org.action.remove', row)}
                  question={t('org.member.confirm.remove', { name: row.displayName, department: row.departmentName })}
                  onConfirm={() => actions.onRemove(row)}
                />
              </RowActions>
            ),
          },
        ]
      : []),
  ];
}
