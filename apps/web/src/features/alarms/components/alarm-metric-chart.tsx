import { Skeleton } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import type { Alarm } from '@water/contracts/alarms';
import { lazy, Suspense, useMemo } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { alarmQueries } from '../api/alarm-queries.ts';
import type { AlarmsI18n } from '../use-alarms-i18n.ts';

const AlarmMetricEChart = lazy(() => import('./alarm-metric-echart.tsx'));

const HOUR = 3600_000;
const MINUTE = 60_000;

/**
 * The chart's window: an hour before the alarm to half an hour after it cleared, or to now while it
 * stands. Whole minutes, so a redraw of the drawer asks the same query again, not a new one.
 */
export function chartWindow(alarm: Pick<Alarm, 'raisedAt' | 'clearedAt'>, now: number): { from: string; to: string } {
  const from = Math.floor((Date.parse(alarm.raisedAt) - HOUR) / MINUTE) * MINUTE;
  const end = alarm.clearedAt ? Math.min(now, Date.parse(alarm.clearedAt) + 30 * MINUTE) : now;
  const to = Math.max(from + MINUTE, Math.ceil(end / MINUTE) * MINUTE);
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/**
 * The alarm's metric around the alarm time, with the threshold; an event or offline alarm has none,
 * nor a water-quality alarm a lab result raised (an online one charts its analyser's metric).
 */
export function AlarmMetricChart({ alarm, i18n }: { alarm: Alarm; i18n: AlarmsI18n }) {
  const { t } = i18n;
  if (!alarm.metric || alarm.deviceId === null) {
    const note =
      alarm.kind === 'offline'
        ? 'alarms.chart.noneOffline'
        : alarm.kind === 'water_quality'
          ? 'alarms.chart.noneLab'
          : 'alarms.chart.noneEvent';
    return <p className="alarm-detail__note">{t(note)}</p>;
  }
  return <MetricChart alarm={alarm} metric={alarm.metric} i18n={i18n} />;
}

function MetricChart({ alarm, metric, i18n }: { alarm: Alarm; metric: string; i18n: AlarmsI18n }) {
  const { t, locale } = i18n;
  const { raisedAt, clearedAt } = alarm;
  const window = useMemo(() => chartWindow({ raisedAt, clearedAt }, Date.now()), [raisedAt, clearedAt]);
  const history = useQuery(alarmQueries.metric(`${alarm.deviceId}:${metric}`, window.from, window.to, locale));
  const texts = useMemo(
    () => ({
      threshold: t('alarms.chart.threshold'),
      alarm: t('alarms.chart.alarmSpan'),
      formatTime: (ms: number) => formatDateTime(new Date(ms).toISOString(), locale),
    }),
    [t, locale],
  );
  const label = t('alarms.chart.label', {
    metric: alarm.metricName || metric,
    from: formatDateTime(window.from, locale),
    to: formatDateTime(window.to, locale),
  });
  if (history.isError) return <p className="alarm-detail__note">{t('alarms.chart.failed')}</p>;
  if (!history.data) return <Skeleton animation text={{ rows: 4 }} />;
  const points = history.data.series[0]?.points.length ?? 0;
  if (points === 0) return <p className="alarm-detail__note">{t('alarms.chart.noData')}</p>;
  return (
    <figure className="alarm-detail__chart" aria-label={label}>
      <Suspense fallback={<Skeleton animation text={{ rows: 4 }} />}>
        <AlarmMetricEChart
          history={history.data}
          threshold={alarm.threshold}
          raisedAt={alarm.raisedAt}
          clearedAt={alarm.clearedAt}
          locale={locale}
          texts={texts}
        />
      </Suspense>
    </figure>
  );
}
