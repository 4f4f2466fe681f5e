import {
  Alert,
  Button,
  DatePicker,
  Empty,
  Message,
  Radio,
  Select,
  Table,
  type TableColumnProps,
} from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import {
  ANALYSIS_STATIONS_MAX,
  type AnalysisCompare,
  type AnalysisFigures,
  analysisCompareQuerySchema,
  isComparable,
} from '@water/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { referenceQueries } from '../../shared/api/reference-queries.ts';
import type { ChartColors } from '../../shared/ui/echart-host.tsx';
import { ListShell } from '../../shared/ui/list-page.tsx';
import { useListFilters } from '../../shared/ui/use-list-filters.ts';
import { changeOf, formatChange, formatNumber, formatShare } from './analysis-format.ts';
import { analysisQueries, analysisUrlSchema, daysOf, exportCompare, PERIOD_PRESETS } from './analysis-period.ts';
import { type StationAnalysisI18n, useStationAnalysisI18n } from './use-station-analysis-i18n.ts';
import './station-analysis.css';

const AnalysisEChart = lazy(() => import('./analysis-echart.tsx'));

type Figure = 'volume' | 'energy' | 'kwhPer1000m3' | 'runHours' | 'starts' | 'alarms' | 'availability';
const FIGURES: Figure[] = ['volume', 'energy', 'kwhPer1000m3', 'runHours', 'starts', 'alarms', 'availability'];
const CHART_METRICS = ['volume', 'energy', 'kwhPer1000m3'] as const;
type Row = AnalysisCompare['rows'][number];

/** A figure's cell: this period's value, the previous one's and the change, on two lines. */
function FigureCell({
  figure,
  current,
  previous,
  marked = true,
  i18n,
}: {
  figure: Figure;
  /** Say "not compared" in the cell when the previous period is not comparable (false: a notice above says it). */
  marked?: boolean;
  current: AnalysisFigures;
  previous: AnalysisFigures;
  i18n: StationAnalysisI18n;
}) {
  const { t, locale } = i18n;
  const show = (f: AnalysisFigures) =>
    figure === 'availability' ? formatShare(f.availability, locale) : formatNumber(f[figure], locale, 1);
  const comparable = isComparable(previous);
  const change = comparable ? changeOf(current[figure], previous[figure]) : null;
  const tone = change === null || change === 0 ? '' : change > 0 ? 'up' : 'down';
  return (
    <div className="station-analysis__cell">
      <span className="station-analysis__value">{show(current)}</span>
      <span className="station-analysis__delta">
        {t('analysis.previousValue', { value: show(previous) })}
        {change !== null ? (
          <span className={`station-analysis__change station-analysis__change--${tone}`}>
            {' '}
            {formatChange(change, locale)}
          </span>
        ) : null}
        {comparable || !marked ? null : (
          <span
            className="station-analysis__not-compared"
            title={t('analysis.notComparedHint', { share: formatShare(previous.coverage ?? 0, locale) })}
          >
            {' '}
            · {t('analysis.notCompared')}
          </span>
        )}
      </span>
    </div>
  );
}

/** Bars per station for one figure, this period solid and the previous as a pale ghost beside it. */
function compareChart(data: AnalysisCompare, metric: (typeof CHART_METRICS)[number], i18n: StationAnalysisI18n) {
  return (c: ChartColors): EChartsCoreOption => ({
    color: c.palette,
    grid: { left: 56, right: 16, top: 36, bottom: 48 },
    legend: { top: 0, textStyle: { color: c.text } },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: {
      type: 'category',
      data: data.rows.map((r) => r.station.name),
      axisLabel: { color: c.textSecondary, interval: 0, rotate: data.rows.length > 8 ? 30 : 0 },
      axisLine: { lineStyle: { color: c.border } },
    },
    yAxis: {
      type: 'value',
      axisLabel: { color: c.textSecondary },
      splitLine: { lineStyle: { color: c.border } },
    },
    series: [
      {
        name: i18n.t('analysis.chart.previous'),
        type: 'bar',
        barGap: '-100%',
        barWidth: '60%',
        itemStyle: { color: c.border, opacity: 0.9 },
        data: data.rows.map((r) => r.previous[metric]),
      },
      {
        name: i18n.t('analysis.chart.current'),
        type: 'bar',
        barWidth: '36%',
        itemStyle: { color: c.primary },
        data: data.rows.map((r) => r.current[metric]),
      },
    ],
  });
}

/** `/bz/synthesize-analysis`: stations compared over a period against the previous one, chart, table and XLSX. */
export function StationComparePage() {
  const i18n = useStationAnalysisI18n();
  const { t, locale } = i18n;
  const list = useListFilters(analysisUrlSchema);
  const url = list.filters;
  const days = daysOf(url);
  const query = useMemo(
    () => ({ from: days.from, to: days.to, ...(url.stations ? { stationIds: url.stations } : {}) }),
    [days.from, days.to, url.stations],
  );
  // The address is read with the page's own schema; the contract checks what is sent.
  const valid = analysisCompareQuerySchema.safeParse(query).success;
  const compare = useQuery({ ...analysisQueries.compare(query, locale), enabled: valid });
  const stations = useQuery(referenceQueries.stations(locale));
  const [exporting, setExporting] = useState(false);
  const chosen = url.stations ? url.stations.split(',').map(Number) : [];
  const data = compare.data;

  const build = useCallback(
    (c: ChartColors) => (data ? compareChart(data, url.metric, i18n)(c) : {}),
    [data, url.metric, i18n],
  );

  // When the whole previous period is not comparable, one notice says so instead of every cell.
  const totalsComparable = data ? isComparable(data.totals.previous) : true;
  const columns: TableColumnProps<Row>[] = [
    {
      title: t('analysis.col.station'),
      dataIndex: 'station',
      fixed: 'left',
      width: 150,
      render: (_: unknown, r: Row) => (
        <div className="station-analysis__cell">
          <span className="station-analysis__value">{r.station.name}</span>
          <span className="station-analysis__delta">{r.station.code}</span>
        </div>
      ),
    },
    ...FIGURES.map(
      (f): TableColumnProps<Row> => ({
        title: t(`analysis.col.${f}`),
        dataIndex: f,
        width: 124,
        align: 'right',
        render: (_: unknown, r: Row) => (
          <FigureCell figure={f} current={r.current} previous={r.previous} marked={totalsComparable} i18n={i18n} />
        ),
      }),
    ),
  ];

  const onExport = async () => {
    setExporting(true);
    try {
      await exportCompare(query, locale);
    } catch {
      Message.error(t('analysis.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <ListShell
      className="station-analysis"
      title={t('analysis.compare.title')}
      subtitle={t('analysis.compare.subtitle')}
      actions={
        <Button type="primary" icon={<IconDownload />} loading={exporting} disabled={!data} onClick={onExport}>
          {t('analysis.export')}
        </Button>
      }
      query={compare}
      body={
        <div className="station-analysis__body">
          <div className="station-analysis__filters">
            <PeriodControls i18n={i18n} period={url.period} days={days} onChange={(patch) => list.set(patch)} />
            <Select
              className="station-analysis__stations"
              aria-label={t('analysis.stations')}
              mode="multiple"
              allowClear
              maxTagCount={3}
              placeholder={t('analysis.stationsPlaceholder')}
              loading={stations.isPending}
              value={chosen}
              onChange={(ids: number[]) =>
                list.set({ stations: ids.length ? ids.slice(0, ANALYSIS_STATIONS_MAX).join(',') : undefined })
              }
              options={(stations.data ?? []).map((s) => ({ label: `${s.code} ${s.name}`, value: s.id }))}
            />
          </div>
          {data ? (
            <>
              <PeriodLine period={data} i18n={i18n} />
              {data.rows.length === 0 ? (
                <Empty description={t('analysis.empty')} />
              ) : (
                <>
                  <section className="station-analysis__panel">
                    <div className="station-analysis__panel-head">
                      <Radio.Group
                        type="button"
                        size="small"
                        aria-label={t('analysis.metric')}
                        value={url.metric}
                        onChange={(metric: (typeof CHART_METRICS)[number]) => list.set({ metric })}
                      >
                        {CHART_METRICS.map((m) => (
                          <Radio key={m} value={m}>
                            {t(`analysis.metric.${m}`)}
                          </Radio>
                        ))}
                      </Radio.Group>
                    </div>
                    <div role="img" aria-label={t('analysis.chart', { metric: t(`analysis.metric.${url.metric}`) })}>
                      <Suspense fallback={<div style={{ height: 300 }} />}>
                        <AnalysisEChart build={build} height={300} />
                      </Suspense>
                    </div>
                  </section>
                  <section aria-label={t('analysis.table')}>
                    {totalsComparable ? null : (
                      <Alert
                        className="station-analysis__notice"
                        type="info"
                        content={t('analysis.notComparedHint', {
                          share: formatShare(data.totals.previous.coverage ?? 0, locale),
                        })}
                      />
                    )}
                    <Table<Row>
                      rowKey={(r) => r.station.id}
                      columns={columns}
                      data={data.rows}
                      pagination={false}
                      border={false}
                      scroll={{ x: 150 + FIGURES.length * 124 }}
                      summary={() => (
                        <Table.Summary.Row>
                          <Table.Summary.Cell>
                            <strong>{t('analysis.total')}</strong>
                          </Table.Summary.Cell>
                          {FIGURES.map((f) => (
                            <Table.Summary.Cell key={f} className="station-analysis__summary-figure">
                              <FigureCell
                                figure={f}
                                current={data.totals.current}
                                previous={data.totals.previous}
                                marked={false}
                                i18n={i18n}
                              />
                            </Table.Summary.Cell>
                          ))}
                        </Table.Summary.Row>
                      )}
                    />
                  </section>
                </>
              )}
              <p className="station-analysis__note">{t('analysis.definitions')}</p>
            </>
          ) : null}
        </div>
      }
    />
  );
}

/** The period asked for and the previous one it is compared with; `extra` after them (a count). */
export function PeriodLine({
  period,
  extra,
  i18n: { t },
}: {
  period: Pick<AnalysisCompare, 'from' | 'to' | 'previousFrom' | 'previousTo' | 'partial'>;
  extra?: string;
  i18n: StationAnalysisI18n;
}) {
  return (
    <p className="station-analysis__period">
      {t('analysis.periodLine', {
        from: period.from,
        to: period.to,
        previousFrom: period.previousFrom,
        previousTo: period.previousTo,
      })}
      {extra ? ` · ${extra}` : ''}
      {period.partial ? ` · ${t('analysis.partial')}` : ''}
    </p>
  );
}

/** The period presets and, for a custom one, its days. */
export function PeriodControls({
  i18n,
  period,
  days,
  onChange,
}: {
  i18n: StationAnalysisI18n;
  period: string;
  days: { from: string; to: string };
  onChange: (patch: { period: (typeof PERIOD_PRESETS)[number] | 'custom'; from?: string; to?: string }) => void;
}) {
  const { t } = i18n;
  return (
    <div className="station-analysis__field">
      <Radio.Group
        type="button"
        aria-label={t('analysis.period')}
        value={period}
        onChange={(next: (typeof PERIOD_PRESETS)[number] | 'custom') =>
          next === 'custom'
            ? onChange({ period: next, from: days.from, to: days.to })
            : onChange({ period: next, from: undefined, to: undefined })
        }
      >
        {PERIOD_PRESETS.map((p) => (
          <Radio key={p} value={p}>
            {t(`analysis.period.${p}`)}
          </Radio>
        ))}
        <Radio value="custom">{t('analysis.period.custom')}</Radio>
      </Radio.Group>
      {period === 'custom' ? (
        <DatePicker.RangePicker
          aria-label={t('analysis.customRange')}
          allowClear={false}
          value={[days.from, days.to]}
          onChange={(dates: string[] | undefined) => {
            const [from, to] = dates ?? [];
            if (from && to) onChange({ period: 'custom', from: from.slice(0, 10), to: to.slice(0, 10) });
          }}
        />
      ) : null}
    </div>
  );
}
