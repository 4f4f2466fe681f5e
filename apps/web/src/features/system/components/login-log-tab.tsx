import { useQuery } from '@tanstack/react-query';
import { type LoginLog, logsApi } from '@water/contracts';
import { ListView } from '../../../shared/ui/list-page.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { useSharedUiI18n } from '../../../shared/ui/use-shared-ui-i18n.ts';
import { logQueries } from '../api/log-queries.ts';
import { LoginLogFilterFields } from '../list/log-filters.tsx';
import { loginLogColumns } from '../list/login-log-columns.tsx';
import { useSystemAdminI18n } from '../use-system-admin-i18n.ts';

const DEFAULTS = { pageSize: 10 };

/** Every sign-in attempt, who and from where, with why a failure failed. Its filters live in the address under `login.`. */
export function LoginLogTab() {
  const i18n = useSystemAdminI18n();
  const { t, locale } = i18n;
  const shared = useSharedUiI18n();
  const list = useListFilters(logsApi.logins.query, { defaults: DEFAULTS, prefix: 'login.' });
  const logs = useQuery(logQueries.logins(list.filters, locale));

  return (
    <ListView<LoginLog>
      filters={<LoginLogFilterFields list={list} i18n={i18n} />}
      list={list}
      query={logs}
      columns={loginLogColumns({ i18n })}
      columnsId="login-logs"
      rowKey="id"
      emptyText={t('sys.log.empty')}
      totalText={(total) => (logs.data?.capped ? t('sys.totalCapped', { total }) : shared.t('list.total', { total }))}
    />
  );
}
