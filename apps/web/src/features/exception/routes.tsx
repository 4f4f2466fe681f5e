import type { RouteDef } from '../../shared/routing/route-def.ts';

/** Names the guards refer to: the whitelist of spec §5 holds the not-found and login routes. */
export const FORBIDDEN_ROUTE_NAME = '403';
export const NOT_FOUND_ROUTE_NAME = 'notFound';

export const exceptionRoutes: RouteDef[] = [
  {
    name: FORBIDDEN_ROUTE_NAME,
    path: '/403',
    labelKey: 'menu.403',
    requiresAuth: true,
    roles: ['*'],
    hideInMenu: true,
    noTab: true,
    outsideMenuTree: true,
    ignoreCache: true,
    page: () => import('./pages/forbidden-page.tsx'),
  },
  {
    // Also what the catch-all shows for any path no route matches.
    name: NOT_FOUND_ROUTE_NAME,
    path: '/not-found',
    labelKey: 'menu.notFound',
    requiresAuth: false,
    roles: ['*'],
    hideInMenu: true,
    noTab: true,
    outsideMenuTree: true,
    layout: 'blank',
    page: () => import('./pages/not-found-page.tsx'),
  },
];
