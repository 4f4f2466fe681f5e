import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ageText, durationText, valueText } from './alarm-format.ts';
import { alarm, detail, page } from './alarm-test-fixtures.ts';
import { applyAlarmEvent } from './api/alarm-live.ts';
import { shelveChoice } from './components/alarm-actions.tsx';
import { chartWindow } from './components/alarm-metric-chart.tsx';
import { niceAxis } from './components/alarm-metric-echart.tsx';
import { everyDay } from './components/alarm-stats.tsx';
import { alarmCommonEnUS } from './locale/alarm-common-en-US.ts';
import { alarmCommonZhCN } from './locale/alarm-common-zh-CN.ts';

const translator =
  (dictionary: Record<string, string>) =>
  (key: string, params: Record<string, string | number> = {}) =>
    (dictionary[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
const zh = translator(alarmCommonZhCN) as Parameters<typeof durationText>[1];
const en = translator(alarmCommonEnUS) as Parameters<typeof durationText>[1];

describe('alarm formats', () => {
  it('words durations as operators read them', () => {
    expect(durationText(45, zh)).toBe('45 秒');
    expect(durationText(12 * 60 + 10, zh)).toBe('12 分钟');
    expect(durationText(3900, zh)).toBe('1 小时 05 分');
    expect(durationText(3900, en)).toBe('1 h 05 min');
    expect(durationText(51 * 3600, en)).toBe('2 d 3 h');
  });

  it('says how long ago', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(ageText('2026-11-27T09:59:30Z', now, zh)).toBe('刚刚');
    expect(ageText('2026-11-27T09:48:00Z', now, zh)).toBe('12 分钟前');
    expect(ageText('2026-11-27T07:00:00Z', now, en)).toBe('3 h ago');
  });

  it('gives a bare reading its unit, and leaves words alone', () => {
    expect(valueText('1.37', 'm')).toBe('1.37 m');
    expect(valueText('4.2 m', 'm')).toBe('4.2 m');
    expect(valueText('开启', '')).toBe('开启');
    expect(valueText(null, 'm')).toBeNull();
  });
});

describe('the alarm chart', () => {
  it('looks from an hour before the raise to half an hour after the clear, or to now', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(chartWindow({ raisedAt: '2026-11-27T10:00:20Z', clearedAt: '2026-11-27T10:40:00Z' }, now)).toEqual({
      from: '2026-11-27T09:00:00.000Z',
      to: '2026-11-27T11:10:00.000Z',
    });
    expect(chartWindow({ raisedAt: '2026-11-27T11:50:00Z', clearedAt: null }, now + 10_000)).toEqual({
      from: '2026-11-27T10:50:00.000Z',
      to: '2026-11-27T12:01:00.000Z',
    });
  });

  it('draws its axis in round steps with the threshold in view', () => {
    expect(niceAxis([0.95, 2.2, 1.3])).toEqual({ min: 0.5, max: 2.5, interval: 0.5 });
    expect(niceAxis([4.05, 4.38, 4.2])).toEqual({ min: 4, max: 4.4, interval: 0.1 });
    expect(niceAxis([1.36, 1.41, 4.2])).toEqual({ min: 1, max: 5, interval: 1 });
    expect(niceAxis([])).toBeNull();
  });
});

describe('the statistics', () => {
  it('charts every day of the range, the quiet ones as zeros', () => {
    const days = everyDay(
      [{ day: '2026-11-22', critical: 1, major: 0, minor: 2, warning: 0, info: 0 }],
      '2026-11-20T16:00:00.000Z',
      '2026-11-23T16:00:00.000Z',
    );
    expect(days.map((d) => d.day)).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
    expect(days[1]?.minor).toBe(2);
    expect(days[2]?.critical).toBe(0);
  });
});

describe('a live alarm event', () => {
  it('replaces the alarm in every cached list and its drawer at once, leaving other lists alone', () => {
    const client = new QueryClient();
    client.setQueryData(['alarms', 'list', { view: 'open' }, 'zh-CN'], page([alarm(1), alarm(2)]));
    client.setQueryData(['alarms', 'list', { view: 'all' }, 'zh-CN'], page([alarm(3)]));
    client.setQueryData(['alarms', 'detail', 1, 'zh-CN'], detail(alarm(1)));

    // Acknowledged: the row changes at once, and the lists are asked again (a state filter may drop it).
    expect(applyAlarmEvent(client, alarm(1, { state: 'active-ack', acknowledgedBy: '王芳' }))).toEqual({
      readBack: true,
    });

    const open = client.getQueryData<ReturnType<typeof page>>(['alarms', 'list', { view: 'open' }, 'zh-CN']);
    expect(open?.list.map((a) => a.state)).toEqual(['active-ack', 'active-unack']);
    const other = client.getQueryData<ReturnType<typeof page>>(['alarms', 'list', { view: 'all' }, 'zh-CN']);
    expect(other?.list.map((a) => a.id)).toEqual([3]);
    const drawer = client.getQueryData<ReturnType<typeof detail>>(['alarms', 'detail', 1, 'zh-CN']);
    expect(drawer?.acknowledgedBy).toBe('王芳');
    // The timeline stays until the drawer reads it again.
    expect(drawer?.entries).toHaveLength(3);

    // A repeat changes the row only: nothing to ask; an alarm no list holds: the lists are asked.
    expect(applyAlarmEvent(client, alarm(2, { count: 4, lastValue: '4.51 m' }))).toEqual({ readBack: false });
    expect(open?.list[1]?.count).toBe(1);
    expect(
      client.getQueryData<ReturnType<typeof page>>(['alarms', 'list', { view: 'open' }, 'zh-CN'])?.list[1]?.count,
    ).toBe(4);
    expect(applyAlarmEvent(client, alarm(9))).toEqual({ readBack: true });
  });
});

describe('shelving', () => {
  it('offers an hour, four, and tomorrow at eight', () => {
    const now = new Date(2026, 10, 27, 22, 15);
    expect(shelveChoice('1h', now).getTime() - now.getTime()).toBe(3600_000);
    expect(shelveChoice('4h', now).getTime() - now.getTime()).toBe(4 * 3600_000);
    expect(shelveChoice('tomorrow', now)).toEqual(new Date(2026, 10, 28, 8, 0));
  });
});
