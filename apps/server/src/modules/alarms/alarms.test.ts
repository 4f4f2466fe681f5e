import {
  type AlarmCondition,
  type AlarmDetail,
  type AlarmRecipients,
  alarmsApi,
  type LiveEvent,
} from '@water/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import {
  alarmEntries,
  alarmOfflineRules,
  alarmRules,
  alarms,
  devices,
  messages,
  operationLog,
  regions,
  users,
} from '../../db/schema/index.ts';
import { demoDeviceSecret } from '../../db/seed/demo-secrets.ts';
import { createTestApp, resetDatabase, TEST_START, type TestApp } from '../../testing/build-app.ts';
import { limitRoleToRegions, signInWithoutPermissions } from '../../testing/fixtures.ts';

const T0 = TEST_START.getTime();
const MIN = 60_000;
const GAUGE = 'PS01-LT01';
const PUMP = 'PS01-P1';

let t: TestApp;
let admin: string;
let gaugeId: number;

const admins: AlarmRecipients = { userIds: [], roleCodes: ['admin'], departmentIds: [] };

async function deviceId(code: string) {
  const [d] = await t.database.db
    .select({ id: devices.id, typeId: devices.typeId })
    .from(devices)
    .where(eq(devices.code, code));
  return d!;
}

/** A rule straight into the table (the rule API has its own tests), then the engine reads it. */
async function rule(
  code: string,
  conditions: AlarmCondition[][],
  extra: Partial<typeof alarmRules.$inferInsert> = {},
  app: TestApp = t,
) {
  const d = await deviceId(code);
  const [row] = await t.database.db
    .insert(alarmRules)
    .values({
      name: '前池高液位',
      severity: 'major',
      deviceTypeId: d.typeId!,
      scope: 'devices',
      deviceIds: [d.id],
      groups: conditions.map((c) => ({ conditions: c })),
      recipients: admins,
      ...extra,
    })
    .returning();
  await app.app.alarmEngine.reload();
  return row!;
}

const above = (value: number): AlarmCondition => ({
  kind: 'compare',
  metric: 'level',
  op: 'ge',
  value,
  setpoint: null,
});

/** A reading through the real ingest (it answers after the commit), then the engine's round. */
async function ingest(code: string, values: Record<string, unknown>, app: TestApp = t) {
  // A second apart at least: a reading of the same time is a duplicate the pipeline drops.
  app.clock.advance(1000);
  const res = await app.inject({
    method: 'POST',
    url: `/api/ingest/${code}`,
    headers: { authorization: `Device ${demoDeviceSecret(code)}`, 'content-type': 'application/json' },
    payload: { ts: app.clock.now().getTime(), values },
  });
  expect(res.statusCode).toBe(200);
  await app.app.alarmEngine.idle();
}

async function alarmsOf(code: string) {
  const d = await deviceId(code);
  return t.database.db.select().from(alarms).where(eq(alarms.deviceId, d.id)).orderBy(alarms.id);
}

const detail = async (id: number, token = admin) =>
  (await t.call(alarmsApi.get, { params: { id }, token })).json().data as AlarmDetail;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await resetDatabase(t.database);
  // The demo city's default rules are the seed's; each test writes the rules it judges.
  await t.database.db.delete(alarmRules);
  await t.database.db.delete(alarmOfflineRules);
  t.clock.set(TEST_START);
  await t.app.alarmEngine.restart();
  admin = await t.login();
  gaugeId = (await deviceId(GAUGE)).id;
});
afterEach(async () => {
  await t.app.alarmEngine.idle();
});

describe('the alarm engine', () => {
  it('raises one alarm per source and rule, counts repeats, and clears past the dead band', async () => {
    await rule(GAUGE, [[above(4)]], { clearDeadband: 0.2 });
    await ingest(GAUGE, { level: 3.5 });
    expect(await alarmsOf(GAUGE)).toHaveLength(0);

    await ingest(GAUGE, { level: 4.3 });
    t.clock.advance(MIN);
    await ingest(GAUGE, { level: 3.9 }); // within the dead band: stands
    t.clock.advance(MIN);
    await ingest(GAUGE, { level: 4.1 }); // met anew: a repeat, not a second alarm
    let list = await alarmsOf(GAUGE);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ active: true, count: 2, firstValue: '4.3', lastValue: '4.1', threshold: 4 });

    t.clock.advance(MIN);
    await ingest(GAUGE, { level: 3.7 }); // beyond the dead band: cleared
    list = await alarmsOf(GAUGE);
    expect(list[0]).toMatchObject({ active: false, clearedBy: null });
    const d = await detail(list[0]!.id);
    expect(d.state).toBe('cleared-unack');
    expect(d.entries.map((e) => e.kind)).toEqual(['raised', 'notified', 'repeated', 'auto-cleared']);
    expect(d.condition).toContain('4');

    // The admins were told, in the message centre (once the outbox is delivered), with a link to the alarm.
    await t.app.notifyDelivery.drain();
    const told = await t.database.db.select().from(messages).where(eq(messages.source, 'notify'));
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]!.link).toBe(`/bz/alarm?alarm=${list[0]!.id}`);
  });

  it('keeps judging after an empty status-change list (an offline sweep that found no one)', async () => {
    await rule(GAUGE, [[above(4)]]);
    t.app.alarmEngine.onStatusChanges([]);
    t.app.alarmEngine.onReadings([]);
    await ingest(GAUGE, { level: 4.3 });
    expect(await alarmsOf(GAUGE)).toHaveLength(1);
  });

  it("raises nothing on a reading beyond the instrument's span: the sensor's fault, not the well's", async () => {
    await rule(GAUGE, [[above(4)]]);
    await ingest(GAUGE, { level: 15 }); // the gauge spans 0–10 m: flagged out of range
    expect(await alarmsOf(GAUGE)).toHaveLength(0);
    await ingest(GAUGE, { level: 4.5 });
    expect(await alarmsOf(GAUGE)).toHaveLength(1);
  });

  it('OR groups: either group raises, an AND group needs every condition', async () => {
    const pump = await deviceId(PUMP);
    await rule(PUMP, [
      [
        { kind: 'compare', metric: 'current', op: 'gt', value: 100, setpoint: null },
        { kind: 'compare', metric: 'running', op: 'eq', value: true, setpoint: null },
      ],
      [{ kind: 'compare', metric: 'fault', op: 'eq', value: true, setpoint: null }],
    ]);
    await ingest(PUMP, { current: 120, running: false, fault: false });
    expect(await alarmsOf(PUMP)).toHaveLength(0);
    await ingest(PUMP, { fault: true });
    const [a] = await alarmsOf(PUMP);
    expect(a).toMatchObject({ active: true, deviceId: pump.id });
  });

  it('waits for the duration on the injected clock; the sweep raises when no reading comes', async () => {
    await rule(GAUGE, [[above(4)]], { durationMinutes: 5 });
    await ingest(GAUGE, { level: 4.4 });
    t.clock.advance(3 * MIN);
    await t.app.alarmEngine.sweep();
    expect(await alarmsOf(GAUGE)).toHaveLength(0);
    t.clock.advance(3 * MIN);
    await t.app.alarmEngine.sweep();
    expect(await alarmsOf(GAUGE)).toHaveLength(1);
  });

  it('raises on a repeat: met anew 3 times within 10 minutes', async () => {
    await rule(GAUGE, [[above(4)]], { repeat: { count: 3, withinMinutes: 10 } });
    for (const level of [4.2, 3, 4.2, 3]) {
      await ingest(GAUGE, { level });
      t.clock.advance(MIN);
    }
    expect(await alarmsOf(GAUGE)).toHaveLength(0);
    await ingest(GAUGE, { level: 4.2 });
    expect(t.app.alarmEngine.stats().lastError).toBeNull();
    expect(await alarmsOf(GAUGE)).toHaveLength(1);
  });

  it('keeps its state across a restart: a pending duration and a standing alarm', async () => {
    await rule(GAUGE, [[above(4)]], { durationMinutes: 5 });
    await ingest(GAUGE, { level: 4.4 });
    await t.close();
    t = await createTestApp();
    t.clock.set(new Date(T0 + 6 * MIN));
    admin = await t.login();
    await t.app.alarmEngine.sweep();
    expect(await alarmsOf(GAUGE)).toHaveLength(1);
    // Restarted again: the standing alarm is known, a reading repeats nothing and raises nothing new.
    await t.close();
    t = await createTestApp();
    t.clock.set(new Date(T0 + 7 * MIN));
    admin = await t.login();
    await ingest(GAUGE, { level: 4.5 });
    const list = await alarmsOf(GAUGE);
    expect(list).toHaveLength(1);
    expect(list[0]!.active).toBe(true);
  });

  it('two servers on one database raise one alarm for the same reading', async () => {
    const other = await createTestApp();
    try {
      await rule(GAUGE, [[above(4)]]);
      await other.app.alarmEngine.reload();
      // Both servers judge the same committed reading (a shared subscription may hand a device to either).
      const fresh = [
        { deviceId: gaugeId, readings: [{ key: 'level', value: 4.6, ts: new Date(T0).toISOString(), quality: 0 }] },
      ];
      t.app.alarmEngine.onReadings(fresh);
      other.app.alarmEngine.onReadings(fresh);
      await Promise.all([t.app.alarmEngine.idle(), other.app.alarmEngine.idle()]);
      const list = await alarmsOf(GAUGE);
      expect(list).toHaveLength(1);
      expect(list[0]!.count).toBe(2);
    } finally {
      await other.close();
    }
  });

  it('raises on a thing-model event and, with a quiet time, clears when the events stop', async () => {
    await rule(PUMP, [[{ kind: 'event', event: 'pump_fault' }]], { clearDelayMinutes: 10, severity: 'critical' });
    const res = await t.inject({
      method: 'POST',
      url: `/api/ingest/${PUMP}/events`,
      headers: { authorization: `Device ${demoDeviceSecret(PUMP)}`, 'content-type': 'application/json' },
      payload: { event: 'pump_fault', ts: T0, params: { cause: 'overload' } },
    });
    expect(res.statusCode).toBe(200);
    await t.app.alarmEngine.idle();
    const [raised] = await alarmsOf(PUMP);
    expect(raised).toMatchObject({ active: true, severity: 'critical' });
    // The event by its name in the type's model, not its key.
    expect((await detail(raised!.id)).condition).toContain('水泵故障');
    t.clock.advance(11 * MIN);
    await t.app.alarmEngine.sweep();
    expect(await alarmsOf(PUMP)).toMatchObject([{ active: false }]);
  });

  it('escalates an unacknowledged alarm and reminds its recipients every N minutes', async () => {
    const [escalatee] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'user'));
    await rule(GAUGE, [[above(4)]], {
      severity: 'critical',
      reminderMinutes: 15,
      escalation: { afterMinutes: 10, recipients: { userIds: [escalatee!.id], roleCodes: [], departmentIds: [] } },
    });
    await ingest(GAUGE, { level: 4.6 });
    const [a] = await alarmsOf(GAUGE);
    t.clock.advance(11 * MIN);
    await t.app.alarmEngine.sweep();
    t.clock.advance(5 * MIN);
    await t.app.alarmEngine.sweep();
    const kinds = (await detail(a!.id)).entries.map((e) => e.kind);
    expect(kinds).toContain('escalated');
    expect(kinds).toContain('reminded');
    await t.app.notifyDelivery.drain();
    const toEscalatee = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, escalatee!.id), eq(messages.source, 'notify')));
    expect(toEscalatee).toHaveLength(1);
    // Acknowledged: no more reminders.
    await t.call(alarmsApi.acknowledge, { body: { ids: [a!.id] }, token: admin });
    t.clock.advance(20 * MIN);
    await t.app.alarmEngine.sweep();
    expect((await detail(a!.id)).entries.filter((e) => e.kind === 'reminded')).toHaveLength(1);
  });

  it('alarms a silent device past its timeout and dead band, not within it, and clears when data returns', async () => {
    const gauge = await deviceId(GAUGE);
    await t.database.db.insert(alarmOfflineRules).values({
      deviceTypeId: gauge.typeId!,
      timeoutSeconds: 120,
      deadbandSeconds: 60,
      severity: 'critical',
      recipients: admins,
    });
    await ingest(GAUGE, { level: 2 });
    t.clock.advance(150_000); // past the timeout, within the dead band
    await t.app.alarmEngine.sweep();
    expect((await alarmsOf(GAUGE)).filter((a) => a.kind === 'offline')).toHaveLength(0);
    t.clock.advance(60_000);
    await t.app.alarmEngine.sweep();
    const [offline] = (await alarmsOf(GAUGE)).filter((a) => a.kind === 'offline');
    expect(offline).toMatchObject({ active: true, severity: 'critical', sourceKey: 'offline' });
    expect((await detail(offline!.id)).title).toBe('通信中断');
    // Losing communication never reads as normal: it stands until data comes back.
    t.clock.advance(30 * MIN);
    await t.app.alarmEngine.sweep();
    expect((await alarmsOf(GAUGE)).filter((a) => a.kind === 'offline' && a.active)).toHaveLength(1);
    await ingest(GAUGE, { level: 2.1 });
    await t.app.alarmEngine.sweep();
    expect((await alarmsOf(GAUGE)).filter((a) => a.kind === 'offline' && a.active)).toHaveLength(0);
  });
});

describe('the alarm lifecycle', () => {
  async function raised() {
    await rule(GAUGE, [[above(4)]]);
    await ingest(GAUGE, { level: 4.4 });
    const [a] = await alarmsOf(GAUGE);
    return a!.id;
  }

  it('acknowledges, comments, assigns, shelves and clears by hand, each on the timeline and in the log', async () => {
    const id = await raised();
    const list = (await t.call(alarmsApi.list, { token: admin })).json().data;
    expect(list.list.map((a: { id: number }) => a.id)).toContain(id);
    const counts = (await t.call(alarmsApi.counts, { token: admin })).json().data;
    expect(counts.unacknowledged.major).toBe(1);

    expect((await t.call(alarmsApi.acknowledge, { body: { ids: [id, id] }, token: admin })).json().data).toEqual({
      changed: 1,
    });
    expect((await t.call(alarmsApi.acknowledge, { body: { ids: [id] }, token: admin })).json().data.changed).toBe(0);
    await t.call(alarmsApi.comment, { params: { id }, body: { text: '已通知泵站值班人员' }, token: admin });
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'user'));
    const assigned = (
      await t.call(alarmsApi.assign, { params: { id }, body: { userId: user!.id }, token: admin })
    ).json().data as AlarmDetail;
    expect(assigned.assigneeId).toBe(user!.id);
    const until = new Date(T0 + 60 * MIN).toISOString();
    const shelved = (await t.call(alarmsApi.shelve, { params: { id }, body: { until }, token: admin })).json()
      .data as AlarmDetail;
    expect(shelved.shelvedUntil).toBe(until);

    const noReason = await t.call(alarmsApi.clear, { params: { id }, body: { reason: '' } as never, token: admin });
    expect(noReason.statusCode).toBe(400);
    const cleared = (
      await t.call(alarmsApi.clear, { params: { id }, body: { reason: '液位计误报，已校准' }, token: admin })
    ).json().data as AlarmDetail;
    expect(cleared).toMatchObject({ state: 'cleared-ack', clearReason: '液位计误报，已校准' });
    expect(cleared.clearedBy).toBeTruthy();
    expect(cleared.entries.map((e) => e.kind)).toEqual([
      'raised',
      'notified',
      'acknowledged',
      'comment',
      'assigned',
      'shelved',
      'cleared',
    ]);
    const again = await t.call(alarmsApi.clear, { params: { id }, body: { reason: 'x' }, token: admin });
    expect(again.statusCode).toBe(409);

    const logged = await t.database.db
      .select({ action: operationLog.action })
      .from(operationLog)
      .where(eq(operationLog.module, 'alarms'))
      .orderBy(operationLog.id);
    expect(logged.map((l) => l.action)).toEqual(
      expect.arrayContaining(['acknowledge', 'comment', 'assign', 'shelve', 'clear']),
    );
    // Cleared by hand, the rule starts afresh: the level still high raises a new alarm.
    await ingest(GAUGE, { level: 4.5 });
    expect((await alarmsOf(GAUGE)).filter((a) => a.active)).toHaveLength(1);
  });

  it('a role limited to another region neither sees nor handles the alarm', async () => {
    const id = await raised();
    const [other] = await t.database.db
      .select({ id: regions.id })
      .from(regions)
      .where(sql`${regions.id} <> (select region_id from devices where id = ${gaugeId})`)
      .orderBy(desc(regions.id))
      .limit(1);
    await limitRoleToRegions(t.database.db, 'user', [other!.id]);
    const user = await t.login('user', 'User@2026');
    expect((await t.call(alarmsApi.get, { params: { id }, token: user })).statusCode).toBe(404);
    const list = (await t.call(alarmsApi.list, { token: user })).json().data;
    expect(list.total).toBe(0);
    const ack = (await t.call(alarmsApi.acknowledge, { body: { ids: [id] }, token: user })).json().data;
    expect(ack.changed).toBe(0);
    expect((await t.call(alarmsApi.counts, { token: user })).json().data.active.major).toBe(0);
  });

  it('refuses those without alarm:handle, and answers bad input with 400', async () => {
    const id = await raised();
    const res = await t.call(alarmsApi.shelve, {
      params: { id },
      body: { until: new Date(T0 - MIN).toISOString() },
      token: admin,
    });
    expect(res.statusCode).toBe(400);
    const bulk = await t.call(alarmsApi.acknowledge, { body: { ids: [] }, token: admin });
    expect(bulk.statusCode).toBe(400);
    const nobody = await signInWithoutPermissions(t);
    expect((await t.call(alarmsApi.acknowledge, { body: { ids: [id] }, token: nobody })).statusCode).toBe(403);
    expect((await t.call(alarmsApi.list, { token: nobody })).statusCode).toBe(403);
    const denied = await t.database.db
      .select({ result: operationLog.result })
      .from(operationLog)
      .where(and(eq(operationLog.module, 'alarms'), eq(operationLog.action, 'acknowledge')));
    expect(denied.map((d) => d.result)).toContain('denied');
    expect((await t.call(alarmsApi.get, { params: { id: 999_999 }, token: admin })).statusCode).toBe(404);
  });

  it('exports the records and counts the statistics', async () => {
    const id = await raised();
    await t.call(alarmsApi.acknowledge, { body: { ids: [id] }, token: admin });
    const csv = await t.call(alarmsApi.exportAlarms, { query: { view: 'all', format: 'csv' }, token: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(GAUGE);
    expect(csv.body).toContain('前池高液位');
    const xlsx = await t.call(alarmsApi.exportAlarms, {
      query: { view: 'all', format: 'xlsx' },
      token: admin,
      lang: 'en-US',
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const stats = (
      await t.call(alarmsApi.stats, {
        query: { from: new Date(T0 - 60 * MIN).toISOString(), to: new Date(T0 + 60 * MIN).toISOString() },
        token: admin,
      })
    ).json().data;
    expect(stats.total).toBe(1);
    expect(stats.perDay[0].major).toBe(1);
    expect(stats.topSources[0].deviceCode).toBe(GAUGE);
    expect(stats.meanToAcknowledgeSeconds).toBe(0);
  });

  it('pushes a raised alarm over the live channel to those who may see it', async () => {
    await rule(GAUGE, [[above(4)]]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const { WebSocket: Ws } = await import('ws');
    // A browser in Chinese, a console in English: events are worded in the console's language.
    const socket: WebSocket = new Ws(`ws://127.0.0.1:${port}/api/ws`, { headers: { 'accept-language': 'zh-CN' } });
    const events: LiveEvent[] = [];
    socket.on('message', (raw) => events.push(JSON.parse(String(raw))));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'auth', token: admin, locale: 'en-US' }));
    await expect.poll(() => events.some((e) => e.type === 'ready')).toBe(true);
    await ingest(GAUGE, { level: 4.4 });
    await expect
      .poll(() => events.find((e) => e.type === 'alarm'))
      .toMatchObject({
        type: 'alarm',
        change: 'raised',
        alarm: { deviceCode: GAUGE, severity: 'major', state: 'active-unack', condition: 'Level ≥ 4 m' },
      });
    socket.close();
    const entries = await t.database.db.select().from(alarmEntries);
    expect(entries.length).toBeGreaterThan(0);
  });
});
