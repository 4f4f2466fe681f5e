import { Table, type TableColumnProps } from '@arco-design/web-react';
import type { History } from '@water/contracts';
import { useMemo } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { seriesLabel } from '../lib/history-chart-option.ts';
import type { MonitoringI18n } from '../use-monitoring-i18n.ts';

interface Row {
  t: string;
  cells: ({ v: number | null; min?: number; max?: number } | undefined)[];
}

/** One row per time any series has a point, newest first; a series without a point there is blank. */
export function historyRows(history: History): Row[] {
  const rows = new Map<string, Row>();
  history.series.forEach((s, i) => {
    for (const p of s.points) {
      const key = new Date(p.t).toISOString();
      let row = rows.get(key);
      if (!row) {
        row = { t: key, cells: history.series.map(() => undefined) };
        rows.set(key, row);
      }
      row.cells[i] = { v: p.v, min: p.min, max: p.max };
    }
  });
  return [...rows.values()].sort((a, b) => b.t.localeCompare(a.t));
}

/** The table view of the same answer: a value column per series, with its band when aggregated. */
export function HistoryTable({
  history,
  i18n,
  formatValue,
}: {
  history: History;
  i18n: MonitoringI18n;
  formatValue: (seriesIndex: number, value: number | null | undefined) => string;
}) {
  const { t, locale } = i18n;
  const aggregated = history.resolution !== 'raw';
  const rows = useMemo(() => historyRows(history), [history]);
  const time = (iso: string) => formatDateTime(iso, locale, { seconds: history.resolution === 'raw' });

  const columns: TableColumnProps<Row>[] = [
    {
      title: t('monitoring.history.col.time'),
      dataIndex: 't',
      width: 180,
      fixed: 'left',
      render: (_, row) => time(row.t),
    },
    ...history.series.map((s, i): TableColumnProps<Row> => {
      const title = seriesLabel(s);
      if (!aggregated) {
        return { title, key: `s${i}`, align: 'right', render: (_, row) => formatValue(i, row.cells[i]?.v) };
      }
      return {
        title,
        key: `s${i}`,
        children: [
          {
            title: t('monitoring.history.col.avg'),
            key: `s${i}v`,
            align: 'right',
            render: (_, row) => formatValue(i, row.cells[i]?.v),
          },
          {
            title: t('monitoring.history.col.min'),
            key: `s${i}min`,
            align: 'right',
            render: (_, row) => formatValue(i, row.cells[i]?.min),
          },
          {
            title: t('monitoring.history.col.max'),
            key: `s${i}max`,
            align: 'right',
            render: (_, row) => formatValue(i, row.cells[i]?.max),
          },
        ],
      };
    }),
  ];

  return (
    <div className="monitoring-history__table">
      <Table<Row>
        rowKey="t"
        size="small"
        border={{ wrapper: true, cell: true }}
        columns={columns}
        data={rows}
        scroll={{ x: true }}
        pagination={{ pageSize: 20, sizeCanChange: true, showTotal: true }}
      />
    </div>
  );
}
