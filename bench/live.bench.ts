// npm run bench:live — live readings from publish to the browser: 1,000 devices each publishing one
// telemetry message a second over MQTT (QoS 1, spread evenly over the second) to the embedded
// broker, one WebSocket client signed in as the admin and subscribed to all 1,000 on /api/ws. Each
// message carries its publish time as its `ts`, which the telemetry event echoes in the reading, so
// the latency is the event's arrival minus that ts, per message delivered; the PUBACK latency (the
// commit) is shown beside it. The publishers and the WebSocket client run in a child process, apart
// from the server's event loop. The server sends at most one event per device every 500 ms
// (readings in between merged): at one message a second per device that gap rarely binds.
// PGlite by default; BENCH_DATABASE_URL=postgres://… measures a PostgreSQL server (its schema is
// dropped and recreated). Target: p95 at most 500 ms. BENCH_LIVE_DEVICES, BENCH_LIVE_SECONDS.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import WebSocket from 'ws';

const SECRET = 'bench-live-secret-0123456789';
const TARGET = 500;

interface Job {
  port: number;
  base: string;
  token: string;
  devices: { id: number; code: string }[];
  seconds: number;
}
interface Result {
  published: number;
  acked: number;
  events: number;
  readings: number;
  latencies: number[];
  ackLatencies: number[];
}

if (process.env.BENCH_ROLE === 'live-client') {
  process.once('message', async (job: Job) => {
    try {
      const ws = new WebSocket(`${job.base.replace(/^http/, 'ws')}/api/ws`);
      const latencies: number[] = [];
      let events = 0;
      let readings = 0;
      let ready: () => void;
      const isReady = new Promise<void>((resolve) => (ready = resolve));
      ws.on('message', (raw) => {
        const now = Date.now();
        const event = JSON.parse(String(raw)) as { type: string; readings?: { key: string; ts: string }[] };
        if (event.type === 'ready') ready();
        if (event.type !== 'telemetry') return;
        events++;
        for (const r of event.readings ?? []) {
          if (r.key !== 'sent') continue;
          readings++;
          latencies.push(now - Date.parse(r.ts));
        }
      });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      ws.send(JSON.stringify({ type: 'auth', token: job.token }));
      await isReady;
      ws.send(JSON.stringify({ type: 'subscribe', deviceIds: job.devices.map((d) => d.id) }));

      const clients = await Promise.all(
        job.devices.map(({ code }) =>
          mqtt.connectAsync(`mqtt://127.0.0.1:${job.port}`, {
            clientId: `live-${code}`,
            username: code,
            password: SECRET,
            reconnectPeriod: 0,
            keepalive: 300,
          }),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 1000)); // the subscribe frame is handled meanwhile
      latencies.length = 0;
      let published = 0;
      let acked = 0;
      const ackLatencies: number[] = [];
      const start = Date.now();
      const stop = start + job.seconds * 1000;
      // Device i publishes at start + i/n s, then every second: an even spread over the second.
      await Promise.all(
        clients.map(async (client, i) => {
          let at = start + (i / clients.length) * 1000;
          const sends: Promise<unknown>[] = [];
          while (at < stop) {
            await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
            const ts = Date.now();
            published++;
            sends.push(
              client
                .publishAsync(
                  `devices/${job.devices[i]!.code}/telemetry`,
                  JSON.stringify({ ts, values: { sent: i } }),
                  { qos: 1 },
                )
                .then(() => {
                  acked++;
                  ackLatencies.push(Date.now() - ts);
                }),
            );
            at += 1000;
          }
          await Promise.all(sends);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 1500)); // the last throttled events
      await Promise.all(clients.map((c) => c.endAsync()));
      ws.close();
      process.send!({ published, acked, events, readings, latencies, ackLatencies } satisfies Result);
    } catch (err) {
      process.send!({ error: err instanceof Error ? err.message : String(err) });
    }
  });
} else {
  const { openBench, freePort, quantiles, rowsOf, signIn } = await import('./harness.ts');
  const { sha256 } = await import('../apps/server/src/lib/tokens.ts');
  const DEVICES = Number(process.env.BENCH_LIVE_DEVICES ?? 1000);
  const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 20);

  const bench = await openBench();
  const { database } = bench;
  let child: ChildProcess | undefined;
  try {
    const model = {
      offlineAfterSeconds: 600,
      metrics: [{ key: 'sent', nameZh: '发送', nameEn: 'Sent', dataType: 'number', unit: '' }],
    };
    await database.db.execute(sql`
      insert into device_types (code, name_zh, name_en, model)
      values ('bench_live', '基准实时', 'Bench live', ${JSON.stringify(model)}::jsonb)`);
    await database.db.execute(sql`
      insert into devices (code, name, type_id, secret_hash, status)
      select 'BLV-' || lpad(g::text, 5, '0'), 'live ' || g, t.id, ${sha256(SECRET)}, 'online'
      from generate_series(1, ${DEVICES}) g, device_types t where t.code = 'bench_live'`);
    const devices = await rowsOf<{ id: number; code: string }>(
      database,
      sql`select id, code from devices where code like 'BLV-%' order by id`,
    );
    await database.db.execute(sql.raw('vacuum analyze'));
    const port = await freePort();
    const base = await bench.listen({ MQTT_PORT: String(port), MQTT_HOST: '127.0.0.1' });
    const token = (await signIn(base)).authorization!.replace(/^Bearer /, '');
    const config = bench.app().config;

    child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, BENCH_ROLE: 'live-client' },
      execArgv: process.execArgv,
    });
    const result = await new Promise<Result>((resolve, reject) => {
      child!.once('message', (m: Result | { error: string }) =>
        'error' in m ? reject(new Error(m.error)) : resolve(m),
      );
      child!.once('exit', (code) => reject(new Error(`live client exited (${code})`)));
      child!.send({ port, base, token, devices, seconds: SECONDS } satisfies Job);
    });
    const at = quantiles(result.latencies);
    const ack = quantiles(result.ackLatencies);
    const stats = bench.app().telemetry.writer.stats();
    console.log(
      `database: ${database.kind}; ${DEVICES} devices × 1 message/s for ${SECONDS} s; writer: batch ${config.TELEMETRY_BATCH_POINTS} points, flush ${config.TELEMETRY_FLUSH_MS} ms`,
    );
    console.log(
      `published ${result.published}, acknowledged ${result.acked}, stored ${stats.points.stored}; ${result.events} telemetry events carrying ${result.readings} readings ` +
        `(${result.published - result.readings} readings merged by the 500 ms throttle or not delivered)`,
    );
    console.log(
      `publish → PUBACK (commit):      p50 ${ack(0.5).toFixed(0).padStart(5)} ms   p95 ${ack(0.95).toFixed(0).padStart(5)} ms   max ${ack(1).toFixed(0).padStart(5)} ms`,
    );
    console.log(
      `publish → WebSocket event:      p50 ${at(0.5).toFixed(0).padStart(5)} ms   p95 ${at(0.95).toFixed(0).padStart(5)} ms   max ${at(1).toFixed(0).padStart(5)} ms`,
    );
    console.log(
      `live latency p95 at ${DEVICES} devices/s on ${database.kind}: ${at(0.95).toFixed(0)} ms (target ≤ ${TARGET} ms): ${at(0.95) <= TARGET ? 'met' : 'NOT met'}`,
    );
  } finally {
    child?.kill();
    await bench.close();
  }
}
