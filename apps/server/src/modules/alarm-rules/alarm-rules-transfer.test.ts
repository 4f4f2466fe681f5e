import {
  ALARM_RULES_FORMAT,
  type AlarmRule,
  type AlarmRuleInput,
  type AlarmRulesFile,
  alarmRulesApi,
  type PortableAlarmRule,
} from '@water/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { departments, devices, operationLog, regions, stations, users } from '../../db/schema/index.ts';
import { createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';
import { deviceTypeId } from '../../testing/fixtures.ts';

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

const api = alarmRulesApi;
const idOf = async (table: typeof devices | typeof stations | typeof regions, code: string) => {
  const [row] = await t.database.db.select({ id: table.id }).from(table).where(eq(table.code, code));
  return row!.id;
};

/** Four rules, one of each scope, with recipients of each kind and an escalation. */
async function someRules(): Promise<AlarmRule[]> {
  const db = t.database.db;
  const level = await deviceTypeId(db, 'level_gauge');
  const pump = await deviceTypeId(db, 'pump_controller');
  const [someone] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'user'));
  const [department] = await db.select({ id: departments.id }).from(departments).limit(1);
  const high = { kind: 'compare', metric: 'level', op: 'ge', value: 4.5, setpoint: 'highAlarmLevel' } as const;
  const inputs: AlarmRuleInput[] = [
    {
      name: '前池高液位',
      severity: 'major',
      deviceTypeId: level,
      groups: [{ conditions: [high] }],
      durationMinutes: 2,
      clearDeadband: 0.1,
      recipients: { userIds: [someone!.id], roleCodes: ['admin'], departmentIds: [department!.id] },
      escalation: { afterMinutes: 30, recipients: { roleCodes: ['admin'] } },
      schedule: { days: [1, 2, 3, 4, 5], from: '22:00', to: '06:00' },
      sms: true,
    },
    {
      name: '一号站二号泵停机',
      severity: 'critical',
      deviceTypeId: pump,
      scope: 'devices',
      deviceIds: [await idOf(devices, 'PS01-P2'), await idOf(devices, 'PS01-P1')],
      groups: [
        { conditions: [{ kind: 'compare', metric: 'running', op: 'eq', value: false }] },
        { conditions: [{ kind: 'event', event: 'pump_fault' }] },
      ],
      repeat: { count: 3, withinMinutes: 30 },
      enabled: false,
    },
    {
      name: '一号站液位上涨快',
      severity: 'warning',
      deviceTypeId: level,
      scope: 'station',
      stationId: await idOf(stations, 'PS01'),
      groups: [{ conditions: [{ kind: 'rate', metric: 'level', direction: 'rise', amount: 0.5, windowMinutes: 10 }] }],
    },
    {
      name: '城东区液位无数据',
      description: '液位计 30 分钟无数据',
      severity: 'info',
      deviceTypeId: level,
      scope: 'region',
      regionId: await idOf(regions, 'LC-E'),
      groups: [{ conditions: [{ kind: 'nodata', metric: 'level', minutes: 30 }] }],
      clearDelayMinutes: 5,
      throttleMinutes: 10,
      reminderMinutes: 60,
    },
  ];
  const created: AlarmRule[] = [];
  for (const body of inputs) {
    const res = await t.call(api.create, { body, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    created.push(res.json().data);
  }
  return created;
}

/** A rule as it reads but for what belongs to this row (id, time, alarms). */
const comparable = ({ id: _, updatedAt: __, activeAlarms: ___, ...rest }: AlarmRule) => rest;

async function exported(query: { ids?: string } = {}) {
  const res = await t.call(api.exportRules, { query, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('alarm rules export and import', () => {
  it('exports rules as a JSON file with codes and names; importing it recreates equal rules', async () => {
    const rules = await someRules();
    const res = await exported();
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('filename="alarm-rules-20260601.json"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const file = res.json() as Omit<AlarmRulesFile, 'rules'> & { rules: PortableAlarmRule[] };
    expect(file).toMatchObject({ format: ALARM_RULES_FORMAT, version: 1, exportedAt: '2026-06-01T08:00:00.000Z' });
    const [dept] = await t.database.db.select().from(departments).limit(1);
    expect(file.rules.map((r) => r.name)).toEqual(rules.map((r) => r.name));
    expect(file.rules[0]).toMatchObject({
      deviceType: 'level_gauge',
      scope: 'type',
      recipients: { users: ['user'], roles: ['admin'], departments: [dept!.name] },
      escalation: { afterMinutes: 30, recipients: { users: [], roles: ['admin'], departments: [] } },
    });
    expect(file.rules[1]).toMatchObject({ deviceType: 'pump_controller', devices: ['PS01-P2', 'PS01-P1'] });
    expect(file.rules[2]).toMatchObject({ scope: 'station', station: 'PS01', region: null, devices: [] });
    expect(file.rules[3]).toMatchObject({ scope: 'region', region: 'LC-E' });
    expect(JSON.stringify(file)).not.toMatch(/"(deviceTypeId|deviceIds|stationId|regionId|userIds)"/);

    // Some rules only.
    const some = (await exported({ ids: `${rules[3]!.id},${rules[1]!.id}` })).json();
    expect(some.rules.map((r: PortableAlarmRule) => r.name)).toEqual([rules[1]!.name, rules[3]!.name]);

    // Removed, then imported again: the same rules.
    for (const r of rules) await t.call(api.remove, { params: { id: r.id }, token: admin });
    const imported = await t.call(api.importRules, { body: file, token: admin });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toEqual({ created: 4, errors: [] });
    const list = (await t.call(api.list, { query: { pageSize: 50 }, token: admin })).json().data.list as AlarmRule[];
    expect(list.reverse().map(comparable)).toEqual(rules.map(comparable));
    const [log] = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.module, 'alarm-rules'), eq(operationLog.action, 'import')));
    expect(log).toMatchObject({ result: 'success', after: { errors: [] } });
  });

  it('adds the good rules of a file and reports each bad one with its place, name, field and reason', async () => {
    await someRules();
    const file = (await exported()).json() as { rules: PortableAlarmRule[] };
    const [good, pumps] = [file.rules[0]!, file.rules[1]!];
    const body = {
      format: ALARM_RULES_FORMAT,
      version: 1,
      rules: [
        good,
        { ...good, name: '阀门开度', deviceType: 'valve' },
        pumps,
        { ...pumps, name: '不存在的泵', devices: ['PS01-P1', 'PS99-P1'] },
        { ...good, name: '流量', groups: [{ conditions: [{ kind: 'compare', metric: 'flow', op: 'gt', value: 1 }] }] },
        { ...good, name: '级别不对', severity: 'fatal' },
        { ...good, name: '无人', recipients: { users: ['nobody'] } },
        'not a rule',
      ],
    };
    const res = await t.call(api.importRules, { body: body as never, token: admin, lang: 'en-US' });
    expect(res.statusCode, res.body).toBe(200);
    const { created, errors } = res.json().data;
    expect(created).toBe(2);
    expect(errors).toEqual([
      { index: 1, name: '阀门开度', field: 'deviceType', msg: 'No such device type' },
      { index: 3, name: '不存在的泵', field: 'devices.1', msg: 'No such device in service within your data scope' },
      {
        index: 4,
        name: '流量',
        field: 'groups.0.conditions.0.metric',
        msg: 'The device type’s thing model has no such metric',
      },
      { index: 5, name: '级别不对', field: 'severity', msg: expect.any(String) },
      { index: 6, name: '无人', field: 'recipients.users.0', msg: 'No such user' },
      { index: 7, name: '', field: '', msg: expect.any(String) },
    ]);
    const total = (await t.call(api.list, { token: admin })).json().data.total;
    expect(total).toBe(6);
    // A file that is not an export is refused whole.
    const wrong = await t.call(api.importRules, {
      body: { format: 'other', version: 1, rules: [good] } as never,
      token: admin,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.errors.map((e: { field: string }) => e.field)).toEqual(['format']);
  });
});
