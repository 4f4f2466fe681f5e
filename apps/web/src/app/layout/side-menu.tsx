import { Layout, Menu } from '@arco-design/web-react';
import { IconLaunch } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useI18n } from '../../shared/i18n/i18n-provider.tsx';
import type { FlatRoute } from '../../shared/routing/route-def.ts';
import { sessionQueries, useMenuTree } from '../../shared/session/session-queries.ts';
import { updateSettings, useSettings } from '../../shared/settings/settings-store.ts';
import { tabStore } from '../stores/tab-store.ts';
import { MenuIcon } from './menu-icons.tsx';
import { buildMenu, type MenuItemModel, parentKeys } from './menu-model.ts';

/** The menu the user sees: the server menu while menuFromServer is on, else the role's menu tree. */
export function useMenuItems(): MenuItemModel[] {
  const { t, locale } = useI18n();
  const menuFromServer = useSettings((s) => s.menuFromServer);
  const tree = useMenuTree();
  const serverMenu = useQuery({ ...sessionQueries.serverMenu(), enabled: menuFromServer }).data;
  const source = menuFromServer ? serverMenu : tree;
  return useMemo(() => buildMenu(source ?? [], locale, t), [source, locale, t]);
}

/** A menu click opens the route's tab as it was left (query kept), or the route itself. */
export function useOpenMenuItem(items: MenuItemModel[]) {
  const navigate = useNavigate();
  return (key: string) => {
    const find = (list: MenuItemModel[]): MenuItemModel | undefined =>
      list.reduce<MenuItemModel | undefined>(
        (found, item) => found ?? (item.key === key ? item : find(item.children)),
        undefined,
      );
    const item = find(items);
    if (!item) return;
    if (item.externalLink) {
      window.open(item.externalLink, '_blank', 'noopener,noreferrer');
      return;
    }
    const tab = tabStore.get().tabs.find((entry) => entry.name === key);
    if (item.path) navigate(tab?.fullPath ?? item.path);
  };
}

export function renderMenuItems(items: MenuItemModel[], t: (key: 'menu.external') => string) {
  return items.map((item) =>
    item.children.length > 0 ? (
      <Menu.SubMenu
        key={item.key}
        title={
          <>
            <MenuIcon name={item.icon} />
            {item.label}
          </>
        }
      >
        {renderMenuItems(item.children, t)}
      </Menu.SubMenu>
    ) : (
      <Menu.Item key={item.key}>
        <MenuIcon name={item.icon} />
        {item.label}
        {item.externalLink ? (
          <>
            <IconLaunch className="side-menu__external" />
            <span className="sr-only">{t('menu.external')}</span>
          </>
        ) : null}
      </Menu.Item>
    ),
  );
}

export function SideMenu({
  activeRoute,
  width,
  collapsed,
  top,
}: {
  activeRoute: FlatRoute;
  width: number;
  collapsed: boolean;
  top: number;
}) {
  const { t } = useI18n();
  const items = useMenuItems();
  const open = useOpenMenuItem(items);
  const [openKeys, setOpenKeys] = useState<string[]>(() => parentKeys(activeRoute.name));

  // Opening a page from elsewhere (a tab, a link) unfolds its group too.
  useEffect(() => {
    const parents = parentKeys(activeRoute.name);
    setOpenKeys((keys) => (parents.every((key) => keys.includes(key)) ? keys : [...new Set([...keys, ...parents])]));
  }, [activeRoute.name]);

  return (
    <Layout.Sider
      className="side-menu"
      style={{ top, height: `calc(100% - ${top}px)` }}
      width={width}
      collapsedWidth={48}
      collapsed={collapsed}
      trigger={null}
    >
      <nav className="side-menu__scroll" aria-label={t('settings.menu')}>
        <Menu
          selectedKeys={[activeRoute.name]}
          openKeys={openKeys}
          onClickSubMenu={(_key, keys) => setOpenKeys(keys)}
          onClickMenuItem={open}
          collapse={collapsed}
          hasCollapseButton
          onCollapseChange={(next) => updateSettings({ menuCollapse: next })}
          style={{ width: '100%', height: '100%' }}
        >
          {renderMenuItems(items, t)}
        </Menu>
      </nav>
    </Layout.Sider>
  );
}
