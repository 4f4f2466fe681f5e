import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi, type MenuNode, type RoleInfo } from '@water/contracts/auth';
import { callApi } from '../api/http.ts';
import { getToken } from './token.ts';

const all = ['session'] as const;

/**
 * Query keys of the session's server state. Role-info is silent: when it fails the route guard
 * logs out and sends the user to sign in (spec §8), no toast or modal.
 */
export const sessionQueries = {
  all,
  roleInfo: () =>
    queryOptions({
      queryKey: [...all, 'role-info'] as const,
      queryFn: ({ signal }): Promise<RoleInfo> => callApi(authApi.roleInfo, { signal, silent: true }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** The active role's menu tree with buttons: the side menu, the /403 check, button permissions. */
  menuTree: () =>
    queryOptions({
      queryKey: [...all, 'menu-tree'] as const,
      queryFn: ({ signal }): Promise<MenuNode[]> => callApi(authApi.menusTree, { signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** The server menu, used only while the menuFromServer setting is on (spec §5). */
  serverMenu: () =>
    queryOptions({
      queryKey: [...all, 'server-menu'] as const,
      queryFn: ({ signal }): Promise<MenuNode[]> => callApi(authApi.serverMenu, { signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

/** The signed-in user and active role, or undefined when signed out or not loaded yet. */
export function useRoleInfo(): RoleInfo | undefined {
  return useQuery({ ...sessionQueries.roleInfo(), enabled: Boolean(getToken()) }).data;
}

export function useMenuTree(): MenuNode[] | undefined {
  return useQuery({ ...sessionQueries.menuTree(), enabled: Boolean(getToken()) }).data;
}

/** Names of every menu and directory in a tree (buttons have no route). */
export function menuNames(tree: readonly MenuNode[]): Set<string> {
  const names = new Set<string>();
  const walk = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      if (node.type !== 'button') names.add(node.name);
      walk(node.children);
    }
  };
  walk(tree);
  return names;
}
