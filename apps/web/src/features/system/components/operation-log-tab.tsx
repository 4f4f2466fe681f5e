import { useQuery } from '@tanstack/react-query';
import { logsApi, type OperationLog } from '@water/contracts';
import { useState } from 'react';
import { ListView } from '../../../shared/ui/list-page.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { useSharedUiI18n } from '../../../shared/ui/use-shared-ui-i18n.ts';
import { logQueries } from '../api/log-queries.ts';
import { OperationLogFilterFields } from '../list/log-filters.tsx';
import { operationLogColumns } from '../list/operation-log-columns.tsx';
import { useSystemAdminI18n } from '../use-system-admin-i18n.ts';
import { OperationLogDrawer } from './operation-log-drawer.tsx';

const DEFAULTS = { pageSize: 10 };

/**
 * The operation log: who wrote what, when, and how it went; a row opens its details. Its filters
 * live in the address under `op.`, beside the sign-in log's.
 */
export function OperationLogTab() {
  const i18n = useSystemAdminI18n();
  const { t, locale } = i18n;
  const shared = useSharedUiI18n();
  const list = useListFilters(logsApi.operations.query, { defaults: DEFAULTS, prefix: 'op.' });
  const logs = useQuery(logQueries.operations(list.filters, locale));
  const [openId, setOpenId] = useState<number | null>(null);

  return (
    <>
      <ListView<OperationLog>
        filters={<OperationLogFilterFields list={list} i18n={i18n} />}
        list={list}
        query={logs}
        columns={operationLogColumns({ i18n, onOpen: (row) => setOpenId(row.id) })}
        columnsId="operation-logs"
        rowKey="id"
        emptyText={t('sys.log.empty')}
        totalText={(total) => (logs.data?.capped ? t('sys.totalCapped', { total }) : shared.t('list.total', { total }))}
        tableProps={{ className: 'sys-log-table', onRow: (row) => ({ onClick: () => setOpenId(row.id) }) }}
      />
      <OperationLogDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
