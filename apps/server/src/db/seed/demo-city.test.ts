import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, resetDatabase, TEST_START, type TestApp } from '../../testing/build-app.ts';
import { deviceArchiveEntries, devices, regions, stations } from '../schema/index.ts';
import { seed } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await resetDatabase(t.database);
});
afterAll(() => t.close());

describe('the demo city', () => {
  it('has 4 districts, 10 catchments, 12 lift stations of 2–4 pumps and about 150 devices, all placed', async () => {
    const all = await t.database.db.select().from(regions);
    expect(all.filter((r) => r.kind === 'city')).toHaveLength(1);
    expect(all.filter((r) => r.kind === 'district')).toHaveLength(4);
    expect(all.filter((r) => r.kind === 'catchment')).toHaveLength(10);
    expect(all.every((r) => r.boundary !== null)).toBe(true);
    const s = await t.database.db.select().from(stations);
    expect(s).toHaveLength(12);
    expect(new Set(s.map((x) => x.kind))).toEqual(new Set(['rainwater', 'sewage', 'combined']));
    expect(s.every((x) => x.pumps >= 2 && x.pumps <= 4)).toBe(true);
    const d = await t.database.db.select().from(devices);
    expect(d.length).toBeGreaterThanOrEqual(140);
    expect(d.length).toBeLessThanOrEqual(170);
    expect(d.every((x) => x.typeId && x.regionId && x.longitude && x.latitude && x.installDate)).toBe(true);
    // one plausible area, every device inside the city's box
    expect(
      d.every((x) => x.longitude! > 119.59 && x.longitude! < 119.77 && x.latitude! > 29.05 && x.latitude! < 29.17),
    ).toBe(true);
    expect(d.every((x) => !x.warrantyEnd || x.warrantyEnd > x.installDate!)).toBe(true);
    // each station's pumps have a controller of their own
    const ps01 = s.find((x) => x.code === 'PS01')!;
    expect(d.filter((x) => x.stationId === ps01.id && /-P\d$/.test(x.code))).toHaveLength(ps01.pumps);
  });

  it('seeds again without duplicates, and a region an administrator removed stays removed', async () => {
    const before = (await t.database.db.select().from(devices)).length;
    const [gone] = await t.database.db.select().from(regions).where(eq(regions.code, 'LC-D-02'));
    const goneDevices = t.database.db.select({ id: devices.id }).from(devices).where(eq(devices.regionId, gone!.id));
    await t.database.db.delete(deviceArchiveEntries).where(inArray(deviceArchiveEntries.deviceId, goneDevices));
    await t.database.db.delete(devices).where(eq(devices.regionId, gone!.id));
    await t.database.db.delete(stations).where(eq(stations.regionId, gone!.id));
    await t.database.db.delete(regions).where(eq(regions.id, gone!.id));
    await seed(t.database.db, { demo: true, now: TEST_START });
    expect(await t.database.db.select().from(regions).where(eq(regions.code, 'LC-D-02'))).toHaveLength(0);
    expect((await t.database.db.select().from(devices)).length).toBeLessThan(before);
  });
});
