import type { MenuNode, RoleInfo } from '@water/contracts';
import { describe, expect, it, vi } from 'vitest';
import { type GuardDeps, guardNavigation, loginRedirect } from './route-guard.ts';
import { findRoute, flatRoutes } from './route-registry.ts';

function node(name: string, children: MenuNode[] = []): MenuNode {
  return {
    id: name.length,
    type: children.length ? 'directory' : 'menu',
    path: name,
    name,
    meta: {
      locale: `menu.${name}`,
      title: { 'zh-CN': name, 'en-US': name },
      requiresAuth: true,
      order: 0,
      hideInMenu: false,
      ignoreCache: false,
      roles: ['*'],
    },
    children,
  };
}

const userTree = [node('dashboard', [node('Workplace')]), node('device', [node('deviceList'), node('deviceArchives')])];

function deps(overrides: Partial<GuardDeps> = {}): GuardDeps & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    routes: flatRoutes,
    findRoute: (pathname) => findRoute(pathname),
    record: (change) => calls.push(`record ${change.pathname}`),
    getToken: () => 'token',
    loadRoleInfo: async () => {
      calls.push('role-info');
      return { role: 'user' } as RoleInfo;
    },
    loadMenuTree: async () => {
      calls.push('menu-tree');
      return userTree;
    },
    loadServerMenu: async () => [node('dashboard', [node('Workplace')])],
    menuFromServer: () => false,
    logout: vi.fn(async () => {
      calls.push('logout');
    }),
    ...overrides,
  };
}

const at = (path: string) => {
  const [pathname = '', search = ''] = path.split('?');
  return { pathname, search: search ? `?${search}` : '' };
};

describe('route guard', () => {
  it('records the route change, then checks sign-in, then permission, in that order', async () => {
    const d = deps();
    expect(await guardNavigation(at('/device/deviceList'), d)).toMatchObject({ kind: 'allow' });
    expect(d.calls).toEqual(['record /device/deviceList', 'role-info', 'menu-tree']);
  });

  it('sends a signed-out visitor to sign in with the target and its query kept', async () => {
    const d = deps({ getToken: () => null });
    const result = await guardNavigation(at('/device/deviceList?region=3&page=2'), d);
    expect(result).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fdevice%2FdeviceList&region=3&page=2' });
    expect(d.calls).toEqual(['record /device/deviceList']);
  });

  it('logs out and sends to sign in when role-info says the session is over', async () => {
    for (const code of [50008, 50012, 50014, 401]) {
      const d = deps({ loadRoleInfo: async () => Promise.reject(Object.assign(new Error('gone'), { code })) });
      const result = await guardNavigation(at('/dashboard/workplace?tab=1'), d);
      expect(d.logout).toHaveBeenCalledOnce();
      expect(result).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fdashboard%2Fworkplace&tab=1' });
    }
  });

  it('keeps the operator signed in when role-info fails for the moment (too many requests, server fault)', async () => {
    for (const code of [429, 500, 503]) {
      const d = deps({ loadRoleInfo: async () => Promise.reject(Object.assign(new Error('later'), { code })) });
      const result = await guardNavigation(at('/dashboard/workplace'), d);
      expect(d.logout).not.toHaveBeenCalled();
      expect(result).toMatchObject({ kind: 'allow' });
    }
    const offline = Object.assign(new Error('Failed to fetch'), { name: 'TransportError' });
    const d = deps({ loadRoleInfo: async () => Promise.reject(offline) });
    expect(await guardNavigation(at('/dashboard/workplace'), d)).toMatchObject({ kind: 'allow' });
    expect(d.logout).not.toHaveBeenCalled();
  });

  it('lets anyone open the public pages and the sign-in screen', async () => {
    const d = deps({ getToken: () => null });
    for (const path of ['/bz/index', '/bz/cameraDetails', '/login', '/logins']) {
      expect(await guardNavigation(at(path), d)).toMatchObject({ kind: 'allow' });
    }
  });

  it('sends a route outside the role menu tree to /403', async () => {
    expect(await guardNavigation(at('/sys/logManager'), deps())).toEqual({ kind: 'redirect', to: '/403' });
  });

  it('keeps a user with a temporary password on the password page', async () => {
    const d = deps({
      loadRoleInfo: async () => ({ role: 'user', userInfos: { mustChangePassword: true } }) as RoleInfo,
    });
    expect(await guardNavigation(at('/device/deviceList'), d)).toEqual({ kind: 'redirect', to: '/user/settings' });
    expect(await guardNavigation(at('/user/settings'), d)).toMatchObject({ kind: 'allow' });
  });

  it('lets personal pages outside the menu tree through', async () => {
    expect(await guardNavigation(at('/user/settings'), deps())).toMatchObject({ kind: 'allow' });
    expect(await guardNavigation(at('/403'), deps())).toMatchObject({ kind: 'allow' });
  });

  it('with menuFromServer, a route missing from the server menu goes to the first accessible route', async () => {
    const d = deps({ menuFromServer: () => true });
    expect(await guardNavigation(at('/device/deviceList'), d)).toEqual({
      kind: 'redirect',
      to: '/dashboard/workplace',
    });
  });

  it('with menuFromServer and nothing accessible, goes to not-found', async () => {
    const d = deps({ menuFromServer: () => true, loadServerMenu: async () => [] });
    expect(await guardNavigation(at('/device/deviceList'), d)).toEqual({ kind: 'redirect', to: '/not-found' });
  });

  it('opens the first page of a group the user may open', async () => {
    expect(await guardNavigation(at('/device'), deps())).toEqual({ kind: 'redirect', to: '/device/deviceList' });
  });

  it('lets unknown paths through to the not-found page', async () => {
    expect(await guardNavigation(at('/no/such/page'), deps())).toEqual({ kind: 'allow', route: undefined });
  });

  it('builds the sign-in address with the query and without a nested redirect', () => {
    expect(loginRedirect({ pathname: '/a', search: '?redirect=/evil&x=1' })).toBe('/login?redirect=%2Fa&x=1');
  });
});
