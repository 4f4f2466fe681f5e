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
const CHART_HEIGHT = 150;
const DAY = 86_400_000;
/** The utility's day starts at midnight UTC+8, as the server counts them. */
const UTILITY_OFFSET = 8 * 3_600_000;

type PerDayRow = AlarmStats['perDay'][number];

/**
 * Every day of the range, those without alarms as zeros: the server sends the days that had some,
 * and a chart of those alone would hide the quiet days between them.
 */
export function everyDay(perDay: PerDayRow[], from: string, to: string): PerDayRow[] {
  const dayOf = (ms: number) => new Date(ms + UTILITY_OFFSET).toISOString().slice(0, 10);
  const known = new Map(perDay.map((d) => [d.day, d]));
  const first = Date.parse(`${dayOf(Date.parse(from))}T00:00:00Z`);
  const last = Date.parse(`${dayOf(Date.parse(to) - 1)}T00:00:00Z`);
  if (!(first <= last) || (last - first) / DAY > 366) return perDay;
  const out: PerDayRow[] = [];
  for (let ms = first; ms <= last; ms += DAY) {
    const day = new Date(ms).toISOString().slice(0, 10);
    out.push(known.get(day) ?? { day, critical: 0, major: 0, minor: 0, warning: 0, info: 0 });
  }
  return out;
}

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

function PerDay({ stats, range, i18n }: { stats: AlarmStats; range: { from: string; to: string }; i18n: AlarmsI18n }) {
  const { t, locale } = i18n;
  const days = useMemo(() => everyDay(stats.perDay, range.from, range.to), [stats.perDay, range.from, range.to]);
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
    .filter((d) => ALARM_SEVERITIES.some((s) => d[s] > 0))
    .map((d) => `${d.day} ${ALARM_SEVERITIES.reduce((sum, s) => sum + d[s], 0)}`)
    .join(', ')}`;
  return (
    <figure className="alarm-stats__chart" aria-label={label}>
      <figcaption className="alarm-stats__caption">{t('alarms.stats.perDay')}</figcaption>
      {stats.total === 0 ? (
        <p className="alarm-stats__none">{t('alarms.stats.noAlarms')}</p>
      ) : (
        <Suspense fallback={<Skeleton animation text={{ rows: 3 }} />}>
          <AlarmStatsEChart perDay={days} severityNames={severityNames} dayLabel={dayLabel} height={CHART_HEIGHT} />
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
          <colgroup>
            <col className="alarm-stats__rank-col" />
            <col className="alarm-stats__code-col" />
            <col />
            <col className="alarm-stats__count-col" />
          </colgroup>
          <thead className="sr-only">
            <tr>
              <th scope="col">{t('alarms.stats.rank')}</th>
              <th scope="col">{t('alarms.stats.code')}</th>
              <th scope="col">{t('alarms.col.device')}</th>
              <th scope="col">{t('alarms.stats.count')}</th>
            </tr>
          </thead>
          <tbody>
            {stats.topSources.slice(0, 10).map((s, i) => (
              // The station is in the device's hover text: the demo's names start with it anyway.
              <tr
                key={s.deviceId ?? `site-${s.siteId}`}
                title={[s.deviceCode, s.deviceName, s.stationName].filter(Boolean).join(' · ')}
              >
                <td className="alarm-stats__rank">{i + 1}</td>
                <td className="alarm-stats__code">{s.deviceCode}</td>
                <td className="alarm-stats__device">{s.deviceName}</td>
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
          <PerDay stats={stats.data} range={{ from: filters.from, to: filters.to }} i18n={i18n} />
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
