import type { AlarmCondition } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import {
  armed,
  type EvalRule,
  type EvalView,
  freshState,
  judge,
  type RuleState,
  replay,
  type Sample,
  type StepAction,
  step,
} from './alarm-eval.ts';

const MIN = 60_000;
const T0 = Date.parse('2026-11-25T02:00:00Z'); // 10:00 in the utility's time, a Wednesday

const rule = (conditions: AlarmCondition[][], extra: Partial<EvalRule> = {}): EvalRule => ({
  groups: conditions.map((c) => ({ conditions: c })),
  durationMinutes: 0,
  repeat: null,
  schedule: null,
  clearDeadband: 0,
  clearDelayMinutes: 0,
  ...extra,
});

const levelAbove = (value: number): AlarmCondition => ({
  kind: 'compare',
  metric: 'level',
  op: 'ge',
  value,
  setpoint: null,
});

/** Feeds readings (time, metrics) through judge and step, as the engine does; returns each step's action. */
function run(r: EvalRule, readings: [number, Record<string, number | string>, string[]?][], start?: RuleState) {
  let state = start ?? freshState();
  const latest = new Map<string, Sample>();
  const history = new Map<string, Sample[]>();
  const actions: StepAction[] = [];
  for (const [at, values, events] of readings) {
    for (const [k, v] of Object.entries(values)) {
      const s: Sample = typeof v === 'number' ? { value: v, text: null, ts: at } : { value: null, text: v, ts: at };
      latest.set(k, s);
      history.set(k, [...(history.get(k) ?? []), s]);
    }
    const view: EvalView = {
      now: at,
      latest: (m) => latest.get(m),
      valueAt: (m, ts) => [...(history.get(m) ?? [])].reverse().find((s) => s.ts <= ts)?.value ?? undefined,
      events: new Set(events ?? []),
      setpoint: (key) => (key === 'highAlarmLevel' ? 4 : null),
    };
    const next = step(r, state, judge(r, view), at);
    state = next.state;
    actions.push(next.action);
  }
  return { actions, state };
}

describe('alarm evaluation', () => {
  it('raises at once without a duration, and once only while the condition holds', () => {
    const { actions } = run(rule([[levelAbove(4)]]), [
      [T0, { level: 3.9 }],
      [T0 + MIN, { level: 4.1 }],
      [T0 + 2 * MIN, { level: 4.3 }],
    ]);
    expect(actions).toEqual([null, 'raise', null]);
  });

  it('raises only after the condition has held for the duration, and a break restarts it', () => {
    const r = rule([[levelAbove(4)]], { durationMinutes: 5 });
    const { actions } = run(r, [
      [T0, { level: 4.1 }],
      [T0 + 3 * MIN, { level: 4.2 }],
      [T0 + 4 * MIN, { level: 3.8 }], // a break
      [T0 + 6 * MIN, { level: 4.2 }],
      [T0 + 10 * MIN, { level: 4.2 }],
      [T0 + 11 * MIN, { level: 4.3 }],
    ]);
    expect(actions).toEqual([null, null, null, null, null, 'raise']);
  });

  it('raises when met anew N times within M minutes, not for every reading of one hold', () => {
    const r = rule([[levelAbove(4)]], { repeat: { count: 3, withinMinutes: 10 } });
    const steady = run(r, [
      [T0, { level: 4.1 }],
      [T0 + MIN, { level: 4.2 }],
      [T0 + 2 * MIN, { level: 4.3 }],
      [T0 + 3 * MIN, { level: 4.4 }],
    ]);
    expect(steady.actions).not.toContain('raise');
    const flapping = run(r, [
      [T0, { level: 4.1 }],
      [T0 + MIN, { level: 3 }],
      [T0 + 2 * MIN, { level: 4.1 }],
      [T0 + 3 * MIN, { level: 3 }],
      [T0 + 4 * MIN, { level: 4.1 }],
    ]);
    expect(flapping.actions).toEqual([null, null, null, null, 'raise']);
    // Hits older than the window do not count.
    const slow = run(r, [
      [T0, { level: 4.1 }],
      [T0 + 6 * MIN, { level: 3 }],
      [T0 + 7 * MIN, { level: 4.1 }],
      [T0 + 12 * MIN, { level: 3 }],
      [T0 + 13 * MIN, { level: 4.1 }],
    ]);
    expect(slow.actions).not.toContain('raise');
  });

  it('keeps the alarm while the level hovers within the dead band, clears beyond it (no flapping)', () => {
    const r = rule([[levelAbove(4)]], { clearDeadband: 0.2 });
    const { actions } = run(r, [
      [T0, { level: 4.05 }],
      [T0 + MIN, { level: 3.95 }],
      [T0 + 2 * MIN, { level: 4.02 }],
      [T0 + 3 * MIN, { level: 3.85 }],
      [T0 + 4 * MIN, { level: 4.01 }],
      [T0 + 5 * MIN, { level: 3.7 }],
    ]);
    expect(actions).toEqual(['raise', null, 'repeat', null, 'repeat', 'clear']);
    // Without a dead band the same readings flap: raise, clear, raise …
    const bare = run(rule([[levelAbove(4)]]), [
      [T0, { level: 4.05 }],
      [T0 + MIN, { level: 3.95 }],
      [T0 + 2 * MIN, { level: 4.02 }],
    ]);
    expect(bare.actions).toEqual(['raise', 'clear', 'raise']);
  });

  it('waits for the clear delay before clearing', () => {
    const r = rule([[levelAbove(4)]], { clearDelayMinutes: 3 });
    const { actions } = run(r, [
      [T0, { level: 4.2 }],
      [T0 + MIN, { level: 3.5 }],
      [T0 + 3 * MIN, { level: 3.5 }],
      [T0 + 4 * MIN, { level: 3.5 }],
    ]);
    expect(actions).toEqual(['raise', null, null, 'clear']);
  });

  it('fires when any OR group holds, and only when every condition of that group does', () => {
    const r = rule([
      [levelAbove(4), { kind: 'compare', metric: 'running', op: 'eq', value: false, setpoint: null }],
      [{ kind: 'compare', metric: 'level', op: 'ge', value: 5, setpoint: null }],
    ]);
    const judged = (level: number, running: number) =>
      judge(r, {
        now: T0,
        latest: (m) => ({ value: m === 'level' ? level : running, text: null, ts: T0 }),
        valueAt: () => undefined,
        events: new Set(),
        setpoint: () => null,
      }).met;
    expect(judged(4.2, 1)).toBe(false); // high but a pump runs: group 1 fails, group 2 (≥ 5) too
    expect(judged(4.2, 0)).toBe(true); // high and no pump running
    expect(judged(5.1, 1)).toBe(true); // very high, whatever runs
    expect(judged(3, 0)).toBe(false);
  });

  it("takes the threshold from the station's set-point when asked", () => {
    const r = rule([[{ kind: 'compare', metric: 'level', op: 'ge', value: 9, setpoint: 'highAlarmLevel' }]]);
    const { actions, state } = run(r, [[T0, { level: 4.1 }]]);
    expect(actions).toEqual(['raise']);
    expect(state.active).toBe(true);
  });

  it('judges rate of change over its window, in both directions', () => {
    const rising: AlarmCondition = { kind: 'rate', metric: 'level', direction: 'rise', amount: 0.5, windowMinutes: 10 };
    const { actions } = run(rule([[rising]]), [
      [T0, { level: 2 }],
      [T0 + 5 * MIN, { level: 2.2 }],
      [T0 + 10 * MIN, { level: 2.3 }],
      [T0 + 15 * MIN, { level: 2.9 }],
    ]);
    expect(actions).toEqual([null, null, null, 'raise']);
  });

  it('raises on an event and clears after the quiet time; without one, only by hand', () => {
    const trip: AlarmCondition = { kind: 'event', event: 'pump_fault' };
    const quiet = run(rule([[trip]], { clearDelayMinutes: 10 }), [
      [T0, {}, ['pump_fault']],
      [T0 + 5 * MIN, {}],
      [T0 + 6 * MIN, {}, ['pump_fault']],
      [T0 + 12 * MIN, {}],
      [T0 + 17 * MIN, {}],
    ]);
    expect(quiet.actions).toEqual(['raise', null, 'repeat', null, 'clear']);
    const manual = run(rule([[trip]]), [
      [T0, {}, ['pump_fault']],
      [T0 + 60 * MIN, {}],
    ]);
    expect(manual.actions).toEqual(['raise', null]);
    expect(manual.state.active).toBe(true);
  });

  it('counts no data for N minutes', () => {
    const r = rule([[{ kind: 'nodata', metric: 'level', minutes: 15 }]]);
    const { actions } = run(r, [
      [T0, { level: 2 }],
      [T0 + 10 * MIN, { flow: 1 }],
      [T0 + 16 * MIN, { flow: 1 }],
      [T0 + 17 * MIN, { level: 2 }],
    ]);
    expect(actions).toEqual([null, null, 'raise', 'clear']);
  });

  it('arms only within the schedule, in the utility time, past midnight too', () => {
    const weekdaysDay = { days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00' };
    expect(armed(weekdaysDay, T0)).toBe(true); // Wednesday 10:00
    expect(armed(weekdaysDay, T0 + 9 * 60 * MIN)).toBe(false); // Wednesday 19:00
    const nights = { days: [3], from: '22:00', to: '06:00' };
    expect(armed(nights, T0 + 13 * 60 * MIN)).toBe(true); // Wednesday 23:00
    expect(armed(nights, T0 + 18 * 60 * MIN)).toBe(true); // Thursday 04:00, the Wednesday night's
    expect(armed(nights, T0 + 22 * 60 * MIN)).toBe(false); // Thursday 08:00
    const r = rule([[levelAbove(4)]], { schedule: weekdaysDay });
    expect(run(r, [[T0 + 9 * 60 * MIN, { level: 5 }]]).actions).toEqual([null]);
  });

  it('replays stored readings and says how often the rule would have fired', () => {
    const samples: Sample[] = [];
    for (let i = 0; i < 120; i++) samples.push({ value: i % 40 < 10 ? 4.5 : 3, text: null, ts: T0 + i * MIN });
    const r = rule([[levelAbove(4)]], { durationMinutes: 5 });
    const result = replay(r, new Map([['level', samples]]), () => null, T0, T0 + 120 * MIN);
    expect(result.raises).toHaveLength(3);
    expect(result.points).toBe(120);
    expect(result.activeMs).toBe(3 * 5 * MIN);
  });
});
