// npm run bench:analysis — the station analysis over one year for the 12 demo stations on PostgreSQL
// (issue 17 part 6): a year of the demo city's hourly rollups (seedDemoHistory, 365 days), then
// GET /api/station-analysis/compare (a year, 12 stations, with the year before) and
// GET /api/station-analysis/kpis (a year, with its months) through app.inject, every request a
// question not asked before (the analysis keeps no answers: it only shares one being computed with an
// identical question asked meanwhile), so each reads the daily tier and the hours since yesterday:
//   1. one at a time: a year ending on each of the last five days;
//   2. load: 10 concurrent callers, 200 requests, compare and kpis in turn, each a year ending on its
//      own day (the last 100 days), compare on all 12 stations or on 11 of them.
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_analysis, created when missing):
// its public schema is dropped and recreated. Target: the load's p95 at most 200 ms; exit code 1 over.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { seedDemoHistory } from '../apps/server/src/db/seed/demo-history.ts';
import { ADMIN, openBench, quantiles } from './harness.ts';

const URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_analysis';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const TARGET = 200;
const DAY = 86_400_000;

// The database itself, made once on the server's default database.
{
  const url = new globalThis.URL(URL);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (found.rowCount === 0) await admin.query(`create database "${name.replaceAll('"', '""')}"`);
  await admin.end();
}

const bench = await openBench(URL);
try {
  const now = new Date();
  const seeded = performance.now();
  const history = await bench.database.db.transaction((tx) =>
    seedDemoHistory(tx, now, { days: 365, minuteHours: 0, rawHours: 0 }),
  );
  await bench.database.db.execute(sql`vacuum analyze`);
  const [days] = (
    (await bench.database.db.execute(sql`select count(*)::int as n from telemetry_rollups_1d`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  console.log(
    `database: ${bench.database.kind}; ${history?.devices} devices, ${history?.rows.hour} hourly rollups and ${days?.n} daily ones over 365 days (seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s)`,
  );

  await bench.listen();
  const app = bench.app();
  const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: ADMIN });
  const headers = { authorization: `Bearer ${(login.json() as { data: { token: string } }).data.token}` };

  // The utility's today and the year up to it.
  const day = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
  const today = day(now.getTime());
  const yearAgo = day(now.getTime() - 364 * DAY);
  const stations = (
    (
      await app.inject({
        method: 'GET',
        url: '/api/station-analysis/compare',
        query: { from: today, to: today },
        headers,
      })
    ).json() as { data: { rows: { station: { id: number } }[] } }
  ).data.rows.map((r) => r.station.id);
  const ids = stations.join(',');
  // A year ending on `to` (365 days), as the screen's last-year span.
  const yearTo = (to: string) => day(Date.parse(`${to}T00:00:00+08:00`) - 364 * DAY);
  const compareUrl = (to: string, list = ids) =>
    `/api/station-analysis/compare?from=${yearTo(to)}&to=${to}&stationIds=${list}`;
  const kpisUrl = (to: string) => `/api/station-analysis/kpis?from=${yearTo(to)}&to=${to}`;

  const get = async (url: string) => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    const ms = performance.now() - t0;
    const body = res.json() as { code: number; msg: string; data: { rows?: unknown[] } };
    if (body.code !== 200) throw new Error(`${url}: ${body.msg}`);
    return { ms, body };
  };
  const line = (name: string, times: number[]) => {
    const at = quantiles(times);
    console.log(
      `${name.padEnd(48)} n ${String(times.length).padStart(3)}   p50 ${at(0.5).toFixed(1).padStart(7)} ms   p95 ${at(0.95).toFixed(1).padStart(7)} ms`,
    );
    return at(0.95);
  };

  // 1. One at a time: each a question not asked before (the last day moves back a day each time).
  const cold = { compare: [] as number[], kpis: [] as number[] };
  for (let i = 1; i <= 5; i++) {
    const to = day(now.getTime() - i * DAY);
    cold.compare.push((await get(compareUrl(to))).ms);
    cold.kpis.push((await get(kpisUrl(to))).ms);
  }
  const first = await get(compareUrl(today));
  console.log(`compare: ${first.body.data.rows?.length} stations, ${yearAgo} – ${today} against the year before`);
  line('fresh compare (1 year, 12 stations), alone', cold.compare);
  line('fresh kpis (1 year, 12 months), alone', cold.kpis);

  // 2. Load: CONCURRENCY callers, REQUESTS in all, compare and kpis in turn, no two alike: request i
  // asks for the year ending ⌊i / 2⌋ days ago; every other compare leaves one station out.
  const times = { compare: [] as number[], kpis: [] as number[] };
  const fewer = stations.slice(1).join(',');
  let next = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const i = next++;
        const which = i % 2 === 0 ? 'compare' : 'kpis';
        const to = day(now.getTime() - Math.floor(i / 2) * DAY);
        const url = which === 'kpis' ? kpisUrl(to) : compareUrl(to, i % 4 === 0 ? ids : fewer);
        times[which].push((await get(url)).ms);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  // The app and its callers share this process's one thread: how busy it was against PostgreSQL's share.
  console.log(
    `node process CPU during the load: ${(((used.user + used.system) / 1e6 / seconds) * 100).toFixed(0)}% of a core`,
  );
  console.log(
    `load: ${REQUESTS} fresh questions, ${CONCURRENCY} concurrent, ${(REQUESTS / seconds).toFixed(0)} requests/s`,
  );
  line('fresh compare under load', times.compare);
  line('fresh kpis under load', times.kpis);
  const p95 = line('all under load', [...times.compare, ...times.kpis]);
  console.log(`target: p95 ≤ ${TARGET} ms — ${p95 <= TARGET ? 'met' : 'MISSED'}`);
  process.exitCode = p95 <= TARGET ? 0 : 1;
} finally {
  await bench.close();
}
