import type { MenuNode, RoleInfo } from '@water/contracts';
import { LOGOUT_CODES } from '@water/contracts/common/envelope';
import { FORBIDDEN_ROUTE_NAME, NOT_FOUND_ROUTE_NAME } from '../../features/exception/routes.tsx';
import type { FlatRoute } from '../../shared/routing/route-def.ts';
import type { RouteChange } from '../../shared/routing/route-listener.ts';
import { menuNames } from '../../shared/session/session-queries.ts';
import { LOGIN_PATH } from './route-registry.ts';

/** Routes that pass the server-menu check whatever the menu says (spec §5). */
export const WHITE_LIST = [NOT_FOUND_ROUTE_NAME, 'login'] as const;
export const FORBIDDEN_PATH = '/403';
export const NOT_FOUND_PATH = '/not-found';
/** Where a user signed in with a temporary password is kept until they change it. */
export const PASSWORD_CHANGE_PATH = '/user/settings';

export interface GuardDeps {
  routes: readonly FlatRoute[];
  findRoute: (pathname: string) => FlatRoute | undefined;
  /** Step 1: record the route change. */
  record: (change: RouteChange) => void;
  getToken: () => string | null;
  loadRoleInfo: () => Promise<RoleInfo>;
  loadMenuTree: () => Promise<MenuNode[]>;
  loadServerMenu: () => Promise<MenuNode[]>;
  menuFromServer: () => boolean;
  /** Ends the session without reloading: the guard redirects instead. */
  logout: () => Promise<void>;
}

export type GuardResult = { kind: 'allow'; route: FlatRoute | undefined } | { kind: 'redirect'; to: string };

export interface AccessContext {
  role: string;
  menuFromServer: boolean;
  serverMenuNames: ReadonlySet<string>;
}

/** Spec §5: a route needs access when it requires sign-in and lists roles. */
export function routeAllowed(route: FlatRoute, ctx: AccessContext): boolean {
  if (!route.requiresAuth || !route.roles) return true;
  const exist = route.roles.includes('*') || route.roles.includes(ctx.role);
  if (!ctx.menuFromServer) return exist;
  return exist && (ctx.serverMenuNames.has(route.name) || (WHITE_LIST as readonly string[]).includes(route.name));
}

function inMenuTree(route: FlatRoute, treeNames: ReadonlySet<string>): boolean {
  return !route.requiresAuth || Boolean(route.outsideMenuTree) || treeNames.has(route.name);
}

/** A page (not a group) the user may open and that their menu tree holds, in menu order. */
export function firstAccessibleRoute(
  routes: readonly FlatRoute[],
  ctx: AccessContext,
  treeNames: ReadonlySet<string>,
  under?: FlatRoute,
): FlatRoute | undefined {
  return routes.find(
    (route) =>
      route.page &&
      route.requiresAuth &&
      !route.hideInMenu &&
      !route.outsideMenuTree &&
      (!under || route.parents.some((parent) => parent.name === under.name)) &&
      routeAllowed(route, ctx) &&
      inMenuTree(route, treeNames),
  );
}

/** `/login?redirect=<path>&<the original query>`: the sign-in screen sends the user back there. */
export function loginRedirect(target: RouteChange): string {
  const params = new URLSearchParams(target.search);
  const query = new URLSearchParams({ redirect: target.pathname });
  for (const [key, value] of params) if (key !== 'redirect') query.append(key, value);
  return `${LOGIN_PATH}?${query.toString()}`;
}

/** The server said the session is gone (signed out elsewhere, expired, forged): 401 or a logout code. */
function sessionOver(err: unknown): boolean {
  if (err instanceof Error && err.name === 'TransportError') return false; // no answer at all
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code !== 'number' || code === 401 || LOGOUT_CODES.includes(code);
}

/**
 * The guard of every navigation, in the order of spec §4: record the route change, then the
 * login check, then the permission check.
 */
export async function guardNavigation(target: RouteChange, deps: GuardDeps): Promise<GuardResult> {
  deps.record(target);
  const route = deps.findRoute(target.pathname);

  // Login check.
  const token = deps.getToken();
  let roleInfo: RoleInfo | undefined;
  if (token) {
    try {
      roleInfo = await deps.loadRoleInfo();
    } catch (err) {
      // Only an answer that the session is over ends it. A refusal for the moment (429), a server
      // fault or a lost network keeps the operator signed in: the page opens, its own calls report
      // the trouble, and the server still checks each of them.
      if (sessionOver(err)) {
        await deps.logout();
        if (route?.requiresAuth) return { kind: 'redirect', to: loginRedirect(target) };
      }
    }
  } else if (route?.requiresAuth) {
    return { kind: 'redirect', to: loginRedirect(target) };
  }

  // Permission check: only signed-in routes of a signed-in user are restricted.
  if (!route?.requiresAuth || !roleInfo) return { kind: 'allow', route };
  // A temporary password opens nothing but the page that changes it (the server refuses the rest too).
  if (roleInfo.userInfos?.mustChangePassword && route.fullPath !== PASSWORD_CHANGE_PATH) {
    return { kind: 'redirect', to: PASSWORD_CHANGE_PATH };
  }

  const menuFromServer = deps.menuFromServer();
  const [tree, serverMenu] = await Promise.all([
    deps.loadMenuTree().catch(() => null),
    menuFromServer ? deps.loadServerMenu().catch(() => []) : Promise.resolve([]),
  ]);
  // Without the menu tree nothing can be shown safely.
  if (!tree)
    return route.name === FORBIDDEN_ROUTE_NAME ? { kind: 'allow', route } : { kind: 'redirect', to: FORBIDDEN_PATH };
  const treeNames = menuNames(tree);
  const ctx: AccessContext = { role: roleInfo.role, menuFromServer, serverMenuNames: menuNames(serverMenu) };

  // A group path (/device) opens its first page the user may open.
  if (!route.page) {
    const child = firstAccessibleRoute(deps.routes, ctx, treeNames, route);
    if (child) return { kind: 'redirect', to: child.fullPath };
  }

  if (!routeAllowed(route, ctx)) {
    const destination = firstAccessibleRoute(deps.routes, ctx, treeNames);
    return { kind: 'redirect', to: destination ? destination.fullPath : NOT_FOUND_PATH };
  }
  if (!route.page || !inMenuTree(route, treeNames)) return { kind: 'redirect', to: FORBIDDEN_PATH };
  return { kind: 'allow', route };
}
