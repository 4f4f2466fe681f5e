import { Button, Checkbox, Space, Tag, Tree } from '@arco-design/web-react';
import type { AdminMenu } from '@water/contracts';
import { type ReactNode, useMemo, useState } from 'react';
import type { UsersI18n, UsersMessageKey } from '../use-users-i18n.ts';

interface GrantNode {
  key: string;
  title: ReactNode;
  children: GrantNode[];
}

/** Parent of each entry, and the entries with children, for the grant arithmetic below. */
export interface MenuIndex {
  parent: Map<number, number | null>;
  children: Map<number, number[]>;
  all: number[];
}

export function indexMenus(tree: AdminMenu[]): MenuIndex {
  const index: MenuIndex = { parent: new Map(), children: new Map(), all: [] };
  const walk = (nodes: AdminMenu[], parent: number | null) => {
    for (const n of nodes) {
      index.parent.set(n.id, parent);
      index.children.set(
        n.id,
        n.children.map((c) => c.id),
      );
      index.all.push(n.id);
      walk(n.children, n.id);
    }
  };
  walk(tree, null);
  return index;
}

const descendants = (index: MenuIndex, id: number): number[] =>
  (index.children.get(id) ?? []).flatMap((c) => [c, ...descendants(index, c)]);

/**
 * The stored grants hold every ancestor of a granted entry (the server adds them). A linked tree
 * would read a checked parent as "all of its children", so only entries whose whole branch is
 * granted are checked there; the tree shows the rest half-checked.
 */
export function linkedKeys(index: MenuIndex, granted: Iterable<number>): number[] {
  const set = new Set(granted);
  return [...set].filter((id) => descendants(index, id).every((d) => set.has(d)));
}

/**
 * Whether the grants can be shown linked without loss: a granted entry with children none of which
 * is granted (a menu without its buttons) would fall off when saved.
 */
export function representableLinked(index: MenuIndex, granted: Iterable<number>): boolean {
  const set = new Set(granted);
  return [...set].every((id) => {
    const below = descendants(index, id);
    return below.length === 0 || below.some((d) => set.has(d));
  });
}

function withAncestors(index: MenuIndex, ids: number[]): number[] {
  const out = new Set<number>();
  for (const id of ids) {
    for (let at: number | null | undefined = id; at != null && !out.has(at); at = index.parent.get(at)) out.add(at);
  }
  return [...out];
}

const TYPE_COLORS: Record<AdminMenu['type'], string> = { directory: 'arcoblue', menu: 'green', button: 'gray' };

/** The menu tree with checkboxes: directories, menus and buttons, in the console's language. */
export function MenuGrantTree({
  menus,
  index,
  value,
  linked,
  onChange,
  onLinkedChange,
  i18n,
  disabled,
}: {
  menus: AdminMenu[];
  index: MenuIndex;
  value: number[];
  linked: boolean;
  onChange: (ids: number[]) => void;
  onLinkedChange: (linked: boolean) => void;
  i18n: UsersI18n;
  disabled?: boolean;
}) {
  const { t, locale } = i18n;
  const [expanded, setExpanded] = useState<string[]>(() => menus.map((m) => String(m.id)));
  const treeData = useMemo(() => {
    const convert = (nodes: AdminMenu[]): GrantNode[] =>
      nodes.map((m) => ({
        key: String(m.id),
        title: (
          <span className="users-grant">
            <span>{locale === 'en-US' ? m.titleEn || m.titleZh : m.titleZh || m.titleEn}</span>
            <Tag size="small" color={TYPE_COLORS[m.type]} bordered={false}>
              {t(`users.menuType.${m.type}` as UsersMessageKey)}
            </Tag>
            {m.type === 'button' && m.permission ? <code className="users-grant__perm">{m.permission}</code> : null}
            {m.status === 'disabled' ? <span className="users-muted">{t('users.status.disabled')}</span> : null}
          </span>
        ),
        children: convert(m.children),
      }));
    return convert(menus);
  }, [menus, locale, t]);

  return (
    <div className="users-grant-tree">
      <Space className="users-grant-tree__tools" size={4} wrap>
        <Button size="mini" type="text" onClick={() => setExpanded(index.all.map(String))}>
          {t('users.grants.expand')}
        </Button>
        <Button size="mini" type="text" onClick={() => setExpanded([])}>
          {t('users.grants.collapse')}
        </Button>
        <Button size="mini" type="text" disabled={disabled} onClick={() => onChange([...index.all])}>
          {t('users.grants.all')}
        </Button>
        <Button size="mini" type="text" disabled={disabled} onClick={() => onChange([])}>
          {t('users.grants.none')}
        </Button>
        <Checkbox
          checked={linked}
          disabled={disabled}
          onChange={(next: boolean) =>
            // Linked: a parent's box means its whole branch. Unlinked: each box alone, the parents of a
            // checked entry checked too (the server would add them anyway).
            {
              onChange(next ? linkedKeys(index, value) : withAncestors(index, value));
              onLinkedChange(next);
            }
          }
        >
          {t('users.grants.linked')}
        </Checkbox>
      </Space>
      <div className="users-grant-tree__body">
        <Tree
          checkable
          blockNode
          size="small"
          selectable={false}
          checkStrictly={!linked}
          treeData={treeData}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys)}
          checkedKeys={value.map(String)}
          onCheck={(keys) => onChange(keys.map(Number))}
          aria-label={t('users.field.menus')}
        />
      </div>
    </div>
  );
}
