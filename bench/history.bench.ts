// npm run bench:history — the history chart's query over one metric with a year of 1-minute data:
// 525,600 one-minute rollups, their 8,760 hourly ones and the raw points the retention keeps
// (TELEMETRY_RAW_DAYS, 90 days of one reading a minute), loaded with SQL, then
// GET /api/monitoring/history for the last year (default maxPoints), 30 days, 7 days, 1 day and
// 1 hour, over real HTTP on loopback, with the resolution each answer chose.
// PGlite by default; BENCH_DATABASE_URL=postgres://… measures a PostgreSQL server (its schema is
// dropped and recreated). Target on PostgreSQL: the 1-year p95 at most 150 ms.
import { sql } from 'drizzle-orm';
import { openBench, rowsOf, signIn, timeGet } from './harness.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const RAW_DAYS = Number(process.env.BENCH_RAW_DAYS ?? 90);
const TARGET = 150;
const DAY = 86_400_000;
// The end of the data: a whole hour, the chart asks up to now.
const END = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);

const bench = await openBench();
const { database } = bench;
try {
  const started = performance.now();
  const [device] = await rowsOf<{ id: number }>(
    database,
    sql`select d.id from devices d join device_types t on t.id = d.type_id
        where t.model::text like '%"level"%' and d.archived_at is null order by d.id limit 1`,
  );
  if (!device) throw new Error('no demo device with a level metric');
  const id = device.id;
  const end = END.toISOString();
  // A level between 0.5 and 4.5 m following a daily wave, a rain bump every ninth day and some noise.
  const level = (t: string) =>
    `(2.5 + 1.5 * sin(extract(epoch from ${t}) / 86400.0 * 2 * pi()) + 0.5 * (extract(doy from ${t})::int % 9 = 0)::int + 0.1 * sin(extract(epoch from ${t}) / 97.0))`;
  await database.db.execute(
    sql.raw(`
    insert into telemetry_rollups_1m (device_id, metric, bucket, min, max, sum, count)
    select ${id}, 'level', b, v - 0.02, v + 0.02, v * 6, 6
    from (select b, ${level('b')} as v
          from generate_series(timestamptz '${end}' - interval '525600 minutes', timestamptz '${end}' - interval '1 minute', interval '1 minute') b) s`),
  );
  await database.db.execute(
    sql.raw(`
    insert into telemetry_rollups_1h (device_id, metric, bucket, min, max, sum, count)
    select device_id, metric, date_bin('1 hour', bucket, timestamptz 'epoch'), min(min), max(max), sum(sum), sum(count)::int
    from telemetry_rollups_1m where device_id = ${id} and metric = 'level' group by 1, 2, 3`),
  );
  await database.db.execute(
    sql.raw(`
    insert into telemetry_points (device_id, metric, ts, value, quality)
    select ${id}, 'level', t, ${level('t')}, 0
    from generate_series(timestamptz '${end}' - interval '${RAW_DAYS * 1440} minutes', timestamptz '${end}' - interval '1 minute', interval '1 minute') t`),
  );
  await database.db.execute(sql.raw('vacuum analyze'));
  const [counts] = await rowsOf<{ m: number; h: number; p: number }>(
    database,
    sql`select (select count(*) from telemetry_rollups_1m)::int as m, (select count(*) from telemetry_rollups_1h)::int as h,
               (select count(*) from telemetry_points)::int as p`,
  );
  const loaded = ((performance.now() - started) / 1000).toFixed(1);

  const base = await bench.listen();
  const headers = await signIn(base);
  console.log(
    `database: ${database.kind}; device ${id} level: ${counts?.m} 1-minute rollups, ${counts?.h} hourly, ${counts?.p} raw points (${RAW_DAYS} days; loaded in ${loaded} s); ${ROUNDS} rounds`,
  );
  const ranges: [string, number][] = [
    ['1 year', 365 * DAY],
    ['30 days', 30 * DAY],
    ['7 days', 7 * DAY],
    ['1 day', DAY],
    ['1 hour', 3_600_000],
  ];
  const p95: Record<string, number> = {};
  for (const [name, span] of ranges) {
    const url = `/api/monitoring/history?series=${id}:level&from=${new Date(END.getTime() - span).toISOString()}&to=${end}`;
    const answer = (await (await fetch(`${base}${url}`, { headers })).json()) as {
      data: { resolution: string; bucketSeconds: number; series: { points: unknown[] }[] };
    };
    const { resolution, bucketSeconds, series } = answer.data;
    const label = `${name}: ${resolution}${resolution === 'bucket' ? ` ${bucketSeconds / 3600} h` : ''}, ${series[0]?.points.length} points`;
    p95[name] = await timeGet(base, headers, label, url, ROUNDS);
  }
  const year = p95['1 year']!;
  console.log(
    `history p95 over one year of 1-minute data: ${year.toFixed(1)} ms (target ≤ ${TARGET} ms) on ${database.kind}: ${
      database.kind !== 'postgres' ? 'target applies to PostgreSQL' : year <= TARGET ? 'met' : 'NOT met'
    }`,
  );
} finally {
  await bench.close();
}
