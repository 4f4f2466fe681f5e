import { Button, Tag, Tooltip } from '@arco-design/web-react';
import { IconPause } from '@arco-design/web-react/icon';
import type { Alarm } from '@water/contracts/alarms';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { StackedCell } from '../../../shared/ui/stacked-cell.tsx';
import { SeverityTag } from '../../alarm-rules/public.ts';
import { ageText, alarmDurationSeconds, durationText, valueText } from '../alarm-format.ts';
import { stateFlags } from '../alarm-labels.ts';
import type { AlarmCommonI18n } from '../use-alarm-common-i18n.ts';
import type { AlarmsI18n } from '../use-alarms-i18n.ts';

/** Is the alarm shelved now (until a time still to come)? */
export const isShelved = (alarm: Pick<Alarm, 'shelvedUntil'>, now: number) =>
  alarm.shelvedUntil !== null && Date.parse(alarm.shelvedUntil) > now;

/** The row's look: an active unacknowledged alarm stands out, a cleared unacknowledged one is muted. */
export const alarmRowClassName = (alarm: Alarm) =>
  `alarm-row alarm-row--${alarm.state} alarm-row--sev-${alarm.severity}`;

/** A click on a row opens its alarm, except on its checkbox, a button or a link of its own. */
export const openOnRowClick = (onOpen: (alarm: Alarm) => void) => (row: Alarm) => ({
  onClick: (event: React.MouseEvent) => {
    const target = event.target;
    if (!(target instanceof Element && target.closest('button, a, input, label, .arco-checkbox'))) onOpen(row);
  },
});

/** The state as two lines: active or cleared (with its dot), acknowledged or not. */
export function AlarmStateCell({ alarm, common }: { alarm: Pick<Alarm, 'state'>; common: AlarmCommonI18n }) {
  const { t } = common;
  const { active, acknowledged } = stateFlags(alarm.state);
  return (
    <StackedCell
      primary={
        <span className={`alarm-state alarm-state--${active ? 'active' : 'cleared'}`}>
          <span className="alarm-state__dot" aria-hidden />
          {t(active ? 'alarmCommon.active' : 'alarmCommon.cleared')}
        </span>
      }
      primaryTitle={t(active ? 'alarmCommon.active' : 'alarmCommon.cleared')}
      secondary={t(acknowledged ? 'alarmCommon.acknowledged' : 'alarmCommon.unacknowledged')}
    />
  );
}

/** "Shelved until 14:00": the mark of an alarm that notifies nobody for now. */
export function ShelvedMark({ until, i18n }: { until: string; i18n: AlarmsI18n }) {
  const { t, locale } = i18n;
  return (
    <Tooltip content={t('alarms.shelvedUntil', { time: formatDateTime(until, locale) })} mini>
      <Tag size="small" color="gray" icon={<IconPause />} className="alarm-shelved">
        {t('alarms.shelved')}
      </Tag>
    </Tooltip>
  );
}

/**
 * The alarm lists' columns. At 1366 px the default ones fit in both languages; region, count and
 * assignee wait in the column chooser (the drawer shows them all).
 */
export function alarmColumns({
  i18n,
  common,
  now,
  onOpen,
  records = false,
}: {
  i18n: AlarmsI18n;
  common: AlarmCommonI18n;
  now: number;
  onOpen: (alarm: Alarm) => void;
  /** The records: the raise time as a date (an open list says how long ago). */
  records?: boolean;
}): ListColumn<Alarm>[] {
  const { t, locale } = i18n;
  const zh = locale === 'zh-CN';
  const none = <span className="list-page__muted">{t('alarms.none')}</span>;
  const ellipsis = (text: string) =>
    text ? (
      <span className="list-page__ellipsis" title={text}>
        {text}
      </span>
    ) : (
      none
    );

  return [
    {
      key: 'severity',
      choice: 'always',
      title: t('alarms.col.severity'),
      dataIndex: 'severity',
      width: zh ? 68 : 84,
      render: (_, row) => <SeverityTag severity={row.severity} />,
    },
    {
      key: 'title',
      choice: 'always',
      title: t('alarms.col.title'),
      dataIndex: 'title',
      width: zh ? 150 : 132,
      render: (_, row) => (
        <span className="alarm-title">
          <Button
            type="text"
            size="mini"
            className="alarm-title__link"
            title={row.title}
            aria-label={t('alarms.openLabel', { title: row.title, device: row.deviceCode || row.siteName })}
            onClick={() => onOpen(row)}
          >
            <span className="list-page__ellipsis">{row.title}</span>
          </Button>
          {row.count > 1 ? (
            <span className="alarm-title__count" title={t('alarms.countTitle', { n: row.count })}>
              ×{row.count}
            </span>
          ) : null}
          {isShelved(row, now) && row.shelvedUntil ? <ShelvedMark until={row.shelvedUntil} i18n={i18n} /> : null}
        </span>
      ),
    },
    {
      key: 'state',
      choice: 'always',
      title: t('alarms.col.state'),
      dataIndex: 'state',
      width: zh ? 84 : 116,
      render: (_, row) => <AlarmStateCell alarm={row} common={common} />,
    },
    {
      key: 'device',
      title: t('alarms.col.device'),
      dataIndex: 'deviceName',
      width: zh ? 136 : 128,
      // A lab water-quality result has no device: its site is the source.
      render: (_, row) =>
        row.deviceId === null ? (
          <StackedCell primary={row.siteName} secondary={t('alarms.labSource')} />
        ) : (
          <StackedCell primary={row.deviceName} secondary={row.deviceCode} secondaryClassName="alarm-code" />
        ),
    },
    {
      key: 'station',
      title: t('alarms.col.station'),
      dataIndex: 'stationName',
      width: zh ? 120 : 112,
      // A water-quality alarm's site is where a pump alarm's station is (a lab one shows it as its device).
      render: (_, row) => ellipsis(row.stationName || (row.deviceId === null ? '' : row.siteName)),
    },
    {
      key: 'region',
      choice: 'hidden',
      title: t('alarms.col.region'),
      dataIndex: 'regionName',
      width: 110,
      render: (_, row) => ellipsis(row.regionName),
    },
    {
      key: 'condition',
      title: t('alarms.col.condition'),
      dataIndex: 'condition',
      width: zh ? 116 : 112,
      render: (_, row) => ellipsis(row.condition),
    },
    {
      key: 'lastValue',
      title: t('alarms.col.lastValue'),
      dataIndex: 'lastValue',
      width: zh ? 76 : 92,
      render: (_, row) => ellipsis(valueText(row.lastValue, row.unit) ?? ''),
    },
    {
      key: 'count',
      choice: 'hidden',
      title: t('alarms.col.count'),
      dataIndex: 'count',
      width: 80,
      render: (_, row) => <span className="alarm-number">{row.count}</span>,
    },
    {
      key: 'raisedAt',
      title: t('alarms.col.raisedAt'),
      dataIndex: 'raisedAt',
      width: records ? (zh ? 136 : 132) : zh ? 88 : 90,
      render: (_, row) => (
        <Tooltip
          content={
            records ? ageText(row.raisedAt, now, common.t) : formatDateTime(row.raisedAt, locale, { seconds: true })
          }
          mini
        >
          <time dateTime={row.raisedAt} className="list-page__nowrap">
            {records ? formatDateTime(row.raisedAt, locale) : ageText(row.raisedAt, now, common.t)}
          </time>
        </Tooltip>
      ),
    },
    {
      key: 'duration',
      title: t('alarms.col.duration'),
      dataIndex: 'clearedAt',
      width: zh ? 96 : 90,
      render: (_, row) => (
        <span className="list-page__nowrap alarm-number">{durationText(alarmDurationSeconds(row, now), common.t)}</span>
      ),
    },
    {
      key: 'assignee',
      choice: 'hidden',
      title: t('alarms.col.assignee'),
      dataIndex: 'assigneeName',
      width: 100,
      render: (_, row) => ellipsis(row.assigneeName ?? ''),
    },
  ];
}
