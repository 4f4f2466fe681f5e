import { type PumpCommand, pumpControlApi } from '@water/contracts';
import { and, count, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import {
  deviceEvents,
  devices,
  deviceTypes,
  seedMarks,
  stationPumps,
  stations,
  telemetryLatest,
  telemetryPoints,
} from '../db/schema/index.ts';
import { demoDeviceSecret } from '../db/seed/demo-secrets.ts';
import { seed } from '../db/seed/index.ts';
import { sha256 } from '../lib/tokens.ts';
import { createTestApp, resetDatabase, TEST_DATA_DIR, TEST_START, type TestApp } from '../testing/build-app.ts';
import { type CityEvent, createCity } from './city.ts';
import { runLoad } from './load.ts';
import { loadSimDevices, startConfiguredSimulator, startSimulator } from './simulator.ts';

/** A seeded generator (mulberry32): the same city, trips and all, every run. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// A port per worker, clear of the telemetry and MQTT plugin tests' ports.
const port = 19_000 + (Number(process.env.VITEST_POOL_ID ?? 1) % 50) * 10 + 8;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MQTT_PORT: String(port), MQTT_HOST: '127.0.0.1', TELEMETRY_FLUSH_MS: '10' });
  await resetDatabase(t.database);
});
afterAll(() => t.close());

describe('demo device secrets', () => {
  it('are derived from the code and stored hashed; a re-keyed device keeps its own secret', async () => {
    const [d] = await t.database.db.select().from(devices).where(eq(devices.code, 'PS01-LT01'));
    expect(demoDeviceSecret('PS01-LT01')).toMatch(/^[\w-]{32}$/);
    expect(d!.secretHash).toBe(sha256(demoDeviceSecret('PS01-LT01')));
    // An install seeded before demo secrets existed gets them at the next start; a re-keyed one is left.
    await t.database.db.update(devices).set({ secretHash: '' }).where(eq(devices.code, 'PS01-FM01'));
    await t.database.db
      .update(devices)
      .set({ secretHash: sha256('operator') })
      .where(eq(devices.code, 'PS01-P2'));
    await seed(t.database.db, { demo: true, dataDir: TEST_DATA_DIR, now: TEST_START });
    const after = await t.database.db
      .select({ code: devices.code, secretHash: devices.secretHash })
      .from(devices)
      .where(inArray(devices.code, ['PS01-FM01', 'PS01-P2']));
    expect(Object.fromEntries(after.map((r) => [r.code, r.secretHash]))).toEqual({
      'PS01-FM01': sha256(demoDeviceSecret('PS01-FM01')),
      'PS01-P2': sha256('operator'),
    });
  });
});

describe('the simulator', () => {
  it('reports as each demo device over MQTT, skips re-keyed devices, and stops cleanly', async () => {
    const codes = (
      await t.database.db.select({ code: devices.code }).from(devices).where(like(devices.code, 'PS01-%'))
    ).map((r) => r.code);
    const sim = await startSimulator(t.app, {
      intervalMs: 300,
      transport: { kind: 'mqtt', url: `mqtt://127.0.0.1:${port}` },
      codes: [...codes, 'RG-01'],
    });
    // Readings are stamped with the server clock; a test clock stands still unless moved.
    const ticking = setInterval(() => t.clock.advance(1000), 50);
    try {
      // PS01-P2 was re-keyed by an operator above: not the simulator's to speak for.
      expect(sim.devices).toBe(codes.length - 1 + 1); // PS01-* without P2, with RG-01
      const ids = (
        await t.database.db.select({ id: devices.id }).from(devices).where(inArray(devices.code, codes))
      ).map((r) => r.id);
      // Devices report spread over the interval: on a busy machine twenty points can be stored before
      // the level gauge's first report, so its reading and its status are awaited too.
      await vi.waitFor(
        async () => {
          const [n] = await t.database.db
            .select({ n: count() })
            .from(telemetryPoints)
            .where(inArray(telemetryPoints.deviceId, ids));
          expect(n!.n).toBeGreaterThan(20);
          const [level] = await t.database.db
            .select()
            .from(telemetryPoints)
            .innerJoin(devices, eq(devices.id, telemetryPoints.deviceId))
            .where(and(eq(devices.code, 'PS01-LT01'), eq(telemetryPoints.metric, 'level')));
          expect(level).toBeDefined();
          const [lt] = await t.database.db.select().from(devices).where(eq(devices.code, 'PS01-LT01'));
          expect(lt!.status).toBe('online');
        },
        { timeout: 8000, interval: 200 },
      );
      const [level] = await t.database.db
        .select()
        .from(telemetryPoints)
        .innerJoin(devices, eq(devices.id, telemetryPoints.deviceId))
        .where(and(eq(devices.code, 'PS01-LT01'), eq(telemetryPoints.metric, 'level')));
      expect(level!.telemetry_points.value).toBeGreaterThan(0);
      expect(level!.telemetry_points.value).toBeLessThan(10);
    } finally {
      await sim.stop();
      clearInterval(ticking);
    }
    await new Promise((r) => setTimeout(r, 200));
    const stored = t.app.telemetry.writer.stats().points.stored;
    await new Promise((r) => setTimeout(r, 600));
    expect(t.app.telemetry.writer.stats().points.stored).toBe(stored);
  });

  it('is off in test apps, and without an embedded broker unless asked for by SIMULATOR=on', async () => {
    expect(await startConfiguredSimulator(t.app)).toBeNull();
    expect(loadConfig({}).SIMULATOR).toBeUndefined();
    expect(() => loadConfig({ SIMULATOR: 'maybe' })).toThrow(/SIMULATOR/);
    for (const [given, read] of [
      ['false', 'off'],
      ['off', 'off'],
      ['0', 'off'],
      ['true', 'on'],
      ['on', 'on'],
      ['yes', 'on'],
    ] as const) {
      expect(loadConfig({ SIMULATOR: given }).SIMULATOR).toBe(read);
    }
    expect(loadConfig({}).SEED_HISTORY).toBe(true);
    expect(loadConfig({ SEED_HISTORY: 'false' }).SEED_HISTORY).toBe(false);
    const noBroker = await createTestApp({ SIMULATOR: 'on', SIMULATOR_INTERVAL_MS: '200' });
    try {
      const sim = await startConfiguredSimulator(noBroker.app);
      expect(sim?.transport).toBe('http');
      await sim?.stop();
    } finally {
      await noBroker.close();
    }
  });
});

describe("the city's events", () => {
  /** PS01's devices run minute by minute from a fixed seed until its first pump trip. */
  async function firstTrip(seed: number) {
    const sim = await loadSimDevices(t.database.db);
    const ps01 = sim.filter((d) => d.code.startsWith('PS01-'));
    const start = Date.parse('2026-07-01T00:00:00Z');
    const city = createCity(ps01, seeded(seed), start);
    // PS01-P1 starts in remote (the console's to start); PS01-P2 was re-keyed above (not simulated).
    city.command('PS01-P1', { id: 1, command: 'set_mode', params: { mode: 'auto' } }, start);
    for (let minute = 1; minute <= 60 * 24 * 60; minute++) {
      const at = start + minute * 60_000;
      city.advance(60, at);
      const events = city.takeEvents();
      const fault = events.find((e) => e.event === 'pump_fault');
      if (fault) return { city, ps01, events, fault, at };
    }
    throw new Error('no trip in 60 days');
  }

  it('a tripped pump reports pump_fault from its controller (overload also as overload), and fault in its readings', async () => {
    const { city, ps01, events, fault, at } = await firstTrip(7);
    expect(fault).toMatchObject({ code: expect.stringMatching(/^PS01-P\d$/), ts: at });
    expect(['overload', 'phase_loss']).toContain(fault.params.cause);
    const overload = events.filter((e: CityEvent) => e.event === 'overload' && e.code === fault.code);
    expect(overload).toHaveLength(fault.params.cause === 'overload' ? 1 : 0);
    const controller = ps01.find((d) => d.code === fault.code)!;
    expect(city.sample(controller)).toMatchObject({ fault: true, running: false, current: 0 });
    // The same seed, the same city: the first trip at the same minute, of the same pump.
    const again = await firstTrip(7);
    expect([again.fault.code, again.at, again.fault.params]).toEqual([fault.code, at, fault.params]);
  });

  it('takes a pump locked out meanwhile out of service without a restart', async () => {
    const sim = await loadSimDevices(t.database.db);
    const ps01 = sim.filter((d) => d.code.startsWith('PS01-'));
    const [station] = await t.database.db.select().from(stations).where(eq(stations.code, 'PS01'));
    const pumps = await t.database.db.select().from(stationPumps).where(eq(stationPumps.stationId, station!.id));
    const start = Date.parse('2026-07-01T00:00:00Z');
    const city = createCity(ps01, () => 0.5, start);
    city.setMaintenance(
      station!.id,
      pumps.map(() => true),
    );
    for (let minute = 1; minute <= 6 * 60; minute++) {
      city.advance(60, start + minute * 60_000);
      expect(city.station(station!.id)!.running.some(Boolean)).toBe(false);
    }
  });

  it('reach device_events through the HTTP ingest', async () => {
    const codes = (
      await t.database.db.select({ code: devices.code }).from(devices).where(like(devices.code, 'PS02-%'))
    ).map((r) => r.code);
    // Every chance comes up at once: the station's mains fails at the first tick, and its gateway says so.
    const sim = await startSimulator(t.app, { intervalMs: 300, transport: { kind: 'http' }, codes, random: () => 0 });
    try {
      await vi.waitFor(
        async () => {
          const rows = await t.database.db
            .select({ code: devices.code, event: deviceEvents.event })
            .from(deviceEvents)
            .innerJoin(devices, eq(devices.id, deviceEvents.deviceId))
            .where(like(devices.code, 'PS02-%'));
          expect(rows).toContainEqual({ code: 'PS02-GW01', event: 'power_loss' });
        },
        { timeout: 8000, interval: 200 },
      );
    } finally {
      await sim.stop();
    }
  });
});

describe('the load generator (npm run simulate)', () => {
  it('publishes at QoS 1 as demo devices through the embedded broker, every message acknowledged', async () => {
    // Load messages carry the wall clock's time; the test server must not find them in its future.
    t.clock.set(new Date());
    const before = t.app.telemetry.writer.stats().points.stored;
    const seconds: number[] = [];
    const result = await runLoad({
      broker: `mqtt://127.0.0.1:${port}`,
      devices: 12,
      rate: 60,
      durationSeconds: 2,
      identity: 'demo',
      onSecond: (s) => seconds.push(s.sent),
    });
    // The first twelve demo devices, less PS01-P2 that an operator re-keyed above (refused, skipped).
    expect(result.connected).toBe(11);
    expect(result.skipped).toBeGreaterThan(0);
    expect(result.sent).toBeGreaterThanOrEqual(100);
    expect(result.acked).toBe(result.sent);
    expect(result.failed).toBe(0);
    expect(seconds.length).toBeGreaterThanOrEqual(1);
    // A PUBACK from the embedded broker means committed.
    expect(t.app.telemetry.writer.stats().points.stored).toBeGreaterThan(before + result.acked);
  });

  it('counts nothing acknowledged against a broker that refuses its devices', async () => {
    const result = await runLoad({
      broker: `mqtt://127.0.0.1:${port}`,
      devices: 2,
      rate: 10,
      durationSeconds: 1,
      identity: 'synthetic',
      secret: 'wrong',
    });
    expect(result.connected).toBe(0);
    expect(result.acked).toBe(0);
  });
});

describe('pump commands (issue 17)', () => {
  /** A device's latest readings, by metric (numbers and texts). */
  async function latestOf(code: string) {
    const rows = await t.database.db
      .select({ metric: telemetryLatest.metric, value: telemetryLatest.value, text: telemetryLatest.textValue })
      .from(telemetryLatest)
      .innerJoin(devices, eq(devices.id, telemetryLatest.deviceId))
      .where(eq(devices.code, code));
    return Object.fromEntries(rows.map((r) => [r.metric, r.text ?? r.value]));
  }
  const pumpOf = async (code: string) => {
    const [row] = await t.database.db
      .select({ id: stationPumps.id })
      .from(stationPumps)
      .innerJoin(devices, eq(devices.id, stationPumps.controllerDeviceId))
      .where(eq(devices.code, code));
    return row!.id;
  };
  let keys = 0;
  const send = (token: string, pumpId: number, command: string, params: Record<string, string | number> = {}) =>
    t.call(pumpControlApi.send, {
      token,
      body: { pumpId, command, params, reason: '模拟器测试', idempotencyKey: `sim-test-${Date.now()}-${++keys}` },
    });
  /** Waits for the command's final state, recording each state it was seen in. */
  async function until(token: string, id: number, state: string, seen: string[] = []) {
    return vi.waitFor(
      async () => {
        const c = (await t.call(pumpControlApi.get, { token, params: { id } })).json().data as PumpCommand;
        if (seen.at(-1) !== c.state) seen.push(c.state);
        expect(c.state).toBe(state);
        return c;
      },
      { timeout: 10_000, interval: 50 },
    );
  }

  it('over MQTT: a start is acknowledged, succeeds once the pump runs (its reading and the flow at once); a stop stops it', async () => {
    t.clock.set(new Date());
    const ps01 = await t.database.db
      .select({ id: devices.id, code: devices.code })
      .from(devices)
      .where(like(devices.code, 'PS01-%'));
    const codes = ps01.map((r) => r.code);
    // The load generator's readings above ran PS01's pumps on and off a moment ago (anti-short-cycle)
    // and faulted them: only the simulator's own readings count here.
    const ids = ps01.map((r) => r.id);
    await t.database.db.delete(telemetryPoints).where(inArray(telemetryPoints.deviceId, ids));
    await t.database.db.delete(telemetryLatest).where(inArray(telemetryLatest.deviceId, ids));
    // Reports every few seconds only: the readings after a command come from the command itself.
    const sim = await startSimulator(t.app, {
      intervalMs: 3000,
      transport: { kind: 'mqtt', url: `mqtt://127.0.0.1:${port}` },
      codes,
    });
    // The server's clock at the pace of the wall clock (commands live 30 s; readings must be fresh).
    const ticking = setInterval(() => t.clock.set(new Date()), 20);
    try {
      const admin = await t.login();
      const pumpId = await pumpOf('PS01-P1');
      await vi.waitFor(
        async () => {
          expect(await latestOf('PS01-P1')).toMatchObject({ mode: 'remote', running: 0, fault: 0 });
          expect((await latestOf('PS01-LT01')).level).toBeGreaterThan(0.8);
          const online = await t.database.db
            .select({ status: devices.status })
            .from(devices)
            .where(inArray(devices.code, ['PS01-P1', 'PS01-LT01']));
          expect(online.map((d) => d.status)).toEqual(['online', 'online']);
        },
        { timeout: 10_000, interval: 100 },
      );
      const sent = await send(admin, pumpId, 'start');
      expect(sent.statusCode, sent.body).toBe(200);
      const seen: string[] = [];
      const started = await until(admin, (sent.json().data as PumpCommand).id, 'succeeded', seen);
      expect(seen).toContain('acknowledged');
      expect(started.result).toMatchObject({ running: true });
      const ackMs = Date.parse(started.acknowledgedAt!) - Date.parse(started.sentAt!);
      // 10–100 ms at the controller (the test clock follows the wall clock in 20 ms steps).
      expect(ackMs).toBeGreaterThanOrEqual(0);
      expect(ackMs).toBeLessThan(1000);
      // 1–3 s of soft start between the acknowledgement and the result.
      const runMs = Date.parse(started.finishedAt!) - Date.parse(started.acknowledgedAt!);
      expect(runMs).toBeGreaterThan(900);
      expect(runMs).toBeLessThan(4000);
      await vi.waitFor(
        async () => {
          expect(await latestOf('PS01-P1')).toMatchObject({ running: 1, mode: 'remote' });
          expect((await latestOf('PS01-P1')).current).toBeGreaterThan(0);
          expect((await latestOf('PS01-FM01')).flow).toBeGreaterThan(0);
        },
        { timeout: 1000, interval: 50 },
      );

      const stop = await send(admin, pumpId, 'stop');
      expect(stop.statusCode, stop.body).toBe(200);
      const stopped = await until(admin, (stop.json().data as PumpCommand).id, 'succeeded');
      expect(stopped.result).toMatchObject({ running: false, mode: 'remote' });
      await vi.waitFor(async () => expect(await latestOf('PS01-P1')).toMatchObject({ running: 0, current: 0 }), {
        timeout: 1000,
        interval: 50,
      });
    } finally {
      clearInterval(ticking);
      await sim.stop();
    }
  });

  it('over HTTP: a gateway fetches its pending command and posts its answers', async () => {
    t.clock.set(new Date());
    const codes = (
      await t.database.db.select({ code: devices.code }).from(devices).where(like(devices.code, 'PS03-%'))
    ).map((r) => r.code);
    const sim = await startSimulator(t.app, { intervalMs: 1000, transport: { kind: 'http' }, codes });
    const ticking = setInterval(() => t.clock.set(new Date()), 20);
    try {
      const admin = await t.login();
      const pumpId = await pumpOf('PS03-P1');
      await vi.waitFor(
        async () => {
          expect(await latestOf('PS03-P1')).toMatchObject({ mode: 'auto' });
          const [d] = await t.database.db.select().from(devices).where(eq(devices.code, 'PS03-P1'));
          expect(d!.status).toBe('online');
        },
        { timeout: 10_000, interval: 100 },
      );
      const sent = await send(admin, pumpId, 'set_mode', { mode: 'remote' });
      expect(sent.statusCode, sent.body).toBe(200);
      // No MQTT session: it waits for the fetch.
      expect((sent.json().data as PumpCommand).state).toBe('pending');
      const done = await until(admin, (sent.json().data as PumpCommand).id, 'succeeded');
      expect(done.result).toEqual({ mode: 'remote' });
      await vi.waitFor(async () => expect((await latestOf('PS03-P1')).mode).toBe('remote'), {
        timeout: 1000,
        interval: 50,
      });
    } finally {
      clearInterval(ticking);
      await sim.stop();
    }
  });
});

describe('an install seeded before pump control', () => {
  it('gets the controller’s counters and set_mode, and its demo pumps their energy counter, once', async () => {
    const db = t.database.db;
    const [type] = await db.select().from(deviceTypes).where(eq(deviceTypes.code, 'pump_controller'));
    const model = type!.model as { metrics: { key: string }[]; commands: { key: string }[] };
    const before = {
      ...model,
      metrics: model.metrics.filter((m) => m.key !== 'starts' && m.key !== 'energy'),
      commands: model.commands.filter((c) => c.key !== 'set_mode'),
    };
    await db.update(deviceTypes).set({ model: before }).where(eq(deviceTypes.id, type!.id));
    await db.update(stationPumps).set({ energyMetric: null });
    await db
      .delete(seedMarks)
      .where(inArray(seedMarks.key, ['device-type:pump_controller:control', 'demo:pump-energy']));
    await seed(db, { demo: true, dataDir: TEST_DATA_DIR, now: TEST_START });
    const [after] = await db.select().from(deviceTypes).where(eq(deviceTypes.code, 'pump_controller'));
    const upgraded = after!.model as typeof model;
    expect(upgraded.metrics.map((m) => m.key)).toEqual([...before.metrics.map((m) => m.key), 'starts', 'energy']);
    expect(upgraded.commands.map((c) => c.key)).toEqual([...before.commands.map((c) => c.key), 'set_mode']);
    const pumps = await db.select({ energy: stationPumps.energyMetric }).from(stationPumps);
    expect(pumps.length).toBeGreaterThan(20);
    expect(pumps.every((p) => p.energy === 'energy')).toBe(true);
    // Once: what an administrator changes afterwards stays.
    await db.update(stationPumps).set({ energyMetric: null });
    await seed(db, { demo: true, dataDir: TEST_DATA_DIR, now: TEST_START });
    expect(
      (await db.select({ energy: stationPumps.energyMetric }).from(stationPumps)).every((p) => p.energy === null),
    ).toBe(true);
  });
});
