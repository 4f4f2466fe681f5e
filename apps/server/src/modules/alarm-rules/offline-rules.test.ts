import { type OfflineRule, type OfflineRuleInput, offlineRulesApi } from '@water/contracts';
import { and, asc, eq, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alarms, devices, operationLog } from '../../db/schema/index.ts';
import { createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';
import { deviceTypeId } from '../../testing/fixtures.ts';

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

const api = offlineRulesApi;

async function deviceId(code: string) {
  const [row] = await t.database.db.select({ id: devices.id }).from(devices).where(eq(devices.code, code));
  return row!.id;
}

async function create(body: OfflineRuleInput, lang = 'en-US') {
  return t.call(api.create, { body, token: admin, lang });
}
async function created(body: OfflineRuleInput): Promise<OfflineRule> {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function list(query: Record<string, unknown> = {}): Promise<OfflineRule[]> {
  return (await t.call(api.list, { query, token: admin })).json().data.list;
}
const errors = (res: Awaited<ReturnType<typeof create>>) => res.json().data?.errors;

/** An active offline alarm for a device, as the engine raises it. */
async function offlineAlarm(code: string) {
  const now = t.clock.now();
  await t.database.db.insert(alarms).values({
    kind: 'offline',
    sourceKey: 'offline',
    severity: 'major',
    deviceId: await deviceId(code),
    raisedAt: now,
    lastAt: now,
  });
}

describe('offline rules', () => {
  it('keeps one rule a type and one a device; a device rule takes its device from the type rule', async () => {
    const db = t.database.db;
    const level = await deviceTypeId(db, 'level_gauge');
    const pump = await deviceTypeId(db, 'pump_controller');
    const gauges = await db.$count(devices, and(like(devices.code, '%-LT01'), isNull(devices.archivedAt)));

    const typeRule = await created({ deviceTypeId: level, timeoutSeconds: 600 });
    expect(typeRule).toMatchObject({
      deviceTypeName: 'Wet-well level gauge',
      deviceId: null,
      deviceCode: null,
      deviceName: null,
      enabled: true,
      timeoutSeconds: 600,
      deadbandSeconds: 60,
      severity: 'major',
      devices: gauges,
      offline: 0,
    });
    const again = await create({ deviceTypeId: level, timeoutSeconds: 300 });
    expect(again.statusCode).toBe(400);
    expect(errors(again)).toEqual([
      { field: 'deviceTypeId', message: 'This device type or device already has an offline rule' },
    ]);

    const lt01 = await deviceId('PS01-LT01');
    const deviceRule = await created({
      deviceTypeId: level,
      deviceId: lt01,
      timeoutSeconds: 120,
      severity: 'critical',
    });
    expect(deviceRule).toMatchObject({ deviceId: lt01, deviceCode: 'PS01-LT01', devices: 1, offline: 0 });
    const twice = await create({ deviceTypeId: level, deviceId: lt01, timeoutSeconds: 300 });
    expect(errors(twice)).toEqual([
      { field: 'deviceId', message: 'This device type or device already has an offline rule' },
    ]);
    const otherType = await create({ deviceTypeId: level, deviceId: await deviceId('PS01-P1'), timeoutSeconds: 300 });
    expect(errors(otherType)).toEqual([{ field: 'deviceId', message: 'This device is not of the rule’s device type' }]);
    const unknown = await create({ deviceTypeId: 999_999, timeoutSeconds: 300, recipients: { roleCodes: ['x'] } });
    expect(errors(unknown)).toEqual([
      { field: 'deviceTypeId', message: 'No such device type' },
      { field: 'recipients.roleCodes.0', message: 'No such role' },
    ]);

    // The type rule governs the gauges but the one with its own rule; offline alarms counted by rule.
    await offlineAlarm('PS01-LT01');
    await offlineAlarm('PS02-LT01');
    await offlineAlarm('PS02-P1');
    const pumpRule = await created({ deviceTypeId: pump, timeoutSeconds: 900 });
    const rows = await list();
    expect(rows.map((r) => [r.id, r.devices, r.offline])).toEqual([
      [typeRule.id, gauges - 1, 1],
      [deviceRule.id, 1, 1],
      [pumpRule.id, pumpRule.devices, 1],
    ]);
    expect((await list({ deviceTypeId: pump })).map((r) => r.id)).toEqual([pumpRule.id]);
    expect((await list({ keyword: 'PS01-LT' })).map((r) => r.id)).toEqual([deviceRule.id]);
    expect((await list({ keyword: '液位计' })).map((r) => r.id)).toEqual([typeRule.id, deviceRule.id]);

    // A type rule cannot move onto a type that has one.
    const moved = await t.call(api.update, {
      params: { id: pumpRule.id },
      body: { deviceTypeId: level, timeoutSeconds: 900 },
      token: admin,
    });
    expect(moved.statusCode).toBe(400);
    const changed = await t.call(api.update, {
      params: { id: typeRule.id },
      body: { deviceTypeId: level, timeoutSeconds: 1200, deadbandSeconds: 120, enabled: false, sms: true },
      token: admin,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      timeoutSeconds: 1200,
      deadbandSeconds: 120,
      enabled: false,
      sms: true,
    });

    // Without its own rule, the device is the type rule's again.
    expect((await t.call(api.remove, { params: { id: deviceRule.id }, token: admin })).statusCode).toBe(200);
    expect((await list({ deviceTypeId: level }))[0]).toMatchObject({ devices: gauges, offline: 2 });

    const logged = await db
      .select({ action: operationLog.action, result: operationLog.result })
      .from(operationLog)
      .where(eq(operationLog.module, 'alarm-rules'))
      .orderBy(asc(operationLog.id));
    expect(logged.filter((l) => l.result === 'success').map((l) => l.action)).toEqual([
      'offline-rule.create',
      'offline-rule.create',
      'offline-rule.create',
      'offline-rule.update',
      'offline-rule.delete',
    ]);
  });

  it('refuses the plain user (403) and logs each refused write', async () => {
    const level = await deviceTypeId(t.database.db, 'level_gauge');
    const rule = await created({ deviceTypeId: level, timeoutSeconds: 600 });
    const body = { deviceTypeId: level, timeoutSeconds: 300 };
    for (const res of [
      await t.call(api.list, { token: user }),
      await t.call(api.create, { body, token: user }),
      await t.call(api.update, { params: { id: rule.id }, body, token: user }),
      await t.call(api.remove, { params: { id: rule.id }, token: user }),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    const denied = await t.database.db
      .select({ action: operationLog.action })
      .from(operationLog)
      .where(and(eq(operationLog.module, 'alarm-rules'), eq(operationLog.result, 'denied')))
      .orderBy(asc(operationLog.id));
    expect(denied.map((d) => d.action)).toEqual(['offline-rule.create', 'offline-rule.update', 'offline-rule.delete']);
  });
});
