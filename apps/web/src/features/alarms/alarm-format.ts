import type { AlarmCommonI18n } from './use-alarm-common-i18n.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** How long ago, in words: "刚刚", "4 分钟前", "2 小时前". */
export function ageText(iso: string, now: number, t: AlarmCommonI18n['t']): string {
  const minutes = Math.floor(Math.max(0, now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return t('alarmCommon.age.now');
  if (minutes < 60) return t('alarmCommon.age.minutes', { n: minutes });
  if (minutes < 48 * 60) return t('alarmCommon.age.hours', { n: Math.floor(minutes / 60) });
  return t('alarmCommon.age.days', { n: Math.floor(minutes / 1440) });
}

/** A duration as an operator reads it: "45 秒", "12 分钟", "1 小时 05 分", "2 天 3 小时". */
export function durationText(seconds: number, t: AlarmCommonI18n['t']): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return t('alarmCommon.duration.seconds', { s });
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return t('alarmCommon.duration.minutes', { m: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('alarmCommon.duration.hours', { h: hours, m: pad(minutes % 60) });
  return t('alarmCommon.duration.days', { d: Math.floor(hours / 24), h: hours % 24 });
}

/** A reading as the alarm words it, with its unit where the server sent a bare number ("1.37" → "1.37 m"). */
export function valueText(value: string | null, unit: string): string | null {
  if (value === null) return null;
  return unit && /^-?\d[\d.,]*$/.test(value.trim()) ? `${value.trim()} ${unit}` : value;
}

/** From raised to cleared, or to now while it stands. */
export function alarmDurationSeconds(alarm: { raisedAt: string; clearedAt: string | null }, now: number): number {
  const end = alarm.clearedAt ? Date.parse(alarm.clearedAt) : now;
  return (end - Date.parse(alarm.raisedAt)) / 1000;
}
