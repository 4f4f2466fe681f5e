// The ingest benchmark's stream, shared by bench:ingest and bench:alarms: MQTT clients → the embedded
// broker (or an external one, BENCH_BROKER) → the batch writer → committed rows, in two loads:
// gateways publishing `devices/{code}/telemetry/batch` with many points a message, and devices
// publishing one point a message on `devices/{code}/telemetry`. All at QoS 1: a PUBACK follows its
// batch's commit, so a run ends at the last PUBACK; then `count(*)` of telemetry_points must equal
// the points sent (none lost) and the writer must have counted no duplicate or rejected point.
// The publishers run in a child process (this file, BENCH_ROLE=publisher), so that they do not share
// the server's event loop.
// BENCH_BROKER=mqtt://127.0.0.1:1883 goes through an external broker (Mosquitto): the publishers
// connect there and the server subscribes with its one connection (MQTT_URL). BENCH_BROKER=mosquitto
// starts a private Mosquitto for the run, configured as the README advises (no limit on the messages
// it queues for the server); a stock one drops QoS 1 messages beyond 1,000 queued for a client, which
// the run then reports as lost at the broker.
// Knobs: BENCH_GATEWAYS, BENCH_GATEWAY_POINTS (total), BENCH_ENTRIES (per message; 10 metrics each),
// BENCH_SINGLE_CLIENTS, BENCH_SINGLE_POINTS (total), TELEMETRY_BATCH_POINTS/FLUSH_MS/QUEUE_POINTS/WRITERS.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import type { Database } from '../apps/server/src/db/client.ts';
import type { Bench } from './harness.ts';

/** Every stream device's secret. */
export const STREAM_SECRET = 'bench-ingest-secret-0123456789';
/** Metrics of the stream's device type (m0 … m9) and of each gateway entry. */
export const STREAM_METRICS = 10;
/** The stream's device type: ten numeric metrics that take any value. */
export const STREAM_TYPE = 'bench_gateway';

type Mode = 'gateway' | 'single';
interface Job {
  url: string;
  mode: Mode;
  codes: string[];
  /** Messages each client publishes. */
  messages: number;
  /** Entries (timestamps) per message, STREAM_METRICS values each; single mode: 1 entry of 1 value. */
  entries: number;
  base: number;
}
type FromChild =
  | { type: 'ready' }
  | { type: 'acked'; points: number; messages: number; cpuMs: number }
  | { type: 'failed'; error: string };

/**
 * The values the stream sends: gateway client `c`'s message `i`, entry `j`, metric `k`; and single
 * client `c`'s message `i` (metric m0). A bench that needs to know what the stream crosses reads them here.
 */
export const gatewayValue = (c: number, i: number, j: number, k: number) =>
  Math.round(((c + i + j + k) % 1000) * 1.37) / 10;
export const singleValue = (c: number, i: number) => (c * 7 + i) % 100;

if (process.env.BENCH_ROLE === 'publisher') {
  // The publishers: one MQTT connection per device (the broker lets a device publish only its own topics).
  let clients: mqtt.MqttClient[] = [];
  let job: Job;
  const send = (m: FromChild) => process.send!(m);
  process.on('message', async (m: { type: 'connect'; job: Job } | { type: 'go' } | { type: 'end' }) => {
    try {
      if (m.type === 'connect') {
        job = m.job;
        clients = await Promise.all(
          job.codes.map((code) =>
            mqtt.connectAsync(job.url, {
              clientId: `bench-${code}`,
              username: code,
              password: STREAM_SECRET,
              reconnectPeriod: 0,
              keepalive: 300,
            }),
          ),
        );
        send({ type: 'ready' });
      } else if (m.type === 'go') {
        const cpu = process.cpuUsage();
        let points = 0;
        let messages = 0;
        await Promise.all(
          clients.map(async (client, c) => {
            const code = job.codes[c]!;
            const sends: Promise<unknown>[] = [];
            for (let i = 0; i < job.messages; i++) {
              let topic: string;
              let payload: string;
              if (job.mode === 'single') {
                topic = `devices/${code}/telemetry`;
                payload = JSON.stringify({ ts: job.base + i * 1000, values: { m0: singleValue(c, i) } });
                points += 1;
              } else {
                topic = `devices/${code}/telemetry/batch`;
                const entries = Array.from({ length: job.entries }, (_, j) => {
                  const values: Record<string, number> = {};
                  for (let k = 0; k < STREAM_METRICS; k++) values[`m${k}`] = gatewayValue(c, i, j, k);
                  return { ts: job.base + (i * job.entries + j) * 1000, values };
                });
                payload = JSON.stringify({ points: entries });
                points += job.entries * STREAM_METRICS;
              }
              messages++;
              // Every publish is written at once; the broker reads a connection's next packet only
              // after the previous one's PUBACK (its commit), so each client has one message in the writer.
              sends.push(client.publishAsync(topic, payload, { qos: 1 }));
            }
            await Promise.all(sends);
          }),
        );
        const used = process.cpuUsage(cpu);
        send({ type: 'acked', points, messages, cpuMs: (used.user + used.system) / 1000 });
      } else {
        await Promise.all(clients.map((c) => c.endAsync()));
        process.exit(0);
      }
    } catch (err) {
      send({ type: 'failed', error: err instanceof Error ? err.message : String(err) });
    }
  });
}

export interface StreamPlan {
  gateways: number;
  /** Entries per gateway message. */
  entries: number;
  gatewayPoints: number;
  singleClients: number;
  singlePoints: number;
  gatewayCodes: string[];
  singleCodes: string[];
  /** Messages each client of the load publishes. */
  messages: (mode: Mode) => number;
}

/** The stream's size: the knobs above, else the caller's defaults for its database. */
export function streamPlan(defaults: { gatewayPoints: number; singlePoints: number }): StreamPlan {
  const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  const gateways = num('BENCH_GATEWAYS', 50);
  const entries = num('BENCH_ENTRIES', 50);
  const gatewayPoints = num('BENCH_GATEWAY_POINTS', defaults.gatewayPoints);
  const singleClients = num('BENCH_SINGLE_CLIENTS', 500);
  const singlePoints = num('BENCH_SINGLE_POINTS', defaults.singlePoints);
  return {
    gateways,
    entries,
    gatewayPoints,
    singleClients,
    singlePoints,
    gatewayCodes: Array.from({ length: gateways }, (_, i) => `BGW-${String(i + 1).padStart(5, '0')}`),
    singleCodes: Array.from({ length: singleClients }, (_, i) => `BSP-${String(gateways + i + 1).padStart(5, '0')}`),
    messages: (mode) =>
      mode === 'gateway'
        ? Math.max(1, Math.round(gatewayPoints / (gateways * entries * STREAM_METRICS)))
        : Math.max(1, Math.round(singlePoints / singleClients)),
  };
}

/** The stream's device type and its devices (gateways BGW-…, then single-point devices BSP-…), online. */
export async function seedStreamDevices(database: Database, plan: StreamPlan) {
  const { sha256 } = await import('../apps/server/src/lib/tokens.ts');
  const model = {
    offlineAfterSeconds: 600,
    metrics: Array.from({ length: STREAM_METRICS }, (_, k) => ({
      key: `m${k}`,
      nameZh: `指标${k}`,
      nameEn: `Metric ${k}`,
      dataType: 'number',
      unit: 'm',
      min: -1e9,
      max: 1e9,
    })),
  };
  await database.db.execute(sql`
    insert into device_types (code, name_zh, name_en, model)
    values (${STREAM_TYPE}, '基准网关', 'Bench gateway', ${JSON.stringify(model)}::jsonb)`);
  await database.db.execute(sql`
    insert into devices (code, name, type_id, secret_hash, status)
    select case when g <= ${plan.gateways} then 'BGW-' else 'BSP-' end || lpad(g::text, 5, '0'), 'bench ' || g,
           t.id, ${sha256(STREAM_SECRET)}, 'online'
    from generate_series(1, ${plan.gateways + plan.singleClients}) g, device_types t where t.code = ${STREAM_TYPE}`);
}

export interface StreamRun {
  mode: Mode;
  points: number;
  messages: number;
  seconds: number;
  /** points/s */
  rate: number;
}

export interface StreamServer {
  /** The app's HTTP base URL. */
  base: string;
  /** Where the publishers connect. */
  url: string;
  broker: string | undefined;
  /** One line: the database, the broker and the writer's settings. */
  describe: () => string;
  /**
   * One load of the stream (fresh connections), timed from the first publish to the last PUBACK (or,
   * through an external broker, to the last commit), its lines printed; throws on any point lost,
   * duplicated or rejected. `base` is the first entry's time (ms): a later run must start after the
   * earlier ones' points, or they are duplicates. `quiet`: no lines printed.
   */
  run: (mode: Mode, base: number, options?: { quiet?: boolean }) => Promise<StreamRun>;
  /** Ends the publishers, closes the bench (its app and database), then ends the private broker. */
  close: () => Promise<void>;
}

/** Starts the app of `bench` on the stream's broker (settings added) and the publishers' child process. */
export async function startStreamServer(
  bench: Bench,
  plan: StreamPlan,
  settings: Record<string, string> = {},
): Promise<StreamServer> {
  const { freePort, rowsOf } = await import('./harness.ts');
  const { database } = bench;
  const writerSettings = Object.fromEntries(
    ['TELEMETRY_BATCH_POINTS', 'TELEMETRY_FLUSH_MS', 'TELEMETRY_QUEUE_POINTS', 'TELEMETRY_WRITERS'].flatMap((k) =>
      process.env[k] ? [[k, process.env[k]!]] : [],
    ),
  );
  let child: ChildProcess | undefined;
  let mosquitto: ChildProcess | undefined;
  try {
    const port = await freePort();
    let broker = process.env.BENCH_BROKER;
    if (broker === 'mosquitto') {
      const brokerPort = await freePort();
      const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-mosquitto-'));
      const conf = path.join(dir, 'mosquitto.conf');
      writeFileSync(
        conf,
        `listener ${brokerPort} 127.0.0.1\nallow_anonymous true\npersistence false\nmax_queued_messages 0\n`,
      );
      mosquitto = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
      broker = `mqtt://127.0.0.1:${brokerPort}`;
      const until = Date.now() + 5000;
      for (;;) {
        const up = await mqtt
          .connectAsync(broker, { reconnectPeriod: 0, connectTimeout: 500 })
          .then((c) => c.endAsync().then(() => true))
          .catch(() => false);
        if (up) break;
        if (Date.now() > until) throw new Error('mosquitto did not start (is it installed?)');
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const base = await bench.listen({
      ...(broker
        ? { MQTT_URL: broker, MQTT_CLIENT_ID: `bench-ingest-${process.pid}`, MQTT_SESSION_EXPIRY_SECONDS: '0' }
        : { MQTT_PORT: String(port), MQTT_HOST: '127.0.0.1' }),
      ...writerSettings,
      ...settings,
    });
    const app = bench.app();
    const config = app.config;
    const url = broker ?? `mqtt://127.0.0.1:${port}`;
    if (broker) {
      const until = Date.now() + 10_000;
      while (!app.mqtt.status().connected && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 500)); // the subscription's SUBACK
    }

    const publisher = () =>
      fork(fileURLToPath(import.meta.url), [], {
        env: { ...process.env, BENCH_ROLE: 'publisher' },
        execArgv: process.execArgv,
      });
    child = publisher();
    const next = () =>
      new Promise<FromChild>((resolve, reject) => {
        child!.once('message', (m: FromChild) => (m.type === 'failed' ? reject(new Error(m.error)) : resolve(m)));
        child!.once('exit', (code) => reject(new Error(`publisher exited (${code})`)));
      });
    // The stream's points (another bench may send some of its own meanwhile).
    const count = async () =>
      Number(
        (
          await rowsOf<{ n: number }>(
            database,
            sql`select count(*)::int as n from telemetry_points
                where device_id in (select id from devices where code like 'BGW-%' or code like 'BSP-%')`,
          )
        )[0]!.n,
      );
    let expected = await count();

    const run = async (mode: Mode, base: number, options: { quiet?: boolean } = {}): Promise<StreamRun> => {
      const codes = mode === 'gateway' ? plan.gatewayCodes : plan.singleCodes;
      const messages = plan.messages(mode);
      const entries = mode === 'gateway' ? plan.entries : 1;
      const before = app.telemetry.writer.stats();
      child!.send({ type: 'connect', job: { url, mode, codes, messages, entries, base } satisfies Job });
      await next();
      const cpu = process.cpuUsage();
      const started = performance.now();
      child!.send({ type: 'go' });
      const acked = (await next()) as Extract<FromChild, { type: 'acked' }>;
      expected += acked.points;
      if (broker) {
        // The external broker acknowledged the publishers as it took the messages: the run ends when
        // the server has committed them all (or nothing moved for 10 s).
        let last = -1;
        let still = performance.now();
        for (;;) {
          const done = app.telemetry.writer.stats().points;
          const settled =
            done.stored +
            done.duplicates +
            done.rejected -
            before.points.stored -
            before.points.duplicates -
            before.points.rejected;
          if (settled >= acked.points) break;
          if (settled !== last) {
            last = settled;
            still = performance.now();
          } else if (performance.now() - still > 10_000) break;
          await new Promise((r) => setTimeout(r, 10));
        }
      }
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      const stored = await count();
      const after = app.telemetry.writer.stats();
      const delta = (k: keyof typeof after.points) => after.points[k] - before.points[k];
      const batches = after.batches.committed - before.batches.committed;
      const lost = expected - stored;
      const rate = acked.points / seconds;
      const log = options.quiet ? () => {} : console.log;
      log(
        `${mode === 'gateway' ? `gateway: ${codes.length} clients × ${messages} messages of ${entries * STREAM_METRICS} points` : `single point: ${codes.length} clients × ${messages} messages of 1 point`}`,
      );
      log(
        `  ${acked.points.toLocaleString('en')} points in ${seconds.toFixed(2)} s = ${Math.round(rate).toLocaleString('en')} points/s ` +
          `(${Math.round(acked.messages / seconds).toLocaleString('en')} messages/s); lost ${lost}, duplicates ${delta('duplicates')}, ` +
          `rejected ${delta('rejected')}, failed batches ${after.batches.failed - before.batches.failed}`,
      );
      log(
        `  ${batches} batches, ${Math.round(delta('stored') / Math.max(1, batches))} points and ${(acked.messages / Math.max(1, batches)).toFixed(1)} messages each, ` +
          `${((seconds * 1000) / Math.max(1, batches)).toFixed(1)} ms each; CPU: server process ${Math.round(((used.user + used.system) / 1000 / (seconds * 1000)) * 100)} %, ` +
          `publishers ${Math.round((acked.cpuMs / (seconds * 1000)) * 100)} %`,
      );
      if (lost !== 0 || delta('duplicates') !== 0 || delta('rejected') !== 0) {
        const received = delta('received');
        const atBroker =
          broker && received < acked.points
            ? ` (the server received ${received.toLocaleString('en')} of ${acked.points.toLocaleString('en')}: the broker dropped the rest; raise its max_queued_messages, as the README says)`
            : '';
        throw new Error(`ingest lost or refused points: lost ${lost}, duplicates ${delta('duplicates')}${atBroker}`);
      }
      // The next load gets fresh connections.
      child!.send({ type: 'end' });
      await new Promise((resolve) => child!.once('exit', resolve));
      child = publisher();
      return { mode, points: acked.points, messages: acked.messages, seconds, rate };
    };

    return {
      base,
      url,
      broker,
      describe: () =>
        `database: ${database.kind}; broker: ${broker ?? 'embedded'}; writer: batch ${config.TELEMETRY_BATCH_POINTS} points, flush ${config.TELEMETRY_FLUSH_MS} ms, queue ${config.TELEMETRY_QUEUE_POINTS} points, ${config.TELEMETRY_WRITERS ?? (database.kind === 'postgres' ? 2 : 1)} writers`,
      run,
      close: async () => {
        child?.kill();
        await bench.close();
        mosquitto?.kill();
      },
    };
  } catch (error) {
    child?.kill();
    mosquitto?.kill();
    throw error;
  }
}
