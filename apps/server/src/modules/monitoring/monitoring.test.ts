import type { History, LiveEvent, MonitoringPoint } from '@water/contracts';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { devices, deviceTypes, regions, roleRegions, roles, telemetryRollups1h } from '../../db/schema/index.ts';
import { demoDeviceSecret } from '../../db/seed/demo-secrets.ts';
import { bearer, createTestApp, resetDatabase, TEST_START, type TestApp } from '../../testing/build-app.ts';
import { chooseResolution } from './monitoring.service.ts';

const T0 = TEST_START.getTime();
const MIN = 60_000;
const HOUR = 3_600_000;

let t: TestApp;
let admin: string;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ TELEMETRY_FLUSH_MS: '5' });
  await resetDatabase(t.database);
  const rows = await t.database.db.select({ id: devices.id, code: devices.code }).from(devices);
  for (const r of rows) id[r.code] = r.id;
  admin = await t.login();
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(TEST_START));

/** Reports as the demo device itself, with its derived secret. */
async function ingest(code: string, body: unknown) {
  const res = await t.inject({
    method: 'POST',
    url: `/api/ingest/${code}`,
    headers: { authorization: `Device ${demoDeviceSecret(code)}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  expect(res.json(), res.body).toMatchObject({ code: 200 });
  return res.json().data;
}

const get = (url: string, token = admin, headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

async function points(query: string, token = admin) {
  const res = await get(`/api/monitoring/points?${query}`, token);
  expect(res.json(), res.body).toMatchObject({ code: 200 });
  return res.json().data as { total: number; list: MonitoringPoint[] };
}

async function history(query: string, token = admin) {
  const res = await get(`/api/monitoring/history?${query}`, token);
  expect(res.json(), res.body).toMatchObject({ code: 200 });
  return res.json().data as History;
}

async function regionId(code: string) {
  const [r] = await t.database.db.select({ id: regions.id }).from(regions).where(eq(regions.code, code));
  return r!.id;
}

/** The plain user's role limited to one district (and below). */
async function limitUserTo(districtCode: string) {
  const [role] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'user'));
  await t.database.db.delete(roleRegions).where(eq(roleRegions.roleId, role!.id));
  await t.database.db.insert(roleRegions).values({ roleId: role!.id, regionId: await regionId(districtCode) });
  return t.login('user', 'User@2026');
}

describe('GET /api/monitoring/points', () => {
  it('lists devices in service by region, station and code, with their latest readings and a stale badge', async () => {
    await ingest('PS01-LT01', { ts: T0 - 2000, values: { level: 2.1 } });
    await ingest('PS01-LT01', { ts: T0 - 1000, values: { level: 2.35 } });
    await ingest('PS01-P1', { ts: T0 - 1000, values: { running: true, frequency: 45.5, mode: 'auto', current: 999 } });

    const all = await points('pageSize=500');
    expect(all.total).toBe(Object.keys(id).length);
    // Each region, and each station within it, is one block; codes ascend within a station.
    const blocks = all.list.map((p) => `${p.regionName}|${p.stationName}`);
    expect(new Set(blocks).size).toBe(blocks.filter((b, i) => b !== blocks[i - 1]).length);
    for (let i = 1; i < all.list.length; i++) {
      if (blocks[i] === blocks[i - 1]) expect(all.list[i]!.code > all.list[i - 1]!.code).toBe(true);
    }

    const [lt] = (await points('keyword=PS01-LT01')).list;
    expect(lt).toMatchObject({
      deviceId: id['PS01-LT01'],
      typeName: '液位计',
      status: 'online',
      stale: false,
      readings: [{ key: 'level', value: 2.35, ts: new Date(T0 - 1000).toISOString(), quality: 0 }],
    });
    const [pump] = (await points('keyword=PS01-P1')).list;
    expect(pump!.readings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'running', value: true, quality: 0 }),
        expect.objectContaining({ key: 'mode', value: 'auto' }),
        expect.objectContaining({ key: 'current', value: 999, quality: 1 }),
      ]),
    );
    // Never heard from: stale. Silent past the type's timeout (600 s by default): stale.
    expect((await points('keyword=PS01-FM01')).list[0]).toMatchObject({ stale: true, readings: [], lastSeenAt: null });
    t.clock.advance(601_000);
    expect((await points('keyword=PS01-LT01')).list[0]!.stale).toBe(true);

    const en = await get('/api/monitoring/points?keyword=PS01-LT01', admin, { 'accept-language': 'en-US' });
    expect(en.json().data.list[0].typeName).toBe('Wet-well level gauge');
  });

  it('filters by region and below, station, type, status and keyword, and pages', async () => {
    const east = await regionId('LC-E');
    const inEast = await points(`regionId=${east}&pageSize=500`);
    const eastRegions = (await t.database.db.select().from(regions)).filter(
      (r) => r.id === east || r.ancestors.split(',').includes(String(east)),
    );
    expect(inEast.total).toBeGreaterThan(0);
    expect(inEast.list.every((p) => eastRegions.some((r) => r.id === p.regionId))).toBe(true);

    const lt = (await points('keyword=PS01-LT01')).list[0]!;
    const station = await points(`stationId=${lt.stationId}`);
    expect(station.list.every((p) => p.code.startsWith('PS01-'))).toBe(true);
    const [gauge] = await t.database.db.select().from(deviceTypes).where(eq(deviceTypes.code, 'rain_gauge'));
    const gauges = await points(`typeId=${gauge!.id}`);
    expect(gauges.total).toBeGreaterThan(0);
    expect(gauges.list.every((p) => p.code.startsWith('RG-'))).toBe(true);
    expect((await points('status=online')).list.map((p) => p.code)).toEqual(
      expect.arrayContaining(['PS01-LT01', 'PS01-P1']),
    );
    expect((await points('status=online')).list.every((p) => p.status === 'online')).toBe(true);
    const page2 = await points('pageSize=10&page=2');
    expect(page2.list).toHaveLength(10);
    expect(page2.list[0]!.code).toBe((await points('pageSize=20')).list[10]!.code);

    // Archived devices are out of service: not on the board.
    await t.database.db.update(devices).set({ archivedAt: TEST_START }).where(eq(devices.code, 'PS12-CAM01'));
    expect((await points('keyword=PS12-CAM01')).total).toBe(0);
  });

  it('keeps to the caller’s region limit', async () => {
    const user = await limitUserTo('LC-W');
    const west = await regionId('LC-W');
    const mine = await points('pageSize=500', user);
    expect(mine.total).toBeGreaterThan(0);
    const allowed = (await t.database.db.select().from(regions))
      .filter((r) => r.id === west || r.ancestors.split(',').includes(String(west)))
      .map((r) => r.id);
    expect(mine.list.every((p) => allowed.includes(p.regionId!))).toBe(true);
    expect((await points(`regionId=${await regionId('LC-E')}`, user)).total).toBe(0);
  });
});

describe('GET /api/monitoring/history', () => {
  // PS02-LT01: a reading every 30 s for 3 hours before T0, value i % 7 (so min, max and avg are known).
  const START = T0 - 3 * HOUR;
  const readings = Array.from({ length: 360 }, (_, i) => ({ ts: START + i * 30_000, level: (i % 7) + 0.5 }));
  const series = () => `${id['PS02-LT01']}:level`;
  const iso = (ms: number) => new Date(ms).toISOString();
  const expected = (size: number, from: number, to: number) => {
    // Whole buckets that start in the range, from the one holding `from`.
    const out = new Map<number, number[]>();
    for (const r of readings) {
      const b = Math.floor(r.ts / size) * size;
      if (b >= Math.floor(from / size) * size && b <= to) out.set(b, [...(out.get(b) ?? []), r.level]);
    }
    return [...out].map(([b, v]) => ({
      t: iso(b),
      v: v.reduce((a, x) => a + x, 0) / v.length,
      min: Math.min(...v),
      max: Math.max(...v),
      count: v.length,
    }));
  };

  beforeAll(async () => {
    await ingest('PS02-LT01', { points: readings.map((r) => ({ ts: r.ts, values: { level: r.level } })) });
    await ingest('PS02-P1', {
      points: [
        { ts: START, values: { running: true } },
        { ts: START + MIN, values: { running: false } },
      ],
    });
  });

  it('answers raw points while they fit, booleans as 1/0', async () => {
    const h = await history(`series=${series()},${id['PS02-P1']}:running&from=${iso(START)}&to=${iso(T0)}`);
    expect(h).toMatchObject({ resolution: 'raw', bucketSeconds: 0 });
    expect(h.series[0]).toMatchObject({
      code: 'PS02-LT01',
      metric: 'level',
      metricName: '液位',
      unit: 'm',
      min: 0,
      max: 10,
      precision: 2,
    });
    expect(h.series[0]!.points).toHaveLength(360);
    expect(h.series[0]!.points[3]).toEqual({ t: iso(START + 90_000), v: 3.5 });
    expect(h.series[1]!.points.map((p) => p.v)).toEqual([1, 0]);
    const en = await get(`/api/monitoring/history?series=${series()}&from=${iso(START)}&to=${iso(T0)}`, admin, {
      'accept-language': 'en-US',
    });
    expect(en.json().data.series[0].metricName).toBe('Level');
  });

  it('moves to 1-minute, 1-hour and wider buckets as the range grows, never past maxPoints', async () => {
    // One hour: 120 raw points > 100, 61 minute buckets ≤ 100. Every series shares the coarsest resolution.
    const to1m = START + HOUR;
    const m = await history(
      `series=${series()},${id['PS02-P1']}:running&from=${iso(START)}&to=${iso(to1m)}&maxPoints=100`,
    );
    expect(m).toMatchObject({ resolution: '1m', bucketSeconds: 60 });
    expect(m.series[0]!.points).toEqual(expected(MIN, START, to1m));
    expect(m.series[1]!.points.map((p) => p.v)).toEqual([1, 0]);

    const h = await history(`series=${series()}&from=${iso(START - HOUR)}&to=${iso(T0)}&maxPoints=100`);
    expect(h).toMatchObject({ resolution: '1h', bucketSeconds: 3600 });
    expect(h.series[0]!.points).toEqual(expected(HOUR, START - HOUR, T0));
    expect(h.series[0]!.points.reduce((n, p) => n + p.count!, 0)).toBe(360);

    const from = T0 - 30 * HOUR;
    const b = await history(`series=${series()}&from=${iso(from)}&to=${iso(T0)}&maxPoints=10`);
    expect(b.resolution).toBe('bucket');
    expect(b.bucketSeconds).toBe(4 * 3600);
    expect(b.series[0]!.points).toEqual(expected(4 * HOUR, from, T0));
    expect(b.series[0]!.points.length).toBeLessThanOrEqual(10);

    // The bound holds for any range: the chosen tier's buckets never exceed maxPoints.
    for (const [span, max] of [
      [7 * 24 * HOUR, 10],
      [365 * 24 * HOUR, 2000],
      [3 * HOUR + 17 * MIN, 11],
      [5000 * HOUR, 5000],
    ] as const) {
      const r = chooseResolution(T0 - span + 12_345, T0, max, false);
      const size = r.bucketSeconds * 1000;
      expect(Math.floor(T0 / size) - Math.floor((T0 - span + 12_345) / size) + 1).toBeLessThanOrEqual(max);
    }
  });

  it('skips a tier that starts later than the hourly rollups: history loaded as rollups is drawn whole', async () => {
    // Ten days of hourly rollups before the raw readings (a backfill, or raw points past retention).
    const hours = Array.from({ length: 240 }, (_, i) => START - (240 - i) * HOUR);
    await t.database.db.insert(telemetryRollups1h).values(
      hours.map((h) => ({
        deviceId: id['PS02-LT01']!,
        metric: 'level',
        bucket: new Date(h),
        min: 1,
        max: 3,
        sum: 20,
        count: 10,
      })),
    );
    try {
      // 360 raw points fit under 2000, and so would 10 days of minutes (14,400 > 2000 do not): the
      // raw points cover only the last 3 hours, so the answer is the hourly tier over all 10 days.
      const h = await history(`series=${series()}&from=${iso(START - 240 * HOUR)}&to=${iso(T0)}`);
      expect(h.resolution).toBe('1h');
      expect(h.series[0]!.points[0]).toMatchObject({ t: iso(START - 240 * HOUR), v: 2, min: 1, max: 3 });
      // Where raw points do cover the range they are still the answer.
      expect((await history(`series=${series()}&from=${iso(START)}&to=${iso(T0)}`)).resolution).toBe('raw');
    } finally {
      await t.database.db
        .delete(telemetryRollups1h)
        .where(and(eq(telemetryRollups1h.deviceId, id['PS02-LT01']!), lt(telemetryRollups1h.bucket, new Date(START))));
    }
  });

  it('refuses bad series and ranges (400) and series the caller may not see (404)', async () => {
    const range = `from=${iso(START)}&to=${iso(T0)}`;
    for (const q of [
      `series=abc&${range}`,
      `series=${series()}&from=${iso(T0)}&to=${iso(START)}`,
      `series=${series()}&from=yesterday&to=${iso(T0)}`,
      `series=${Array.from({ length: 9 }, (_, i) => `${i + 1}:level`).join(',')}&${range}`,
      `series=${series()}&${range}&maxPoints=5`,
      range,
    ]) {
      expect((await get(`/api/monitoring/history?${q}`)).statusCode, q).toBe(400);
    }
    const unknown = await get(`/api/monitoring/history?series=${series()},999999:level&${range}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 404, data: null });
    // PS02 lies in 东湖 (城东区): outside a user limited to 城西区.
    const user = await limitUserTo('LC-W');
    expect((await get(`/api/monitoring/history?series=${series()}&${range}`, user)).statusCode).toBe(404);
  });
});

describe('live readings on /api/ws', () => {
  function collect(ws: WebSocket) {
    const events: LiveEvent[] = [];
    ws.on('message', (raw) => events.push(JSON.parse(String(raw))));
    return events;
  }
  async function open(token: string) {
    const ws = await t.app.injectWS('/api/ws');
    const events = collect(ws);
    ws.send(JSON.stringify({ type: 'auth', token }));
    return { ws, events };
  }

  it('pushes committed readings of subscribed devices only, at most one event per device per 500 ms', async () => {
    const { ws, events } = await open(admin);
    try {
      // As many ids as a frame may carry (LIVE_SUBSCRIBE_MAX); those of no device are dropped.
      const unknown = Array.from({ length: 998 }, (_, i) => 1_000_000 + i);
      ws.send(JSON.stringify({ type: 'subscribe', deviceIds: [id['PS03-LT01'], 999_999, ...unknown] }));
      await vi.waitFor(() => expect(t.app.realtime.hasDeviceSubscribers(id['PS03-LT01']!)).toBe(true));
      expect(t.app.realtime.hasDeviceSubscribers(999_999)).toBe(false);

      await ingest('PS03-LT01', { ts: T0 - 500, values: { level: 1.25 } });
      await vi.waitFor(() => expect(events.some((e) => e.type === 'telemetry')).toBe(true));
      expect(events.filter((e) => e.type === 'telemetry')).toEqual([
        {
          type: 'telemetry',
          deviceId: id['PS03-LT01'],
          readings: [{ key: 'level', value: 1.25, ts: new Date(T0 - 500).toISOString(), quality: 0 }],
        },
      ]);

      // Not subscribed: nothing. An older reading changes no latest value: nothing. Quick ones: never two
      // events of a device within 500 ms, the last carrying the newest value. (How many events the quick
      // ones make depends on how soon after the first they commit, which a busy machine stretches.)
      const arrivals: number[] = [performance.now()];
      ws.on('message', (raw) => {
        if (JSON.parse(String(raw)).type === 'telemetry') arrivals.push(performance.now());
      });
      await ingest('PS03-FM01', { ts: T0 - 400, values: { flow: 300 } });
      await ingest('PS03-LT01', { ts: T0 - 5000, values: { level: 9 } });
      await ingest('PS03-LT01', { ts: T0 - 300, values: { level: 1.3 } });
      await ingest('PS03-LT01', { ts: T0 - 200, values: { level: 1.35 } });
      const latest = () => events.filter((e) => e.type === 'telemetry').at(-1);
      await vi.waitFor(() => expect(latest()).toMatchObject({ readings: [{ key: 'level', value: 1.35 }] }));
      await new Promise((r) => setTimeout(r, 600));
      const telemetry = events.filter((e) => e.type === 'telemetry');
      expect(telemetry.length).toBeGreaterThanOrEqual(2);
      expect(telemetry.length).toBeLessThanOrEqual(3);
      expect(telemetry.every((e) => e.deviceId === id['PS03-LT01'])).toBe(true);
      expect(JSON.stringify(telemetry)).not.toContain('"value":9');
      expect(latest()).toMatchObject({ deviceId: id['PS03-LT01'], readings: [{ key: 'level', value: 1.35 }] });
      // The first arrival above was recorded before this listener; later ones are its own.
      for (let i = 2; i < arrivals.length; i++) {
        expect(arrivals[i]! - arrivals[i - 1]!).toBeGreaterThanOrEqual(400);
      }

      // A new subscribe replaces the set; an empty one stops it.
      ws.send(JSON.stringify({ type: 'subscribe', deviceIds: [] }));
      await vi.waitFor(() => expect(t.app.realtime.hasDeviceSubscribers(id['PS03-LT01']!)).toBe(false));
    } finally {
      ws.terminate();
    }
  });

  it('drops device ids outside the region limit at subscribe time, and ignores a subscribe before auth', async () => {
    const user = await limitUserTo('LC-W');
    const [westDevice] = (await points('pageSize=1', user)).list;
    const early = await t.app.injectWS('/api/ws');
    try {
      early.send(JSON.stringify({ type: 'subscribe', deviceIds: [westDevice!.deviceId] }));
      await new Promise((r) => setTimeout(r, 50));
      expect(t.app.realtime.hasDeviceSubscribers(westDevice!.deviceId)).toBe(false);
    } finally {
      early.terminate();
    }
    const { ws } = await open(user);
    try {
      ws.send(JSON.stringify({ type: 'subscribe', deviceIds: [id['PS06-LT01'], westDevice!.deviceId] }));
      await vi.waitFor(() => expect(t.app.realtime.hasDeviceSubscribers(westDevice!.deviceId)).toBe(true));
      const east = await t.database.db
        .select({ regionId: devices.regionId })
        .from(devices)
        .where(inArray(devices.id, [id['PS06-LT01']!]));
      expect(east[0]!.regionId).not.toBe(westDevice!.regionId);
      expect(t.app.realtime.hasDeviceSubscribers(id['PS06-LT01']!)).toBe(false);
    } finally {
      ws.terminate();
    }
    await vi.waitFor(() => expect(t.app.realtime.hasDeviceSubscribers(westDevice!.deviceId)).toBe(false));
  });
});
