import type { Enterprise } from '@water/contracts';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { ConfirmAction, RowAction, RowActions } from '../../../shared/ui/row-actions.tsx';
import { StackedCell } from '../../../shared/ui/stacked-cell.tsx';
import { StatusTag, TypeTag } from '../components/organization-labels.tsx';
import type { OrganizationI18n } from '../use-organization-i18n.ts';

export interface EnterpriseRowActions {
  onEdit: (row: Enterprise) => void;
  onRemove: (row: Enterprise) => Promise<unknown>;
  /** The enterprise whose deletion is being sent. */
  removing: number | undefined;
}

/**
 * The enterprise list's columns. At 1366 px every one fits in both languages (zh 908 px, en 1018 px of 1025
 * with actions); the address is the one a narrow window may hide.
 */
export function enterpriseColumns({
  i18n,
  writer,
  actions,
}: {
  i18n: OrganizationI18n;
  writer: boolean;
  actions: EnterpriseRowActions;
}): ListColumn<Enterprise>[] {
  const { t, locale } = i18n;
  const zh = locale === 'zh-CN';
  const label = (action: 'org.action.edit' | 'org.action.delete', row: Enterprise) =>
    t('org.actionLabel', { action: t(action), name: row.name });

  return [
    {
      // The name over its credit code: the two facts that identify an enterprise.
      key: 'name',
      choice: 'always',
      title: t('org.enterprise.col.nameCode'),
      dataIndex: 'name',
      width: 200,
      render: (_, row) => (
        <StackedCell
          strong
          primary={row.name}
          secondary={row.creditCode}
          secondaryTitle={`${t('org.enterprise.col.creditCode')}: ${row.creditCode}`}
          secondaryClassName="org-mono"
        />
      ),
    },
    {
      key: 'type',
      title: t('org.enterprise.col.type'),
      dataIndex: 'type',
      width: zh ? 86 : 110,
      render: (_, row) => <TypeTag type={row.type} t={t} />,
    },
    {
      // The contact over their phone.
      key: 'contact',
      title: t('org.enterprise.col.contactPhone'),
      dataIndex: 'contact',
      width: 130,
      render: (_, row) =>
        row.contact || row.phone ? <StackedCell primary={dash(row.contact)} secondary={row.phone} /> : dash(''),
    },
    {
      key: 'address',
      title: t('org.enterprise.col.address'),
      dataIndex: 'address',
      width: 150,
      render: (_, row) =>
        row.address ? (
          <span className="org-ellipsis" title={row.address}>
            {row.address}
          </span>
        ) : (
          dash(row.address)
        ),
    },
    {
      key: 'status',
      choice: 'always',
      title: t('org.col.status'),
      dataIndex: 'status',
      width: zh ? 80 : 96,
      render: (_, row) => <StatusTag status={row.status} t={t} />,
    },
    {
      key: 'departments',
      title: t('org.enterprise.col.departments'),
      dataIndex: 'departments',
      width: zh ? 76 : 116,
      align: 'right',
      render: (_, row) => <span className="org-number">{row.departments}</span>,
    },
    {
      key: 'users',
      title: t('org.enterprise.col.users'),
      dataIndex: 'users',
      width: 76,
      align: 'right',
      render: (_, row) => <span className="org-number">{row.users}</span>,
    },
    ...(writer
      ? [
          {
            key: 'actions',
            choice: 'always' as const,
            title: t('org.col.actions'),
            fixed: 'right' as const,
            width: zh ? 120 : 140,
            render: (_: unknown, row: Enterprise) => (
              <RowActions>
                <RowAction
                  text={t('org.action.edit')}
                  label={label('org.action.edit', row)}
                  onClick={() => actions.onEdit(row)}
                />
                <ConfirmAction
                  danger
                  text={t('org.action.delete')}
                  label={label('org.action.delete', row)}
                  question={t('org.enterprise.confirm.delete')}
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
