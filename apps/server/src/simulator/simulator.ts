import {
  type DeviceCommandReply,
  deviceCommandSchema,
  type MetricSpec,
  thingModelSchema,
  type WqSiteKind,
} from '@water/contracts';
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import mqtt from 'mqtt';
import type { Queryable } from '../db/client.ts';
import {
  devices,
  deviceTypes,
  stationPumps,
  stationSensors,
  stations,
  telemetryLatest,
  wqSiteDevices,
  wqSites,
} from '../db/schema/index.ts';
import { demoDeviceSecret } from '../db/seed/demo-secrets.ts';
import { together } from '../lib/together.ts';
import { sha256 } from '../lib/tokens.ts';
import { type CityCommand, type CityStart, createCity, type SimDevice, type StationPlant } from './city.ts';

export interface SimulatorOptions {
  /** Average gap between two reports of one device (each waits 0.5–1.5 times it). */
  intervalMs: number;
  /** mqtt: as each device over the embedded broker; http: POST /api/ingest/{code} in process. */
  transport: { kind: 'mqtt'; url: string } | { kind: 'http' };
  /** Only these device codes (tests); all demo devices when unset. */
  codes?: string[];
  random?: () => number;
}

export interface Simulator {
  devices: number;
  transport: 'mqtt' | 'http';
  stop(): Promise<void>;
}

/** A demo device the simulator may speak for: one that still has its derived demo secret. */
export type SimulatedDevice = SimDevice & { id: number; secret: string };

/**
 * The demo devices in service whose secret is still the derived demo one (a re-keyed device is an
 * operator's now), with their type's metrics; only `codes` when given.
 */
export async function loadSimDevices(db: Queryable, codes?: string[]): Promise<SimulatedDevice[]> {
  const rows = await db
    .select({
      id: devices.id,
      code: devices.code,
      secretHash: devices.secretHash,
      stationId: devices.stationId,
      regionId: devices.regionId,
      longitude: devices.longitude,
      latitude: devices.latitude,
      pumps: stations.pumps,
      typeCode: deviceTypes.code,
      model: deviceTypes.model,
      // A water-quality analyser's site: the water it sees (issue 18).
      wqSite: wqSites.kind,
    })
    .from(devices)
    .innerJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
    .leftJoin(stations, eq(stations.id, devices.stationId))
    .leftJoin(wqSiteDevices, eq(wqSiteDevices.deviceId, devices.id))
    .leftJoin(wqSites, eq(wqSites.id, wqSiteDevices.siteId))
    .where(and(isNull(devices.archivedAt), ne(devices.status, 'disabled')))
    .orderBy(devices.code);
  const wanted = codes ? new Set(codes) : null;
  const plants = await loadPlants(db, [
    ...new Set(rows.flatMap((r) => (r.stationId === null || (wanted && !wanted.has(r.code)) ? [] : [r.stationId]))),
  ]);
  return rows.flatMap((r) => {
    if (wanted && !wanted.has(r.code)) return [];
    const secret = demoDeviceSecret(r.code);
    if (r.secretHash !== sha256(secret)) return [];
    const parsed = thingModelSchema.safeParse(r.model);
    const metrics = new Map<string, MetricSpec>((parsed.success ? parsed.data.metrics : []).map((m) => [m.key, m]));
    return [
      {
        id: r.id,
        code: r.code,
        typeCode: r.typeCode,
        stationId: r.stationId,
        pumps: r.pumps ?? 0,
        regionId: r.regionId,
        longitude: r.longitude,
        latitude: r.latitude,
        metrics,
        plant: r.stationId === null ? null : (plants.get(r.stationId) ?? null),
        wqSite: (r.wqSite as WqSiteKind | null) ?? null,
        secret,
      },
    ];
  });
}

/**
 * The stations' configurations as the city runs them: kind, wet well, protection level, pumps in
 * number order with their controllers' codes, and the rain gauge of the rain sensor.
 */
async function loadPlants(db: Queryable, ids: number[]): Promise<Map<number, StationPlant>> {
  if (ids.length === 0) return new Map();
  // The seed reads these inside its transaction: one after another there, at once on the pool.
  const [rows, pumps, rain] = await together(
    db,
    () =>
      db
        .select({
          id: stations.id,
          kind: stations.kind,
          wellArea: stations.wellArea,
          wellDepth: stations.wellDepth,
          protectionLevel: stations.protectionLevel,
          highAlarmLevel: stations.highAlarmLevel,
        })
        .from(stations)
        .where(inArray(stations.id, ids)),
    () =>
      db
        .select({
          stationId: stationPumps.stationId,
          ratedFlow: stationPumps.ratedFlow,
          ratedPower: stationPumps.ratedPower,
          drive: stationPumps.drive,
          startLevel: stationPumps.startLevel,
          stopLevel: stationPumps.stopLevel,
          maintenance: stationPumps.maintenance,
          controllerCode: devices.code,
        })
        .from(stationPumps)
        .leftJoin(devices, eq(devices.id, stationPumps.controllerDeviceId))
        .where(inArray(stationPumps.stationId, ids))
        .orderBy(asc(stationPumps.stationId), asc(stationPumps.number)),
    () =>
      db
        .select({ stationId: stationSensors.stationId, code: devices.code })
        .from(stationSensors)
        .innerJoin(devices, eq(devices.id, stationSensors.deviceId))
        .where(and(inArray(stationSensors.stationId, ids), eq(stationSensors.role, 'rain'))),
  );
  return new Map(
    rows.map((s) => [
      s.id,
      {
        kind: s.kind,
        wellArea: s.wellArea,
        wellDepth: s.wellDepth,
        protectionLevel: s.protectionLevel,
        highAlarmLevel: s.highAlarmLevel,
        rainGaugeCode: rain.find((g) => g.stationId === s.id)?.code ?? null,
        pumps: pumps
          .filter((p) => p.stationId === s.id)
          .map(({ stationId: _, ...p }) => ({ ...p, controllerCode: p.controllerCode ?? null })),
      },
    ]),
  );
}

/**
 * The counters and levels the city starts from: the devices' latest `level`, `total`, `run_hours`,
 * `starts` and `energy`, and the pump controllers' `mode`.
 */
async function latestState(db: Queryable, ids: number[]): Promise<CityStart> {
  if (ids.length === 0) return {};
  const rows = await db
    .select({
      code: devices.code,
      metric: telemetryLatest.metric,
      value: telemetryLatest.value,
      textValue: telemetryLatest.textValue,
    })
    .from(telemetryLatest)
    .innerJoin(devices, eq(devices.id, telemetryLatest.deviceId))
    .where(
      and(
        inArray(telemetryLatest.deviceId, ids),
        inArray(telemetryLatest.metric, ['level', 'total', 'run_hours', 'starts', 'energy', 'mode']),
        eq(telemetryLatest.quality, 0),
      ),
    );
  const start: CityStart = {};
  for (const r of rows) {
    const value = r.metric === 'mode' ? r.textValue : r.value;
    if (value !== null) start[r.code] = { ...start[r.code], [r.metric]: value };
  }
  return start;
}

/** How often the city's state (rain, wet wells, pumps) moves on and due devices report. */
const TICK_MS = 1000;
/** How often a pump controller on the HTTP transport fetches its pending commands (each staggered). */
const COMMAND_POLL_MS = 1500;
/**
 * A controller's acknowledgement delay, ms: the PLC takes the command at its next scan cycle (10–50 ms
 * for a station's PLC), now and then a slow one: 10–100 ms, median about 20. The simulated controllers
 * sit next to the broker; a real station's 4G link adds its round trip (typically 50–150 ms) to this.
 */
const ackDelay = (random: () => number) => 10 + 90 * random() ** 3;
/** How often the stations' maintenance flags are read again (an operator locks a pump out meanwhile). */
const PLANT_REFRESH_MS = 5 * 60_000;

/** Each station's pumps under maintenance, in pump order. */
async function maintenanceOf(db: Queryable, ids: number[]): Promise<Map<number, boolean[]>> {
  const flags = new Map<number, boolean[]>();
  if (ids.length === 0) return flags;
  const rows = await db
    .select({ stationId: stationPumps.stationId, maintenance: stationPumps.maintenance })
    .from(stationPumps)
    .where(inArray(stationPumps.stationId, ids))
    .orderBy(asc(stationPumps.stationId), asc(stationPumps.number));
  for (const r of rows) flags.set(r.stationId, [...(flags.get(r.stationId) ?? []), r.maintenance]);
  return flags;
}

/**
 * The demo city, live: each demo device that still has its demo secret reports readings that a
 * real one would, through the same path real devices take (MQTT QoS 1 as the device, or the HTTP
 * ingest). One timer drives the whole city; a report is a small JSON message.
 */
export async function startSimulator(app: FastifyInstance, options: SimulatorOptions): Promise<Simulator> {
  const random = options.random ?? Math.random;
  const simulated = await loadSimDevices(app.db, options.codes);
  // Counters and wet wells carry on from the latest readings (the seeded history's, or a previous run's).
  const start = await latestState(
    app.db,
    simulated.map((d) => d.id),
  );
  const city = createCity(simulated, random, app.clock.now().getTime(), start);
  const clients = new Map<string, mqtt.MqttClient>();
  let stopped = false;

  const byCode = new Map(simulated.map((d) => [d.code, d]));
  /** A device's message on its topic (`telemetry`, `events`), or the matching HTTP ingest. */
  const send = async (d: SimulatedDevice, topic: 'telemetry' | 'events', payload: string) => {
    if (options.transport.kind === 'mqtt') {
      const client = clients.get(d.code);
      // A device whose connection is down misses the report, as a real one would.
      if (client?.connected) await client.publishAsync(`devices/${d.code}/${topic}`, payload, { qos: 1 });
      return;
    }
    const res = await app.inject({
      method: 'POST',
      url: `/api/ingest/${encodeURIComponent(d.code)}${topic === 'events' ? '/events' : ''}`,
      headers: { authorization: `Device ${d.secret}`, 'content-type': 'application/json' },
      payload,
    });
    if (res.statusCode !== 200) app.log.debug({ code: d.code, status: res.statusCode }, 'simulator: report refused');
  };
  const publish = (d: SimulatedDevice, values: Record<string, number | boolean | string>) =>
    send(d, 'telemetry', JSON.stringify({ ts: app.clock.now().getTime(), values }));
  /** What the physics raised (a trip, a cover lifted, …): each device sends its own, in one message. */
  const publishEvents = () => {
    const mine = new Map<string, { event: string; ts: number; params: Record<string, unknown> }[]>();
    for (const e of city.takeEvents()) {
      const list = mine.get(e.code) ?? [];
      list.push({ event: e.event, ts: e.ts, params: e.params });
      mine.set(e.code, list);
    }
    return [...mine].map(([code, events]) => {
      const d = byCode.get(code);
      return d ? send(d, 'events', JSON.stringify({ events })).catch(() => {}) : undefined;
    });
  };

  /**
   * Pump control (issue 17): each controller obeys the console's commands through the city's own
   * interlocks. It acknowledges after its delay (accepted, or rejected with its reason), carries the
   * command out (a soft start, a ramp down) and answers succeeded or failed; right after each step it
   * reports its readings, and its station's flow meter's, so that the console sees the pump run or
   * stop at once. An expired command, or one reaching a silent device, gets no answer.
   */
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) fn();
    }, ms);
    timers.add(timer);
  };
  /** Each controller's replies in order (accepted before succeeded), one after the other. */
  const replyChains = new Map<string, Promise<unknown>>();
  const reply = (d: SimulatedDevice, answer: DeviceCommandReply) => {
    const payload = JSON.stringify(answer);
    const previous = replyChains.get(d.code) ?? Promise.resolve();
    const next = previous.then(async () => {
      if (options.transport.kind === 'mqtt') {
        const client = clients.get(d.code);
        if (client?.connected) await client.publishAsync(`devices/${d.code}/commands/ack`, payload, { qos: 1 });
        return;
      }
      const res = await app.inject({
        method: 'POST',
        url: `/api/ingest/${encodeURIComponent(d.code)}/commands/ack`,
        headers: { authorization: `Device ${d.secret}`, 'content-type': 'application/json' },
        payload,
      });
      if (res.statusCode !== 200) app.log.debug({ code: d.code, status: res.statusCode }, 'simulator: reply refused');
    });
    const settled = next.catch((err: unknown) => app.log.debug({ code: d.code, err }, 'simulator: reply not sent'));
    replyChains.set(d.code, settled);
    return settled;
  };
  /** The flow meter of each station, which reports a pump's water at once. */
  const flowMeterOf = new Map(
    simulated.flatMap((d) => (d.typeCode === 'flow_meter' && d.stationId !== null ? [[d.stationId, d] as const] : [])),
  );
  /** What each controller last reported of its pump: its state, and the water it moved. */
  const reported = new Map<string, { state: string; water: string }>();
  const pumpNow = (d: SimulatedDevice) => {
    const p = city.pump(d.code);
    return { state: JSON.stringify(p), water: JSON.stringify(p && [p.running, p.frequency]) };
  };
  /**
   * A controller's readings now when its pump changed since it last reported (a mode, a fault, a
   * start, a stop, a speed), and its station's flow when the water it moves did.
   */
  const reportNow = (d: SimulatedDevice) => {
    const before = reported.get(d.code);
    const now = pumpNow(d);
    if (before?.state === now.state) return;
    const meter = before?.water !== now.water && d.stationId !== null ? flowMeterOf.get(d.stationId) : undefined;
    for (const one of [d, meter]) {
      const values = one && city.sample(one);
      if (one && values) publish(one, values).catch(() => {});
    }
    reported.set(d.code, now);
  };
  /** The results the city has for its controllers (a start done, a stop done, a start that failed). */
  const sendResults = () => {
    for (const r of city.takeReplies()) {
      const d = byCode.get(r.code);
      if (!d) continue;
      const { code: _, ...answer } = r;
      // The readings first: the console has the pump running by the time it reads the result.
      reportNow(d);
      reply(d, answer);
    }
  };
  /** Ids a controller has seen (QoS 1 may deliver twice; a fetch may return one again): acted on once. */
  const seen = new Map<string, Set<number>>();
  const receive = (d: SimulatedDevice, raw: unknown) => {
    const parsed = deviceCommandSchema.safeParse(raw);
    if (!parsed.success) return;
    const cmd: CityCommand = parsed.data;
    const mine = seen.get(d.code) ?? new Set<number>();
    seen.set(d.code, mine);
    if (mine.has(cmd.id)) return;
    mine.add(cmd.id);
    if (mine.size > 200) mine.delete(mine.values().next().value!);
    later(ackDelay(random), () => {
      const at = app.clock.now().getTime();
      if (city.silent(d.code)) return;
      const answer = city.command(d.code, cmd, at);
      if (answer.status === 'ignored') {
        app.log.debug({ code: d.code, id: cmd.id, reason: answer.reason }, 'simulator: command ignored');
        return;
      }
      if (answer.status === 'rejected') {
        reply(d, { id: cmd.id, status: 'rejected', reason: answer.reason });
        return;
      }
      // The acknowledgement first: a reading ahead of it on the connection waits for its commit (the
      // writer's flush), and so would the acknowledgement behind it.
      reply(d, { id: cmd.id, status: 'accepted' }).then(() => reportNow(d));
      later(answer.settleMs, () => {
        city.finish(d.code, cmd.id, app.clock.now().getTime());
        sendResults();
      });
    });
  };
  const controllers = simulated.filter((d) => d.typeCode === 'pump_controller');

  // The stations' maintenance flags, read again now and then: a pump locked out stops and stays off.
  const stationIds = [...new Set(simulated.flatMap((d) => (d.stationId === null ? [] : [d.stationId])))];
  let plantReadAt = Date.now();
  let plantReading = false;
  const refreshPlant = () => {
    if (plantReading || Date.now() - plantReadAt < PLANT_REFRESH_MS) return;
    plantReading = true;
    plantReadAt = Date.now();
    maintenanceOf(app.db, stationIds)
      .then((flags) => {
        for (const [id, lockedOut] of flags) city.setMaintenance(id, lockedOut);
      })
      .catch((err: unknown) => app.log.debug({ err }, 'simulator: plant not read'))
      .finally(() => {
        plantReading = false;
      });
  };

  if (options.transport.kind === 'mqtt') {
    const { url } = options.transport;
    await Promise.all(
      simulated.map(async (d) => {
        const client = mqtt.connect(url, {
          clientId: `sim-${d.code}`,
          username: d.code,
          password: d.secret,
          reconnectPeriod: 5000,
          connectTimeout: 5000,
          // A device that was silent does not flood the server with what it missed.
          queueQoSZero: false,
        });
        client.on('error', (err) => app.log.debug({ code: d.code, err: err.message }, 'simulator: MQTT error'));
        if (d.typeCode === 'pump_controller') {
          // Its own command topic only (the broker refuses any other), again after each reconnection.
          const topic = `devices/${d.code}/commands`;
          client.on('connect', () => client.subscribe(topic, { qos: 1 }));
          client.on('message', (t, payload) => {
            if (t !== topic) return;
            try {
              receive(d, JSON.parse(payload.toString('utf8')));
            } catch {
              app.log.debug({ code: d.code }, 'simulator: command not JSON');
            }
          });
        }
        clients.set(d.code, client);
        await new Promise<void>((resolve) => {
          client.once('connect', () => resolve());
          client.once('error', () => resolve());
          setTimeout(resolve, 5000).unref();
        });
      }),
    );
  }

  if (options.transport.kind === 'http') {
    // A gateway without MQTT fetches its pending commands now and then (each controller staggered).
    const poll = (d: SimulatedDevice) => {
      app
        .inject({
          method: 'GET',
          url: `/api/ingest/${encodeURIComponent(d.code)}/commands`,
          headers: { authorization: `Device ${d.secret}` },
        })
        .then((res) => {
          if (res.statusCode !== 200) return;
          const data = (res.json() as { data?: unknown }).data;
          if (Array.isArray(data)) for (const cmd of data) receive(d, cmd);
        })
        .catch((err: unknown) => app.log.debug({ code: d.code, err }, 'simulator: command fetch failed'))
        .finally(() => later(COMMAND_POLL_MS, () => poll(d)));
    };
    for (const d of controllers) later(random() * COMMAND_POLL_MS, () => poll(d));
  }

  // Each device starts somewhere in its interval, so reports spread over time.
  const nextAt = new Map(simulated.map((d) => [d.code, Date.now() + random() * options.intervalMs]));
  let last = Date.now();
  let busy = false;
  const tick = () => {
    if (stopped || busy) return;
    busy = true;
    const now = Date.now();
    city.advance((now - last) / 1000, app.clock.now().getTime());
    last = now;
    refreshPlant();
    // What the physics decided about commands meanwhile (a soft start the city's tick completed).
    sendResults();
    const due = simulated.filter((d) => (nextAt.get(d.code) ?? 0) <= now);
    for (const d of due) nextAt.set(d.code, now + options.intervalMs * (0.5 + random()));
    Promise.all([
      ...due.map((d) => {
        const values = city.report(d);
        if (values && d.typeCode === 'pump_controller') reported.set(d.code, pumpNow(d));
        return values ? publish(d, values).catch(() => {}) : undefined;
      }),
      ...publishEvents(),
    ]).finally(() => {
      busy = false;
    });
  };
  const timer = setInterval(tick, Math.min(TICK_MS, options.intervalMs / 2));
  timer.unref();
  app.log.info(
    { devices: simulated.length, transport: options.transport.kind, intervalMs: options.intervalMs },
    'simulator: demo devices reporting',
  );

  return {
    devices: simulated.length,
    transport: options.transport.kind,
    async stop() {
      stopped = true;
      clearInterval(timer);
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.all(replyChains.values());
      await Promise.all([...clients.values()].map((c) => c.endAsync(true).catch(() => {})));
      clients.clear();
    },
  };
}

/**
 * Starts the simulator as the settings ask (SIMULATOR, default on with the demo seed). It speaks
 * MQTT to the embedded broker; without one (MQTT_PORT=0 or MQTT_URL) it reports over the HTTP
 * ingest only when SIMULATOR=true (or on) was asked for explicitly, and otherwise stays off with a log line,
 * so that a server without a broker (the browser journeys) keeps still data.
 */
export async function startConfiguredSimulator(app: FastifyInstance): Promise<Simulator | null> {
  const c = app.config;
  const enabled = (c.SIMULATOR ?? (c.SEED_DEMO ? 'on' : 'off')) === 'on';
  if (!enabled) return null;
  const mqttStatus = app.mqtt.status();
  let transport: SimulatorOptions['transport'];
  if (mqttStatus.mode === 'embedded') {
    const port = new URL(mqttStatus.endpoint).port;
    const host = c.MQTT_HOST === '0.0.0.0' || c.MQTT_HOST === '::' ? '127.0.0.1' : c.MQTT_HOST;
    transport = { kind: 'mqtt', url: `mqtt://${host.includes(':') ? `[${host}]` : host}:${port}` };
  } else if (c.SIMULATOR === 'on') {
    transport = { kind: 'http' };
    app.log.info('simulator: no embedded MQTT broker, reporting over the HTTP ingest');
  } else {
    app.log.info('simulator: off, no embedded MQTT broker (set SIMULATOR=true to report over the HTTP ingest)');
    return null;
  }
  return startSimulator(app, { intervalMs: c.SIMULATOR_INTERVAL_MS, transport });
}
