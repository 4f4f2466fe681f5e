import { Button, Empty, Input, Message, Skeleton, Spin, Tooltip, Tree } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { type DepartmentNode, type Member, organizationApi, Permissions } from '@water/contracts';
import { useMemo, useState } from 'react';
import { useRoleInfo } from '../../../shared/session/session-queries.ts';
import { ListView } from '../../../shared/ui/list-page.tsx';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { useSharedUiI18n } from '../../../shared/ui/use-shared-ui-i18n.ts';
import { organizationQueries, useRemoveMember } from '../api/organization-queries.ts';
import { filterTree, findDepartment, type TreeOption } from '../components/department-tree.ts';
import { type MemberDrawerTarget, MemberFormDrawer } from '../components/member-form-drawer.tsx';
import { ForbiddenResult, LoadFailed } from '../components/page-states.tsx';
import { memberColumns } from '../list/member-columns.tsx';
import { MemberFilterFields } from '../list/member-filters.tsx';
import { useOrganizationI18n } from '../use-organization-i18n.ts';
import '../../../shared/ui/list-page.css';
import '../organization.css';

const LIST = [Permissions.systemMemberList] as const;
const WRITE = [Permissions.systemMemberWrite] as const;
const DEFAULTS = { pageSize: 10 };
const ENTERPRISE_KEY = 'e:';

/**
 * Department members: a department tree on the left, the chosen department's members on the right.
 * The department, the keyword and the page are in the address.
 */
export function MemberListPage() {
  const { t } = useOrganizationI18n();
  const roleInfo = useRoleInfo();
  const allowed = useButtonPermission(LIST);
  if (!roleInfo) return <Spin className="org-page-loading" />;
  if (!allowed) return <ForbiddenResult permission={Permissions.systemMemberList} t={t} />;
  return <MemberManager />;
}

function MemberManager() {
  const i18n = useOrganizationI18n();
  const { t, locale } = i18n;
  const shared = useSharedUiI18n();
  const writer = useButtonPermission(WRITE);
  const list = useListFilters(organizationApi.members.query, { defaults: DEFAULTS });
  const { filters } = list;
  const [drawer, setDrawer] = useState<MemberDrawerTarget>(null);
  const enterprises = useQuery(organizationQueries.enterpriseOptions());
  const forest = useQuery(organizationQueries.departmentTree(undefined));
  const selected =
    filters.departmentId === undefined ? undefined : findDepartment(forest.data ?? [], filters.departmentId);
  const members = useQuery(
    organizationQueries.members(
      {
        page: filters.page,
        pageSize: filters.pageSize,
        departmentId: filters.departmentId,
        // Only meaningful with a department; left out otherwise so the key and the URL stay short.
        withChildren: filters.departmentId !== undefined && filters.withChildren ? 'true' : undefined,
        keyword: filters.keyword,
      },
      locale,
    ),
  );
  const remove = useRemoveMember();

  const columns = memberColumns({
    i18n,
    writer,
    actions: {
      onEdit: (row) => setDrawer({ member: row }),
      onRemove: (row) =>
        remove.mutateAsync({ departmentId: row.departmentId, userId: row.userId }).then(
          () => Message.success(t('org.member.done.remove')),
          // The request layer has shown the server's message.
          () => undefined,
        ),
    },
  });

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
    <div className="list-page">
      <div className="org-member-layout">
        <aside className="list-page__card org-member-tree" aria-label={t('org.member.tree')}>
          <DepartmentPicker
            forest={forest.data ?? []}
            enterprises={enterprises.data ?? []}
            loading={forest.isPending}
            error={forest.isError ? forest.error : null}
            onRetry={() => forest.refetch()}
            selected={filters.departmentId}
            onSelect={(departmentId) => list.set({ departmentId })}
          />
        </aside>
        <section className="list-page__card">
          <header className="list-page__header">
            <div>
              <h1 className="list-page__title">{t('org.member.title')}</h1>
              <p className="list-page__subtitle">
                {selected ? t('org.member.scopeOne', { name: selected.name }) : t('org.member.scopeAll')}
              </p>
            </div>
            <Permission permissions={WRITE}>
              {selected ? addButton : <Tooltip content={t('org.member.addHint')}>{addButton}</Tooltip>}
            </Permission>
          </header>
          <ListView<Member>
            filters={<MemberFilterFields list={list} i18n={i18n} department={Boolean(selected)} />}
            list={list}
            query={members}
            columns={columns}
            columnsId="members"
            rowKey={(row) => `${row.departmentId}-${row.userId}`}
            tableProps={{
              // A department without members is not a search that found nothing.
              noDataElement: (
                <Empty description={filters.keyword ? shared.t('list.emptyFiltered') : t('org.member.empty')} />
              ),
            }}
          />
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
