import type { DepartmentNode } from '@water/contracts';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { ConfirmAction, RowAction, RowActions } from '../../../shared/ui/row-actions.tsx';
import { StatusTag } from '../components/organization-labels.tsx';
import type { OrganizationI18n, OrganizationMessageKey } from '../use-organization-i18n.ts';

export interface DepartmentRowActions {
  onAddChild: (row: DepartmentNode) => void;
  onEdit: (row: DepartmentNode) => void;
  onRemove: (row: DepartmentNode) => Promise<unknown>;
  /** The department whose deletion is being sent. */
  removing: number | undefined;
}

/**
 * The department tree's columns: zh 930 px, en 1040 px with the actions, so the whole tree fits a
 * 1366 px window in both languages.
 */
export function departmentColumns({
  i18n,
  writer,
  actions,
}: {
  i18n: OrganizationI18n;
  writer: boolean;
  actions: DepartmentRowActions;
}): ListColumn<DepartmentNode>[] {
  const { t, locale } = i18n;
  const zh = locale === 'zh-CN';
  const label = (action: OrganizationMessageKey, row: DepartmentNode) =>
    t('org.actionLabel', { action: t(action), name: row.name });

  return [
    {
      key: 'name',
      choice: 'always',
      title: t('org.dept.col.name'),
      dataIndex: 'name',
      width: 220,
      render: (_, row) => <span className="org-strong">{row.name}</span>,
    },
    { key: 'leader', title: t('org.dept.col.leader'), dataIndex: 'leader', width: 120, render: dash },
    { key: 'phone', title: t('org.col.phone'), dataIndex: 'phone', width: 150, render: dash },
    {
      key: 'orderNum',
      title: t('org.dept.col.order'),
      dataIndex: 'orderNum',
      width: 80,
      align: 'right',
      render: (_, row) => <span className="org-number">{row.orderNum}</span>,
    },
    {
      key: 'status',
      choice: 'always',
      title: t('org.col.status'),
      dataIndex: 'status',
      width: 100,
      render: (_, row) => <StatusTag status={row.status} t={t} />,
    },
    {
      key: 'members',
      title: t('org.dept.col.members'),
      dataIndex: 'members',
      width: zh ? 80 : 100,
      align: 'right',
      render: (_, row) => <span className="org-number">{row.members}</span>,
    },
    ...(writer
      ? [
          {
            key: 'actions',
            choice: 'always' as const,
            title: t('org.col.actions'),
            width: zh ? 180 : 250,
            render: (_: unknown, row: DepartmentNode) => (
              <RowActions>
                <RowAction
                  text={t('org.action.addChild')}
                  label={label('org.action.addChild', row)}
                  onClick={() => actions.onAddChild(row)}
                />
                <RowAction
                  text={t('org.action.edit')}
                  label={label('org.action.edit', row)}
                  onClick={() => actions.onEdit(row)}
                />
                <ConfirmAction
                  danger
                  text={t('org.action.delete')}
                  label={label('org.action.delete', row)}
                  question={t('org.dept.confirm.delete', { name: row.name })}
                  disabled={actions.removing === row.id}
                  onConfirm={() => actions.onRemove(row)}
                />
              </RowActions>
            ),
          },
        ]
      : []),
  ];
}

function dash(value: string) {
  return value ? value : <span className="list-page__muted">—</span>;
}
