import { WQ_ONLINE_STORE_MINUTES } from '@water/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { devices, wqResults, wqSiteDevices, wqSites } from '../../db/schema/index.ts';
import { demoDeviceSecret } from '../../db/seed/demo-secrets.ts';
import { createTestApp, resetDatabase, TEST_START, type TestApp } from '../../testing/build-app.ts';

/**
 * Online results (issue 18) from the demo city's analysers, through the real ingest: the plant's
 * outlet (WP01-WQ01 at WP01-OUT, GB 5749-2022 outlet) and the wastewater plant's discharge
 * (WW01-WQ01 at WW01-OUT, GB 18918-2002 1-A: NH3-N 5 mg/L above 12 °C, 8 at or below).
 */
const MIN = 60_000;

let t: TestApp;

async function siteId(code: string) {
  const [row] = await t.database.db.select({ id: wqSites.id }).from(wqSites).where(eq(wqSites.code, code));
  return row!.id;
}

/** A report of an analyser `minutes` after the test's start, through the HTTP ingest; then the online flush. */
async function report(code: string, minutes: number, values: Record<string, number>, app: TestApp = t) {
  app.clock.set(new Date(TEST_START.getTime() + minutes * MIN));
  const res = await app.inject({
    method: 'POST',
    url: `/api/ingest/${code}`,
    headers: { authorization: `Device ${demoDeviceSecret(code)}`, 'content-type': 'application/json' },
    payload: { ts: app.clock.now().getTime(), values },
  });
  expect(res.statusCode).toBe(200);
  await app.app.waterQuality.online!.idle();
}

const stored = async (site: string, parameter: string) =>
  t.database.db
    .select()
    .from(wqResults)
    .where(and(eq(wqResults.siteId, await siteId(site)), eq(wqResults.parameter, parameter)))
    .orderBy(asc(wqResults.sampledAt));

const minutesOf = (rows: { sampledAt: Date }[]) =>
  rows.map((r) => Math.round((r.sampledAt.getTime() - TEST_START.getTime()) / MIN));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await resetDatabase(t.database);
  t.clock.set(TEST_START);
  await t.app.waterQuality.online!.restart();
});

describe('online results', () => {
  it('stores a changed verdict at once, the same verdict again after 10 minutes', async () => {
    expect(WQ_ONLINE_STORE_MINUTES).toBe(10);
    await report('WP01-WQ01', 0, { chlorine: 0.7 });
    await report('WP01-WQ01', 2, { chlorine: 0.72 }); // same verdict, 2 minutes on: judged, not stored
    await report('WP01-WQ01', 4, { chlorine: 0.2 }); // below 0.3: exceeding, stored at once
    await report('WP01-WQ01', 6, { chlorine: 0.21 });
    await report('WP01-WQ01', 9, { chlorine: 0.69 }); // compliant again: at once
    await report('WP01-WQ01', 18, { chlorine: 0.7 }); // 9 minutes after the last stored: not yet
    await report('WP01-WQ01', 19, { chlorine: 0.71 }); // 10 minutes: stored
    const rows = await stored('WP01-OUT', 'chlorine_free');
    expect(minutesOf(rows)).toEqual([0, 4, 9, 19]);
    expect(rows.map((r) => r.verdict)).toEqual(['compliant', 'exceeding', 'compliant', 'compliant']);
    expect(rows[0]).toMatchObject({ source: 'online', deviceCode: 'WP01-WQ01', value: 0.7, lower: 0.3, upper: 2 });
    const [analyser] = await t.database.db.select().from(devices).where(eq(devices.code, 'WP01-WQ01'));
    expect(rows[0]!.deviceId).toBe(analyser!.id);
    expect(t.app.waterQuality.online!.stats().failed).toBe(0);
  });

  it('keeps its last stored time and verdict over a restart: a restarted server stores nothing more', async () => {
    await report('WP01-WQ01', 0, { chlorine: 0.7, turbidity: 0.2 });
    await t.close();
    t = await createTestApp();
    await report('WP01-WQ01', 5, { chlorine: 0.71, turbidity: 0.21 });
    expect(minutesOf(await stored('WP01-OUT', 'chlorine_free'))).toEqual([0]);
    await report('WP01-WQ01', 7, { chlorine: 0.1 });
    await report('WP01-WQ01', 10, { turbidity: 0.2 });
    expect(minutesOf(await stored('WP01-OUT', 'chlorine_free'))).toEqual([0, 7]);
    expect(minutesOf(await stored('WP01-OUT', 'turbidity'))).toEqual([0, 10]);
  });

  it('stores temperatures too: NH3-N is judged by the cold-water limit at 12 °C and below', async () => {
    await report('WW01-WQ01', 0, { temperature: 15.2, ammonia: 6.1 });
    await report('WW01-WQ01', 20, { temperature: 10.8, ammonia: 6.3 });
    const nh3 = await stored('WW01-OUT', 'nh3n');
    expect(nh3.map((r) => [r.verdict, r.upper, r.coldApplied, r.temperature])).toEqual([
      ['exceeding', 5, false, 15.2],
      ['compliant', 8, true, 10.8],
    ]);
    const temperature = await stored('WW01-OUT', 'temperature');
    expect(temperature.map((r) => [r.value, r.verdict])).toEqual([
      [15.2, 'unjudged'],
      [10.8, 'unjudged'],
    ]);
  });

  it('ignores readings beyond the instrument’s span and analysers at no site; follows a site moved', async () => {
    await report('WP01-WQ01', 0, { chlorine: 7 }); // the probe spans 0–5 mg/L: flagged, not judged
    expect(await stored('WP01-OUT', 'chlorine_free')).toHaveLength(0);
    const outlet = await siteId('WP01-OUT');
    const [analyser] = await t.database.db.select().from(devices).where(eq(devices.code, 'WP01-WQ01'));
    await t.database.db.delete(wqSiteDevices).where(eq(wqSiteDevices.deviceId, analyser!.id));
    await t.app.waterQuality.refresh();
    await report('WP01-WQ01', 1, { chlorine: 0.7 });
    expect(await stored('WP01-OUT', 'chlorine_free')).toHaveLength(0);
    await t.database.db.insert(wqSiteDevices).values({ deviceId: analyser!.id, siteId: outlet });
    await t.app.waterQuality.refresh();
    await report('WP01-WQ01', 2, { chlorine: 0.7 });
    expect(await stored('WP01-OUT', 'chlorine_free')).toHaveLength(1);
  });
});
