import { Empty, Select, Skeleton, Table, type TableColumnProps } from '@arco-design/web-react';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { ARCHIVE_DUE_DAYS_DEFAULT, type DueCalibration, type EndingWarranty } from '@water/contracts';
import { type ReactNode, useState } from 'react';
import { deviceArchiveQueries } from '../api/device-archive-queries.ts';
import type { DeviceArchivesI18n } from '../use-device-archives-i18n.ts';
import { DaysLeft, DeviceCell, LoadFailed } from './archive-labels.tsx';

const WINDOWS = [7, ARCHIVE_DUE_DAYS_DEFAULT, 60, 90];

type DueRow = { deviceId: number; deviceCode: string; deviceName: string; typeName: string; regionName: string };

/** The columns every due list starts with: which device, of what type, where. */
function deviceColumns<T extends DueRow>(t: DeviceArchivesI18n['t']): TableColumnProps<T>[] {
  return [
    {
      title: t('deviceArchives.col.device'),
      dataIndex: 'deviceCode',
      width: 240,
      render: (_, row) => <DeviceCell code={row.deviceCode} name={row.deviceName} />,
    },
    { title: t('deviceArchives.col.deviceType'), dataIndex: 'typeName', width: 130 },
    {
      title: t('deviceArchives.col.region'),
      dataIndex: 'regionName',
      width: 150,
      render: (_, row) => row.regionName || t('deviceArchives.none'),
    },
  ];
}

/** A due list: its window, then the table, a skeleton while it loads, or the failure with a retry. */
function DueList<T extends DueRow>({
  i18n,
  query,
  columns,
  summary,
  empty,
  withinDays,
  onWithinDays,
}: {
  i18n: DeviceArchivesI18n;
  query: UseQueryResult<T[]>;
  columns: TableColumnProps<T>[];
  summary: (rows: T[]) => ReactNode;
  empty: string;
  withinDays: number;
  onWithinDays: (days: number) => void;
}) {
  const { t } = i18n;
  let body: ReactNode;
  if (query.isError && !query.data) {
    body = <LoadFailed error={query.error} onRetry={() => query.refetch()} t={t} />;
  } else if (query.isPending) {
    body = <Skeleton animation text={{ rows: 6 }} className="device-archives-skeleton" />;
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
          scroll={{ x: 900 }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
        />
      </>
    );
  }
  return (
    <>
      <div className="device-archives-filters">
        <Select
          className="device-archives-filters__select"
          aria-label={t('deviceArchives.due.within')}
          value={withinDays}
          onChange={(days: number) => onWithinDays(days)}
          options={WINDOWS.map((n) => ({ label: t('deviceArchives.due.withinDays', { n }), value: n }))}
        />
      </div>
      {body}
    </>
  );
}

/** Devices whose latest calibration falls due soon; overdue ones first, in red. */
export function DueCalibrationsTab({ i18n }: { i18n: DeviceArchivesI18n }) {
  const { t, locale } = i18n;
  const [withinDays, setWithinDays] = useState(ARCHIVE_DUE_DAYS_DEFAULT);
  const query = useQuery(deviceArchiveQueries.dueCalibrations(withinDays, locale));
  const columns: TableColumnProps<DueCalibration>[] = [
    ...deviceColumns<DueCalibration>(t),
    { title: t('deviceArchives.col.calibratedOn'), dataIndex: 'calibratedOn', width: 120 },
    { title: t('deviceArchives.col.nextDue'), dataIndex: 'nextDue', width: 120 },
    {
      title: t('deviceArchives.col.daysLeft'),
      dataIndex: 'daysLeft',
      width: 130,
      render: (_, row) => <DaysLeft days={row.daysLeft} t={t} />,
    },
  ];
  return (
    <DueList
      i18n={i18n}
      query={query}
      columns={columns}
      empty={t('deviceArchives.due.emptyCalibrations')}
      summary={(rows) =>
        t('deviceArchives.due.calibrationsTotal', {
          total: rows.length,
          overdue: rows.filter((r) => r.daysLeft < 0).length,
        })
      }
      withinDays={withinDays}
      onWithinDays={setWithinDays}
    />
  );
}

/** Devices whose warranty or service contract ends soon: the Workplace's renewal orders. */
export function EndingWarrantiesTab({ i18n }: { i18n: DeviceArchivesI18n }) {
  const { t, locale } = i18n;
  const [withinDays, setWithinDays] = useState(ARCHIVE_DUE_DAYS_DEFAULT);
  const query = useQuery(deviceArchiveQueries.endingWarranties(withinDays, locale));
  const date = (value: string | null) => value ?? t('deviceArchives.none');
  const columns: TableColumnProps<EndingWarranty>[] = [
    ...deviceColumns<EndingWarranty>(t),
    { title: t('deviceArchives.col.warrantyEnd'), dataIndex: 'warrantyEnd', width: 120, render: date },
    { title: t('deviceArchives.col.serviceEnd'), dataIndex: 'serviceEnd', width: 140, render: date },
    {
      title: t('deviceArchives.col.daysLeft'),
      dataIndex: 'daysLeft',
      width: 130,
      render: (_, row) => <DaysLeft days={row.daysLeft} t={t} />,
    },
  ];
  return (
    <DueList
      i18n={i18n}
      query={query}
      columns={columns}
      empty={t('deviceArchives.due.emptyWarranties')}
      summary={(rows) => t('deviceArchives.due.warrantiesTotal', { total: rows.length })}
      withinDays={withinDays}
      onWithinDays={setWithinDays}
    />
  );
}
