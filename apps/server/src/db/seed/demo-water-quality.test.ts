import { thingModelSchema } from '@water/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, resetDatabase, TEST_START, type TestApp } from '../../testing/build-app.ts';
import {
  devices,
  deviceTypes,
  regions,
  seedMarks,
  wqLimitSets,
  wqResults,
  wqSiteDevices,
  wqSites,
} from '../schema/index.ts';
import { DEMO_DEVICE_CODE } from './demo-secrets.ts';
import { seedDemoWaterQualityHistory } from './demo-water-quality.ts';
import { seedDeviceTypes } from './device-types.ts';
import { seed } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await resetDatabase(t.database);
});
afterAll(() => t.close());

describe('the demo water-quality sites', () => {
  it('are the plant outlet, four taps, the wastewater discharge and two river sections, each with its analyser', async () => {
    const db = t.database.db;
    const sites = await db
      .select({
        code: wqSites.code,
        name: wqSites.name,
        kind: wqSites.kind,
        set: wqLimitSets.code,
        targetGrade: wqSites.targetGrade,
        severity: wqSites.alarmSeverity,
        recipients: wqSites.recipients,
        region: regions.kind,
        longitude: wqSites.longitude,
        latitude: wqSites.latitude,
        device: devices.code,
        deviceRegion: devices.regionId,
        regionId: wqSites.regionId,
      })
      .from(wqSites)
      .innerJoin(wqLimitSets, eq(wqLimitSets.id, wqSites.limitSetId))
      .leftJoin(regions, eq(regions.id, wqSites.regionId))
      .leftJoin(wqSiteDevices, eq(wqSiteDevices.siteId, wqSites.id))
      .leftJoin(devices, eq(devices.id, wqSiteDevices.deviceId))
      .orderBy(asc(wqSites.code));
    expect(sites.map((s) => [s.code, s.kind, s.set, s.targetGrade, s.severity, s.device])).toEqual([
      ['RV01', 'river', 'gb3838-river', 3, 'minor', 'RV01-WQ01'],
      ['RV02', 'river', 'gb3838-river', 3, 'minor', 'RV02-WQ01'],
      ['TAP-01', 'tap', 'gb5749-tap', null, 'critical', 'WQ-N01'],
      ['TAP-02', 'tap', 'gb5749-tap', null, 'critical', 'WQ-N02'],
      ['TAP-03', 'tap', 'gb5749-tap', null, 'critical', 'WQ-N03'],
      ['TAP-04', 'tap', 'gb5749-tap', null, 'critical', 'WQ-N04'],
      ['WP01-OUT', 'plant_outlet', 'gb5749-outlet', null, 'critical', 'WP01-WQ01'],
      ['WW01-OUT', 'wastewater_discharge', 'gb18918-1a', null, 'major', 'WW01-WQ01'],
    ]);
    for (const s of sites) {
      expect(s.region, s.code).toBe('catchment');
      expect(s.regionId).toBe(s.deviceRegion);
      expect(s.longitude! > 119.59 && s.longitude! < 119.77 && s.latitude! > 29.05 && s.latitude! < 29.17).toBe(true);
      expect(s.recipients).toEqual({ userIds: [], roleCodes: ['user', 'admin'], departmentIds: [] });
      expect(DEMO_DEVICE_CODE.test(s.device!), s.device!).toBe(true);
    }
    expect(sites.find((s) => s.code === 'TAP-01')!.name).toBe('滨江管网末梢水');
    // Results come with the history only: test resets stay quick.
    const [n] = await db.select({ n: count() }).from(wqResults);
    expect(n!.n).toBe(0);
  });

  it('gives an analyser seeded before issue 18 its new parameters, once', async () => {
    const db = t.database.db;
    const [type] = await db.select().from(deviceTypes).where(eq(deviceTypes.code, 'water_quality_analyser'));
    const model = thingModelSchema.parse(type!.model);
    const old = ['ph', 'turbidity', 'chlorine', 'cod', 'ammonia', 'dissolved_oxygen'];
    await db
      .update(deviceTypes)
      .set({ model: { ...model, metrics: model.metrics.filter((m) => old.includes(m.key)) } })
      .where(eq(deviceTypes.id, type!.id));
    await db.delete(seedMarks).where(eq(seedMarks.key, 'device-type:water_quality_analyser:parameters'));
    await seedDeviceTypes(db);
    const keys = async () =>
      thingModelSchema
        .parse((await db.select().from(deviceTypes).where(eq(deviceTypes.id, type!.id)))[0]!.model)
        .metrics.map((m) => m.key);
    expect(await keys()).toEqual([...old, 'temperature', 'conductivity', 'total_chlorine', 'codmn', 'tp', 'tn', 'ss']);
    // An administrator's removal afterwards stays removed.
    await db
      .update(deviceTypes)
      .set({ model: { ...model, metrics: model.metrics.filter((m) => m.key !== 'ss') } })
      .where(eq(deviceTypes.id, type!.id));
    await seedDeviceTypes(db);
    expect(await keys()).not.toContain('ss');
  });

  it('have hourly online results (30 days unless told) and three months of the lab’s, with a few exceedances, once', async () => {
    const db = t.database.db;
    const started = performance.now();
    const result = await db.transaction((tx) => seedDemoWaterQualityHistory(tx, TEST_START, { onlineDays: 3 }));
    const ms = performance.now() - started;
    expect(result!.online).toBeGreaterThan(0);
    expect(ms).toBeLessThan(60_000);

    const per = async (source: string) =>
      db
        .select({ code: wqSites.code, parameter: wqResults.parameter, n: count() })
        .from(wqResults)
        .innerJoin(wqSites, eq(wqSites.id, wqResults.siteId))
        .where(eq(wqResults.source, source))
        .groupBy(wqSites.code, wqResults.parameter);
    const online = await per('online');
    const of = (rows: typeof online, code: string, parameter: string) =>
      rows.find((r) => r.code === code && r.parameter === parameter)?.n ?? 0;
    // Hourly, from each analyser's probes (no telemetry history here: the simulator's model ran).
    expect(of(online, 'WP01-OUT', 'chlorine_free')).toBeGreaterThanOrEqual(3 * 24);
    expect(of(online, 'WW01-OUT', 'nh3n')).toBeGreaterThanOrEqual(3 * 24);
    expect(of(online, 'WW01-OUT', 'temperature')).toBeGreaterThanOrEqual(3 * 24);
    expect(of(online, 'RV01', 'do')).toBeGreaterThanOrEqual(3 * 24);
    expect(of(online, 'TAP-01', 'chlorine_total')).toBeGreaterThanOrEqual(3 * 24);
    expect(of(online, 'WW01-OUT', 'bod5')).toBe(0);

    const lab = await per('lab');
    expect(of(lab, 'WP01-OUT', 'chlorine_free')).toBeGreaterThanOrEqual(90);
    expect(of(lab, 'TAP-02', 'turbidity')).toBeGreaterThanOrEqual(24);
    expect(of(lab, 'TAP-02', 'turbidity')).toBeLessThanOrEqual(28);
    expect(of(lab, 'WW01-OUT', 'bod5')).toBeGreaterThanOrEqual(85);
    expect(of(lab, 'WW01-OUT', 'temperature')).toBeGreaterThanOrEqual(90);
    expect(of(lab, 'RV02', 'cod')).toBeGreaterThanOrEqual(5);
    expect(of(lab, 'RV02', 'cod')).toBeLessThanOrEqual(7);

    // The planned exceedances, each judged so, with the limit that applied.
    const exceeding = await db
      .select({
        code: wqSites.code,
        parameter: wqResults.parameter,
        value: wqResults.value,
        upper: wqResults.upper,
        lower: wqResults.lower,
        days: sql<number>`round(extract(epoch from ${TEST_START.toISOString()}::timestamptz - ${wqResults.sampledAt}) / 86400)`,
      })
      .from(wqResults)
      .innerJoin(wqSites, eq(wqSites.id, wqResults.siteId))
      .where(and(eq(wqResults.source, 'lab'), eq(wqResults.verdict, 'exceeding')));
    const hits = exceeding.map((e) => `${e.code} ${e.parameter} ${e.value}`);
    expect(hits).toEqual(
      expect.arrayContaining([
        'WP01-OUT chlorine_free 0.22',
        'TAP-02 turbidity 1.6',
        'TAP-04 chlorine_free 0.03',
        'WW01-OUT cod 54',
        'WW01-OUT ss 14',
        'WW01-OUT bod5 11.5',
        'WW01-OUT nh3n 6.4',
        'RV02 cod 23.5',
        'RV02 tp 0.24',
        'RV02 do 4.6',
      ]),
    );
    expect(exceeding.length).toBeLessThan(20);
    // NH3-N at 13.1 °C: the warm-water limit.
    expect(exceeding.find((e) => e.parameter === 'nh3n')).toMatchObject({ upper: 5 });
    // Every lab result lies in the three months before now; BOD5 only on samples five days old.
    const [span] = await db
      .select({
        oldest: sql<number>`max(extract(epoch from ${TEST_START.toISOString()}::timestamptz - ${wqResults.sampledAt})) / 86400`,
        newestBod: sql<number>`min(extract(epoch from ${TEST_START.toISOString()}::timestamptz - ${wqResults.sampledAt})) filter (where ${wqResults.parameter} = 'bod5') / 86400`,
      })
      .from(wqResults)
      .where(eq(wqResults.source, 'lab'));
    expect(Number(span!.oldest)).toBeLessThanOrEqual(92);
    expect(Number(span!.newestBod)).toBeGreaterThanOrEqual(5);

    const total = async () => (await db.select({ n: count() }).from(wqResults))[0]!.n;
    const before = await total();
    expect(await db.transaction((tx) => seedDemoWaterQualityHistory(tx, TEST_START))).toBeNull();
    expect(await total()).toBe(before);
  });

  it('seeds again without duplicates, and a site an administrator removed stays removed', async () => {
    const db = t.database.db;
    await db.delete(wqSites).where(inArray(wqSites.code, ['TAP-03']));
    await seed(db, { demo: true, now: TEST_START });
    const codes = (await db.select({ code: wqSites.code }).from(wqSites)).map((s) => s.code);
    expect(codes).toHaveLength(7);
    expect(codes).not.toContain('TAP-03');
  });
});
