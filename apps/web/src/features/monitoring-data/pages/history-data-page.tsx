import { Button, Checkbox, DatePicker, Empty, Radio, Select, Skeleton, Tabs, Tooltip } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import { useQueries, useQuery } from '@tanstack/react-query';
import { type Device, type DeviceType, HISTORY_SERIES_MAX, type History } from '@water/contracts';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import type { ChartColors } from '../../../shared/ui/echart-host.tsx';
import { type HistoryRequest, monitoringQueries } from '../api/monitoring-queries.ts';
import { HistoryExport } from '../components/history-export.tsx';
import { HistoryTable } from '../components/history-table.tsx';
import { axisTimeLabel, buildHistoryOption } from '../lib/history-chart-option.ts';
import { formatReading, isChartableMetric, metricName } from '../lib/metric-format.ts';
import {
  type HistorySelection,
  type HistoryView,
  parseSeriesKey,
  QUICK_RANGE_MS,
  QUICK_RANGES,
  type QuickRange,
  readHistorySelection,
  writeHistorySelection,
} from '../lib/url-state.ts';
import { type MonitoringI18n, type MonitoringMessageKey, useMonitoringI18n } from '../use-monitoring-i18n.ts';
import '../monitoring.css';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { LoadFailedResult } from '../../../shared/ui/list-scaffold.tsx';

// ECharts is its own chunk: the controls show before it arrives.
const HistoryEChart = lazy(() => import('../components/history-echart.tsx'));
const MAX_POINTS = 2000;
const CHART_HEIGHT = 460;

/** The resolution the server chose, in words ("1-hour averages", "6-hour buckets"). */
export function resolutionText(history: Pick<History, 'resolution' | 'bucketSeconds'>, t: MonitoringI18n['t']): string {
  if (history.resolution !== 'bucket')
    return t(`monitoring.history.resolution.${history.resolution}` as MonitoringMessageKey);
  const s = history.bucketSeconds;
  if (s >= 86_400 && s % 86_400 === 0) return t('monitoring.history.resolution.days', { n: s / 86_400 });
  if (s >= 3600 && s % 3600 === 0) return t('monitoring.history.resolution.hours', { n: s / 3600 });
  return t('monitoring.history.resolution.minutes', { n: Math.max(1, Math.round(s / 60)) });
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Seconds are enough for a range; the key of the history query stays stable while nothing moves. */
const isoSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();

/**
 * History (`/timeData/historyData`): up to eight device metrics over a time range, as a chart
 * with one y-axis per unit, or as a table. The selection lives in the address.
 */
export function HistoryDataPage() {
  const i18n = useMonitoringI18n();
  const { t, locale } = i18n;
  const [params, setParams] = useSearchParams();
  const selection = useMemo(() => readHistorySelection(params, HISTORY_SERIES_MAX), [params]);
  const update = (change: Partial<HistorySelection>) =>
    setParams(writeHistorySelection({ ...selection, ...change }), { replace: true });

  // A quick range ends at the moment it was picked (or refreshed), not at every render. The moment
  // moves while rendering the new range, so no request goes out for the new end with the old range.
  const [anchorState, setAnchorState] = useState(() => ({ range: selection.range, at: Date.now() }));
  if (anchorState.range !== selection.range) setAnchorState({ range: selection.range, at: Date.now() });
  const anchor = anchorState.range === selection.range ? anchorState.at : Date.now();
  const request: HistoryRequest = useMemo(() => {
    const custom = selection.range === 'custom' && selection.from && selection.to;
    return {
      series: selection.series,
      from: custom ? (selection.from as string) : isoSeconds(anchor - QUICK_RANGE_MS[selection.range as QuickRange]),
      to: custom ? (selection.to as string) : isoSeconds(anchor),
      maxPoints: MAX_POINTS,
    };
  }, [selection, anchor]);

  const [search, setSearch] = useState('');
  const keyword = useDebounced(search.trim(), 300);
  const found = useQuery(monitoringQueries.deviceSearch(keyword, locale));
  const picked = useQueries({
    queries: selection.devices.map((id) => monitoringQueries.device(id, locale)),
  });
  const types = useQuery(referenceQueries.deviceTypes(locale));
  const history = useQuery(monitoringQueries.history(request, locale));

  const devices = new Map<number, Device>();
  for (const d of found.data?.list ?? []) devices.set(d.id, d);
  for (const q of picked) if (q.data) devices.set(q.data.id, q.data);
  const typesById = new Map((types.data ?? []).map((type) => [type.id, type]));
  const typeOf = (deviceId: number): DeviceType | undefined => {
    const device = devices.get(deviceId);
    return device ? typesById.get(device.typeId) : undefined;
  };
  const atMax = selection.series.length >= HISTORY_SERIES_MAX;

  const deviceOptions = [
    ...selection.devices.map((id) => devices.get(id) ?? ({ id, code: `#${id}`, name: '' } as Device)),
    ...(found.data?.list ?? []).filter((d) => !selection.devices.includes(d.id)),
  ].map((d) => ({ label: `${d.code} ${d.name}`.trim(), value: d.id }));

  const setDevices = (ids: number[]) =>
    update({
      devices: ids,
      series: selection.series.filter((key) => ids.includes(parseSeriesKey(key)?.deviceId ?? -1)),
    });
  const setMetrics = (deviceId: number, keys: string[]) => {
    const wanted = new Set(keys.map((k) => `${deviceId}:${k}`));
    // The order series were picked in stays: a new one goes last.
    const kept = selection.series.filter((key) => parseSeriesKey(key)?.deviceId !== deviceId || wanted.has(key));
    const added = [...wanted].filter((key) => !kept.includes(key));
    update({ series: [...kept, ...added].slice(0, HISTORY_SERIES_MAX) });
  };

  const precisionOf = (seriesIndex: number): number => {
    const s = history.data?.series[seriesIndex];
    const metric = s ? typeOf(s.deviceId)?.model.metrics.find((m) => m.key === s.metric) : undefined;
    return metric?.dataType === 'integer' ? 0 : (metric?.precision ?? 3);
  };
  const formatValue = (seriesIndex: number, value: number | null | undefined) =>
    value === null || value === undefined
      ? ''
      : formatReading(
          { dataType: 'number', precision: precisionOf(seriesIndex) } as Parameters<typeof formatReading>[0],
          value,
          locale,
          t,
        );

  const data = history.data;
  const build = useCallback(
    (colors: ChartColors) =>
      buildHistoryOption(data as History, colors, {
        zoom: t('monitoring.history.toolbox.zoom'),
        zoomBack: t('monitoring.history.toolbox.zoomBack'),
        brush: t('monitoring.history.toolbox.brush'),
        clear: t('monitoring.history.toolbox.clear'),
        save: t('monitoring.history.toolbox.save'),
        range: t('monitoring.history.tooltip.range'),
        formatTime: (ms) => formatDateTime(new Date(ms).toISOString(), locale, { seconds: true }),
        formatValue: (v) => new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(v),
        formatAxisTime: (ms) => axisTimeLabel(ms, locale),
      }),
    [data, t, locale],
  );

  let body: React.ReactNode;
  if (selection.series.length === 0) {
    body = (
      <Empty
        className="monitoring-history__empty"
        description={
          <>
            <div>{t('monitoring.history.empty')}</div>
            <div className="monitoring-history__hint">{t('monitoring.history.emptyHint')}</div>
          </>
        }
      />
    );
  } else if (history.isPending) {
    body = <Skeleton animation text={{ rows: 8 }} />;
  } else if (history.isError) {
    body = (
      <LoadFailedResult
        error={history.error}
        onRetry={() => history.refetch()}
        title={t('monitoring.loadFailed')}
        requestFailed={t('monitoring.requestFailed')}
        retryLabel={t('monitoring.retry')}
      />
    );
  } else if (history.data.series.every((s) => s.points.length === 0)) {
    body = <Empty description={t('monitoring.history.noData')} />;
  } else {
    const answer = history.data;
    const resolution = resolutionText(answer, t);
    body = (
      <>
        <div className="monitoring-history__bar">
          <span className="monitoring-history__hint" role="status">
            {t('monitoring.history.resolution', { resolution })}
            {answer.resolution !== 'raw' ? ` · ${t('monitoring.history.bandHint')}` : ''}
          </span>
          <HistoryExport request={request} i18n={i18n} />
        </div>
        {selection.view === 'chart' ? (
          <div
            className="monitoring-history__chart"
            role="img"
            aria-label={t('monitoring.history.chartLabel', {
              n: answer.series.length,
              from: formatDateTime(request.from, locale),
              to: formatDateTime(request.to, locale),
              resolution,
            })}
          >
            <Suspense fallback={<Skeleton animation text={{ rows: 8 }} />}>
              <HistoryEChart build={build} height={CHART_HEIGHT} />
            </Suspense>
          </div>
        ) : (
          <HistoryTable history={answer} i18n={i18n} formatValue={formatValue} />
        )}
      </>
    );
  }

  return (
    <div className="monitoring-page">
      <div className="monitoring-panel">
        <header className="monitoring-header">
          <div>
            <h1 className="monitoring-header__title">{t('monitoring.history.title')}</h1>
            <p className="monitoring-header__subtitle">
              {t('monitoring.history.subtitle', { max: HISTORY_SERIES_MAX })}
            </p>
          </div>
        </header>
        <div className="monitoring-history__controls">
          <div className="monitoring-history__row">
            <span className="monitoring-history__label">{t('monitoring.history.devices')}</span>
            <Select
              className="monitoring-history__devices"
              mode="multiple"
              aria-label={t('monitoring.history.devices')}
              placeholder={t('monitoring.history.devicesPlaceholder')}
              showSearch
              allowClear
              filterOption={false}
              loading={found.isFetching}
              value={selection.devices}
              onSearch={setSearch}
              onChange={(ids: number[]) => {
                setDevices(ids);
                setSearch('');
              }}
              options={deviceOptions}
            />
          </div>
          {selection.devices.length ? (
            <div className="monitoring-history__metrics">
              {selection.devices.map((deviceId) => {
                const device = devices.get(deviceId);
                const label = device ? `${device.code} ${device.name}` : `#${deviceId}`;
                const metrics = (typeOf(deviceId)?.model.metrics ?? []).filter(isChartableMetric);
                const checked = selection.series
                  .map(parseSeriesKey)
                  .filter((p) => p?.deviceId === deviceId)
                  .map((p) => p?.metric as string);
                return (
                  <fieldset key={deviceId}>
                    <legend>{t('monitoring.history.metrics', { device: label })}</legend>
                    {device && types.data && metrics.length === 0 ? (
                      <span className="monitoring-history__hint">{t('monitoring.history.noMetrics')}</span>
                    ) : (
                      <Checkbox.Group
                        value={checked}
                        onChange={(keys: string[]) => setMetrics(deviceId, keys)}
                        options={metrics.map((m) => ({
                          label: `${metricName(m, locale)}${m.unit ? ` (${m.unit})` : ''}`,
                          value: m.key,
                          disabled: atMax && !checked.includes(m.key),
                        }))}
                      />
                    )}
                  </fieldset>
                );
              })}
              <span className="monitoring-history__hint">
                {atMax
                  ? t('monitoring.history.seriesLimit', { max: HISTORY_SERIES_MAX })
                  : t('monitoring.history.seriesCount', { n: selection.series.length, max: HISTORY_SERIES_MAX })}
              </span>
            </div>
          ) : null}
          <div className="monitoring-history__row">
            <span className="monitoring-history__label">{t('monitoring.history.range')}</span>
            <Radio.Group
              type="button"
              aria-label={t('monitoring.history.range')}
              value={selection.range}
              onChange={(range: QuickRange | 'custom') => {
                if (range === 'custom') {
                  update({ range, from: request.from, to: request.to });
                } else {
                  update({ range, from: undefined, to: undefined });
                }
              }}
            >
              {QUICK_RANGES.map((range) => (
                <Radio key={range} value={range}>
                  {t(`monitoring.history.range.${range}` as MonitoringMessageKey)}
                </Radio>
              ))}
              <Radio value="custom">{t('monitoring.history.range.custom')}</Radio>
            </Radio.Group>
            {selection.range === 'custom' ? (
              <DatePicker.RangePicker
                aria-label={t('monitoring.history.customRange')}
                showTime
                allowClear={false}
                value={[Date.parse(request.from), Date.parse(request.to)]}
                disabledDate={(current) => current.valueOf() > Date.now()}
                onOk={(_, dates) => {
                  const [from, to] = dates ?? [];
                  if (from && to && from.valueOf() < to.valueOf()) {
                    update({ range: 'custom', from: isoSeconds(from.valueOf()), to: isoSeconds(to.valueOf()) });
                  }
                }}
              />
            ) : null}
            <Tooltip content={t('monitoring.history.refresh')}>
              <Button
                icon={<IconRefresh />}
                aria-label={t('monitoring.history.refresh')}
                disabled={selection.series.length === 0}
                loading={history.isFetching}
                onClick={() => {
                  if (selection.range === 'custom') void history.refetch();
                  else setAnchorState({ range: selection.range, at: Date.now() });
                }}
              />
            </Tooltip>
          </div>
        </div>
        <Tabs
          activeTab={selection.view}
          onChange={(view) => update({ view: view as HistoryView })}
          aria-label={t('monitoring.history.view')}
        >
          <Tabs.TabPane key="chart" title={t('monitoring.history.view.chart')} />
          <Tabs.TabPane key="table" title={t('monitoring.history.view.table')} />
        </Tabs>
        <div className="monitoring-board" aria-busy={history.isFetching || undefined}>
          {body}
        </div>
      </div>
    </div>
  );
}
