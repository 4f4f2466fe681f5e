import { type DeviceType, type DeviceTypeInput, deviceTypesApi } from '@water/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { devices } from '../../db/schema/index.ts';
import { createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';

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

const call: TestApp['call'] = (...args) => t.call(...args);

const valve: DeviceTypeInput = {
  code: 'valve_actuator',
  nameZh: '电动阀门执行器',
  nameEn: 'Valve actuator',
  model: {
    metrics: [{ key: 'opening', nameZh: '开度', nameEn: 'Opening', dataType: 'number', unit: '%', min: 0, max: 100 }],
    events: [{ key: 'jammed', nameZh: '卡阻', nameEn: 'Jammed', level: 3 }],
    commands: [
      {
        key: 'set_opening',
        nameZh: '设定开度',
        nameEn: 'Set opening',
        confirm: true,
        params: [
          { key: 'opening', nameZh: '开度', nameEn: 'Opening', dataType: 'number', unit: '%', min: 0, max: 100 },
        ],
      },
    ],
  },
};

describe('device types', () => {
  it('ships the catalogue of a utility, each with its thing model, to any signed-in user', async () => {
    const list = (await call(deviceTypesApi.list, { token: user })).json().data as DeviceType[];
    expect(list.map((d) => d.code)).toEqual([
      'level_gauge',
      'flow_meter',
      'pressure_transmitter',
      'water_quality_analyser',
      'rain_gauge',
      'manhole_cover_sensor',
      'pump_controller',
      'camera',
      'gateway',
    ]);
    const pump = list.find((d) => d.code === 'pump_controller')!;
    expect(pump.builtin).toBe(true);
    expect(pump.model.metrics.find((m) => m.key === 'frequency')).toMatchObject({ unit: 'Hz', min: 0, max: 50 });
    expect(pump.model.commands.map((c) => c.key)).toEqual([
      'start',
      'stop',
      'set_frequency',
      'reset_fault',
      'set_mode',
    ]);
    expect(pump.model.commands.find((c) => c.key === 'set_frequency')?.params[0]).toMatchObject({ min: 20, max: 50 });
  });

  it('lets an administrator add, edit and remove a type of their own', async () => {
    const created = (await call(deviceTypesApi.create, { body: valve, token: admin })).json();
    expect(created.code).toBe(200);
    expect(created.data.model.metrics[0]).toMatchObject({ key: 'opening', precision: 2, options: [] });
    const renamed = await call(deviceTypesApi.update, {
      params: { id: created.data.id },
      body: {
        ...valve,
        nameZh: '阀门执行器',
        model: { ...valve.model, metrics: [] },
      },
      token: admin,
    });
    // no device yet: the model may change freely
    expect(renamed.json().data.model.metrics).toEqual([]);
    expect((await call(deviceTypesApi.remove, { params: { id: created.data.id }, token: admin })).json().code).toBe(
      200,
    );
  });

  it('keeps metrics that data may depend on: a built-in type, or a type with devices', async () => {
    const list = (await call(deviceTypesApi.list, { token: admin })).json().data as DeviceType[];
    const level = list.find((d) => d.code === 'level_gauge')!;
    const input = { code: level.code, nameZh: level.nameZh, nameEn: level.nameEn, model: level.model };
    const dropped = await call(deviceTypesApi.update, {
      params: { id: level.id },
      body: { ...input, model: { ...level.model, metrics: [] } },
      token: admin,
      lang: 'en-US',
    });
    expect(dropped.statusCode).toBe(409);
    expect(dropped.json().msg).toContain('level');
    // adding a metric, and renaming one, is fine
    const added = await call(deviceTypesApi.update, {
      params: { id: level.id },
      body: {
        ...input,
        model: {
          ...level.model,
          metrics: [
            { ...level.model.metrics[0]!, nameZh: '前池液位' },
            {
              key: 'temperature',
              nameZh: '水温',
              nameEn: 'Temperature',
              dataType: 'number',
              unit: '°C',
              min: 0,
              max: 40,
            },
          ],
        },
      },
      token: admin,
    });
    expect(added.json().data.model.metrics.map((m: { key: string }) => m.key)).toEqual(['level', 'temperature']);
    expect(
      (
        await call(deviceTypesApi.update, {
          params: { id: level.id },
          body: { ...input, code: 'x_gauge' },
          token: admin,
        })
      ).statusCode,
    ).toBe(400);
    expect((await call(deviceTypesApi.remove, { params: { id: level.id }, token: admin })).statusCode).toBe(400);

    const own = (await call(deviceTypesApi.create, { body: valve, token: admin })).json().data;
    await t.database.db.insert(devices).values({ code: 'VA-001', name: '1 号阀门', typeId: own.id });
    const retyped = await call(deviceTypesApi.update, {
      params: { id: own.id },
      body: {
        ...valve,
        model: { ...valve.model, metrics: [{ ...valve.model.metrics![0]!, dataType: 'string' }] },
      },
      token: admin,
    });
    expect(retyped.statusCode).toBe(409);
    const removed = await call(deviceTypesApi.remove, { params: { id: own.id }, token: admin });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().msg).toContain('1');
  });

  it('validates the model: keys, ranges, enum options, duplicates; a plain user cannot write', async () => {
    const bad: DeviceTypeInput[] = [
      { ...valve, code: 'Bad Code' },
      { ...valve, model: { metrics: [{ ...valve.model.metrics![0]!, min: 10, max: 1 }] } },
      { ...valve, model: { metrics: [{ key: 'mode', nameZh: '模式', nameEn: 'Mode', dataType: 'enum' }] } },
      { ...valve, model: { metrics: [valve.model.metrics![0]!, valve.model.metrics![0]!] } },
      { ...valve, model: { metrics: [{ ...valve.model.metrics![0]!, min: '0' as unknown as number }] } },
      { ...valve, model: { metrics: [{ ...valve.model.metrics![0]!, dataType: 'decimal' as never }] } },
    ];
    for (const body of bad) expect((await call(deviceTypesApi.create, { body, token: admin })).statusCode).toBe(400);
    expect(
      (await call(deviceTypesApi.create, { body: { ...valve, code: 'flow_meter' }, token: admin })).statusCode,
    ).toBe(409);
    expect((await call(deviceTypesApi.create, { body: valve, token: user })).statusCode).toBe(403);
  });
});
