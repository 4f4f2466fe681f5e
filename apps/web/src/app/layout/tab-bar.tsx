import { Button, Dropdown, Menu } from '@arco-design/web-react';
import { IconClose, IconDown, IconRefresh } from '@arco-design/web-react/icon';
import { useEffect, useRef, useState } from 'react';
import { type Location, useNavigate } from 'react-router';
import { useI18n } from '../../shared/i18n/i18n-provider.tsx';
import type { FlatRoute } from '../../shared/routing/route-def.ts';
import {
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  DEFAULT_TAB,
  neighbourAfterClose,
  type TabEntry,
  type TabState,
  tabStore,
  useTabs,
} from '../stores/tab-store.ts';

type Action = 'refresh' | 'close' | 'closeLeft' | 'closeRight' | 'closeOthers' | 'closeAll';

/** `/redirect/<path>?<query>`: the helper route re-mounts the page, then returns to it. */
export function refreshPath(fullPath: string): string {
  const [pathname = '', search = ''] = fullPath.split('?');
  return `/redirect/${encodeURIComponent(pathname)}${search ? `?${search}` : ''}`;
}

function useTabActions(activeName: string) {
  const navigate = useNavigate();
  return (action: Action, tab: TabEntry) => {
    const before: TabState = tabStore.get();
    let after = before;
    if (action === 'refresh') {
      navigate(refreshPath(tab.fullPath));
      return;
    }
    if (action === 'close') after = closeTab(before, tab.name);
    else if (action === 'closeLeft') after = closeLeft(before, tab.name);
    else if (action === 'closeRight') after = closeRight(before, tab.name);
    else if (action === 'closeOthers') after = closeOthers(before, tab.name);
    else after = closeAll(before);
    tabStore.set(after);
    // Leave a page whose tab just closed: for a single close its neighbour, else the tab acted on.
    if (after.tabs.some((entry) => entry.name === activeName)) return;
    const next =
      action === 'close'
        ? neighbourAfterClose(before, after, tab.name)
        : (after.tabs.find((entry) => entry.name === tab.name) ?? DEFAULT_TAB);
    if (next) navigate(next.fullPath);
  };
}

function TabMenu({
  tab,
  index,
  count,
  onAction,
}: {
  tab: TabEntry;
  index: number;
  count: number;
  onAction: (action: Action) => void;
}) {
  const { t } = useI18n();
  const isDefault = tab.name === DEFAULT_TAB.name;
  return (
    <Menu onClickMenuItem={(key) => onAction(key as Action)}>
      <Menu.Item key="refresh">{t('tabBar.refresh')}</Menu.Item>
      <Menu.Item key="close" disabled={isDefault}>
        {t('tabBar.closeCurrent')}
      </Menu.Item>
      <Menu.Item key="closeLeft" disabled={index <= 1}>
        {t('tabBar.closeLeft')}
      </Menu.Item>
      <Menu.Item key="closeRight" disabled={index >= count - 1}>
        {t('tabBar.closeRight')}
      </Menu.Item>
      <Menu.Item key="closeOthers" disabled={count <= (isDefault ? 1 : 2)}>
        {t('tabBar.closeOthers')}
      </Menu.Item>
      <Menu.Item key="closeAll" disabled={count <= 1}>
        {t('tabBar.closeAll')}
      </Menu.Item>
    </Menu>
  );
}

/** Open pages as tabs (spec §4); right-click a tab for its localised context menu. */
export function TabBar({ activeRoute, location, top }: { activeRoute: FlatRoute; location: Location; top: number }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const tabs = useTabs((s) => s.tabs);
  const run = useTabActions(activeRoute.name);
  // Which menu is open ('tools' for the bar's own): an action closes it, whatever it did to the tabs.
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const act = (action: Action, tab: TabEntry) => {
    setMenuFor(null);
    run(action, tab);
  };
  const activeRef = useRef<HTMLDivElement>(null);
  const activeTab = tabs.find((tab) => tab.name === activeRoute.name);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the active tab or the list changes
  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [activeRoute.name, tabs.length]);

  return (
    <div className="tab-bar" style={{ top }}>
      <div className="tab-bar__scroll" role="tablist" aria-label={t('tabBar.label')}>
        {tabs.map((tab, index) => {
          const active = tab.name === activeRoute.name;
          return (
            <Dropdown
              key={tab.name}
              trigger="contextMenu"
              position="bl"
              popupVisible={menuFor === tab.name}
              onVisibleChange={(visible) => setMenuFor(visible ? tab.name : null)}
              droplist={<TabMenu tab={tab} index={index} count={tabs.length} onAction={(action) => act(action, tab)} />}
            >
              <div
                ref={active ? activeRef : undefined}
                className={`tab-bar__tab${active ? ' tab-bar__tab--active' : ''}`}
                data-tab={tab.name}
              >
                <button
                  type="button"
                  role="tab"
                  aria-selected={active}
                  className="tab-bar__title"
                  onClick={() => {
                    if (!active || `${location.pathname}${location.search}` !== tab.fullPath) navigate(tab.fullPath);
                  }}
                >
                  {t(tab.titleKey)}
                </button>
                {tab.name !== DEFAULT_TAB.name ? (
                  <button
                    type="button"
                    className="tab-bar__close"
                    aria-label={`${t('tabBar.close')} ${t(tab.titleKey)}`}
                    onClick={() => act('close', tab)}
                  >
                    <IconClose />
                  </button>
                ) : null}
              </div>
            </Dropdown>
          );
        })}
      </div>
      <div className="tab-bar__tools">
        {activeTab ? (
          <>
            <Button
              size="mini"
              type="text"
              aria-label={t('tabBar.refresh')}
              icon={<IconRefresh />}
              onClick={() => act('refresh', activeTab)}
            />
            <Dropdown
              position="br"
              trigger="click"
              popupVisible={menuFor === 'tools'}
              onVisibleChange={(visible) => setMenuFor(visible ? 'tools' : null)}
              droplist={
                <TabMenu
                  tab={activeTab}
                  index={tabs.indexOf(activeTab)}
                  count={tabs.length}
                  onAction={(action) => act(action, activeTab)}
                />
              }
            >
              <Button size="mini" type="text" aria-label={t('tabBar.actions')} icon={<IconDown />} />
            </Dropdown>
          </>
        ) : null}
      </div>
    </div>
  );
}
