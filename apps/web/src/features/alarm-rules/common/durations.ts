import type { AlarmRulesI18n } from '../use-alarm-rules-i18n.ts';

type T = AlarmRulesI18n['t'];

/** Minutes in words: "45 分钟", "2 小时", "1 小时 30 分钟", "1 天". */
export function minutesText(minutes: number, t: T): string {
  if (minutes > 0 && minutes % 1440 === 0) return t('alarmRules.time.days', { n: minutes / 1440 });
  if (minutes >= 60 && minutes % 60 === 0) return t('alarmRules.time.hours', { n: minutes / 60 });
  if (minutes > 60) return t('alarmRules.time.hoursMinutes', { h: Math.floor(minutes / 60), m: minutes % 60 });
  return t('alarmRules.time.minutes', { n: minutes });
}

/** Seconds in words, in the largest unit that says them exactly: "45 秒", "10 分钟", "1 分 30 秒". */
export function secondsText(seconds: number, t: T): string {
  if (seconds > 0 && seconds % 60 === 0) return minutesText(seconds / 60, t);
  if (seconds > 60) return t('alarmRules.time.minutesSeconds', { m: Math.floor(seconds / 60), s: seconds % 60 });
  return t('alarmRules.time.seconds', { n: seconds });
}
