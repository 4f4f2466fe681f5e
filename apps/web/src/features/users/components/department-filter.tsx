import { Button, Checkbox, Empty, Input, Skeleton, Tree } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { userQueries } from '../api/users-queries.ts';
import { useUsersI18n } from '../use-users-i18n.ts';
import { allKeys, filterTree, toTreeData } from './department-tree-data.ts';

/**
 * The department tree beside the user list (RuoYi's layout): picking a department filters the list,
 * picking it again shows everyone; "with sub-departments" widens the filter to the branch.
 */
export function DepartmentFilter({
  value,
  withChildren,
  onChange,
}: {
  value: number | undefined;
  withChildren: boolean;
  onChange: (departmentId: number | undefined, withChildren: boolean) => void;
}) {
  const { t, locale } = useUsersI18n();
  const departments = useQuery(userQueries.departments(locale));
  const [text, setText] = useState('');
  const tree = useMemo(() => toTreeData(departments.data ?? []), [departments.data]);
  const shown = useMemo(() => filterTree(tree, text.trim()), [tree, text]);

  let body: React.ReactNode;
  if (departments.isPending) body = <Skeleton animation text={{ rows: 6 }} />;
  else if (departments.isError) {
    body = (
      <Empty
        description={
          <Button type="text" size="small" onClick={() => departments.refetch()}>
            {t('users.dept.retry')}
          </Button>
        }
      />
    );
  } else if (shown.length === 0) body = <Empty description={t('users.dept.none')} />;
  else {
    body = (
      <Tree
        // A search shows every match at once; otherwise the tree opens fully (a utility has few departments).
        key={text.trim() ? `search-${text.trim()}` : 'all'}
        blockNode
        size="small"
        treeData={shown}
        defaultExpandedKeys={allKeys(shown)}
        selectedKeys={value ? [String(value)] : []}
        onSelect={(keys) => onChange(keys[0] ? Number(keys[0]) : undefined, withChildren)}
        aria-label={t('users.dept.title')}
      />
    );
  }

  return (
    <aside className="users-card users-dept" aria-label={t('users.dept.title')}>
      <div className="users-dept__head">
        <h2 className="users-section-title">{t('users.dept.title')}</h2>
        {value ? (
          <Button type="text" size="mini" onClick={() => onChange(undefined, withChildren)}>
            {t('users.dept.all')}
          </Button>
        ) : null}
      </div>
      <Input.Search
        allowClear
        size="small"
        placeholder={t('users.dept.search')}
        aria-label={t('users.dept.search')}
        value={text}
        onChange={setText}
      />
      <Checkbox
        className="users-dept__children"
        checked={withChildren}
        onChange={(checked: boolean) => onChange(value, checked)}
      >
        {t('users.dept.withChildren')}
      </Checkbox>
      <div className="users-dept__tree">{body}</div>
    </aside>
  );
}
