import { Timeline } from '@arco-design/web-react';
import type { AlarmEntry, AlarmEntryKind } from '@water/contracts/alarms';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { valueText } from '../alarm-format.ts';
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

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** An entry's text for the reader: a bare reading with its unit, a bare time (shelved until) in their time zone. */
function entryText(entry: AlarmEntry, unit: string, locale: AlarmsI18n['locale']): string {
  const text = entry.text.trim();
  if (ISO_TIME.test(text)) return formatDateTime(text, locale);
  return entry.kind === 'raised' || entry.kind === 'repeated' ? (valueText(text, unit) ?? text) : entry.text;
}

/** The alarm's history, oldest first: each entry in words, who (or the system) and when. */
export function AlarmTimeline({ entries, unit, i18n }: { entries: AlarmEntry[]; unit: string; i18n: AlarmsI18n }) {
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
          {entry.text ? <p className="alarm-timeline__text">{entryText(entry, unit, locale)}</p> : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
