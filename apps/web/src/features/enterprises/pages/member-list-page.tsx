import {
  Button,
  Empty,
  Input,
  Message,
  Popconfirm,
  Skeleton,
  Space,
  Spin,
  Switch,
  Table,
  type TableColumnProps,
  Tag,
  Tooltip,
  Tree,
} from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { type DepartmentNode, type Member, Permissions } from '@water/contracts';
import { useMemo, useState } from 'react';
import { useRoleInfo } from '../../../shared/session/session-queries.ts';
import { KeywordSearch, pageFrom, QueryState, tablePagination } from '../../../shared/ui/list-scaffold.tsx';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { StackedCell } from '../../../shared/ui/stacked-cell.tsx';
import { type MemberFilters, organizationQueries, useRemoveMember } from '../api/organization-queries.ts';
import { filterTree, findDepartment, type TreeOption } from '../components/department-tree.ts';
import { type MemberDrawerTarget, MemberFormDrawer } from '../components/member-form-drawer.tsx';
import { StatusTag } from '../components/organization-labels.tsx';
import { ForbiddenResult, LoadFailed } from '../components/page-states.tsx';
import { type OrganizationMessageKey, useOrganizationI18n } from '../use-organization-i18n.ts';
import '../organization.css';
import '../../../shared/ui/table-scroll-cue.css';

const LIST = [Permissions.systemMemberList] as const;
const WRITE = [Permissions.systemMemberWrite] as const;
const PAGE_SIZE = 10;
const ENTERPRISE_KEY = 'e:';

/** Department members: a department tree on the left, the chosen department's members on the right. */
export function MemberListPage() {
  const { t } = useOrganizationI18n();
  const roleInfo = useRoleInfo();
  const allowed = useButtonPermission(LIST);
  if (!roleInfo) return <Spin className="org-page-loading" />;
  if (!allowed) return <ForbiddenResult permission={Permissions.systemMemberList} t={t} />;
  return <MemberManager />;
}

interface MemberQuery {
  page: number;
  pageSize: number;
  departmentId?: number;
  withChildren: boolean;
  keyword?: string;
}

function MemberManager() {
  const { t, locale } = useOrganizationI18n();
  const writer = useButtonPermission(WRITE);
  const [query, setQuery] = useState<MemberQuery>({ page: 1, pageSize: PAGE_SIZE, withChildren: false });
  const [keyword, setKeyword] = useState('');
  const [drawer, setDrawer] = useState<MemberDrawerTarget>(null);
  const enterprises = useQuery(organizationQueries.enterpriseOptions());
  const forest = useQuery(organizationQueries.departmentTree(undefined));
  const selected = query.departmentId === undefined ? undefined : findDepartment(forest.data ?? [], query.departmentId);

  const filters: MemberFilters = {
    page: query.page,
    pageSize: query.pageSize,
    departmentId: query.departmentId,
    // Only meaningful with a department; left out otherwise so the key and the URL stay short.
    withChildren: query.departmentId !== undefined && query.withChildren ? 'true' : undefined,
    keyword: query.keyword,
  };
  const members = useQuery(organizationQueries.members(filters, locale));
  const remove = useRemoveMember();

  const removeRow = (row: Member) =>
    remove.mutateAsync({ departmentId: row.departmentId, userId: row.userId }).then(
      () => {
        Message.success(t('org.member.done.remove'));
      },
      // The request layer has shown the server's message.
      () => undefined,
    );

  const label = (action: OrganizationMessageKey, row: Member) =>
    t('org.actionLabel', { action: t(action), name: `${row.displayName} · ${row.departmentName}` });

  const columns: TableColumnProps<Member>[] = [
    {
      // The name over the username.
      title: t('org.member.col.member'),
      dataIndex: 'displayName',
      width: 130,
      fixed: 'left',
      render: (_, row) => <StackedCell strong primary={row.displayName} secondary={row.username} />,
    },
    {
      title: t('org.member.col.phone'),
      dataIndex: 'phone',
      width: 120,
      render: (_, row) => row.phone ?? <span className="org-muted">—</span>,
    },
    {
      title: t('org.member.col.department'),
      dataIndex: 'departmentName',
      width: 160,
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
      title: t('org.member.col.position'),
      dataIndex: 'position',
      width: 110,
      render: (_, row) =>
        row.position ? (
          <span className="org-ellipsis" title={row.position}>
            {row.position}
          </span>
        ) : (
          <span className="org-muted">—</span>
        ),
    },
    {
      title: t('org.member.col.status'),
      dataIndex: 'status',
      width: locale === 'zh-CN' ? 90 : 100,
      render: (_, row) => <StatusTag status={row.status} t={t} />,
    },
    // When the member joined is in the edit drawer: the list fits beside the tree without it.
    ...(writer
      ? [
          {
            title: t('org.col.actions'),
            key: 'actions',
            fixed: 'right' as const,
            width: locale === 'zh-CN' ? 120 : 140,
            render: (_: unknown, row: Member) => (
              <Space size={0} className="org-actions">
                <Button
                  type="text"
                  size="small"
                  aria-label={label('org.action.edit', row)}
                  onClick={() => setDrawer({ member: row })}
                >
                  {t('org.action.edit')}
                </Button>
                <Popconfirm
                  title={t('org.member.confirm.remove', { name: row.displayName, department: row.departmentName })}
                  okText={t('org.action.remove')}
                  cancelText={t('org.cancel')}
                  okButtonProps={{ status: 'danger' }}
                  onOk={() => removeRow(row)}
                >
                  <Button type="text" size="small" status="danger" aria-label={label('org.action.remove', row)}>
                    {t('org.action.remove')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  const table = (
    <QueryState
      query={members}
      failedTitle={t('org.loadFailed')}
      requestFailed={t('org.requestFailed')}
      retryLabel={t('org.retry')}
      skeletonClassName="org-skeleton"
    >
      <Table<Member>
        className="org-table table-scroll-cue"
        rowKey={(row) => `${row.departmentId}-${row.userId}`}
        columns={columns}
        data={members.data?.list ?? []}
        loading={members.isFetching}
        noDataElement={<Empty description={t(query.keyword ? 'org.member.emptyFiltered' : 'org.member.empty')} />}
        tableLayoutFixed
        // Every column at its width (about 750 px, so it fits beside the tree in a 1,440 px window with the
        // side menu open): none slips under the fixed actions.
        scroll={{ x: columns.reduce((sum, c) => sum + (Number(c.width) || 0), 0) }}
        pagination={tablePagination({
          page: query.page,
          pageSize: query.pageSize,
          total: members.data?.total ?? 0,
          showTotal: (total: number) => t('org.total', { total }),
        })}
        onChange={(pagination) => setQuery((q) => ({ ...q, ...pageFrom(pagination, PAGE_SIZE) }))}
      />
    </QueryState>
  );

  const addButton = (
    <Button
      type="primary"
      icon={<IconPlus />}
      disabled={!selected}
      onClick={() => selected && setDrawer({ member: null, department: { id: selected.id, name: selected.name } })}
    >
      {t('org.member.add')}
    </Button>
  );

  return (
    <div className="org-page">
      <div className="org-member-layout">
        <aside className="org-card org-member-tree" aria-label={t('org.member.tree')}>
          <DepartmentPicker
            forest={forest.data ?? []}
            enterprises={enterprises.data ?? []}
            loading={forest.isPending}
            error={forest.isError ? forest.error : null}
            onRetry={() => forest.refetch()}
            selected={query.departmentId}
            onSelect={(departmentId) => setQuery((q) => ({ ...q, departmentId, page: 1 }))}
          />
        </aside>
        <section className="org-card org-member-main">
          <header className="org-header">
            <div>
              <h1 className="org-header__title">{t('org.member.title')}</h1>
              <p className="org-header__subtitle">
                {selected ? t('org.member.scopeOne', { name: selected.name }) : t('org.member.scopeAll')}
              </p>
            </div>
            <Permission permissions={WRITE}>
              {selected ? addButton : <Tooltip content={t('org.member.addHint')}>{addButton}</Tooltip>}
            </Permission>
          </header>
          <search className="org-filters">
            <KeywordSearch
              className="org-filters__keyword"
              label={t('org.member.keyword')}
              value={keyword}
              onChange={setKeyword}
              onKeyword={(next) => setQuery((q) => ({ ...q, keyword: next, page: 1 }))}
            />
            <span className="org-switch">
              <Switch
                size="small"
                aria-label={t('org.member.withChildren')}
                checked={query.withChildren}
                disabled={!selected}
                onChange={(withChildren: boolean) => setQuery((q) => ({ ...q, withChildren, page: 1 }))}
              />
              <span className={selected ? undefined : 'org-muted'} aria-hidden="true">
                {t('org.member.withChildren')}
              </span>
            </span>
          </search>
          {table}
        </section>
      </div>
      <MemberFormDrawer target={drawer} onClose={() => setDrawer(null)} />
    </div>
  );
}

interface DepartmentPickerProps {
  forest: DepartmentNode[];
  enterprises: { id: number; name: string }[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  selected: number | undefined;
  onSelect: (departmentId: number | undefined) => void;
}

/** Every enterprise's departments, grouped under the enterprise's name, with a name filter. */
function DepartmentPicker({ forest, enterprises, loading, error, onRetry, selected, onSelect }: DepartmentPickerProps) {
  const { t } = useOrganizationI18n();
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<string[] | null>(null);

  const treeData = useMemo(() => {
    const filtered = filterTree(forest, search);
    const toOptions = (nodes: DepartmentNode[]): TreeOption[] =>
      nodes.map((n) => ({
        key: String(n.id),
        title: n.name,
        ...(n.children.length ? { children: toOptions(n.children) } : {}),
      }));
    return enterprises.flatMap((e) => {
      const roots = filtered.filter((n) => n.enterpriseId === e.id);
      if (search.trim() && roots.length === 0) return [];
      return [
        {
          key: `${ENTERPRISE_KEY}${e.id}`,
          title: e.name,
          selectable: false,
          className: 'org-tree-enterprise',
          children: toOptions(roots),
        },
      ];
    });
  }, [forest, enterprises, search]);

  const allKeys = useMemo(() => {
    const keys: string[] = [];
    const walk = (nodes: TreeOption[]) => {
      for (const n of nodes) {
        if (n.children?.length) {
          keys.push(n.key);
          walk(n.children);
        }
      }
    };
    walk(treeData);
    return keys;
  }, [treeData]);

  let tree: React.ReactNode;
  if (error) tree = <LoadFailed error={error} onRetry={onRetry} t={t} />;
  else if (loading) tree = <Skeleton animation text={{ rows: 6 }} />;
  else if (treeData.length === 0) tree = <Empty description={t('org.member.treeEmpty')} />;
  else {
    tree = (
      <Tree
        blockNode
        treeData={treeData}
        selectedKeys={selected === undefined ? [] : [String(selected)]}
        // While searching every match is shown open; otherwise the reader's own choice.
        expandedKeys={search.trim() ? allKeys : (expanded ?? allKeys)}
        onExpand={(keys) => setExpanded(keys)}
        onSelect={(keys) => {
          const key = keys[0];
          onSelect(key === undefined || key.startsWith(ENTERPRISE_KEY) ? undefined : Number(key));
        }}
      />
    );
  }

  return (
    <>
      <div className="org-member-tree__head">
        <h2 className="org-member-tree__title">{t('org.member.tree')}</h2>
        <Button
          size="mini"
          type={selected === undefined ? 'secondary' : 'text'}
          onClick={() => onSelect(undefined)}
          aria-pressed={selected === undefined}
        >
          {t('org.member.allDepartments')}
        </Button>
      </div>
      <Input.Search
        className="org-member-tree__search"
        aria-label={t('org.member.treeSearch')}
        placeholder={t('org.member.treeSearch')}
        allowClear
        value={search}
        onChange={setSearch}
      />
      <div className="org-member-tree__body">{tree}</div>
    </>
  );
}
