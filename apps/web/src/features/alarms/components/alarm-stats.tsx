import { Skeleton } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { ALARM_SEVERITIES, type AlarmStats } from '@water/contracts/alarms';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useSeverityText } from '../../alarm-rules/public.ts';
import { durationText } from '../alarm-format.ts';
import { type AlarmStatsFilters, alarmQueries } from '../api/alarm-queries.ts';
import { useAlarmCommonI18n } from '../use-alarm-common-i18n.ts';
import type { AlarmsI18n } from '../use-alarms-i18n.ts';

const AlarmStatsEChart = lazy(() => import('./alarm-stats-echart.tsx'));
const CHART_HEIGHT = 168;

function Figures({ stats, i18n }: { stats: AlarmStats; i18n: AlarmsI18n }) {
  const { t } = i18n;
  const common = useAlarmCommonI18n();
  const mean = (seconds: number | null) => (seconds === null ? t('alarms.none') : durationText(seconds, common.t));
  return (
    <dl className="alarm-stats__figures">
      <div className="alarm-stats__figure">
        <dt>{t('alarms.stats.total')}</dt>
        <dd className="alarm-stats__value">{stats.total.toLocaleString(i18n.locale)}</dd>
      </div>
      <div className="alarm-stats__figure">
        <dt>{t('alarms.stats.mtta')}</dt>
        <dd className="alarm-stats__value">{mean(stats.meanToAcknowledgeSeconds)}</dd>
      </div>
      <div className="alarm-stats__figure">
        <dt>{t('alarms.stats.mttc')}</dt>
        <dd className="alarm-stats__value">{mean(stats.meanToClearSeconds)}</dd>
      </div>
    </dl>
  );
}

function PerDay({ stats, i18n }: { stats: AlarmStats; i18n: AlarmsI18n }) {
  const { t, locale } = i18n;
  const severityText = useSeverityText();
  const severityNames = useMemo(
    () =>
      Object.fromEntries(ALARM_SEVERITIES.map((s) => [s, severityText(s)])) as Record<
        (typeof ALARM_SEVERITIES)[number],
        string
      >,
    [severityText],
  );
  const dayLabel = useCallback(
    (day: string) =>
      new Intl.DateTimeFormat(locale, { month: 'numeric', day: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00:00Z`),
      ),
    [locale],
  );
  // What the bars show, in words: the chart's accessible name.
  const label = `${t('alarms.stats.perDay')}: ${stats.perDay
    .map((d) => `${d.day} ${ALARM_SEVERITIES.reduce((sum, s) => sum + d[s], 0)}`)
    .join(', ')}`;
  return (
    <figure className="alarm-stats__chart" aria-label={label}>
      <figcaption className="alarm-stats__caption">{t('alarms.stats.perDay')}</figcaption>
      {stats.perDay.length === 0 ? (
        <p className="alarm-stats__none">{t('alarms.stats.noAlarms')}</p>
      ) : (
        <Suspense fallback={<Skeleton animation text={{ rows: 3 }} />}>
          <AlarmStatsEChart
            perDay={stats.perDay}
            severityNames={severityNames}
            dayLabel={dayLabel}
            height={CHART_HEIGHT}
          />
        </Suspense>
      )}
    </figure>
  );
}

function TopSources({ stats, i18n }: { stats: AlarmStats; i18n: AlarmsI18n }) {
  const { t } = i18n;
  return (
    <section className="alarm-stats__top" aria-label={t('alarms.stats.topSources')}>
      <h3 className="alarm-stats__caption">{t('alarms.stats.topSources')}</h3>
      {stats.topSources.length === 0 ? (
        <p className="alarm-stats__none">{t('alarms.stats.noAlarms')}</p>
      ) : (
        <table className="alarm-stats__table">
          <thead className="sr-only">
            <tr>
              <th scope="col">{t('alarms.stats.rank')}</th>
              <th scope="col">{t('alarms.col.device')}</th>
              <th scope="col">{t('alarms.col.station')}</th>
              <th scope="col">{t('alarms.stats.count')}</th>
            </tr>
          </thead>
          <tbody>
            {stats.topSources.slice(0, 10).map((s, i) => (
              <tr key={s.deviceId}>
                <td className="alarm-stats__rank">{i + 1}</td>
                <td className="alarm-stats__device" title={`${s.deviceCode} ${s.deviceName}`}>
                  {s.deviceName}
                  <span className="alarm-stats__code">{s.deviceCode}</span>
                </td>
                <td className="alarm-stats__station" title={s.stationName}>
                  {s.stationName || t('alarms.none')}
                </td>
                <td className="alarm-stats__count">{s.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * The records' statistics over the same filters and range: the total and the mean times to
 * acknowledge and to clear, alarms per day by severity, and the devices that raised most. One strip
 * above the table, so the list still fits a laptop screen.
 */
export function AlarmStatsStrip({ filters, i18n }: { filters: AlarmStatsFilters; i18n: AlarmsI18n }) {
  const { t, locale } = i18n;
  const stats = useQuery(alarmQueries.stats(filters, locale));
  return (
    <section className="alarm-stats" aria-label={t('alarms.stats.title')} aria-busy={stats.isFetching || undefined}>
      {stats.data ? (
        <>
          <Figures stats={stats.data} i18n={i18n} />
          <PerDay stats={stats.data} i18n={i18n} />
          <TopSources stats={stats.data} i18n={i18n} />
        </>
      ) : stats.isError ? (
        <p className="alarm-stats__none">{t('alarms.stats.failed')}</p>
      ) : (
        <Skeleton animation text={{ rows: 4 }} className="alarm-stats__skeleton" />
      )}
    </section>
  );
}
