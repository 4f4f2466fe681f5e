// npm run bench:stations — the live pump-station screens (issue 14) over real HTTP on loopback, every
// request made and timed by a child process (harness.ts `loadInChild`), as a client receives it:
// - GET /api/pump-stations/live with 200 configured stations, each reporting (target p95 ≤ 50 ms);
// - GET /api/public/overview under 200 concurrent viewers, each polling back to back from its own
//   address (X-Forwarded-For with TRUST_PROXY, so the per-IP limit sees 200 viewers), 100 answers each
//   (BENCH_VIEWER_CALLS in all) after 10 untimed (target p95 ≤ 50 ms);
// - GET /api/pump-stations/:id/trend?hours=24 with 24 h of 1-minute rollups (target p95 ≤ 100 ms).
// The demo city's 12 stations are cloned (devices, pumps, sensors) up to 200; every mapped point gets
// a fresh latest reading, every level and flow meter 24 h of 1-minute and 1-hour rollups, and the
// pumps' running flags too. PGlite by default; BENCH_DATABASE_URL=postgres://… measures a PostgreSQL
// server (its schema is dropped and recreated). Targets apply to PostgreSQL.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { loadInChild, openBench, quantiles, rowsOf, signIn, timeGetApart } from './harness.ts';

const STATIONS = Number(process.env.BENCH_STATIONS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const COLD_ROUNDS = Number(process.env.BENCH_COLD_ROUNDS ?? 10);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 200);
const VIEWER_CALLS = Number(process.env.BENCH_VIEWER_CALLS ?? 20_000);
const TARGETS = { list: 50, overview: 50, trend: 100 };

const bench = await openBench();
const { database } = bench;
const exec = (q: string) => database.db.execute(sql.raw(q));
try {
  const started = performance.now();
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const nowText = now.toISOString();
  const templates = await rowsOf<{ id: number }>(database, sql`select id from stations order by code`);
  const [{ n: configured } = { n: 0 }] = await rowsOf<{ n: number }>(
    database,
    sql`select count(distinct station_id)::int as n from station_pumps`,
  );
  if (configured < 1) throw new Error('the demo seed configured no station');
  const deviceColumns = (
    await rowsOf<{ column_name: string }>(
      database,
      sql`select column_name from information_schema.columns
          where table_schema = current_schema() and table_name = 'devices' and column_name not in ('id', 'code', 'station_id')`,
    )
  )
    .map((c) => `"${c.column_name}"`)
    .join(', ');
  const stationColumns = (
    await rowsOf<{ column_name: string }>(
      database,
      sql`select column_name from information_schema.columns
          where table_schema = current_schema() and table_name = 'stations' and column_name not in ('id', 'code', 'name')`,
    )
  )
    .map((c) => `"${c.column_name}"`)
    .join(', ');
  const pumpColumns = (
    await rowsOf<{ column_name: string }>(
      database,
      sql`select column_name from information_schema.columns
          where table_schema = current_schema() and table_name = 'station_pumps' and column_name not in ('id', 'station_id', 'controller_device_id')`,
    )
  )
    .map((c) => `"${c.column_name}"`)
    .join(', ');

  for (let i = templates.length + 1; i <= STATIONS; i++) {
    const tpl = templates[(i - 1) % templates.length]!.id;
    const [station] = await rowsOf<{ id: number }>(
      database,
      sql.raw(`insert into stations (code, name, ${stationColumns})
        select 'BS${i}', name || '-${i}', ${stationColumns} from stations where id = ${tpl} returning id`),
    );
    const sid = station!.id;
    // The station's own devices (controllers, level gauge, flow meter) are cloned; a rain gauge is shared.
    const own = await rowsOf<{ id: number }>(
      database,
      sql.raw(`select distinct d.id from devices d where d.station_id = ${tpl} and (
          d.id in (select controller_device_id from station_pumps where station_id = ${tpl})
          or d.id in (select device_id from station_sensors where station_id = ${tpl} and role <> 'rain'))`),
    );
    const map = new Map<number, number>();
    for (const d of own) {
      const [copy] = await rowsOf<{ id: number }>(
        database,
        sql.raw(`insert into devices (code, station_id, ${deviceColumns})
          select 'BS${i}-' || code, ${sid}, ${deviceColumns} from devices where id = ${d.id} returning id`),
      );
      map.set(d.id, copy!.id);
    }
    const mapped = (col: string) =>
      `case ${col} ${[...map].map(([a, b]) => `when ${a} then ${b}`).join(' ')} else ${col} end`;
    await exec(`insert into station_pumps (station_id, controller_device_id, ${pumpColumns})
      select ${sid}, ${map.size ? mapped('controller_device_id') : 'controller_device_id'}, ${pumpColumns}
      from station_pumps where station_id = ${tpl}`);
    await exec(`insert into station_sensors (station_id, role, device_id, metric)
      select ${sid}, role, ${map.size ? mapped('device_id') : 'device_id'}, metric
      from station_sensors where station_id = ${tpl}`);
  }

  // Every mapped point reports now; every device is online.
  await exec(`
    with points as (
      select controller_device_id as d, unnest(array[running_metric, fault_metric, remote_metric, frequency_metric,
        current_metric, power_metric, run_hours_metric]) as m, number from station_pumps where controller_device_id is not null
      union all select device_id, metric, 0 from station_sensors)
    insert into telemetry_latest (device_id, metric, ts, value, text_value, quality)
    select distinct on (d, m) d, m, timestamptz '${nowText}' - interval '10 seconds',
      case when m = 'mode' then null when m = 'running' then (number % 2)::float8 when m = 'fault' then 0
           else 1 + random() * 3 end,
      case when m = 'mode' then 'remote' end, 0
    from points where m is not null
    on conflict (device_id, metric) do update set ts = excluded.ts, value = excluded.value, text_value = excluded.text_value`);
  await exec(`update devices set status = 'online', last_seen_at = timestamptz '${nowText}' - interval '5 seconds'
    where archived_at is null and status <> 'disabled'`);
  // 24 h of 1-minute rollups (and their hourly ones) of every level gauge, flow meter and running flag.
  await exec(`
    insert into telemetry_rollups_1m (device_id, metric, bucket, min, max, sum, count)
    select s.device_id, s.metric, b, 1, 3, 12, 6
    from (select device_id, metric from station_sensors where role in ('level', 'flow')
          union select controller_device_id, running_metric from station_pumps
          where controller_device_id is not null and running_metric is not null) s,
      generate_series(date_trunc('minute', timestamptz '${nowText}') - interval '1439 minutes',
                      date_trunc('minute', timestamptz '${nowText}'), interval '1 minute') b
    on conflict do nothing`);
  await exec(`
    insert into telemetry_rollups_1h (device_id, metric, bucket, min, max, sum, count)
    select device_id, metric, date_trunc('hour', bucket), min(min), max(max), sum(sum), sum(count)::int
    from telemetry_rollups_1m group by 1, 2, 3
    on conflict do nothing`);
  if (database.kind === 'postgres') await exec('vacuum analyze');
  const [counts] = await rowsOf<{ s: number; d: number; l: number; m: number }>(
    database,
    sql`select (select count(*) from stations)::int as s, (select count(*) from devices)::int as d,
      (select count(*) from telemetry_latest)::int as l, (select count(*) from telemetry_rollups_1m)::int as m`,
  );
  const loaded = ((performance.now() - started) / 1000).toFixed(1);

  const base = await bench.listen({ TRUST_PROXY: 'true' });
  const headers = await signIn(base);
  console.log(
    `database: ${database.kind}; ${counts?.s} stations, ${counts?.d} devices, ${counts?.l} latest readings, ${counts?.m} 1-minute rollups (loaded in ${loaded} s)`,
  );
  // The figures follow the machine's load (other work on the same cores): printed with them.
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(`load average before the timings: ${load()}`);

  const first = (await (await fetch(`${base}/api/pump-stations/live`, { headers })).json()) as {
    data: { total: number; counts: Record<string, number>; list: { id: number }[] };
  };
  console.log(`live list: ${first.data.total} stations, by state ${JSON.stringify(first.data.counts)}`);
  const p95List = await timeGetApart(base, headers, 'live list, 200 stations', '/api/pump-stations/live', ROUNDS);
  // No target: the list as the first caller after a quiet second gets it, when the server's snapshot
  // of every station has expired and is read again before the answer (station-live.snapshot.ts).
  await timeGetApart(
    base,
    headers,
    'live list, after 1.1 s without callers',
    '/api/pump-stations/live',
    COLD_ROUNDS,
    1100,
  );
  const trendId = first.data.list.at(-1)!.id;
  const p95Trend = await timeGetApart(
    base,
    headers,
    '24-h trend',
    `/api/pump-stations/${trendId}/trend?hours=24`,
    ROUNDS,
  );

  // 200 viewers, each from its own address, polling back to back until VIEWER_CALLS answers, from a
  // child process (load.ts): the requests and the reading of the answers do not share the server's core.
  const viewers = await loadInChild({
    base,
    path: '/api/public/overview',
    viewers: VIEWERS,
    calls: VIEWER_CALLS,
    // 10 answers per viewer first, untimed: the server's code warm, as in any server that has served
    // its viewers for a second.
    warmup: VIEWERS * 10,
    viewerHeaders: Array.from({ length: VIEWERS }, (_, v) => ({
      'x-forwarded-for': `10.${Math.floor(v / 250)}.${v % 250}.1`,
    })),
    okPrefix: '{"code":200,',
  });
  const at = quantiles(viewers.times);
  const p95Overview = at(0.95);
  console.log(
    `${`public overview, ${VIEWERS} viewers`.padEnd(42)} median ${at(0.5).toFixed(1).padStart(6)} ms   p95 ${p95Overview
      .toFixed(1)
      .padStart(
        6,
      )} ms   (${Math.round(VIEWER_CALLS / viewers.seconds)} req/s, ${viewers.refused} refused by the rate limit)`,
  );

  console.log(`load average after the timings: ${load()}`);
  const verdict = (p95: number, target: number) =>
    `${p95.toFixed(1)} ms (target ≤ ${target} ms): ${database.kind !== 'postgres' ? 'target applies to PostgreSQL' : p95 <= target ? 'met' : 'NOT met'}`;
  console.log(`live list p95 ${verdict(p95List, TARGETS.list)}`);
  console.log(`public overview p95 ${verdict(p95Overview, TARGETS.overview)}`);
  console.log(`24-h trend p95 ${verdict(p95Trend, TARGETS.trend)}`);
} finally {
  await bench.close();
}
