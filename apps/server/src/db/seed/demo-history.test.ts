import { and, count, eq, inArray, max, min, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, resetDatabase, TEST_START, type TestApp } from '../../testing/build-app.ts';
import {
  deviceStatusEvents,
  devices,
  telemetryLatest,
  telemetryPoints,
  telemetryRollups1h,
  telemetryRollups1m,
} from '../schema/index.ts';
import { demoDeviceCodes } from './demo-city.ts';
import { seed } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await resetDatabase(t.database);
});
afterAll(() => t.close());

const CODES = ['PS01-LT01', 'PS01-FM01', 'PS01-P1', 'PS01-P2', 'RG-01'];
const DAY = 86_400_000;

/** Hourly averages of one device's metric, oldest first. */
async function hourly(code: string, metric: string) {
  const rows = await t.database.db
    .select({ bucket: telemetryRollups1h.bucket, sum: telemetryRollups1h.sum, n: telemetryRollups1h.count })
    .from(telemetryRollups1h)
    .innerJoin(devices, eq(devices.id, telemetryRollups1h.deviceId))
    .where(and(eq(devices.code, code), eq(telemetryRollups1h.metric, metric)))
    .orderBy(telemetryRollups1h.bucket);
  return rows.map((r) => ({ at: r.bucket.getTime(), avg: r.sum / r.n }));
}

describe('the demo history', () => {
  it('is not written by test resets, only when asked for', async () => {
    const [n] = await t.database.db.select({ n: count() }).from(telemetryRollups1h);
    expect(n!.n).toBe(0);
  });

  it('gives 30 days of coherent station history, once', async () => {
    const options = { demo: true, now: TEST_START, history: { codes: CODES } } as const;
    const first = await seed(t.database.db, options);
    expect(first.history?.devices).toBe(CODES.length);
    const db = t.database.db;
    const ids = (await db.select({ id: devices.id }).from(devices).where(inArray(devices.code, CODES))).map(
      (r) => r.id,
    );

    const [h] = await db
      .select({ from: min(telemetryRollups1h.bucket), to: max(telemetryRollups1h.bucket) })
      .from(telemetryRollups1h)
      .where(inArray(telemetryRollups1h.deviceId, ids));
    expect(TEST_START.getTime() - h!.from!.getTime()).toBeGreaterThanOrEqual(30 * DAY);
    expect(TEST_START.getTime() - h!.to!.getTime()).toBeLessThan(3_600_000);
    const [m] = await db.select({ from: min(telemetryRollups1m.bucket) }).from(telemetryRollups1m);
    expect(TEST_START.getTime() - m!.from!.getTime()).toBeCloseTo(DAY, -6);
    const [p] = await db.select({ from: min(telemetryPoints.ts), n: count() }).from(telemetryPoints);
    expect(TEST_START.getTime() - p!.from!.getTime()).toBeLessThanOrEqual(2 * 3_600_000);
    const [l] = await db.select({ n: count() }).from(telemetryLatest);
    // Every metric of the five devices: 1 + 3 + 10 + 10 + 2.
    expect(l!.n).toBe(26);
    // PS01-P1 was taken to remote manual a few hours before the end (it ran in auto before: see below).
    const latest = await db
      .select({ metric: telemetryLatest.metric, value: telemetryLatest.value, text: telemetryLatest.textValue })
      .from(telemetryLatest)
      .innerJoin(devices, eq(devices.id, telemetryLatest.deviceId))
      .where(and(eq(devices.code, 'PS01-P1'), inArray(telemetryLatest.metric, ['mode', 'starts', 'energy'])));
    const of = (metric: string) => latest.find((x) => x.metric === metric);
    expect(of('mode')?.text).toBe('remote');
    expect(of('starts')?.value).toBeGreaterThan(0);
    expect(of('energy')?.value).toBeGreaterThan(0);
    // Heard from in the past: last seen at their last reading, online, with the event that says so.
    const seen = await db
      .select({ status: devices.status, lastSeenAt: devices.lastSeenAt })
      .from(devices)
      .where(inArray(devices.id, ids));
    for (const d of seen) {
      expect(d.status).toBe('online');
      expect(TEST_START.getTime() - d.lastSeenAt!.getTime()).toBeLessThan(3_600_000);
    }
    const [ev] = await db
      .select({ n: count() })
      .from(deviceStatusEvents)
      .where(inArray(deviceStatusEvents.deviceId, ids));
    expect(ev!.n).toBe(CODES.length);

    // The pumps keep the wet well between their stop and start levels, unless a cloudburst outruns them.
    const level = await hourly('PS01-LT01', 'level');
    expect(level.length).toBeGreaterThan(29 * 24);
    for (const x of level) {
      expect(x.avg).toBeGreaterThan(0.7);
      expect(x.avg).toBeLessThan(9.6);
    }
    const median = level.map((x) => x.avg).sort((a, b) => a - b)[Math.floor(level.length / 2)]!;
    expect(median).toBeGreaterThan(1);
    expect(median).toBeLessThan(2.8);
    const duty1 = await hourly('PS01-P1', 'running');
    const duty2 = await hourly('PS01-P2', 'running');
    const flow = await hourly('PS01-FM01', 'flow');
    const mean = (xs: { avg: number }[]) => xs.reduce((n, x) => n + x.avg, 0) / xs.length;
    // The lead pump runs some of the time, the second one less: they start one after another.
    expect(mean(duty1)).toBeGreaterThan(0.02);
    expect(mean(duty1)).toBeLessThan(0.9);
    expect(mean(duty2)).toBeLessThan(mean(duty1));
    // The flow meter measures what the pumps move: no flow in an hour when no pump ran (but for the
    // hours a pump controller was silent while it ran).
    const ran = new Map(duty1.map((x) => [x.at, x.avg]));
    for (const x of duty2) ran.set(x.at, (ran.get(x.at) ?? 0) + x.avg);
    const odd = flow.filter((x) => (ran.get(x.at) ?? 0) === 0 && x.avg > 0);
    expect(odd.length).toBeLessThan(flow.length / 20);
    expect(mean(flow)).toBeGreaterThan(10);
    // It rains now and then.
    const rain = await hourly('RG-01', 'intensity');
    expect(rain.some((x) => x.avg > 0)).toBe(true);
    expect(rain.filter((x) => x.avg > 0).length).toBeLessThan(rain.length / 2);

    const totals = async () =>
      (
        (await db.execute(
          sql`select (select count(*) from telemetry_rollups_1h) + (select count(*) from telemetry_rollups_1m)
                + (select count(*) from telemetry_points) + (select count(*) from telemetry_latest) as n`,
        )) as unknown as { rows: { n: string | number }[] }
      ).rows[0]!.n;
    const before = await totals();
    const again = await seed(t.database.db, options);
    expect(again.history).toBeNull();
    expect(await totals()).toBe(before);
  });

  it('knows the codes the demo city seed creates', async () => {
    const seeded = await t.database.db.select({ code: devices.code }).from(devices);
    expect(demoDeviceCodes().map((d) => d.code)).toEqual(
      expect.arrayContaining(seeded.map((d) => d.code).filter((c) => !c.startsWith('SIM-'))),
    );
    expect(demoDeviceCodes()).toHaveLength(seeded.length);
  });
});
