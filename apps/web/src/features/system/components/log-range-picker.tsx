import { DatePicker } from '@arco-design/web-react';
import { useState } from 'react';
import type { SystemAdminI18n } from '../use-system-admin-i18n.ts';

/** A chosen range as whole days: `from` the first day's midnight, `to` (exclusive) the midnight after the last. */
export interface DayRange {
  from: string;
  to: string;
}

const QUICK = [
  { key: 'today', days: 1, text: 'sys.log.range.today' },
  { key: 'last7', days: 7, text: 'sys.log.range.last7' },
  { key: 'last30', days: 30, text: 'sys.log.range.last30' },
] as const;

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
const addDays = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

/** The last `days` days up to and including today. */
export function lastDays(days: number, now = new Date()): [Date, Date] {
  const today = startOfDay(now);
  return [addDays(today, 1 - days), today];
}

/** The ISO bounds the log queries take, in the reader's own time zone. */
export function dayRange([first, last]: [Date, Date]): DayRange {
  return { from: startOfDay(first).toISOString(), to: addDays(startOfDay(last), 1).toISOString() };
}

/**
 * Arco's range picker with today / last 7 / last 30 days. Its own shortcuts want dayjs values, which
 * this console does not depend on, so the shortcut buttons only report which one was picked and the
 * range is set here (the picker shows Date values just as well).
 */
export function LogRangePicker({
  value,
  onChange,
  i18n,
}: {
  value: [Date, Date] | undefined;
  onChange: (value: [Date, Date] | undefined) => void;
  i18n: SystemAdminI18n;
}) {
  const { t } = i18n;
  const [open, setOpen] = useState(false);
  return (
    <DatePicker.RangePicker
      className="sys-filters__range"
      aria-label={t('sys.log.filter.time')}
      placeholder={[t('sys.log.range.start'), t('sys.log.range.end')]}
      value={value}
      popupVisible={open}
      onVisibleChange={(visible) => setOpen(Boolean(visible))}
      shortcutsPlacementLeft
      shortcuts={QUICK.map((q) => ({ key: q.key, days: q.days, text: t(q.text), value: () => [] }))}
      onSelectShortcut={(shortcut) => {
        onChange(lastDays(Number(shortcut.days)));
        setOpen(false);
      }}
      onChange={(_text, dates) => {
        const [first, last] = dates ?? [];
        onChange(first && last ? [first.toDate(), last.toDate()] : undefined);
      }}
      allowClear
    />
  );
}
