import { Empty, Select, Skeleton, Table, type TableColumnProps } from '@arco-design/web-react';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import {
  ARCHIVE_DUE_DAYS_DEFAULT,
  type DueCalibration,
  deviceArchivesApi,
  type EndingWarranty,
} from '@water/contracts';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { type ListFilters, useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { deviceArchiveQueries } from '../api/device-archive-queries.ts';
import { dueCalibrationColumns, endingWarrantyColumns } from '../list/due-columns.tsx';
import type { DeviceArchivesI18n } from '../use-device-archives-i18n.ts';
import { LoadFailed } from './archive-labels.tsx';

const WINDOWS = [7, ARCHIVE_DUE_DAYS_DEFAULT, 60, 90];

/** A due list's address: the contract's window, and the page the browser shows of the whole answer. */
const dueListQuery = deviceArchivesApi.dueCalibrations.query.extend({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
type DueList = ListFilters<z.output<typeof dueListQuery>>;

/** A due list: its window, then the table, a skeleton while it loads, or the failure with a retry. */
function DueList<T extends { deviceId: number }>({
  i18n,
  list,
  query,
  columns,
  summary,
  empty,
}: {
  i18n: DeviceArchivesI18n;
  list: DueList;
  query: UseQueryResult<T[]>;
  columns: TableColumnProps<T>[];
  summary: (rows: T[]) => ReactNode;
  empty: string;
}) {
  const { t } = i18n;
  let body: ReactNode;
  if (query.isError && !query.data) {
    body = <LoadFailed error={query.error} onRetry={() => query.refetch()} t={t} />;
  } else if (query.isPending) {
    body = <Skeleton animation text={{ rows: 6 }} className="list-page__skeleton" />;
  } else {
    const rows = query.data ?? [];
    body = (
      <>
        {rows.length ? <p className="device-archives-summary">{summary(rows)}</p> : null}
        <Table<T>
          rowKey="deviceId"
          columns={columns}
          data={rows}
          loading={query.isFetching}
          noDataElement={<Empty description={empty} />}
          tableLayoutFixed
          scroll={{ x: columns.reduce((sum, c) => sum + (Number(c.width) || 0), 0) }}
          pagination={{ ...list.page, hideOnSinglePage: true }}
          onChange={list.onTableChange}
        />
      </>
    );
  }
  return (
    <>
      <div className="list-page__filters">
        <Select
          className="list-page__select"
          aria-label={t('deviceArchives.due.within')}
          value={list.filters.withinDays}
          onChange={(withinDays: number) => list.set({ withinDays })}
          options={WINDOWS.map((n) => ({ label: t('deviceArchives.due.withinDays', { n }), value: n }))}
        />
      </div>
      {body}
    </>
  );
}

/** Devices whose latest calibration falls due soon; overdue ones first, in red. The window is in the address. */
export function DueCalibrationsTab({ i18n }: { i18n: DeviceArchivesI18n }) {
  const { t, locale } = i18n;
  const list = useListFilters(dueListQuery, { prefix: 'calibrations.' });
  const query = useQuery(deviceArchiveQueries.dueCalibrations(list.filters.withinDays, locale));
  return (
    <DueList<DueCalibration>
      i18n={i18n}
      list={list}
      query={query}
      columns={dueCalibrationColumns(t)}
      empty={t('deviceArchives.due.emptyCalibrations')}
      summary={(rows) =>
        t('deviceArchives.due.calibrationsTotal', {
          total: rows.length,
          overdue: rows.filter((r) => r.daysLeft < 0).length,
        })
      }
    />
  );
}

/** Devices whose warranty or service contract ends soon: the Workplace's renewal orders. */
export function EndingWarrantiesTab({ i18n }: { i18n: DeviceArchivesI18n }) {
  const { t, locale } = i18n;
  const list = useListFilters(dueListQuery, { prefix: 'warranties.' });
  const query = useQuery(deviceArchiveQueries.endingWarranties(list.filters.withinDays, locale));
  return (
    <DueList<EndingWarranty>
      i18n={i18n}
      list={list}
      query={query}
      columns={endingWarrantyColumns(t)}
      empty={t('deviceArchives.due.emptyWarranties')}
      summary={(rows) => t('deviceArchives.due.warrantiesTotal', { total: rows.length })}
    />
  );
}
