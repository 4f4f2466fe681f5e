import type { RouteDef } from '../../shared/routing/route-def.ts';

const loginPage = () => import('./pages/login-page.tsx');
const loginsPage = () => import('./pages/logins-page.tsx');

/** Public sign-in screens (spec §2): the same flow in two layouts. */
export const loginRoutes: RouteDef[] = [
  {
    name: 'login',
    path: '/login',
    labelKey: 'menu.login',
    requiresAuth: false,
    roles: ['*'],
    hideInMenu: true,
    noTab: true,
    outsideMenuTree: true,
    layout: 'blank',
    page: loginPage,
  },
  {
    name: 'logins',
    path: '/logins',
    labelKey: 'menu.logins',
    requiresAuth: false,
    roles: ['*'],
    hideInMenu: true,
    noTab: true,
    outsideMenuTree: true,
    layout: 'blank',
    page: loginsPage,
  },
];
