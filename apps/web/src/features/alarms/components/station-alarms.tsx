import { Skeleton, Tag } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import type { Alarm } from '@water/contracts/alarms';
import { Permissions } from '@water/contracts/common/permissions';
import { Link } from 'react-router';
import { useNow } from '../../../shared/live/live-hooks.ts';
import { LoadFailedResult } from '../../../shared/ui/list-scaffold.tsx';
import { useButtonPermission } from '../../../shared/ui/permission.tsx';
import { SeverityTag } from '../../alarm-rules/public.ts';
import { ageText, valueText } from '../alarm-format.ts';
import { severityColor, stateText } from '../alarm-labels.ts';
import { useAlarmFeed } from '../api/alarm-live.ts';
import { alarmQueries } from '../api/alarm-queries.ts';
import { type AlarmCommonI18n, useAlarmCommonI18n } from '../use-alarm-common-i18n.ts';
import { type StationAlarmsI18n, useStationAlarmsI18n } from '../use-station-alarms-i18n.ts';
import { ALARM_LIST_PATH } from './alarm-bell.tsx';
import '../station-alarms.css';

const VIEW = [Permissions.alarmView] as const;
/** The panel shows this many; the rest are a link away, in the alarm list filtered to the station. */
export const STATION_ALARMS_SHOWN = 10;

const alarmHref = (id: number) => `${ALARM_LIST_PATH}?${new URLSearchParams({ alarm: String(id) }).toString()}`;
const stationHref = (stationId: number) =>
  `${ALARM_LIST_PATH}?${new URLSearchParams({ stationId: String(stationId) }).toString()}`;

function Item({
  alarm,
  now,
  i18n,
  common,
}: {
  alarm: Alarm;
  now: number;
  i18n: StationAlarmsI18n;
  common: AlarmCommonI18n;
}) {
  const { t } = i18n;
  // An event's or a silence's "value" is the event itself, which the condition already says.
  const value = alarm.metric === null ? null : valueText(alarm.lastValue, alarm.unit);
  const device = [alarm.deviceCode, alarm.deviceName].filter(Boolean).join(' ');
  const details = [alarm.condition, value ? t('stationAlarms.lastValue', { value }) : '', device].filter(Boolean);
  return (
    <li>
      <Link
        to={alarmHref(alarm.id)}
        className={`station-alarm station-alarm--${alarm.state}`}
        style={{ '--alarm-color': severityColor(alarm.severity) } as React.CSSProperties}
      >
        <span className="station-alarm__head">
          <SeverityTag severity={alarm.severity} />
          <span className="station-alarm__title" title={alarm.title}>
            {alarm.title}
          </span>
          {alarm.count > 1 ? (
            <span className="station-alarm__count" title={t('stationAlarms.count', { n: alarm.count })}>
              ×{alarm.count}
            </span>
          ) : null}
          <time
            className="station-alarm__time"
            dateTime={alarm.raisedAt}
            title={new Date(alarm.raisedAt).toLocaleString()}
          >
            {ageText(alarm.raisedAt, now, common.t)}
          </time>
        </span>
        <span className="station-alarm__meta">
          <span className="station-alarm__details" title={details.join(' · ')}>
            {details.join(' · ')}
          </span>
          {alarm.state === 'active-unack' ? null : (
            <Tag size="small" className="station-alarm__state">
              {stateText(alarm.state, common.t)}
            </Tag>
          )}
        </span>
      </Link>
    </li>
  );
}

function OpenAlarms({ stationId }: { stationId: number }) {
  const i18n = useStationAlarmsI18n();
  const common = useAlarmCommonI18n();
  const { t, locale } = i18n;
  const now = useNow(30_000);
  const alarms = useQuery(
    alarmQueries.list({ view: 'open', stationId, page: 1, pageSize: STATION_ALARMS_SHOWN }, locale),
  );
  useAlarmFeed();

  if (!alarms.data) {
    return alarms.isError ? (
      <LoadFailedResult
        error={alarms.error}
        onRetry={() => void alarms.refetch()}
        title={t('stationAlarms.loadFailed')}
        requestFailed={t('stationAlarms.requestFailed')}
        retryLabel={t('stationAlarms.retry')}
      />
    ) : (
      <Skeleton animation text={{ rows: 3 }} />
    );
  }
  const { list, total } = alarms.data;
  if (!list.length) return <p className="station-alarms-panel__quiet">{t('stationAlarms.none')}</p>;
  return (
    <>
      <ul className="station-alarms-panel" aria-label={t('stationAlarms.list')}>
        {list.map((alarm) => (
          <Item key={alarm.id} alarm={alarm} now={now} i18n={i18n} common={common} />
        ))}
      </ul>
      {total > list.length ? (
        <Link to={stationHref(stationId)} className="station-alarms-panel__all">
          {t('stationAlarms.viewAll', { n: total })}
        </Link>
      ) : null}
    </>
  );
}

function NoPermission() {
  const { t } = useStationAlarmsI18n();
  return <p className="station-alarms-panel__quiet">{t('stationAlarms.noPermission')}</p>;
}

export interface StationAlarmsProps {
  stationId: number;
}

/**
 * A station's open alarms (active, or cleared and not yet acknowledged), as the server orders them
 * (active before cleared, unacknowledged first, then most severe and newest), kept live by the alarm feed: the real-time station detail's
 * panel. Each opens its alarm in the alarm list's drawer; past ten, a link leads to the list
 * filtered to the station. A role without alarm:view is told so and nothing is asked.
 */
export function StationAlarms({ stationId }: StationAlarmsProps) {
  return useButtonPermission(VIEW) ? <OpenAlarms stationId={stationId} /> : <NoPermission />;
}
