import { Button, Empty, Message, Table } from '@arco-design/web-react';
import { IconDown, IconPlus, IconRight } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { type AdminMenu, Permissions } from '@water/contracts';
import { useMemo, useState } from 'react';
import { ListShell } from '../../../shared/ui/list-page.tsx';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { menuQueries, useRemoveMenu } from '../api/menu-queries.ts';
import { findMenu, type MenuDrawerTarget, MenuFormDrawer } from '../components/menu-form-drawer.tsx';
import { type MenuRow, menuColumns } from '../list/menu-columns.tsx';
import { useSystemAdminI18n } from '../use-system-admin-i18n.ts';
import '../system-admin.css';
import '../../../shared/ui/table-scroll-cue.css';

const WRITE = [Permissions.systemMenuWrite] as const;

function toRows(nodes: readonly AdminMenu[]): MenuRow[] {
  return nodes.map(({ children, ...node }) => (children.length ? { ...node, children: toRows(children) } : node));
}

function branchKeys(nodes: readonly AdminMenu[]): number[] {
  return nodes.flatMap((n) => (n.children.length ? [n.id, ...branchKeys(n.children)] : []));
}

/**
 * Menu management: every directory, menu and permission button, enabled or not, as one tree (not
 * paged, so it keeps its own table in the list page's frame). The server is the guard (placement,
 * unique route names, no deleting a parent); the console leaves the write actions out for users who
 * cannot use them.
 */
export function MenuListPage() {
  const i18n = useSystemAdminI18n();
  const { t, locale } = i18n;
  const writer = useButtonPermission(WRITE);
  const tree = useQuery(menuQueries.tree(locale));
  const remove = useRemoveMenu();
  const [drawer, setDrawer] = useState<MenuDrawerTarget>(null);
  // The top level opens at first: the directories' entries are one click away.
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const rows = useMemo(() => toRows(tree.data ?? []), [tree.data]);
  const allBranches = useMemo(() => branchKeys(tree.data ?? []), [tree.data]);
  const expandedKeys = expanded ?? (tree.data ?? []).filter((n) => n.children.length).map((n) => n.id);
  const allOpen = allBranches.length > 0 && allBranches.every((k) => expandedKeys.includes(k));

  const columns = menuColumns({
    i18n,
    writer,
    actions: {
      removing: (row) => remove.isPending && remove.variables === row.id,
      onAddChild: (row) => setDrawer({ menu: null, parentId: row.id }),
      onEdit: (row) => setDrawer({ menu: findMenu(tree.data ?? [], row.id) ?? null }),
      onRemove: (row) =>
        remove.mutateAsync(row.id).then(
          () => Message.success(t('sys.deleted')),
          // The request layer has shown the server's reason (e.g. the entry still has children).
          () => undefined,
        ),
    },
  });

  const actions = (
    <>
      <Button
        icon={allOpen ? <IconRight /> : <IconDown />}
        disabled={!allBranches.length}
        onClick={() => setExpanded(allOpen ? [] : allBranches)}
      >
        {t(allOpen ? 'sys.menu.collapseAll' : 'sys.menu.expandAll')}
      </Button>
      <Permission permissions={WRITE}>
        <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({ menu: null, parentId: null })}>
          {t('sys.menu.create')}
        </Button>
      </Permission>
    </>
  );

  return (
    <ListShell
      title={t('sys.menu.title')}
      subtitle={t('sys.menu.subtitle')}
      actions={actions}
      query={tree}
      body={
        <Table<MenuRow>
          className="sys-table table-scroll-cue"
          rowKey="id"
          columns={columns}
          data={rows}
          loading={tree.isFetching}
          pagination={false}
          tableLayoutFixed
          border={{ wrapper: true, cell: false }}
          // Every column at its width: none slips under the fixed ones in a narrower window.
          scroll={{ x: columns.reduce((sum, c) => sum + (Number(c.width) || 0), 0) }}
          noDataElement={<Empty description={t('sys.menu.empty')} />}
          expandedRowKeys={expandedKeys}
          onExpandedRowsChange={(keys) => setExpanded(keys.map(Number))}
        />
      }
    >
      <MenuFormDrawer target={drawer} tree={tree.data ?? []} onClose={() => setDrawer(null)} />
    </ListShell>
  );
}
