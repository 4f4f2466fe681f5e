import { Empty } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import {
  type AnalysisKpis,
  type AnalysisSystemFigures,
  analysisKpisQuerySchema,
  isComparable,
  type Locale,
} from '@water/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import type { ChartColors } from '../../shared/ui/echart-host.tsx';
import { ListShell } from '../../shared/ui/list-page.tsx';
import { useListFilters } from '../../shared/ui/use-list-filters.ts';
import { changeOf, formatChange, formatNumber, formatShare } from './analysis-format.ts';
import { analysisQueries, analysisUrlSchema, daysOf } from './analysis-period.ts';
import { PeriodControls, PeriodLine } from './station-compare-page.tsx';
import { type StationAnalysisI18n, useStationAnalysisI18n } from './use-station-analysis-i18n.ts';
import './station-analysis.css';

const AnalysisEChart = lazy(() => import('./analysis-echart.tsx'));

/** Seconds as minutes under two hours, else hours. */
function formatDuration(seconds: number | null, i18n: StationAnalysisI18n) {
  if (seconds === null) return '—';
  if (seconds < 60) return i18n.t('analysis.duration.seconds', { value: formatNumber(seconds, i18n.locale, 0) });
  return seconds < 7200
    ? i18n.t('analysis.duration.minutes', { value: formatNumber(seconds / 60, i18n.locale, 1) })
    : i18n.t('analysis.duration.hours', { value: formatNumber(seconds / 3600, i18n.locale, 1) });
}

interface Card {
  key: 'availability' | 'volume' | 'intensity' | 'mtta' | 'mttr';
  value: (f: AnalysisSystemFigures) => number | null;
  show: (v: number | null) => string;
  /** Shown after the value, smaller (none for a share or a duration, whose text carries it). */
  unit?: string;
  /** A rise is good (availability, volume) or bad (intensity, the times). */
  higherIsBetter: boolean;
}

function cards(i18n: StationAnalysisI18n, locale: Locale): Card[] {
  return [
    { key: 'availability', value: (f) => f.availability, show: (v) => formatShare(v, locale), higherIsBetter: true },
    {
      key: 'volume',
      value: (f) => f.volume,
      show: (v) => formatNumber(v, locale, 0),
      unit: i18n.t('analysis.unit.m3'),
      higherIsBetter: true,
    },
    {
      key: 'intensity',
      value: (f) => f.kwhPer1000m3,
      show: (v) => formatNumber(v, locale, 1),
      unit: i18n.t('analysis.unit.kwhPer1000m3'),
      higherIsBetter: false,
    },
    { key: 'mtta', value: (f) => f.mtta, show: (v) => formatDuration(v, i18n), higherIsBetter: false },
    { key: 'mttr', value: (f) => f.mttr, show: (v) => formatDuration(v, i18n), higherIsBetter: false },
  ];
}

function trendChart(data: AnalysisKpis, i18n: StationAnalysisI18n) {
  const { t } = i18n;
  return (c: ChartColors): EChartsCoreOption => ({
    color: c.palette,
    grid: { left: 64, right: 64, top: 40, bottom: 32 },
    legend: { top: 0, textStyle: { color: c.text } },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      data: data.months.map((m) => m.month),
      axisLabel: { color: c.textSecondary },
      axisLine: { lineStyle: { color: c.border } },
    },
    yAxis: [
      {
        type: 'value',
        name: 'm³',
        nameTextStyle: { color: c.textSecondary },
        axisLabel: { color: c.textSecondary },
        splitLine: { lineStyle: { color: c.border } },
      },
      {
        type: 'value',
        name: t('analysis.unit.kwhPer1000m3'),
        nameTextStyle: { color: c.textSecondary },
        axisLabel: { color: c.textSecondary },
        splitLine: { show: false },
      },
      // The alarms' own scale, not drawn: counts are not kWh.
      { type: 'value', show: false, minInterval: 1 },
    ],
    series: [
      { name: t('analysis.trend.volume'), type: 'bar', barWidth: '45%', data: data.months.map((m) => m.volume) },
      {
        name: t('analysis.trend.intensity'),
        type: 'line',
        yAxisIndex: 1,
        connectNulls: false,
        data: data.months.map((m) => m.kwhPer1000m3),
      },
      {
        name: t('analysis.trend.alarms'),
        type: 'line',
        yAxisIndex: 2,
        lineStyle: { type: 'dashed' },
        data: data.months.map((m) => m.alarms),
      },
    ],
  });
}

/** `/bz/synthesis-analysis`: the system's KPIs against the previous period, the top stations and 12 months. */
export function SystemKpisPage() {
  const i18n = useStationAnalysisI18n();
  const { t, locale } = i18n;
  const list = useListFilters(analysisUrlSchema);
  const url = list.filters;
  const days = daysOf(url);
  const query = useMemo(() => ({ from: days.from, to: days.to }), [days.from, days.to]);
  const valid = analysisKpisQuerySchema.safeParse(query).success;
  const kpis = useQuery({ ...analysisQueries.kpis(query, locale), enabled: valid });
  const data = kpis.data;
  const build = useCallback((c: ChartColors) => (data ? trendChart(data, i18n)(c) : {}), [data, i18n]);

  return (
    <ListShell
      className="station-analysis"
      title={t('analysis.kpis.title')}
      subtitle={t('analysis.kpis.subtitle')}
      query={kpis}
      body={
        <div className="station-analysis__body">
          <div className="station-analysis__filters">
            <PeriodControls i18n={i18n} period={url.period} days={days} onChange={(patch) => list.set(patch)} />
          </div>
          {data ? (
            <>
              <PeriodLine period={data} extra={t('analysis.kpi.stations', { count: data.stations })} i18n={i18n} />
              <ul className="station-analysis__kpis">
                {cards(i18n, locale).map((card) => {
                  const current = card.value(data.current);
                  const previous = card.value(data.previous);
                  const comparable = isComparable(data.previous);
                  const change = comparable ? changeOf(current, previous) : null;
                  const good =
                    change === null || change === 0 ? '' : change > 0 === card.higherIsBetter ? 'good' : 'bad';
                  const label = t(`analysis.kpi.${card.key}`);
                  return (
                    <li key={card.key} className="station-analysis__kpi" aria-label={label}>
                      <span className="station-analysis__kpi-label">{label}</span>
                      <span className="station-analysis__kpi-value">
                        {card.show(current)}
                        {card.unit && current !== null ? (
                          <span className="station-analysis__kpi-unit"> {card.unit}</span>
                        ) : null}
                      </span>
                      <span className="station-analysis__delta">
                        {t('analysis.kpi.vsPrevious')} {card.show(previous)}
                        {card.unit && previous !== null ? ` ${card.unit}` : ''}
                        {comparable ? null : (
                          <span
                            className="station-analysis__not-compared"
                            title={t('analysis.notComparedHint', {
                              share: formatShare(data.previous.coverage ?? 0, locale),
                            })}
                          >
                            {' '}
                            · {t('analysis.notCompared')}
                          </span>
                        )}
                        {change !== null ? (
                          <span className={`station-analysis__change station-analysis__change--${good}`}>
                            {' '}
                            {formatChange(change, locale)}
                          </span>
                        ) : null}
                      </span>
                    </li>
                  );
                })}
              </ul>
              <div className="station-analysis__tops">
                <TopList
                  title={t('analysis.top.intensity')}
                  empty={t('analysis.top.none')}
                  items={data.topIntensity.map((x) => ({
                    id: x.station.id,
                    name: x.station.name,
                    code: x.station.code,
                    value: `${formatNumber(x.value, locale, 1)} ${t('analysis.unit.kwhPer1000m3')}`,
                  }))}
                />
                <TopList
                  title={t('analysis.top.alarms')}
                  empty={t('analysis.top.none')}
                  items={data.topAlarms.map((x) => ({
                    id: x.station.id,
                    name: x.station.name,
                    code: x.station.code,
                    value: t('analysis.top.alarmCount', { count: x.value }),
                  }))}
                />
              </div>
              <section className="station-analysis__panel" aria-label={t('analysis.trend')}>
                <h2 className="station-analysis__panel-title">{t('analysis.trend')}</h2>
                <div role="img" aria-label={t('analysis.trend.chart')}>
                  <Suspense fallback={<div style={{ height: 320 }} />}>
                    <AnalysisEChart build={build} height={320} />
                  </Suspense>
                </div>
              </section>
              <p className="station-analysis__note">{t('analysis.definitions')}</p>
            </>
          ) : null}
        </div>
      }
    />
  );
}

function TopList({
  title,
  empty,
  items,
}: {
  title: string;
  empty: string;
  items: { id: number; name: string; code: string; value: string }[];
}) {
  return (
    <section className="station-analysis__panel" aria-label={title}>
      <h2 className="station-analysis__panel-title">{title}</h2>
      {items.length === 0 ? (
        <Empty description={empty} />
      ) : (
        <ol className="station-analysis__top">
          {items.map((x, i) => (
            <li key={x.id}>
              <span className="station-analysis__rank">{i + 1}</span>
              <span className="station-analysis__top-name">
                {x.name} <span className="station-analysis__delta">{x.code}</span>
              </span>
              <span className="station-analysis__top-value">{x.value}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
