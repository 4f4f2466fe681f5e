import { Message } from '@arco-design/web-react';
import { useMutation } from '@tanstack/react-query';
import { accountApi } from '@water/contracts';
import { useLocation, useNavigate } from 'react-router';
import { callApi } from '../../shared/api/http.ts';
import { queryClient } from '../../shared/api/query-client.ts';
import { useI18n } from '../../shared/i18n/i18n-provider.tsx';
import { menuNames, sessionQueries } from '../../shared/session/session-queries.ts';
import { routeByName } from '../routing/route-registry.ts';
import { pruneTabs, tabStore } from '../stores/tab-store.ts';

/**
 * Makes another of the user's roles the active one (POST /user/switch-role), then reloads
 * role-info and menus. Tabs the new role may not open close, and the current page goes through
 * the guard again, which sends the user on when the new role may not stay (spec §5).
 */
export function useSwitchRole() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  return useMutation({
    mutationFn: (role: string) => callApi(accountApi.switchRole, { body: { role } }),
    onSuccess: async (_data, role) => {
      await queryClient.resetQueries({ queryKey: sessionQueries.all });
      const [info, tree] = await Promise.all([
        queryClient.fetchQuery(sessionQueries.roleInfo()),
        queryClient.fetchQuery(sessionQueries.menuTree()),
      ]);
      const names = menuNames(tree);
      tabStore.set((state) =>
        pruneTabs(state, (tab) => {
          const route = routeByName(tab.name);
          return !route?.requiresAuth || Boolean(route.outsideMenuTree) || names.has(tab.name);
        }),
      );
      const name = info.roles.find((r) => r.code === role)?.name ?? role;
      Message.success({ content: t('navbar.switchRoles.done', { role: name }), duration: 3000 });
      navigate(`${location.pathname}${location.search}`, { replace: true });
    },
  });
}
