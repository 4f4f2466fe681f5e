import { Descriptions } from '@arco-design/web-react';
import type { AlarmDetail } from '@water/contracts/alarms';
import { Permissions } from '@water/contracts/common/permissions';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { useNow } from '../../../shared/live/live-hooks.ts';
import { Permission } from '../../../shared/ui/permission.tsx';
import { RecordDrawer, useOpenRecord } from '../../../shared/ui/record-drawer.tsx';
import { SeverityTag } from '../../alarm-rules/public.ts';
import { alarmDurationSeconds, durationText, valueText } from '../alarm-format.ts';
import { alarmQueries } from '../api/alarm-queries.ts';
import { AlarmStateCell, isShelved, ShelvedMark } from '../list/alarm-columns.tsx';
import { type AlarmCommonI18n, useAlarmCommonI18n } from '../use-alarm-common-i18n.ts';
import { type AlarmsI18n, useAlarmsI18n } from '../use-alarms-i18n.ts';
import { AlarmActions, AlarmCommentBox } from './alarm-actions.tsx';
import { AlarmMetricChart } from './alarm-metric-chart.tsx';
import { AlarmTimeline } from './alarm-timeline.tsx';

const HANDLE = [Permissions.alarmHandle] as const;
const PARAM = 'alarm';

/** The alarm open in the drawer, from the address (`?alarm=<id>`): a link from the navbar or a message opens it. */
export const useOpenAlarm = () => useOpenRecord(PARAM);

/** One alarm whole: its facts, the metric around it, what happened to it, and what may be done. */
export function AlarmDetailDrawer() {
  const i18n = useAlarmsI18n();
  const { t, locale } = i18n;
  const [id, open] = useOpenAlarm();
  return (
    <RecordDrawer
      id={id}
      onClose={() => open(null)}
      title={t('alarms.detail.title')}
      width={780}
      className="alarm-drawer"
      closeLabel={t('alarms.close')}
      query={(alarm) => alarmQueries.detail(alarm, locale)}
      failed={{
        title: t('alarms.loadFailed'),
        requestFailed: t('alarms.requestFailed'),
        retryLabel: t('alarms.retry'),
      }}
    >
      {(alarm) => <DetailView alarm={alarm} i18n={i18n} />}
    </RecordDrawer>
  );
}

function facts(alarm: AlarmDetail, i18n: AlarmsI18n, common: AlarmCommonI18n, now: number) {
  const { t, locale } = i18n;
  const none = <span className="list-page__muted">{t('alarms.none')}</span>;
  const time = (iso: string | null) => (iso ? formatDateTime(iso, locale, { seconds: true }) : none);
  const who = (time: string | null, name: string | null, system: boolean) =>
    time
      ? `${formatDateTime(time, locale, { seconds: true })} · ${name ?? (system ? t('alarms.entry.system') : '')}`
      : none;
  return [
    {
      label: t('alarms.col.device'),
      value: alarm.deviceId === null ? t('alarms.labSource') : `${alarm.deviceCode} ${alarm.deviceName}`,
    },
    { label: t('alarms.field.deviceType'), value: alarm.deviceTypeName || none },
    // A water-quality alarm's place is its monitoring site.
    alarm.siteId !== null && !alarm.stationName
      ? { label: t('alarms.field.site'), value: alarm.siteName || none }
      : { label: t('alarms.col.station'), value: alarm.stationName || none },
    { label: t('alarms.col.region'), value: alarm.regionName || none },
    { label: t('alarms.col.condition'), value: alarm.condition || none, span: 2 },
    // The rule's conditions, where they say more than the one that held.
    ...(alarm.ruleSummary && alarm.ruleSummary !== alarm.condition
      ? [{ label: t('alarms.field.rule'), value: alarm.ruleSummary, span: 2 }]
      : []),
    { label: t('alarms.field.firstValue'), value: valueText(alarm.firstValue, alarm.unit) ?? none },
    { label: t('alarms.col.lastValue'), value: valueText(alarm.lastValue, alarm.unit) ?? none },
    { label: t('alarms.col.raisedAt'), value: time(alarm.raisedAt) },
    { label: t('alarms.field.lastAt'), value: time(alarm.lastAt) },
    { label: t('alarms.col.count'), value: String(alarm.count) },
    { label: t('alarms.col.duration'), value: durationText(alarmDurationSeconds(alarm, now), common.t) },
    { label: t('alarms.field.acknowledged'), value: who(alarm.acknowledgedAt, alarm.acknowledgedBy, false) },
    { label: t('alarms.field.cleared'), value: who(alarm.clearedAt, alarm.clearedBy, true) },
    ...(alarm.clearReason ? [{ label: t('alarms.field.clearReason'), value: alarm.clearReason, span: 2 }] : []),
    { label: t('alarms.col.assignee'), value: alarm.assigneeName ?? none },
    {
      label: t('alarms.field.shelvedUntil'),
      value: isShelved(alarm, now) && alarm.shelvedUntil ? time(alarm.shelvedUntil) : none,
    },
    ...(alarm.escalations > 0
      ? [{ label: t('alarms.field.escalations'), value: t('alarms.field.escalationsValue', { n: alarm.escalations }) }]
      : []),
  ];
}

function DetailView({ alarm, i18n }: { alarm: AlarmDetail; i18n: AlarmsI18n }) {
  const { t, locale } = i18n;
  const common = useAlarmCommonI18n();
  const now = useNow(30_000);
  return (
    <article className="alarm-detail" aria-label={alarm.title}>
      <header className={`alarm-detail__head alarm-row--sev-${alarm.severity}`}>
        <SeverityTag severity={alarm.severity} size="default" />
        <h2 className="alarm-detail__title">{alarm.title}</h2>
        <span className="alarm-detail__state">
          <AlarmStateCell alarm={alarm} common={common} />
        </span>
        {isShelved(alarm, now) && alarm.shelvedUntil ? <ShelvedMark until={alarm.shelvedUntil} i18n={i18n} /> : null}
      </header>
      <Permission permissions={HANDLE}>
        <AlarmActions alarm={alarm} i18n={i18n} />
      </Permission>
      <Descriptions
        className="alarm-detail__facts"
        column={2}
        size="small"
        border
        colon={locale === 'zh-CN' ? '：' : ':'}
        data={facts(alarm, i18n, common, now)}
      />
      <section className="alarm-detail__section" aria-label={t('alarms.detail.chart')}>
        <h3 className="alarm-detail__section-title">
          {t('alarms.detail.chart')}
          {alarm.metricName ? <span className="alarm-detail__section-sub">{alarm.metricName}</span> : null}
        </h3>
        <AlarmMetricChart alarm={alarm} i18n={i18n} />
      </section>
      <section className="alarm-detail__section" aria-label={t('alarms.detail.timeline')}>
        <h3 className="alarm-detail__section-title">{t('alarms.detail.timeline')}</h3>
        <AlarmTimeline entries={alarm.entries} unit={alarm.unit} i18n={i18n} />
        <Permission permissions={HANDLE}>
          <AlarmCommentBox alarm={alarm} i18n={i18n} />
        </Permission>
      </section>
    </article>
  );
}
