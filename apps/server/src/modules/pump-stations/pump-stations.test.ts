import {
  type Device,
  devicesApi,
  type PumpStation,
  type PumpStationDetail,
  pumpStationsApi,
  type StationConfigInput,
  type StationDeviceOptions,
  stationConfigInputSchema,
} from '@water/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { devices, operationLog, stationPumps, stationSensors, stations } from '../../db/schema/index.ts';
import { DEMO_STATION_CODES } from '../../db/seed/demo-city.ts';
import { createCity, demoPlant } from '../../simulator/city.ts';
import { loadSimDevices } from '../../simulator/simulator.ts';
import { createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';
import { deviceTypeId, insertDevice, limitRoleToRegions } from '../../testing/fixtures.ts';

let t: TestApp;
let admin: string;
let user: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  admin = await t.login();
  user = await t.login('user', 'User@2026');
});

const api = pumpStationsApi;

/** A station's configuration as the editor would send it back. */
function toInput(d: PumpStationDetail): StationConfigInput {
  return {
    code: d.code,
    name: d.name,
    kind: d.kind,
    regionId: d.regionId,
    longitude: d.longitude,
    latitude: d.latitude,
    address: d.address,
    designCapacity: d.designCapacity,
    wellArea: d.wellArea,
    wellBottomElevation: d.wellBottomElevation,
    wellDepth: d.wellDepth,
    highAlarmLevel: d.highAlarmLevel,
    lowAlarmLevel: d.lowAlarmLevel,
    protectionLevel: d.protectionLevel,
    responsibleDepartmentId: d.responsibleDepartmentId,
    responsibleUserId: d.responsibleUserId,
    pumps: d.pumps.map((p) => ({
      number: p.number,
      name: p.name,
      ratedPower: p.ratedPower,
      ratedFlow: p.ratedFlow,
      ratedHead: p.ratedHead,
      drive: p.drive,
      startLevel: p.startLevel,
      stopLevel: p.stopLevel,
      controllerDeviceId: p.controllerDeviceId,
      metrics: p.metrics,
      maintenance: p.maintenance,
    })),
    sensors: d.sensors.map((s) => ({ role: s.role, deviceId: s.deviceId, metric: s.metric })),
  };
}

async function stationId(code: string): Promise<number> {
  const [row] = await t.database.db.select({ id: stations.id }).from(stations).where(eq(stations.code, code));
  return row!.id;
}

async function deviceId(code: string): Promise<number> {
  const [row] = await t.database.db.select({ id: devices.id }).from(devices).where(eq(devices.code, code));
  return row!.id;
}

async function detail(code: string): Promise<PumpStationDetail> {
  const res = await t.call(api.get, { params: { id: await stationId(code) }, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const put = async (code: string, body: StationConfigInput, lang?: string) =>
  t.call(api.update, { params: { id: await stationId(code) }, body, token: admin, ...(lang ? { lang } : {}) });

/** The fields a 400 names, from the validation envelope. */
const fields = (res: Awaited<ReturnType<TestApp['call']>>) =>
  ((res.json().data?.errors ?? []) as { field: string }[]).map((e) => e.field);

/** A new station of its own (no devices), for the writes that should not disturb the demo city. */
const fresh = (over: Partial<StationConfigInput> = {}): StationConfigInput => ({
  code: 'PS90',
  name: '试验雨水泵站',
  kind: 'rainwater',
  wellDepth: 6,
  highAlarmLevel: 4,
  lowAlarmLevel: 1,
  protectionLevel: 0.8,
  pumps: [
    { number: 1, ratedPower: 30, ratedFlow: 650, ratedHead: 12, drive: 'vfd', startLevel: 2.5, stopLevel: 1.2 },
    { number: 2, ratedPower: 30, ratedFlow: 650, ratedHead: 12, drive: 'fixed', startLevel: 3, stopLevel: 1.4 },
  ],
  ...over,
});

describe('the demo city stations', () => {
  it('are the twelve, each fully configured as the simulator runs it, and consistent with every rule', async () => {
    const list = await t.call(api.list, { query: { pageSize: 50 }, token: user });
    expect(list.statusCode).toBe(200);
    const rows = list.json().data.list as PumpStation[];
    expect(rows.map((s) => s.code)).toEqual(DEMO_STATION_CODES);
    expect(new Set(rows.map((s) => s.kind))).toEqual(new Set(['rainwater', 'sewage', 'combined']));
    for (const row of rows) {
      const d = await detail(row.code);
      const plant = demoPlant(d.code, d.kind === 'sewage', d.pumpCount);
      expect(d.pumps).toHaveLength(d.pumpCount);
      expect(d.pumpCount).toBeGreaterThanOrEqual(2);
      expect(d.pumpCount).toBeLessThanOrEqual(4);
      expect(d).toMatchObject({
        wellArea: plant.wellArea,
        wellDepth: plant.wellDepth,
        protectionLevel: 0.8,
        lowAlarmLevel: 0.9,
        highAlarmLevel: plant.highAlarmLevel,
        designCapacity: plant.designCapacity,
        responsibleDepartmentName: '泵站运维班',
        responsibleUserName: '王明',
      });
      expect(d.address).toMatch(/^岚川市.+路 \d+ 号$/);
      d.pumps.forEach((p, i) => {
        expect(p).toMatchObject({
          number: i + 1,
          controllerCode: `${d.code}-P${i + 1}`,
          drive: 'vfd',
          ratedFlow: plant.pumps[i]!.ratedFlow,
          ratedPower: plant.pumps[i]!.ratedPower,
          startLevel: plant.pumps[i]!.startLevel,
          stopLevel: plant.pumps[i]!.stopLevel,
          maintenance: false,
          metrics: {
            running: 'running',
            fault: 'fault',
            remote: 'mode',
            frequency: 'frequency',
            current: 'current',
            power: 'power',
            energy: 'energy',
            runHours: 'run_hours',
          },
        });
      });
      expect(d.sensors.map((s) => [s.role, s.metric])).toEqual([
        ['level', 'level'],
        ['flow', 'flow'],
        ['rain', 'intensity'],
      ]);
      expect(d.sensors[0]).toMatchObject({ deviceCode: `${d.code}-LT01`, unit: 'm', metricName: '液位' });
      expect(d.cameras.map((c) => c.code)).toEqual([`${d.code}-CAM01`]);
      // Every rule of the configuration holds: the contract accepts it and so does the server, unchanged.
      const input = toInput(d);
      expect(stationConfigInputSchema.safeParse(input).error?.issues ?? []).toEqual([]);
      const saved = await put(d.code, input);
      expect(saved.statusCode, saved.body).toBe(200);
      expect({ ...saved.json().data, updatedAt: '' }).toEqual({ ...d, updatedAt: '' });
    }
  });

  it('drive the simulator: it reads the wet well, pumps and rain gauge from the configuration', async () => {
    const before = await detail('PS01');
    const input = toInput(before);
    input.wellArea = 80;
    input.pumps = input.pumps!.map((p) => ({ ...p, ratedFlow: 900, drive: 'fixed' as const }));
    expect((await put('PS01', input)).statusCode).toBe(200);
    const sim = await loadSimDevices(t.database.db, ['PS01-LT01', 'PS01-P1']);
    const plant = sim.find((d) => d.code === 'PS01-P1')!.plant!;
    expect(plant).toMatchObject({
      kind: 'rainwater',
      wellArea: 80,
      wellDepth: before.wellDepth,
      protectionLevel: 0.8,
      rainGaugeCode: before.sensors.find((s) => s.role === 'rain')!.deviceCode,
    });
    expect(plant.pumps.map((p) => [p.controllerCode, p.ratedFlow, p.drive, p.startLevel])).toEqual(
      before.pumps.map((p) => [p.controllerCode, 900, 'fixed', p.startLevel]),
    );
  });

  it('drive the simulator: a pump under maintenance never runs, however high the well fills', async () => {
    const before = await detail('PS01');
    const input = toInput(before);
    // A small well fills fast: within hours every pump in service has had its turn.
    input.wellArea = 5;
    input.pumps = input.pumps!.map((p) => (p.number === 1 ? { ...p, maintenance: true } : p));
    expect((await put('PS01', input)).statusCode).toBe(200);
    const sim = await loadSimDevices(t.database.db);
    expect(sim.find((d) => d.code === 'PS01-P1')!.plant!.pumps.map((p) => p.maintenance)).toEqual(
      before.pumps.map((p) => p.number === 1),
    );
    const start = Date.parse('2026-07-01T00:00:00Z');
    const city = createCity(sim, () => 0.5, start);
    const ran = new Set<number>();
    for (let minute = 1; minute <= 6 * 60; minute++) {
      city.advance(60, start + minute * 60_000);
      city.station(before.id)!.running.forEach((on, p) => {
        if (on) ran.add(p + 1);
      });
    }
    expect(ran.has(1)).toBe(false);
    expect(ran.size).toBeGreaterThan(0);
    // Its controller reports it stopped.
    const p1 = sim.find((d) => d.code === 'PS01-P1')!;
    expect(city.sample(p1)).toMatchObject({ running: false, frequency: 0 });
  });
});

describe('reading the configuration', () => {
  it('lists with keyword, kind and region filters, sorted, for any signed-in user', async () => {
    const sewage = (await t.call(api.list, { query: { kind: 'sewage' }, token: user })).json().data;
    expect(sewage.total).toBe(5);
    expect((sewage.list as PumpStation[]).every((s) => s.kind === 'sewage')).toBe(true);
    const byName = (await t.call(api.list, { query: { keyword: '滨江' }, token: user })).json().data;
    expect((byName.list as PumpStation[]).map((s) => s.code)).toEqual(['PS01', 'PS11']);
    const ps01 = await detail('PS01');
    // The list carries the level set-points, as its set-points column shows them.
    expect((byName.list as PumpStation[])[0]).toMatchObject({
      wellDepth: ps01.wellDepth,
      highAlarmLevel: ps01.highAlarmLevel,
      lowAlarmLevel: ps01.lowAlarmLevel,
      protectionLevel: ps01.protectionLevel,
    });
    expect(ps01.highAlarmLevel).toBeGreaterThan(0);
    const inRegion = (await t.call(api.list, { query: { regionId: ps01.regionId! }, token: user })).json().data;
    expect((inRegion.list as PumpStation[]).every((s) => s.regionId === ps01.regionId)).toBe(true);
    const sorted = (await t.call(api.list, { query: { sort: 'name', order: 'desc', pageSize: 3 }, token: user })).json()
      .data;
    expect(sorted).toMatchObject({ total: 12, page: 1, pageSize: 3 });
    expect(sorted.list).toHaveLength(3);
  });

  it('keeps a region-limited role to the stations of its regions', async () => {
    const ps01 = await detail('PS01');
    await limitRoleToRegions(t.database.db, 'user', [ps01.regionId!]);
    const list = (await t.call(api.list, { token: user })).json().data;
    expect((list.list as PumpStation[]).map((s) => s.regionId)).toEqual(
      Array.from({ length: list.total }, () => ps01.regionId),
    );
    const other = await stationId('PS02');
    expect((await t.call(api.get, { params: { id: other }, token: user })).statusCode).toBe(404);
  });

  it('offers the editor the station’s own devices first, then those at no station, with their metrics', async () => {
    const id = await stationId('PS01');
    const res = await t.call(api.deviceOptions, { query: { stationId: id }, token: admin, lang: 'en-US' });
    expect(res.statusCode).toBe(200);
    const options = res.json().data as StationDeviceOptions;
    const own = options.devices.filter((d) => d.stationId === id);
    expect(own.length).toBeGreaterThan(3);
    expect(options.devices.slice(0, own.length)).toEqual(own);
    expect(options.devices.slice(own.length).every((d) => d.stationId === null)).toBe(true);
    const pump = options.types.find((x) => x.code === 'pump_controller')!;
    expect(pump.metrics.find((m) => m.key === 'frequency')).toEqual({
      key: 'frequency',
      name: 'Frequency',
      unit: 'Hz',
      dataType: 'number',
    });
    const searched = (await t.call(api.deviceOptions, { query: { keyword: 'RG-' }, token: admin })).json().data;
    expect((searched as StationDeviceOptions).devices.every((d) => d.code.startsWith('RG-'))).toBe(true);
  });
});

describe('permissions', () => {
  it('lets a plain user read but refuses every change and the editor’s picker', async () => {
    const id = await stationId('PS01');
    const d = await detail('PS01');
    expect((await t.call(api.get, { params: { id }, token: user })).statusCode).toBe(200);
    for (const res of [
      await t.call(api.create, { body: fresh(), token: user }),
      await t.call(api.update, { params: { id }, body: toInput(d), token: user }),
      await t.call(api.remove, { params: { id }, token: user }),
      await t.call(api.deviceOptions, { token: user }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 403, msg: expect.any(String), data: null });
    }
    expect(await t.database.db.$count(stations, eq(stations.code, 'PS90'))).toBe(0);
  });
});

describe('validation: each rule a 400 naming its field', () => {
  const refused = async (body: StationConfigInput, field: string, lang?: string) => {
    const res = await t.call(api.create, { body, token: admin, ...(lang ? { lang } : {}) });
    expect(res.statusCode, res.body).toBe(400);
    expect(fields(res)).toContain(field);
    return res;
  };
  const pump = (over: Partial<NonNullable<StationConfigInput['pumps']>[number]>) => ({
    number: 1,
    startLevel: 2.5,
    stopLevel: 1.2,
    ...over,
  });

  it('stop below start within a pump, both given or neither', async () => {
    const res = await refused(fresh({ pumps: [pump({ startLevel: 2, stopLevel: 2 })] }), 'pumps.0.stopLevel', 'en-US');
    expect(res.json().data.errors).toContainEqual({
      field: 'pumps.0.stopLevel',
      message: 'The stop level must be below the start level',
    });
    await refused(fresh({ pumps: [pump({}), pump({ number: 2, startLevel: 2, stopLevel: 3 })] }), 'pumps.1.stopLevel');
    await refused(fresh({ pumps: [pump({ stopLevel: null })] }), 'pumps.0.stopLevel');
  });

  it('every set-point within 0 and the well depth, which set-points need', async () => {
    await refused(fresh({ highAlarmLevel: 6.5 }), 'highAlarmLevel');
    await refused(
      fresh({ pumps: [pump({}), pump({ number: 2, startLevel: 7, stopLevel: 1.5 })] }),
      'pumps.1.startLevel',
    );
    await refused(fresh({ lowAlarmLevel: -0.5 }), 'lowAlarmLevel');
    await refused(fresh({ wellDepth: null }), 'wellDepth');
  });

  it('low alarm below high alarm, dry-run protection at or below every stop level', async () => {
    await refused(fresh({ lowAlarmLevel: 4, highAlarmLevel: 4 }), 'lowAlarmLevel');
    const res = await refused(fresh({ protectionLevel: 1.3 }), 'protectionLevel', 'en-US');
    expect(res.json().data.errors).toContainEqual({
      field: 'protectionLevel',
      message: 'The dry-run protection level cannot be above any pump’s stop level',
    });
    // at a stop level is allowed
    const ok = await t.call(api.create, { body: fresh({ protectionLevel: 1.2 }), token: admin });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('pump numbers unique, one device per sensor role', async () => {
    await refused(fresh({ pumps: [pump({}), pump({ startLevel: 3, stopLevel: 1.5 })] }), 'pumps.1.number');
    const gauge = await deviceId('RG-01');
    await refused(
      fresh({
        sensors: [
          { role: 'rain', deviceId: gauge, metric: 'intensity' },
          { role: 'rain', deviceId: gauge, metric: 'rainfall' },
        ],
      }),
      'sensors.1.role',
    );
  });

  it('a mapped metric exists in the device type’s thing model, and needs its device', async () => {
    const controller = await insertDevice(t.database.db, {
      code: 'PS90-P1',
      typeId: await deviceTypeId(t.database.db, 'pump_controller'),
    });
    const res = await refused(
      fresh({
        pumps: [pump({ controllerDeviceId: controller.id, metrics: { running: 'running', energy: 'kwh_total' } })],
      }),
      'pumps.0.metrics.energy',
      'en-US',
    );
    expect(res.json().data.errors).toEqual([
      { field: 'pumps.0.metrics.energy', message: 'The device type’s thing model has no such metric' },
    ]);
    await refused(
      fresh({ sensors: [{ role: 'rain', deviceId: await deviceId('RG-01'), metric: 'level' }] }),
      'sensors.0.metric',
    );
    await refused(fresh({ pumps: [pump({ metrics: { running: 'running' } })] }), 'pumps.0.metrics.running');
    await refused(fresh({ pumps: [pump({ metrics: { running: '<b>x</b>' } })] }), 'pumps.0.metrics.running');
  });

  it('a device belongs to one station: one placed at another is refused, one at none is placed here', async () => {
    const other = await deviceId('PS02-P1');
    await refused(
      fresh({ pumps: [pump({ controllerDeviceId: other, metrics: { running: 'running' } })] }),
      'pumps.0.controllerDeviceId',
    );
    await refused(
      fresh({ sensors: [{ role: 'level', deviceId: await deviceId('PS02-LT01'), metric: 'level' }] }),
      'sensors.0.deviceId',
    );
    // The refused writes changed nothing.
    expect(await t.database.db.$count(stations, eq(stations.code, 'PS90'))).toBe(0);
    const [still] = await t.database.db.select().from(devices).where(eq(devices.id, other));
    expect(still!.stationId).toBe(await stationId('PS02'));
    // A rain gauge serves a whole catchment: two stations may share it, and it stays at none.
    const gauge = await deviceId('RG-01');
    const shared = await t.call(api.create, {
      body: fresh({ sensors: [{ role: 'rain', deviceId: gauge, metric: 'intensity' }] }),
      token: admin,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const [g] = await t.database.db.select().from(devices).where(eq(devices.id, gauge));
    expect(g!.stationId).toBeNull();
  });

  it('keeps a mapped device at its station when the device itself is edited elsewhere (409 naming the station)', async () => {
    const move = async (code: string, to: number | null) => {
      const id = await deviceId(code);
      const d = (await t.call(devicesApi.get, { params: { id }, token: admin })).json().data as Device;
      const body = {
        code: d.code,
        name: d.name,
        typeId: d.typeId,
        model: d.model,
        manufacturer: d.manufacturer,
        serialNo: d.serialNo,
        regionId: d.regionId,
        stationId: to,
        longitude: d.longitude,
        latitude: d.latitude,
        installDate: d.installDate,
        warrantyEnd: d.warrantyEnd,
      };
      return t.call(devicesApi.update, { params: { id }, body, token: admin, lang: 'en-US' });
    };
    const ps02 = await stationId('PS02');
    // PS01's pump 1 controller and level gauge cannot move to PS02 or to no station.
    const refused = await move('PS01-P1', ps02);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toContain('PS01');
    expect((await move('PS01-LT01', null)).statusCode).toBe(409);
    const [still] = await t.database.db.select().from(devices).where(eq(devices.code, 'PS01-P1'));
    expect(still!.stationId).toBe(await stationId('PS01'));
    // Edited in place it saves; a rain gauge, shared by a catchment, may move.
    expect((await move('PS01-P1', await stationId('PS01'))).statusCode).toBe(200);
    expect((await move('RG-01', ps02)).statusCode).toBe(200);
  });

  it('the devices, region, department and person exist (an archived device is no longer offered)', async () => {
    const archived = await insertDevice(t.database.db, {
      code: 'PS90-LT01',
      typeId: await deviceTypeId(t.database.db, 'level_gauge'),
      archivedAt: new Date(),
    });
    const res = await t.call(api.create, {
      body: fresh({
        regionId: 999_999,
        responsibleDepartmentId: 999_999,
        responsibleUserId: 999_999,
        pumps: [pump({ controllerDeviceId: 999_999 })],
        sensors: [{ role: 'level', deviceId: archived.id, metric: 'level' }],
      }),
      token: admin,
    });
    expect(res.statusCode).toBe(400);
    expect(fields(res).sort()).toEqual(
      [
        'pumps.0.controllerDeviceId',
        'regionId',
        'responsibleDepartmentId',
        'responsibleUserId',
        'sensors.0.deviceId',
      ].sort(),
    );
  });

  it('a code no other station has (409), and one a device code can start with', async () => {
    const taken = await t.call(api.create, { body: fresh({ code: 'PS01' }), token: admin });
    expect(taken.statusCode).toBe(409);
    await refused(fresh({ code: 'PS 90' }), 'code');
  });
});

describe('writing a configuration', () => {
  it('creates a station with its pumps and sensors, places its devices there, and logs it', async () => {
    const db = t.database.db;
    const ps01 = await detail('PS01');
    const controller = await insertDevice(db, {
      code: 'PS90-P1',
      typeId: await deviceTypeId(db, 'pump_controller'),
    });
    const level = await insertDevice(db, {
      code: 'PS90-LT01',
      typeId: await deviceTypeId(db, 'level_gauge'),
    });
    const res = await t.call(api.create, {
      body: fresh({
        regionId: ps01.regionId,
        address: '岚川市城东区试验路 1 号',
        designCapacity: 1300,
        wellArea: 55,
        wellBottomElevation: -1.2,
        responsibleDepartmentId: ps01.responsibleDepartmentId,
        responsibleUserId: ps01.responsibleUserId,
        pumps: [
          {
            number: 1,
            name: '1号泵',
            ratedPower: 30,
            ratedFlow: 650,
            drive: 'vfd',
            startLevel: 2.5,
            stopLevel: 1.2,
            controllerDeviceId: controller.id,
            metrics: { running: 'running', fault: 'fault', frequency: 'frequency' },
          },
          { number: 2, drive: 'fixed', startLevel: 3, stopLevel: 1.4 },
        ],
        sensors: [{ role: 'level', deviceId: level.id, metric: 'level' }],
      }),
      token: admin,
      lang: 'en-US',
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data as PumpStationDetail;
    expect(created).toMatchObject({
      code: 'PS90',
      pumpCount: 2,
      deviceCount: 2,
      responsibleDepartmentName: '泵站运维班',
      responsibleUserName: '王明',
      pumps: [
        {
          number: 1,
          controllerCode: 'PS90-P1',
          metrics: { running: 'running', fault: 'fault', frequency: 'frequency', remote: null, energy: null },
        },
        { number: 2, controllerDeviceId: null, controllerCode: '', ratedPower: null },
      ],
      sensors: [{ role: 'level', deviceCode: 'PS90-LT01', metric: 'level', metricName: 'Level', unit: 'm' }],
    });
    // The devices it maps are placed at it, with its region where they had none.
    const placed = await db
      .select()
      .from(devices)
      .where(inArray(devices.id, [controller.id, level.id]));
    expect(placed.map((d) => [d.stationId, d.regionId])).toEqual([
      [created.id, ps01.regionId],
      [created.id, ps01.regionId],
    ]);
    // The register's station list counts its pumps.
    const registered = (await t.call('GET', '/api/stations', admin)).json().data as { code: string; pumps: number }[];
    expect(registered.find((s) => s.code === 'PS90')?.pumps).toBe(2);
    const [log] = await db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.module, 'pump-stations'), eq(operationLog.action, 'create')));
    expect(log).toMatchObject({ result: 'success', targetId: String(created.id) });
    expect(log!.after).toMatchObject({ name: '试验雨水泵站', pumps: [{ number: 1 }, { number: 2 }] });
  });

  it('updates one: pumps kept by number keep their ids, new ones are added, dropped ones go', async () => {
    const before = await detail('PS03');
    expect(before.pumps).toHaveLength(4);
    const input = toInput(before);
    input.name = '站前路雨水泵站（改造）';
    input.pumps = input
      .pumps!.filter((p) => p.number !== 4)
      .map((p) => (p.number === 2 ? { ...p, startLevel: 2.9 } : p));
    input.sensors = input.sensors!.filter((s) => s.role !== 'flow');
    const res = await put('PS03', input);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data as PumpStationDetail;
    expect(after.name).toBe('站前路雨水泵站（改造）');
    expect(after.pumpCount).toBe(3);
    expect(after.pumps.map((p) => p.id)).toEqual(before.pumps.slice(0, 3).map((p) => p.id));
    expect(after.pumps[1]!.startLevel).toBe(2.9);
    expect(after.sensors.map((s) => s.role)).toEqual(['level', 'rain']);
    const [log] = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.module, 'pump-stations'), eq(operationLog.action, 'update')));
    expect(log).toMatchObject({ result: 'success', targetId: String(before.id) });
    expect((log!.before as PumpStationDetail).pumps).toHaveLength(4);
    // A 400 later leaves the station as it was, and a failure row in the log.
    const bad = await put('PS03', { ...input, lowAlarmLevel: 9 });
    expect(bad.statusCode).toBe(400);
    expect((await detail('PS03')).pumps).toHaveLength(3);
  });

  it('marks a pump under maintenance and back in service: stored, answered, and in the log before and after', async () => {
    const db = t.database.db;
    // A new pump is in service unless the configuration says otherwise.
    const created = await t.call(api.create, {
      body: fresh({
        pumps: [
          { number: 1, startLevel: 2.5, stopLevel: 1.2 },
          { number: 2, maintenance: true },
        ],
      }),
      token: admin,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((created.json().data as PumpStationDetail).pumps.map((p) => p.maintenance)).toEqual([false, true]);
    const rows = await db
      .select({ number: stationPumps.number, maintenance: stationPumps.maintenance })
      .from(stationPumps)
      .where(eq(stationPumps.stationId, await stationId('PS90')))
      .orderBy(stationPumps.number);
    expect(rows).toEqual([
      { number: 1, maintenance: false },
      { number: 2, maintenance: true },
    ]);

    const before = await detail('PS90');
    const input = toInput(before);
    input.pumps = input.pumps!.map((p) => ({ ...p, maintenance: p.number === 1 }));
    const res = await put('PS90', input);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data as PumpStationDetail;
    expect(after.pumps.map((p) => [p.number, p.maintenance])).toEqual([
      [1, true],
      [2, false],
    ]);
    // Pumps keep their ids: the flag is a change to the pump, not a new one.
    expect(after.pumps.map((p) => p.id)).toEqual(before.pumps.map((p) => p.id));
    expect((await detail('PS90')).pumps.map((p) => p.maintenance)).toEqual([true, false]);
    const [log] = await db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.module, 'pump-stations'), eq(operationLog.action, 'update')));
    expect(log).toMatchObject({ result: 'success', targetId: String(before.id) });
    expect((log!.before as PumpStationDetail).pumps.map((p) => p.maintenance)).toEqual([false, true]);
    expect((log!.after as PumpStationDetail).pumps.map((p) => p.maintenance)).toEqual([true, false]);
    // Only a boolean: anything else is a 400 naming the field.
    const bad = await put('PS90', {
      ...input,
      pumps: [{ ...input.pumps![0]!, maintenance: 'yes' as unknown as boolean }],
    });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toContain('pumps.0.maintenance');
  });

  it('keeps a pump whose controller device was removed, mapping nothing until one is picked', async () => {
    const db = t.database.db;
    const controller = await insertDevice(db, { code: 'PS90-P1', typeId: await deviceTypeId(db, 'pump_controller') });
    const body = fresh();
    body.pumps![0] = { ...body.pumps![0]!, controllerDeviceId: controller.id, metrics: { running: 'running' } };
    expect((await t.call(api.create, { body, token: admin })).statusCode).toBe(200);
    await db.delete(devices).where(eq(devices.id, controller.id));
    const d = await detail('PS90');
    expect(d.pumps[0]).toMatchObject({ number: 1, controllerDeviceId: null, metrics: { running: null } });
    expect((await put('PS90', toInput(d))).statusCode).toBe(200);
  });

  it('removes a station with its pumps and sensors, but not while devices are placed at it', async () => {
    const db = t.database.db;
    const busy = await t.call(api.remove, { params: { id: await stationId('PS01') }, token: admin, lang: 'en-US' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().msg).toMatch(/devices are placed at this station/);
    const created = (await t.call(api.create, { body: fresh(), token: admin })).json().data as PumpStationDetail;
    const gone = await t.call(api.remove, { params: { id: created.id }, token: admin });
    expect(gone.statusCode).toBe(200);
    expect(await db.$count(stations, eq(stations.id, created.id))).toBe(0);
    expect(await db.$count(stationPumps, eq(stationPumps.stationId, created.id))).toBe(0);
    expect(await db.$count(stationSensors, eq(stationSensors.stationId, created.id))).toBe(0);
    expect((await t.call(api.remove, { params: { id: created.id }, token: admin })).statusCode).toBe(404);
  });
});
