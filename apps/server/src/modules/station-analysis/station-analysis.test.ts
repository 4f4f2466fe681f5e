import { type AnalysisCompare, type AnalysisKpis, stationAnalysisApi } from '@water/contracts';
import { asc, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  alarms,
  devices,
  operationLog,
  stationPumps,
  stationSensors,
  stations,
  telemetryRollups1d,
  telemetryRollups1h,
} from '../../db/schema/index.ts';
import { type CallInput, createTestApp, resetDatabase, TEST_START, type TestApp } from '../../testing/build-app.ts';
import { insertRegion, limitRoleToRegions } from '../../testing/fixtures.ts';
import { deriveDailyRollups, refreshDailyRollups } from '../telemetry/telemetry.daily.ts';
import { createStationAnalysisRepository, type PieceFigure, tiersOf } from './station-analysis.repository.ts';
import { clearAnalysisCaches, periodsOf } from './station-analysis.service.ts';

/** A wall-clock hour of the utility (UTC+8) as an instant. */
const local = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`);

let t: TestApp;
let admin: string;
let user: string;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Station {
  id: number;
  regionId: number | null;
  flow: { deviceId: number; metric: string };
  pumps: { id: number; controller: number }[];
  anyDevice: number;
}

async function station(code: string): Promise<Station> {
  const db = t.database.db;
  const [s] = await db.select().from(stations).where(eq(stations.code, code));
  const pumps = await db
    .select()
    .from(stationPumps)
    .where(eq(stationPumps.stationId, s!.id))
    .orderBy(asc(stationPumps.number));
  const [flow] = await db
    .select()
    .from(stationSensors)
    .where(eq(stationSensors.stationId, s!.id))
    .then((rows) => rows.filter((r) => r.role === 'flow'));
  const [device] = await db.select({ id: devices.id }).from(devices).where(eq(devices.stationId, s!.id)).limit(1);
  return {
    id: s!.id,
    regionId: s!.regionId,
    flow: { deviceId: flow!.deviceId, metric: flow!.metric },
    pumps: pumps.map((p) => ({ id: p.id, controller: p.controllerDeviceId! })),
    anyDevice: device!.id,
  };
}

/** One hourly rollup: `mean` over `count` readings between min and max. */
const hour = (deviceId: number, metric: string, bucket: Date, mean: number, count = 1, min = mean, max = mean) => ({
  deviceId,
  metric,
  bucket,
  min,
  max,
  sum: mean * count,
  count,
});

let ps01: Station;
let ps02: Station;

/**
 * The fixed data set (utility time, UTC+8), every figure below computed by hand from it:
 *
 * PS01, pump 1 on an energy counter (its power is then ignored), pump 2 on power only, pump 3 silent.
 * May 2026:
 *   flow 05-10 00:00 mean 360 (2 readings), 01:00 mean 180, 05-31 23:00 mean 60     → 600 m³
 *   (06-01 00:00 mean 1000 is June's: the UTC day would count it in May)
 *   pump 1 energy counter 05-10 00:00 1000→1010 (no hour before: its own rise 10),
 *          01:00 1010→1030 (rise over the hour before: 1030 − 1010 = 20)          → 30 kWh
 *   pump 1 power 30 kW both hours (ignored: the counter has readings)
 *   pump 2 power 05-10 00:00 mean 40 kW                                            → 40 kWh
 *   energy 70 kWh; intensity 70 / 600 × 1000 = 116.67                               → 116.7
 *   pump 1 running 00:00 mean 1, 01:00 mean 0.5; pump 2 running 00:00 mean 0.5     → 2.0 h
 *   pump 1 starts counter 100→101, 101→103                                         → 3 (1 + 2)
 *   pump 1 fault 01:00 mean 0.25
 *   availability: pump 1 first read 04-15 00:00: all of May, 744 pump-hours, 2 reported − 0.25 faulted
 *                 = 1.75 available; pump 2 first read 05-10 00:00: 22 days = 528 pump-hours, 1 available;
 *                 pump 3 never read: not counted. (1.75 + 1) / (744 + 528) = 0.0021619…   → 0.0022
 *   alarms raised 05-10 00:00 critical (ack +600 s, cleared +3600 s), 05-20 00:00 minor (ack +1200 s)
 *   (04-30 23:59 major is April's; 06-01 00:00 warning is June's)
 * April 2026 (the previous period of a whole month):
 *   flow 04-15 00:00 mean 100 → 100 m³; pump 1 power 10 kW (no counter reading in April) → 10 kWh;
 *   intensity 100; pump 1 running 1 → 1 h; availability 1 / (16 days × 24 = 384) = 0.0026; 1 major alarm
 * PS02 (May): flow 05-05 00:00 mean 1000 → 1000 m³; pump 1 power 50 → 50 kWh; intensity 50.
 */
async function fixture() {
  const db = t.database.db;
  ps01 = await station('PS01');
  ps02 = await station('PS02');
  const [p1, p2] = ps01.pumps as [Station['pumps'][number], Station['pumps'][number]];
  await db.update(stationPumps).set({ energyMetric: 'energy' }).where(eq(stationPumps.id, p1.id));
  await db.update(stationPumps).set({ energyMetric: null }).where(eq(stationPumps.id, p2.id));
  for (const p of ps02.pumps)
    await db.update(stationPumps).set({ energyMetric: null }).where(eq(stationPumps.id, p.id));
  const f = ps01.flow;
  await db
    .insert(telemetryRollups1h)
    .values([
      hour(f.deviceId, f.metric, local('2026-05-10', '00:00'), 360, 2),
      hour(f.deviceId, f.metric, local('2026-05-10', '01:00'), 180),
      hour(f.deviceId, f.metric, local('2026-05-31', '23:00'), 60),
      hour(f.deviceId, f.metric, local('2026-06-01', '00:00'), 1000),
      hour(f.deviceId, f.metric, local('2026-04-15', '00:00'), 100),
      hour(p1.controller, 'energy', local('2026-05-10', '00:00'), 1005, 2, 1000, 1010),
      hour(p1.controller, 'energy', local('2026-05-10', '01:00'), 1020, 2, 1010, 1030),
      hour(p1.controller, 'power', local('2026-05-10', '00:00'), 30),
      hour(p1.controller, 'power', local('2026-05-10', '01:00'), 30),
      hour(p1.controller, 'power', local('2026-04-15', '00:00'), 10),
      hour(p2.controller, 'power', local('2026-05-10', '00:00'), 40, 2),
      hour(p1.controller, 'running', local('2026-05-10', '00:00'), 1, 4),
      hour(p1.controller, 'running', local('2026-05-10', '01:00'), 0.5, 4, 0, 1),
      hour(p1.controller, 'running', local('2026-04-15', '00:00'), 1),
      hour(p2.controller, 'running', local('2026-05-10', '00:00'), 0.5, 2, 0, 1),
      hour(p1.controller, 'starts', local('2026-05-10', '00:00'), 100.5, 2, 100, 101),
      hour(p1.controller, 'starts', local('2026-05-10', '01:00'), 102, 2, 101, 103),
      hour(p1.controller, 'fault', local('2026-05-10', '00:00'), 0),
      hour(p1.controller, 'fault', local('2026-05-10', '01:00'), 0.25, 4, 0, 1),
      hour(ps02.flow.deviceId, ps02.flow.metric, local('2026-05-05', '00:00'), 1000),
      hour(ps02.pumps[0]!.controller, 'power', local('2026-05-05', '00:00'), 50),
    ]);
  const alarm = (severity: string, raisedAt: Date, ack?: number, clear?: number) => ({
    kind: 'rule',
    sourceKey: `test:${raisedAt.getTime()}`,
    severity,
    deviceId: ps01.anyDevice,
    stationId: ps01.id,
    regionId: ps01.regionId,
    raisedAt,
    lastAt: raisedAt,
    active: clear === undefined,
    acknowledged: ack !== undefined,
    acknowledgedAt: ack === undefined ? null : new Date(raisedAt.getTime() + ack * 1000),
    clearedAt: clear === undefined ? null : new Date(raisedAt.getTime() + clear * 1000),
  });
  await db
    .insert(alarms)
    .values([
      alarm('critical', local('2026-05-10', '00:00'), 600, 3600),
      alarm('minor', local('2026-05-20', '00:00'), 1200),
      alarm('major', local('2026-04-30', '23:59'), 60, 120),
      alarm('warning', local('2026-06-01', '00:00')),
    ]);
  // The daily tier of those hours, as the telemetry job and the demo seed keep it.
  await deriveAll();
}

/** Every utility day of 2025–2026 derived again from the hours. */
const deriveAll = () =>
  deriveDailyRollups(t.database.db, local('2025-01-01', '00:00').getTime(), local('2027-01-01', '00:00').getTime());

beforeEach(async () => {
  t.clock.set(TEST_START);
  await resetDatabase(t.database);
  await t.database.db.delete(telemetryRollups1h);
  await t.database.db.delete(telemetryRollups1d);
  await t.database.db.delete(alarms);
  clearAnalysisCaches();
  admin = await t.login();
  user = await t.login('user', 'User@2026');
  await fixture();
});

const compare = (query: CallInput<typeof stationAnalysisApi.compare>['query'], token = admin) =>
  t.call(stationAnalysisApi.compare, { query, token });
const kpis = (query: CallInput<typeof stationAnalysisApi.kpis>['query'], token = admin) =>
  t.call(stationAnalysisApi.kpis, { query, token });

async function ok<T>(res: Promise<Awaited<ReturnType<TestApp['inject']>>>): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as T;
}

describe('periods', () => {
  it('compares a whole month with the month before, other spans with as many days before', () => {
    expect(periodsOf('2026-05-01', '2026-05-31').previous).toMatchObject({ from: '2026-04-01', to: '2026-04-30' });
    expect(periodsOf('2026-03-01', '2026-03-31').previous).toMatchObject({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodsOf('2026-01-01', '2026-12-31').previous).toMatchObject({ from: '2025-01-01', to: '2025-12-31' });
    expect(periodsOf('2026-05-03', '2026-05-09').previous).toMatchObject({ from: '2026-04-26', to: '2026-05-02' });
    // Utility midnight is 16:00 UTC the day before.
    expect(new Date(periodsOf('2026-05-01', '2026-05-31').current.start).toISOString()).toBe(
      '2026-04-30T16:00:00.000Z',
    );
  });
});

describe('compare', () => {
  it('gives each station’s figures for the period and the one before, as computed by hand', async () => {
    const data = await ok<AnalysisCompare>(
      compare({ from: '2026-05-01', to: '2026-05-31', stationIds: `${ps01.id},${ps02.id}` }),
    );
    expect(data).toMatchObject({ previousFrom: '2026-04-01', previousTo: '2026-04-30', partial: false });
    expect(data.rows.map((r) => r.station.code)).toEqual(['PS01', 'PS02']);
    const [a, b] = data.rows;
    expect(a!.current).toEqual({
      volume: 600,
      energy: 70,
      kwhPer1000m3: 116.7,
      runHours: 2,
      starts: 3,
      alarms: 2,
      alarmsBySeverity: { critical: 1, major: 0, minor: 1, warning: 0, info: 0 },
      availability: 0.0022,
      // 3 pump-hours reported (pump 1: 2, pump 2: 1) of 2 pumps × 744 h = 0.00202
      coverage: 0.002,
    });
    expect(a!.previous).toEqual({
      volume: 100,
      energy: 10,
      kwhPer1000m3: 100,
      runHours: 1,
      starts: null,
      alarms: 1,
      alarmsBySeverity: { critical: 0, major: 1, minor: 0, warning: 0, info: 0 },
      availability: 0.0026,
      // 1 pump-hour reported of 2 pumps × 720 h = 0.00069: too little to compare with (no changes in the export)
      coverage: 0.0007,
    });
    // PS02: no run-state readings (no availability, no run hours), no start counter (starts unknown, not 0).
    expect(b!.current).toMatchObject({
      volume: 1000,
      energy: 50,
      kwhPer1000m3: 50,
      runHours: null,
      starts: null,
      alarms: 0,
      availability: null,
    });
    expect(b!.previous).toMatchObject({ volume: null, energy: null, kwhPer1000m3: null });
    // Totals: 1600 m³, 120 kWh → 75 kWh per 1000 m³; availability over both stations' pump-hours.
    expect(data.totals.current).toMatchObject({
      volume: 1600,
      energy: 120,
      kwhPer1000m3: 75,
      runHours: 2,
      starts: 3,
      alarms: 2,
      availability: 0.0022,
    });
  });

  it('reaches every station in the caller’s regions when none is named, and refuses one outside them', async () => {
    const all = await ok<AnalysisCompare>(compare({ from: '2026-05-01', to: '2026-05-31' }));
    expect(all.rows).toHaveLength(12);

    const region = await insertRegion(t.database.db, { code: 'ANL', name: '分析片区', kind: 'city' });
    await t.database.db.update(stations).set({ regionId: region.id }).where(eq(stations.id, ps01.id));
    await limitRoleToRegions(t.database.db, 'user', [region.id]);
    const limited = await t.login('user', 'User@2026');
    const mine = await ok<AnalysisCompare>(compare({ from: '2026-05-01', to: '2026-05-31' }, limited));
    expect(mine.rows.map((r) => r.station.code)).toEqual(['PS01']);
    expect(mine.totals.current.volume).toBe(600);
    const refused = await compare({ from: '2026-05-01', to: '2026-05-31', stationIds: `${ps02.id}` }, limited);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('stationIds');
    const k = await ok<AnalysisKpis>(kpis({ year: 2026 }, limited));
    expect(k.stations).toBe(1);
    expect(k.current.volume).toBe(1700);
  });

  it('refuses bad periods and unknown stations with 400', async () => {
    expect((await compare({ from: '2026-05-31', to: '2026-05-01' })).statusCode).toBe(400);
    expect((await compare({ from: '2025-01-01', to: '2026-02-05' })).statusCode).toBe(400);
    expect((await compare({ from: '2025-01-01', to: '2026-02-04' })).statusCode).toBe(200);
    expect((await compare({ from: '2026-02-30', to: '2026-03-01' })).statusCode).toBe(400);
    expect((await compare({ from: '2026-05-01', to: '2026-05-31', stationIds: '99999' })).statusCode).toBe(400);
    expect((await compare({ from: '2026-05-01', to: '2026-05-31', stationIds: 'x' })).statusCode).toBe(400);
    const many = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    expect((await compare({ from: '2026-05-01', to: '2026-05-31', stationIds: many })).statusCode).toBe(400);
    expect((await kpis({})).statusCode).toBe(400);
    expect((await kpis({ year: 1999 })).statusCode).toBe(400);
    expect(
      (await t.call(stationAnalysisApi.compare, { query: { from: '2026-05-01', to: '2026-05-31' } })).statusCode,
    ).toBe(401);
  });

  it('exports the comparison as XLSX for any signed-in user, in the operation log', async () => {
    const res = await t.call(stationAnalysisApi.exportCompare, {
      query: { from: '2026-05-01', to: '2026-05-31', stationIds: `${ps01.id}` },
      token: user,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const logs = await t.database.db.select().from(operationLog);
    expect(logs.some((l) => l.module === 'station-analysis' && l.action === 'export')).toBe(true);
  });
});

describe('kpis', () => {
  it('gives the system’s figures, MTTA and MTTR, the tops and twelve months', async () => {
    const data = await ok<AnalysisKpis>(kpis({ from: '2026-05-01', to: '2026-05-31' }));
    expect(data.stations).toBe(12);
    // May: PS01 600 + PS02 1000 m³, 70 + 50 kWh; alarms raised in May: ack 600 and 1200 s → 900; one cleared, 3600 s.
    expect(data.current).toMatchObject({
      volume: 1600,
      energy: 120,
      kwhPer1000m3: 75,
      alarms: 2,
      mtta: 900,
      mttr: 3600,
    });
    expect(data.previous).toMatchObject({ volume: 100, energy: 10, alarms: 1, mtta: 60, mttr: 120 });
    expect(data.topIntensity.map((x) => [x.station.code, x.value])).toEqual([
      ['PS01', 116.7],
      ['PS02', 50],
    ]);
    expect(data.topAlarms.map((x) => [x.station.code, x.value])).toEqual([['PS01', 2]]);
    expect(data.months.map((m) => m.month)).toEqual([
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
    ]);
    expect(data.months.at(-1)).toEqual({
      month: '2026-05',
      volume: 1600,
      energy: 120,
      kwhPer1000m3: 75,
      availability: 0.0022,
      alarms: 2,
    });
    expect(data.months.at(-2)).toMatchObject({ month: '2026-04', volume: 100, energy: 10, alarms: 1 });
    expect(data.months[0]).toMatchObject({ volume: null, energy: null, availability: null, alarms: 0 });
  });

  it('takes a year: January to December against the year before, June’s first hour in June', async () => {
    const data = await ok<AnalysisKpis>(kpis({ year: 2026 }));
    expect(data).toMatchObject({ from: '2026-01-01', to: '2026-12-31', previousFrom: '2025-01-01', partial: true });
    // 600 + 100 + 1000 (PS01 May, April; PS02) + 1000 (PS01, 06-01 00:00) m³; 70 + 10 + 50 kWh.
    expect(data.current).toMatchObject({ volume: 2700, energy: 130, kwhPer1000m3: 48.1, alarms: 4 });
    expect(data.months.find((m) => m.month === '2026-06')).toMatchObject({ volume: 1000, alarms: 1 });
    expect(data.months.at(-1)!.month).toBe('2026-12');
  });
});

describe('daily tier', () => {
  /** A tiny fixed random source (mulberry32): the same hours on every run. */
  const random = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };

  it('gives the same figures from whole days and the hours since as from the hours alone', async () => {
    const db = t.database.db;
    await db.delete(telemetryRollups1h);
    await db.delete(telemetryRollups1d);
    // 70 days up to now (06-01 16:00 local) of a flow (averaged) and an energy counter with gaps of
    // hours and of more than a day, a meter reset, and hours still to come.
    const rnd = random(17);
    const f = ps01.flow;
    const energy = { deviceId: ps01.pumps[0]!.controller, metric: 'energy' };
    const start = local('2026-03-24', '00:00').getTime();
    const rows = [];
    let meter = 5000;
    for (let h = 0; h < 70 * 24 + 30; h++) {
      const bucket = new Date(start + h * 3_600_000);
      if (rnd() < 0.15 || (h >= 500 && h < 540)) continue; // silent hours, and a day and a half
      const n = 1 + Math.floor(rnd() * 60);
      const mean = 100 + rnd() * 500;
      rows.push(hour(f.deviceId, f.metric, bucket, mean, n, mean - 50, mean + 50));
      if (h === 900) meter = 3; // a new meter
      const min = meter;
      meter += rnd() * 40;
      rows.push(hour(energy.deviceId, energy.metric, bucket, (min + meter) / 2, n, min, meter));
    }
    for (let i = 0; i < rows.length; i += 500) await db.insert(telemetryRollups1h).values(rows.slice(i, i + 500));
    await deriveAll();

    const now = TEST_START.getTime();
    const split = local('2026-05-31', '00:00').getTime(); // yesterday's start, as the service splits
    const r = createStationAnalysisRepository(db);
    const key = (x: PieceFigure) => `${x.deviceId}:${x.metric}:${x.piece}`;
    const same = (mixed: PieceFigure[], hourly: PieceFigure[]) => {
      expect(mixed.map(key).sort()).toEqual(hourly.map(key).sort());
      const byKey = new Map(hourly.map((x) => [key(x), x]));
      for (const x of mixed) {
        const h = byKey.get(key(x))!;
        expect(x.hours).toBe(h.hours);
        expect(x.value).toBeCloseTo(h.value, 6);
      }
    };
    // Pieces of whole months (April from the monthly tier), and with a cut inside April (its days).
    for (const days of [
      ['2026-03-25', '2026-04-01', '2026-05-01', '2026-05-31', '2026-06-01', '2026-06-03'],
      ['2026-03-25', '2026-04-01', '2026-04-17', '2026-05-01', '2026-05-31', '2026-06-01', '2026-06-03'],
    ]) {
      const cuts = days.map((d) => local(d, '00:00').getTime());
      const integrals = await r.integrals([f], cuts, now, split);
      expect(integrals.length).toBeGreaterThanOrEqual(4);
      same(integrals, await r.integrals([f], cuts, now, Number.NEGATIVE_INFINITY));
      const rises = await r.rises([energy], cuts, split);
      expect(rises.length).toBeGreaterThanOrEqual(4);
      same(rises, await r.rises([energy], cuts, Number.NEGATIVE_INFINITY));
      // Also with the split inside a piece, on the first cut and a day before it (never later than
      // yesterday: today's hours are still running).
      for (const at of [local('2026-04-10', '00:00').getTime(), cuts[0]!, cuts[0]! - 86_400_000]) {
        same(await r.integrals([f], cuts, now, at), await r.integrals([f], cuts, now, Number.NEGATIVE_INFINITY));
        same(await r.rises([energy], cuts, at), await r.rises([energy], cuts, Number.NEGATIVE_INFINITY));
      }
    }
    expect(
      tiersOf(
        [local('2026-03-25', '00:00').getTime(), local('2026-06-01', '00:00').getTime()],
        local('2026-03-25', '00:00').getTime(),
        split,
      ),
    ).toEqual({
      months: [[local('2026-04-01', '00:00').getTime(), local('2026-05-01', '00:00').getTime()]],
      days: [
        [local('2026-03-25', '00:00').getTime(), local('2026-04-01', '00:00').getTime()],
        [local('2026-05-01', '00:00').getTime(), split],
      ],
      hours: [split, local('2026-06-01', '00:00').getTime()],
    });
  });

  it('re-derives yesterday and today from the hours: a late hour for yesterday reaches its day row', async () => {
    const db = t.database.db;
    const f = ps01.flow;
    // Now is 06-01 16:00 local: yesterday is 05-31, whose 23:00 hour (mean 60) is in the fixture.
    const dayRow = async (day: string) =>
      (
        await db
          .select()
          .from(telemetryRollups1d)
          .where(eq(telemetryRollups1d.bucket, local(day, '00:00')))
          .then((rows) => rows.filter((x) => x.deviceId === f.deviceId && x.metric === f.metric))
      )[0];
    expect(await dayRow('2026-05-31')).toMatchObject({ hours: 1, points: 1, meanSum: 60 });
    await db.insert(telemetryRollups1h).values(hour(f.deviceId, f.metric, local('2026-05-31', '10:00'), 240, 3));
    const mayVolume = async () => {
      clearAnalysisCaches();
      const data = await ok<AnalysisCompare>(
        compare({ from: '2026-05-01', to: '2026-05-31', stationIds: `${ps01.id}` }),
      );
      return data.rows[0]!.current.volume;
    };
    // The job has derived today: yesterday is read from its day row, which has not seen the late hour yet.
    expect(await mayVolume()).toBe(600);
    // Until the job has derived today (just after midnight), yesterday is read from the hours.
    await db.delete(telemetryRollups1d).where(gte(telemetryRollups1d.bucket, local('2026-06-01', '00:00')));
    expect(await mayVolume()).toBe(840);
    // Late hours older than yesterday wait for the hourly recheck.
    await db.insert(telemetryRollups1h).values(hour(f.deviceId, f.metric, local('2026-05-28', '10:00'), 24, 2));
    expect(await refreshDailyRollups(db, TEST_START)).toBeGreaterThanOrEqual(1);
    expect(await dayRow('2026-05-31')).toMatchObject({ hours: 2, points: 4, meanSum: 300, min: 60, max: 240 });
    expect(await dayRow('2026-05-28')).toBeUndefined();
    // Run again: nothing changed, nothing written (several servers may run it).
    expect(await refreshDailyRollups(db, TEST_START)).toBe(0);
    expect(await refreshDailyRollups(db, TEST_START, true)).toBe(2); // the day and its month
    expect(await dayRow('2026-05-28')).toMatchObject({ hours: 1, points: 2, meanSum: 24 });

    // The analysis sees both: May's flow is 600 + 240 + 24 m³.
    clearAnalysisCaches();
    const data = await ok<AnalysisCompare>(compare({ from: '2026-05-01', to: '2026-05-31', stationIds: `${ps01.id}` }));
    expect(data.rows[0]!.current.volume).toBe(864);

    // After a pause (the server down two days), the next run catches up from the newest day derived.
    t.clock.set(new Date(TEST_START.getTime() + 2 * 86_400_000));
    await db.insert(telemetryRollups1h).values(hour(f.deviceId, f.metric, local('2026-06-02', '05:00'), 10));
    await refreshDailyRollups(db, t.clock.now());
    expect(await dayRow('2026-06-02')).toMatchObject({ hours: 1, meanSum: 10 });
  });
});
