import { matchPath } from 'react-router';
import { accountRoutes } from '../../features/account/routes.tsx';
import { dashboardRoutes } from '../../features/dashboard/routes.tsx';
import { devicesRoutes } from '../../features/devices/routes.tsx';
import { drainageNetworkRoutes } from '../../features/drainage-network/routes.tsx';
import { enterprisesRoutes } from '../../features/enterprises/routes.tsx';
import { exceptionRoutes, NOT_FOUND_ROUTE_NAME } from '../../features/exception/routes.tsx';
import { loginRoutes } from '../../features/login/routes.tsx';
import { messagingRoutes } from '../../features/messaging/routes.tsx';
import { monitoringDataRoutes } from '../../features/monitoring-data/routes.tsx';
import { patrolRoutes } from '../../features/patrol/routes.tsx';
import { projectsRoutes } from '../../features/projects/routes.tsx';
import { pumpStationsRoutes } from '../../features/pump-stations/routes.tsx';
import { qrCodesRoutes } from '../../features/qr-codes/routes.tsx';
import { statisticsRoutes } from '../../features/statistics/routes.tsx';
import { systemRoutes } from '../../features/system/routes.tsx';
import { usersRoutes } from '../../features/users/routes.tsx';
import { waterQualityRoutes } from '../../features/water-quality/routes.tsx';
import { registerRouteCatalog } from '../../shared/routing/route-catalog.ts';
import type { FlatRoute, RouteDef } from '../../shared/routing/route-def.ts';
import { shellRoutes } from './shell-routes.tsx';

export const DEFAULT_ROUTE_PATH = '/dashboard/workplace';
export const HOME_PATH = '/bz/index';
export const LOGIN_PATH = '/login';

/** The one list the router, guards, menu, breadcrumb and tab bar read. Menu groups sort by order. */
export const routeTree: RouteDef[] = [
  ...dashboardRoutes,
  ...monitoringDataRoutes,
  ...statisticsRoutes,
  ...devicesRoutes,
  ...drainageNetworkRoutes,
  ...qrCodesRoutes,
  ...messagingRoutes,
  ...projectsRoutes,
  ...waterQualityRoutes,
  ...pumpStationsRoutes,
  ...enterprisesRoutes,
  ...usersRoutes,
  ...patrolRoutes,
  ...systemRoutes,
  ...shellRoutes,
  ...accountRoutes,
  ...exceptionRoutes,
  ...loginRoutes,
].sort((a, b) => (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER));

function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

export function flattenRoutes(tree: readonly RouteDef[], parents: RouteDef[] = [], base = ''): FlatRoute[] {
  return tree.flatMap((route) => {
    if (route.externalLink) return [];
    const fullPath = joinPath(base, route.path);
    const flat: FlatRoute = { ...route, fullPath, parents };
    return [flat, ...flattenRoutes(route.children ?? [], [...parents, route], fullPath)];
  });
}

export const flatRoutes: FlatRoute[] = flattenRoutes(routeTree);
registerRouteCatalog(flatRoutes);

const byName = new Map(flatRoutes.map((route) => [route.name, route]));
if (byName.size !== flatRoutes.length) throw new Error('two routes share a name');

export function routeByName(name: string): FlatRoute | undefined {
  return byName.get(name);
}

export const notFoundRoute = routeByName(NOT_FOUND_ROUTE_NAME)!;

/** The registry entry for a path: a page, or a group (which has children and no page). */
export function findRoute(pathname: string, routes: readonly FlatRoute[] = flatRoutes): FlatRoute | undefined {
  return routes.find((route) => matchPath({ path: route.fullPath, end: true }, pathname));
}
