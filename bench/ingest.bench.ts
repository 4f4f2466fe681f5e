// npm run bench:ingest — telemetry ingest end to end: MQTT clients → the embedded broker → the batch
// writer → committed rows, in two loads: gateways publishing `devices/{code}/telemetry/batch` with
// many points a message, and devices publishing one point a message on `devices/{code}/telemetry`.
// All at QoS 1: a PUBACK follows its batch's commit, so the run ends at the last PUBACK; then
// `count(*)` of telemetry_points must equal the points sent (none lost) and the writer must have
// counted no duplicate or rejected point.
// The publishers run in a child process, so that they do not share the server's event loop.
// PGlite by default; BENCH_DATABASE_URL=postgres://… measures a PostgreSQL server (its schema is
// dropped and recreated). Targets: 50,000 points/s on PostgreSQL, 10,000 on PGlite (2 cores).
// BENCH_BROKER=mqtt://127.0.0.1:1883 measures the path through an external broker (Mosquitto): the
// publishers connect there and the server subscribes with its one connection (MQTT_URL).
// BENCH_BROKER=mosquitto starts a private Mosquitto for the run, configured as the README advises
// (no limit on the messages it queues for the server); a stock one drops QoS 1 messages beyond 1,000
// queued for a client, which this bench then reports as lost at the broker.
// Knobs: BENCH_GATEWAYS, BENCH_GATEWAY_POINTS (total), BENCH_ENTRIES (per message; 10 metrics each),
// BENCH_SINGLE_CLIENTS, BENCH_SINGLE_POINTS (total), TELEMETRY_BATCH_POINTS/FLUSH_MS/QUEUE_POINTS.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';

const SECRET = 'bench-ingest-secret-0123456789';
const METRICS = 10;

interface Job {
  url: string;
  mode: 'gateway' | 'single';
  codes: string[];
  /** Messages each client publishes. */
  messages: number;
  /** Entries (timestamps) per message, METRICS values each; single mode: 1 entry of 1 value. */
  entries: number;
  base: number;
}
type FromChild =
  | { type: 'ready' }
  | { type: 'acked'; points: number; messages: number; cpuMs: number }
  | { type: 'failed'; error: string };

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
              password: SECRET,
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
                payload = JSON.stringify({ ts: job.base + i * 1000, values: { m0: (c * 7 + i) % 100 } });
                points += 1;
              } else {
                topic = `devices/${code}/telemetry/batch`;
                const entries = Array.from({ length: job.entries }, (_, j) => {
                  const values: Record<string, number> = {};
                  for (let k = 0; k < METRICS; k++) values[`m${k}`] = Math.round(((c + i + j + k) % 1000) * 1.37) / 10;
                  return { ts: job.base + (i * job.entries + j) * 1000, values };
                });
                payload = JSON.stringify({ points: entries });
                points += job.entries * METRICS;
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
} else {
  const { openBench, freePort, rowsOf } = await import('./harness.ts');
  const { sha256 } = await import('../apps/server/src/lib/tokens.ts');
  const pg = Boolean(process.env.BENCH_DATABASE_URL);
  const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  const GATEWAYS = num('BENCH_GATEWAYS', 50);
  const ENTRIES = num('BENCH_ENTRIES', 50);
  const GATEWAY_POINTS = num('BENCH_GATEWAY_POINTS', pg ? 1_000_000 : 200_000);
  const SINGLE_CLIENTS = num('BENCH_SINGLE_CLIENTS', 500);
  const SINGLE_POINTS = num('BENCH_SINGLE_POINTS', pg ? 200_000 : 50_000);
  const PG_TARGET = 50_000;
  const PGLITE_TARGET = 10_000;
  const writerSettings = Object.fromEntries(
    ['TELEMETRY_BATCH_POINTS', 'TELEMETRY_FLUSH_MS', 'TELEMETRY_QUEUE_POINTS', 'TELEMETRY_WRITERS'].flatMap((k) =>
      process.env[k] ? [[k, process.env[k]!]] : [],
    ),
  );

  const bench = await openBench();
  const { database } = bench;
  let child: ChildProcess | undefined;
  let mosquitto: ChildProcess | undefined;
  try {
    // A type whose ten numeric metrics take any value: every point is good and goes into the rollups.
    const model = {
      offlineAfterSeconds: 600,
      metrics: Array.from({ length: METRICS }, (_, k) => ({
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
      values ('bench_gateway', '基准网关', 'Bench gateway', ${JSON.stringify(model)}::jsonb)`);
    const deviceCount = GATEWAYS + SINGLE_CLIENTS;
    await database.db.execute(sql`
      insert into devices (code, name, type_id, secret_hash, status)
      select case when g <= ${GATEWAYS} then 'BGW-' else 'BSP-' end || lpad(g::text, 5, '0'), 'bench ' || g,
             t.id, ${sha256(SECRET)}, 'online'
      from generate_series(1, ${deviceCount}) g, device_types t where t.code = 'bench_gateway'`);
    await database.db.execute(sql.raw('vacuum analyze'));

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
    await bench.listen({
      ...(broker
        ? { MQTT_URL: broker, MQTT_CLIENT_ID: `bench-ingest-${process.pid}`, MQTT_SESSION_EXPIRY_SECONDS: '0' }
        : { MQTT_PORT: String(port), MQTT_HOST: '127.0.0.1' }),
      ...writerSettings,
    });
    const app = bench.app();
    const config = app.config;
    const url = broker ?? `mqtt://127.0.0.1:${port}`;
    if (broker) {
      const until = Date.now() + 10_000;
      while (!app.mqtt.status().connected && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 500)); // the subscription's SUBACK
    }

    child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, BENCH_ROLE: 'publisher' },
      execArgv: process.execArgv,
    });
    const next = () =>
      new Promise<FromChild>((resolve, reject) => {
        child!.once('message', (m: FromChild) => (m.type === 'failed' ? reject(new Error(m.error)) : resolve(m)));
        child!.once('exit', (code) => reject(new Error(`publisher exited (${code})`)));
      });
    const count = async () =>
      Number((await rowsOf<{ n: number }>(database, sql`select count(*)::int as n from telemetry_points`))[0]!.n);

    console.log(
      `database: ${database.kind}; broker: ${broker ?? 'embedded'}; writer: batch ${config.TELEMETRY_BATCH_POINTS} points, flush ${config.TELEMETRY_FLUSH_MS} ms, queue ${config.TELEMETRY_QUEUE_POINTS} points, ${config.TELEMETRY_WRITERS ?? (database.kind === 'postgres' ? 2 : 1)} writers`,
    );

    const base = Date.now() - 30 * 86_400_000;
    let expected = 0;
    const results: Record<string, number> = {};
    const run = async (mode: Job['mode'], codes: string[], messages: number, entries: number) => {
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
      results[mode] = rate;
      console.log(
        `${mode === 'gateway' ? `gateway: ${codes.length} clients × ${messages} messages of ${entries * METRICS} points` : `single point: ${codes.length} clients × ${messages} messages of 1 point`}`,
      );
      console.log(
        `  ${acked.points.toLocaleString('en')} points in ${seconds.toFixed(2)} s = ${Math.round(rate).toLocaleString('en')} points/s ` +
          `(${Math.round(acked.messages / seconds).toLocaleString('en')} messages/s); lost ${lost}, duplicates ${delta('duplicates')}, ` +
          `rejected ${delta('rejected')}, failed batches ${after.batches.failed - before.batches.failed}`,
      );
      console.log(
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
      child = fork(fileURLToPath(import.meta.url), [], {
        env: { ...process.env, BENCH_ROLE: 'publisher' },
        execArgv: process.execArgv,
      });
    };

    const gatewayCodes = Array.from({ length: GATEWAYS }, (_, i) => `BGW-${String(i + 1).padStart(5, '0')}`);
    const singleCodes = Array.from(
      { length: SINGLE_CLIENTS },
      (_, i) => `BSP-${String(GATEWAYS + i + 1).padStart(5, '0')}`,
    );
    await run(
      'gateway',
      gatewayCodes,
      Math.max(1, Math.round(GATEWAY_POINTS / (GATEWAYS * ENTRIES * METRICS))),
      ENTRIES,
    );
    await run('single', singleCodes, Math.max(1, Math.round(SINGLE_POINTS / SINGLE_CLIENTS)), 1);

    const target = pg ? PG_TARGET : PGLITE_TARGET;
    const gateway = results.gateway!;
    console.log(
      `ingest on ${database.kind}${broker ? ` through ${broker}` : ''}: gateway batches ${Math.round(gateway).toLocaleString('en')} points/s, single points ` +
        `${Math.round(results.single!).toLocaleString('en')} points/s, 0 lost (target ≥ ${target.toLocaleString('en')} points/s): ` +
        `${gateway >= target ? 'met' : 'NOT met'}`,
    );
  } finally {
    child?.kill();
    await bench.close();
    mosquitto?.kill();
  }
}
