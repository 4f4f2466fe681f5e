import { type AlarmDetail, alarmsApi, type WqParameter } from '@water/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alarms, messages, regions, users, wqSites } from '../../db/schema/index.ts';
import { demoDeviceSecret } from '../../db/seed/demo-secrets.ts';
import { createTestApp, resetDatabase, TEST_START, type TestApp } from '../../testing/build-app.ts';
import { limitRoleToRegions } from '../../testing/fixtures.ts';
import { wqSourceKey } from './wq-alarms.ts';
import { type ResultIn, recordResults } from './wq-record.ts';

/**
 * Water-quality exceedances as alarms (issue 18), on the demo city's sites: the plant's outlet
 * (GB 5749-2022 outlet: free chlorine 0.3–2 mg/L, critical) and its analyser WP01-WQ01.
 */
const T0 = TEST_START.getTime();
const MIN = 60_000;
const OUTLET = 'WP01-OUT';
const ANALYSER = 'WP01-WQ01';

let t: TestApp;
let admin: string;
let site: typeof wqSites.$inferSelect;

async function siteOf(code: string) {
  const [row] = await t.database.db.select().from(wqSites).where(eq(wqSites.code, code));
  return row!;
}

/** Lab results of the outlet, stored and told to the hub as the lab routes do after their commit. */
async function lab(values: Partial<Record<WqParameter, number>>, minutesAfter = 0, app: TestApp = t) {
  const at = new Date(T0 + minutesAfter * MIN);
  const inputs: ResultIn[] = Object.entries(values).map(([parameter, value]) => ({
    siteId: site.id,
    parameter: parameter as WqParameter,
    source: 'lab',
    sampledAt: at,
    value: value!,
    belowDetection: false,
    sampleId: `S-${minutesAfter}-${parameter}`,
    analyst: '王芳',
  }));
  const rows = await recordResults(app.database.db, inputs);
  await app.app.waterQuality.judged(rows);
  return rows;
}

/** A reading of the outlet's analyser through the real ingest; online judging and its alarms follow. */
async function reading(values: Record<string, number>, app: TestApp = t) {
  app.clock.advance(1000);
  const res = await app.inject({
    method: 'POST',
    url: `/api/ingest/${ANALYSER}`,
    headers: { authorization: `Device ${demoDeviceSecret(ANALYSER)}`, 'content-type': 'application/json' },
    payload: { ts: app.clock.now().getTime(), values },
  });
  expect(res.statusCode).toBe(200);
  await app.app.waterQuality.online!.idle();
}

const wqAlarms = () => t.database.db.select().from(alarms).where(eq(alarms.kind, 'water_quality')).orderBy(alarms.id);

const detail = async (id: number, token = admin, lang?: string) =>
  (await t.call(alarmsApi.get, { params: { id }, token, ...(lang ? { lang } : {}) })).json().data as AlarmDetail;

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
  admin = await t.login();
  site = await siteOf(OUTLET);
});

describe('water-quality alarms', () => {
  it('an exceedance raises one alarm, a repeat counts, a compliant result clears it', async () => {
    await lab({ chlorine_free: 0.12, turbidity: 0.2 });
    let list = await wqAlarms();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      sourceKey: wqSourceKey(site.id, 'chlorine_free'),
      severity: 'critical',
      siteId: site.id,
      deviceId: null,
      regionId: site.regionId,
      active: true,
      count: 1,
      threshold: 0.3,
      firstValue: '0.12',
    });
    const raised = await detail(list[0]!.id);
    expect(raised).toMatchObject({
      kind: 'water_quality',
      title: '岚川第一水厂出厂水 游离氯 超标',
      siteName: '岚川第一水厂出厂水',
      deviceId: null,
      metric: null,
      metricName: '游离氯',
      unit: 'mg/L',
    });
    // The value against the bound it crossed, with the standard's table.
    expect(raised.condition).toMatch(/^游离氯 0\.12 mg\/L，限值 ≥0\.3（GB 5749-2022 表2 游离氯.*）$/);
    expect(raised.entries.map((e) => e.kind)).toEqual(['raised', 'notified']);
    const en = await detail(list[0]!.id, admin, 'en-US');
    expect(en.title).toBe('岚川第一水厂出厂水: Free chlorine out of limit');
    expect(en.condition).toMatch(/^Free chlorine 0\.12 mg\/L, limit ≥0\.3 \(GB 5749-2022/);

    // Still low an hour later: the same alarm, counted again, its value the newer one.
    await lab({ chlorine_free: 0.18 }, 60);
    list = await wqAlarms();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ active: true, count: 2, lastValue: '0.18' });
    // A late result from before it was raised clears nothing.
    await lab({ chlorine_free: 0.6 }, -30);
    expect((await wqAlarms())[0]!.active).toBe(true);
    // Back within its limit: cleared by the system.
    await lab({ chlorine_free: 0.55 }, 120);
    list = await wqAlarms();
    expect(list[0]).toMatchObject({ active: false, clearedBy: null });
    const cleared = await detail(list[0]!.id);
    expect(cleared.state).toBe('cleared-unack');
    expect(cleared.entries.map((e) => e.kind)).toEqual(['raised', 'notified', 'repeated', 'auto-cleared']);

    // The site's recipients (operators and administrators) were told through the one seam, with a link.
    await t.app.notifyDelivery.drain();
    const told = await t.database.db.select().from(messages).where(eq(messages.source, 'notify'));
    expect(told.length).toBeGreaterThan(0);
    expect(told.some((m) => m.link === `/bz/alarm?alarm=${list[0]!.id}`)).toBe(true);
    const [operator] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'user'));
    expect(told.some((m) => m.userId === operator!.id)).toBe(true);
  });

  it('an unjudged result does nothing; a site that does not alarm raises nothing but still clears', async () => {
    await lab({ conductivity: 9000 });
    expect(await wqAlarms()).toHaveLength(0);
    await lab({ turbidity: 3 });
    expect(await wqAlarms()).toHaveLength(1);
    await t.database.db.update(wqSites).set({ alarmEnabled: false }).where(eq(wqSites.id, site.id));
    await lab({ chlorine_free: 0.1 }, 10);
    expect(await wqAlarms()).toHaveLength(1);
    await lab({ turbidity: 0.3 }, 20);
    expect((await wqAlarms())[0]!.active).toBe(false);
  });

  it('deleting the lab result that raised it judges the parameter by what is left: a compliant one clears it', async () => {
    await lab({ turbidity: 0.4 });
    const [raising] = await lab({ turbidity: 2.5 }, 30);
    expect((await wqAlarms()).map((a) => a.active)).toEqual([true]);
    const res = await t.inject({
      method: 'DELETE',
      url: `/api/water-quality/results/${raising!.id}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await wqAlarms()).map((a) => a.active)).toEqual([false]);
  });

  it('a lab and an online exceedance of the same site and parameter share one alarm; the online one charts its analyser', async () => {
    // Online first: the analyser's reading raises it, with the analyser's metric for the chart.
    await reading({ chlorine: 0.15, turbidity: 0.2 });
    let list = await wqAlarms();
    expect(list).toHaveLength(1);
    const a = await detail(list[0]!.id);
    expect(a).toMatchObject({
      deviceCode: ANALYSER,
      metric: 'chlorine',
      siteName: '岚川第一水厂出厂水',
      threshold: 0.3,
    });
    // The lab's sample of the same water: a repeat of the same alarm, not a second one.
    await lab({ chlorine_free: 0.14 }, 1);
    list = await wqAlarms();
    expect(list).toHaveLength(1);
    expect(list[0]!.count).toBe(2);
    // The analyser back in range: stored at once (its verdict changed), the alarm cleared.
    t.clock.advance(2 * MIN);
    await reading({ chlorine: 0.7 });
    expect((await wqAlarms())[0]!.active).toBe(false);
  });

  it('two servers on one database raise one alarm for the same result', async () => {
    const other = await createTestApp();
    try {
      const rows = await recordResults(t.database.db, [
        {
          siteId: site.id,
          parameter: 'turbidity',
          source: 'lab',
          sampledAt: new Date(T0),
          value: 2.4,
          belowDetection: false,
          sampleId: 'TWO-1',
        },
      ]);
      // Both servers hear of it (each judges what it stored; here the same rows, at once).
      await Promise.all([t.app.waterQuality.judged(rows), other.app.waterQuality.judged(rows)]);
      const list = await wqAlarms();
      expect(list).toHaveLength(1);
      expect(list[0]!.count).toBe(2);
      // And both clearing it leave one clear.
      const back = await recordResults(t.database.db, [
        {
          siteId: site.id,
          parameter: 'turbidity',
          source: 'lab',
          sampledAt: new Date(T0 + MIN),
          value: 0.3,
          belowDetection: false,
          sampleId: 'TWO-2',
        },
      ]);
      await Promise.all([t.app.waterQuality.judged(back), other.app.waterQuality.judged(back)]);
      const [cleared] = await wqAlarms();
      expect(cleared!.active).toBe(false);
      const entries = (await detail(cleared!.id)).entries.filter((e) => e.kind === 'auto-cleared');
      expect(entries).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('is handled like any alarm: acknowledged, cleared by hand, raised anew by the next exceedance', async () => {
    await lab({ turbidity: 1.8 });
    const [a] = await wqAlarms();
    const ack = await t.call(alarmsApi.acknowledge, { body: { ids: [a!.id] }, token: admin });
    expect(ack.json().data.changed).toBe(1);
    const cleared = await t.call(alarmsApi.clear, {
      params: { id: a!.id },
      body: { reason: '取样瓶污染，已复测' },
      token: admin,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({ state: 'cleared-ack', clearReason: '取样瓶污染，已复测' });
    await lab({ turbidity: 1.9 }, 30);
    const list = await wqAlarms();
    expect(list).toHaveLength(2);
    expect(list[1]).toMatchObject({ active: true, count: 1 });
    // Listed among the open alarms, by kind, with the site where a device would be.
    const open = (await t.call(alarmsApi.list, { query: { kind: 'water_quality' }, token: admin })).json().data;
    expect(open.list[0]).toMatchObject({ kind: 'water_quality', siteName: '岚川第一水厂出厂水', deviceCode: '' });
    const records = await t.call(alarmsApi.exportAlarms, { query: { view: 'all', format: 'csv' }, token: admin });
    expect(records.body).toContain('岚川第一水厂出厂水 浑浊度 超标');
    const stats = (
      await t.call(alarmsApi.stats, {
        query: { from: new Date(T0 - 60 * MIN).toISOString(), to: new Date(T0 + 60 * MIN).toISOString() },
        token: admin,
      })
    ).json().data;
    expect(stats.topSources[0]).toMatchObject({ deviceId: null, siteId: site.id, deviceName: '岚川第一水厂出厂水' });
  });

  it('a role limited to another region neither sees nor handles it, nor is told; one covering the site is', async () => {
    const [other] = await t.database.db
      .select({ id: regions.id })
      .from(regions)
      .where(and(sql`${regions.id} <> ${site.regionId}`, eq(regions.kind, 'catchment')))
      .limit(1);
    await limitRoleToRegions(t.database.db, 'user', [other!.id]);
    await lab({ chlorine_free: 0.1 });
    const [a] = await wqAlarms();
    const user = await t.login('user', 'User@2026');
    expect((await t.call(alarmsApi.get, { params: { id: a!.id }, token: user })).statusCode).toBe(404);
    expect((await t.call(alarmsApi.list, { token: user })).json().data.total).toBe(0);
    expect((await t.call(alarmsApi.acknowledge, { body: { ids: [a!.id] }, token: user })).json().data.changed).toBe(0);
    await t.app.notifyDelivery.drain();
    const [operator] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'user'));
    const toOperator = await t.database.db.select().from(messages).where(eq(messages.userId, operator!.id));
    expect(toOperator.filter((m) => m.link === `/bz/alarm?alarm=${a!.id}`)).toHaveLength(0);

    await limitRoleToRegions(t.database.db, 'user', [site.regionId!]);
    const again = await t.login('user', 'User@2026');
    expect((await t.call(alarmsApi.get, { params: { id: a!.id }, token: again })).statusCode).toBe(200);
    expect((await t.call(alarmsApi.acknowledge, { body: { ids: [a!.id] }, token: again })).json().data.changed).toBe(1);
  });
});
