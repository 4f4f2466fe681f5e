import { Avatar, Button, Dropdown, Menu, Tooltip } from '@arco-design/web-react';
import {
  IconCheck,
  IconExport,
  IconFullscreen,
  IconFullscreenExit,
  IconSettings,
  IconSwap,
  IconUser,
} from '@arco-design/web-react/icon';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AlarmBell } from '../../features/alarms/public.ts';
import { useI18n } from '../../shared/i18n/i18n-provider.tsx';
import type { FlatRoute } from '../../shared/routing/route-def.ts';
import { logout } from '../../shared/session/session.ts';
import { useRoleInfo } from '../../shared/session/session-queries.ts';
import { updateSettings, useSettings } from '../../shared/settings/settings-store.ts';
import { LanguageSwitch } from '../../shared/ui/language-switch.tsx';
import { ThemeToggle } from '../../shared/ui/theme-toggle.tsx';
import { loginRedirect } from '../routing/route-guard.ts';
import { MessageBell } from './message-box.tsx';
import { renderMenuItems, useMenuItems, useOpenMenuItem } from './side-menu.tsx';
import { useSwitchRole } from './use-switch-role.ts';

export const NAVBAR_HEIGHT = 60;

function useFullscreen(): [boolean, () => void] {
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    const request = document.fullscreenElement
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    request.catch((err: unknown) => console.warn('full screen refused', err));
  };
  return [full, toggle];
}

function IconButton({ label, icon, onClick }: { label: string; icon: React.ReactNode; onClick?: () => void }) {
  return (
    <Tooltip content={label} position="br">
      <Button shape="circle" type="secondary" aria-label={label} icon={icon} onClick={onClick} />
    </Tooltip>
  );
}

function TopMenu({ activeRoute }: { activeRoute: FlatRoute }) {
  const { t } = useI18n();
  const items = useMenuItems();
  const open = useOpenMenuItem(items);
  return (
    <Menu mode="horizontal" className="navbar__top-menu" selectedKeys={[activeRoute.name]} onClickMenuItem={open}>
      {renderMenuItems(items, t)}
    </Menu>
  );
}

function UserMenu() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const info = useRoleInfo();
  const switchRole = useSwitchRole();
  if (!info) return null;

  const onClick = (key: string) => {
    if (key === 'userCenter') navigate('/user/center');
    else if (key === 'userSettings') navigate('/user/settings');
    else if (key === 'logout') void logout();
    else if (key.startsWith('role:')) {
      const role = key.slice('role:'.length);
      if (role !== info.role) switchRole.mutate(role);
    }
  };

  const droplist = (
    <Menu onClickMenuItem={onClick} className="navbar__user-menu">
      <Menu.SubMenu
        key="switchRoles"
        title={
          <>
            <IconSwap className="navbar__menu-icon" />
            {t('navbar.switchRoles')}
          </>
        }
      >
        {info.roles.map((role) => (
          <Menu.Item key={`role:${role.code}`} disabled={switchRole.isPending}>
            {role.code === info.role ? (
              <IconCheck className="navbar__menu-icon" aria-label={t('navbar.switchRoles.current')} />
            ) : (
              <span className="navbar__menu-icon-space" />
            )}
            {role.name}
          </Menu.Item>
        ))}
      </Menu.SubMenu>
      <Menu.Item key="userCenter">
        <IconUser className="navbar__menu-icon" />
        {t('navbar.userCenter')}
      </Menu.Item>
      <Menu.Item key="userSettings">
        <IconSettings className="navbar__menu-icon" />
        {t('navbar.userSettings')}
      </Menu.Item>
      <Menu.Item key="logout">
        <IconExport className="navbar__menu-icon" />
        {t('navbar.logout')}
      </Menu.Item>
    </Menu>
  );

  return (
    <Dropdown droplist={droplist} position="br" trigger="click">
      <button type="button" className="navbar__user" aria-label={t('navbar.userMenu')}>
        <Avatar size={32} style={{ backgroundColor: 'rgb(var(--arcoblue-6))' }}>
          {info.avatar ? <img src={info.avatar} alt="" /> : info.name.slice(0, 1)}
        </Avatar>
        <span className="navbar__user-name">{info.name}</span>
      </button>
    </Dropdown>
  );
}

export function Navbar({ signedIn, activeRoute }: { signedIn: boolean; activeRoute: FlatRoute }) {
  const { t } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const topMenu = useSettings((s) => s.topMenu);
  const [fullscreen, toggleFullscreen] = useFullscreen();

  return (
    <header className="navbar" style={{ height: NAVBAR_HEIGHT }}>
      <Link to="/" className="navbar__brand" aria-label={t('navbar.logo')}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span className="navbar__name">{t('app.name')}</span>
      </Link>
      <div className="navbar__center">{signedIn && topMenu ? <TopMenu activeRoute={activeRoute} /> : null}</div>
      <div className="navbar__actions">
        <LanguageSwitch />
        <ThemeToggle />
        <IconButton
          label={fullscreen ? t('navbar.fullscreen.exit') : t('navbar.fullscreen.enter')}
          icon={fullscreen ? <IconFullscreenExit /> : <IconFullscreen />}
          onClick={toggleFullscreen}
        />
        {signedIn ? (
          <>
            <AlarmBell />
            <MessageBell />
            <IconButton
              label={t('navbar.settings')}
              icon={<IconSettings />}
              onClick={() => updateSettings({ globalSettings: true })}
            />
            <UserMenu />
          </>
        ) : (
          <Button
            type="primary"
            onClick={() => navigate(loginRedirect({ pathname: location.pathname, search: location.search }))}
          >
            {t('navbar.signIn')}
          </Button>
        )}
      </div>
    </header>
  );
}
