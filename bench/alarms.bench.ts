// npm run bench:alarms — the alarm engine under the ingest benchmark's stream (ingest-stream.ts), on
// PostgreSQL and on PGlite, with 10,000 enabled rules:
// 1. the stream without rules: points/s (gateway batches and single points);
// 2. the same stream with 10,000 rules judged: points/s, the engine's counters, and whether it kept
//    up (its queue drained within BENCH_ALARM_DRAIN_SECONDS of the stream's last PUBACK; the lag);
// 3. latency: while the gateway stream runs again (and again, until the last trigger), a WebSocket
//    client signed in as the admin listens on /api/ws and BENCH_ALARM_TRIGGERS points are sent, one
//    every BENCH_ALARM_TRIGGER_MS, each by its own device to its own rule so that each raises a new
//    alarm: over MQTT at QoS 1 (the embedded broker's PUBACK follows the commit) or, with
//    BENCH_ALARM_TRIGGER_VIA=http, POST /api/ingest/:code (answered after the commit; a full queue
//    answers 503 and the device sends again after Retry-After, which a stream at full speed makes
//    common). The latency is the matching `{type:'alarm', change:'raised'}` event's arrival minus the
//    commit, as the writer's listener sees it right after the commit (one machine, one clock): the
//    PUBACK or answer is timed too, but it may come after the alarm event when the server's loop is
//    busy (PGlite works in it), so it is shown beside. The devices and the WebSocket run in a child
//    process, apart from the server's event loop; the engine's push is timed too (where the time
//    goes). A shorter BENCH_ALARM_TRIGGER_MS makes it an alarm storm (20: fifty new alarms a second).
// The rules are realistic and judged by the stream: over its device type's ten metrics, scope
// 'devices' (one to five of the stream's devices), 'type', 'station' and 'region' (the stream's
// devices placed in the demo stations); compare, range, rate and no-data conditions, AND within a
// group, OR between groups, durations, dead bands, clear delays, repeats and schedules; thresholds
// the stream's values (0 … 137) never reach, but for ten rules on ten gateways that the stream
// crosses on its second message (they raise once per phase) and a few it holds without raising
// (pending their hour-long duration). Inserted in bulk, then the engine reloads them.
// Targets on PostgreSQL: ingest with the rules ≥ 50,000 points/s (gateway batches), commit → alarm
// event p95 ≤ 1 s; exit code 1 if either is missed. PGlite: figures only, no hard target.
// PostgreSQL: a scratch database created on BENCH_DATABASE_URL's server (default
// postgres://postgres@127.0.0.1:5432/postgres) and dropped afterwards. PGlite: a temporary data folder.
// Knobs: BENCH_ALARMS_DATABASES (postgres,pglite), BENCH_ALARM_RULES (10000), BENCH_ALARM_TRIGGERS
// (200), BENCH_ALARM_TRIGGER_MS (100), BENCH_ALARM_TRIGGER_VIA (mqtt), BENCH_ALARM_DRAIN_SECONDS (10),
// and the stream's (ingest-stream.ts: BENCH_GATEWAY_POINTS, BENCH_SINGLE_POINTS, …); the defaults
// here are about 10–30 s of stream a phase on 2 cores.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import WebSocket from 'ws';

interface ProbeJob {
  base: string;
  /** The MQTT broker the devices publish to. */
  mqtt: string;
  via: 'mqtt' | 'http';
  token: string;
  secret: string;
  codes: string[];
  /** The metric and value that cross each code's rule. */
  metric: string;
  value: number;
}
interface Trigger {
  code: string;
  /** Date.now() when the point left, its PUBACK or HTTP answer came (the commit), the alarm event came. */
  sentAt: number;
  answeredAt: number | null;
  eventAt: number | null;
  /** HTTP status (200 for a PUBACK). */
  status: number;
  /** HTTP answers 503 (queue full) or 429 before the one that took it. */
  busy: number;
}
type FromProbe = { type: 'ready' } | { type: 'done'; triggers: Trigger[] } | { type: 'failed'; error: string };

if (process.env.BENCH_ROLE === 'alarm-probe') {
  let job: ProbeJob;
  let ws: WebSocket;
  let clients: mqtt.MqttClient[] = [];
  const triggers = new Map<string, Trigger>();
  const send = (m: FromProbe) => process.send!(m);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** One trigger: QoS 1 (the PUBACK follows the commit), or HTTP (answered after the commit). */
  const trigger = async (t: Trigger, n: number) => {
    for (;;) {
      t.sentAt = Date.now();
      const body = JSON.stringify({ ts: t.sentAt, values: { [job.metric]: job.value } });
      if (job.via === 'mqtt') {
        await clients[n]!.publishAsync(`devices/${t.code}/telemetry`, body, { qos: 1 });
        t.status = 200;
      } else {
        const res = await fetch(`${job.base}/api/ingest/${t.code}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Device ${job.secret}` },
          body,
        });
        await res.arrayBuffer();
        t.status = res.status;
        // A full ingest queue answers 503 with Retry-After, as to any device: it sends again then.
        if ((res.status === 503 || res.status === 429) && t.busy < 10) {
          t.busy++;
          await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
          continue;
        }
      }
      t.answeredAt = Date.now();
      return;
    }
  };
  process.on('message', async (m: { type: 'connect'; job: ProbeJob } | { type: 'go'; intervalMs: number }) => {
    try {
      if (m.type === 'connect') {
        job = m.job;
        ws = new WebSocket(`${job.base.replace(/^http/, 'ws')}/api/ws`);
        let ready: () => void;
        const isReady = new Promise<void>((resolve) => (ready = resolve));
        ws.on('message', (raw) => {
          const now = Date.now();
          const event = JSON.parse(String(raw)) as {
            type: string;
            change?: string;
            alarm?: { deviceCode: string };
          };
          if (event.type === 'ready') ready();
          if (event.type !== 'alarm' || event.change !== 'raised' || !event.alarm) return;
          const t = triggers.get(event.alarm.deviceCode);
          if (t && t.eventAt === null) t.eventAt = now;
        });
        await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
        ws.send(JSON.stringify({ type: 'auth', token: job.token }));
        await isReady;
        if (job.via === 'mqtt') {
          // One connection per device (the broker lets a device publish only its own topics).
          clients = await Promise.all(
            job.codes.map((code) =>
              mqtt.connectAsync(job.mqtt, {
                clientId: `probe-${code}`,
                username: code,
                password: job.secret,
                reconnectPeriod: 0,
                keepalive: 300,
              }),
            ),
          );
        }
        send({ type: 'ready' });
        return;
      }
      // One trigger every intervalMs, each to its own device, not waiting for the last one's commit.
      const start = Date.now();
      await Promise.all(
        job.codes.map(async (code, n) => {
          await sleep(Math.max(0, start + n * m.intervalMs - Date.now()));
          const t: Trigger = { code, sentAt: 0, answeredAt: null, eventAt: null, status: 0, busy: 0 };
          triggers.set(code, t);
          await trigger(t, n);
        }),
      );
      // The last events: up to 10 s after the last commit.
      const until = Date.now() + 10_000;
      while ([...triggers.values()].some((t) => t.eventAt === null) && Date.now() < until) await sleep(20);
      ws.close();
      await Promise.all(clients.map((c) => c.endAsync()));
      send({ type: 'done', triggers: [...triggers.values()] });
    } catch (err) {
      send({ type: 'failed', error: err instanceof Error ? err.message : String(err) });
    }
  });
} else {
  const { sql } = await import('drizzle-orm');
  const pg = (await import('pg')).default;
  const { openBench, quantiles, rowsOf, signIn } = await import('./harness.ts');
  const { sha256 } = await import('../apps/server/src/lib/tokens.ts');
  const { alarmRules } = await import('../apps/server/src/db/schema/index.ts');
  const stream = await import('./ingest-stream.ts');
  const { gatewayValue, STREAM_METRICS, STREAM_SECRET, STREAM_TYPE } = stream;
  type AlarmCondition = import('@water/contracts').AlarmCondition;
  type Engine = ReturnType<ReturnType<Bench['app']>['alarmEngine']['stats']>;
  type Bench = import('./harness.ts').Bench;

  const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  const RULES = num('BENCH_ALARM_RULES', 10_000);
  const TRIGGERS = num('BENCH_ALARM_TRIGGERS', 200);
  const TRIGGER_MS = num('BENCH_ALARM_TRIGGER_MS', 100);
  const VIA = process.env.BENCH_ALARM_TRIGGER_VIA === 'http' ? 'http' : 'mqtt';
  const DRAIN_SECONDS = num('BENCH_ALARM_DRAIN_SECONDS', 10);
  const DATABASES = (process.env.BENCH_ALARMS_DATABASES ?? 'postgres,pglite').split(',').map((d) => d.trim());
  const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const PG_INGEST_TARGET = 50_000;
  const LATENCY_TARGET_MS = 1000;
  /** Rules the stream crosses: one per gateway, on the first FIRING gateways. */
  const FIRING = 10;
  /** Rules the stream holds without raising (an hour's duration). */
  const PENDING = 50;
  const LATENCY_METRIC = 'm9';
  /** What a trigger sends: above every latency rule's threshold, below every other rule's. */
  const LATENCY_VALUE = 200;
  const DAY_MS = 86_400_000;

  interface Figures {
    kind: string;
    rules: Record<string, number>;
    without: { gateway: number; single: number };
    with: { gateway: number; single: number };
    engine: { rounds: number; judged: number; judgeMs: number; raised: number; cleared: number; failed: number };
    /** Seconds of stream in phase 2. */
    phase2Seconds: number;
    expectedRaised: number;
    drainMs: number | null;
    latency: number[];
    missing: number;
    refused: number;
    busy: number;
    duringStream: number;
    streamRate: number;
  }

  /** A small deterministic generator (mulberry32): the same rules every run. */
  const random = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  /**
   * The rules, as alarm_rules rows. `gateways` report m0 … m9, `singles` only m0; `probes` are the
   * latency phase's devices (one rule each, on LATENCY_METRIC). No template threshold lies within the
   * stream's values (0 … 137) or at the triggers' LATENCY_VALUE.
   */
  function buildRules(ctx: {
    typeId: number;
    gateways: number[];
    singles: number[];
    probes: number[];
    stations: number[];
    regions: number[];
    adminId: number;
    gatewayCount: number;
    entries: number;
  }) {
    const rnd = random(15);
    const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
    const metricOf = (pool: 'gateway' | 'single' | 'any') =>
      pool === 'single' ? 'm0' : `m${int(0, STREAM_METRICS - 1)}`;
    const recipients = { userIds: [ctx.adminId], roleCodes: [], departmentIds: [] };
    const severities = ['critical', 'major', 'minor', 'warning', 'info'];
    const rows: (typeof alarmRules.$inferInsert)[] = [];
    const counts: Record<string, number> = {};
    const add = (
      scope: string,
      groups: AlarmCondition[][],
      extra: Partial<typeof alarmRules.$inferInsert> = {},
      tag = scope,
    ) => {
      counts[tag] = (counts[tag] ?? 0) + 1;
      rows.push({
        name: `基准规则 ${rows.length + 1}`,
        severity: severities[rows.length % severities.length]!,
        deviceTypeId: ctx.typeId,
        scope,
        groups: groups.map((conditions) => ({ conditions })),
        recipients,
        ...extra,
      });
    };
    /** A rule the stream never fires (its thresholds beyond the stream's values), in one of ten shapes. */
    const quiet = (
      pool: 'gateway' | 'single' | 'any',
    ): [AlarmCondition[][], Partial<typeof alarmRules.$inferInsert>] => {
      const metric = metricOf(pool);
      const other = metricOf(pool);
      switch (int(0, 9)) {
        case 0:
          return [
            [[{ kind: 'compare', metric, op: 'gt', value: int(500, 900), setpoint: null }]],
            { clearDeadband: int(0, 10) },
          ];
        case 1:
          return [
            [[{ kind: 'compare', metric, op: 'lt', value: -int(50, 900), setpoint: null }]],
            { clearDeadband: int(0, 5), repeat: { count: 3, withinMinutes: 10 } },
          ];
        case 2:
          return [[[{ kind: 'range', metric, op: 'outside', min: -int(20, 500), max: int(400, 900) }]], {}];
        case 3: {
          const min = int(300, 350);
          return [[[{ kind: 'range', metric, op: 'between', min, max: min + int(10, 50) }]], { clearDeadband: 2 }];
        }
        case 4:
          return [
            [[{ kind: 'rate', metric, direction: 'rise', amount: int(250, 400), windowMinutes: int(5, 60) }]],
            {},
          ];
        case 5:
          return [
            [[{ kind: 'compare', metric, op: 'ge', value: int(1000, 2000), setpoint: null }]],
            { durationMinutes: int(5, 30) },
          ];
        case 6:
          // An AND whose first condition the stream often meets, OR a range it never leaves.
          return [
            [
              [
                { kind: 'compare', metric, op: 'gt', value: int(5, 10), setpoint: null },
                { kind: 'compare', metric: other, op: 'gt', value: int(600, 900), setpoint: null },
              ],
              [{ kind: 'range', metric: other, op: 'outside', min: -100, max: 1000 }],
            ],
            {},
          ];
        case 7:
          return [
            [[{ kind: 'rate', metric, direction: 'either', amount: int(300, 500), windowMinutes: 30 }]],
            { clearDelayMinutes: 2 },
          ];
        case 8:
          return [
            [[{ kind: 'compare', metric, op: 'le', value: -int(100, 300), setpoint: null }]],
            { schedule: { days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00' } },
          ];
        default:
          return [
            [[{ kind: 'compare', metric, op: 'eq', value: -int(1, 99), setpoint: null }]],
            { throttleMinutes: 30 },
          ];
      }
    };

    // The latency phase's rules: one per probe device, crossed by its one trigger.
    for (const id of ctx.probes) {
      add(
        'devices',
        [[{ kind: 'compare', metric: LATENCY_METRIC, op: 'gt', value: LATENCY_VALUE - 20, setpoint: null }]],
        { deviceIds: [id], severity: 'critical' },
        'latency (devices)',
      );
    }
    // Crossed by the stream on its second message: gateway c's m5 between its first and second values.
    for (let c = 0; c < Math.min(FIRING, ctx.gatewayCount); c++) {
      const last = ctx.entries - 1;
      const threshold = (gatewayValue(c, 0, last, 5) + gatewayValue(c, 1, last, 5)) / 2;
      add(
        'devices',
        [[{ kind: 'compare', metric: 'm5', op: 'gt', value: threshold, setpoint: null }]],
        { deviceIds: [ctx.gateways[c]!], severity: 'major' },
        'firing (devices)',
      );
    }
    // Held by the stream (gateway m2 runs 6.7 … 20) without raising: an hour's duration.
    for (let n = 0; n < PENDING; n++) {
      add(
        'devices',
        [[{ kind: 'compare', metric: 'm2', op: 'gt', value: 10, setpoint: null }]],
        { deviceIds: [ctx.gateways[n % ctx.gateways.length]!], durationMinutes: 60 },
        'pending (devices)',
      );
    }
    const rest = RULES - rows.length;
    const typeRules = Math.round(rest * 0.004);
    const stationRules = ctx.stations.length > 0 ? Math.round(rest * 0.06) : 0;
    const regionRules = ctx.regions.length > 0 ? Math.round(rest * 0.03) : 0;
    for (let n = 0; n < typeRules; n++) add('type', ...quiet('any'));
    for (let n = 0; n < stationRules; n++) {
      const [g, extra] = quiet('any');
      add('station', g, { ...extra, stationId: ctx.stations[n % ctx.stations.length]! });
    }
    for (let n = 0; n < regionRules; n++) {
      const [g, extra] = quiet('any');
      add('region', g, { ...extra, regionId: ctx.regions[n % ctx.regions.length]! });
    }
    while (rows.length < RULES) {
      // One to five devices of one kind; a gateway rule reads any metric, a single device's only m0.
      const onGateways = rnd() < 0.3;
      const pool = onGateways ? ctx.gateways : ctx.singles;
      const size = rnd() < 0.6 ? 1 : rnd() < 0.6 ? 2 : int(3, 5);
      const first = int(0, pool.length - 1);
      const deviceIds = [...new Set(Array.from({ length: size }, (_, k) => pool[(first + k) % pool.length]!))];
      if (rnd() < 0.03) {
        // No data for a week (the stream reports within the last three days): judged at every sweep.
        const metric = onGateways ? metricOf('gateway') : 'm0';
        add('devices', [[{ kind: 'nodata', metric, minutes: 10_080 }]], { deviceIds });
      } else {
        const [g, extra] = quiet(onGateways ? 'gateway' : 'single');
        add('devices', g, { ...extra, deviceIds });
      }
    }
    return { rows, counts, expectedRaised: Math.min(FIRING, ctx.gatewayCount) };
  }

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const fmt = (n: number) => Math.round(n).toLocaleString('en');

  /** A scratch database on the PostgreSQL server, dropped afterwards (never the server's others). */
  async function scratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
    const admin = new pg.Client({ connectionString: SERVER });
    await admin.connect();
    const name = `bench_alarms_${process.pid}`;
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const url = new URL(SERVER);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }

  /** Waits for the engine's queue to drain: ms after the call, or null past BENCH_ALARM_DRAIN_SECONDS. */
  async function drained(bench: Bench): Promise<number | null> {
    const t0 = performance.now();
    const done = await Promise.race([
      bench
        .app()
        .alarmEngine.idle()
        .then(() => true),
      sleep(DRAIN_SECONDS * 1000).then(() => false),
    ]);
    return done ? performance.now() - t0 : null;
  }

  async function runOn(kind: 'postgres' | 'pglite'): Promise<Figures> {
    const scratch = kind === 'postgres' ? await scratchDatabase() : null;
    try {
      const bench = await openBench(scratch?.url ?? '', { pgliteOnDisk: true });
      const { database } = bench;
      let server: Awaited<ReturnType<typeof stream.startStreamServer>> | undefined;
      let probe: ChildProcess | undefined;
      try {
        const plan = stream.streamPlan(
          kind === 'postgres'
            ? { gatewayPoints: 1_000_000, singlePoints: 100_000 }
            : { gatewayPoints: 200_000, singlePoints: 30_000 },
        );
        // Phase 1 runs without rules: whatever rules the demo seed has go (the bench writes its own).
        await database.db.execute(sql`delete from alarm_rules`);
        await stream.seedStreamDevices(database, plan);
        await database.db.execute(sql`
          insert into devices (code, name, type_id, secret_hash, status)
          select 'BAL-' || lpad(g::text, 5, '0'), 'alarm probe ' || g, t.id, ${sha256(STREAM_SECRET)}, 'online'
          from generate_series(1, ${TRIGGERS}) g, device_types t where t.code = ${STREAM_TYPE}`);
        // Every bench device in a demo station (and its region), in turn.
        await database.db.execute(sql`
          with s as (select id, region_id, row_number() over (order by id) - 1 as n, count(*) over () as total
                     from stations where region_id is not null),
               d as (select d.id, row_number() over (order by d.id) - 1 as n
                     from devices d join device_types t on t.id = d.type_id where t.code = ${STREAM_TYPE})
          update devices set station_id = s.id, region_id = s.region_id
          from d join s on s.n = d.n % s.total where devices.id = d.id`);
        const devices = await rowsOf<{ id: number; code: string; station_id: number | null; region_id: number | null }>(
          database,
          sql`select d.id, d.code, d.station_id, d.region_id from devices d join device_types t on t.id = d.type_id
              where t.code = ${STREAM_TYPE} order by d.id`,
        );
        const idOf = new Map(devices.map((d) => [d.code, d.id]));
        const stations = [...new Set(devices.flatMap((d) => (d.station_id === null ? [] : [d.station_id])))];
        const regionRows = await rowsOf<{ id: number; ancestors: string }>(
          database,
          sql`select id, ancestors from regions`,
        );
        const parentOf = new Map(
          regionRows.map((r) => [r.id, Number(r.ancestors.split(',').filter(Boolean).at(-1) ?? 0)]),
        );
        // The devices' regions and the regions one level up (a district's rule covering its towns).
        const own = new Set(devices.flatMap((d) => (d.region_id === null ? [] : [d.region_id])));
        const regions = [...new Set([...own, ...[...own].map((r) => parentOf.get(r) ?? 0).filter((r) => r > 0)])];
        const [{ type_id: typeId }] = (await rowsOf<{ type_id: number }>(
          database,
          sql`select id as type_id from device_types where code = ${STREAM_TYPE}`,
        )) as [{ type_id: number }];
        const [{ id: adminId }] = (await rowsOf<{ id: number }>(
          database,
          sql`select id from users where username = '13800000001'`,
        )) as [{ id: number }];
        const probeCodes = Array.from({ length: TRIGGERS }, (_, i) => `BAL-${String(i + 1).padStart(5, '0')}`);
        await database.db.execute(sql.raw('vacuum analyze'));

        server = await stream.startStreamServer(bench, plan);
        const app = bench.app();
        console.log(`\n=== ${kind} ===`);
        console.log(server.describe());
        const now = Date.now();

        console.log('-- phase 1: the stream without rules');
        const without = {
          gateway: (await server.run('gateway', now - 3 * DAY_MS)).rate,
          single: (await server.run('single', now - 3 * DAY_MS)).rate,
        };

        const built = buildRules({
          typeId,
          gateways: plan.gatewayCodes.map((c) => idOf.get(c)!),
          singles: plan.singleCodes.map((c) => idOf.get(c)!),
          probes: probeCodes.map((c) => idOf.get(c)!),
          stations,
          regions,
          adminId,
          gatewayCount: plan.gateways,
          entries: plan.entries,
        });
        const t0 = performance.now();
        for (let i = 0; i < built.rows.length; i += 500) {
          await database.db.insert(alarmRules).values(built.rows.slice(i, i + 500));
        }
        const inserted = performance.now() - t0;
        await app.alarmEngine.reload();
        const loaded = app.alarmEngine.stats();
        console.log(
          `-- ${fmt(loaded.rules)} enabled rules (${Object.entries(built.counts)
            .map(([k, n]) => `${k} ${fmt(n)}`)
            .join(', ')}) over ${stations.length} stations and ${regions.length} regions: ` +
            `inserted in ${(inserted / 1000).toFixed(1)} s, loaded by the engine in ${((performance.now() - t0 - inserted) / 1000).toFixed(1)} s`,
        );

        console.log('-- phase 2: the same stream with the rules');
        const before: Engine = app.alarmEngine.stats();
        const gateway = await server.run('gateway', now - 2 * DAY_MS);
        const drainGateway = await drained(bench);
        const single = await server.run('single', now - 2 * DAY_MS);
        const drainSingle = await drained(bench);
        const after: Engine = app.alarmEngine.stats();
        const engine = {
          rounds: after.rounds - before.rounds,
          judged: after.judged - before.judged,
          judgeMs: after.judgeMs - before.judgeMs,
          raised: after.raised - before.raised,
          cleared: after.cleared - before.cleared,
          failed: after.failed - before.failed,
        };
        const drainMs = drainGateway === null || drainSingle === null ? null : Math.max(drainGateway, drainSingle);
        console.log(
          `  engine: ${fmt(engine.rounds)} rounds, ${fmt(engine.judged)} judgements in ${fmt(engine.judgeMs)} ms, raised ${engine.raised} ` +
            `(the stream crosses ${built.expectedRaised}), cleared ${engine.cleared}, failed ${engine.failed}${after.lastError ? ` (last: ${after.lastError})` : ''}; ` +
            `queue drained ${drainMs === null ? `NOT within ${DRAIN_SECONDS} s` : `${drainMs.toFixed(0)} ms`} after the stream's last PUBACK ` +
            `(gateway ${drainGateway?.toFixed(0) ?? '—'} ms, single ${drainSingle?.toFixed(0) ?? '—'} ms)`,
        );

        console.log(
          `-- phase 3: ${TRIGGERS} triggering points (${VIA === 'mqtt' ? 'MQTT QoS 1' : 'HTTP'}) while the gateway stream runs`,
        );
        const http = server.base;
        const token = (await signIn(http)).authorization!.replace(/^Bearer /, '');
        probe = fork(fileURLToPath(import.meta.url), [], {
          env: { ...process.env, BENCH_ROLE: 'alarm-probe' },
          execArgv: process.execArgv,
        });
        const fromProbe = () =>
          new Promise<FromProbe>((resolve, reject) => {
            probe!.once('message', (m: FromProbe) => (m.type === 'failed' ? reject(new Error(m.error)) : resolve(m)));
            probe!.once('exit', (code) => reject(new Error(`the probe exited (${code})`)));
          });
        probe.send({
          type: 'connect',
          job: {
            base: http,
            mqtt: server.url,
            via: VIA,
            token,
            secret: STREAM_SECRET,
            codes: probeCodes,
            metric: LATENCY_METRIC,
            value: LATENCY_VALUE,
          } satisfies ProbeJob,
        });
        await fromProbe();
        // Where the time goes, seen from inside the server (one clock: the same machine): the commit
        // (the writer tells its listeners right after it) and the engine's push to the alarm viewers.
        const probeIds = new Map(probeCodes.map((c) => [idOf.get(c)!, c]));
        const committedAt = new Map<string, number>();
        const pushedAt = new Map<string, number>();
        const stopListening = app.telemetry.onLatest((fresh) => {
          const t = Date.now();
          for (const { deviceId } of fresh) {
            const code = probeIds.get(deviceId);
            if (code && !committedAt.has(code)) committedAt.set(code, t);
          }
        });
        const toAlarmViewers = app.realtime.toAlarmViewers;
        app.realtime.toAlarmViewers = (regionId, event) =>
          toAlarmViewers(regionId, (locale) => {
            const e = event(locale);
            if (e.type === 'alarm' && e.change === 'raised' && !pushedAt.has(e.alarm.deviceCode)) {
              pushedAt.set(e.alarm.deviceCode, Date.now());
            }
            return e;
          });
        // One trigger every BENCH_ALARM_TRIGGER_MS while the gateway stream runs again and again
        // (each run after the last one's points) until the last trigger is answered.
        const done = fromProbe();
        probe.send({ type: 'go', intervalMs: TRIGGER_MS });
        const lastTrigger = Date.now() + TRIGGERS * TRIGGER_MS;
        const span = plan.messages('gateway') * plan.entries * 1000 + 60_000;
        const loads: Awaited<ReturnType<typeof server.run>>[] = [];
        do {
          loads.push(await server.run('gateway', now - DAY_MS + loads.length * span, { quiet: true }));
        } while (Date.now() < lastTrigger + 1000);
        const streamEnd = Date.now();
        const streamPoints = loads.reduce((n, l) => n + l.points, 0);
        const streamRate = streamPoints / loads.reduce((n, l) => n + l.seconds, 0);
        console.log(
          `  gateway stream ${loads.length} times (${fmt(streamPoints)} points) at ${fmt(streamRate)} points/s, ` +
            `${(TRIGGERS * TRIGGER_MS) / 1000} s of triggers within it`,
        );
        const result = (await done) as Extract<FromProbe, { type: 'done' }>;
        stopListening();
        app.realtime.toAlarmViewers = toAlarmViewers;
        const spans = (
          from: (t: Trigger) => number | null | undefined,
          to: (t: Trigger) => number | null | undefined,
        ) =>
          quantiles(
            result.triggers.map((t) => {
              const a = from(t);
              const b = to(t);
              return a == null || b == null ? Number.POSITIVE_INFINITY : b - a;
            }),
          );
        const serverSide = spans(
          (t) => committedAt.get(t.code),
          (t) => pushedAt.get(t.code),
        );
        const answerLag = spans(
          (t) => committedAt.get(t.code),
          (t) => t.answeredAt,
        );
        const eventLag = spans(
          (t) => pushedAt.get(t.code),
          (t) => t.eventAt,
        );
        // The commit instant: the writer's listener, right after the commit (the same clock as the
        // client's: one machine). The device's PUBACK or answer can come later than the alarm event
        // when the server's loop is busy (PGlite works in it), so it is shown beside, not used.
        const commitOf = (t: Trigger) => committedAt.get(t.code) ?? t.answeredAt;
        const latency = result.triggers.map((t) => {
          const commit = commitOf(t);
          return commit == null || t.eventAt === null ? Number.POSITIVE_INFINITY : t.eventAt - commit;
        });
        const deviceView = spans(
          (t) => t.answeredAt,
          (t) => t.eventAt,
        );
        const missing = result.triggers.filter((t) => t.eventAt === null).length;
        const refused = result.triggers.filter((t) => t.status !== 200).length;
        const busy = result.triggers.reduce((n, t) => n + t.busy, 0);
        const statuses = [...new Set(result.triggers.map((t) => t.status))].join('/');
        const duringStream = result.triggers.filter((t) => t.answeredAt !== null && t.answeredAt <= streamEnd).length;
        const at = quantiles(latency);
        const answer = quantiles(result.triggers.map((t) => (t.answeredAt ?? Number.POSITIVE_INFINITY) - t.sentAt));
        console.log(
          `  ${TRIGGERS} triggers ${TRIGGER_MS} ms apart, ${duringStream} committed while the stream ran; ` +
            `sent → ${VIA === 'mqtt' ? 'PUBACK' : 'answer'} (the commit) p50 ${answer(0.5).toFixed(0)} ms, p95 ${answer(0.95).toFixed(0)} ms; ` +
            `${missing} without their alarm event` +
            (VIA === 'http'
              ? `, ${refused} refused (answers ${statuses}); ${busy} answers 503/429 (queue full), sent again after Retry-After`
              : ''),
        );
        console.log(
          `  commit → alarm event on the WebSocket: p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, max ${at(1).toFixed(0)} ms`,
        );
        const p = (q: (p: number) => number) => `p50 ${q(0.5).toFixed(0)}, p95 ${q(0.95).toFixed(0)} ms`;
        const ack = VIA === 'mqtt' ? 'PUBACK' : 'answer';
        console.log(
          `  where: commit → engine's push ${p(serverSide)}; push → event received ${p(eventLag)}; ` +
            `commit → ${ack} received ${p(answerLag)}, so ${ack} → event ${p(deviceView)}`,
        );
        return {
          kind,
          rules: built.counts,
          without,
          with: { gateway: gateway.rate, single: single.rate },
          engine,
          phase2Seconds: gateway.seconds + single.seconds,
          expectedRaised: built.expectedRaised,
          drainMs,
          latency,
          missing,
          refused,
          busy,
          duringStream,
          streamRate,
        };
      } finally {
        probe?.kill();
        await (server ? server.close() : bench.close());
      }
    } finally {
      await scratch?.drop();
    }
  }

  const figures: Figures[] = [];
  for (const kind of DATABASES) {
    if (kind !== 'postgres' && kind !== 'pglite') throw new Error(`BENCH_ALARMS_DATABASES: unknown ${kind}`);
    figures.push(await runOn(kind));
  }

  let failed = false;
  console.log(`\nbench:alarms — ${fmt(RULES)} enabled rules, ${TRIGGERS} triggers`);
  for (const f of figures) {
    const at = quantiles(f.latency);
    const p95 = at(0.95);
    const name = f.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    console.log(`${name}:`);
    console.log(
      `  ingest, gateway batches: ${fmt(f.without.gateway).padStart(7)} points/s without rules, ${fmt(f.with.gateway).padStart(7)} with them ` +
        `(${(((f.with.gateway - f.without.gateway) / f.without.gateway) * 100).toFixed(0)} %)`,
    );
    console.log(
      `  ingest, single points:   ${fmt(f.without.single).padStart(7)} points/s without rules, ${fmt(f.with.single).padStart(7)} with them ` +
        `(${(((f.with.single - f.without.single) / f.without.single) * 100).toFixed(0)} %)`,
    );
    console.log(
      `  engine: ${fmt(f.engine.rounds)} rounds, ${fmt(f.engine.judged)} judgements in ${fmt(f.engine.judgeMs)} ms ` +
        `(${((f.engine.judgeMs / 1000 / f.phase2Seconds) * 100).toFixed(1)} % of a core over the stream), raised ${f.engine.raised} (expected ${f.expectedRaised}), ` +
        `cleared ${f.engine.cleared}, failed ${f.engine.failed}; ` +
        `${f.drainMs === null ? `did NOT keep up (queue not drained within ${DRAIN_SECONDS} s)` : `kept up (queue drained ${f.drainMs.toFixed(0)} ms after the stream)`}`,
    );
    console.log(
      `  commit → alarm event: p50 ${at(0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, max ${at(1).toFixed(0)} ms ` +
        `(${f.latency.length - f.missing} of ${f.latency.length} events; ${f.duringStream} triggers committed during the stream at ${fmt(f.streamRate)} points/s` +
        `${VIA === 'http' ? `, ${f.busy} answers 503 first, ${f.refused} refused` : ''})`,
    );
    if (f.kind === 'postgres') {
      const ingestOk = f.with.gateway >= PG_INGEST_TARGET;
      const latencyOk = p95 <= LATENCY_TARGET_MS;
      failed ||= !ingestOk || !latencyOk;
      console.log(
        `  targets: ingest with rules ≥ ${fmt(PG_INGEST_TARGET)} points/s: ${ingestOk ? 'met' : 'NOT met'}; ` +
          `p95 ≤ ${LATENCY_TARGET_MS} ms: ${latencyOk ? 'met' : 'NOT met'}`,
      );
    } else {
      console.log('  targets: none on PGlite (figures only)');
    }
  }
  if (failed) process.exitCode = 1;
}
