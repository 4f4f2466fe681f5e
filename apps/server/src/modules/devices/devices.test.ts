import type { DeviceInput } from '@water/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { devices, deviceTypes, operationLog, regions, stations } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/tokens.ts';
import { bearer, createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';

let t: TestApp;
let admin: string;
let user: string;
let base: DeviceInput;
let ids: { city: number; east: number; basin: number; west: number; station: number; level: number };
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  // These tests build their own small city: the demo city's register is set aside.
  await t.database.db.delete(devices);
  await t.database.db.delete(stations);
  await t.database.db.delete(regions);
  admin = await t.login();
  user = await t.login('user', 'User@2026');
  const db = t.database.db;
  const [city] = await db.insert(regions).values({ code: 'LC', name: '岚川市', kind: 'city' }).returning();
  const [east] = await db
    .insert(regions)
    .values({ code: 'LC-E', name: '城东区', kind: 'district', parentId: city!.id, ancestors: `0,${city!.id}` })
    .returning();
  const [basin] = await db
    .insert(regions)
    .values({
      code: 'LC-E-01',
      name: '滨江排水片区',
      kind: 'catchment',
      parentId: east!.id,
      ancestors: `0,${city!.id},${east!.id}`,
    })
    .returning();
  const [west] = await db
    .insert(regions)
    .values({ code: 'LC-W', name: '城西区', kind: 'district', parentId: city!.id, ancestors: `0,${city!.id}` })
    .returning();
  const [station] = await db
    .insert(stations)
    .values({ code: 'PS-01', name: '滨江雨水泵站', kind: 'rainwater', regionId: basin!.id, pumps: 3 })
    .returning();
  const [level] = await db.select().from(deviceTypes).where(eq(deviceTypes.code, 'level_gauge'));
  ids = { city: city!.id, east: east!.id, basin: basin!.id, west: west!.id, station: station!.id, level: level!.id };
  base = {
    code: 'LG-PS01-01',
    name: '滨江泵站前池液位计',
    typeId: ids.level,
    model: 'ULM-53',
    manufacturer: '西门子',
    serialNo: 'SN2026001',
    stationId: ids.station,
    longitude: 119.652,
    latitude: 29.118,
    installDate: '2025-04-10',
    warrantyEnd: '2027-04-10',
  };
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: unknown,
  lang?: string,
) =>
  t.inject({
    method,
    url,
    headers: { ...bearer(token), ...(lang ? { 'accept-language': lang } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('device register', () => {
  it('registers a device with a secret shown once; the station gives it its region', async () => {
    const res = (await call('POST', '/api/devices', admin, base)).json();
    expect(res.code).toBe(200);
    expect(res.data.device).toMatchObject({
      code: 'LG-PS01-01',
      typeCode: 'level_gauge',
      typeName: '液位计',
      regionName: '滨江排水片区',
      stationName: '滨江雨水泵站',
      status: 'inactive',
    });
    expect(res.data.secret).toMatch(/^[\w-]{32}$/);
    const [row] = await t.database.db.select().from(devices).where(eq(devices.code, 'LG-PS01-01'));
    expect(row?.secretHash).toBe(sha256(res.data.secret));
    const [log] = await t.database.db.select().from(operationLog).where(eq(operationLog.module, 'devices'));
    expect(JSON.stringify(log)).not.toContain(res.data.secret);
    const rotated = (await call('POST', `/api/devices/${res.data.device.id}/secret`, admin)).json().data.secret;
    const [after] = await t.database.db.select().from(devices).where(eq(devices.code, 'LG-PS01-01'));
    expect(after?.secretHash).toBe(sha256(rotated));
  });

  it('refuses a duplicate code (409), coordinates off the globe, a warranty before install, an unknown type', async () => {
    await call('POST', '/api/devices', admin, base);
    expect((await call('POST', '/api/devices', admin, base)).statusCode).toBe(409);
    const cases: [Partial<DeviceInput>, string][] = [
      [{ longitude: 190 }, 'Longitude'],
      [{ latitude: -91 }, 'Latitude'],
      [{ latitude: null }, 'both'],
      [{ warrantyEnd: '2025-01-01' }, 'warranty'],
      [{ installDate: '2025-13-40' }, 'YYYY-MM-DD'],
      [{ code: '-bad code' }, 'Device codes'],
    ];
    for (const [change, text] of cases) {
      const res = await call('POST', '/api/devices', admin, { ...base, code: 'X-1', ...change }, 'en-US');
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().msg).toContain(text);
    }
    expect((await call('POST', '/api/devices', admin, { ...base, code: 'X-2', typeId: 99999 })).statusCode).toBe(400);
    expect((await call('POST', '/api/devices', admin, { ...base, code: 'X-3', stationId: 99999 })).statusCode).toBe(
      400,
    );
  });

  it('lists by region and everything below it, type, station, status and keyword, sorted', async () => {
    await call('POST', '/api/devices', admin, base);
    await call('POST', '/api/devices', admin, {
      ...base,
      code: 'LG-W-01',
      name: '城西液位计',
      stationId: null,
      regionId: ids.west,
    });
    const flow = (await t.database.db.select().from(deviceTypes).where(eq(deviceTypes.code, 'flow_meter')))[0]!;
    await call('POST', '/api/devices', admin, { ...base, code: 'FM-PS01-01', name: '出水流量计', typeId: flow.id });
    const codes = async (q: string) =>
      ((await call('GET', `/api/devices?${q}`, user)).json().data.list as { code: string }[]).map((d) => d.code);
    expect(await codes(`regionId=${ids.east}`)).toEqual(['FM-PS01-01', 'LG-PS01-01']);
    expect(await codes(`regionId=${ids.city}&sort=code&order=desc`)).toEqual(['LG-W-01', 'LG-PS01-01', 'FM-PS01-01']);
    expect(await codes(`typeId=${flow.id}`)).toEqual(['FM-PS01-01']);
    expect(await codes(`stationId=${ids.station}&keyword=液位`)).toEqual(['LG-PS01-01']);
    expect(await codes('status=disabled')).toEqual([]);
    expect((await call('GET', '/api/devices?status=broken', user)).statusCode).toBe(400);
    const stationsList = (await call('GET', '/api/stations', user)).json().data;
    expect(stationsList[0]).toMatchObject({ code: 'PS-01', kind: 'rainwater', pumps: 3, devices: 2 });
  });

  it('disables and enables, edits, removes; a plain user cannot write', async () => {
    const { device } = (await call('POST', '/api/devices', admin, base)).json().data;
    const off = (await call('POST', `/api/devices/${device.id}/enabled`, admin, { enabled: false })).json().data;
    expect(off.status).toBe('disabled');
    const on = (await call('POST', `/api/devices/${device.id}/enabled`, admin, { enabled: true })).json().data;
    expect(on.status).toBe('inactive');
    const edited = (await call('PUT', `/api/devices/${device.id}`, admin, { ...base, name: '前池液位计（新）' })).json()
      .data;
    expect(edited.name).toBe('前池液位计（新）');
    expect((await call('POST', '/api/devices', user, { ...base, code: 'U-1' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/devices/${device.id}`, user)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/devices/${device.id}`, admin)).json().code).toBe(200);
    expect((await call('GET', `/api/devices/${device.id}`, user)).statusCode).toBe(404);
  });
});
