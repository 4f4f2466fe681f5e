import {
  type PumpStationDetail,
  pumpStationsApi,
  type StationDaily,
  type StationHistory,
  stationHistoryApi,
} from '@water/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  stationPumps,
  stations,
  telemetryLatest,
  telemetryPoints,
  telemetryRollups1h,
  telemetryRollups1m,
} from '../../db/schema/index.ts';
import { demoDeviceSecret } from '../../db/seed/demo-secrets.ts';
import { type CallInput, createTestApp, resetDatabase, TEST_START, type TestApp } from '../../testing/build-app.ts';
import { insertRegion, limitRoleToRegions } from '../../testing/fixtures.ts';
import { fewestStarts } from './station-history.service.ts';

const T0 = TEST_START.getTime();
const MIN = 60_000;
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** A wall-clock time of the utility (UTC+8) as an instant. */
const local = (day: string, time: string) => Date.parse(`${day}T${time}:00+08:00`);

let t: TestApp;
let admin: string;
let user: string;
let c: PumpStationDetail;

beforeAll(async () => {
  t = await createTestApp({ TELEMETRY_FLUSH_MS: '5' });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(TEST_START);
  await resetDatabase(t.database);
  // Start from no history at all: each test reports what it needs.
  for (const table of [telemetryPoints, telemetryRollups1m, telemetryRollups1h, telemetryLatest]) {
    await t.database.db.delete(table);
  }
  admin = await t.login();
  user = await t.login('user', 'User@2026');
  c = await config('PS01');
});

async function stationId(code: string) {
  const [row] = await t.database.db.select({ id: stations.id }).from(stations).where(eq(stations.code, code));
  return row!.id;
}

async function config(code: string): Promise<PumpStationDetail> {
  const res = await t.call(pumpStationsApi.get, { params: { id: await stationId(code) }, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const sensor = (role: string) => c.sensors.find((s) => s.role === role)!;

/** Reports as the demo device itself, in one batch. */
async function ingest(code: string, points: { ts: number; values: Record<string, unknown> }[]) {
  const res = await t.inject({
    method: 'POST',
    url: `/api/ingest/${code}`,
    headers: { authorization: `Device ${demoDeviceSecret(code)}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ points }),
  });
  expect(res.json(), res.body).toMatchObject({ code: 200, data: { rejected: 0 } });
}

/** Readings every `stepMin` minutes over [from, to), each value from the time. */
function every(from: number, to: number, stepMin: number, values: (ts: number) => Record<string, unknown>) {
  const points = [];
  for (let ts = from; ts < to; ts += stepMin * MIN) points.push({ ts, values: values(ts) });
  return points;
}

const history = (query: CallInput<typeof stationHistoryApi.history>['query'], token = admin, code = 'PS01') =>
  stationId(code).then((id) => t.call(stationHistoryApi.history, { params: { id }, query, token }));
const daily = (query: CallInput<typeof stationHistoryApi.daily>['query'], token = admin, code = 'PS01') =>
  stationId(code).then((id) => t.call(stationHistoryApi.daily, { params: { id }, query, token }));

async function ok<T>(res: Promise<Awaited<ReturnType<TestApp['inject']>>>): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
}

/** The 400's fields, as the error handler names them. */
async function badFields(res: Promise<Awaited<ReturnType<TestApp['inject']>>>): Promise<string[]> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(400);
  return r.json().data.errors.map((e: { field: string }) => e.field);
}

describe('station history: level with set-points, flow, rain and pump runs', () => {
  it('answers the mapped series at raw resolution with each pump’s run periods', async () => {
    const from = T0 - 2 * HOUR;
    // Level every minute for the last 90 minutes; pump 1 runs from T0 − 60 min to T0 − 30 min.
    await ingest(
      sensor('level').deviceCode,
      every(T0 - 90 * MIN, T0 + 1, 1, (ts) => ({ [sensor('level').metric]: 1 + (ts - T0 + 90 * MIN) / (90 * MIN) })),
    );
    const p1 = c.pumps[0]!;
    await ingest(
      p1.controllerCode,
      every(T0 - 90 * MIN, T0 + 1, 1, (ts) => ({ running: ts >= T0 - 60 * MIN && ts < T0 - 30 * MIN })),
    );

    const h = await ok<StationHistory>(history({ from: iso(from), to: iso(T0) }));
    expect(h.resolution).toBe('raw');
    expect(h.station).toMatchObject({ code: 'PS01', name: c.name });
    expect(h.setPoints).toEqual({
      wellDepth: c.wellDepth,
      highAlarm: c.highAlarmLevel,
      lowAlarm: c.lowAlarmLevel,
      protection: c.protectionLevel,
    });
    expect(h.level).toMatchObject({ deviceId: sensor('level').deviceId, metric: 'level', unit: 'm' });
    expect(h.level!.points).toHaveLength(91);
    expect(h.level!.points[0]).toEqual({ t: iso(T0 - 90 * MIN), v: 1 });
    expect(h.level!.points.at(-1)).toEqual({ t: iso(T0), v: 2 });
    // Mapped but silent: a series with no points; never mapped (no outlet pressure at PS01): null.
    if (c.sensors.some((s) => s.role === 'flow')) expect(h.flow!.points).toEqual([]);
    expect(h.pressure).toBeNull();

    expect(h.pumps.map((p) => [p.number, p.startLevel, p.stopLevel])).toEqual(
      c.pumps.map((p) => [p.number, p.startLevel, p.stopLevel]),
    );
    expect(h.pumps[0]!.running).toMatchObject({ deviceId: p1.controllerDeviceId, metric: 'running' });
    expect(h.pumps[0]!.runs).toEqual([{ from: iso(T0 - 60 * MIN), to: iso(T0 - 30 * MIN), duty: 1 }]);
    expect(h.pumps[1]!.runs).toEqual([]);

    // The hourly tier asked for: the hour it ran half of, as a share.
    const hourly = await ok<StationHistory>(history({ from: iso(from), to: iso(T0), resolution: '1h' }));
    expect(hourly).toMatchObject({ resolution: '1h', bucketSeconds: 3600 });
    expect(hourly.pumps[0]!.runs).toEqual([{ from: iso(T0 - HOUR), to: iso(T0), duty: 0.5 }]);
    expect(hourly.level!.points[0]).toMatchObject({ t: iso(from), count: 30 });
  });

  it('picks coarser buckets for a long range and refuses a tier too fine for it, naming the field', async () => {
    const month = { from: iso(T0 - 30 * 24 * HOUR), to: iso(T0) };
    // A month of hourly level rollups only (as the demo history writes them beyond its last day).
    const level = sensor('level');
    await t.database.db.insert(telemetryRollups1h).values(
      Array.from({ length: 30 * 24 }, (_, i) => ({
        deviceId: level.deviceId,
        metric: level.metric,
        bucket: new Date(T0 - (i + 1) * HOUR),
        min: 1,
        max: 2,
        sum: 90,
        count: 60,
      })),
    );
    const coarse = await ok<StationHistory>(history({ ...month, maxPoints: 100 }));
    expect(coarse.resolution).toBe('bucket');
    expect(coarse.bucketSeconds).toBe(8 * 3600);
    expect(coarse.level!.points[0]).toMatchObject({ v: 1.5, min: 1, max: 2 });
    expect(await badFields(history({ ...month, resolution: '1m' }))).toEqual(['querystring.resolution']);
    expect(await badFields(history({ from: iso(T0), to: iso(T0 - HOUR) }))).toEqual(['querystring.to']);
    expect(await badFields(history({ from: 'yesterday', to: iso(T0) }))).toEqual(['querystring.from']);
  });
});

/**
 * Pump 1 without an energy counter (its energy integrated from its power), pump 2 on its
 * controller's `energy` counter (kWh; the demo maps it on every pump).
 */
async function mapEnergyCounter() {
  await t.database.db.update(stationPumps).set({ energyMetric: null }).where(eq(stationPumps.id, c.pumps[0]!.id));
  await t.database.db.update(stationPumps).set({ energyMetric: 'energy' }).where(eq(stationPumps.id, c.pumps[1]!.id));
}

describe('daily table: volume, energy and each pump’s run hours and starts per utility day', () => {
  const D = '2026-05-31';
  const d0 = local(D, '00:00');
  const runs = [
    ['01:00', '02:00'],
    ['05:00', '05:30'],
    ['10:00', '10:30'],
  ].map(([a, b]) => [local(D, a!), local(D, b!)] as const);
  const running = (ts: number) => runs.some(([a, b]) => ts >= a && ts < b);

  it('integrates flow and power, counts a counter’s rise across midnight (UTC+8), and runs from raw points', async () => {
    await mapEnergyCounter();
    const p1 = c.pumps[0]!;
    const p2 = c.pumps[1]!;
    // Pump 1 reports every 5 minutes all day: 2 h of running in 3 runs at 55 kW.
    await ingest(
      p1.controllerCode,
      every(d0, d0 + 24 * HOUR, 5, (ts) => ({ running: running(ts), power: running(ts) ? 55 : 0 })),
    );
    // Pump 2's counter: 1000 at 23:30 the evening before, 1100 at 23:30 of the day, 1105 after midnight.
    await ingest(p2.controllerCode, [
      { ts: local('2026-05-30', '23:30'), values: { energy: 1000 } },
      { ts: local(D, '00:30'), values: { energy: 1010 } },
      { ts: local(D, '12:00'), values: { energy: 1050 } },
      { ts: local(D, '23:30'), values: { energy: 1100 } },
      { ts: local('2026-06-01', '00:30'), values: { energy: 1105 } },
    ]);
    // 300 m³/h from 01:00 to 03:00, nothing the rest of the day: 600 m³.
    const flow = sensor('flow');
    await ingest(
      flow.deviceCode,
      every(d0, d0 + 24 * HOUR, 5, (ts) => ({
        [flow.metric]: ts >= local(D, '01:00') && ts < local(D, '03:00') ? 300 : 0,
      })),
    );

    const table = await ok<StationDaily>(daily({ from: D, to: '2026-06-01' }));
    expect(table.days.map((d) => d.day)).toEqual([D, '2026-06-01']);
    expect(table.partial).toBe(true);
    expect(table.pumps.slice(0, 2).map((p) => p.energySource)).toEqual(['power', 'counter']);
    const [day, next] = table.days;
    expect(day).toMatchObject({ volume: 600, energy: 210, kwhPer1000m3: 350 });
    expect(day!.pumps[0]).toEqual({ pumpId: p1.id, runHours: 2, starts: 3, energy: 110, source: 'raw' });
    expect(day!.pumps[1]).toEqual({ pumpId: p2.id, runHours: null, starts: null, energy: 100, source: null });
    // The day after: the counter's rise past midnight only; pump 1 silent since its last reading.
    expect(next!.pumps[1]!.energy).toBe(5);
    expect(next!.volume).toBeNull();
    expect(table.totals).toMatchObject({ volume: 600, energy: 215 });
    expect(table.totals.pumps[0]).toEqual({ pumpId: p1.id, runHours: 2, starts: 3, energy: 110 });
  });

  it('falls back to hourly rollups beyond the raw points and minute rollups, and says so', async () => {
    const p1 = c.pumps[0]!;
    const day = '2026-05-20';
    const hour = (time: string, min: number, max: number, s: number, count: number) => ({
      deviceId: p1.controllerDeviceId!,
      metric: 'running',
      bucket: new Date(local(day, time)),
      min,
      max,
      sum: s,
      count,
    });
    await t.database.db
      .insert(telemetryRollups1h)
      .values([
        hour('02:00', 0, 0, 0, 12),
        hour('03:00', 0, 1, 6, 12),
        hour('04:00', 1, 1, 12, 12),
        hour('05:00', 0, 0, 0, 12),
      ]);
    // The next day: stopped, then three hours of both (at least two runs), then stopped.
    const next = '2026-05-21';
    await t.database.db.insert(telemetryRollups1h).values(
      [
        ['00:00', 0, 0, 0],
        ['01:00', 0, 1, 3],
        ['02:00', 0, 1, 6],
        ['03:00', 0, 1, 9],
        ['04:00', 0, 0, 0],
      ].map(([time, min, max, s]) => ({
        ...hour(time as string, min as number, max as number, s as number, 12),
        bucket: new Date(local(next, time as string)),
      })),
    );
    const table = await ok<StationDaily>(daily({ from: day, to: next }));
    expect(table.partial).toBe(false);
    expect(table.days[0]!.pumps[0]).toMatchObject({ runHours: 1.5, starts: 1, source: '1h' });
    expect(table.days[0]!.volume).toBeNull();
    expect(table.days[1]!.pumps[0]).toMatchObject({ runHours: 1.5, starts: 2, source: '1h' });
  });

  it('refuses a range backwards, longer than 92 days or of days that are not dates, naming the field', async () => {
    expect(await badFields(daily({ from: '2026-05-31', to: '2026-05-30' }))).toEqual(['querystring.to']);
    expect(await badFields(daily({ from: '2026-01-01', to: '2026-04-03' }))).toEqual(['querystring.to']);
    expect((await daily({ from: '2026-01-01', to: '2026-04-02' })).statusCode).toBe(200);
    expect(await badFields(daily({ from: '2026-02-30', to: '2026-03-01' }))).toEqual(['querystring.from']);
    expect(await badFields(daily({ from: '20260501', to: '2026-05-02' }))).toEqual(['querystring.from']);
  });

  it('exports the table as CSV with a BOM, the header in the caller’s language and a totals row', async () => {
    const p1 = c.pumps[0]!;
    await mapEnergyCounter();
    await ingest(
      p1.controllerCode,
      every(d0, d0 + 24 * HOUR, 5, (ts) => ({ running: running(ts), power: running(ts) ? 55 : 0 })),
    );
    const id = await stationId('PS01');
    const res = await t.call(stationHistoryApi.dailyExport, {
      params: { id },
      query: { from: '2026-05-30', to: D, format: 'csv' },
      token: user,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(
      'PS01-泵站日报-20260530-20260531.csv',
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body
      .slice(1, -2)
      .split('\r\n')
      .map((l) => l.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
    expect(lines).toHaveLength(1 + 2 + 1);
    const pumpName = p1.name || '1号泵';
    expect(lines[0]!.slice(0, 7)).toEqual([
      '日期',
      '抽排水量 (m³)',
      '电量 (kWh)',
      '单位能耗 (kWh/千m³)',
      `${pumpName} 运行时长 (h)`,
      `${pumpName} 启动次数`,
      `${pumpName} 电量 (kWh，按功率积分)`,
    ]);
    expect(lines[0]).toHaveLength(4 + 3 * c.pumps.length);
    // A day without readings is empty cells, not zeros.
    expect(lines[1]!.slice(0, 7)).toEqual(['2026-05-30', '', '', '', '', '', '']);
    expect(lines[2]!.slice(0, 7)).toEqual([D, '', '110', '', '2', '3', '110']);
    expect(lines[3]!.slice(0, 7)).toEqual(['合计', '', '110', '', '2', '3', '110']);

    const en = await t.call(stationHistoryApi.dailyExport, {
      params: { id },
      query: { from: D, to: D, format: 'csv' },
      token: user,
      lang: 'en-US',
    });
    expect(en.body.split('\r\n')[0]).toContain('"Date","Pumped (m³)","Energy (kWh)","kWh per 1000 m³"');
    expect(decodeURIComponent(String(en.headers['content-disposition']))).toContain(
      'PS01-station-daily-20260531-20260531.csv',
    );

    const xlsx = await t.call(stationHistoryApi.dailyExport, {
      params: { id },
      query: { from: D, to: D, format: 'xlsx' },
      token: user,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('neutralises a pump name a spreadsheet would run as a formula', async () => {
    await t.database.db
      .update(stationPumps)
      .set({ name: '=HYPERLINK("x")' })
      .where(eq(stationPumps.id, c.pumps[0]!.id));
    const res = await t.call(stationHistoryApi.dailyExport, {
      params: { id: await stationId('PS01') },
      query: { from: D, to: D },
      token: admin,
    });
    expect(res.body.split('\r\n')[0]).toContain(`"'=HYPERLINK(""x"") 运行时长 (h)"`);
  });
});

describe('fewest starts from hourly buckets', () => {
  const off = { min: 0, max: 0 };
  const on = { min: 1, max: 1 };
  const mix = { min: 0, max: 1 };
  it('counts a start per run the hours prove, and none for a run carried over from the day before', () => {
    expect(fewestStarts([off, mix, on, mix, off])).toBe(1);
    expect(fewestStarts([off, mix, mix, mix, off])).toBe(2);
    expect(fewestStarts([on, on, mix, off], on)).toBe(0);
    expect(fewestStarts([on, on], off)).toBe(1);
    expect(fewestStarts([mix, mix, mix, mix])).toBe(2);
    expect(fewestStarts([off, off])).toBe(0);
  });
});

describe('access', () => {
  it('lets a plain user read a station within their region limit and answers 404 beyond it', async () => {
    const id = await stationId('PS01');
    expect(
      (
        await t.call(stationHistoryApi.daily, {
          params: { id },
          query: { from: '2026-05-31', to: '2026-05-31' },
          token: user,
        })
      ).statusCode,
    ).toBe(200);
    expect((await history({ from: iso(T0 - HOUR), to: iso(T0) }, user)).statusCode).toBe(200);

    const elsewhere = await insertRegion(t.database.db, { code: 'ELSE', name: '别处', kind: 'city' });
    await limitRoleToRegions(t.database.db, 'user', [elsewhere.id]);
    const other = await t.login('user', 'User@2026');
    expect((await history({ from: iso(T0 - HOUR), to: iso(T0) }, other)).statusCode).toBe(404);
    expect((await daily({ from: '2026-05-31', to: '2026-05-31' }, other)).statusCode).toBe(404);
    const file = await t.call(stationHistoryApi.dailyExport, {
      params: { id },
      query: { from: '2026-05-31', to: '2026-05-31' },
      token: other,
    });
    expect(file.statusCode).toBe(404);
    expect((await history({ from: iso(T0 - HOUR), to: iso(T0) }, admin)).statusCode).toBe(200);
    expect(
      (
        await t.call(stationHistoryApi.daily, {
          params: { id: 99_999 },
          query: { from: '2026-05-31', to: '2026-05-31' },
          token: admin,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses a caller without a session', async () => {
    const res = await t.call(stationHistoryApi.history, {
      params: { id: await stationId('PS01') },
      query: { from: iso(T0 - HOUR), to: iso(T0) },
    });
    expect(res.statusCode).toBe(401);
  });
});
