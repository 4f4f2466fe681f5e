import { describe, expect, it } from 'vitest';
// The server's seed, by path: it imports only @water/contracts, so it loads in the browser project too.
import { type SeedMenu, seedMenuTree } from '../../../../server/src/db/seed/menu-tree.ts';
import type { RouteDef } from '../../shared/routing/route-def.ts';
import { dictionaries } from '../locale/dictionaries.ts';
import { routeTree } from './route-registry.ts';

/**
 * The web route registry and the server's menu seed describe one menu: the server decides who sees
 * an entry, the web app what it opens. They must agree on every directory and menu entry; buttons
 * (permissions) are the server's alone.
 */

/**
 * Routes the menu tree does not carry, reviewed one by one: personal pages, the sign-in screens,
 * error pages and the redirect helper. Each is `outsideMenuTree` in its routes file.
 */
const WEB_ONLY = ['userCenter', 'userSettings', '403', 'notFound', 'login', 'logins', 'redirect'];

interface Entry {
  name: string;
  path: string;
  icon?: string;
  order?: number;
  hidden: boolean;
  requiresAuth: boolean;
  externalLink?: string;
  children: Entry[];
}

function fromSeed(menus: readonly SeedMenu[]): Entry[] {
  return menus
    .filter((menu) => menu.type !== 'button')
    .map((menu) => ({
      name: menu.name,
      path: menu.path,
      icon: menu.icon,
      order: menu.order,
      hidden: menu.hidden ?? false,
      requiresAuth: menu.requiresAuth ?? true,
      externalLink: menu.externalLink,
      children: fromSeed(menu.children ?? []),
    }));
}

function fromRoutes(routes: readonly RouteDef[]): Entry[] {
  return routes
    .filter((route) => !route.outsideMenuTree)
    .map((route) => ({
      name: route.name,
      path: route.path,
      icon: route.icon,
      order: route.order,
      hidden: route.hideInMenu ?? false,
      requiresAuth: route.requiresAuth,
      externalLink: route.externalLink,
      children: fromRoutes(route.children ?? []),
    }));
}

function walk<T extends { children?: readonly T[] }>(tree: readonly T[]): T[] {
  return tree.flatMap((node) => [node, ...walk(node.children ?? [])]);
}

/** The seed sorted as the menu shows it: by order, the seed's own order among equals. */
const seedSorted = [...seedMenuTree].sort(
  (a, b) => (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER),
);

describe('route registry and menu seed', () => {
  it('lists as web-only exactly the routes marked outsideMenuTree', () => {
    const outside = walk(routeTree)
      .filter((route) => route.outsideMenuTree)
      .map((route) => route.name);
    expect(outside.sort()).toEqual([...WEB_ONLY].sort());
    const seedNames = new Set(walk(seedMenuTree).map((menu) => menu.name));
    expect(WEB_ONLY.filter((name) => seedNames.has(name))).toEqual([]);
  });

  it('agree on every directory and menu entry: name, path, order, icon, hidden, sign-in, link, and in that order', () => {
    expect(fromRoutes(routeTree)).toEqual(fromSeed(seedSorted));
  });

  it('name each entry as the seed does, in both languages', () => {
    const routes = new Map(walk(routeTree).map((route) => [route.name, route]));
    const differ = walk(seedMenuTree)
      .filter((menu) => menu.type !== 'button')
      .flatMap((menu) => {
        const route = routes.get(menu.name);
        if (!route) return [`${menu.name}: no route`];
        const zh = dictionaries['zh-CN'][route.labelKey];
        const en = dictionaries['en-US'][route.labelKey];
        return [
          ...(zh === menu.zh ? [] : [`${menu.name}: seed ${menu.zh}, web ${zh}`]),
          ...(en === menu.en ? [] : [`${menu.name}: seed ${menu.en}, web ${en}`]),
        ];
      });
    expect(differ).toEqual([]);
  });
});
