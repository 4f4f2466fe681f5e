import { useQuery } from '@tanstack/react-query';
import { accountApi } from '@water/contracts';
import { ListView } from '../../../shared/ui/list-page.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { accountQueries } from '../api/account-queries.ts';
import { type Attempt, loginHistoryColumns } from '../list/login-history-columns.tsx';
import { useAccountI18n } from '../use-account-i18n.ts';

const DEFAULTS = { pageSize: 10 };

/** The user's own sign-in attempts, newest first, paged by the server; the page is kept in the address. */
export function LoginHistoryTable() {
  const i18n = useAccountI18n();
  const list = useListFilters(accountApi.loginHistory.query, { defaults: DEFAULTS, prefix: 'history.' });
  const history = useQuery(accountQueries.loginHistory(list.filters, i18n.locale));
  return (
    <ListView<Attempt>
      list={list}
      query={history}
      columns={loginHistoryColumns(i18n)}
      rowKey="id"
      emptyText={i18n.t('account.history.empty')}
    />
  );
}
