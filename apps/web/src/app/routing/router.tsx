import { createHashRouter, type LoaderFunctionArgs, Outlet, redirect } from 'react-router';
import { recordVisit } from '../../features/dashboard/api/record-visit.ts';
import { queryClient } from '../../shared/api/query-client.ts';
import { setRouteEmitter } from '../../shared/routing/route-listener.ts';
import { logout } from '../../shared/session/session.ts';
import { sessionQueries } from '../../shared/session/session-queries.ts';
import { getToken } from '../../shared/session/token.ts';
import { settingsStore } from '../../shared/settings/settings-store.ts';
import { BootScreen, RouteErrorScreen } from '../layout/boot-screen.tsx';
import { preloadPage } from './page-components.ts';
import { type GuardDeps, guardNavigation } from './route-guard.ts';
import { findRoute, flatRoutes, HOME_PATH } from './route-registry.ts';

const guardDeps: GuardDeps = {
  routes: flatRoutes,
  findRoute: (pathname) => findRoute(pathname),
  record: setRouteEmitter,
  getToken,
  loadRoleInfo: () => queryClient.ensureQueryData(sessionQueries.roleInfo()),
  loadMenuTree: () => queryClient.ensureQueryData(sessionQueries.menuTree()),
  loadServerMenu: () => queryClient.ensureQueryData(sessionQueries.serverMenu()),
  menuFromServer: () => settingsStore.get().menuFromServer,
  logout: () => logout({ reload: false }),
};

/**
 * After an allowed navigation the menu tree is checked again in the background: an administrator
 * may have changed the role's menus, and a revoked or expired session shows up here as 50008/50014
 * (the request layer then offers to sign in again) instead of on the user's next save.
 */
const menuTreeKey = sessionQueries.menuTree().queryKey;
const menuTreeUpdatedAt = () => queryClient.getQueryState(menuTreeKey)?.dataUpdatedAt ?? 0;

async function guardLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const target = { pathname: decodeURI(url.pathname), search: url.search };
  const route = findRoute(target.pathname);
  const treeBefore = menuTreeUpdatedAt();
  // The chunk loads while the guard checks; both are usually done together.
  const [result] = await Promise.all([guardNavigation(target, guardDeps), preloadPage(route)]);
  if (result.kind === 'redirect') throw redirect(result.to);
  // Unless this very guard just fetched it, the tree is checked again in the background.
  if (result.route?.requiresAuth && menuTreeUpdatedAt() === treeBefore) {
    void queryClient.refetchQueries({ queryKey: menuTreeKey, exact: true }).catch(() => undefined);
  }
  return null;
}

const blankRoutes = flatRoutes.filter((route) => route.layout === 'blank' && route.name !== 'notFound');

type AppRouter = ReturnType<typeof createHashRouter>;

/** Completed navigations of a signed-in user to a console page feed the Workplace's recently visited list. */
function recordVisits(router: AppRouter): AppRouter {
  let last = '';
  const onState = (state: AppRouter['state']) => {
    if (!state.initialized || state.navigation.state !== 'idle') return;
    const path = `${state.location.pathname}${state.location.search}`;
    if (path === last) return;
    last = path;
    const route = findRoute(state.location.pathname);
    if (!getToken() || !route?.page || !route.requiresAuth || route.noTab || route.layout === 'blank') return;
    recordVisit(route.name, path);
  };
  router.subscribe(onState);
  onState(router.state);
  return router;
}

export function createAppRouter() {
  return recordVisits(createAppRoutes());
}

function createAppRoutes() {
  return createHashRouter([
    {
      id: 'root',
      loader: guardLoader,
      // Every navigation passes the guard, whatever changed in the URL.
      shouldRevalidate: () => true,
      HydrateFallback: BootScreen,
      ErrorBoundary: RouteErrorScreen,
      Component: Outlet,
      children: [
        { index: true, loader: () => redirect(HOME_PATH) },
        ...blankRoutes.map((route) => ({
          path: route.fullPath,
          lazy: async () => ({ Component: (await route.page!()).default }),
        })),
        // The layout is a chunk of its own: the sign-in screen never waits for menus and drawers.
        { path: '*', lazy: async () => ({ Component: (await import('../layout/console-shell.tsx')).ConsoleShell }) },
      ],
    },
  ]);
}
