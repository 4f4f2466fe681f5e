/** Time as the server sees it; tests inject one they can move instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

/** The utility's own days and hours are Beijing's, whatever zone the server runs in. */
export const UTILITY_TIME_ZONE = 'Asia/Shanghai';

/** The utility's offset from UTC, the same all year (China keeps no daylight saving time). */
export const UTILITY_OFFSET_MS = 8 * 3_600_000;

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: UTILITY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The utility's calendar day of an instant, as YYYY-MM-DD. */
export const utilityDay = (date: Date) => dayFormat.format(date);

/** Today and the day `days` after it, in the utility's calendar: a window of due dates, both ends in. */
export function utilityWindow(now: Date, days: number): { today: string; until: string } {
  return { today: utilityDay(now), until: utilityDay(new Date(now.getTime() + days * 86_400_000)) };
}
