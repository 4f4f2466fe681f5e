import { alarmRuleInputSchema, alarmRulesApi, offlineRuleInputSchema } from '@water/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoPlant } from '../../simulator/city.ts';
import { createTestApp, resetDatabase, TEST_START, type TestApp } from '../../testing/build-app.ts';
import { alarmOfflineRules, alarmRules, deviceTypes, stations } from '../schema/index.ts';
import { DEMO_ALARM_RULES } from './demo-alarm-rules.ts';
import { builtinDeviceTypes } from './device-types.ts';
import { seed } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
});

const withRules = { demo: true, alarmRules: true, now: TEST_START } as const;

async function tally() {
  const db = t.database.db;
  const [rules] = await db.select({ n: count() }).from(alarmRules);
  const [offline] = await db.select({ n: count() }).from(alarmOfflineRules);
  return { rules: rules!.n, offline: offline!.n };
}

/** A stored rule as the body that would write it again. */
const inputOf = (r: typeof alarmRules.$inferSelect) =>
  alarmRuleInputSchema.parse({
    name: r.name,
    description: r.description,
    enabled: r.enabled,
    severity: r.severity,
    deviceTypeId: r.deviceTypeId,
    scope: r.scope,
    deviceIds: r.deviceIds,
    stationId: r.stationId,
    regionId: r.regionId,
    groups: r.groups,
    durationMinutes: r.durationMinutes,
    repeat: r.repeat,
    schedule: r.schedule,
    clearDeadband: r.clearDeadband,
    clearDelayMinutes: r.clearDelayMinutes,
    throttleMinutes: r.throttleMinutes,
    reminderMinutes: r.reminderMinutes,
    recipients: r.recipients,
    escalation: r.escalation,
    sms: r.sms,
  });

describe('default alarm rules', () => {
  it('are not written by test resets, only when asked for', async () => {
    expect(await tally()).toEqual({ rules: 0, offline: 0 });
  });

  it('give the demo city its rules, each one the contract and the rule API accept, once', async () => {
    await seed(t.database.db, withRules);
    const rows = await t.database.db.select().from(alarmRules).orderBy(alarmRules.id);
    expect(rows.map((r) => r.name)).toEqual(DEMO_ALARM_RULES.map((r) => r.rule.name));
    const token = await t.login();
    for (const row of rows) {
      const input = inputOf(row);
      // The API checks what the contract cannot: metrics, events and operators against the thing model.
      const res = await t.call(alarmRulesApi.update, { params: { id: row.id }, body: input, token });
      expect(res.json(), `${row.name}: ${res.body}`).toMatchObject({ code: 200, data: { name: row.name } });
    }
    const byName = new Map(rows.map((r) => [r.name, inputOf(r)]));
    expect(byName.get('前池高液位')).toMatchObject({
      severity: 'major',
      scope: 'type',
      groups: [{ conditions: [{ kind: 'compare', metric: 'level', op: 'ge', setpoint: 'highAlarmLevel' }] }],
      durationMinutes: 1,
      clearDeadband: 0.1,
      clearDelayMinutes: 2,
      reminderMinutes: null,
    });
    // The trip: the crew first, the administrators after 10 minutes unacknowledged, by SMS too.
    const trip = byName.get('水泵故障跳闸')!;
    expect(trip).toMatchObject({ severity: 'critical', reminderMinutes: 15, sms: true });
    expect(trip.groups.map((g) => g.conditions[0]!.kind)).toEqual(['event', 'compare']);
    expect(trip.recipients.departmentIds).toHaveLength(1);
    expect(trip.escalation).toEqual({
      afterMinutes: 10,
      recipients: { userIds: [], roleCodes: ['admin'], departmentIds: [] },
    });
    // Scoped to the devices where each threshold makes sense: 5 sewage stations' pumps and analysers, 4 network points.
    expect(byName.get('污水泵过载')!.deviceIds.length + byName.get('雨水泵过载')!.deviceIds.length).toBe(36);
    expect(byName.get('泵站进水水质异常')!.deviceIds).toHaveLength(5);
    // The network's analysers are judged by their sites' limits instead (issue 18).
    expect(byName.has('管网水质超标')).toBe(false);
    for (const r of byName.values()) {
      expect(r.recipients.roleCodes.length + r.recipients.departmentIds.length).toBeGreaterThan(0);
      if (r.severity === 'critical') expect(r.sms).toBe(true);
    }

    const before = await tally();
    await seed(t.database.db, withRules);
    expect(await tally()).toEqual(before);
    // What an administrator removed stays removed.
    await t.database.db.delete(alarmRules).where(eq(alarmRules.name, '短时强降水'));
    await t.database.db.delete(alarmOfflineRules);
    await seed(t.database.db, withRules);
    expect(await tally()).toEqual({ rules: before.rules - 1, offline: 0 });
  });

  it('give every installation an offline rule per built-in type, stricter for gateways and cameras', async () => {
    await resetDatabase(t.database, { demo: false });
    await seed(t.database.db, { demo: false, alarmRules: true, now: TEST_START });
    expect((await tally()).rules).toBe(0);
    const rows = await t.database.db
      .select({ code: deviceTypes.code, rule: alarmOfflineRules })
      .from(alarmOfflineRules)
      .innerJoin(deviceTypes, eq(deviceTypes.id, alarmOfflineRules.deviceTypeId));
    expect(rows.map((r) => r.code).sort()).toEqual(builtinDeviceTypes.map((d) => d.code).sort());
    for (const { code, rule } of rows) {
      expect(() => offlineRuleInputSchema.parse(rule)).not.toThrow();
      expect(rule).toMatchObject({
        deviceId: null,
        enabled: true,
        deadbandSeconds: 60,
        timeoutSeconds: code === 'gateway' ? 180 : code === 'camera' ? 300 : 600,
        severity: code === 'pump_controller' || code === 'level_gauge' ? 'critical' : 'major',
        sms: code === 'pump_controller' || code === 'level_gauge',
        recipients: { roleCodes: ['admin'] },
      });
    }
    // A type that has its rule keeps it.
    await seed(t.database.db, { demo: false, alarmRules: true, now: TEST_START });
    expect((await tally()).offline).toBe(builtinDeviceTypes.length);
  });

  it('set the overload thresholds above every demo pump at full speed and the levels against the demo wells', async () => {
    const rules = new Map(DEMO_ALARM_RULES.map((r) => [r.key, r.rule]));
    const limit = (key: string) => {
      const c = rules.get(key)!.groups[0]!.conditions[0]!;
      return c.kind === 'compare' ? Number(c.value) : Number.NaN;
    };
    const demo = await t.database.db
      .select({ code: stations.code, kind: stations.kind, pumps: stations.pumps })
      .from(stations);
    expect(demo).toHaveLength(12);
    const fullest = new Map<string, number>();
    for (const s of demo) {
      const plant = demoPlant(s.code, s.kind === 'sewage', s.pumps);
      // As the simulator draws it at 50 Hz: rated power plus 1.5 kW, 3 % noise, 374 V at worst, power factor 0.85.
      const full = ((plant.pumps[0]!.ratedPower * 1.03 + 1.5) * 1000) / (Math.sqrt(3) * 374 * 0.85);
      const key = s.kind === 'sewage' ? 'sewage-pump-overload' : 'storm-pump-overload';
      fullest.set(key, Math.max(fullest.get(key) ?? 0, full));
      // The very high level: above the high-alarm level, below the top of the well.
      expect(limit('very-high-level')).toBeGreaterThanOrEqual(plant.highAlarmLevel + 0.5);
      expect(limit('very-high-level')).toBeLessThanOrEqual(plant.wellDepth - 1);
    }
    // Above the largest pump of the class at full speed, within the 105–120 % of full-load current a
    // motor protection is set to.
    expect([...fullest.keys()].sort()).toEqual(['sewage-pump-overload', 'storm-pump-overload']);
    for (const [key, full] of fullest) {
      expect(limit(key), key).toBeGreaterThan(full);
      expect(limit(key), key).toBeLessThan(full * 1.2);
    }
  });
});
