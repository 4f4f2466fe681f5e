import { type AlarmRule, type AlarmRuleInput, alarmRulesApi } from '@water/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alarmStates, alarms, departments, devices, operationLog, stations, users } from '../../db/schema/index.ts';
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

const call: TestApp['call'] = (...args) => t.call(...args);
const api = alarmRulesApi;

async function deviceId(code: string) {
  const [row] = await t.database.db.select({ id: devices.id }).from(devices).where(eq(devices.code, code));
  return row!.id;
}
async function stationId(code: string) {
  const [row] = await t.database.db.select({ id: stations.id }).from(stations).where(eq(stations.code, code));
  return row!.id;
}

/** A wet-well rule: the station's high-level set-point, or 5 m whatever the station says, for 2 min. */
async function levelRule(over: Partial<AlarmRuleInput> = {}): Promise<AlarmRuleInput> {
  return {
    name: '前池高液位',
    severity: 'major',
    deviceTypeId: await deviceTypeId(t.database.db, 'level_gauge'),
    groups: [
      { conditions: [{ kind: 'compare', metric: 'level', op: 'ge', value: 4.2, setpoint: 'highAlarmLevel' }] },
      { conditions: [{ kind: 'compare', metric: 'level', op: 'ge', value: 5 }] },
    ],
    durationMinutes: 2,
    ...over,
  };
}

async function pumpRule(over: Partial<AlarmRuleInput> = {}): Promise<AlarmRuleInput> {
  return {
    name: '水泵故障',
    severity: 'critical',
    deviceTypeId: await deviceTypeId(t.database.db, 'pump_controller'),
    groups: [
      {
        conditions: [
          { kind: 'compare', metric: 'running', op: 'eq', value: false },
          { kind: 'compare', metric: 'mode', op: 'eq', value: 'local' },
        ],
      },
      { conditions: [{ kind: 'event', event: 'pump_fault' }] },
    ],
    ...over,
  };
}

async function create(body: AlarmRuleInput, lang?: string): Promise<AlarmRule> {
  const res = await call(api.create, { body, token: admin, ...(lang ? { lang } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AlarmRule;
}

const logRows = (action: string) =>
  t.database.db
    .select()
    .from(operationLog)
    .where(and(eq(operationLog.module, 'alarm-rules'), eq(operationLog.action, action)))
    .orderBy(asc(operationLog.id));

describe('alarm rules', () => {
  it('adds, reads, changes and removes a rule, each write in the operation log', async () => {
    const created = await create(await levelRule());
    expect(created).toMatchObject({
      name: '前池高液位',
      enabled: true,
      severity: 'major',
      deviceTypeName: '液位计',
      scope: 'type',
      scopeName: '该类型全部设备',
      summary: '液位 ≥ 高液位报警值；或 液位 ≥ 5 m，持续 2 分钟',
      activeAlarms: 0,
      recipients: { userIds: [], roleCodes: [], departmentIds: [] },
    });
    const en = (await call(api.get, { params: { id: created.id }, token: admin, lang: 'en-US' })).json().data;
    expect(en.summary).toBe('Level ≥ high-level alarm set-point; or Level ≥ 5 m, for 2 min');
    expect(en.deviceTypeName).toBe('Wet-well level gauge');
    expect(en.scopeName).toBe('All devices of the type');

    // A station's rule shows the station's set-point beside its name.
    const ps01 = await stationId('PS01');
    await t.database.db.update(stations).set({ highAlarmLevel: 4.2 }).where(eq(stations.id, ps01));
    const updated = await call(api.update, {
      params: { id: created.id },
      body: await levelRule({ name: '一号站高液位', scope: 'station', stationId: ps01, deviceIds: [1] }),
      token: admin,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const station = (await call(api.get, { params: { id: created.id }, token: admin })).json().data as AlarmRule;
    expect(station).toMatchObject({ name: '一号站高液位', scope: 'station', stationId: ps01, deviceIds: [] });
    expect(station.summary).toBe('液位 ≥ 高液位报警值（4.2 m）；或 液位 ≥ 5 m，持续 2 分钟');
    const [stationRow] = await t.database.db.select().from(stations).where(eq(stations.id, ps01));
    expect(station.scopeName).toBe(stationRow!.name);
    expect(Date.parse(station.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    expect((await call(api.remove, { params: { id: created.id }, token: admin })).statusCode).toBe(200);
    expect((await call(api.get, { params: { id: created.id }, token: admin })).statusCode).toBe(404);

    const [c] = await logRows('create');
    expect(c).toMatchObject({ result: 'success', targetId: String(created.id) });
    const [u] = await logRows('update');
    expect(u).toMatchObject({ result: 'success', targetId: String(created.id) });
    expect((u!.before as AlarmRule).name).toBe('前池高液位');
    expect((u!.after as AlarmRule).name).toBe('一号站高液位');
    const [d] = await logRows('delete');
    expect(d).toMatchObject({ result: 'success', targetId: String(created.id) });
  });

  it('says booleans, enum options, events, ranges, rates and silence in words, in both languages', async () => {
    const rule = await create(
      await pumpRule({
        groups: [
          {
            conditions: [
              { kind: 'compare', metric: 'running', op: 'eq', value: false },
              { kind: 'compare', metric: 'mode', op: 'ne', value: 'local' },
            ],
          },
          { conditions: [{ kind: 'event', event: 'pump_fault' }] },
          { conditions: [{ kind: 'range', metric: 'frequency', op: 'outside', min: 20, max: 50 }] },
          { conditions: [{ kind: 'rate', metric: 'current', direction: 'rise', amount: 30, windowMinutes: 5 }] },
          { conditions: [{ kind: 'nodata', metric: 'running', minutes: 15 }] },
        ],
        repeat: { count: 3, withinMinutes: 60 },
      }),
    );
    expect(rule.summary).toBe(
      '运行 = 否 且 控制方式 ≠ 就地；或 事件：水泵故障；或 频率 不在 20 ~ 50 Hz 之间；或 电流 5 分钟内上升 ≥ 30 A；或 运行 15 分钟无数据，60 分钟内 3 次',
    );
    const en = (await call(api.get, { params: { id: rule.id }, token: admin, lang: 'en-US' })).json().data;
    expect(en.summary).toBe(
      'Running = false and Control mode ≠ Local; or Event: Pump fault; or Frequency outside 20 to 50 Hz; or Current rises by 30 A or more within 5 min; or No Running reading for 15 min, 3 times within 60 min',
    );
  });

  it('lists rules by name, severity, device type and state; enables and disables; copies', async () => {
    const level = await create(await levelRule());
    const pump = await create(await pumpRule());
    const list = async (query: Record<string, unknown>) =>
      ((await call(api.list, { query, token: admin })).json().data.list as AlarmRule[]).map((r) => r.id);
    expect(await list({})).toEqual([pump.id, level.id]);
    expect(await list({ keyword: '液位' })).toEqual([level.id]);
    expect(await list({ severity: 'critical' })).toEqual([pump.id]);
    expect(await list({ deviceTypeId: level.deviceTypeId })).toEqual([level.id]);

    const off = await call(api.setEnabled, { params: { id: level.id }, body: { enabled: false }, token: admin });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.enabled).toBe(false);
    expect(await list({ enabled: 'false' })).toEqual([level.id]);
    expect(await list({ enabled: 'true' })).toEqual([pump.id]);
    const [status] = await logRows('status');
    expect(status).toMatchObject({ result: 'success', before: { enabled: true }, after: { enabled: false } });

    const copied = await call(api.copy, { params: { id: pump.id }, token: admin });
    expect(copied.statusCode, copied.body).toBe(200);
    expect(copied.json().data).toMatchObject({
      name: '水泵故障 (副本)',
      enabled: false,
      groups: pump.groups,
      summary: pump.summary,
    });
    const english = await call(api.copy, { params: { id: pump.id }, token: admin, lang: 'en-US' });
    expect(english.json().data.name).toBe('水泵故障 (copy)');
    // A long name is cut so that the copy's still fits the field.
    const long = await create(await levelRule({ name: '液'.repeat(60) }));
    const longCopy = (await call(api.copy, { params: { id: long.id }, token: admin })).json().data as AlarmRule;
    expect([...longCopy.name]).toHaveLength(60);
    expect(longCopy.name.endsWith(' (副本)')).toBe(true);
    expect(await logRows('copy')).toHaveLength(3);
  });

  it('counts its active alarms; removed, it leaves its alarms in the records and forgets its state', async () => {
    const rule = await create(await levelRule());
    const lt01 = await deviceId('PS01-LT01');
    const lt02 = await deviceId('PS02-LT01');
    const now = t.clock.now();
    const alarm = (deviceId: number, active: boolean) => ({
      kind: 'rule',
      sourceKey: `rule:${rule.id}`,
      ruleId: rule.id,
      ruleName: rule.name,
      severity: 'major',
      deviceId,
      raisedAt: now,
      lastAt: now,
      active,
    });
    await t.database.db.insert(alarms).values([alarm(lt01, true), alarm(lt02, true), alarm(lt02, false)]);
    await t.database.db.insert(alarmStates).values({ sourceKey: `rule:${rule.id}`, deviceId: lt01 });
    await t.database.db.insert(alarmStates).values({ sourceKey: 'offline', deviceId: lt01 });
    expect((await call(api.get, { params: { id: rule.id }, token: admin })).json().data.activeAlarms).toBe(2);

    expect((await call(api.remove, { params: { id: rule.id }, token: admin })).statusCode).toBe(200);
    const kept = await t.database.db.select().from(alarms);
    expect(kept).toHaveLength(3);
    expect(kept.every((a) => a.ruleId === null && a.ruleName === rule.name)).toBe(true);
    expect((await t.database.db.select().from(alarmStates)).map((s) => s.sourceKey)).toEqual(['offline']);
  });

  it('refuses what the thing model, the scope or the recipients deny: 400 naming the field, never a 500', async () => {
    const db = t.database.db;
    const [someone] = await db.select({ id: users.id }).from(users).limit(1);
    const [department] = await db.select({ id: departments.id }).from(departments).limit(1);
    const level = await levelRule();
    const pump = await pumpRule();
    const bad: [AlarmRuleInput, string, string][] = [
      [
        { ...level, groups: [{ conditions: [{ kind: 'compare', metric: 'flow', op: 'gt', value: 1 }] }] },
        'groups.0.conditions.0.metric',
        'The device type’s thing model has no such metric',
      ],
      [
        { ...level, groups: [{ conditions: [{ kind: 'event', event: 'cover_open' }] }] },
        'groups.0.conditions.0.event',
        'The device type’s thing model has no such event',
      ],
      [
        { ...pump, groups: [{ conditions: [{ kind: 'compare', metric: 'running', op: 'gt', value: true }] }] },
        'groups.0.conditions.0.op',
        'This condition does not suit the metric’s data type',
      ],
      [
        { ...pump, groups: [{ conditions: [{ kind: 'compare', metric: 'running', op: 'eq', value: 1 }] }] },
        'groups.0.conditions.0.value',
        'The value does not match the metric’s data type',
      ],
      [
        { ...pump, groups: [{ conditions: [{ kind: 'compare', metric: 'mode', op: 'eq', value: 'manual' }] }] },
        'groups.0.conditions.0.value',
        'The value does not match the metric’s data type',
      ],
      [
        {
          ...pump,
          groups: [
            {
              conditions: [{ kind: 'compare', metric: 'running', op: 'eq', value: true, setpoint: 'highAlarmLevel' }],
            },
          ],
        },
        'groups.0.conditions.0.setpoint',
        'This condition does not suit the metric’s data type',
      ],
      [
        { ...pump, groups: [{ conditions: [{ kind: 'range', metric: 'mode', op: 'between', min: 1, max: 2 }] }] },
        'groups.0.conditions.0.metric',
        'This condition does not suit the metric’s data type',
      ],
      [
        {
          ...level,
          groups: [
            { conditions: [{ kind: 'compare', metric: 'level', op: 'ge', value: 4 }] },
            {
              conditions: [
                { kind: 'nodata', metric: 'level', minutes: 5 },
                { kind: 'compare', metric: 'level', op: 'gt', value: 'high' },
              ],
            },
          ],
        },
        'groups.1.conditions.1.value',
        'The value does not match the metric’s data type',
      ],
      [
        { ...level, scope: 'devices', deviceIds: [await deviceId('PS01-LT01'), await deviceId('PS01-P1')] },
        'deviceIds.1',
        'This device is not of the rule’s device type',
      ],
      [
        { ...level, scope: 'devices', deviceIds: [999_999] },
        'deviceIds.0',
        'No such device in service within your data scope',
      ],
      [{ ...level, scope: 'station', stationId: 999_999 }, 'stationId', 'No such station within your data scope'],
      [{ ...level, scope: 'region', regionId: 999_999 }, 'regionId', 'No such monitoring region'],
      [{ ...level, deviceTypeId: 999_999 }, 'deviceTypeId', 'No such device type'],
      [
        { ...level, recipients: { userIds: [someone!.id], roleCodes: ['admin', 'nobody'] } },
        'recipients.roleCodes.1',
        'No such role',
      ],
      [
        { ...level, recipients: { userIds: [999_999], departmentIds: [department!.id] } },
        'recipients.userIds.0',
        'No such user',
      ],
      [
        { ...level, escalation: { afterMinutes: 30, recipients: { departmentIds: [999_999] } } },
        'escalation.recipients.departmentIds.0',
        'No such department',
      ],
    ];
    for (const [body, field, message] of bad) {
      for (const e of [api.create, api.preview]) {
        const res = await call(e, { body, token: admin, lang: 'en-US' });
        expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
        expect(res.json().data.errors, field).toContainEqual({ field, message });
      }
    }
    const rule = await create(level);
    const res = await call(api.update, { params: { id: rule.id }, body: bad[0]![0], token: admin });
    expect(res.statusCode).toBe(400);
    expect((await call(api.get, { params: { id: rule.id }, token: admin })).json().data.groups).toEqual(rule.groups);
    // The contract's own checks answer first: a group without conditions, a range upside down.
    const empty = await call(api.create, { body: { ...level, groups: [{ conditions: [] }] }, token: admin });
    expect(empty.json().data.errors.map((e: { field: string }) => e.field)).toEqual(['groups.0.conditions']);
  });

  it('refuses the plain user every rule call (403), and logs each refused write', async () => {
    const rule = await create(await levelRule());
    const body = await levelRule();
    const file = { format: 'water-ops/alarm-rules', version: 1, rules: [{}] };
    const writes = [
      await call(api.create, { body, token: user }),
      await call(api.update, { params: { id: rule.id }, body, token: user }),
      await call(api.setEnabled, { params: { id: rule.id }, body: { enabled: false }, token: user }),
      await call(api.copy, { params: { id: rule.id }, token: user }),
      await call(api.remove, { params: { id: rule.id }, token: user }),
      await call(api.importRules, { body: file as never, token: user }),
      await call(api.preview, { body, token: user }),
    ];
    const reads = [
      await call(api.list, { token: user }),
      await call(api.get, { params: { id: rule.id }, token: user }),
      await call(api.exportRules, { token: user }),
    ];
    for (const res of [...writes, ...reads]) expect(res.statusCode, res.body).toBe(403);
    const denied = await t.database.db
      .select({ action: operationLog.action, username: operationLog.username })
      .from(operationLog)
      .where(and(eq(operationLog.module, 'alarm-rules'), eq(operationLog.result, 'denied')))
      .orderBy(asc(operationLog.id));
    expect(denied).toEqual(
      ['create', 'update', 'status', 'copy', 'delete', 'import'].map((action) => ({ action, username: 'user' })),
    );
    expect((await call(api.get, { params: { id: rule.id }, token: admin })).json().data.enabled).toBe(true);
  });
});
