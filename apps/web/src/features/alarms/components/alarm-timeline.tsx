import { Timeline } from '@arco-design/web-react';
import type { AlarmEntry, AlarmEntryKind } from '@water/contracts/alarms';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import type { AlarmsI18n } from '../use-alarms-i18n.ts';

/** The dot of each kind of entry: what raised it red, what ended it green, people's doing blue. */
const DOT: Record<AlarmEntryKind, string> = {
  raised: 'rgb(var(--red-6))',
  repeated: 'rgb(var(--orange-6))',
  acknowledged: 'rgb(var(--arcoblue-6))',
  cleared: 'rgb(var(--green-6))',
  'auto-cleared': 'rgb(var(--green-6))',
  shelved: 'rgb(var(--gray-6))',
  unshelved: 'rgb(var(--gray-6))',
  assigned: 'rgb(var(--arcoblue-6))',
  escalated: 'rgb(var(--orange-6))',
  reminded: 'rgb(var(--gold-6))',
  notified: 'rgb(var(--gray-6))',
  comment: 'rgb(var(--purple-6))',
};

/** The alarm's history, oldest first: each entry in words, who (or the system) and when. */
export function AlarmTimeline({ entries, i18n }: { entries: AlarmEntry[]; i18n: AlarmsI18n }) {
  const { t, locale } = i18n;
  const sorted = [...entries].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.id - b.id);
  return (
    <Timeline className="alarm-timeline">
      {sorted.map((entry) => (
        <Timeline.Item
          key={entry.id}
          dotColor={DOT[entry.kind]}
          label={
            <time dateTime={entry.at} className="alarm-timeline__time">
              {formatDateTime(entry.at, locale, { seconds: true })}
            </time>
          }
        >
          <div className={`alarm-timeline__entry alarm-timeline__entry--${entry.kind}`}>
            <span className="alarm-timeline__what">{t(`alarms.entry.${entry.kind}`)}</span>
            <span className="alarm-timeline__who">{entry.userName ?? t('alarms.entry.system')}</span>
          </div>
          {entry.text ? <p className="alarm-timeline__text">{entry.text}</p> : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
