import { type PumpCommand, pumpControlApi } from '@water/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  devices,
  operationLog,
  pumpCommands,
  stationControlSettings as settingsTable,
  stationPumps,
  stationSensors,
  stations,
  telemetryLatest,
  telemetryPoints,
} from '../../db/schema/index.ts';
import { demoDeviceSecret } from '../../db/seed/demo-secrets.ts';
import { createTestApp, resetDatabase, TEST_START, type TestApp } from '../../testing/build-app.ts';
import { insertRegion, limitRoleToRegions, signInWithoutPermissions } from '../../testing/fixtures.ts';

// A port per worker, clear of mqtt.test's (base + 0…3).
const port = 19_000 + (Number(process.env.VITEST_POOL_ID ?? 1) % 50) * 10 + 7;
const url = `mqtt://127.0.0.1:${port}`;

let t: TestApp;
let admin: string;
let operator: string;
let station: { id: number; regionId: number | null };
let pump: { id: number; controllerDeviceId: number };
let pump2: { id: number; controllerDeviceId: number };
let controllerCode: string;
let level: { deviceId: number; metric: string };

beforeAll(async () => {
  t = await createTestApp({ MQTT_PORT: String(port), MQTT_HOST: '127.0.0.1' });
});
afterAll(() => t.close());

const now = () => t.clock.now();

/** Latest readings of a device, as the telemetry pipeline would leave them. */
async function latest(deviceId: number, values: Record<string, number | string>, at = now()) {
  for (const [metric, v] of Object.entries(values)) {
    const row = {
      deviceId,
      metric,
      ts: at,
      value: typeof v === 'number' ? v : null,
      textValue: typeof v === 'string' ? v : null,
    };
    await t.database.db
      .insert(telemetryLatest)
      .values(row)
      .onConflictDoUpdate({ target: [telemetryLatest.deviceId, telemetryLatest.metric], set: row });
  }
}

/** PS01's pump 1 as told: stopped in remote, healthy, level 3 m (protection 1 m), all online now. */
async function prepare(p: { running?: number; fault?: number; mode?: string; level?: number; levelAt?: Date } = {}) {
  const ids = [pump.controllerDeviceId, level.deviceId];
  await t.database.db.update(devices).set({ status: 'online', lastSeenAt: now() }).where(inArray(devices.id, ids));
  await latest(pump.controllerDeviceId, { running: p.running ?? 0, fault: p.fault ?? 0, mode: p.mode ?? 'remote' });
  await latest(level.deviceId, { [level.metric]: p.level ?? 3 }, p.levelAt ?? now());
}

let keySeq = 0;
const key = () => `key-${Date.now()}-${++keySeq}`;

const send = (
  token: string,
  body: Partial<{ pumpId: number; command: string; params: object; idempotencyKey: string }>,
  lang?: string,
) =>
  t.call(pumpControlApi.send, {
    token,
    lang,
    body: {
      pumpId: pump.id,
      command: 'start',
      params: {},
      reason: '排涝需要',
      idempotencyKey: key(),
      ...body,
    } as never,
  });

beforeEach(async () => {
  t.clock.set(TEST_START);
  await resetDatabase(t.database);
  await t.database.db.delete(telemetryLatest);
  admin = await t.login();
  operator = await t.login('user', 'User@2026');
  const [s] = await t.database.db.select().from(stations).where(eq(stations.code, 'PS01'));
  station = { id: s!.id, regionId: s!.regionId };
  await t.database.db.update(stations).set({ protectionLevel: 1 }).where(eq(stations.id, station.id));
  const pumps = await t.database.db
    .select()
    .from(stationPumps)
    .where(eq(stationPumps.stationId, station.id))
    .orderBy(stationPumps.number);
  pump = { id: pumps[0]!.id, controllerDeviceId: pumps[0]!.controllerDeviceId! };
  pump2 = { id: pumps[1]!.id, controllerDeviceId: pumps[1]!.controllerDeviceId! };
  const [d] = await t.database.db.select().from(devices).where(eq(devices.id, pump.controllerDeviceId));
  controllerCode = d!.code;
  const [lv] = await t.database.db
    .select()
    .from(stationSensors)
    .where(and(eq(stationSensors.stationId, station.id), eq(stationSensors.role, 'level')));
  level = { deviceId: lv!.deviceId, metric: lv!.metric };
  await prepare();
});

const commandRows = () => t.database.db.select().from(pumpCommands).orderBy(pumpCommands.id);
const logRows = (action: string) =>
  t.database.db
    .select()
    .from(operationLog)
    .where(
      and(eq(operationLog.module, 'pump-control'), eq(operationLog.action, action), ne(operationLog.result, 'denied')),
    );

describe('send', () => {
  it('records a sound start as pending (no controller connected), audited with station, pump and reason', async () => {
    const res = await send(operator, {});
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().data as PumpCommand;
    expect(c).toMatchObject({
      state: 'pending',
      command: 'start',
      commandName: '启泵',
      reason: '排涝需要',
      interlock: null,
    });
    expect(c.expiresAt).toBe(new Date(TEST_START.getTime() + 30_000).toISOString());
    const [log] = await logRows('command');
    expect(log).toMatchObject({ result: 'success', targetId: String(c.id) });
    expect(log!.after).toMatchObject({ station: c.stationName, pump: c.pumpName, command: '启泵', reason: '排涝需要' });
  });

  it('refuses a command the thing model does not declare, and parameters out of their specs, naming them', async () => {
    const unknown = await send(operator, { command: 'self_destruct' }, 'en-US');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toContain('self_destruct');
    await prepare({ running: 1 });
    const range = await send(operator, { command: 'set_frequency', params: { frequency: 60 } }, 'en-US');
    expect(range.statusCode).toBe(400);
    expect(range.json().data.errors[0]).toMatchObject({ field: 'params.frequency' });
    expect(range.json().data.errors[0].message).toContain('between 20 and 50');
    const type = await send(operator, { command: 'set_frequency', params: { frequency: 'fast' } });
    expect(type.statusCode).toBe(400);
    const extra = await send(operator, { command: 'stop', params: { force: true } });
    expect(extra.json().data.errors[0]).toMatchObject({ field: 'params.force' });
    expect(await commandRows()).toHaveLength(0);
  });

  it('answers a repeated key with the first command, sending once (also when both arrive at once)', async () => {
    const client = await mqtt.connectAsync(url, {
      username: controllerCode,
      password: demoDeviceSecret(controllerCode),
      reconnectPeriod: 0,
    });
    try {
      const got: unknown[] = [];
      client.on('message', (_topic, payload) => got.push(JSON.parse(payload.toString())));
      await client.subscribeAsync(`devices/${controllerCode}/commands`, { qos: 1 });
      const idempotencyKey = key();
      const [a, b] = await Promise.all([send(operator, { idempotencyKey }), send(operator, { idempotencyKey })]);
      const c = await send(operator, { idempotencyKey });
      const ids = [a, b, c].map((r) => r.json().data.id);
      expect(new Set(ids).size).toBe(1);
      expect(await commandRows()).toHaveLength(1);
      await waitFor(async () => got.length >= 1);
      await new Promise((r) => setTimeout(r, 100));
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({ id: ids[0], command: 'start', params: {} });
      // Delivered to a connected session: sent.
      await waitFor(async () => (await commandRows())[0]!.state === 'sent');
    } finally {
      await client.endAsync();
    }
  });
});

async function waitFor(check: () => Promise<boolean>, ms = 3000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('interlocks through the route', () => {
  const cases: [string, () => Promise<void>, string, string][] = [
    ['local_mode', () => prepare({ mode: 'local' }), 'start', 'local'],
    ['auto_mode', () => prepare({ mode: 'auto' }), 'start', 'automatic'],
    ['dry_run', () => prepare({ level: 0.8 }), 'start', '0.8 m'],
    ['fault', () => prepare({ fault: 1 }), 'start', 'fault reset'],
    [
      'offline',
      async () => {
        await t.database.db.update(devices).set({ status: 'offline' }).where(eq(devices.id, pump.controllerDeviceId));
      },
      'start',
      'offline',
    ],
    ['stale_level', () => prepare({ levelAt: new Date(TEST_START.getTime() - 200_000) }), 'start', '120 s'],
    [
      'maintenance',
      async () => {
        await t.database.db.update(stationPumps).set({ maintenance: true }).where(eq(stationPumps.id, pump.id));
      },
      'start',
      'maintenance',
    ],
    ['already', () => prepare({ running: 1 }), 'start', 'already'],
    ['already', () => prepare({ fault: 0 }), 'reset_fault', 'already'],
    [
      'min_off_time',
      async () => {
        await t.database.db.insert(telemetryPoints).values([
          {
            deviceId: pump.controllerDeviceId,
            metric: 'running',
            ts: new Date(TEST_START.getTime() - 600_000),
            value: 1,
          },
          {
            deviceId: pump.controllerDeviceId,
            metric: 'running',
            ts: new Date(TEST_START.getTime() - 100_000),
            value: 0,
          },
        ]);
      },
      'start',
      '200 s left',
    ],
    [
      'max_starts',
      async () => {
        // Stopped before the hour, then six starts within it.
        const points = [
          {
            deviceId: pump.controllerDeviceId,
            metric: 'running',
            ts: new Date(TEST_START.getTime() - 3_700_000),
            value: 0,
          },
        ];
        for (let i = 0; i < 12; i++) {
          points.push({
            deviceId: pump.controllerDeviceId,
            metric: 'running',
            ts: new Date(TEST_START.getTime() - 3_000_000 + i * 200_000),
            value: i % 2 === 0 ? 1 : 0,
          });
        }
        await t.database.db.insert(telemetryPoints).values(points);
      },
      'start',
      '6 times',
    ],
  ];

  it.each(cases)(
    '%s: recorded as blocked, audited, answered 409 with the reason',
    async (code, setup, command, words) => {
      await setup();
      const res = await send(operator, { command }, 'en-US');
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().msg).toContain(words);
      const [row] = await commandRows();
      expect(row).toMatchObject({ state: 'blocked', interlock: code });
      expect(res.json().data.command).toMatchObject({ id: row!.id, state: 'blocked', interlock: code });
      const [log] = await logRows('command-blocked');
      expect(log).toMatchObject({ result: 'failure', targetId: String(row!.id) });
      expect(log!.after).toMatchObject({ interlock: code, reason: '排涝需要' });
    },
  );

  it('busy: another open command for the pump', async () => {
    expect((await send(operator, {})).statusCode).toBe(200);
    const res = await send(operator, { command: 'stop' }, 'zh-CN');
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain('未完成的指令');
    expect((await commandRows()).map((r) => r.state)).toEqual(['pending', 'blocked']);
  });

  it('the control view runs the same checks for each declared command', async () => {
    await prepare({ level: 0.8 });
    const res = await t.call(pumpControlApi.station, { params: { id: station.id }, token: operator });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data.pumps.find((x: { pumpId: number }) => x.pumpId === pump.id);
    expect(p).toMatchObject({ mode: 'remote', deviceCode: controllerCode });
    expect(p.checks).toMatchObject({ start: 'dry_run', stop: 'already', reset_fault: 'already' });
    await prepare({ fault: 1 });
    const faulted = await t.call(pumpControlApi.station, { params: { id: station.id }, token: operator });
    const f = faulted.json().data.pumps.find((x: { pumpId: number }) => x.pumpId === pump.id);
    expect(f.checks).toMatchObject({ start: 'fault', reset_fault: null });
  });
});

describe('access', () => {
  it('403 without pump:control', async () => {
    const nobody = await signInWithoutPermissions(t);
    expect((await send(nobody, {})).statusCode).toBe(403);
  });

  it('403 outside the role’s regions; the station view and history are 404 there', async () => {
    const other = await insertRegion(t.database.db, { code: 'FAR', name: '远郊', kind: 'district' });
    await limitRoleToRegions(t.database.db, 'user', [other.id]);
    const token = await t.login('user', 'User@2026');
    const res = await send(token, {});
    expect(res.statusCode).toBe(403);
    expect((await t.call(pumpControlApi.station, { params: { id: station.id }, token })).statusCode).toBe(404);
    expect(await commandRows()).toHaveLength(0);
  });
});

describe('time-outs and approvals', () => {
  it('a command nobody answers times out', async () => {
    const c = (await send(operator, {})).json().data as PumpCommand;
    t.clock.advance(29_000);
    expect(await t.app.pumpControl.sweep()).toEqual([]);
    t.clock.advance(2_000);
    expect(await t.app.pumpControl.sweep()).toEqual([c.id]);
    const res = await t.call(pumpControlApi.get, { params: { id: c.id }, token: operator, lang: 'en-US' });
    expect(res.json().data).toMatchObject({ state: 'timed_out', detail: 'The controller gave no result within 30 s' });
  });

  async function fourEyes() {
    await t.database.db
      .insert(settingsTable)
      .values({
        stationId: station.id,
        requireApproval: true,
        approvalMinutes: 10,
        minOffSeconds: 300,
        maxStartsPerHour: 6,
        levelMaxAgeSeconds: 120,
        commandTtlSeconds: 30,
      })
      .onConflictDoNothing();
  }

  it('waits for a second person: approved by another, refused by the same person (403)', async () => {
    await fourEyes();
    const c = (await send(operator, {})).json().data as PumpCommand;
    expect(c).toMatchObject({ state: 'awaiting_approval', approvalRequired: true });
    expect(c.approvalDeadline).toBe(new Date(TEST_START.getTime() + 600_000).toISOString());
    // The operator holds no pump:approve.
    expect((await t.call(pumpControlApi.approve, { params: { id: c.id }, body: {}, token: operator })).statusCode).toBe(
      403,
    );
    const approved = await t.call(pumpControlApi.approve, {
      params: { id: c.id },
      body: { reason: 'ok' },
      token: admin,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ state: 'pending', approvedBy: { id: expect.any(Number) } });
    expect(await logRows('approve')).toHaveLength(1);

    // The admin's own command: not theirs to approve.
    await t.database.db
      .update(devices)
      .set({ status: 'online', lastSeenAt: now() })
      .where(eq(devices.id, pump2.controllerDeviceId));
    await latest(pump2.controllerDeviceId, { running: 1, fault: 0, mode: 'remote' });
    const own = (await send(admin, { pumpId: pump2.id, command: 'stop' })).json().data as PumpCommand;
    const res = await t.call(pumpControlApi.approve, { params: { id: own.id }, body: {}, token: admin });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toContain('自己');
    expect((await t.call(pumpControlApi.refuse, { params: { id: own.id }, body: {}, token: admin })).statusCode).toBe(
      403,
    );
  });

  it('refused by another; expired when nobody approves in time', async () => {
    await fourEyes();
    const c = (await send(operator, {})).json().data as PumpCommand;
    const refused = await t.call(pumpControlApi.refuse, {
      params: { id: c.id },
      body: { reason: '水位不够' },
      token: admin,
    });
    expect(refused.json().data).toMatchObject({ state: 'refused', detail: '水位不够' });
    const d = (await send(operator, {})).json().data as PumpCommand;
    t.clock.advance(601_000);
    expect(await t.app.pumpControl.sweep()).toEqual([d.id]);
    const expired = await t.call(pumpControlApi.get, { params: { id: d.id }, token: operator });
    expect(expired.json().data).toMatchObject({ state: 'expired' });
    expect((await t.call(pumpControlApi.approve, { params: { id: d.id }, body: {}, token: admin })).statusCode).toBe(
      409,
    );
  });

  it('approval checks every interlock again: blocked then', async () => {
    await fourEyes();
    const c = (await send(operator, {})).json().data as PumpCommand;
    await prepare({ level: 0.5 });
    const res = await t.call(pumpControlApi.approve, { params: { id: c.id }, body: {}, token: admin });
    expect(res.statusCode).toBe(409);
    const [row] = await commandRows();
    expect(row).toMatchObject({ state: 'blocked', interlock: 'dry_run' });
  });

  it('cancels a command not yet sent; stop-all checks each pump on its own', async () => {
    const c = (await send(operator, {})).json().data as PumpCommand;
    const cancelled = await t.call(pumpControlApi.cancel, { params: { id: c.id }, token: operator });
    expect(cancelled.json().data).toMatchObject({ state: 'cancelled' });
    await prepare({ running: 1 });
    const res = await t.call(pumpControlApi.stopAll, {
      params: { id: station.id },
      body: { reason: '全站检修', idempotencyKey: key() },
      token: operator,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { commands, batchId } = res.json().data as { commands: PumpCommand[]; batchId: string };
    expect(commands.length).toBeGreaterThan(1);
    expect(commands.every((x) => x.batchId === batchId)).toBe(true);
    // Pump 1 reported running: its stop goes; the others are silent (offline) and blocked.
    expect(commands[0]).toMatchObject({ pumpId: pump.id, state: 'pending' });
    expect(commands.slice(1).every((x) => x.state === 'blocked' && x.interlock === 'offline')).toBe(true);
  });
});

describe('device side', () => {
  it('an MQTT controller receives its command and answers: acknowledged, then succeeded; it may not listen to another’s', async () => {
    const client = await mqtt.connectAsync(url, {
      username: controllerCode,
      password: demoDeviceSecret(controllerCode),
      reconnectPeriod: 0,
    });
    try {
      await client.subscribeAsync(`devices/${controllerCode}/commands`, { qos: 1 });
      // Another controller's commands topic is refused (QoS 128).
      await expect(
        client.subscribeAsync(`devices/${controllerCode.replace(/1$/, '2')}/commands`, { qos: 1 }),
      ).rejects.toThrow(/Subscribe error/);
      const got: { id: number }[] = [];
      client.on('message', (_topic, payload) => got.push(JSON.parse(payload.toString())));
      const c = (await send(operator, {})).json().data as PumpCommand;
      await waitFor(async () => got.length === 1);
      const ack = (status: string, extra = {}) =>
        client.publishAsync(`devices/${controllerCode}/commands/ack`, JSON.stringify({ id: c.id, status, ...extra }), {
          qos: 1,
        });
      await ack('accepted');
      expect((await commandRows())[0]).toMatchObject({ state: 'acknowledged' });
      await ack('succeeded', { result: { running: true } });
      const [row] = await commandRows();
      expect(row).toMatchObject({ state: 'succeeded', result: { running: true } });
      expect(row!.sentAt).not.toBeNull();
      // A late, repeated or unreadable answer changes nothing and closes nothing.
      await ack('failed', { reason: 'late' });
      await client.publishAsync(`devices/${controllerCode}/commands/ack`, 'not json', { qos: 1 });
      await client.publishAsync(
        `devices/${controllerCode}/commands/ack`,
        JSON.stringify({ id: 999_999, status: 'accepted' }),
        { qos: 1 },
      );
      expect((await commandRows())[0]).toMatchObject({ state: 'succeeded' });
      expect(client.connected).toBe(true);
    } finally {
      await client.endAsync();
    }
  });

  it('an HTTP gateway fetches its pending commands (sent) and posts the result', async () => {
    const c = (await send(operator, {})).json().data as PumpCommand;
    const auth = { authorization: `Device ${demoDeviceSecret(controllerCode)}` };
    const wrong = await t.inject({
      method: 'GET',
      url: `/api/ingest/${controllerCode}/commands`,
      headers: { authorization: 'Device nope' },
    });
    expect(wrong.statusCode).toBe(401);
    const fetched = await t.inject({ method: 'GET', url: `/api/ingest/${controllerCode}/commands`, headers: auth });
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(fetched.json().data).toMatchObject([{ id: c.id, command: 'start' }]);
    expect((await commandRows())[0]).toMatchObject({ state: 'sent' });
    const again = await t.inject({ method: 'GET', url: `/api/ingest/${controllerCode}/commands`, headers: auth });
    expect(again.json().data).toEqual([]);
    const reply = (body: object) =>
      t.inject({ method: 'POST', url: `/api/ingest/${controllerCode}/commands/ack`, headers: auth, payload: body });
    expect((await reply({ id: c.id, status: 'rejected', reason: '本地联锁：液位低' })).json().data).toEqual({
      state: 'failed',
    });
    const res = await t.call(pumpControlApi.get, { params: { id: c.id }, token: operator });
    expect(res.json().data).toMatchObject({ state: 'failed', detail: '本地联锁：液位低' });
    expect((await reply({ id: 999_999, status: 'accepted' })).statusCode).toBe(404);
  });
});
