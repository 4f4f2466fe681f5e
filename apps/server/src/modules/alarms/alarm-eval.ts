import type { AlarmCondition, AlarmSchedule, StationSetpoint } from '@water/contracts';
import { UTILITY_OFFSET_MS } from '../../lib/clock.ts';

/**
 * The alarm engine's judgement, pure: no database, no clock of its own. The live engine and the
 * rule preview's 24-hour replay both run every reading through `judge` and `step`, so the preview
 * says what the engine would have done.
 */

/** A metric's reading: numbers, integers and booleans (1/0) in `value`, strings and enum values in `text`. */
export interface Sample {
  value: number | null;
  text: string | null;
  ts: number;
}

/** What the evaluator needs of a rule. */
export interface EvalRule {
  groups: { conditions: AlarmCondition[] }[];
  durationMinutes: number;
  repeat: { count: number; withinMinutes: number } | null;
  schedule: AlarmSchedule | null;
  clearDeadband: number;
  clearDelayMinutes: number;
}

/** A device as the rule sees it at one moment. */
export interface EvalView {
  now: number;
  latest(metric: string): Sample | undefined;
  /** The metric's value at or before `ts` (where a rate-of-change window starts), if known. */
  valueAt(metric: string, ts: number): number | undefined;
  /** Events the device reported in this step. */
  events: ReadonlySet<string>;
  /** The device's station's set-point, if it has one. */
  setpoint(key: StationSetpoint): number | null;
}

export interface Cause {
  condition: AlarmCondition;
  /** The metric it speaks of (null for an event). */
  metric: string | null;
  /** The value that met it, as shown (a number, true/false, an enum value, an event key). */
  value: string | null;
  /** The threshold line a chart draws (compare conditions), resolved from a set-point where asked. */
  threshold: number | null;
}

export interface Judgement {
  /** Some group has every condition met. */
  met: boolean;
  /** In every group some condition is off beyond the dead band: the alarm may clear. */
  clear: boolean;
  /** The first condition of the first group that held. */
  cause: Cause | null;
}

interface One {
  met: boolean;
  clear: boolean;
  value: string | null;
  threshold: number | null;
}

const UNKNOWN: One = { met: false, clear: false, value: null, threshold: null };

const shown = (s: Sample) => (s.value !== null ? String(s.value) : s.text);

/** The threshold of a compare condition: the station's set-point where it asks for one and the station has it. */
function thresholdOf(c: Extract<AlarmCondition, { kind: 'compare' }>, view: EvalView): number | null {
  if (c.setpoint) {
    const fromStation = view.setpoint(c.setpoint);
    if (fromStation !== null) return fromStation;
  }
  return typeof c.value === 'number' ? c.value : null;
}

function judgeOne(c: AlarmCondition, view: EvalView, deadband: number): One {
  switch (c.kind) {
    case 'event': {
      const met = view.events.has(c.event);
      return { met, clear: !met, value: met ? c.event : null, threshold: null };
    }
    case 'nodata': {
      const s = view.latest(c.metric);
      const met = !s || view.now - s.ts >= c.minutes * 60_000;
      return { met, clear: !met, value: s ? shown(s) : null, threshold: null };
    }
    case 'rate': {
      const s = view.latest(c.metric);
      if (!s || s.value === null) return UNKNOWN;
      const before = view.valueAt(c.metric, s.ts - c.windowMinutes * 60_000);
      if (before === undefined) return UNKNOWN;
      const change = s.value - before;
      const met =
        c.direction === 'rise'
          ? change >= c.amount
          : c.direction === 'fall'
            ? -change >= c.amount
            : Math.abs(change) >= c.amount;
      return { met, clear: !met, value: shown(s), threshold: null };
    }
    case 'range': {
      const s = view.latest(c.metric);
      if (!s || s.value === null) return UNKNOWN;
      const v = s.value;
      if (c.op === 'between') {
        const met = v >= c.min && v <= c.max;
        return { met, clear: v < c.min - deadband || v > c.max + deadband, value: shown(s), threshold: null };
      }
      const met = v < c.min || v > c.max;
      // Back inside, by the dead band from both ends (a band wider than the range: simply back inside).
      const inner = c.min + deadband <= c.max - deadband;
      const clear = inner ? v >= c.min + deadband && v <= c.max - deadband : !met;
      return { met, clear, value: shown(s), threshold: v < c.min ? c.min : c.max };
    }
    case 'compare': {
      const s = view.latest(c.metric);
      if (!s) return UNKNOWN;
      if (typeof c.value === 'boolean') {
        if (s.value === null) return UNKNOWN;
        const is = s.value !== 0;
        const met = c.op === 'ne' ? is !== c.value : is === c.value;
        return { met, clear: !met, value: String(is), threshold: null };
      }
      if (typeof c.value === 'string') {
        const text = s.text ?? (s.value === null ? null : String(s.value));
        if (text === null) return UNKNOWN;
        const met = c.op === 'ne' ? text !== c.value : text === c.value;
        return { met, clear: !met, value: text, threshold: null };
      }
      const t = thresholdOf(c, view);
      if (s.value === null || t === null) return UNKNOWN;
      const v = s.value;
      const value = shown(s);
      switch (c.op) {
        case 'gt':
          return { met: v > t, clear: v <= t - deadband, value, threshold: t };
        case 'ge':
          return { met: v >= t, clear: deadband > 0 ? v <= t - deadband : v < t, value, threshold: t };
        case 'lt':
          return { met: v < t, clear: v >= t + deadband, value, threshold: t };
        case 'le':
          return { met: v <= t, clear: deadband > 0 ? v >= t + deadband : v > t, value, threshold: t };
        case 'eq':
          return { met: v === t, clear: v !== t, value, threshold: t };
        case 'ne':
          return { met: v !== t, clear: v === t, value, threshold: t };
      }
    }
  }
}

/**
 * The rule's conditions against a device now. Groups are alternatives (OR), a group's conditions
 * all must hold (AND). Clearing is the mirror with hysteresis: every group must have some condition
 * off beyond the dead band, so a level hovering at its threshold keeps the alarm instead of flapping.
 * A condition whose data is missing neither holds nor clears.
 */
export function judge(rule: Pick<EvalRule, 'groups' | 'clearDeadband'>, view: EvalView): Judgement {
  let met = false;
  let clear = true;
  let cause: Cause | null = null;
  for (const group of rule.groups) {
    let groupMet = true;
    let groupClear = false;
    let first: Cause | null = null;
    for (const condition of group.conditions) {
      const one = judgeOne(condition, view, rule.clearDeadband);
      if (!one.met) groupMet = false;
      if (one.clear) groupClear = true;
      if (one.met && !first) {
        first = {
          condition,
          metric: condition.kind === 'event' ? null : condition.metric,
          value: one.value,
          threshold: one.threshold,
        };
      }
    }
    if (groupMet && !met) {
      met = true;
      cause = first;
    }
    if (!groupClear) clear = false;
  }
  return { met, clear: !met && clear, cause };
}

/** What the engine keeps of a rule and a device between readings (alarm_states, and whether an alarm stands). */
export interface RuleState {
  /** Since when the conditions hold without a break (the duration's start). */
  pendingSince: number | null;
  /** When the conditions were newly met, within the repeat window. */
  hits: number[];
  /** Since when the conditions are off beyond the dead band (the clear delay's start). */
  clearSince: number | null;
  /** Whether the conditions held at the last judgement (a new hit is an edge, not every reading). */
  wasMet: boolean;
  /** An alarm of the rule stands for the device. */
  active: boolean;
}

export const freshState = (): RuleState => ({
  pendingSince: null,
  hits: [],
  clearSince: null,
  wasMet: false,
  active: false,
});

export type StepAction = 'raise' | 'repeat' | 'clear' | null;

/** Whether a rule's conditions are all events (an event is a moment: such an alarm clears by quiet time or by hand). */
export const eventsOnly = (rule: Pick<EvalRule, 'groups'>) =>
  rule.groups.every((g) => g.conditions.every((c) => c.kind === 'event'));

/**
 * Whether the schedule arms the rule at `now`, in the utility's time (UTC+8): its days (1 Monday …
 * 7 Sunday) and hours; a window whose end is before its start runs past midnight and belongs to the
 * day it started on. No schedule: always armed.
 */
export function armed(schedule: AlarmSchedule | null, now: number): boolean {
  if (!schedule) return true;
  const local = new Date(now + UTILITY_OFFSET_MS);
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  const today = ((local.getUTCDay() + 6) % 7) + 1;
  const yesterday = today === 1 ? 7 : today - 1;
  const [fh, fm] = schedule.from.split(':').map(Number) as [number, number];
  const [th, tm] = schedule.to.split(':').map(Number) as [number, number];
  const from = fh * 60 + fm;
  const to = th * 60 + tm;
  if (from === to) return schedule.days.includes(today);
  if (from < to) return schedule.days.includes(today) && minute >= from && minute < to;
  return (schedule.days.includes(today) && minute >= from) || (schedule.days.includes(yesterday) && minute < to);
}

/**
 * One judgement applied to the state: the duration (held N minutes without a break), the repeat (met
 * anew N times within M minutes), the schedule (nothing is raised outside it), the clear delay (off
 * beyond the dead band for N minutes; an events-only rule counts its quiet time from the last event,
 * and without a delay is cleared by hand only). Returns the new state, what the engine must do, and
 * whether the state changed (it is then stored).
 */
export function step(
  rule: EvalRule,
  state: RuleState,
  j: Judgement,
  now: number,
): { state: RuleState; action: StepAction; changed: boolean } {
  const s: RuleState = { ...state, hits: state.hits };
  let action: StepAction = null;
  const edge = j.met && !state.wasMet;
  s.wasMet = j.met;
  if (!state.active) {
    if (j.met && armed(rule.schedule, now)) {
      s.pendingSince = state.pendingSince ?? now;
      if (rule.repeat) {
        const since = now - rule.repeat.withinMinutes * 60_000;
        s.hits = [...state.hits.filter((h) => h > since), ...(edge || eventsOnly(rule) ? [now] : [])].slice(
          -rule.repeat.count,
        );
      }
      const held = now - s.pendingSince >= rule.durationMinutes * 60_000;
      const repeated = !rule.repeat || s.hits.length >= rule.repeat.count;
      if (held && repeated) {
        action = 'raise';
        s.active = true;
        s.pendingSince = null;
        s.hits = [];
        // An events-only alarm's quiet time starts at the event that raised it.
        s.clearSince = eventsOnly(rule) ? now : null;
      }
    } else {
      s.pendingSince = null;
      if (rule.repeat && state.hits.length > 0) {
        const since = now - rule.repeat.withinMinutes * 60_000;
        s.hits = state.hits.filter((h) => h > since);
      }
    }
    // An event is a moment: the next judgement starts from "not met".
    if (eventsOnly(rule)) s.wasMet = false;
  } else if (j.met) {
    s.clearSince = null;
    if (edge || eventsOnly(rule)) action = 'repeat';
    if (eventsOnly(rule)) {
      s.wasMet = false;
      s.clearSince = now;
    }
  } else if (j.clear) {
    const byEvents = eventsOnly(rule);
    if (!(byEvents && rule.clearDelayMinutes === 0)) {
      s.clearSince = state.clearSince ?? now;
      if (now - s.clearSince >= rule.clearDelayMinutes * 60_000) {
        action = 'clear';
        s.active = false;
        s.clearSince = null;
        s.pendingSince = null;
        s.hits = [];
      }
    }
  } else {
    // Within the dead band: neither met nor clear, the alarm stands.
    s.clearSince = null;
  }
  const changed =
    action !== null ||
    s.pendingSince !== state.pendingSince ||
    s.clearSince !== state.clearSince ||
    s.wasMet !== state.wasMet ||
    s.hits.length !== state.hits.length ||
    s.hits.some((h, i) => h !== state.hits[i]);
  return { state: s, action, changed };
}

/** The metrics a rule reads (for the engine's index and the replay's history). */
export function metricsOf(rule: Pick<EvalRule, 'groups'>): string[] {
  const keys = new Set<string>();
  for (const g of rule.groups) for (const c of g.conditions) if (c.kind !== 'event') keys.add(c.metric);
  return [...keys];
}

/** The events a rule listens for. */
export function eventsOf(rule: Pick<EvalRule, 'groups'>): string[] {
  const keys = new Set<string>();
  for (const g of rule.groups) for (const c of g.conditions) if (c.kind === 'event') keys.add(c.event);
  return [...keys];
}

/** The longest rate-of-change window of a rule, ms (how far back the engine keeps readings). */
export function rateWindowMs(rule: Pick<EvalRule, 'groups'>): number {
  let ms = 0;
  for (const g of rule.groups) {
    for (const c of g.conditions) if (c.kind === 'rate') ms = Math.max(ms, c.windowMinutes * 60_000);
  }
  return ms;
}

/** The newest sample at or before `ts` in a time-ordered list, by binary search. */
export function sampleAt(samples: readonly Sample[], ts: number): Sample | undefined {
  let lo = 0;
  let hi = samples.length - 1;
  let found: Sample | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = samples[mid]!;
    if (s.ts <= ts) {
      found = s;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export interface ReplayResult {
  raises: { at: number; value: string | null }[];
  /** Time the alarm would have stood active within the window, ms. */
  activeMs: number;
  /** Readings replayed. */
  points: number;
}

/**
 * A rule replayed over one device's stored readings (each metric's samples in time order), judged
 * at every reading and once a minute between them (so durations, clear delays and "no data" come
 * due as they would live). Events are not replayed: the caller says so.
 */
export function replay(
  rule: EvalRule,
  series: ReadonlyMap<string, readonly Sample[]>,
  setpoint: (key: StationSetpoint) => number | null,
  from: number,
  to: number,
): ReplayResult {
  const times: number[] = [];
  let points = 0;
  for (const samples of series.values()) {
    for (const s of samples) {
      if (s.ts >= from && s.ts <= to) {
        times.push(s.ts);
        points++;
      }
    }
  }
  for (let t = from; t <= to; t += 60_000) times.push(t);
  times.sort((a, b) => a - b);
  let state = freshState();
  const raises: ReplayResult['raises'] = [];
  let activeMs = 0;
  let activeSince: number | null = null;
  const none = new Set<string>();
  let last = -1;
  for (const now of times) {
    if (now === last) continue;
    last = now;
    const view: EvalView = {
      now,
      latest: (metric) => sampleAt(series.get(metric) ?? [], now),
      valueAt: (metric, ts) => {
        const s = sampleAt(series.get(metric) ?? [], ts);
        return s?.value ?? undefined;
      },
      events: none,
      setpoint,
    };
    const j = judge(rule, view);
    const next = step(rule, state, j, now);
    state = next.state;
    if (next.action === 'raise') {
      raises.push({ at: now, value: j.cause?.value ?? null });
      activeSince = now;
    } else if (next.action === 'clear' && activeSince !== null) {
      activeMs += now - activeSince;
      activeSince = null;
    }
  }
  if (activeSince !== null) activeMs += to - activeSince;
  return { raises, activeMs, points };
}
