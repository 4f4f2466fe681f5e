import { type AlarmRuleInput, type AlarmRulePreview, alarmRulesApi } from '@water/contracts';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { devices, stations, telemetryPoints } from '../../db/schema/index.ts';
import { createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';
import { deviceTypeId, limitRoleToRegions } from '../../testing/fixtures.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  admin = await t.login();
});

const MINUTE = 60_000;

async function device(code: string) {
  const [row] = await t.database.db.select().from(devices).where(eq(devices.code, code));
  return row!;
}

/**
 * Six hours of a wet well read every minute: 2.0 m, but 4.5 m for ten minutes three hours ago, and
 * 5.2 m for three minutes an hour ago. The station's high-level set-point is 4.0 m.
 */
async function levelHistory(code: string) {
  const gauge = await device(code);
  await t.database.db.update(stations).set({ highAlarmLevel: 4 }).where(eq(stations.id, gauge.stationId!));
  const now = t.clock.now().getTime();
  const spike = now - 180 * MINUTE;
  const burst = now - 60 * MINUTE;
  const rows = [];
  for (let m = 360; m >= 0; m--) {
    const ts = now - m * MINUTE;
    const value = ts >= spike && ts < spike + 10 * MINUTE ? 4.5 : ts >= burst && ts < burst + 3 * MINUTE ? 5.2 : 2;
    rows.push({ deviceId: gauge.id, metric: 'level', ts: new Date(ts), value });
  }
  await t.database.db.insert(telemetryPoints).values(rows);
  return { gauge, spike, burst, points: rows.length };
}

async function rule(over: Partial<AlarmRuleInput> = {}): Promise<AlarmRuleInput> {
  return {
    name: '前池高液位',
    severity: 'major',
    deviceTypeId: await deviceTypeId(t.database.db, 'level_gauge'),
    groups: [{ conditions: [{ kind: 'compare', metric: 'level', op: 'ge', value: 4.8, setpoint: 'highAlarmLevel' }] }],
    durationMinutes: 5,
    ...over,
  };
}

async function preview(body: AlarmRuleInput, lang?: string): Promise<AlarmRulePreview> {
  const res = await t.call(alarmRulesApi.preview, { body, token: admin, ...(lang ? { lang } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('alarm rule preview', () => {
  it('replays the last 24 h of stored readings: a ten-minute spike raises once, a three-minute burst does not', async () => {
    const { gauge, spike, points } = await levelHistory('PS01-LT01');
    const gauges = await t.database.db.$count(devices, like(devices.code, '%-LT01'));
    const result = await preview(await rule());
    expect(result).toMatchObject({
      from: '2026-05-31T08:00:00.000Z',
      to: '2026-06-01T08:00:00.000Z',
      devices: gauges,
      replayed: gauges,
      points,
      raised: 1,
      notReplayed: [],
    });
    expect(result.byDevice).toEqual([
      {
        deviceId: gauge.id,
        code: 'PS01-LT01',
        name: gauge.name,
        raised: 1,
        // Raised after five minutes at 4.5 m, cleared when the level fell back five minutes later.
        activeMinutes: 5,
        firstAt: new Date(spike + 5 * MINUTE).toISOString(),
      },
    ]);
    expect(result.raises).toEqual([
      { deviceId: gauge.id, at: new Date(spike + 5 * MINUTE).toISOString(), value: '4.5' },
    ]);
    // Without a duration the burst raises too; a scope of one station replays its own gauge only.
    const quick = await preview(await rule({ durationMinutes: 0, scope: 'station', stationId: gauge.stationId }));
    expect(quick).toMatchObject({ devices: 1, replayed: 1, raised: 2 });
    expect(quick.raises.map((r) => r.value)).toEqual(['4.5', '5.2']);
  });

  it('takes the fixed value where a station has no set-point, and names the event conditions it cannot replay', async () => {
    const { gauge, burst } = await levelHistory('PS01-LT01');
    await t.database.db.update(stations).set({ highAlarmLevel: null }).where(eq(stations.id, gauge.stationId!));
    const result = await preview(
      await rule({
        durationMinutes: 0,
        scope: 'devices',
        deviceIds: [gauge.id],
        groups: [
          { conditions: [{ kind: 'compare', metric: 'level', op: 'ge', value: 4.8, setpoint: 'highAlarmLevel' }] },
          { conditions: [{ kind: 'event', event: 'high_level' }] },
        ],
      }),
      'en-US',
    );
    expect(result).toMatchObject({ devices: 1, replayed: 1, raised: 1, notReplayed: ['Event: High level'] });
    expect(result.raises[0]).toMatchObject({ at: new Date(burst).toISOString(), value: '5.2' });
  });

  it('starts from the last reading before the window, and replays enum readings', async () => {
    const db = t.database.db;
    const now = t.clock.now().getTime();
    const gauge = await device('PS01-LT01');
    await db.update(stations).set({ highAlarmLevel: 4 }).where(eq(stations.id, gauge.stationId!));
    // Silent for the last 30 hours, the last reading high.
    await db
      .insert(telemetryPoints)
      .values({ deviceId: gauge.id, metric: 'level', ts: new Date(now - 30 * 60 * MINUTE), value: 4.5 });
    const high = await preview(await rule({ durationMinutes: 0, scope: 'devices', deviceIds: [gauge.id] }));
    expect(high).toMatchObject({ points: 0, raised: 1 });
    expect(high.raises).toEqual([{ deviceId: gauge.id, at: '2026-05-31T08:00:00.000Z', value: '4.5' }]);
    expect(high.byDevice[0]!.activeMinutes).toBe(24 * 60);

    const pump = await device('PS01-P1');
    const mode = (m: number, text: string) => ({
      deviceId: pump.id,
      metric: 'mode',
      ts: new Date(now - m * MINUTE),
      textValue: text,
    });
    await db
      .insert(telemetryPoints)
      .values([mode(300, 'auto'), mode(120, 'local'), mode(60, 'remote'), mode(30, 'local')]);
    const local = await preview({
      name: '就地',
      severity: 'warning',
      deviceTypeId: await deviceTypeId(db, 'pump_controller'),
      scope: 'devices',
      deviceIds: [pump.id],
      groups: [{ conditions: [{ kind: 'compare', metric: 'mode', op: 'eq', value: 'local' }] }],
    });
    expect(local).toMatchObject({ points: 4, raised: 2 });
    expect(local.raises).toEqual([
      { deviceId: pump.id, at: new Date(now - 120 * MINUTE).toISOString(), value: 'local' },
      { deviceId: pump.id, at: new Date(now - 30 * MINUTE).toISOString(), value: 'local' },
    ]);
    expect(local.byDevice[0]!.activeMinutes).toBe(90);
  });

  it('replays only the devices within the caller region limit', async () => {
    await levelHistory('PS01-LT01');
    const gauge = await device('PS01-LT01');
    const other = await t.database.db
      .select({ regionId: devices.regionId })
      .from(devices)
      .where(like(devices.code, '%-LT01'));
    const elsewhere = other.find((d) => d.regionId !== gauge.regionId)!;
    await limitRoleToRegions(t.database.db, 'admin', [elsewhere.regionId!]);
    const result = await preview(await rule());
    expect(result.devices).toBe(other.filter((d) => d.regionId === elsewhere.regionId).length);
    expect(result.raised).toBe(0);
    const refused = await t.call(alarmRulesApi.preview, {
      body: await rule({ scope: 'devices', deviceIds: [gauge.id] }),
      token: admin,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.errors.map((e: { field: string }) => e.field)).toEqual(['deviceIds.0']);
  });
});
