import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminMenu, type Locale, type MenuInput, rolesApi } from '@water/contracts';
import { callApi } from '../../../shared/api/http.ts';
import { sessionQueries } from '../../../shared/session/session-queries.ts';
import { useSystemAdminI18n } from '../use-system-admin-i18n.ts';

const all = ['system-menus'] as const;

/**
 * The role editor reads the same tree to grant entries. Its query factory belongs to another
 * feature, so its root key is named here rather than imported (features do not import each other).
 */
const ROLES_KEY = ['roles'] as const;

/** Query keys of the menu tree under management. The read is silent: the page shows a failure in place. */
export const menuQueries = {
  all,
  tree: (locale: Locale) =>
    queryOptions({
      queryKey: [...all, 'tree', locale] as const,
      queryFn: ({ signal }) => callApi(rolesApi.menus, { locale, signal, silent: true }),
    }),
};

/**
 * After a write: the managed tree, and the console's own menu and role-info (the side menu, the
 * /403 check and the button permissions come from them), so the change shows at once.
 */
export function useRefreshMenus() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: all }),
      queryClient.invalidateQueries({ queryKey: sessionQueries.menuTree().queryKey }),
      queryClient.invalidateQueries({ queryKey: sessionQueries.serverMenu().queryKey }),
      queryClient.invalidateQueries({ queryKey: sessionQueries.roleInfo().queryKey }),
      queryClient.invalidateQueries({ queryKey: ROLES_KEY }),
    ]);
}

/** Create or update an entry; the drawer shows a refusal itself, so the call is silent. */
export function useSaveMenu() {
  const refresh = useRefreshMenus();
  const { locale } = useSystemAdminI18n();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: MenuInput }) =>
      id === null
        ? callApi(rolesApi.createMenu, { locale, body, silent: true })
        : callApi(rolesApi.updateMenu, { locale, params: { id }, body, silent: true }),
    onSuccess: () => refresh(),
  });
}

/** Delete an entry; a refusal (one with children) is the request layer's toast, in the server's words. */
export function useRemoveMenu() {
  const refresh = useRefreshMenus();
  const { locale } = useSystemAdminI18n();
  return useMutation({
    mutationFn: (id: number) => callApi(rolesApi.removeMenu, { locale, params: { id } }),
    onSuccess: () => refresh(),
  });
}

/** The input of an entry as stored, the base of an edit. */
export function menuInputOf(menu: AdminMenu): MenuInput {
  return {
    parentId: menu.parentId,
    type: menu.type,
    path: menu.path,
    name: menu.name,
    locale: menu.locale,
    titleZh: menu.titleZh,
    titleEn: menu.titleEn,
    icon: menu.icon,
    orderNum: menu.orderNum,
    requiresAuth: menu.requiresAuth,
    hidden: menu.hidden,
    ignoreCache: menu.ignoreCache,
    externalLink: menu.externalLink,
    permission: menu.permission,
    status: menu.status,
  };
}
