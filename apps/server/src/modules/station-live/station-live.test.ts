import { gunzipSync } from 'node:zlib';
import {
  envelope,
  type LiveEvent,
  type PublicOverview,
  type PumpStationDetail,
  publicApi,
  pumpStationsApi,
  type StationLive,
  type StationLiveList,
  type StationTrend,
  stationLiveApi,
  workplaceApi,
} from '@water/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import {
  alarmOfflineRules,
  alarms,
  devices,
  operationLog,
  stations,
  telemetryLatest,
  telemetryRollups1h,
  telemetryRollups1m,
} from '../../db/schema/index.ts';
import { demoDeviceSecret } from '../../db/seed/demo-secrets.ts';
import { createTestApp, resetDatabase, TEST_START, type TestApp } from '../../testing/build-app.ts';
import { limitRoleToRegions, signInWithoutPermissions } from '../../testing/fixtures.ts';
import {
  createStationLiveService,
  forgetPublicOverview,
  overviewCache,
  PUBLIC_OVERVIEW_TTL_MS,
  utilityDayStart,
} from './station-live.service.ts';
import { LIVE_SNAPSHOT_MAX_AGE_MS, liveSnapshots } from './station-live.snapshot.ts';

const T0 = TEST_START.getTime();
const MIN = 60_000;

let t: TestApp;
let admin: string;
let user: string;

beforeAll(async () => {
  t = await createTestApp({ TELEMETRY_FLUSH_MS: '5' });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(TEST_START);
  await resetDatabase(t.database);
  // Start from no readings at all: each test reports what it needs.
  await t.database.db.delete(telemetryLatest);
  await t.database.db.update(devices).set({ lastSeenAt: null, status: 'offline' });
  await t.app.alarmEngine.restart();
  admin = await t.login();
  user = await t.login('user', 'User@2026');
  forgetPublicOverview(t.app);
  // The database was rewritten under the server's snapshot (no commit told it).
  liveSnapshots(t.app).forgetAll();
});

/** Reports as the demo device itself, with its derived secret. */
async function ingest(code: string, body: unknown) {
  const res = await t.inject({
    method: 'POST',
    url: `/api/ingest/${code}`,
    headers: { authorization: `Device ${demoDeviceSecret(code)}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  expect(res.json(), res.body).toMatchObject({ code: 200 });
}

async function stationId(code: string) {
  const [row] = await t.database.db.select({ id: stations.id }).from(stations).where(eq(stations.code, code));
  return row!.id;
}

async function config(code: string): Promise<PumpStationDetail> {
  const res = await t.call(pumpStationsApi.get, { params: { id: await stationId(code) }, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const sensor = (c: PumpStationDetail, role: string) => c.sensors.find((s) => s.role === role)!;

/** Active alarms by severity in the records, once the engine has judged what was reported. */
async function activeBySeverity() {
  await t.app.alarmEngine.idle();
  const counts = { critical: 0, major: 0, minor: 0, warning: 0, info: 0 };
  const rows = await t.database.db.select({ severity: alarms.severity }).from(alarms).where(eq(alarms.active, true));
  for (const r of rows) counts[r.severity as keyof typeof counts]++;
  return counts;
}

/** The alarms raised of a pump's controller (none while it is under maintenance). */
async function alarmsOfPump(c: PumpStationDetail, number: number) {
  await t.app.alarmEngine.idle();
  const code = c.pumps.find((p) => p.number === number)!.controllerCode;
  const [d] = await t.database.db.select({ id: devices.id }).from(devices).where(eq(devices.code, code));
  return t.database.db.select({ id: alarms.id }).from(alarms).where(eq(alarms.deviceId, d!.id));
}

/** Every point of a station reported at `ts`: level, flow, pressure, rain, and each pump as told. */
async function reportStation(
  c: PumpStationDetail,
  ts: number,
  level: number,
  pumps: Record<number, { running?: boolean; fault?: boolean; mode?: string; silent?: boolean }> = {},
) {
  await ingest(sensor(c, 'level').deviceCode, { ts, values: { [sensor(c, 'level').metric]: level } });
  const flow = c.sensors.find((s) => s.role === 'flow');
  if (flow) await ingest(flow.deviceCode, { ts, values: { [flow.metric]: 1200 } });
  for (const p of c.pumps) {
    const s = pumps[p.number] ?? {};
    if (s.silent) continue;
    await ingest(p.controllerCode, {
      ts,
      values: {
        [p.metrics.running!]: s.running ?? false,
        [p.metrics.fault!]: s.fault ?? false,
        [p.metrics.remote!]: s.mode ?? 'remote',
        [p.metrics.frequency!]: s.running ? 48.5 : 0,
        [p.metrics.current!]: s.running ? 120 : 0,
        [p.metrics.power!]: s.running ? 55 : 0,
        [p.metrics.runHours!]: 1234,
      },
    });
  }
}

/** Marks these pumps of a station under maintenance and the others in service, as the configuration screen saves it. */
async function setMaintenance(code: string, numbers: number[]): Promise<PumpStationDetail> {
  const d = await config(code);
  const res = await t.call(pumpStationsApi.update, {
    params: { id: d.id },
    body: {
      ...d,
      pumps: d.pumps.map((p) => ({
        number: p.number,
        name: p.name,
        ratedPower: p.ratedPower,
        ratedFlow: p.ratedFlow,
        ratedHead: p.ratedHead,
        drive: p.drive,
        startLevel: p.startLevel,
        stopLevel: p.stopLevel,
        controllerDeviceId: p.controllerDeviceId,
        metrics: p.metrics,
        maintenance: numbers.includes(p.number),
      })),
      sensors: d.sensors.map((x) => ({ role: x.role, deviceId: x.deviceId, metric: x.metric })),
    },
    token: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function live(code: string, token = admin): Promise<StationLive> {
  const res = await t.call(stationLiveApi.get, { params: { id: await stationId(code) }, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function liveList(query: Record<string, unknown> = {}, token = admin): Promise<StationLiveList> {
  const res = await t.call(stationLiveApi.list, { query, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('live station state, derived from the configuration and the latest telemetry', () => {
  it('reads stopped, running, fault and offline, with every point stale once silent', async () => {
    const c = await config('PS01');
    expect(c.pumps.length).toBeGreaterThanOrEqual(2);

    // Nothing reported yet: a communication failure, never "stopped".
    expect((await live('PS01')).state).toBe('offline');

    await reportStation(c, T0 - 1000, 1.2);
    let s = await live('PS01');
    expect(s.state).toBe('stopped');
    expect(s.level).toEqual({ value: 1.2, ts: new Date(T0 - 1000).toISOString(), stale: false });
    expect(s.pumpsRunning).toBe(0);
    expect(s.pumpsTotal).toBe(c.pumps.length);
    expect(s.setPoints.highAlarm).toBe(c.highAlarmLevel);
    expect(s.pumps.map((p) => [p.number, p.startLevel, p.stopLevel])).toEqual(
      c.pumps.map((p) => [p.number, p.startLevel, p.stopLevel]),
    );
    expect(s.flow).toMatchObject({ value: 1200, stale: false });

    await reportStation(c, T0 - 500, 2.4, { 1: { running: true } });
    s = await live('PS01');
    expect(s.state).toBe('running');
    expect(s.pumpsRunning).toBe(1);
    const p1 = s.pumps.find((p) => p.number === 1)!;
    expect(p1).toMatchObject({
      state: 'running',
      running: { value: true, stale: false },
      fault: { value: false, stale: false },
      remote: { value: true, stale: false },
      frequency: { value: 48.5, stale: false },
      current: { value: 120, stale: false },
      power: { value: 55, stale: false },
      runHours: { value: 1234, stale: false },
    });
    expect(s.power).toBe(55);
    expect(s.lastUpdate).toBe(new Date(T0 - 500).toISOString());

    // A pump in local mode shows it; a fault anywhere makes the station's state fault.
    await reportStation(c, T0 - 200, 2.4, { 1: { running: true }, 2: { fault: true, mode: 'local' } });
    s = await live('PS01');
    expect(s.state).toBe('fault');
    expect(s.pumps.find((p) => p.number === 2)).toMatchObject({
      state: 'fault',
      remote: { value: false },
    });
    await reportStation(c, T0 - 100, 2.4, { 2: { mode: 'local' } });
    expect((await live('PS01')).pumps.find((p) => p.number === 2)!.state).toBe('local');

    // Silence beyond the devices' offline window (600 s for the built-in types): offline, every value stale.
    t.clock.advance(11 * MIN);
    s = await live('PS01');
    expect(s.state).toBe('offline');
    expect(s.level.stale).toBe(true);
    expect(s.level.value).toBe(2.4);
    expect(s.pumps.every((p) => p.state === 'offline' && p.running.stale && p.frequency.stale)).toBe(true);
    expect(s.pumpsRunning).toBe(0);
    expect(s.power).toBeNull();
  });

  it('reads offline when the level gauge alone falls silent, though the pumps report', async () => {
    const c = await config('PS02');
    await reportStation(c, T0 - 1000, 1.5, { 1: { running: true } });
    expect((await live('PS02')).state).toBe('running');
    t.clock.advance(11 * MIN);
    for (const p of c.pumps) {
      await ingest(p.controllerCode, { ts: t.clock.now().getTime() - 100, values: { [p.metrics.running!]: true } });
    }
    const s = await live('PS02');
    expect(s.state).toBe('offline');
    expect(s.level.stale).toBe(true);
    expect(s.pumps.every((p) => p.state === 'running' && !p.running.stale)).toBe(true);
  });

  it('reads a pump under maintenance as maintenance whatever its controller says: no fault, offline or alarm of it', async () => {
    const c = await setMaintenance('PS01', [2]);
    expect(c.pumps.length).toBeGreaterThanOrEqual(2);

    // Its controller reports a fault (and even a run): the pump reads maintenance, the station not fault.
    await reportStation(c, T0 - 1000, 2.4, { 1: { running: true }, 2: { fault: true, running: true } });
    let s = await live('PS01');
    expect(s.pumps.find((p) => p.number === 2)).toMatchObject({
      state: 'maintenance',
      fault: { value: true, stale: false },
      running: { value: true, stale: false },
    });
    expect(s.state).toBe('running');
    // Counted among the pumps, not among those running (nor in the station's power).
    expect(s.pumpsTotal).toBe(c.pumps.length);
    expect(s.pumpsRunning).toBe(1);
    expect(s.power).toBe(55);
    expect(await alarmsOfPump(c, 2)).toEqual([]);
    const listed = (await liveList()).list.find((x) => x.code === 'PS01')!;
    expect(listed.pumps.find((p) => p.number === 2)!.state).toBe('maintenance');

    // Its controller falls silent (switched off for the work) while everything else reports: not offline.
    t.clock.advance(11 * MIN);
    await reportStation(c, t.clock.now().getTime() - 100, 1.5, { 2: { silent: true } });
    s = await live('PS01');
    expect(s.pumps.find((p) => p.number === 2)!.state).toBe('maintenance');
    expect(s.pumps.find((p) => p.number === 2)!.fault.stale).toBe(true);
    expect(s.state).toBe('stopped');
    await t.app.alarmEngine.sweep();
    expect(await alarmsOfPump(c, 2)).toEqual([]);
    // The public home's counts agree (the other stations, silent, are offline).
    const overview: PublicOverview = (await t.inject({ method: 'GET', url: '/api/public/overview' })).json().data;
    expect(overview.stations).toMatchObject({ stopped: 1, offline: 11 });
    expect(overview.alarms).toEqual(await activeBySeverity());

    // Back in service, the same silence is a communication failure again.
    t.clock.advance(1000);
    await setMaintenance('PS01', []);
    forgetPublicOverview(t.app);
    s = await live('PS01');
    expect(s.pumps.find((p) => p.number === 2)!.state).toBe('offline');
    expect(s.state).toBe('offline');
    // …and its controller's silence an alarm again, under the pump controllers' offline rule.
    const controller = c.pumps.find((p) => p.number === 2)!.controllerCode;
    const [d] = await t.database.db
      .select({ typeId: devices.typeId })
      .from(devices)
      .where(eq(devices.code, controller));
    await t.database.db.delete(alarmOfflineRules).where(eq(alarmOfflineRules.deviceTypeId, d!.typeId!));
    await t.database.db.insert(alarmOfflineRules).values({
      deviceTypeId: d!.typeId!,
      timeoutSeconds: 300,
      deadbandSeconds: 60,
      severity: 'major',
      recipients: { userIds: [], roleCodes: [], departmentIds: [] },
    });
    await t.app.alarmEngine.sweep();
    expect(await alarmsOfPump(c, 2)).toHaveLength(1);
  });

  it('lists every station with counts by state and filters by state, kind and region within the region limit', async () => {
    await reportStation(await config('PS01'), T0 - 1000, 1.2, { 1: { running: true } });
    await reportStation(await config('PS02'), T0 - 1000, 1.2);
    const all = await liveList();
    expect(all.total).toBe(12);
    expect(all.list.map((s) => s.code)).toEqual([...all.list.map((s) => s.code)].sort());
    expect(all.counts).toEqual({ running: 1, stopped: 1, fault: 0, offline: 10 });

    const running = await liveList({ state: 'running' });
    expect(running.list.map((s) => s.code)).toEqual(['PS01']);
    expect(running.counts).toEqual(all.counts);
    const kind = all.list[0]!.kind;
    expect((await liveList({ kind })).list.every((s) => s.kind === kind)).toBe(true);
    const region = all.list[0]!.regionId!;
    expect((await liveList({ regionId: region })).list.length).toBeGreaterThan(0);

    const res = await t.call(stationLiveApi.list, { query: { state: 'sleeping' as never }, token: admin });
    expect(res.statusCode).toBe(400);
    expect((await t.call(stationLiveApi.get, { params: { id: 99_999 }, token: admin })).statusCode).toBe(404);
  });
});

describe('the live list’s shared snapshot (one read of every station per server, derived per answer)', () => {
  const snapshot = () => liveSnapshots(t.app).stats;
  // What each test shows must not hang on the machine's speed: the snapshot's age limit is lifted
  // (but in the test of that limit itself).
  beforeEach(() => {
    liveSnapshots(t.app).maxAgeMs = 60_000;
  });
  afterEach(() => {
    liveSnapshots(t.app).maxAgeMs = LIVE_SNAPSHOT_MAX_AGE_MS;
  });

  it('shows a reading committed after a cached list in the very next list, reading only its device again', async () => {
    const c = await config('PS01');
    await reportStation(c, T0 - 1000, 1.2);
    expect((await liveList()).list.find((s) => s.code === 'PS01')!.level.value).toBe(1.2);
    const { reads, patches } = snapshot();

    await ingest(sensor(c, 'level').deviceCode, { ts: T0 - 500, values: { [sensor(c, 'level').metric]: 2.7 } });
    const after = (await liveList()).list.find((s) => s.code === 'PS01')!;
    expect(after.level).toEqual({ value: 2.7, ts: new Date(T0 - 500).toISOString(), stale: false });
    expect(snapshot().reads).toBe(reads);
    expect(snapshot().patches).toBe(patches + 1);
    // Nothing new: the snapshot serves as it is.
    await liveList();
    expect(snapshot()).toMatchObject({ reads, patches: patches + 1 });
  });

  it('judges staleness at answer time, not when the snapshot was read', async () => {
    await reportStation(await config('PS01'), T0 - 1000, 1.2, { 1: { running: true } });
    const fresh = (await liveList()).list.find((s) => s.code === 'PS01')!;
    expect(fresh).toMatchObject({ state: 'running', level: { stale: false } });
    const { reads } = snapshot();

    // The server's clock moves past the devices' offline window; no read of the database happens.
    t.clock.advance(11 * MIN);
    const later = await liveList();
    expect(snapshot().reads).toBe(reads);
    const s = later.list.find((x) => x.code === 'PS01')!;
    expect(s).toMatchObject({ state: 'offline', level: { value: 1.2, stale: true }, flow: { stale: true } });
    expect(s.pumps.every((p) => p.state === 'offline')).toBe(true);
    expect(later.at).toBe(t.clock.now().toISOString());
  });

  it('applies each caller’s region limit and filters to the one shared read', async () => {
    await reportStation(await config('PS01'), T0 - 1000, 1.2, { 1: { running: true } });
    const all = await liveList();
    const ps01 = all.list.find((s) => s.code === 'PS01')!;
    const inRegion = all.list.filter((s) => s.regionId === ps01.regionId).map((s) => s.code);
    expect(inRegion.length).toBeLessThan(all.total);
    await limitRoleToRegions(t.database.db, 'user', [ps01.regionId!]);
    const { reads } = snapshot();

    const limited = await liveList({}, user);
    expect(limited.list.map((s) => s.code)).toEqual(inRegion);
    expect(limited.total).toBe(inRegion.length);
    expect(limited.counts.running).toBe(1);
    // A region outside the limit shows nothing, a keyword narrows within it.
    const other = all.list.find((s) => s.regionId !== ps01.regionId)!;
    expect((await liveList({ regionId: other.regionId! }, user)).list).toEqual([]);
    expect((await liveList({ keyword: other.code }, user)).list).toEqual([]);
    expect((await liveList({ keyword: 'ps01' }, user)).list.map((s) => s.code)).toEqual(['PS01']);
    expect(snapshot().reads).toBe(reads);
  });

  it('reads everything again once older than its age limit: what no commit of this server tells', async () => {
    await reportStation(await config('PS01'), T0 - 1000, 1.2, { 1: { running: true } });
    expect((await liveList()).list.find((s) => s.code === 'PS01')!.state).toBe('running');
    const { reads } = snapshot();
    // The level gauge announced itself offline to another server (no reading): within the limit the
    // snapshot still holds it online, past it the list says offline.
    const level = sensor(await config('PS01'), 'level');
    await t.database.db.update(devices).set({ status: 'offline' }).where(eq(devices.code, level.deviceCode));
    expect((await liveList()).list.find((s) => s.code === 'PS01')!.state).toBe('running');
    liveSnapshots(t.app).maxAgeMs = 400;
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await liveList()).list.find((s) => s.code === 'PS01')!.state).toBe('offline');
    expect(snapshot().reads).toBe(reads + 1);
  });

  it('reads the next snapshot in the background once the one in use nears its age limit (PostgreSQL)', async () => {
    await liveList();
    const store = liveSnapshots(t.app);
    const { reads } = snapshot();
    const current = await store.get();
    // Read 80 % of the limit ago: it still serves; on PostgreSQL its successor is being read meanwhile
    // (not on PGlite, whose one connection and thread a read in the background would hold for everyone).
    current.readAt -= 0.8 * store.maxAgeMs;
    expect(await store.get()).toBe(current);
    if (t.database.kind !== 'postgres') {
      expect(snapshot().reads).toBe(reads);
      return;
    }
    expect(snapshot().reads).toBe(reads + 1);
    await vi.waitFor(async () => expect(await store.get()).not.toBe(current));
    expect(snapshot().reads).toBe(reads + 1);
  });

  it('reads again at once for a station whose configuration changed, and once for concurrent callers', async () => {
    const before = (await liveList()).list.find((s) => s.code === 'PS02')!;
    const { reads } = snapshot();
    // Saved as the configuration screen saves it (on this server or another): a newer updated_at.
    await t.database.db
      .update(stations)
      .set({ name: `${before.name}（改）`, highAlarmLevel: 4.25, updatedAt: new Date() })
      .where(eq(stations.code, 'PS02'));
    const lists = await Promise.all(Array.from({ length: 10 }, () => liveList()));
    for (const l of lists) {
      expect(l.list.find((s) => s.code === 'PS02')).toMatchObject({
        name: `${before.name}（改）`,
        setPoints: { highAlarm: 4.25 },
      });
    }
    expect(snapshot().reads).toBe(reads + 1);
  });
});

describe('the 24-hour trend', () => {
  it('averages level, flow, pumps running and rain into 5-minute buckets of the last 24 h', async () => {
    const c = await config('PS03');
    const level = sensor(c, 'level');
    const flow = sensor(c, 'flow');
    const p1 = c.pumps[0]!;
    // Four readings a bucket for an hour ending 2 h ago: level 1, 2, 3, 4 (avg 2.5); pump 1 running half the time.
    const start = Math.floor((T0 - 3 * 3_600_000) / 300_000) * 300_000;
    const points: { ts: number; values: Record<string, number> }[] = [];
    for (let i = 0; i < 48; i++) points.push({ ts: start + i * 75_000, values: { [level.metric]: (i % 4) + 1 } });
    await ingest(level.deviceCode, { points });
    await ingest(flow.deviceCode, { points: points.map((p) => ({ ts: p.ts, values: { [flow.metric]: 900 } })) });
    await ingest(p1.controllerCode, {
      points: points.map((p, i) => ({ ts: p.ts, values: { [p1.metrics.running!]: i % 2 === 0 } })),
    });

    const res = await t.call(stationLiveApi.trend, {
      params: { id: await stationId('PS03') },
      query: { hours: 24 },
      token: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const trend: StationTrend = res.json().data;
    expect(trend.bucketSeconds).toBe(300);
    expect(Date.parse(trend.to) - Date.parse(trend.from)).toBe(24 * 3_600_000);
    expect(trend.points).toHaveLength(12);
    expect(trend.points[0]).toEqual({
      t: new Date(start).toISOString(),
      level: 2.5,
      levelMax: 4,
      flow: 900,
      pumpsRunning: 0.5,
      rain: null,
    });
    expect(trend.points.every((p, i) => Date.parse(p.t) === start + i * 300_000)).toBe(true);

    const week = await t.call(stationLiveApi.trend, {
      params: { id: await stationId('PS03') },
      query: { hours: 72 },
      token: admin,
    });
    const wide: StationTrend = week.json().data;
    expect(wide.bucketSeconds).toBe(3600);
    expect(wide.points.length).toBeGreaterThanOrEqual(1);
  });
});

/** Every key path of a value, arrays as `[]`: what the public overview exposes, recursively. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value))
    return value.length ? [...new Set(value.flatMap((v) => keyPaths(v, `${prefix}[]`)))] : [`${prefix}[]`];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => {
      const path = prefix ? `${prefix}.${k}` : k;
      return v && typeof v === 'object' ? keyPaths(v, path) : [path];
    });
  }
  return [prefix];
}

// Reviewed one by one: aggregates, station names, kinds, places and states; no device codes, ids,
// secrets or people. A key added to the public overview fails here until it is reviewed.
const PUBLIC_FIELDS = [
  'at',
  'stations.running',
  'stations.stopped',
  'stations.fault',
  'stations.offline',
  'stations.total',
  'pumpedToday',
  'alarms.critical',
  'alarms.major',
  'alarms.minor',
  'alarms.warning',
  'alarms.info',
  'rain.max',
  'rain.avg',
  'rain.gauges',
  'map[].name',
  'map[].kind',
  'map[].lng',
  'map[].lat',
  'map[].state',
  'levels[].name',
  'levels[].level',
  'levels[].high',
  'levels[].ratio',
];

describe('the public home overview', () => {
  const overview = () => t.inject({ method: 'GET', url: '/api/public/overview' });

  it('answers without sign-in with exactly its reviewed fields, no device codes or people', async () => {
    const c = await config('PS01');
    await reportStation(c, T0 - 1000, c.highAlarmLevel! + 0.1, { 1: { running: true } });
    await reportStation(await config('PS02'), T0 - 1000, 1.2, { 2: { fault: true } });
    const rain = sensor(c, 'rain');
    await ingest(rain.deviceCode, { ts: T0 - 1000, values: { [rain.metric]: 12.5 } });
    const res = await overview();
    expect(res.statusCode, res.body).toBe(200);
    // Sent as cached text, so checked here against its contract (strictly: no key beyond the schema's).
    expect(envelope(publicApi.overview.data).parse(res.json())).toEqual(res.json());
    const data: PublicOverview = res.json().data;
    expect(keyPaths(data).sort()).toEqual([...PUBLIC_FIELDS].sort());
    expect(data.stations).toEqual({ running: 1, stopped: 0, fault: 1, offline: 10, total: 12 });
    // The alarm records, as the engine raised them from the demo city's rules.
    expect(data.alarms).toEqual(await activeBySeverity());
    expect(data.rain).toEqual({ max: 12.5, avg: 12.5, gauges: 1 });
    expect(data.levels[0]).toMatchObject({ name: c.name, high: c.highAlarmLevel });
    expect(data.levels[0]!.ratio).toBeGreaterThan(1);
    expect(data.map.length).toBe(12);
    const body = res.body;
    for (const d of [...c.sensors.map((s) => s.deviceCode), ...c.pumps.map((p) => p.controllerCode), c.code]) {
      expect(body).not.toContain(`"${d}"`);
    }
    if (c.responsibleUserName) expect(body).not.toContain(c.responsibleUserName);
  });

  it('counts water pumped since the utility’s midnight from the outlet flow meters', async () => {
    const c = await config('PS04');
    const flow = sensor(c, 'flow');
    // Without the demo history's rollups: only what this test reports counts.
    await t.database.db.delete(telemetryRollups1h);
    await t.database.db.delete(telemetryRollups1m);
    const dayStart = utilityDayStart(TEST_START).getTime();
    expect(new Date(dayStart).toISOString()).toBe('2026-05-31T16:00:00.000Z');
    // 600 m³/h through the two whole hours before 07:00 UTC, and the hour to 08:00 (T0) too.
    const points = [];
    for (let ts = T0 - 3 * 3_600_000; ts < T0; ts += 5 * MIN) points.push({ ts, values: { [flow.metric]: 600 } });
    await ingest(flow.deviceCode, { points });
    const data: PublicOverview = (await overview()).json().data;
    expect(data.pumpedToday).toBe(1800);
  });

  it('shares one computation among concurrent viewers, for a few seconds', async () => {
    const service = createStationLiveService(t.app);
    const before = overviewCache(t.app).computations;
    const answers = await Promise.all(Array.from({ length: 50 }, () => service.publicOverview()));
    expect(overviewCache(t.app).computations - before).toBe(1);
    expect(new Set(answers).size).toBe(1);
    await service.publicOverview();
    expect(overviewCache(t.app).computations - before).toBe(1);
    // Through the route too: concurrent viewers all get the overview, gzipped when they take it.
    const viaHttp = await Promise.all(Array.from({ length: 20 }, () => overview()));
    expect(new Set(viaHttp.map((a) => a.statusCode))).toEqual(new Set([200]));
    const zipped = await t.inject({
      method: 'GET',
      url: '/api/public/overview',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(viaHttp[0]!.json());
  });

  it('serves the last overview while a newer one is computed past the TTL, and never one begun before a forget', async () => {
    const service = createStationLiveService(t.app);
    const cache = overviewCache(t.app);
    const first = await service.publicOverview();
    expect(first.stations.running).toBe(0);
    await reportStation(await config('PS01'), T0 - 1000, 1.2, { 1: { running: true } });
    const before = cache.computations;

    // Past the TTL: the viewer gets the last overview at once, a new one is computed meanwhile.
    cache.entry!.at -= PUBLIC_OVERVIEW_TTL_MS;
    expect(await service.publicOverview()).toBe(first);
    expect(await service.publicOverview()).toBe(first);
    expect(cache.computations - before).toBe(1);
    await cache.refreshing;
    const next = await service.publicOverview();
    expect(next).not.toBe(first);
    expect(next.stations.running).toBe(1);

    // A refresh that began before the switch changed (forgetPublicOverview) is dropped when done.
    cache.entry!.at -= PUBLIC_OVERVIEW_TTL_MS;
    await service.publicOverview();
    const pending = cache.refreshing;
    expect(pending).not.toBeNull();
    forgetPublicOverview(t.app);
    await pending;
    expect(cache.entry).toBeNull();
    // Unasked for twice the TTL: the next viewer waits for a fresh one.
    const fresh = await service.publicOverview();
    expect(fresh).not.toBe(next);
    cache.entry!.at -= 2 * PUBLIC_OVERVIEW_TTL_MS;
    expect(await service.publicOverview()).not.toBe(fresh);
  });

  it('answers 401 in the envelope once switched off; the switch needs its permission and is logged', async () => {
    const nobody = await signInWithoutPermissions(t);
    const refused = await t.call(publicApi.setSetting, { body: { enabled: false }, token: nobody });
    expect(refused.statusCode).toBe(403);
    expect((await t.call(publicApi.getSetting, { token: user })).statusCode).toBe(403);
    expect((await overview()).statusCode).toBe(200);

    expect((await t.call(publicApi.getSetting, { token: admin })).json().data).toEqual({ enabled: true });
    const off = await t.call(publicApi.setSetting, { body: { enabled: false }, token: admin });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toEqual({ enabled: false });
    const closed = await overview();
    expect(closed.statusCode).toBe(401);
    expect(closed.json()).toEqual({ code: 401, msg: expect.any(String), data: null });
    // Still the landing page of a signed-in user (a plain one too); a forged or ended session is a visitor.
    const asUser = await t.inject({
      method: 'GET',
      url: '/api/public/overview',
      headers: { authorization: `Bearer ${user}` },
    });
    expect(asUser.statusCode, asUser.body).toBe(200);
    expect(asUser.json().data.stations.total).toBe(12);
    const forged = await t.inject({
      method: 'GET',
      url: '/api/public/overview',
      headers: { authorization: 'Bearer forged' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ code: 401, msg: expect.any(String), data: null });
    expect((await t.call(publicApi.getSetting, { token: admin })).json().data).toEqual({ enabled: false });

    const rows = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.module, 'system'), eq(operationLog.action, 'public-home')));
    // The refused attempt leaves its 'denied' row, the switch its 'success' row with before and after.
    expect(rows.map((r) => r.result).sort()).toEqual(['denied', 'success']);
    expect(rows.find((r) => r.result === 'success')).toMatchObject({
      before: { enabled: true },
      after: { enabled: false },
    });

    await t.call(publicApi.setSetting, { body: { enabled: true }, token: admin });
    expect((await overview()).statusCode).toBe(200);
  });
});

describe('the Workplace operations row', () => {
  it('counts stations by state, devices online and water pumped today', async () => {
    await reportStation(await config('PS01'), T0 - 1000, 1.2, { 1: { running: true } });
    const res = await t.call(workplaceApi.overview, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const ops = res.json().data.operations;
    expect(ops).toMatchObject({ stationsRunning: 1, stationsFault: 0, stationsOffline: 11, stationsTotal: 12 });
    expect(ops.devicesOnline).toBeGreaterThanOrEqual(3);
    expect(ops.devicesTotal).toBeGreaterThan(ops.devicesOnline);
    expect(typeof ops.pumpedToday).toBe('number');
  });
});

describe('station updates on /api/ws', () => {
  it('pushes a subscribed station’s live state as its readings commit, throttled per station', async () => {
    const c = await config('PS05');
    const id = await stationId('PS05');
    const ws: WebSocket = await t.app.injectWS('/api/ws');
    const events: LiveEvent[] = [];
    ws.on('message', (raw) => events.push(JSON.parse(String(raw))));
    try {
      ws.send(JSON.stringify({ type: 'auth', token: admin }));
      ws.send(JSON.stringify({ type: 'subscribe-stations', stationIds: [id, 999_999] }));
      await vi.waitFor(() => expect(t.app.realtime.hasStationSubscribers(id)).toBe(true));
      expect(t.app.realtime.hasStationSubscribers(999_999)).toBe(false);
      await reportStation(c, T0 - 1000, 1.7, { 1: { running: true } });
      await vi.waitFor(
        () => {
          const last = events.filter((e) => e.type === 'station').at(-1);
          expect(last).toMatchObject({ type: 'station', station: { id, state: 'running', level: { value: 1.7 } } });
        },
        { timeout: 4000 },
      );
      // Every reading of the station above (one message per device) came in far fewer events.
      expect(events.filter((e) => e.type === 'station').length).toBeLessThanOrEqual(3);
      ws.send(JSON.stringify({ type: 'subscribe-stations', stationIds: [] }));
      await vi.waitFor(() => expect(t.app.realtime.hasStationSubscribers(id)).toBe(false));
    } finally {
      ws.terminate();
    }
  });
});
