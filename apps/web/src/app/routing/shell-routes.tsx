import type { RouteDef } from '../../shared/routing/route-def.ts';

export const REDIRECT_ROUTE_NAME = 'redirect';

/** Routes of the shell itself: the tab-refresh helper. */
export const shellRoutes: RouteDef[] = [
  {
    name: REDIRECT_ROUTE_NAME,
    path: '/redirect/:path',
    labelKey: 'menu.redirect',
    requiresAuth: true,
    roles: ['*'],
    hideInMenu: true,
    noTab: true,
    outsideMenuTree: true,
    ignoreCache: true,
    page: () => import('../layout/redirect-page.tsx'),
  },
];
