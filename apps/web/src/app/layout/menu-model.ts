import type { MenuNode } from '@water/contracts';
import type { Locale } from '@water/contracts/common/locale';
import type { Translate } from '../../shared/i18n/i18n-provider.tsx';
import { routeByName } from '../routing/route-registry.ts';

export interface MenuItemModel {
  key: string;
  label: string;
  icon?: string;
  /** Where a click goes; absent on a directory. */
  path?: string;
  externalLink?: string;
  children: MenuItemModel[];
}

/**
 * The side (or top) menu from the user's menu tree: directories and menus, ordered, hidden ones and
 * buttons left out. Labels come from the registry's dictionaries when the console knows the route,
 * else from the server's own titles (a menu added on the server before the console knows it).
 */
export function buildMenu(tree: readonly MenuNode[], locale: Locale, t: Translate): MenuItemModel[] {
  return [...tree]
    .filter((node) => node.type !== 'button' && !node.meta.hideInMenu)
    .sort((a, b) => a.meta.order - b.meta.order || a.id - b.id)
    .flatMap((node): MenuItemModel[] => {
      const route = routeByName(node.name);
      const children = buildMenu(node.children, locale, t);
      const item: MenuItemModel = {
        key: node.name,
        label: route ? t(route.labelKey) : node.meta.title[locale],
        children,
      };
      if (node.meta.icon ?? route?.icon) item.icon = node.meta.icon ?? route?.icon;
      if (node.meta.externalLink) item.externalLink = node.meta.externalLink;
      else if (route?.page) item.path = route.fullPath;
      // A directory with nothing to open under it has no place in the menu.
      if (!item.path && !item.externalLink && children.length === 0) return [];
      return [item];
    });
}

/** Keys of the directories above a route, to open them in the menu. */
export function parentKeys(name: string): string[] {
  return routeByName(name)?.parents.map((parent) => parent.name) ?? [];
}
