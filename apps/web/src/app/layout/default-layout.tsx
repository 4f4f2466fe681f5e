import { Breadcrumb, Button, Layout, Tooltip } from '@arco-design/web-react';
import { IconApps, IconSettings } from '@arco-design/web-react/icon';
import type { Location } from 'react-router';
import { useI18n } from '../../shared/i18n/i18n-provider.tsx';
import type { FlatRoute } from '../../shared/routing/route-def.ts';
import { updateSettings, useSettings } from '../../shared/settings/settings-store.ts';
import { NAVBAR_HEIGHT, Navbar } from './navbar.tsx';
import { PageHost } from './page-host.tsx';
import { SettingsDrawer } from './settings-drawer.tsx';
import { SideMenu } from './side-menu.tsx';
import { TabBar } from './tab-bar.tsx';
import './layout.css';

const COLLAPSED_MENU_WIDTH = 48;

function PageBreadcrumb({ route }: { route: FlatRoute }) {
  const { t } = useI18n();
  if (route.parents.length === 0) return null;
  return (
    <nav aria-label={t('breadcrumb.label')}>
      <Breadcrumb className="console-layout__breadcrumb">
        <Breadcrumb.Item>
          <IconApps />
        </Breadcrumb.Item>
        {route.parents.map((parent) => (
          <Breadcrumb.Item key={parent.name}>{t(parent.labelKey)}</Breadcrumb.Item>
        ))}
        <Breadcrumb.Item>{t(route.labelKey)}</Breadcrumb.Item>
      </Breadcrumb>
    </nav>
  );
}

/** The console layout of spec §2/§4: navbar, side menu, tab bar, breadcrumb, page, footer. */
export function DefaultLayout({
  route,
  location,
  signedIn,
}: {
  route: FlatRoute;
  location: Location;
  signedIn: boolean;
}) {
  const { t } = useI18n();
  const settings = useSettings();
  // A visitor on a public page (/bz/index) has no menu or tabs: those belong to a session.
  const showMenu = signedIn && settings.menu && !settings.topMenu && !settings.hideMenu;
  const showTabs = signedIn && settings.tabBar;
  const menuWidth = settings.menuCollapse ? COLLAPSED_MENU_WIDTH : settings.menuWidth;
  const paddingTop = settings.navbar ? NAVBAR_HEIGHT : 0;

  return (
    <Layout className="console-layout">
      {settings.navbar ? <Navbar signedIn={signedIn} activeRoute={route} /> : null}
      <Layout className="console-layout__body" style={{ paddingTop }}>
        {showMenu ? (
          <SideMenu activeRoute={route} width={settings.menuWidth} collapsed={settings.menuCollapse} top={paddingTop} />
        ) : null}
        <Layout className="console-layout__main" style={{ paddingLeft: showMenu ? menuWidth : 0 }}>
          {showTabs ? <TabBar activeRoute={route} location={location} top={paddingTop} /> : null}
          <Layout.Content className="console-layout__content">
            <PageBreadcrumb route={route} />
            <PageHost active={route} location={location} keepAlive={showTabs} />
          </Layout.Content>
          {settings.footer ? (
            <Layout.Footer className="console-layout__footer">{t('footer.text')}</Layout.Footer>
          ) : null}
        </Layout>
      </Layout>
      {!settings.navbar ? (
        <Tooltip content={t('settings.open')} position="left">
          <Button
            className="console-layout__settings-button"
            type="primary"
            aria-label={t('settings.open')}
            icon={<IconSettings />}
            onClick={() => updateSettings({ globalSettings: true })}
          />
        </Tooltip>
      ) : null}
      <SettingsDrawer />
    </Layout>
  );
}
