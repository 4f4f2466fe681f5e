import { type TelemetryStats, telemetryApi } from '@water/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deviceEvents,
  deviceStatusEvents,
  devices,
  deviceTypes,
  telemetryDeadLetters,
  telemetryLatest,
  telemetryPoints,
  telemetryRollups1h,
  telemetryRollups1m,
} from '../../db/schema/index.ts';
import { sha256 } from '../../lib/tokens.ts';
import { createTestApp, resetDatabase, TEST_START, type TestApp } from '../../testing/build-app.ts';

const SECRET = 'dev-secret-0123456789';
const T0 = TEST_START.getTime();
const iso = (offsetMs: number) => new Date(T0 + offsetMs).toISOString();

let t: TestApp;
let typeId: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ TELEMETRY_FLUSH_MS: '10' });
  await resetDatabase(t.database);
  const [type] = await t.database.db
    .insert(deviceTypes)
    .values({
      code: 'test_station',
      nameZh: '测试站',
      nameEn: 'Test station',
      model: {
        offlineAfterSeconds: 120,
        metrics: [
          { key: 'level', nameZh: '液位', nameEn: 'Level', dataType: 'number', unit: 'm', min: 0, max: 10 },
          { key: 'running', nameZh: '运行', nameEn: 'Running', dataType: 'boolean' },
          { key: 'starts', nameZh: '启动次数', nameEn: 'Starts', dataType: 'integer', min: 0, max: 1000 },
          {
            key: 'mode',
            nameZh: '模式',
            nameEn: 'Mode',
            dataType: 'enum',
            options: [
              { value: 'auto', nameZh: '自动', nameEn: 'Auto' },
              { value: 'manual', nameZh: '手动', nameEn: 'Manual' },
            ],
          },
        ],
        events: [
          { key: 'pump_fault', nameZh: '水泵故障', nameEn: 'Pump fault', level: 3 },
          { key: 'overflow', nameZh: '满溢', nameEn: 'Overflow', level: 3 },
        ],
      },
    })
    .returning({ id: deviceTypes.id });
  typeId = type!.id;
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.set(TEST_START);
});

/** A device of the test type with SECRET, under a code of its own. */
async function newDevice(values: Partial<typeof devices.$inferInsert> = {}) {
  const code = `TM-${++seq}`;
  const [row] = await t.database.db
    .insert(devices)
    .values({ code, name: code, typeId, secretHash: sha256(SECRET), ...values })
    .returning({ id: devices.id, code: devices.code });
  return row!;
}

const ingest = (code: string, payload: unknown, secret = SECRET) =>
  t.inject({
    method: 'POST',
    url: `/api/ingest/${code}`,
    headers: { authorization: `Device ${secret}`, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const postEvents = (code: string, payload: unknown, secret = SECRET) =>
  t.inject({
    method: 'POST',
    url: `/api/ingest/${code}/events`,
    headers: { authorization: `Device ${secret}`, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const eventsOf = (deviceId: number) =>
  t.database.db
    .select()
    .from(deviceEvents)
    .where(eq(deviceEvents.deviceId, deviceId))
    .orderBy(asc(deviceEvents.ts), asc(deviceEvents.id));

const lettersOf = (code: string) =>
  t.database.db
    .select()
    .from(telemetryDeadLetters)
    .where(eq(telemetryDeadLetters.deviceCode, code))
    .orderBy(asc(telemetryDeadLetters.id));

const pointsOf = (deviceId: number) =>
  t.database.db
    .select()
    .from(telemetryPoints)
    .where(eq(telemetryPoints.deviceId, deviceId))
    .orderBy(asc(telemetryPoints.metric), asc(telemetryPoints.ts));

const stats = async (): Promise<TelemetryStats> => {
  const token = await t.login();
  return (await t.call(telemetryApi.stats, { token })).json().data;
};

const balanced = (s: TelemetryStats) =>
  expect(s.points.received).toBe(s.points.stored + s.points.duplicates + s.points.rejected + s.points.pending);

describe('HTTP ingest', () => {
  it('stores readings, keeps latest values and 1-minute and 1-hour rollups, and brings the device online', async () => {
    const d = await newDevice();
    const res = await ingest(d.code, {
      points: [
        { ts: T0 - 50_000, values: { level: 2.5, running: true } },
        { ts: iso(-40_000), values: { level: 3.5, running: false } },
        { ts: T0 - 10_000, values: { level: 1.5 } },
        { ts: T0 - 3_700_000, values: { level: 9 } },
      ],
    });
    expect(res.json()).toMatchObject({ code: 200, data: { accepted: 6, duplicates: 0, flagged: 0, rejected: 0 } });

    expect(await pointsOf(d.id)).toHaveLength(6);
    const latest = await t.database.db.select().from(telemetryLatest).where(eq(telemetryLatest.deviceId, d.id));
    expect(latest.find((l) => l.metric === 'level')).toMatchObject({ value: 1.5, ts: new Date(T0 - 10_000) });
    expect(latest.find((l) => l.metric === 'running')).toMatchObject({ value: 0, ts: new Date(T0 - 40_000) });

    const minute = await t.database.db
      .select()
      .from(telemetryRollups1m)
      .where(and(eq(telemetryRollups1m.deviceId, d.id), eq(telemetryRollups1m.metric, 'level')))
      .orderBy(asc(telemetryRollups1m.bucket));
    // 07:59:10 and 07:59:20 share the 07:59 bucket; 07:59:50 too; 06:58:20 has its own.
    expect(minute.map((r) => [r.bucket.toISOString(), r.min, r.max, r.sum / r.count, r.count])).toEqual([
      ['2026-06-01T06:58:00.000Z', 9, 9, 9, 1],
      ['2026-06-01T07:59:00.000Z', 1.5, 3.5, 2.5, 3],
    ]);
    const hour = await t.database.db
      .select()
      .from(telemetryRollups1h)
      .where(and(eq(telemetryRollups1h.deviceId, d.id), eq(telemetryRollups1h.metric, 'running')));
    expect(hour).toMatchObject([{ min: 0, max: 1, sum: 1, count: 2 }]);

    const [device] = await t.database.db.select().from(devices).where(eq(devices.id, d.id));
    expect(device).toMatchObject({ status: 'online', lastSeenAt: TEST_START });
    const events = await t.database.db.select().from(deviceStatusEvents).where(eq(deviceStatusEvents.deviceId, d.id));
    expect(events).toMatchObject([{ fromStatus: 'inactive', toStatus: 'online', cause: 'data' }]);
  });

  it('stores a duplicate (same device, metric and time) once, and rollups count it once', async () => {
    const d = await newDevice();
    const body = { ts: T0 - 1000, values: { level: 4, starts: 7 } };
    expect((await ingest(d.code, body)).json().data).toMatchObject({ accepted: 2, duplicates: 0 });
    expect((await ingest(d.code, body)).json().data).toMatchObject({ accepted: 0, duplicates: 2 });
    // Twice within one batch too.
    expect((await ingest(d.code, { points: [body, body] })).json().data).toMatchObject({ accepted: 0, duplicates: 4 });
    expect(await pointsOf(d.id)).toHaveLength(2);
    const rollups = await t.database.db.select().from(telemetryRollups1m).where(eq(telemetryRollups1m.deviceId, d.id));
    expect(rollups.map((r) => r.count)).toEqual([1, 1]);
  });

  it('stores unknown metrics, values out of range and coerced values with their quality flags', async () => {
    const d = await newDevice();
    const res = await ingest(d.code, {
      ts: T0 - 1000,
      values: { level: 12, starts: '5', mode: 'remote', running: 'on', vibration: 0.3, note: 'ok' },
    });
    expect(res.json().data).toEqual({ accepted: 6, duplicates: 0, flagged: 6, rejected: 0 });
    const stored = Object.fromEntries(
      (await pointsOf(d.id)).map((p) => [p.metric, [p.value ?? p.textValue, p.quality]]),
    );
    expect(stored).toEqual({
      level: [12, 1],
      starts: [5, 4],
      mode: ['remote', 1],
      running: [1, 4],
      vibration: [0.3, 2],
      note: ['ok', 2],
    });
    // Suspect readings are kept but not averaged: only the coerced ones reach the rollups.
    const rollups = await t.database.db.select().from(telemetryRollups1m).where(eq(telemetryRollups1m.deviceId, d.id));
    expect(rollups.map((r) => r.metric).sort()).toEqual(['running', 'starts']);
  });

  it('dead-letters malformed JSON, NaN and Infinity, bad and future timestamps, and keeps the good entries', async () => {
    const d = await newDevice();
    const cases: [string, string][] = [
      ['{"values": {"level": 1', 'malformed_json'],
      ['{"values": {"level": NaN}}', 'malformed_json'],
      ['{"values": {"level": 1e999}}', 'non_finite'],
      ['{"values": {"level": "NaN"}}', 'non_finite'],
      [`{"ts": ${T0 + 301_000}, "values": {"level": 1}}`, 'future_timestamp'],
      ['{"ts": 1700000, "values": {"level": 1}}', 'bad_timestamp'],
      ['{"values": {"level": [1, 2]}}', 'bad_payload'],
      ['{"values": {"bad key!": 1}}', 'bad_metric_key'],
    ];
    for (const [payload] of cases) {
      expect((await ingest(d.code, payload)).json()).toMatchObject({ code: 200, data: { accepted: 0, rejected: 1 } });
    }
    const batch = await ingest(d.code, {
      points: [{ ts: T0 - 5000, values: { level: 1 } }, { ts: 'yesterday', values: { level: 2 } }, 'junk'],
    });
    expect(batch.json().data).toMatchObject({ accepted: 1, rejected: 2 });
    // Within the allowed skew is fine.
    expect((await ingest(d.code, { ts: T0 + 200_000, values: { level: 3 } })).json().data.accepted).toBe(1);

    const letters = await t.database.db
      .select()
      .from(telemetryDeadLetters)
      .where(eq(telemetryDeadLetters.deviceCode, d.code))
      .orderBy(asc(telemetryDeadLetters.id));
    expect(
      letters.map((l) => l.reason),
      JSON.stringify(letters.map((l) => l.detail)),
    ).toEqual([...cases.map((c) => c[1]), 'bad_timestamp', 'bad_payload']);
    expect(letters[0]).toMatchObject({ source: 'http', payload: '{"values": {"level": 1' });
    expect(await pointsOf(d.id)).toHaveLength(2);
  });

  it('refuses a bad secret, an unknown device and an archived or disabled one, and counts them', async () => {
    const before = await stats();
    const d = await newDevice();
    expect((await ingest(d.code, { values: { level: 1 } }, 'wrong')).statusCode).toBe(401);
    expect((await ingest('NO-SUCH', { values: { level: 1 } })).statusCode).toBe(401);
    const noHeader = await t.inject({
      method: 'POST',
      url: `/api/ingest/${d.code}`,
      payload: { values: { level: 1 } },
    });
    expect(noHeader.statusCode).toBe(401);
    const archived = await newDevice({ status: 'disabled', secretHash: '', archivedAt: TEST_START });
    expect((await ingest(archived.code, { values: { level: 1 } })).statusCode).toBe(401);
    const disabled = await newDevice({ status: 'disabled' });
    const refused = await ingest(disabled.code, { values: { level: 1 } });
    expect(refused.json()).toMatchObject({ code: 403 });
    // X-Device-Secret works as well as the Authorization header.
    const alt = await t.inject({
      method: 'POST',
      url: `/api/ingest/${d.code}`,
      headers: { 'x-device-secret': SECRET },
      payload: { values: { level: 1 } },
    });
    expect(alt.json().data.accepted).toBe(1);
    const after = await stats();
    expect(after.messages.rejected - before.messages.rejected).toBe(5);
    expect(await pointsOf(archived.id)).toHaveLength(0);
    expect(await pointsOf(disabled.id)).toHaveLength(0);
    balanced(after);
  });

  it('retries a batch the database failed, loses nothing, and the counters add up', async () => {
    const before = await stats();
    const d = await newDevice();
    let failures = 0;
    t.app.telemetry.writer.hooks.beforeStore = () => {
      if (failures++ < 2) throw new Error('connection terminated unexpectedly');
    };
    try {
      const res = await ingest(d.code, { points: [{ ts: T0 - 2000, values: { level: 1, starts: 2 } }] });
      expect(res.json().data).toMatchObject({ accepted: 2 });
    } finally {
      t.app.telemetry.writer.hooks.beforeStore = undefined;
    }
    expect(await pointsOf(d.id)).toHaveLength(2);
    const after = await stats();
    expect(after.batches.failed - before.batches.failed).toBe(2);
    expect(after.points.stored - before.points.stored).toBe(2);
    expect(after.points.pending).toBe(0);
    balanced(after);
  });

  it('dead-letters a message the database keeps refusing, and the pipeline goes on', async () => {
    const d = await newDevice();
    const e = await newDevice();
    const writer = t.app.telemetry.writer;
    // Any transaction holding the first device's points fails, as a value the database refuses would.
    writer.hooks.beforeStore = (items) => {
      if (items.some((i) => i.deviceCode === d.code && i.parsed.points.length > 0)) {
        // As the driver words it: the statement and its parameters, the SQLSTATE on the cause.
        throw new Error(`Failed query: insert into "telemetry_points" values ($1)\nparams: ${d.code},level`, {
          cause: Object.assign(new Error('value out of range for type'), { code: '22003' }),
        });
      }
    };
    try {
      const [bad, good] = await Promise.all([
        ingest(d.code, { ts: T0 - 1000, values: { level: 1 } }),
        ingest(e.code, { ts: T0 - 1000, values: { level: 2 } }),
      ]);
      expect(good.json().data.accepted).toBe(1);
      expect(bad.json().data).toMatchObject({ accepted: 0, rejected: 1 });
    } finally {
      writer.hooks.beforeStore = undefined;
    }
    const [letter] = await t.database.db
      .select()
      .from(telemetryDeadLetters)
      .where(eq(telemetryDeadLetters.deviceCode, d.code));
    expect(letter).toMatchObject({ reason: 'write_failed' });
    const after = await stats();
    balanced(after);
    // The counters name the failure, never the statement or its parameters.
    expect(after.batches.lastError).toBe('database refused the batch (SQLSTATE 22003)');
    expect(JSON.stringify(after)).not.toMatch(/insert|params|telemetry_points/i);
  }, 15_000);

  it('answers 503 with Retry-After when the queue is full', async () => {
    const small = await createTestApp({ TELEMETRY_QUEUE_POINTS: '100', TELEMETRY_FLUSH_MS: '10' });
    try {
      const d = await newDevice();
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      small.app.telemetry.writer.hooks.beforeStore = () => gate;
      const values = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`m${i}`, i]));
      const send = (ts: number) =>
        small.inject({
          method: 'POST',
          url: `/api/ingest/${d.code}`,
          headers: { authorization: `Device ${SECRET}`, 'content-type': 'application/json' },
          payload: JSON.stringify({ ts, values }),
        });
      const first = send(T0 - 2000);
      await new Promise((r) => setTimeout(r, 50));
      const second = await send(T0 - 1000);
      expect(second.statusCode).toBe(503);
      expect(second.headers['retry-after']).toBe('1');
      release();
      expect((await first).json().data.accepted).toBe(80);
    } finally {
      await small.close();
    }
  });
});

describe('thing-model events', () => {
  it('stores the events the type declares, counts them as the device heard, and dead-letters the rest', async () => {
    const d = await newDevice();
    const res = await postEvents(d.code, {
      events: [
        { event: 'pump_fault', ts: T0 - 5000, params: { cause: 'overload', phase: 2, reset: false, note: null } },
        { event: 'overflow' },
        { event: 'door_open' },
        { event: 'pump_fault', params: { detail: { nested: true } } },
        { event: 'pump_fault', ts: T0 + 600_000 },
        { event: 'pump_fault', params: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) },
        { event: 'pump_fault', params: { text: 'x'.repeat(201) } },
        'junk',
      ],
    });
    expect(res.json(), res.body).toMatchObject({ code: 200, data: { accepted: 2, duplicates: 0, rejected: 6 } });
    expect(await eventsOf(d.id)).toMatchObject([
      {
        event: 'pump_fault',
        ts: new Date(T0 - 5000),
        params: { cause: 'overload', phase: 2, reset: false, note: null },
        receivedAt: TEST_START,
      },
      // Without a time: when it was received.
      { event: 'overflow', ts: TEST_START, params: {}, receivedAt: TEST_START },
    ]);
    expect((await lettersOf(d.code)).map((l) => l.reason)).toEqual([
      'bad_params',
      'future_timestamp',
      'bad_params',
      'bad_params',
      'bad_payload',
      // The model is read at commit, after the entries' own checks.
      'unknown_event',
    ]);
    // Heard: online, last seen now, with the status event that says why.
    const [device] = await t.database.db.select().from(devices).where(eq(devices.id, d.id));
    expect(device).toMatchObject({ status: 'online', lastSeenAt: TEST_START });
    const status = await t.database.db.select().from(deviceStatusEvents).where(eq(deviceStatusEvents.deviceId, d.id));
    expect(status).toMatchObject([{ fromStatus: 'inactive', toStatus: 'online', cause: 'data' }]);
  });

  it('takes one event as the body, stores a repeat of it once, and refuses what is not an event message', async () => {
    const d = await newDevice();
    const one = { event: 'overflow', ts: iso(-2000), params: { level: 4.2 } };
    expect((await postEvents(d.code, one)).json().data).toEqual({ accepted: 1, duplicates: 0, rejected: 0 });
    // A QoS 1 message delivered again, or a gateway sending its buffer twice.
    expect((await postEvents(d.code, one)).json().data).toEqual({ accepted: 0, duplicates: 1, rejected: 0 });
    expect((await postEvents(d.code, { events: [one, one] })).json().data).toEqual({
      accepted: 0,
      duplicates: 2,
      rejected: 0,
    });
    expect(await eventsOf(d.id)).toHaveLength(1);
    for (const body of [
      '{"event": ',
      '{"values": {"level": 1}}',
      '{"events": "x"}',
      '{"event": "overflow", "ts": 5}',
    ]) {
      expect((await postEvents(d.code, body)).json().data).toEqual({ accepted: 0, duplicates: 0, rejected: 1 });
    }
    const many = { events: Array.from({ length: 101 }, (_, i) => ({ event: 'overflow', ts: T0 - i })) };
    expect((await postEvents(d.code, many)).json().data).toMatchObject({ accepted: 0, rejected: 1 });
    expect((await lettersOf(d.code)).map((l) => l.reason)).toEqual([
      'malformed_json',
      'bad_payload',
      'bad_payload',
      'bad_timestamp',
      'too_many_events',
    ]);
    // The device's secret, as for readings.
    expect((await postEvents(d.code, one, 'wrong')).statusCode).toBe(401);
    expect(await eventsOf(d.id)).toHaveLength(1);
  });

  it('tells the listeners after the commit, once per stored event', async () => {
    const d = await newDevice();
    const heard: { deviceId: number; event: string; ts: Date; params: Record<string, unknown> }[] = [];
    let visible: Promise<unknown[]> | undefined;
    const off = t.app.telemetry.onEvents((events) => {
      heard.push(...events);
      // Committed already: a read started now (`then` runs the query) finds the row.
      visible ??= eventsOf(d.id).then((rows) => rows);
    });
    // A listener that throws does not keep the others from hearing.
    const offBad = t.app.telemetry.onEvents(() => {
      throw new Error('boom');
    });
    try {
      await postEvents(d.code, { event: 'pump_fault', ts: T0 - 1000, params: { cause: 'phase_loss' } });
      await postEvents(d.code, { event: 'pump_fault', ts: T0 - 1000, params: { cause: 'phase_loss' } });
      await postEvents(d.code, { event: 'door_open' });
    } finally {
      off();
      offBad();
    }
    await postEvents(d.code, { event: 'overflow' });
    expect(heard).toEqual([
      expect.objectContaining({
        deviceId: d.id,
        code: d.code,
        event: 'pump_fault',
        ts: new Date(T0 - 1000),
        params: { cause: 'phase_loss' },
      }),
    ]);
    expect(await visible).toHaveLength(1);
  });

  it('tells the status listeners of devices coming online and of the offline sweep', async () => {
    const d = await newDevice();
    const changes: { code: string; from: string; to: string }[] = [];
    const calls: number[] = [];
    const off = t.app.telemetry.onStatusChanges((c) => {
      calls.push(c.length);
      changes.push(...c);
    });
    try {
      await ingest(d.code, { values: { level: 1 } });
      t.clock.set(new Date(T0 + 151_000));
      await t.app.telemetry.sweepOffline();
      // A sweep that changes nothing tells nobody.
      await t.app.telemetry.sweepOffline();
      await postEvents(d.code, { event: 'overflow' });
    } finally {
      off();
    }
    expect(calls.every((n) => n > 0)).toBe(true);
    expect(changes.filter((c) => c.code === d.code)).toMatchObject([
      { from: 'inactive', to: 'online' },
      { from: 'online', to: 'offline' },
      { from: 'offline', to: 'online' },
    ]);
  });
});

describe('two writers', () => {
  it('commit batches side by side: each point once, rollups complete, the newest reading latest', async () => {
    const w = await createTestApp({ TELEMETRY_WRITERS: '2', TELEMETRY_BATCH_POINTS: '4', TELEMETRY_FLUSH_MS: '5' });
    try {
      const ds = [await newDevice(), await newDevice(), await newDevice()];
      const writer = w.app.telemetry.writer;
      let now = 0;
      let most = 0;
      writer.hooks.beforeStore = async () => {
        most = Math.max(most, ++now);
        await new Promise((r) => setTimeout(r, 5));
        now--;
      };
      const n = 60;
      // Messages of two points each, so a batch of four points holds two; the devices take turns.
      const results = await Promise.all(
        Array.from({ length: n }, (_, i) => {
          const d = ds[i % ds.length]!;
          return writer.submit(
            {
              source: 'http',
              deviceCode: d.code,
              topic: '',
              receivedAt: TEST_START,
              parsed: {
                points: [
                  { metric: 'level', ts: new Date(T0 - 600_000 + i * 1000), raw: i % 10 },
                  { metric: 'starts', ts: new Date(T0 - 600_000 + i * 1000), raw: i },
                ],
                deadLetters: [],
              },
            },
            { wait: true },
          );
        }),
      );
      writer.hooks.beforeStore = undefined;
      expect(most).toBe(2);
      expect(results.every((r) => r.accepted === 2)).toBe(true);
      for (const [k, d] of ds.entries()) {
        expect(await pointsOf(d.id)).toHaveLength((n / ds.length) * 2);
        const [minute] = await w.database.db
          .select({ n: sql<number>`sum(count)::int` })
          .from(telemetryRollups1m)
          .where(eq(telemetryRollups1m.deviceId, d.id));
        expect(minute!.n).toBe((n / ds.length) * 2);
        const [latest] = await w.database.db
          .select({ value: telemetryLatest.value })
          .from(telemetryLatest)
          .where(and(eq(telemetryLatest.deviceId, d.id), eq(telemetryLatest.metric, 'starts')));
        // The last message of device k is number n - ds.length + k.
        expect(latest!.value).toBe(n - ds.length + k);
      }
    } finally {
      await w.close();
    }
  });
});

describe('device status', () => {
  it('marks a silent device offline only past its timeout plus the dead band, pushes and records it', async () => {
    const d = await newDevice();
    await ingest(d.code, { values: { level: 1 } });
    const pushed = vi.spyOn(t.app.realtime, 'toAll');
    try {
      // Timeout 120 s, dead band max(30, 12) s: at 140 s the device is still online.
      t.clock.set(new Date(T0 + 140_000));
      expect((await t.app.telemetry.sweepOffline()).map((c) => c.code)).not.toContain(d.code);
      t.clock.set(new Date(T0 + 151_000));
      expect((await t.app.telemetry.sweepOffline()).find((c) => c.code === d.code)).toMatchObject({ to: 'offline' });
      expect(pushed).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'device-status', code: d.code, to: 'offline' }),
      );
      // A second sweep changes nothing; data brings it back.
      expect((await t.app.telemetry.sweepOffline()).map((c) => c.code)).not.toContain(d.code);
      await ingest(d.code, { values: { level: 2 } });
      expect(pushed).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'device-status', code: d.code, from: 'offline', to: 'online' }),
      );
    } finally {
      pushed.mockRestore();
    }
    const events = await t.database.db
      .select()
      .from(deviceStatusEvents)
      .where(eq(deviceStatusEvents.deviceId, d.id))
      .orderBy(asc(deviceStatusEvents.id));
    expect(events.map((e) => `${e.fromStatus}>${e.toStatus}:${e.cause}`)).toEqual([
      'inactive>online:data',
      'online>offline:timeout',
      'offline>online:data',
    ]);
  });
});

describe('retention', () => {
  it('removes raw points, events, rollups and dead letters older than their tier keeps', async () => {
    const d = await newDevice();
    const day = 86_400_000;
    await ingest(d.code, {
      points: [
        { ts: T0 - 100 * day, values: { level: 1 } },
        { ts: T0 - 400 * day, values: { level: 2 } },
        { ts: T0 - 1000, values: { level: 3 } },
      ],
    });
    await ingest(d.code, '{oops');
    await postEvents(d.code, {
      events: [
        { event: 'overflow', ts: T0 - 100 * day },
        { event: 'overflow', ts: T0 },
      ],
    });
    t.clock.set(new Date(T0 + 31 * day));
    const removed = await t.app.telemetry.purge();
    expect(removed.points).toBeGreaterThanOrEqual(2);
    // Events are raw data: kept as long as the points (90 days).
    expect(removed.events).toBeGreaterThanOrEqual(1);
    expect((await eventsOf(d.id)).map((e) => e.ts)).toEqual([TEST_START]);
    expect((await pointsOf(d.id)).map((p) => p.value)).toEqual([3]);
    const minute = await t.database.db.select().from(telemetryRollups1m).where(eq(telemetryRollups1m.deviceId, d.id));
    expect(minute.map((r) => r.sum).sort()).toEqual([1, 3]); // 1-minute rollups keep 365 days
    const hour = await t.database.db.select().from(telemetryRollups1h).where(eq(telemetryRollups1h.deviceId, d.id));
    expect(hour).toHaveLength(3); // 1-hour rollups keep 1825 days
    const letters = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(telemetryDeadLetters)
      .where(eq(telemetryDeadLetters.deviceCode, d.code));
    expect(letters[0]!.n).toBe(0);
  });
});

// A port per worker, clear of Mosquitto's 1883, npm start's 1884 and plugins/mqtt.test.ts.
const port = 19_000 + (Number(process.env.VITEST_POOL_ID ?? 1) % 50) * 10 + 5;

describe('MQTT ingest on the embedded broker', () => {
  it('admits a device with its secret, acknowledges a QoS 1 batch only after its commit, and takes status', async () => {
    const m = await createTestApp({ MQTT_PORT: String(port), MQTT_HOST: '127.0.0.1', TELEMETRY_FLUSH_MS: '10' });
    const d = await newDevice();
    const url = `mqtt://127.0.0.1:${port}`;
    const clients: mqtt.MqttClient[] = [];
    try {
      const refused = await mqtt.connectAsync(url, { username: d.code, password: 'wrong', reconnectPeriod: 0 }).then(
        (c) => c.endAsync().then(() => null),
        (err: Error) => err,
      );
      expect(refused?.message).toMatch(/Not authorized/i);

      const client = await mqtt.connectAsync(url, { username: d.code, password: SECRET, reconnectPeriod: 0 });
      clients.push(client);
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      let committed = false;
      m.app.telemetry.writer.hooks.beforeStore = async () => {
        await gate;
      };
      const payload = JSON.stringify({
        points: [
          { ts: T0 - 20_000, values: { level: 5.5, running: true } },
          { ts: T0 - 10_000, values: { level: 6.5 } },
        ],
      });
      const acked = client.publishAsync(`devices/${d.code}/telemetry/batch`, payload, { qos: 1 }).then(() => {
        expect(committed).toBe(true);
      });
      await new Promise((r) => setTimeout(r, 150));
      expect(await pointsOf(d.id)).toHaveLength(0); // held: the batch waits on the gate, no PUBACK yet
      m.app.telemetry.writer.hooks.beforeStore = undefined;
      committed = true;
      release();
      await acked;
      expect(await pointsOf(d.id)).toHaveLength(3);

      // Bad payloads are acknowledged too (a retry would not mend them) and dead-lettered.
      await client.publishAsync(`devices/${d.code}/telemetry`, 'not json', { qos: 1 });
      const [letter] = await t.database.db
        .select()
        .from(telemetryDeadLetters)
        .where(eq(telemetryDeadLetters.deviceCode, d.code));
      expect(letter).toMatchObject({ source: 'mqtt', reason: 'malformed_json', topic: `devices/${d.code}/telemetry` });

      await client.publishAsync(`devices/${d.code}/status`, JSON.stringify({ online: false }), { qos: 1 });
      const [device] = await t.database.db.select().from(devices).where(eq(devices.id, d.id));
      expect(device!.status).toBe('offline');

      // Another device's topic: the connection is closed.
      const other = await newDevice();
      const closed = new Promise<void>((r) => client.once('close', () => r()));
      client.publish(`devices/${other.code}/telemetry`, JSON.stringify({ values: { level: 1 } }), { qos: 1 });
      await closed;
      expect(await pointsOf(other.id)).toHaveLength(0);
    } finally {
      for (const c of clients) await c.endAsync(true);
      await m.close();
    }
  });
});

describe('MQTT events on the embedded broker', () => {
  it('stores what a device publishes on devices/{code}/events, and its Last Will reaches the status listeners', async () => {
    const m = await createTestApp({ MQTT_PORT: String(port), MQTT_HOST: '127.0.0.1', TELEMETRY_FLUSH_MS: '10' });
    const d = await newDevice();
    const changes: { code: string; to: string }[] = [];
    const heard: string[] = [];
    const offStatus = m.app.telemetry.onStatusChanges((c) => changes.push(...c));
    const offEvents = m.app.telemetry.onEvents((e) => heard.push(...e.map((x) => x.event)));
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      username: d.code,
      password: SECRET,
      reconnectPeriod: 0,
      will: { topic: `devices/${d.code}/status`, payload: Buffer.from('{"online": false}'), qos: 1, retain: false },
    });
    try {
      // The PUBACK comes after the commit: the rows are there when the publish resolves.
      await client.publishAsync(
        `devices/${d.code}/events`,
        JSON.stringify({ events: [{ event: 'pump_fault', params: { cause: 'overload' } }, { event: 'nope' }] }),
        { qos: 1 },
      );
      expect(await eventsOf(d.id)).toMatchObject([{ event: 'pump_fault', params: { cause: 'overload' } }]);
      expect(heard).toEqual(['pump_fault']);
      const [letter] = await lettersOf(d.code);
      expect(letter).toMatchObject({ source: 'mqtt', reason: 'unknown_event', topic: `devices/${d.code}/events` });
      expect(changes).toMatchObject([{ code: d.code, to: 'online' }]);

      // The connection drops without a DISCONNECT: the broker publishes the will.
      client.stream.destroy();
      await vi.waitFor(() => expect(changes).toMatchObject([{ to: 'online' }, { code: d.code, to: 'offline' }]), {
        timeout: 3000,
      });
      const [device] = await t.database.db.select().from(devices).where(eq(devices.id, d.id));
      expect(device!.status).toBe('offline');
    } finally {
      offStatus();
      offEvents();
      await client.endAsync(true);
      await m.close();
    }
  });
});

describe('MQTT ingest through an external broker (the local Mosquitto)', () => {
  it('subscribes, stores what devices publish and acknowledges after the commit', async () => {
    const x = await createTestApp({ MQTT_URL: 'mqtt://127.0.0.1:1883', TELEMETRY_FLUSH_MS: '10' });
    // A code no other test run on this broker uses: the broker is shared.
    const d = await newDevice({ code: `TX-${process.pid}-${Date.now()}` });
    const device = await mqtt.connectAsync('mqtt://127.0.0.1:1883', { reconnectPeriod: 0 });
    try {
      const deadline = Date.now() + 5000;
      while (!x.app.mqtt.status().connected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 200)); // the server's SUBACK
      await device.publishAsync(
        `devices/${d.code}/telemetry`,
        JSON.stringify({ ts: T0 - 1000, values: { level: 2 } }),
        {
          qos: 1,
        },
      );
      const until = Date.now() + 5000;
      while ((await pointsOf(d.id)).length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(await pointsOf(d.id)).toMatchObject([{ metric: 'level', value: 2 }]);
    } finally {
      await device.endAsync(true);
      await x.close();
    }
  });
});

describe('MQTT ingest through an external broker: sessions and throughput', () => {
  const connected = async (x: TestApp) => {
    const deadline = Date.now() + 5000;
    while (!x.app.mqtt.status().connected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300)); // the server's SUBACK
  };
  const stored = async (deviceId: number, n: number) => {
    const until = Date.now() + 15_000;
    while ((await pointsOf(deviceId)).length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    return (await pointsOf(deviceId)).length;
  };

  it('keeps what devices publish while the server is away, and stores it when the server is back', async () => {
    const session = {
      MQTT_URL: 'mqtt://127.0.0.1:1883',
      MQTT_CLIENT_ID: `water-ops-away-${process.pid}-${Date.now()}`,
    };
    const first = await createTestApp({ ...session, TELEMETRY_FLUSH_MS: '10' });
    const d = await newDevice({ code: `TA-${process.pid}-${Date.now()}` });
    await connected(first);
    await first.close(); // a restart or a deploy: the broker keeps the session
    const device = await mqtt.connectAsync('mqtt://127.0.0.1:1883', { reconnectPeriod: 0 });
    try {
      for (let i = 0; i < 3; i++) {
        await device.publishAsync(
          `devices/${d.code}/telemetry`,
          JSON.stringify({ ts: T0 - 10_000 + i * 1000, values: { level: i } }),
          { qos: 1 },
        );
      }
      expect(await pointsOf(d.id)).toHaveLength(0);
      const back = await createTestApp({ ...session, TELEMETRY_FLUSH_MS: '10' });
      try {
        expect(await stored(d.id, 3)).toBe(3);
      } finally {
        await back.close();
      }
    } finally {
      await device.endAsync(true);
    }
  });

  it('shares the messages between the servers of a group, each stored once', async () => {
    const group = {
      MQTT_URL: 'mqtt://127.0.0.1:1883',
      MQTT_SHARED_GROUP: `g${process.pid}x${Date.now()}`,
      TELEMETRY_FLUSH_MS: '10',
    };
    const a = await createTestApp(group);
    const b = await createTestApp(group);
    const d = await newDevice({ code: `TG-${process.pid}-${Date.now()}` });
    const device = await mqtt.connectAsync('mqtt://127.0.0.1:1883', { reconnectPeriod: 0 });
    try {
      await connected(a);
      await connected(b);
      const n = 40;
      for (let i = 0; i < n; i++) {
        await device.publishAsync(
          `devices/${d.code}/telemetry`,
          JSON.stringify({ ts: T0 - 100_000 + i * 1000, values: { level: 1 } }),
          { qos: 1 },
        );
      }
      expect(await stored(d.id, n)).toBe(n);
      await new Promise((r) => setTimeout(r, 200));
      const sa = a.app.telemetry.writer.stats().points;
      const sb = b.app.telemetry.writer.stats().points;
      // Without the group each server would take every message: n stored by one, n duplicates at the other.
      expect(sa.received + sb.received).toBe(n);
      expect(sa.duplicates + sb.duplicates).toBe(0);
    } finally {
      await device.endAsync(true);
      await a.close();
      await b.close();
    }
  });

  it('reads the next message while earlier ones wait for their commit, and acknowledges them all', async () => {
    const x = await createTestApp({ MQTT_URL: 'mqtt://127.0.0.1:1883', TELEMETRY_FLUSH_MS: '50' });
    const d = await newDevice({ code: `TP-${process.pid}-${Date.now()}` });
    await connected(x);
    const device = await mqtt.connectAsync('mqtt://127.0.0.1:1883', { reconnectPeriod: 0 });
    const before = x.app.telemetry.writer.stats().batches.committed;
    try {
      // More than the broker sends unacknowledged (20): they only all arrive if PUBACKs flow.
      const n = 300;
      await Promise.all(
        Array.from({ length: n }, (_, i) =>
          device.publishAsync(
            `devices/${d.code}/telemetry`,
            JSON.stringify({ ts: T0 - 400_000 + i * 1000, values: { level: i % 10 } }),
            { qos: 1 },
          ),
        ),
      );
      expect(await stored(d.id, n)).toBe(n);
      // One connection for every device: had each message waited for its commit before the next
      // was read, there would be a batch per message.
      expect(x.app.telemetry.writer.stats().batches.committed - before).toBeLessThan(n / 5);
    } finally {
      await device.endAsync(true);
      await x.close();
    }
  });
});

describe('shutdown', () => {
  it('commits what is queued before the app closes', async () => {
    const s = await createTestApp({ TELEMETRY_FLUSH_MS: '10000' });
    const d = await newDevice();
    const pending = s.app.telemetry.writer.submit(
      {
        source: 'mqtt',
        deviceCode: d.code,
        topic: `devices/${d.code}/telemetry`,
        receivedAt: TEST_START,
        parsed: { points: [{ metric: 'level', ts: new Date(T0 - 1000), raw: 4 }], deadLetters: [] },
      },
      { wait: true },
    );
    await s.close();
    expect((await pending).accepted).toBe(1);
    expect(await pointsOf(d.id)).toHaveLength(1);
  });
});
