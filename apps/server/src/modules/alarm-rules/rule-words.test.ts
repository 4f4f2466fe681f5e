import type { AlarmCondition, ThingModel } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { describeCondition, describeConditions, describeRule, shownNumber, specOf } from './rule-words.ts';

const model: ThingModel = {
  metrics: [
    {
      key: 'level',
      nameZh: '液位',
      nameEn: 'Level',
      dataType: 'number',
      unit: 'm',
      min: 0,
      max: 10,
      precision: 2,
      options: [],
    },
    {
      key: 'running',
      nameZh: '运行',
      nameEn: 'Running',
      dataType: 'boolean',
      unit: '',
      min: null,
      max: null,
      precision: 2,
      options: [],
    },
  ],
  events: [{ key: 'high_level', nameZh: '高液位', nameEn: 'High level', level: 3 }],
  commands: [],
};

const high: AlarmCondition = { kind: 'compare', metric: 'level', op: 'ge', value: 4.2, setpoint: 'highAlarmLevel' };
const stopped: AlarmCondition = { kind: 'compare', metric: 'running', op: 'eq', value: false, setpoint: null };
const over: AlarmCondition = { kind: 'compare', metric: 'level', op: 'ge', value: 5, setpoint: null };

describe('rules in words', () => {
  it('says a condition as an alarm shows it: the threshold it was judged by, else the set-point', () => {
    expect(describeCondition(high, specOf(high, model), 'zh-CN', 4.2)).toBe('液位 ≥ 4.2 m');
    expect(describeCondition(high, specOf(high, model), 'en-US', 3.85)).toBe('Level ≥ 3.85 m');
    expect(describeCondition(high, specOf(high, model), 'zh-CN')).toBe('液位 ≥ 高液位报警值');
    expect(describeCondition(high, specOf(high, model), 'en-US', null)).toBe('Level ≥ high-level alarm set-point');
    const event: AlarmCondition = { kind: 'event', event: 'high_level' };
    expect(describeCondition(event, specOf(event, model), 'zh-CN')).toBe('事件：高液位');
    // A key the model no longer has stands for its name.
    const gone: AlarmCondition = { kind: 'nodata', metric: 'flow', minutes: 10 };
    expect(describeCondition(gone, specOf(gone, model), 'en-US')).toBe('No flow reading for 10 min');
  });

  it('says groups as OR of ANDs, with a station set-point value beside its name', () => {
    const groups = [{ conditions: [high, stopped] }, { conditions: [over] }];
    expect(describeConditions(groups, model, 'zh-CN', { highAlarmLevel: 4.2 })).toBe(
      '液位 ≥ 高液位报警值（4.2 m） 且 运行 = 否；或 液位 ≥ 5 m',
    );
    expect(describeConditions(groups, model, 'en-US')).toBe(
      'Level ≥ high-level alarm set-point and Running = false; or Level ≥ 5 m',
    );
    expect(describeRule({ groups, durationMinutes: 10, repeat: { count: 2, withinMinutes: 30 } }, model, 'en-US')).toBe(
      'Level ≥ high-level alarm set-point and Running = false; or Level ≥ 5 m, for 10 min, 2 times within 30 min',
    );
  });

  it('shows numbers without float noise', () => {
    expect(shownNumber(0.1 + 0.2)).toBe('0.3');
    expect(shownNumber(4)).toBe('4');
    expect(shownNumber(-0.05)).toBe('-0.05');
  });
});
