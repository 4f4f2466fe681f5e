import {
  Button,
  Empty,
  Message,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Table,
  type TableColumnProps,
  Tag,
  Tooltip,
} from '@arco-design/web-react';
import { IconDelete, IconDown, IconEdit, IconLaunch, IconPlus, IconRight } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { type AdminMenu, Permissions } from '@water/contracts';
import { useMemo, useState } from 'react';
import { errorText } from '../../../shared/ui/form-rules.ts';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { menuQueries, useRemoveMenu } from '../api/menu-queries.ts';
import { type MenuDrawerTarget, MenuFormDrawer } from '../components/menu-form-drawer.tsx';
import { MenuIcon, MenuStatusTag, MenuTypeTag, menuTitle } from '../components/menu-labels.tsx';
import { type SystemAdminI18n, useSystemAdminI18n } from '../use-system-admin-i18n.ts';
import '../system-admin.css';
import '../../../shared/ui/table-scroll-cue.css';

const WRITE = [Permissions.systemMenuWrite] as const;

/** A tree row: leaves carry no `children`, so the table draws no expander for them. */
type Row = Omit<AdminMenu, 'children'> & { children?: Row[] };

function toRows(nodes: readonly AdminMenu[]): Row[] {
  return nodes.map(({ children, ...node }) => (children.length ? { ...node, children: toRows(children) } : node));
}

function branchKeys(nodes: readonly AdminMenu[]): number[] {
  return nodes.flatMap((n) => (n.children.length ? [n.id, ...branchKeys(n.children)] : []));
}

/**
 * Menu management: every directory, menu and permission button, enabled or not, as one tree. The
 * server is the guard (placement, unique route names, no deleting a parent); the console leaves
 * the write actions out for users who cannot use them.
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

  const columns: TableColumnProps<Row>[] = [
    {
      title: t('sys.menu.col.title'),
      dataIndex: 'titleZh',
      width: 250,
      fixed: 'left',
      render: (_, row) => (
        // Wraps rather than cuts: the tree's indent leaves deep entries little room, and titles are short.
        <span className="sys-menu-title">
          {row.type === 'button' ? null : <MenuIcon name={row.icon} />}
          {menuTitle(row, locale)}
          {row.externalLink ? (
            <Tooltip content={row.externalLink} mini>
              <a
                className="sys-menu-link"
                href={row.externalLink}
                target="_blank"
                rel="noreferrer"
                aria-label={`${t('sys.menu.col.externalLink')}: ${row.externalLink}`}
              >
                <IconLaunch />
              </a>
            </Tooltip>
          ) : null}
        </span>
      ),
    },
    {
      title: t('sys.menu.col.type'),
      dataIndex: 'type',
      width: locale === 'zh-CN' ? 80 : 100,
      render: (_, row) => <MenuTypeTag type={row.type} t={t} />,
    },
    {
      // The route name over the path: one is how the console finds the page, the other its address.
      title: t('sys.menu.col.route'),
      dataIndex: 'name',
      width: 190,
      render: (_, row) => (
        <span className="sys-stack">
          <Code text={row.name} />
          {row.path ? <Code text={row.path} muted /> : null}
        </span>
      ),
    },
    {
      title: t('sys.menu.col.permission'),
      dataIndex: 'permission',
      width: 170,
      render: (v: string) => <Code text={v} />,
    },
    { title: t('sys.menu.col.order'), dataIndex: 'orderNum', width: 70, align: 'right' },
    {
      // Enabled or not, with what else changes how the entry shows: hidden from the menu, not cached.
      title: t('sys.menu.col.status'),
      dataIndex: 'status',
      width: locale === 'zh-CN' ? 140 : 150,
      render: (_, row) => (
        <Space size={4} wrap>
          <MenuStatusTag status={row.status} t={t} />
          {row.hidden ? (
            <Tag size="small" color="orange">
              {t('sys.menu.col.hidden')}
            </Tag>
          ) : null}
          {row.ignoreCache ? <Tag size="small">{t('sys.menu.col.ignoreCache')}</Tag> : null}
        </Space>
      ),
    },
    ...(writer
      ? [
          {
            title: t('sys.menu.col.actions'),
            key: 'actions',
            fixed: 'right' as const,
            // Three icon buttons, each named for screen readers and with its name as a tooltip.
            width: 120,
            render: (_: unknown, row: Row) => (
              <RowActions
                row={row}
                i18n={i18n}
                pending={remove.isPending && remove.variables === row.id}
                onAddChild={() => setDrawer({ menu: null, parentId: row.id })}
                onEdit={() => setDrawer({ menu: findNode(tree.data ?? [], row.id) ?? null })}
                onRemove={() =>
                  remove.mutateAsync(row.id).then(
                    () => {
                      Message.success(t('sys.deleted'));
                    },
                    // The request layer has shown the server's reason (e.g. the entry still has children).
                    () => undefined,
                  )
                }
              />
            ),
          },
        ]
      : []),
  ];

  let table: React.ReactNode;
  if (tree.isError && !tree.data) {
    table = (
      <Result
        status="error"
        title={t('sys.loadFailed')}
        subTitle={errorText(tree.error, t('sys.requestFailed'))}
        extra={
          <Button type="primary" onClick={() => tree.refetch()}>
            {t('sys.retry')}
          </Button>
        }
      />
    );
  } else if (tree.isPending) {
    table = <Skeleton animation text={{ rows: 8 }} className="sys-skeleton" />;
  } else {
    table = (
      <Table<Row>
        className="sys-table table-scroll-cue"
        rowKey="id"
        columns={columns}
        data={rows}
        loading={tree.isFetching}
        pagination={false}
        tableLayoutFixed
        border={{ wrapper: true, cell: false }}
        // Every column at its width (about 1,050 px, so it fits a 1,440 px window with the side menu open):
        // none slips under the fixed actions.
        scroll={{ x: columns.reduce((sum, c) => sum + (Number(c.width) || 0), 0) }}
        noDataElement={<Empty description={t('sys.menu.empty')} />}
        expandedRowKeys={expandedKeys}
        onExpandedRowsChange={(keys) => setExpanded(keys.map(Number))}
      />
    );
  }

  const allOpen = allBranches.length > 0 && allBranches.every((k) => expandedKeys.includes(k));
  return (
    <div className="sys-page">
      <div className="sys-card">
        <header className="sys-header">
          <div>
            <h1 className="sys-header__title">{t('sys.menu.title')}</h1>
            <p className="sys-header__subtitle">{t('sys.menu.subtitle')}</p>
          </div>
          <Space>
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
          </Space>
        </header>
        {table}
      </div>
      <MenuFormDrawer target={drawer} tree={tree.data ?? []} onClose={() => setDrawer(null)} />
    </div>
  );
}

function findNode(nodes: readonly AdminMenu[], id: number): AdminMenu | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

function Code({ text, muted = false }: { text: string; muted?: boolean }) {
  return text ? (
    <code className={muted ? 'sys-code sys-ellipsis sys-code--muted' : 'sys-code sys-ellipsis'} title={text}>
      {text}
    </code>
  ) : null;
}

interface RowActionsProps {
  row: Row;
  i18n: SystemAdminI18n;
  pending: boolean;
  onAddChild: () => void;
  onEdit: () => void;
  onRemove: () => Promise<void>;
}

function RowActions({ row, i18n, pending, onAddChild, onEdit, onRemove }: RowActionsProps) {
  const { t, locale } = i18n;
  const title = menuTitle(row, locale);
  const label = (action: string) => t('sys.actionLabel', { action, title });
  return (
    <Space size={0} className="sys-actions">
      {row.type === 'button' ? (
        // A button has no children: an empty slot keeps the icons of every row in line.
        <span className="sys-actions__slot" />
      ) : (
        <Tooltip content={t('sys.menu.action.addChild')} mini>
          <Button
            type="text"
            size="small"
            icon={<IconPlus />}
            aria-label={label(t('sys.menu.action.addChild'))}
            onClick={onAddChild}
          />
        </Tooltip>
      )}
      <Tooltip content={t('sys.menu.action.edit')} mini>
        <Button
          type="text"
          size="small"
          icon={<IconEdit />}
          aria-label={label(t('sys.menu.action.edit'))}
          onClick={onEdit}
        />
      </Tooltip>
      <Popconfirm
        title={t('sys.menu.confirm.delete')}
        okText={t('sys.menu.action.delete')}
        cancelText={t('sys.cancel')}
        okButtonProps={{ status: 'danger' }}
        onOk={onRemove}
      >
        <Tooltip content={t('sys.menu.action.delete')} mini>
          <Button
            type="text"
            size="small"
            status="danger"
            icon={<IconDelete />}
            aria-label={label(t('sys.menu.action.delete'))}
            disabled={pending}
          />
        </Tooltip>
      </Popconfirm>
    </Space>
  );
}
