import { Button, Empty, Message, Select, Skeleton, Space, Table } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { type DepartmentNode, organizationApi, Permissions } from '@water/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListShell } from '../../../shared/ui/list-page.tsx';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { parseListQuery } from '../../../shared/ui/use-list-filters.ts';
import { useSharedUiI18n } from '../../../shared/ui/use-shared-ui-i18n.ts';
import { organizationQueries, useRemoveDepartment } from '../api/organization-queries.ts';
import { type DepartmentDrawerTarget, DepartmentFormDrawer } from '../components/department-form-drawer.tsx';
import { parentIds } from '../components/department-tree.ts';
import { LoadFailed } from '../components/page-states.tsx';
import { departmentColumns } from '../list/department-columns.tsx';
import { useOrganizationI18n } from '../use-organization-i18n.ts';
import '../organization.css';

const WRITE = [Permissions.systemDeptWrite] as const;

/**
 * The department tree of one enterprise, in the list pages' shell (the tree is not paged). Every
 * signed-in user may read trees (pickers use them); only holders of the department permission see
 * the write actions, and the server checks them. The enterprise shown is in the address.
 */
export function DepartmentTreePage() {
  const i18n = useOrganizationI18n();
  const { t } = i18n;
  const shared = useSharedUiI18n();
  const writer = useButtonPermission(WRITE);
  const [params, setParams] = useSearchParams();
  const chosen = parseListQuery(organizationApi.departmentTree.query, Object.fromEntries(params)).enterpriseId;
  // null: every parent open (the tree is small and reads best whole).
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const [drawer, setDrawer] = useState<DepartmentDrawerTarget>(null);
  const enterprises = useQuery(organizationQueries.enterpriseOptions());
  const enterpriseId = chosen ?? enterprises.data?.[0]?.id;
  const tree = useQuery({ ...organizationQueries.departmentTree(enterpriseId), enabled: enterpriseId !== undefined });
  const remove = useRemoveDepartment();
  const nodes = tree.data ?? [];

  const columns = departmentColumns({
    i18n,
    writer,
    actions: {
      onAddChild: (row) => setDrawer({ item: null, parentId: row.id }),
      onEdit: (row) => setDrawer({ item: row }),
      onRemove: (row) =>
        remove.mutateAsync(row.id).then(
          () => Message.success(t('org.done.delete')),
          // The request layer has shown the server's refusal: sub-departments or members, and how many.
          () => undefined,
        ),
      removing: remove.isPending ? remove.variables : undefined,
    },
  });

  let body: React.ReactNode;
  if (enterprises.isError) {
    body = <LoadFailed error={enterprises.error} onRetry={() => enterprises.refetch()} t={t} />;
  } else if (enterprises.data && enterpriseId === undefined) {
    body = <Empty description={t('org.dept.noEnterprise')} />;
  } else if (tree.isError && !tree.data) {
    body = <LoadFailed error={tree.error} onRetry={() => tree.refetch()} t={t} />;
  } else if (enterprises.isPending || tree.isPending) {
    body = <Skeleton animation text={{ rows: 8 }} className="list-page__skeleton" />;
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
        tableLayoutFixed
        scroll={{ x: columns.reduce((sum, c) => sum + (Number(c.width) || 0), 0) }}
      />
    );
  }

  return (
    <ListShell
      title={t('org.dept.title')}
      subtitle={t('org.dept.subtitle')}
      actions={
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
      }
      body={
        <>
          <search className="list-page__filters" aria-label={shared.t('list.filters')}>
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
                setParams((current) => {
                  current.set('enterpriseId', String(id));
                  return current;
                });
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
          </search>
          {body}
        </>
      }
    >
      {enterpriseId !== undefined ? (
        <DepartmentFormDrawer
          target={drawer}
          enterpriseId={enterpriseId}
          tree={nodes}
          onClose={() => setDrawer(null)}
        />
      ) : null}
    </ListShell>
  );
}
