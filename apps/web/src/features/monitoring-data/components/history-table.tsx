import { Button, Table, type TableColumnProps } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
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

function csvCell(text: string): string {
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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

  const exportCsv = () => {
    const header = [
      t('monitoring.history.col.time'),
      ...history.series.flatMap((s) =>
        aggregated
          ? [
              `${seriesLabel(s)} ${t('monitoring.history.col.avg')}`,
              `${seriesLabel(s)} ${t('monitoring.history.col.min')}`,
              `${seriesLabel(s)} ${t('monitoring.history.col.max')}`,
            ]
          : [seriesLabel(s)],
      ),
    ];
    const raw = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
    const lines = [...rows]
      .reverse()
      .map((row) => [
        row.t,
        ...row.cells.flatMap((c) => (aggregated ? [raw(c?.v), raw(c?.min), raw(c?.max)] : [raw(c?.v)])),
      ]);
    // The BOM lets Excel read the UTF-8 names.
    const csv = `\uFEFF${[header, ...lines].map((line) => line.map(csvCell).join(',')).join('\r\n')}`;
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `history-${rows.at(-1)?.t.slice(0, 10) ?? ''}-${rows[0]?.t.slice(0, 10) ?? ''}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <div className="monitoring-history__table">
      <div className="monitoring-history__bar">
        <span />
        <Button size="small" icon={<IconDownload />} disabled={rows.length === 0} onClick={exportCsv}>
          {t('monitoring.history.export')}
        </Button>
      </div>
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
