import {
  type AlarmCondition,
  type AlarmRecipients,
  type AlarmSchedule,
  type AlarmSeverity,
  DEFAULT_LOCALE,
  Quality,
  type StationSetpoint,
} from '@water/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import type { LatestReadings, StatusChange } from '../telemetry/telemetry.writer.ts';
import {
  type AlarmEngineRepository,
  createAlarmEngineRepository,
  type DeviceMeta,
  type RuleRow,
  rowsOf,
  type StationSetpoints,
} from './alarm-engine.repository.ts';
import {
  type EvalRule,
  type EvalView,
  eventsOf,
  eventsOnly,
  freshState,
  type Judgement,
  judge,
  metricsOf,
  type RuleState,
  rateWindowMs,
  type Sample,
  type StepAction,
  sampleAt,
  step,
} from './alarm-eval.ts';
import { notify, notifyCleared } from './alarm-notify.ts';
import { toAlarm } from './alarms.mappers.ts';
import { type AlarmRow, createAlarmsRepository } from './alarms.repository.ts';

/** A rule as the engine runs it. */
export interface CompiledRule {
  id: number;
  key: string;
  name: string;
  severity: AlarmSeverity;
  typeId: number;
  eval: EvalRule;
  metrics: Set<string>;
  events: Set<string>;
  recipients: AlarmRecipients;
  throttleMs: number;
  sms: boolean;
  hasNodata: boolean;
  /** A condition that comes due with time alone (duration, clear delay, quiet time, no data). */
  timed: boolean;
  rateMs: number;
  scope: { kind: string; deviceIds: Set<number>; stationId: number | null; regionId: number | null };
}

/** A device event as the telemetry pipeline passes it on after its commit. */
export interface DeviceEventIn {
  deviceId: number;
  event: string;
  ts: Date;
  params?: Record<string, unknown>;
}

interface Pending {
  readings: Map<string, Sample>;
  events: Set<string>;
}

interface Transition {
  rule: CompiledRule;
  device: DeviceMeta;
  key: string;
  state: RuleState;
  action: StepAction | 'touch';
  judgement: Judgement;
  now: number;
}

/** How long the last value of a standing alarm may lag its readings (it is written at most this often). */
const TOUCH_MS = 60_000;
/** How often the engine re-reads what other servers may have changed (standing alarms, devices). */
const RECONCILE_MS = 30_000;

const stateKey = (sourceKey: string, deviceId: number) => `${sourceKey}|${deviceId}`;

export function compileRule(r: RuleRow): CompiledRule {
  const groups = r.groups as { conditions: AlarmCondition[] }[];
  const evalRule: EvalRule = {
    groups,
    durationMinutes: r.durationMinutes,
    repeat: (r.repeat as EvalRule['repeat']) ?? null,
    schedule: (r.schedule as AlarmSchedule | null) ?? null,
    clearDeadband: r.clearDeadband,
    clearDelayMinutes: r.clearDelayMinutes,
  };
  const hasNodata = groups.some((g) => g.conditions.some((c) => c.kind === 'nodata'));
  return {
    id: r.id,
    key: `rule:${r.id}`,
    name: r.name,
    severity: r.severity as AlarmSeverity,
    typeId: r.deviceTypeId,
    eval: evalRule,
    metrics: new Set(metricsOf(evalRule)),
    events: new Set(eventsOf(evalRule)),
    recipients: r.recipients as AlarmRecipients,
    throttleMs: r.throttleMinutes * 60_000,
    sms: r.sms,
    hasNodata,
    timed: hasNodata || r.durationMinutes > 0 || r.clearDelayMinutes > 0 || eventsOnly(evalRule),
    rateMs: rateWindowMs(evalRule),
    scope: {
      kind: r.scope,
      deviceIds: new Set((r.deviceIds as number[]) ?? []),
      stationId: r.stationId,
      regionId: r.regionId,
    },
  };
}

/**
 * The alarm engine of one server. It judges committed readings and device events (after the
 * telemetry commit, off the ingest's acknowledgement path: a listener only queues them) against the
 * enabled rules, keeps each rule's state per device in memory and in `alarm_states`, and writes
 * raises, repeats and clears in one transaction per round. A timer sweeps what comes due with time
 * alone: durations, clear delays, no-data conditions, offline devices, escalations, reminders and
 * shelving that ends.
 *
 * Several servers on one database: each judges the readings it ingested. The database arbitrates
 * (README, "Alarms on several servers"): a partial unique index admits one standing alarm per device
 * and source, so of two servers raising the same alarm one inserts and the other counts a repeat;
 * clears and lifecycle writes are conditional updates (`where active`); sweeps that notify
 * (escalation, reminders) take their rows with `for update skip locked`.
 */
export function createAlarmEngine(app: FastifyInstance) {
  const repo = (db: Queryable = app.db): AlarmEngineRepository => createAlarmEngineRepository(db);
  let rules: CompiledRule[] = [];
  let byType = new Map<number, CompiledRule[]>();
  let byDevice = new Map<number, CompiledRule[]>();
  let byStation = new Map<number, CompiledRule[]>();
  let byRegion = new Map<number, CompiledRule[]>();
  let watched = new Set<string>();
  let maxRateMs = 0;
  let version = '';
  let devices = new Map<number, DeviceMeta>();
  let setpoints = new Map<number, StationSetpoints>();
  /** Controllers of pumps under maintenance: no rule judges them (lockout/tagout raises no alarm). */
  let maintenance = new Set<number>();
  const rulesOfDevice = new Map<number, CompiledRule[]>();
  const states = new Map<string, RuleState>();
  const notifiedAt = new Map<string, number>();
  /** Standing alarms by state key. */
  const standing = new Map<string, number>();
  const touchedAt = new Map<number, number>();
  /** Latest readings of watched metrics, by device then metric; recent history of rate metrics. */
  const latest = new Map<number, Map<string, Sample>>();
  const recent = new Map<string, Sample[]>();
  let pending = new Map<number, Pending>();
  const statusQueue: StatusChange[] = [];
  let running: Promise<void> | null = null;
  let lastReconcile = 0;
  let stopped = false;
  /** `judgeMs`: time the rounds spent judging (this process's CPU, apart from the writes' waits). */
  const stats = {
    rounds: 0,
    judged: 0,
    judgeMs: 0,
    raised: 0,
    cleared: 0,
    failed: 0,
    lastError: null as string | null,
  };

  function index(list: CompiledRule[]) {
    rules = list;
    byType = new Map();
    byDevice = new Map();
    byStation = new Map();
    byRegion = new Map();
    const add = (map: Map<number, CompiledRule[]>, id: number, r: CompiledRule) =>
      map.set(id, [...(map.get(id) ?? []), r]);
    watched = new Set();
    maxRateMs = 0;
    for (const r of list) {
      for (const m of r.metrics) watched.add(m);
      maxRateMs = Math.max(maxRateMs, r.rateMs);
      if (r.scope.kind === 'devices') for (const id of r.scope.deviceIds) add(byDevice, id, r);
      else if (r.scope.kind === 'station' && r.scope.stationId !== null) add(byStation, r.scope.stationId, r);
      else if (r.scope.kind === 'region' && r.scope.regionId !== null) add(byRegion, r.scope.regionId, r);
      else add(byType, r.typeId, r);
    }
    rulesOfDevice.clear();
  }

  /** The enabled rules that watch a device (its type's, its own, its station's, its regions'). */
  function rulesFor(d: DeviceMeta): CompiledRule[] {
    const cached = rulesOfDevice.get(d.id);
    if (cached) return cached;
    const found: CompiledRule[] = [];
    if (d.typeId !== null && !maintenance.has(d.id)) {
      const ofType = (list: CompiledRule[] | undefined) => {
        for (const r of list ?? []) if (r.typeId === d.typeId) found.push(r);
      };
      ofType(byType.get(d.typeId));
      ofType(byDevice.get(d.id));
      if (d.stationId !== null) ofType(byStation.get(d.stationId));
      for (const region of d.regionChain) ofType(byRegion.get(region));
    }
    rulesOfDevice.set(d.id, found);
    return found;
  }

  async function loadRules() {
    const r = repo();
    const [rows, v] = await Promise.all([r.rules(), r.version()]);
    version = v;
    index(rows.map(compileRule));
  }

  async function loadDevices() {
    const loaded = await repo().devices();
    devices = new Map(loaded.devices.map((d) => [d.id, d]));
    setpoints = loaded.setpoints;
    maintenance = loaded.maintenance;
    rulesOfDevice.clear();
  }

  async function loadStanding() {
    const rows = await repo().activeAlarms();
    standing.clear();
    for (const a of rows) standing.set(stateKey(a.sourceKey, a.deviceId), a.id);
    for (const [key, s] of states) {
      const active = standing.has(key);
      if (s.active !== active) states.set(key, { ...s, active, clearSince: null });
    }
    for (const key of standing.keys()) if (!states.has(key)) states.set(key, { ...freshState(), active: true });
  }

  async function loadLatest() {
    latest.clear();
    for (const row of await repo().latest([...watched])) {
      const m = latest.get(row.deviceId) ?? new Map<string, Sample>();
      m.set(row.metric, { value: row.value, text: row.textValue, ts: row.ts.getTime() });
      latest.set(row.deviceId, m);
    }
  }

  /** Whether the engine has read its rules and state (a database away at start: the next sweep tries again). */
  let started = false;

  async function start() {
    await loadRules();
    await loadDevices();
    const rows = await repo().states();
    for (const s of rows) {
      const key = stateKey(s.sourceKey, s.deviceId);
      states.set(key, {
        pendingSince: s.pendingSince?.getTime() ?? null,
        hits: s.hits ?? [],
        clearSince: s.clearSince?.getTime() ?? null,
        wasMet: s.pendingSince !== null,
        active: false,
      });
      if (s.notifiedAt) notifiedAt.set(key, s.notifiedAt.getTime());
    }
    await loadStanding();
    await loadLatest();
    lastReconcile = Date.now();
    started = true;
  }

  function remember(deviceId: number, metric: string, sample: Sample) {
    if (!watched.has(metric)) return;
    const m = latest.get(deviceId) ?? new Map<string, Sample>();
    const had = m.get(metric);
    if (had && had.ts > sample.ts) return;
    m.set(metric, sample);
    latest.set(deviceId, m);
    if (maxRateMs > 0) {
      const key = `${deviceId}|${metric}`;
      const list = recent.get(key) ?? [];
      list.push(sample);
      const keepFrom = sample.ts - maxRateMs - 60_000;
      while (list.length > 2 && list[1]!.ts <= keepFrom) list.shift();
      recent.set(key, list);
    }
  }

  function viewOf(d: DeviceMeta, now: number, events: ReadonlySet<string>): EvalView {
    const own = latest.get(d.id);
    const station = d.stationId === null ? undefined : setpoints.get(d.stationId);
    return {
      now,
      latest: (metric) => own?.get(metric),
      valueAt: (metric, ts) => {
        const s = sampleAt(recent.get(`${d.id}|${metric}`) ?? [], ts);
        return s?.value ?? undefined;
      },
      events,
      setpoint: (key: StationSetpoint) => station?.[key] ?? null,
    };
  }

  /** One rule against a device as `view` shows it (one view serves all the device's rules in a round). */
  function judgeOne(rule: CompiledRule, d: DeviceMeta, view: EvalView, out: Transition[]) {
    const now = view.now;
    const key = stateKey(rule.key, d.id);
    const state = states.get(key) ?? { ...freshState(), active: standing.has(key) };
    const j = judge(rule.eval, view);
    stats.judged++;
    const next = step(rule.eval, state, j, now);
    if (next.changed) states.set(key, next.state);
    if (next.action || next.changed) {
      out.push({ rule, device: d, key, state: next.state, action: next.action, judgement: j, now });
    } else if (state.active && j.met && j.cause) {
      // The standing alarm's last value, at most once a minute.
      const id = standing.get(key);
      if (id !== undefined && now - (touchedAt.get(id) ?? 0) >= TOUCH_MS) {
        touchedAt.set(id, now);
        out.push({ rule, device: d, key, state: next.state, action: 'touch', judgement: j, now });
      }
    }
  }

  /** One round: the queued readings and events, judged; the transitions written in one transaction. */
  async function round() {
    const started = performance.now();
    const batch = pending;
    pending = new Map();
    const changes = statusQueue.splice(0);
    const now = app.clock.now().getTime();
    const out: Transition[] = [];
    let unknown = false;
    for (const [deviceId, input] of batch) {
      const d = devices.get(deviceId);
      if (!d) {
        unknown = true;
        continue;
      }
      for (const [metric, sample] of input.readings) remember(deviceId, metric, sample);
      // The device's view made once for all its rules (a view per rule was most of the judging's time).
      let view: EvalView | undefined;
      for (const rule of rulesFor(d)) {
        let relevant = false;
        for (const e of input.events) if (rule.events.has(e)) relevant = true;
        if (!relevant) for (const m of input.readings.keys()) if (rule.metrics.has(m)) relevant = true;
        if (!relevant) continue;
        view ??= viewOf(d, now, input.events);
        judgeOne(rule, d, view, out);
      }
    }
    stats.judgeMs += performance.now() - started;
    if (unknown) await loadDevices();
    await write(out);
    if (changes.length > 0) await statusChanged(changes);
  }

  async function write(out: Transition[]) {
    if (out.length === 0) return;
    const pushes: { id: number; change: 'raised' | 'updated' | 'cleared' }[] = [];
    const hooks: (() => Promise<void> | void)[] = [];
    /** The raised alarms as read in the transaction: the push need not read them again. */
    const raisedRows = new Map<number, AlarmRow>();
    const cleared: number[] = [];
    try {
      await app.db.transaction(async (tx) => {
        const r = repo(tx);
        const saved: Parameters<AlarmEngineRepository['saveStates']>[0] = [];
        const entries: Parameters<AlarmEngineRepository['entries']>[0] = [];
        // The round's raises in one statement and their rows in one read (a burst of alarms costs a
        // few statements, not a few per alarm); those due a notice are marked notified as they go in.
        const raises = out.filter((t) => t.action === 'raise');
        const told = new Set(
          raises
            .filter((t) => t.rule.throttleMs === 0 || t.now - (notifiedAt.get(t.key) ?? 0) >= t.rule.throttleMs)
            .map((t) => t.key),
        );
        const inserted = await r.raiseMany(
          raises.map((t) => ({
            kind: 'rule',
            sourceKey: t.rule.key,
            ruleId: t.rule.id,
            ruleName: t.rule.name,
            severity: t.rule.severity,
            deviceId: t.device.id,
            stationId: t.device.stationId,
            regionId: t.device.regionId,
            metric: t.judgement.cause?.metric ?? null,
            condition: t.judgement.cause?.condition ?? null,
            threshold: t.judgement.cause?.threshold ?? null,
            value: t.judgement.cause?.value ?? null,
            at: new Date(t.now),
            notifiedAt: told.has(t.key) ? new Date(t.now) : null,
          })),
        );
        const raisedIds = new Map(inserted.map((a) => [stateKey(a.sourceKey, a.deviceId), a.id]));
        for (const row of await createAlarmsRepository(tx).byIds([...raisedIds.values()])) {
          raisedRows.set(row.alarm.id, row);
        }
        for (const t of out) {
          const at = new Date(t.now);
          const value = t.judgement.cause?.value ?? null;
          if (t.action === 'raise') {
            let id = raisedIds.get(t.key) ?? null;
            if (id === null) {
              // Another server raised it a moment ago: this judgement is a repeat of it.
              id = await r.standing(t.device.id, t.rule.key);
              if (id !== null && (await r.repeat(id, value, at, true))) pushes.push({ id, change: 'updated' });
            } else {
              entries.push({ alarmId: id, kind: 'raised', at, userId: null, text: value ?? '' });
              pushes.push({ id, change: 'raised' });
              stats.raised++;
              if (told.has(t.key)) {
                const row = raisedRows.get(id);
                const recipients = row
                  ? await notify(
                      app,
                      tx,
                      {
                        purpose: 'raised',
                        alarm: toAlarm(row, DEFAULT_LOCALE),
                        row,
                        recipients: t.rule.recipients,
                        sms: t.rule.sms,
                      },
                      (fn) => hooks.push(fn),
                    )
                  : [];
                notifiedAt.set(t.key, t.now);
                if (recipients.length > 0)
                  entries.push({ alarmId: id, kind: 'notified', at, userId: null, text: String(recipients.length) });
              }
            }
            if (id !== null) standing.set(t.key, id);
          } else if (t.action === 'repeat' || t.action === 'touch') {
            const id = standing.get(t.key);
            if (id !== undefined) {
              if (await r.repeat(id, value, at, t.action === 'repeat')) {
                if (t.action === 'repeat')
                  entries.push({ alarmId: id, kind: 'repeated', at, userId: null, text: value ?? '' });
                pushes.push({ id, change: 'updated' });
              } else {
                // Cleared meanwhile (by hand, or by another server): the next judgement starts afresh.
                standing.delete(t.key);
                t.state = freshState();
                states.set(t.key, t.state);
              }
            }
          } else if (t.action === 'clear') {
            const id = standing.get(t.key);
            standing.delete(t.key);
            if (id !== undefined && (await r.clear(id, at, null, null))) {
              entries.push({ alarmId: id, kind: 'auto-cleared', at, userId: null, text: value ?? '' });
              pushes.push({ id, change: 'cleared' });
              cleared.push(id);
              stats.cleared++;
            }
          }
          if (t.action !== 'touch') {
            saved.push({
              sourceKey: t.rule.key,
              deviceId: t.device.id,
              pendingSince: t.state.pendingSince === null ? null : new Date(t.state.pendingSince),
              hits: t.state.hits,
              clearSince: t.state.clearSince === null ? null : new Date(t.state.clearSince),
              notifiedAt: notifiedAt.has(t.key) ? new Date(notifiedAt.get(t.key)!) : null,
            });
          }
        }
        await r.saveStates(saved, new Date());
        await r.entries(entries);
        await notifyCleared(app, tx, cleared, (fn) => hooks.push(fn));
      });
    } catch (err) {
      stats.failed++;
      stats.lastError = err instanceof Error ? err.message.slice(0, 200) : String(err);
      app.log.warn({ err }, 'alarm engine: round failed; its states are read again');
      // What this server believed may not have been written: take the database's word again.
      for (const t of out) states.delete(t.key);
      await loadStanding().catch(() => {});
      return;
    }
    // The alarms' viewers first, then the recipients' message bells (each reads an unread count).
    await push(pushes, raisedRows);
    for (const hook of hooks) await Promise.resolve(hook()).catch(() => {});
  }

  /**
   * Tells the connections that may see them (after the commit), in their language. `known`: rows
   * read already (in the transaction that raised them).
   */
  async function push(
    list: { id: number; change: 'raised' | 'updated' | 'cleared' | 'acknowledged' }[],
    known: ReadonlyMap<number, AlarmRow> = new Map(),
  ) {
    if (list.length === 0 || app.realtime.connections() === 0) return;
    const last = new Map(list.map((p) => [p.id, p.change]));
    const ids = [...last.keys()];
    const rows = [
      ...ids.flatMap((id) => known.get(id) ?? []),
      ...(await createAlarmsRepository(app.db).byIds(ids.filter((id) => !known.has(id)))),
    ];
    for (const row of rows) {
      const change = last.get(row.alarm.id)!;
      app.realtime.toAlarmViewers(row.alarm.regionId, (locale) => ({
        type: 'alarm',
        change,
        alarm: toAlarm(row, locale),
      }));
    }
  }

  /* ---------- offline ---------- */

  async function raiseOffline(
    candidates: {
      id: number;
      rule_id: number;
      severity: string;
      station_id: number | null;
      region_id: number | null;
      last_seen_at: string | null;
      timeout: number;
    }[],
  ) {
    if (candidates.length === 0) return;
    const pushes: { id: number; change: 'raised' }[] = [];
    const hooks: (() => Promise<void> | void)[] = [];
    const at = app.clock.now();
    await app.db.transaction(async (tx) => {
      const r = repo(tx);
      for (const c of candidates) {
        const lastSeen = c.last_seen_at === null ? null : new Date(c.last_seen_at).toISOString();
        const id = await r.raise({
          kind: 'offline',
          sourceKey: 'offline',
          ruleId: null,
          ruleName: '',
          severity: c.severity,
          deviceId: c.id,
          stationId: c.station_id,
          regionId: c.region_id,
          metric: null,
          condition: null,
          threshold: c.timeout,
          value: lastSeen,
          at,
        });
        if (id === null) continue;
        standing.set(stateKey('offline', c.id), id);
        await r.entry(id, 'raised', at, null, lastSeen ?? '');
        pushes.push({ id, change: 'raised' });
        stats.raised++;
        const rule = await r.ruleRecipients(c.rule_id);
        const [row] = await createAlarmsRepository(tx).byIds([id]);
        if (rule && row) {
          const told = await notify(
            app,
            tx,
            { purpose: 'raised', alarm: toAlarm(row, DEFAULT_LOCALE), row, recipients: rule.recipients, sms: rule.sms },
            (fn) => hooks.push(fn),
          );
          await r.markNotified(id, at);
          if (told.length > 0) await r.entry(id, 'notified', at, null, String(told.length));
        }
      }
    });
    for (const hook of hooks) await Promise.resolve(hook()).catch(() => {});
    await push(pushes);
  }

  async function clearOffline(list: { id: number; deviceId: number; at: Date }[]) {
    if (list.length === 0) return;
    const pushes: { id: number; change: 'cleared' }[] = [];
    const hooks: (() => Promise<void> | void)[] = [];
    await app.db.transaction(async (tx) => {
      const r = repo(tx);
      for (const c of list) {
        standing.delete(stateKey('offline', c.deviceId));
        if (await r.clear(c.id, c.at, null, null)) {
          await r.entry(c.id, 'auto-cleared', c.at, null, c.at.toISOString());
          pushes.push({ id: c.id, change: 'cleared' });
          stats.cleared++;
        }
      }
      await notifyCleared(
        app,
        tx,
        pushes.map((p) => p.id),
        (fn) => hooks.push(fn),
      );
    });
    await push(pushes);
    for (const hook of hooks) await Promise.resolve(hook()).catch(() => {});
  }

  /** A Last Will (the device said it is gone) raises at once; data coming back clears at once. */
  async function statusChanged(changes: StatusChange[]) {
    const back: { id: number; deviceId: number; at: Date }[] = [];
    const gone: Parameters<typeof raiseOffline>[0] = [];
    for (const c of changes) {
      if (c.to === 'online') {
        const id = standing.get(stateKey('offline', c.deviceId));
        if (id !== undefined) back.push({ id, deviceId: c.deviceId, at: c.at });
      } else if (c.to === 'offline') {
        const rule = await repo().offlineRuleOf(c.deviceId);
        // Only an announced loss (its change comes from the device's own message); a silence is the sweep's to judge.
        const [seen] = rowsOf<{ last_seen_at: string | null }>(
          await app.db.execute(sql`select last_seen_at from devices where id = ${c.deviceId}`),
        );
        const announced = seen?.last_seen_at && Math.abs(new Date(seen.last_seen_at).getTime() - c.at.getTime()) < 2000;
        if (rule?.enabled && announced) {
          gone.push({
            id: c.deviceId,
            rule_id: rule.id,
            severity: rule.severity,
            station_id: rule.station_id,
            region_id: rule.region_id,
            last_seen_at: seen.last_seen_at,
            timeout: 0,
          });
        }
      }
    }
    await clearOffline(back);
    await raiseOffline(gone);
  }

  /* ---------- the sweep ---------- */

  /** Re-judges what comes due with time alone: pending durations, clear delays, quiet times, no data. */
  async function timed(now: number) {
    const out: Transition[] = [];
    const none = new Set<string>();
    for (const d of devices.values()) {
      let view: EvalView | undefined;
      for (const rule of rulesFor(d)) {
        if (!rule.timed) continue;
        const key = stateKey(rule.key, d.id);
        const s = states.get(key);
        const due = rule.hasNodata || (s && (s.pendingSince !== null || s.active));
        if (!due) continue;
        view ??= viewOf(d, now, none);
        judgeOne(rule, d, view, out);
      }
    }
    await write(out.filter((t) => t.action !== 'touch' || t.rule.hasNodata));
  }

  async function offlineSweep() {
    const now = app.clock.now();
    const silent = await repo().silentDevices(now);
    await raiseOffline(
      silent.map((s) => ({ ...s, timeout: Math.round((now.getTime() - new Date(s.last_seen_at).getTime()) / 1000) })),
    );
    const back = await repo().heardAgain();
    await clearOffline(back.map((b) => ({ id: b.id, deviceId: b.device_id, at: new Date(b.last_seen_at) })));
  }

  /** Escalations, reminders and shelving that ends: each row taken by one server (skip locked). */
  async function lifecycleSweep() {
    const now = app.clock.now();
    const hooks: (() => Promise<void> | void)[] = [];
    const pushes: { id: number; change: 'updated' }[] = [];
    await app.db.transaction(async (tx) => {
      const r = repo(tx);
      const reader = createAlarmsRepository(tx);
      const due = rowsOf<{
        id: number;
        escalate: boolean;
        remind: boolean;
        unshelve: boolean;
        escalation: { afterMinutes: number; recipients: AlarmRecipients } | null;
        recipients: AlarmRecipients | null;
        sms: boolean | null;
        count: number;
      }>(
        await tx.execute(sql`
          select a.id,
            (a.active and not a.acknowledged and a.escalations = 0 and r.escalation is not null
              and (a.shelved_until is null or a.shelved_until <= ${now.toISOString()}::timestamptz)
              and a.raised_at + make_interval(mins => (r.escalation->>'afterMinutes')::int) <= ${now.toISOString()}::timestamptz) as escalate,
            (a.active and not a.acknowledged and r.reminder_minutes is not null
              and (a.shelved_until is null or a.shelved_until <= ${now.toISOString()}::timestamptz)
              and coalesce(a.notified_at, a.raised_at) + make_interval(mins => r.reminder_minutes) <= ${now.toISOString()}::timestamptz) as remind,
            (a.shelved_until is not null and a.shelved_until <= ${now.toISOString()}::timestamptz) as unshelve,
            r.escalation, r.recipients, r.sms,
            (select count(*)::int from alarm_entries e where e.alarm_id = a.id and e.kind = 'reminded') as count
          from alarms a left join alarm_rules r on r.id = a.rule_id
          where (a.active and not a.acknowledged and r.id is not null and (r.escalation is not null or r.reminder_minutes is not null))
             or a.shelved_until is not null
          for update of a skip locked`),
      ).filter((d) => d.escalate || d.remind || d.unshelve);
      for (const d of due) {
        const id = Number(d.id);
        if (d.unshelve) {
          await reader.update(id, { shelvedUntil: null });
          await r.entry(id, 'unshelved', now, null);
        }
        const [row] = d.escalate || d.remind ? await reader.byIds([id]) : [];
        if (d.escalate && d.escalation && row) {
          await reader.update(id, { escalations: sql`${sql.identifier('escalations')} + 1` as never });
          const told = await notify(
            app,
            tx,
            {
              purpose: 'escalated',
              alarm: toAlarm(row, DEFAULT_LOCALE),
              row,
              recipients: d.escalation.recipients,
              sms: Boolean(d.sms),
              minutes: d.escalation.afterMinutes,
            },
            (fn) => hooks.push(fn),
          );
          await r.entry(id, 'escalated', now, null, String(told.length));
        }
        if (d.remind && d.recipients && row) {
          const told = await notify(
            app,
            tx,
            {
              purpose: 'reminder',
              alarm: toAlarm(row, DEFAULT_LOCALE),
              row,
              recipients: d.recipients,
              sms: Boolean(d.sms),
              count: d.count + 1,
            },
            (fn) => hooks.push(fn),
          );
          await r.markNotified(id, now);
          await r.entry(id, 'reminded', now, null, String(told.length));
        }
        pushes.push({ id, change: 'updated' });
      }
    });
    for (const hook of hooks) await Promise.resolve(hook()).catch(() => {});
    await push(pushes);
  }

  /** Work is done one round at a time; a call while one runs is folded into the next. */
  function kick() {
    // Nothing queued (e.g. an offline sweep that found no one): no run. A run that ended within this
    // call would have cleared `running` before being assigned to it, leaving the engine stuck (and
    // idle() spinning) forever; the first await below also makes sure the assignment comes first.
    if (running || stopped || (pending.size === 0 && statusQueue.length === 0)) return;
    running = (async () => {
      await null;
      try {
        while ((pending.size > 0 || statusQueue.length > 0) && !stopped) {
          stats.rounds++;
          await round();
        }
      } catch (err) {
        stats.failed++;
        app.log.warn({ err }, 'alarm engine: round failed');
      } finally {
        running = null;
      }
    })();
  }

  const queued = (deviceId: number): Pending => {
    let p = pending.get(deviceId);
    if (!p) {
      p = { readings: new Map(), events: new Set() };
      pending.set(deviceId, p);
    }
    return p;
  };

  return {
    start,
    stats: () => ({ ...stats, rules: rules.length, states: states.size, standing: standing.size }),

    /** Readings a commit made the latest: queued, judged in the next round. */
    onReadings(fresh: LatestReadings[]) {
      if (stopped || rules.length === 0) return;
      for (const { deviceId, readings } of fresh) {
        let p: Pending | undefined;
        for (const r of readings) {
          // A reading beyond the instrument's span (or of no metric) is the sensor's fault, not the
          // process's: it raises no alarm (the device's data quality shows it).
          if (!watched.has(r.key) || (r.quality & (Quality.outOfRange | Quality.unknownMetric)) !== 0) continue;
          p ??= queued(deviceId);
          const value = typeof r.value === 'number' ? r.value : typeof r.value === 'boolean' ? (r.value ? 1 : 0) : null;
          const text = typeof r.value === 'string' ? r.value : null;
          p.readings.set(r.key, { value, text, ts: Date.parse(r.ts) });
        }
      }
      kick();
    },

    onEvents(events: DeviceEventIn[]) {
      if (stopped) return;
      for (const e of events) queued(e.deviceId).events.add(e.event);
      kick();
    },

    onStatusChanges(changes: StatusChange[]) {
      if (stopped) return;
      statusQueue.push(...changes);
      kick();
    },

    /** Everything time alone brings due; also re-reads rules changed on any server. */
    async sweep() {
      if (stopped) return;
      if (!started) await start();
      const v = await repo().version();
      if (v !== version) {
        await loadRules();
        await loadLatest();
      }
      if (Date.now() - lastReconcile >= RECONCILE_MS) {
        lastReconcile = Date.now();
        await loadDevices();
        await loadStanding();
      }
      await timed(app.clock.now().getTime());
      await offlineSweep();
      await lifecycleSweep();
    },

    /** Rules changed here: read them again now rather than at the next sweep. */
    async reload() {
      await loadRules();
      await loadLatest();
    },

    /** Forgets everything held in memory and reads it all again, as a restarted server would (tests). */
    async restart() {
      await this.idle();
      states.clear();
      notifiedAt.clear();
      standing.clear();
      touchedAt.clear();
      recent.clear();
      await start();
    },

    /** Devices or stations changed (tests, imports): read them again. */
    async refreshDevices() {
      await loadDevices();
      await loadStanding();
    },

    /** An alarm cleared by hand: the engine starts the rule afresh for the device. */
    forget(sourceKey: string, deviceId: number) {
      const key = stateKey(sourceKey, deviceId);
      standing.delete(key);
      states.set(key, freshState());
    },

    /** Resolves when the queued work is done (tests, shutdown). */
    async idle() {
      while (running) await running;
    },

    push,

    async stop() {
      stopped = true;
      while (running) await running;
    },
  };
}

export type AlarmEngine = ReturnType<typeof createAlarmEngine>;
