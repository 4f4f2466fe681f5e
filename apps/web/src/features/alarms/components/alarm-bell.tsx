import { Badge, Button, Empty, Popover, Skeleton } from '@arco-design/web-react';
import { IconExclamationCircle } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { ALARM_SEVERITIES, type AlarmCounts } from '@water/contracts/alarms';
import { Permissions } from '@water/contracts/common/permissions';
import { useState } from 'react';
import { Link } from 'react-router';
import { useNow } from '../../../shared/live/live-hooks.ts';
import { useButtonPermission } from '../../../shared/ui/permission.tsx';
import { useSeverityText } from '../../alarm-rules/public.ts';
import { ageText } from '../alarm-format.ts';
import { severityColor, worstSeverity } from '../alarm-labels.ts';
import { useAlarmFeed } from '../api/alarm-live.ts';
import { alarmQueries } from '../api/alarm-queries.ts';
import { useAlarmCommonI18n } from '../use-alarm-common-i18n.ts';
import { AlarmSoundSwitch } from './alarm-sound-switch.tsx';
import '../alarm-shell.css';

const VIEW = [Permissions.alarmView] as const;
export const ALARM_LIST_PATH = '/bz/alarm';

const total = (counts: Record<string, number> | undefined) =>
  Object.values(counts ?? {}).reduce((sum, n) => sum + n, 0);

function BellContent({ counts, onNavigate }: { counts: AlarmCounts; onNavigate: () => void }) {
  const { t } = useAlarmCommonI18n();
  const severityText = useSeverityText();
  const now = useNow(30_000);
  return (
    <div className="alarm-bell">
      <div className="alarm-bell__head">
        <h3 className="alarm-bell__title">{t('alarmCommon.bell.title')}</h3>
        <Link to={ALARM_LIST_PATH} onClick={onNavigate} className="alarm-bell__all">
          {t('alarmCommon.bell.viewAll')}
        </Link>
      </div>
      <ul className="alarm-bell__severities" aria-label={t('alarmCommon.bell.bySeverity')}>
        {ALARM_SEVERITIES.map((s) => (
          <li
            key={s}
            className={`alarm-bell__severity${counts.unacknowledged[s] ? '' : ' alarm-bell__severity--none'}`}
            style={{ '--alarm-color': severityColor(s) } as React.CSSProperties}
          >
            <span className="alarm-bell__severity-count">{counts.unacknowledged[s]}</span>
            <span className="alarm-bell__severity-name">{severityText(s)}</span>
          </li>
        ))}
      </ul>
      <h4 className="alarm-bell__subtitle">{t('alarmCommon.bell.newest')}</h4>
      {counts.newest.length === 0 ? (
        <Empty className="alarm-bell__empty" description={t('alarmCommon.bell.none')} />
      ) : (
        <ul className="alarm-bell__list" aria-label={t('alarmCommon.bell.newest')}>
          {counts.newest.slice(0, 5).map((alarm) => (
            <li key={alarm.id}>
              <Link
                to={`${ALARM_LIST_PATH}?alarm=${alarm.id}`}
                onClick={onNavigate}
                className="alarm-bell__item"
                style={{ '--alarm-color': severityColor(alarm.severity) } as React.CSSProperties}
              >
                <span className="alarm-bell__item-title">
                  <span className="alarm-bell__dot" aria-hidden />
                  {alarm.title}
                  <span className="sr-only"> {severityText(alarm.severity)}</span>
                </span>
                <span className="alarm-bell__item-meta">
                  <span className="alarm-bell__item-where">
                    {alarm.deviceId === null ? alarm.siteName : `${alarm.deviceCode} ${alarm.deviceName}`}
                    {alarm.stationName ? ` · ${alarm.stationName}` : ''}
                  </span>
                  <time dateTime={alarm.raisedAt} title={new Date(alarm.raisedAt).toLocaleString()}>
                    {ageText(alarm.raisedAt, now, t)}
                  </time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="alarm-bell__footer">
        <AlarmSoundSwitch />
      </div>
    </div>
  );
}

function BellPopup({ onNavigate }: { onNavigate: () => void }) {
  const { t, locale } = useAlarmCommonI18n();
  const counts = useQuery(alarmQueries.counts(locale));
  if (counts.data) return <BellContent counts={counts.data} onNavigate={onNavigate} />;
  if (counts.isError) {
    return (
      <div className="alarm-bell">
        <Empty
          description={
            <>
              {t('alarmCommon.loadFailed')}{' '}
              <Button type="text" size="mini" onClick={() => void counts.refetch()}>
                {t('alarmCommon.retry')}
              </Button>
            </>
          }
        />
      </div>
    );
  }
  return (
    <div className="alarm-bell">
      <Skeleton animation text={{ rows: 4 }} />
    </div>
  );
}

function Bell() {
  const { t, locale } = useAlarmCommonI18n();
  const [visible, setVisible] = useState(false);
  const counts = useQuery(alarmQueries.counts(locale));
  useAlarmFeed();
  const unacknowledged = counts.data?.unacknowledged;
  const count = total(unacknowledged);
  const worst = worstSeverity(unacknowledged);
  const label = count ? t('alarmCommon.bell.count', { count }) : t('alarmCommon.bell');
  return (
    <Popover
      position="br"
      trigger="click"
      popupVisible={visible}
      onVisibleChange={setVisible}
      className="alarm-bell__popover"
      style={{ maxWidth: 'none' }}
      unmountOnExit
      content={<BellPopup onNavigate={() => setVisible(false)} />}
    >
      <Badge
        count={count}
        maxCount={99}
        offset={[-2, 2]}
        dotStyle={worst ? { backgroundColor: severityColor(worst) } : undefined}
      >
        <Button
          shape="circle"
          type="secondary"
          aria-label={label}
          className={worst ? `alarm-bell__button alarm-bell__button--${worst}` : 'alarm-bell__button'}
          icon={<IconExclamationCircle />}
        />
      </Badge>
    </Popover>
  );
}

/**
 * The navbar's alarm count: active unacknowledged alarms, coloured by the worst severity among them,
 * kept live; its dropdown has the counts by severity, the newest five and the sound switch. Left out
 * for a role that may not see alarms.
 */
export function AlarmBell() {
  return useButtonPermission(VIEW) ? <Bell /> : null;
}
