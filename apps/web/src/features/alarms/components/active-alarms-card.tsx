import { Button, Card, Empty, Skeleton } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { ALARM_SEVERITIES, type AlarmCounts } from '@water/contracts/alarms';
import { Permissions } from '@water/contracts/common/permissions';
import { Link } from 'react-router';
import { useButtonPermission } from '../../../shared/ui/permission.tsx';
import { useSeverityText } from '../../alarm-rules/public.ts';
import { severityColor } from '../alarm-labels.ts';
import { useAlarmFeed } from '../api/alarm-live.ts';
import { alarmQueries } from '../api/alarm-queries.ts';
import { useAlarmCommonI18n } from '../use-alarm-common-i18n.ts';
import { ALARM_LIST_PATH } from './alarm-bell.tsx';
import '../alarm-shell.css';

const VIEW = [Permissions.alarmView] as const;
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, n) => a + n, 0);

function Figures({ counts }: { counts: AlarmCounts }) {
  const { t } = useAlarmCommonI18n();
  const severityText = useSeverityText();
  const active = sum(counts.active);
  const unack = sum(counts.unacknowledged);
  if (active === 0 && unack === 0)
    return <Empty className="alarm-card__empty" description={t('alarmCommon.card.none')} />;
  return (
    <>
      <p className="alarm-card__summary">{t('alarmCommon.card.total', { total: active, unack })}</p>
      <ul className="alarm-card__grid">
        {ALARM_SEVERITIES.map((s) => (
          <li
            key={s}
            className={`alarm-card__cell${counts.active[s] ? '' : ' alarm-card__cell--none'}`}
            style={{ '--alarm-color': severityColor(s) } as React.CSSProperties}
          >
            <span className="alarm-card__name">{severityText(s)}</span>
            <span className="alarm-card__count">{counts.active[s]}</span>
            <span className="alarm-card__unack">{t('alarmCommon.card.unack', { n: counts.unacknowledged[s] })}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function AlarmsCard() {
  const { t, locale } = useAlarmCommonI18n();
  const counts = useQuery(alarmQueries.counts(locale));
  useAlarmFeed();
  return (
    <Card
      className="alarm-card"
      bordered={false}
      title={<h3 className="alarm-card__title">{t('alarmCommon.card.title')}</h3>}
      extra={
        <Link to={ALARM_LIST_PATH} className="alarm-card__link">
          {t('alarmCommon.card.viewAll')}
        </Link>
      }
    >
      {counts.data ? (
        <Figures counts={counts.data} />
      ) : counts.isError ? (
        <Empty
          className="alarm-card__empty"
          description={
            <>
              {t('alarmCommon.loadFailed')}{' '}
              <Button type="text" size="mini" onClick={() => void counts.refetch()}>
                {t('alarmCommon.retry')}
              </Button>
            </>
          }
        />
      ) : (
        <Skeleton animation text={{ rows: 2 }} />
      )}
    </Card>
  );
}

/**
 * The Workplace's "active alarms" card: active alarms by severity, how many of each are not yet
 * acknowledged, kept live, and the way to the list. Left out for a role that may not see alarms.
 */
export function ActiveAlarmsCard() {
  return useButtonPermission(VIEW) ? <AlarmsCard /> : null;
}
