import { Button, Card, Checkbox, Message, Modal } from '@arco-design/web-react';
import { IconEdit } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { type MenuNode, QUICK_OPERATIONS_MAX } from '@water/contracts';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { catalogRouteByName } from '../../../shared/routing/route-catalog.ts';
import type { FlatRoute } from '../../../shared/routing/route-def.ts';
import { useMenuTree } from '../../../shared/session/session-queries.ts';
import { useSaveQuickOperations, workplaceQueries } from '../api/workplace-queries.ts';
import { useWorkplaceI18n } from '../use-workplace-i18n.ts';
import { routeIcon } from './route-icon.tsx';
import { WidgetState } from './widget-state.tsx';

/** Pages of the user's own menu tree that the console can open: the only shortcuts the server accepts. */
function menuPages(tree: readonly MenuNode[] | undefined): FlatRoute[] {
  const pages: FlatRoute[] = [];
  const walk = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      const route = node.type === 'menu' ? catalogRouteByName(node.name) : undefined;
      if (route?.page && !route.hideInMenu) pages.push(route);
      walk(node.children);
    }
  };
  walk(tree ?? []);
  return pages;
}

function ShortcutPicker({ pages, chosen, onClose }: { pages: FlatRoute[]; chosen: string[]; onClose: () => void }) {
  const { t, tApp } = useWorkplaceI18n();
  const [value, setValue] = useState(chosen);
  const save = useSaveQuickOperations();
  const full = value.length >= QUICK_OPERATIONS_MAX;
  return (
    <Modal
      visible
      title={t('workplace.quick.edit')}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okText={t('workplace.quick.save')}
      cancelText={t('workplace.quick.cancel')}
      onOk={() =>
        save.mutate(value, {
          onSuccess: () => {
            Message.success(t('workplace.quick.saved'));
            onClose();
          },
        })
      }
    >
      <p className="workplace__quick-hint">
        {t('workplace.quick.hint', { max: QUICK_OPERATIONS_MAX, count: value.length })}
      </p>
      <Checkbox.Group value={value} onChange={(next: string[]) => setValue(next)} className="workplace__quick-options">
        {pages.map((route) => (
          <Checkbox key={route.name} value={route.name} disabled={full && !value.includes(route.name)}>
            {tApp(route.labelKey)}
          </Checkbox>
        ))}
      </Checkbox.Group>
    </Modal>
  );
}

/** Shortcuts the user picks (up to 8) from the pages of their own menu. */
export function QuickOperations() {
  const { t, tApp } = useWorkplaceI18n();
  const navigate = useNavigate();
  const tree = useMenuTree();
  const query = useQuery(workplaceQueries.quickOperations());
  const [editing, setEditing] = useState(false);
  const pages = useMemo(() => menuPages(tree), [tree]);
  const allowed = useMemo(() => new Map(pages.map((route) => [route.name, route])), [pages]);
  const shortcuts = (query.data?.routeNames ?? []).flatMap((name) => allowed.get(name) ?? []);

  return (
    <Card
      className="workplace__card"
      bordered={false}
      title={<h3 className="workplace__title">{t('workplace.quick')}</h3>}
      extra={
        <Button type="text" size="small" icon={<IconEdit />} disabled={!query.data} onClick={() => setEditing(true)}>
          {t('workplace.quick.manage')}
        </Button>
      }
    >
      <WidgetState query={query} skeletonRows={2}>
        {() =>
          shortcuts.length === 0 ? (
            <div className="workplace__quick-empty">
              <p>{t('workplace.quick.empty')}</p>
              <Button type="outline" size="small" onClick={() => setEditing(true)}>
                {t('workplace.quick.add')}
              </Button>
            </div>
          ) : (
            <nav aria-label={t('workplace.quick')} className="workplace__shortcuts">
              {shortcuts.map((route) => (
                <button
                  key={route.name}
                  type="button"
                  className="workplace__shortcut"
                  onClick={() => navigate(route.fullPath)}
                >
                  <span className="workplace__shortcut-icon" aria-hidden="true">
                    {routeIcon(route)}
                  </span>
                  <span className="workplace__shortcut-label">{tApp(route.labelKey)}</span>
                </button>
              ))}
            </nav>
          )
        }
      </WidgetState>
      {editing ? (
        <ShortcutPicker pages={pages} chosen={shortcuts.map((route) => route.name)} onClose={() => setEditing(false)} />
      ) : null}
    </Card>
  );
}
