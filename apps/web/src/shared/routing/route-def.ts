import type { ComponentType } from 'react';
import type { MessageKey } from '../i18n/messages.ts';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/**
 * One entry of the route registry. Each feature declares its own in `features/<f>/routes.tsx`;
 * the router, the guards, the menu, the breadcrumb and the tab bar all read the same list.
 */
export interface RouteDef {
  /** Unique; equals the menu entry's `name` in the server's menu tree. */
  name: string;
  /** Absolute for top-level entries ('/device'), relative to the parent for children ('deviceList'). */
  path: string;
  labelKey: MessageKey;
  /** Icon name of the seed menu ('icon-dashboard'), mapped to an Arco icon by the layout. */
  icon?: string;
  order?: number;
  requiresAuth: boolean;
  /** Roles that may open it; '*' is every signed-in user (spec §5). */
  roles: readonly string[];
  hideInMenu?: boolean;
  /** Never kept alive in the tab bar. */
  ignoreCache?: boolean;
  /** Not a menu-tree entry: personal or system pages every signed-in user may open (no /403 check). */
  outsideMenuTree?: boolean;
  /** Never becomes a tab (redirect helper, error pages). */
  noTab?: boolean;
  /** 'blank' renders outside the console layout (sign-in, not-found). */
  layout?: 'default' | 'blank';
  /** Menu entry that opens another site in a new browser tab. */
  externalLink?: string;
  /** Lazy page: every page is its own chunk, loaded when first opened. */
  page?: PageLoader;
  children?: RouteDef[];
}

/** A registry entry with its absolute path and its parents, as the router and guards use it. */
export interface FlatRoute extends RouteDef {
  fullPath: string;
  parents: RouteDef[];
}

/** Default fields of a console page: signed-in users of any role (spec §2). */
export const signedIn = { requiresAuth: true, roles: ['*'] } as const;
