import { Button, Dropdown, Menu, Message, Table, type TableColumnProps, Tooltip } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { HISTORY_EXPORT_FORMATS, type HistoryExportFormat, type StationDaily, type StationDay } from '@water/contracts';
import { useState } from 'react';
import { type DayRange, exportDaily } from './station-history-queries.ts';
import type { StationHistoryI18n } from './use-station-history-i18n.ts';

type Pump = StationDaily['pumps'][number];

/** A pump's name as the station labels it, else "1号泵" / "Pump 1". */
export function pumpLabel(p: { name: string; number: number }, t: StationHistoryI18n['t']): string {
  return p.name || t('stationHistory.pump', { number: p.number });
}

/**
 * The daily table: date, pumped volume, energy and kWh per 1000 m³, then each pump's run hours,
 * starts and energy; a totals row. Empty cells are days without readings, never zeros.
 */
export function DailyTable({ daily, i18n }: { daily: StationDaily; i18n: StationHistoryI18n }) {
  const { t, locale } = i18n;
  const number = (digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
  const show = (v: number | null | undefined, digits = 1) =>
    v === null || v === undefined ? t('stationHistory.daily.none') : number(digits).format(v);

  const pumpColumns = (p: Pump, i: number): TableColumnProps<StationDay> => ({
    title: pumpLabel(p, t),
    align: 'center',
    children: [
      {
        title: t('stationHistory.daily.col.runHours'),
        key: `p${p.id}-hours`,
        align: 'right',
        width: 80,
        render: (_: unknown, day: StationDay) => show(day.pumps[i]?.runHours, 2),
      },
      {
        title: t('stationHistory.daily.col.starts'),
        key: `p${p.id}-starts`,
        align: 'right',
        width: 90,
        render: (_: unknown, day: StationDay) => {
          const stats = day.pumps[i];
          if (stats?.starts === null || stats?.starts === undefined) return t('stationHistory.daily.none');
          // Counted from hourly data only: several runs within an hour count once, so "at least".
          return stats.source === '1h' && (stats.runHours ?? 0) > 0 ? (
            <Tooltip content={t('stationHistory.daily.lowerBound')}>
              <span className="station-history__bound">≥{number(0).format(stats.starts)}</span>
            </Tooltip>
          ) : (
            number(0).format(stats.starts)
          );
        },
      },
      {
        title:
          p.energySource === 'power' ? (
            <Tooltip content={t('stationHistory.daily.fromPower')}>
              <span className="station-history__bound">{t('stationHistory.daily.col.pumpEnergy')}*</span>
            </Tooltip>
          ) : (
            t('stationHistory.daily.col.pumpEnergy')
          ),
        key: `p${p.id}-energy`,
        align: 'right',
        width: 96,
        render: (_: unknown, day: StationDay) => show(day.pumps[i]?.energy),
      },
    ],
  });

  const columns: TableColumnProps<StationDay>[] = [
    { title: t('stationHistory.daily.col.day'), dataIndex: 'day', width: 112, fixed: 'left' },
    {
      title: t('stationHistory.daily.col.volume'),
      dataIndex: 'volume',
      align: 'right',
      width: 120,
      render: (v: number | null) => show(v),
    },
    {
      title: t('stationHistory.daily.col.energy'),
      dataIndex: 'energy',
      align: 'right',
      width: 112,
      render: (v: number | null) => show(v),
    },
    {
      title: t('stationHistory.daily.col.kwhPer1000m3'),
      dataIndex: 'kwhPer1000m3',
      align: 'right',
      width: 150,
      render: (v: number | null) => show(v),
    },
    ...daily.pumps.map(pumpColumns),
  ];
  const width = columns.reduce((a, c) => a + (c.children ? 266 : Number(c.width ?? 100)), 0);

  const totals = daily.totals;
  /** Whether a pump's total starts hold a day counted from hourly data (a lower bound, so the sum is too). */
  const lowerBound = (pumpId: number) =>
    daily.days.some((d) => d.pumps.some((p) => p.pumpId === pumpId && p.source === '1h' && (p.runHours ?? 0) > 0));
  return (
    <Table<StationDay>
      className="station-history__table"
      rowKey="day"
      size="small"
      border={{ wrapper: true, cell: true }}
      columns={columns}
      data={daily.days}
      pagination={false}
      scroll={{ x: width, y: 420 }}
      noDataElement={t('stationHistory.daily.empty')}
      summary={() => (
        <Table.Summary fixed="bottom">
          <Table.Summary.Row className="station-history__total">
            <Table.Summary.Cell>{t('stationHistory.daily.total')}</Table.Summary.Cell>
            <Table.Summary.Cell className="station-history__num">{show(totals.volume)}</Table.Summary.Cell>
            <Table.Summary.Cell className="station-history__num">{show(totals.energy)}</Table.Summary.Cell>
            <Table.Summary.Cell className="station-history__num">{show(totals.kwhPer1000m3)}</Table.Summary.Cell>
            {totals.pumps.flatMap((p) => [
              <Table.Summary.Cell key={`${p.pumpId}-h`} className="station-history__num">
                {show(p.runHours, 2)}
              </Table.Summary.Cell>,
              <Table.Summary.Cell key={`${p.pumpId}-s`} className="station-history__num">
                {p.starts !== null && lowerBound(p.pumpId) ? `≥${show(p.starts, 0)}` : show(p.starts, 0)}
              </Table.Summary.Cell>,
              <Table.Summary.Cell key={`${p.pumpId}-e`} className="station-history__num">
                {show(p.energy)}
              </Table.Summary.Cell>,
            ])}
          </Table.Summary.Row>
        </Table.Summary>
      )}
    />
  );
}

/** The daily table's own export: CSV or XLSX of the same days, header in the console's language. */
export function DailyExport({
  stationId,
  days,
  i18n,
  disabled,
}: {
  stationId: number;
  days: DayRange;
  i18n: StationHistoryI18n;
  disabled?: boolean;
}) {
  const { t, locale } = i18n;
  const [busy, setBusy] = useState(false);
  const start = (format: HistoryExportFormat) => {
    setBusy(true);
    exportDaily(stationId, days, format, locale).then(
      () => {
        setBusy(false);
        Message.success(t('stationHistory.daily.exportDone'));
      },
      // The failure has been shown where it happened.
      () => setBusy(false),
    );
  };
  return (
    <Dropdown
      trigger="click"
      position="br"
      disabled={disabled || busy}
      droplist={
        <Menu onClickMenuItem={(key) => start(key as HistoryExportFormat)}>
          {HISTORY_EXPORT_FORMATS.map((format) => (
            <Menu.Item key={format}>{t(`stationHistory.daily.export.${format}`)}</Menu.Item>
          ))}
        </Menu>
      }
    >
      <Button size="small" icon={<IconDownload />} loading={busy} disabled={disabled}>
        {t('stationHistory.daily.export')}
      </Button>
    </Dropdown>
  );
}
