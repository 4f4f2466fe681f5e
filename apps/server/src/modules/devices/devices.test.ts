import { type DeviceInput, devicesApi, Permissions, regionsApi, rolesApi } from '@water/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  deviceArchiveEntries,
  devices,
  deviceTypes,
  menus,
  operationLog,
  roles,
  workOrders,
} from '../../db/schema/index.ts';
import { sha256 } from '../../lib/tokens.ts';
import { type CallInput, createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';
import { deviceTypeId, insertStation, smallCity } from '../../testing/fixtures.ts';

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
  const db = t.database.db;
  const { city, east, basin, west } = await smallCity(db);
  admin = await t.login();
  user = await t.login('user', 'User@2026');
  const station = await insertStation(db, { code: 'PS-01', name: '滨江雨水泵站', regionId: basin.id });
  ids = {
    city: city.id,
    east: east.id,
    basin: basin.id,
    west: west.id,
    station: station.id,
    level: await deviceTypeId(db, 'level_gauge'),
  };
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

const call: TestApp['call'] = (...args) => t.call(...args);

describe('device register', () => {
  it('registers a device with a secret shown once; the station gives it its region', async () => {
    const res = (await call(devicesApi.create, { body: base, token: admin })).json();
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
    const rotated = (await call(devicesApi.rotateSecret, { params: { id: res.data.device.id }, token: admin })).json()
      .data.secret;
    const [after] = await t.database.db.select().from(devices).where(eq(devices.code, 'LG-PS01-01'));
    expect(after?.secretHash).toBe(sha256(rotated));
  });

  it('refuses a duplicate code (409), coordinates off the globe, a warranty before install, an unknown type', async () => {
    await call(devicesApi.create, { body: base, token: admin });
    expect((await call(devicesApi.create, { body: base, token: admin })).statusCode).toBe(409);
    const cases: [Partial<DeviceInput>, string][] = [
      [{ longitude: 190 }, 'Longitude'],
      [{ latitude: -91 }, 'Latitude'],
      [{ latitude: null }, 'both'],
      [{ warrantyEnd: '2025-01-01' }, 'warranty'],
      [{ installDate: '2025-13-40' }, 'YYYY-MM-DD'],
      [{ code: '-bad code' }, 'Device codes'],
    ];
    for (const [change, text] of cases) {
      const res = await call(devicesApi.create, {
        body: { ...base, code: 'X-1', ...change },
        token: admin,
        lang: 'en-US',
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().msg).toContain(text);
    }
    expect(
      (await call(devicesApi.create, { body: { ...base, code: 'X-2', typeId: 99999 }, token: admin })).statusCode,
    ).toBe(400);
    expect(
      (await call(devicesApi.create, { body: { ...base, code: 'X-3', stationId: 99999 }, token: admin })).statusCode,
    ).toBe(400);
  });

  it('lists by region and everything below it, type, station, status and keyword, sorted', async () => {
    await call(devicesApi.create, { body: base, token: admin });
    await call(devicesApi.create, {
      body: {
        ...base,
        code: 'LG-W-01',
        name: '城西液位计',
        stationId: null,
        regionId: ids.west,
      },
      token: admin,
    });
    const flow = (await t.database.db.select().from(deviceTypes).where(eq(deviceTypes.code, 'flow_meter')))[0]!;
    await call(devicesApi.create, {
      body: { ...base, code: 'FM-PS01-01', name: '出水流量计', typeId: flow.id },
      token: admin,
    });
    const codes = async (query: CallInput<typeof devicesApi.list>['query']) =>
      ((await call(devicesApi.list, { query, token: user })).json().data.list as { code: string }[]).map((d) => d.code);
    expect(await codes({ regionId: ids.east })).toEqual(['FM-PS01-01', 'LG-PS01-01']);
    expect(await codes({ regionId: ids.city, sort: 'code', order: 'desc' })).toEqual([
      'LG-W-01',
      'LG-PS01-01',
      'FM-PS01-01',
    ]);
    expect(await codes({ typeId: flow.id })).toEqual(['FM-PS01-01']);
    expect(await codes({ stationId: ids.station, keyword: '液位' })).toEqual(['LG-PS01-01']);
    expect(await codes({ status: 'disabled' })).toEqual([]);
    // by address: a status the contract's types do not know
    expect((await call('GET', '/api/devices?status=broken', user)).statusCode).toBe(400);
    const stationsList = (await call(devicesApi.stations, { token: user })).json().data;
    expect(stationsList[0]).toMatchObject({ code: 'PS-01', kind: 'rainwater', pumps: 3, devices: 2 });
  });

  it('pages a sort without an index (last seen) like the others: every device once, nulls at the far end, ties by id', async () => {
    const seen = ['2026-11-20T08:00:00Z', null, '2026-11-21T08:00:00Z', '2026-11-20T08:00:00Z', null];
    for (const [n, at] of seen.entries()) {
      const { device } = (await call(devicesApi.create, { body: { ...base, code: `LS-${n}` }, token: admin })).json()
        .data;
      if (at)
        await t.database.db
          .update(devices)
          .set({ lastSeenAt: new Date(at) })
          .where(eq(devices.id, device.id));
    }
    const page = async (order: 'asc' | 'desc', n: number) =>
      (await call(devicesApi.list, { query: { sort: 'lastSeenAt', order, pageSize: 2, page: n }, token: user })).json()
        .data as {
        total: number;
        list: { code: string }[];
      };
    const all = async (order: 'asc' | 'desc') => {
      const pages = [await page(order, 1), await page(order, 2), await page(order, 3)];
      expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
      return pages.flatMap((p) => p.list.map((d) => d.code));
    };
    // PostgreSQL's order: nulls after the latest ascending, first descending; the id breaks ties both ways.
    expect(await all('asc')).toEqual(['LS-0', 'LS-3', 'LS-2', 'LS-1', 'LS-4']);
    expect(await all('desc')).toEqual(['LS-4', 'LS-1', 'LS-2', 'LS-3', 'LS-0']);
  });

  it('disables and enables, edits, removes; a plain user cannot write', async () => {
    const { device } = (await call(devicesApi.create, { body: base, token: admin })).json().data;
    const off = (
      await call(devicesApi.setEnabled, { params: { id: device.id }, body: { enabled: false }, token: admin })
    ).json().data;
    expect(off.status).toBe('disabled');
    const on = (
      await call(devicesApi.setEnabled, { params: { id: device.id }, body: { enabled: true }, token: admin })
    ).json().data;
    expect(on.status).toBe('inactive');
    const edited = (
      await call(devicesApi.update, {
        params: { id: device.id },
        body: { ...base, name: '前池液位计（新）' },
        token: admin,
      })
    ).json().data;
    expect(edited.name).toBe('前池液位计（新）');
    expect((await call(devicesApi.create, { body: { ...base, code: 'U-1' }, token: user })).statusCode).toBe(403);
    expect((await call(devicesApi.remove, { params: { id: device.id }, token: user })).statusCode).toBe(403);
    expect((await call(devicesApi.remove, { params: { id: device.id }, token: admin })).json().code).toBe(200);
    expect((await call(devicesApi.get, { params: { id: device.id }, token: user })).statusCode).toBe(404);
  });
});

describe('archiving instead of removing', () => {
  const retire = { date: '2026-05-20', performedBy: '泵站运维班 张工', description: '传感器进水损坏，报废' };

  it('refuses to remove a device with a history, and archives it instead: read-only, out of the working list', async () => {
    const { device } = (await call(devicesApi.create, { body: base, token: admin })).json().data;
    const db = t.database.db;
    await db.insert(deviceArchiveEntries).values({
      deviceId: device.id,
      kind: 'installation',
      date: '2025-04-10',
      performedBy: '安装队',
    });
    expect((await call(devicesApi.dependents, { params: { id: device.id }, token: user })).json().data).toEqual({
      archiveEntries: 1,
      openWorkOrders: 0,
    });
    const refused = await call(devicesApi.remove, { params: { id: device.id }, token: admin, lang: 'en-US' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toContain('1 archive entries');
    expect(refused.json().data).toEqual({ archiveEntries: 1, openWorkOrders: 0 });

    expect((await call(devicesApi.archive, { params: { id: device.id }, body: retire, token: user })).statusCode).toBe(
      403,
    );
    expect(
      (
        await call(devicesApi.archive, {
          params: { id: device.id },
          body: { ...retire, date: '2025-01-01' },
          token: admin,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(devicesApi.archive, {
          params: { id: device.id },
          body: { ...retire, performedBy: '' },
          token: admin,
        })
      ).statusCode,
    ).toBe(400);
    const archived = (await call(devicesApi.archive, { params: { id: device.id }, body: retire, token: admin })).json()
      .data;
    expect(archived).toMatchObject({ status: 'disabled', archivedAt: expect.any(String) });
    const [row] = await db.select().from(devices).where(eq(devices.id, device.id));
    expect(row?.secretHash).toBe('');
    const entries = await db.select().from(deviceArchiveEntries).where(eq(deviceArchiveEntries.deviceId, device.id));
    expect(entries.map((e) => e.kind).sort()).toEqual(['installation', 'scrapping']);
    const log = await db.select().from(operationLog).where(eq(operationLog.action, 'archive'));
    // The refused date is logged as a failure, the permission refusal as denied (the schema refusal
    // never reaches the handler); the archive that went through as a success.
    expect(log.map((l) => l.result).sort()).toEqual(['denied', 'failure', 'success']);

    const codes = async (query: CallInput<typeof devicesApi.list>['query']) =>
      ((await call(devicesApi.list, { query, token: user })).json().data.list as { code: string }[]).map((d) => d.code);
    expect(await codes({})).toEqual([]);
    expect(await codes({ lifecycle: 'archived' })).toEqual(['LG-PS01-01']);
    expect(await codes({ lifecycle: 'all' })).toEqual(['LG-PS01-01']);
    const params = { id: device.id };
    const writes = {
      update: () => call(devicesApi.update, { params, body: base, token: admin }),
      setEnabled: () => call(devicesApi.setEnabled, { params, body: { enabled: true }, token: admin }),
      rotateSecret: () => call(devicesApi.rotateSecret, { params, token: admin }),
      archive: () => call(devicesApi.archive, { params, body: retire, token: admin }),
    };
    for (const [name, write] of Object.entries(writes)) expect((await write()).statusCode, name).toBe(409);
  });

  it('open work orders hold a device; closed ones do not and let go of it', async () => {
    const { device } = (await call(devicesApi.create, { body: base, token: admin })).json().data;
    const db = t.database.db;
    await db.insert(workOrders).values([
      { code: 'WO-1', title: '液位计漂移', status: 'handling', deviceId: device.id },
      { code: 'WO-2', title: '液位计校准', status: 'closed', deviceId: device.id },
    ]);
    const refused = await call(devicesApi.remove, { params: { id: device.id }, token: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data).toEqual({ archiveEntries: 0, openWorkOrders: 1 });
    await db.update(workOrders).set({ status: 'evaluated' }).where(eq(workOrders.code, 'WO-1'));
    expect((await call(devicesApi.remove, { params: { id: device.id }, token: admin })).statusCode).toBe(200);
    expect((await db.select().from(workOrders)).map((w) => w.deviceId)).toEqual([null, null]);
  });
});

describe('region data scope', () => {
  /** The plain user's role limited to the given regions (and below), through the roles API. */
  async function limitUserRole(regionIds: number[], extraMenuIds: number[] = []) {
    const [role] = await t.database.db.select().from(roles).where(eq(roles.code, 'user'));
    const current = (await call(rolesApi.get, { params: { id: role!.id }, token: admin })).json().data;
    const res = await call(rolesApi.update, {
      params: { id: role!.id },
      body: {
        code: current.code,
        name: current.name,
        nameEn: current.nameEn,
        description: current.description,
        dataScope: current.dataScope,
        departmentIds: current.departmentIds,
        menuIds: [...current.menuIds, ...extraMenuIds],
        sort: current.sort,
        status: current.status,
        regionIds,
      },
      token: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.regionIds).toEqual(regionIds);
    // A role change ends no session; the scope is read per request.
    return role!.id;
  }

  it('limits lists, details, stations and writes to the role’s regions and those below them', async () => {
    const east = (await call(devicesApi.create, { body: base, token: admin })).json().data.device;
    const west = (
      await call(devicesApi.create, {
        body: { ...base, code: 'LG-W-01', stationId: null, regionId: ids.west },
        token: admin,
      })
    ).json().data.device;
    const loose = (
      await call(devicesApi.create, {
        body: { ...base, code: 'LG-N-01', stationId: null, regionId: null },
        token: admin,
      })
    ).json().data.device;
    await limitUserRole([ids.east]);

    const codes = async (query: CallInput<typeof devicesApi.list>['query'], token = user) =>
      ((await call(devicesApi.list, { query, token })).json().data.list as { code: string }[]).map((d) => d.code);
    // East includes the catchment below it; west and the device in no region are out of sight.
    expect(await codes({})).toEqual(['LG-PS01-01']);
    expect(await codes({ regionId: ids.west })).toEqual([]);
    expect(await codes({ regionId: ids.city })).toEqual(['LG-PS01-01']);
    expect(await codes({}, admin)).toEqual(['LG-N-01', 'LG-PS01-01', 'LG-W-01']);
    expect((await call(devicesApi.get, { params: { id: east.id }, token: user })).statusCode).toBe(200);
    expect((await call(devicesApi.get, { params: { id: west.id }, token: user })).statusCode).toBe(404);
    expect((await call(devicesApi.dependents, { params: { id: loose.id }, token: user })).statusCode).toBe(404);
    expect(
      ((await call(devicesApi.stations, { token: user })).json().data as { code: string }[]).map((s) => s.code),
    ).toEqual(['PS-01']);
  });

  it('keeps a region-limited writer inside their regions; the admin role cannot be limited', async () => {
    // The plain role gains the device write button for this test, limited to the catchment.
    const [button] = await t.database.db.select().from(menus).where(eq(menus.permission, Permissions.deviceWrite));
    const roleId = await limitUserRole([ids.basin], [button!.id]);
    const writer = await t.login('user', 'User@2026');
    const outside = await call(devicesApi.create, {
      body: { ...base, stationId: null, regionId: ids.west },
      token: writer,
      lang: 'en-US',
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().msg).toContain('does not cover');
    expect(
      (await call(devicesApi.create, { body: { ...base, stationId: null, regionId: null }, token: writer })).statusCode,
    ).toBe(403);
    const inside = await call(devicesApi.create, { body: base, token: writer });
    expect(inside.statusCode).toBe(200);
    expect(inside.json().data.device.regionId).toBe(ids.basin);
    const moved = await call(devicesApi.update, {
      params: { id: inside.json().data.device.id },
      body: {
        ...base,
        stationId: null,
        regionId: ids.east,
      },
      token: writer,
    });
    expect(moved.statusCode).toBe(403);
    const [adminRole] = await t.database.db.select().from(roles).where(eq(roles.code, 'admin'));
    const current = (await call(rolesApi.get, { params: { id: adminRole!.id }, token: admin })).json().data;
    const res = await call(rolesApi.update, {
      params: { id: adminRole!.id },
      body: { ...current, regionIds: [ids.east] },
      token: admin,
      lang: 'en-US',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('no region limit');
    const unknown = await call(rolesApi.update, {
      params: { id: roleId },
      body: {
        ...(await call(rolesApi.get, { params: { id: roleId }, token: admin })).json().data,
        regionIds: [999_999],
      },
      token: admin,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('a region a role is limited to, or with stations, cannot be deleted', async () => {
    await limitUserRole([ids.west]);
    const byRole = await call(regionsApi.remove, { params: { id: ids.west }, token: admin, lang: 'en-US' });
    expect(byRole.statusCode).toBe(409);
    expect(byRole.json().msg).toMatch(/roles .* limited to this region/);
    const byStation = await call(regionsApi.remove, { params: { id: ids.basin }, token: admin, lang: 'en-US' });
    expect(byStation.statusCode).toBe(409);
    expect(byStation.json().msg).toContain('1 stations');
  });
});
