import { Alert, Button, DatePicker, Empty, Radio, Select, Skeleton, Tooltip } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import {
  HISTORY_POINTS_MAX,
  HISTORY_SERIES_MAX,
  STATION_HISTORY_RESOLUTIONS,
  type StationHistory,
  type StationHistoryResolution,
} from '@water/contracts';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import type { ChartColors } from '../../../shared/ui/echart-host.tsx';
import { LoadFailedResult } from '../../../shared/ui/list-scaffold.tsx';
import { axisTimeLabel, HistoryExport, useMonitoringI18n } from '../../monitoring-data/public.ts';
import { DailyExport, DailyTable, pumpLabel } from './daily-table.tsx';
import { buildStationHistoryOption, stationChartHeight } from './station-history-chart-option.ts';
import { stationHistoryQueries } from './station-history-queries.ts';
import {
  daysOf,
  isoSeconds,
  quickRange,
  readStationHistory,
  STATION_RANGES,
  type StationHistorySelection,
  type StationRange,
  writeStationHistory,
} from './station-history-url.ts';
import { type StationHistoryI18n, useStationHistoryI18n } from './use-station-history-i18n.ts';
import './station-history.css';
import { STATION_DAILY_DAYS_MAX } from '@water/contracts';

// ECharts is its own chunk: the controls and the daily table show before it arrives.
const StationHistoryEChart = lazy(() => import('./station-history-echart.tsx'));
const MAX_POINTS = 2000;
const MINUTE = 60_000;
const HOUR = 3_600_000;

/** The resolution the server answered in, in words ("1-minute averages", "6-hour averages"). */
function shownText(h: Pick<StationHistory, 'resolution' | 'bucketSeconds'>, t: StationHistoryI18n['t']): string {
  if (h.resolution === 'bucket') return t('stationHistory.shown.hours', { n: Math.round(h.bucketSeconds / 3600) });
  return t(`stationHistory.shown.${h.resolution}`);
}

/** Whether a tier asked for by name stays within the points one series may have over the range. */
function tierFits(resolution: StationHistoryResolution, from: string, to: string): boolean {
  const span = Date.parse(to) - Date.parse(from);
  if (resolution === '1m') return span / MINUTE < HISTORY_POINTS_MAX;
  if (resolution === '1h') return span / HOUR < HISTORY_POINTS_MAX;
  return true;
}

function durationText(ms: number, t: StationHistoryI18n['t']): string {
  const minutes = Math.max(1, Math.round(ms / MINUTE));
  return minutes < 60
    ? t('stationHistory.duration.minutes', { m: minutes })
    : t('stationHistory.duration.hours', { h: Math.floor(minutes / 60), m: minutes % 60 });
}

/**
 * Station history (`/bz/history-data`): one station's level against its set-points, flow, rain and
 * pump runs over a range, and its daily table. Station, range and resolution live in the address.
 */
export function StationHistoryPage() {
  const i18n = useStationHistoryI18n();
  const monitoringI18n = useMonitoringI18n();
  const { t, locale } = i18n;
  const [params, setParams] = useSearchParams();
  const selection = useMemo(() => readStationHistory(params), [params]);
  const update = (change: Partial<StationHistorySelection>) =>
    setParams(writeStationHistory({ ...selection, ...change }), { replace: true });

  // A quick range ends when it was picked (or refreshed), not at every render.
  const [anchorState, setAnchorState] = useState(() => ({ range: selection.range, at: Date.now() }));
  if (anchorState.range !== selection.range) setAnchorState({ range: selection.range, at: Date.now() });
  const anchor = anchorState.range === selection.range ? anchorState.at : Date.now();
  const range = useMemo(
    () =>
      selection.range === 'custom' && selection.from && selection.to
        ? { from: selection.from, to: selection.to }
        : quickRange(selection.range as StationRange, anchor),
    [selection, anchor],
  );
  const request = useMemo(
    () => ({ ...range, resolution: selection.resolution, maxPoints: MAX_POINTS }),
    [range, selection.resolution],
  );
  const days = useMemo(() => daysOf(range.from, range.to), [range]);
  const dayRange = useMemo(() => ({ from: days.from, to: days.to }), [days]);

  const stations = useQuery(referenceQueries.stations(locale));
  const stationId = selection.stationId;
  const history = useQuery({
    ...stationHistoryQueries.history(stationId ?? 0, request, locale),
    enabled: stationId !== undefined,
  });
  const daily = useQuery({
    ...stationHistoryQueries.daily(stationId ?? 0, dayRange, locale),
    enabled: stationId !== undefined,
  });

  const formatNumber = useCallback(
    (value: number, precision: number) =>
      new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: precision }).format(value),
    [locale],
  );
  const data = history.data;
  const build = useCallback(
    (colors: ChartColors) =>
      buildStationHistoryOption(data as StationHistory, colors, {
        level: t('stationHistory.series.level'),
        flow: t('stationHistory.series.flow'),
        pressure: t('stationHistory.series.pressure'),
        rain: t('stationHistory.series.rain'),
        alarms: t('stationHistory.series.alarms'),
        pumpLevels: t('stationHistory.series.pumpLevels'),
        high: t('stationHistory.setPoint.high'),
        low: t('stationHistory.setPoint.low'),
        protection: t('stationHistory.setPoint.protection'),
        start: (pump) => t('stationHistory.setPoint.start', { pump }),
        stop: (pump) => t('stationHistory.setPoint.stop', { pump }),
        pump: (p) => pumpLabel(p, t),
        run: (pump, from, to, duty) =>
          [
            t('stationHistory.run', { pump }),
            `${formatDateTime(new Date(from).toISOString(), locale)} – ${formatDateTime(new Date(to).toISOString(), locale)}`,
            duty < 1
              ? t('stationHistory.run.duty', { percent: Math.round(duty * 100) })
              : t('stationHistory.run.duration', { duration: durationText(to - from, t) }),
          ].join(' · '),
        zoom: t('stationHistory.toolbox.zoom'),
        zoomBack: t('stationHistory.toolbox.zoomBack'),
        save: t('stationHistory.toolbox.save'),
        formatTime: (ms) => formatDateTime(new Date(ms).toISOString(), locale, { seconds: true }),
        formatAxisTime: (ms) => axisTimeLabel(ms, locale),
        formatValue: formatNumber,
      }),
    [data, t, locale, formatNumber],
  );

  const stationOptions = (stations.data ?? []).map((s) => ({ label: `${s.code} ${s.name}`, value: s.id }));
  const stationName = data?.station.name ?? stations.data?.find((s) => s.id === stationId)?.name ?? '';

  let chart: React.ReactNode;
  if (stationId === undefined) {
    chart = (
      <Empty
        className="station-history__empty"
        description={
          <>
            <div>{t('stationHistory.pick')}</div>
            <div className="station-history__hint">{t('stationHistory.pickHint')}</div>
          </>
        }
      />
    );
  } else if (history.isPending) {
    chart = <Skeleton animation text={{ rows: 8 }} />;
  } else if (history.isError) {
    chart = (
      <LoadFailedResult
        error={history.error}
        onRetry={() => history.refetch()}
        title={t('stationHistory.loadFailed')}
        requestFailed={t('stationHistory.requestFailed')}
        retryLabel={t('stationHistory.retry')}
      />
    );
  } else {
    const answer = history.data;
    const series = [answer.level, answer.flow, answer.pressure, answer.rain, ...answer.pumps.map((p) => p.running)]
      .filter((s) => s !== null)
      .map((s) => `${s.deviceId}:${s.metric}`);
    const exported = [...new Set(series)].slice(0, HISTORY_SERIES_MAX);
    const empty =
      [answer.level, answer.flow, answer.pressure, answer.rain].every((s) => !s || s.points.length === 0) &&
      answer.pumps.every((p) => p.runs.length === 0);
    const shown = shownText(answer, t);
    chart = (
      <>
        <div className="station-history__bar">
          <span className="station-history__hint" role="status">
            {t('stationHistory.shown', { resolution: shown })}
            {series.length > HISTORY_SERIES_MAX
              ? ` · ${t('stationHistory.exportPartial', { max: HISTORY_SERIES_MAX, n: series.length })}`
              : ''}
          </span>
          <Tooltip content={t('stationHistory.exportHint', { max: HISTORY_SERIES_MAX })}>
            <span>
              <HistoryExport
                request={{ series: exported, from: request.from, to: request.to, maxPoints: MAX_POINTS }}
                i18n={monitoringI18n}
                disabled={exported.length === 0 || empty}
              />
            </span>
          </Tooltip>
        </div>
        {empty ? (
          <Empty className="station-history__empty" description={t('stationHistory.noData')} />
        ) : (
          <div
            className="station-history__chart"
            role="img"
            aria-label={t('stationHistory.chartLabel', {
              station: answer.station.name,
              from: formatDateTime(answer.from, locale),
              to: formatDateTime(answer.to, locale),
              pumps: answer.pumps.length,
              resolution: shown,
            })}
          >
            <Suspense fallback={<Skeleton animation text={{ rows: 8 }} />}>
              <StationHistoryEChart build={build} height={stationChartHeight(answer.pumps.length)} />
            </Suspense>
          </div>
        )}
      </>
    );
  }

  let table: React.ReactNode = null;
  if (stationId !== undefined) {
    if (daily.isPending) table = <Skeleton animation text={{ rows: 6 }} />;
    else if (daily.isError)
      table = (
        <LoadFailedResult
          error={daily.error}
          onRetry={() => daily.refetch()}
          title={t('stationHistory.daily.loadFailed')}
          requestFailed={t('stationHistory.requestFailed')}
          retryLabel={t('stationHistory.retry')}
        />
      );
    else table = <DailyTable daily={daily.data} i18n={i18n} />;
  }

  return (
    <div className="station-history">
      <header className="station-history__header">
        <h1 className="station-history__title">{t('stationHistory.title')}</h1>
        <p className="station-history__subtitle">{t('stationHistory.subtitle')}</p>
      </header>
      <div className="station-history__panel station-history__controls">
        <div className="station-history__field">
          <span className="station-history__label">{t('stationHistory.station')}</span>
          <Select
            className="station-history__station"
            aria-label={t('stationHistory.station')}
            placeholder={t('stationHistory.stationPlaceholder')}
            showSearch
            loading={stations.isPending}
            value={stationId}
            filterOption={(input, option) =>
              String((option as { props?: { children?: unknown } })?.props?.children ?? '')
                .toLowerCase()
                .includes(input.trim().toLowerCase())
            }
            onChange={(id: number) => update({ stationId: id })}
            options={stationOptions}
          />
        </div>
        <div className="station-history__field">
          <span className="station-history__label">{t('stationHistory.range')}</span>
          <Radio.Group
            type="button"
            aria-label={t('stationHistory.range')}
            value={selection.range}
            onChange={(next: StationRange | 'custom') =>
              next === 'custom'
                ? update({ range: next, from: range.from, to: range.to })
                : update({ range: next, from: undefined, to: undefined })
            }
          >
            {STATION_RANGES.map((r) => (
              <Radio key={r} value={r}>
                {t(`stationHistory.range.${r}`)}
              </Radio>
            ))}
            <Radio value="custom">{t('stationHistory.range.custom')}</Radio>
          </Radio.Group>
          {selection.range === 'custom' ? (
            <DatePicker.RangePicker
              aria-label={t('stationHistory.customRange')}
              showTime
              allowClear={false}
              value={[Date.parse(range.from), Date.parse(range.to)]}
              disabledDate={(current) => current.valueOf() > Date.now()}
              onOk={(_, dates) => {
                const [from, to] = dates ?? [];
                if (from && to && from.valueOf() < to.valueOf()) {
                  update({ range: 'custom', from: isoSeconds(from.valueOf()), to: isoSeconds(to.valueOf()) });
                }
              }}
            />
          ) : null}
        </div>
        <div className="station-history__field">
          <span className="station-history__label">{t('stationHistory.resolution')}</span>
          <Select
            className="station-history__resolution"
            aria-label={t('stationHistory.resolution')}
            value={selection.resolution}
            onChange={(resolution: StationHistoryResolution) => update({ resolution })}
          >
            {STATION_HISTORY_RESOLUTIONS.map((r) => {
              const fits = tierFits(r, range.from, range.to);
              return (
                <Select.Option key={r} value={r} disabled={!fits && r !== selection.resolution}>
                  {fits ? (
                    t(`stationHistory.resolution.${r}`)
                  ) : (
                    <Tooltip content={t('stationHistory.resolution.tooFine')}>
                      <span>{t(`stationHistory.resolution.${r}`)}</span>
                    </Tooltip>
                  )}
                </Select.Option>
              );
            })}
          </Select>
        </div>
        <Tooltip content={t('stationHistory.refresh')}>
          <Button
            icon={<IconRefresh />}
            aria-label={t('stationHistory.refresh')}
            disabled={stationId === undefined}
            loading={history.isFetching || daily.isFetching}
            onClick={() => {
              if (selection.range === 'custom') {
                void history.refetch();
                void daily.refetch();
              } else setAnchorState({ range: selection.range, at: Date.now() });
            }}
          />
        </Tooltip>
      </div>

      <section className="station-history__panel" aria-label={stationName || t('stationHistory.title')}>
        {chart}
      </section>

      {stationId !== undefined ? (
        <section className="station-history__panel" aria-labelledby="station-history-daily">
          <div className="station-history__bar">
            <div>
              <h2 id="station-history-daily" className="station-history__heading">
                {t('stationHistory.daily.title')}
              </h2>
              <span className="station-history__hint">
                {t('stationHistory.daily.range', { from: days.from, to: days.to })}
                {daily.data?.partial ? ` · ${t('stationHistory.daily.partial')}` : ''}
              </span>
            </div>
            <DailyExport stationId={stationId} days={dayRange} i18n={i18n} disabled={!daily.data} />
          </div>
          {days.capped ? (
            <Alert
              className="station-history__alert"
              type="info"
              content={t('stationHistory.daily.capped', { max: STATION_DAILY_DAYS_MAX })}
            />
          ) : null}
          {table}
        </section>
      ) : null}
    </div>
  );
}
