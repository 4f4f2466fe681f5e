import {
  Button,
  Empty,
  Message,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Table,
  type TableColumnProps,
} from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { type DepartmentNode, Permissions } from '@water/contracts';
import { useState } from 'react';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { organizationQueries, useRemoveDepartment } from '../api/organization-queries.ts';
import { type DepartmentDrawerTarget, DepartmentFormDrawer } from '../components/department-form-drawer.tsx';
import { parentIds } from '../components/department-tree.ts';
import { StatusTag } from '../components/organization-labels.tsx';
import { LoadFailed } from '../components/page-states.tsx';
import { type OrganizationMessageKey, useOrganizationI18n } from '../use-organization-i18n.ts';
import '../organization.css';

const WRITE = [Permissions.systemDeptWrite] as const;

/**
 * The department tree of one enterprise. Every signed-in user may read trees (pickers use them);
 * only holders of the department permission see the write actions, and the server checks them.
 */
export function DepartmentTreePage() {
  const { t, locale } = useOrganizationI18n();
  const writer = useButtonPermission(WRITE);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  // null: every parent open (the tree is small and reads best whole).
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const [drawer, setDrawer] = useState<DepartmentDrawerTarget>(null);
  const enterprises = useQuery(organizationQueries.enterpriseOptions());
  const enterpriseId = chosen ?? enterprises.data?.[0]?.id;
  const tree = useQuery({ ...organizationQueries.departmentTree(enterpriseId), enabled: enterpriseId !== undefined });
  const remove = useRemoveDepartment();
  const nodes = tree.data ?? [];

  const removeRow = (row: DepartmentNode) =>
    remove.mutateAsync(row.id).then(
      () => {
        Message.success(t('org.done.delete'));
      },
      // The request layer has shown the server's refusal: sub-departments or members, and how many.
      () => undefined,
    );

  const label = (action: OrganizationMessageKey, row: DepartmentNode) =>
    t('org.actionLabel', { action: t(action), name: row.name });

  const columns: TableColumnProps<DepartmentNode>[] = [
    {
      title: t('org.dept.col.name'),
      dataIndex: 'name',
      render: (_, row) => <span className="org-strong">{row.name}</span>,
    },
    { title: t('org.dept.col.leader'), dataIndex: 'leader', width: 120, render: dash },
    { title: t('org.col.phone'), dataIndex: 'phone', width: 150, render: dash },
    {
      title: t('org.dept.col.order'),
      dataIndex: 'orderNum',
      width: 80,
      align: 'right',
      render: (_, row) => <span className="org-number">{row.orderNum}</span>,
    },
    {
      title: t('org.col.status'),
      dataIndex: 'status',
      width: 100,
      render: (_, row) => <StatusTag status={row.status} t={t} />,
    },
    {
      title: t('org.dept.col.members'),
      dataIndex: 'members',
      width: locale === 'zh-CN' ? 80 : 100,
      align: 'right',
      render: (_, row) => <span className="org-number">{row.members}</span>,
    },
    ...(writer
      ? [
          {
            title: t('org.col.actions'),
            key: 'actions',
            width: locale === 'zh-CN' ? 180 : 270,
            render: (_: unknown, row: DepartmentNode) => (
              <Space size={0} className="org-actions">
                <Button
                  type="text"
                  size="small"
                  aria-label={label('org.action.addChild', row)}
                  onClick={() => setDrawer({ item: null, parentId: row.id })}
                >
                  {t('org.action.addChild')}
                </Button>
                <Button
                  type="text"
                  size="small"
                  aria-label={label('org.action.edit', row)}
                  onClick={() => setDrawer({ item: row })}
                >
                  {t('org.action.edit')}
                </Button>
                <Popconfirm
                  title={t('org.dept.confirm.delete', { name: row.name })}
                  okText={t('org.action.delete')}
                  cancelText={t('org.cancel')}
                  okButtonProps={{ status: 'danger' }}
                  onOk={() => removeRow(row)}
                >
                  <Button
                    type="text"
                    size="small"
                    status="danger"
                    aria-label={label('org.action.delete', row)}
                    disabled={remove.isPending && remove.variables === row.id}
                  >
                    {t('org.action.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  let body: React.ReactNode;
  if (enterprises.isError) {
    body = <LoadFailed error={enterprises.error} onRetry={() => enterprises.refetch()} t={t} />;
  } else if (enterprises.data && enterpriseId === undefined) {
    body = <Empty description={t('org.dept.noEnterprise')} />;
  } else if (tree.isError && !tree.data) {
    body = <LoadFailed error={tree.error} onRetry={() => tree.refetch()} t={t} />;
  } else if (enterprises.isPending || tree.isPending) {
    body = <Skeleton animation text={{ rows: 8 }} className="org-skeleton" />;
  } else {
    body = (
      <Table<DepartmentNode>
        rowKey="id"
        columns={columns}
        data={nodes}
        loading={tree.isFetching}
        pagination={false}
        indentSize={20}
        expandedRowKeys={expanded ?? parentIds(nodes)}
        onExpandedRowsChange={(keys) => setExpanded(keys.map(Number))}
        noDataElement={<Empty description={t('org.dept.empty')} />}
        scroll={{ x: writer ? 1000 : 800 }}
      />
    );
  }

  return (
    <div className="org-page">
      <div className="org-card">
        <header className="org-header">
          <div>
            <h1 className="org-header__title">{t('org.dept.title')}</h1>
            <p className="org-header__subtitle">{t('org.dept.subtitle')}</p>
          </div>
          <Permission permissions={WRITE}>
            <Button
              type="primary"
              icon={<IconPlus />}
              disabled={enterpriseId === undefined}
              onClick={() => setDrawer({ item: null, parentId: null })}
            >
              {t('org.dept.createRoot')}
            </Button>
          </Permission>
        </header>
        <div className="org-filters">
          <span className="org-filters__label" aria-hidden="true">
            {t('org.dept.enterprise')}
          </span>
          <Select
            className="org-filters__enterprise"
            aria-label={t('org.dept.enterprise')}
            placeholder={t('org.dept.enterprisePlaceholder')}
            loading={enterprises.isPending}
            value={enterpriseId}
            showSearch
            onChange={(id: number) => {
              setChosen(id);
              setExpanded(null);
            }}
            options={(enterprises.data ?? []).map((e) => ({ label: e.name, value: e.id }))}
          />
          <Space size={4} className="org-filters__end">
            <Button size="small" type="text" onClick={() => setExpanded(null)}>
              {t('org.dept.expandAll')}
            </Button>
            <Button size="small" type="text" onClick={() => setExpanded([])}>
              {t('org.dept.collapseAll')}
            </Button>
          </Space>
        </div>
        {body}
      </div>
      {enterpriseId !== undefined ? (
        <DepartmentFormDrawer
          target={drawer}
          enterpriseId={enterpriseId}
          tree={nodes}
          onClose={() => setDrawer(null)}
        />
      ) : null}
    </div>
  );
}

function dash(value: string) {
  return value ? value : <span className="org-muted">—</span>;
}
