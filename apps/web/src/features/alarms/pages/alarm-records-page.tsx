import { Button, Dropdown, Menu } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { type Alarm, alarmListQuerySchema } from '@water/contracts/alarms';
import { useMemo, useState } from 'react';
import { useNow } from '../../../shared/live/live-hooks.ts';
import { ListShell, ListView } from '../../../shared/ui/list-page.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { quietReadBack, useAlarmFeed } from '../api/alarm-live.ts';
import { alarmQueries, exportAlarms, unpaged } from '../api/alarm-queries.ts';
import { AlarmDetailDrawer, useOpenAlarm } from '../components/alarm-detail-drawer.tsx';
import { AlarmStatsStrip } from '../components/alarm-stats.tsx';
import { alarmColumns, alarmRowClassName, openOnRowClick } from '../list/alarm-columns.tsx';
import { AlarmFilterFields, AlarmRangePicker, lastDaysRange } from '../list/alarm-filters.tsx';
import { useAlarmCommonI18n } from '../use-alarm-common-i18n.ts';
import { useAlarmsI18n } from '../use-alarms-i18n.ts';
import '../alarms.css';

const DEFAULT_DAYS = 7;
const DEFAULTS = { view: 'all' as const, pageSize: 20 };

/**
 * The range when the address has none: the last 7 days, as of today (it moves at midnight, not with
 * every render). Not a list default: a range chosen is then written whole, both ends.
 */
function useDefaultRange() {
  const today = new Date().toDateString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the range is the last 7 days as of `today`
  return useMemo(() => lastDaysRange(DEFAULT_DAYS), [today]);
}

/**
 * 告警记录 (/bz/pumpLog): every alarm raised in a time range (the last 7 days unless the address
 * says otherwise), with the same filters as the open list; the statistics of the same selection above
 * the table; export to XLSX or CSV; a row opens the same drawer as the open list.
 */
export function AlarmRecordsPage() {
  const i18n = useAlarmsI18n();
  const common = useAlarmCommonI18n();
  const { t, locale } = i18n;
  const week = useDefaultRange();
  const list = useListFilters(alarmListQuerySchema, { defaults: DEFAULTS });
  const range = { from: list.filters.from ?? week.from, to: list.filters.to ?? week.to };
  const filters = { ...list.filters, view: 'all' as const, ...range };
  const alarms = useQuery(alarmQueries.list(filters, locale));
  const [, openAlarm] = useOpenAlarm();
  const [exporting, setExporting] = useState(false);
  const now = useNow(30_000);
  useAlarmFeed();

  const exportAs = (format: 'xlsx' | 'csv') => {
    setExporting(true);
    // A refusal is the request layer's toast.
    exportAlarms(unpaged(filters), format, locale, t('alarms.records.file'))
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  const actions = (
    <Dropdown
      trigger="click"
      position="br"
      droplist={
        <Menu onClickMenuItem={(key) => exportAs(key === 'csv' ? 'csv' : 'xlsx')}>
          <Menu.Item key="xlsx">{t('alarms.export.xlsx')}</Menu.Item>
          <Menu.Item key="csv">{t('alarms.export.csv')}</Menu.Item>
        </Menu>
      }
    >
      <Button icon={<IconDownload />} loading={exporting}>
        {t('alarms.export')}
      </Button>
    </Dropdown>
  );

  return (
    <ListShell
      className="alarm-page alarm-page--records"
      title={t('alarms.records.title')}
      subtitle={t('alarms.records.subtitle')}
      actions={actions}
      body={
        <>
          <AlarmStatsStrip filters={unpaged(filters)} i18n={i18n} />
          <ListView<Alarm>
            filters={
              <>
                <AlarmRangePicker from={range.from} to={range.to} onChange={(r) => list.set(r)} i18n={i18n} />
                <AlarmFilterFields list={list} i18n={i18n} common={common} />
              </>
            }
            list={list}
            query={quietReadBack(alarms)}
            columns={alarmColumns({ i18n, common, now, onOpen: (row) => openAlarm(row.id), records: true })}
            columnsId="alarms-records"
            rowKey="id"
            emptyText={t('alarms.records.empty')}
            totalText={(total) => t('alarms.total', { total })}
            tableProps={{
              rowClassName: alarmRowClassName,
              onRow: openOnRowClick((row) => openAlarm(row.id)),
            }}
          />
        </>
      }
    >
      <AlarmDetailDrawer />
    </ListShell>
  );
}
