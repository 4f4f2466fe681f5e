import { type RouteDef, signedIn } from '../../shared/routing/route-def.ts';

/**
 * The personal pages of the user menu. Every signed-in user may open them whatever their menu tree
 * holds, so they sit outside it; each page is its own lazy chunk.
 */
export const accountRoutes: RouteDef[] = [
  {
    name: 'userCenter',
    path: '/user/center',
    labelKey: 'menu.user.center',
    ...signedIn,
    hideInMenu: true,
    outsideMenuTree: true,
    page: () => import('./pages/user-center-page.tsx').then((m) => ({ default: m.UserCenterPage })),
  },
  {
    name: 'userSettings',
    path: '/user/settings',
    labelKey: 'menu.user.settings',
    ...signedIn,
    hideInMenu: true,
    outsideMenuTree: true,
    page: () => import('./pages/user-settings-page.tsx').then((m) => ({ default: m.UserSettingsPage })),
  },
];
