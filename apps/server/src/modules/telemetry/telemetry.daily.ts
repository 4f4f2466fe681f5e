import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../../db/client.ts';
import { UTILITY_OFFSET_MS } from '../../lib/clock.ts';

const DAY_MS = 86_400_000;
/** How often the job re-derives the current and the previous utility day. */
export const DAILY_ROLLUP_EVERY_MS = 5 * 60_000;
/** The first run (and its catch-up after a pause) waits this long after start, clear of the start-up work. */
export const DAILY_ROLLUP_FIRST_RUN_MS = 15_000;
/** Days before yesterday rechecked for late hours (a gateway replaying its buffer) once an hour. */
export const DAILY_ROLLUP_RECHECK_DAYS = 7;
const RECHECK_EVERY_MS = 3_600_000;
/** The advisory lock that lets one server at a time run the job (the others skip that run). */
const DAILY_ROLLUP_LOCK = 0x7e1e_0d01;

/** Raw queries answer `{ rows }` on PGlite and node-postgres alike. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (ms: number) => new Date(ms).toISOString();

/** The instant (ms) the utility day (UTC+8) holding `ms` starts. */
export const utilityDayStart = (ms: number) =>
  Math.floor((ms + UTILITY_OFFSET_MS) / DAY_MS) * DAY_MS - UTILITY_OFFSET_MS;

/** The instant (ms) the utility month holding `ms` starts, and the one `n` months after it. */
export const utilityMonthStart = (ms: number, n = 0) => {
  const d = new Date(ms + UTILITY_OFFSET_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1) - UTILITY_OFFSET_MS;
};

/** The origin of the utility's days for date_bin: a utility midnight (16:00 UTC). */
const ORIGIN = sql.raw(`timestamptz '${iso(-UTILITY_OFFSET_MS)}'`);
/** The utility month's start of a timestamptz column. */
const MONTH_OF = (column: string) =>
  sql.raw(
    `((date_trunc('month', (${column} at time zone 'UTC') + interval '${UTILITY_OFFSET_MS / 1000} seconds') - interval '${UTILITY_OFFSET_MS / 1000} seconds') at time zone 'UTC')`,
  );
/** The upsert's update: a row left alone when what it sums did not change. */
const UPDATE = sql.raw(`
  set hours = excluded.hours, points = excluded.points, mean_sum = excluded.mean_sum, min = excluded.min,
      max = excluded.max, first_min = excluded.first_min, first_max = excluded.first_max,
      last_max = excluded.last_max, rise = excluded.rise
  where (d.hours, d.points, d.mean_sum, d.min, d.max, d.rise)
    is distinct from (excluded.hours, excluded.points, excluded.mean_sum, excluded.min, excluded.max, excluded.rise)`);

/**
 * (Re)derives the daily rows of the utility days in [from, to) (day starts, ms) from the 1-hour
 * rollups, then the monthly rows of the months they are in from the daily rows: idempotent upserts,
 * a row left alone when what it sums did not change. Answers the rows written. See
 * `telemetryRollups1d` for the columns; the migration 0028 runs the same statements once over the
 * whole 1-hour tier.
 */
export async function deriveDailyRollups(db: Queryable, from: number, to: number): Promise<number> {
  if (to <= from) return 0;
  return (await deriveDays(db, from, to)) + (await deriveMonths(db, from, to));
}

/** The monthly rows of the months holding the days in [from, to), from the daily rows. */
export async function deriveMonths(db: Queryable, from: number, to: number): Promise<number> {
  if (to <= from) return 0;
  const start = utilityMonthStart(from);
  const end = utilityMonthStart(to - 1, 1);
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with h as (
        select device_id, metric, bucket, hours, points, mean_sum, min, max, first_min, first_max, last_max, rise,
          ${MONTH_OF('bucket')} as month,
          lag(last_max) over (partition by device_id, metric, ${MONTH_OF('bucket')} order by bucket) as prev
        from telemetry_rollups_1d
        where bucket >= ${iso(start)}::timestamptz and bucket < ${iso(end)}::timestamptz
      ),
      up as (
        insert into telemetry_rollups_1mo as d
          (device_id, metric, bucket, hours, points, mean_sum, min, max, first_min, first_max, last_max, rise)
        select device_id, metric, month, sum(hours)::int, sum(points)::int, sum(mean_sum), min(min), max(max),
          (array_agg(first_min order by bucket))[1], (array_agg(first_max order by bucket))[1],
          (array_agg(last_max order by bucket desc))[1],
          sum(rise + case when prev is null then 0 when first_max < prev then first_max - first_min else first_max - prev end)
        from h
        group by device_id, metric, month
        on conflict (device_id, metric, bucket) do update ${UPDATE}
        returning 1
      )
      select count(*)::int as n from up`),
  );
  return Number(row?.n ?? 0);
}

async function deriveDays(db: Queryable, from: number, to: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with h as (
        select device_id, metric, bucket, min, max, sum, count,
          date_bin('1 day', bucket, ${ORIGIN}) as day,
          lag(max) over (partition by device_id, metric, date_bin('1 day', bucket, ${ORIGIN}) order by bucket) as prev
        from telemetry_rollups_1h
        where bucket >= ${iso(from)}::timestamptz and bucket < ${iso(to)}::timestamptz
      ),
      up as (
        insert into telemetry_rollups_1d as d
          (device_id, metric, bucket, hours, points, mean_sum, min, max, first_min, first_max, last_max, rise)
        select device_id, metric, day, count(*)::int, sum(count)::int, sum(sum / count), min(min), max(max),
          (array_agg(min order by bucket))[1], (array_agg(max order by bucket))[1],
          (array_agg(max order by bucket desc))[1],
          coalesce(sum(case when prev is null then 0 when max < prev then max - min else max - prev end), 0)
        from h
        group by device_id, metric, day
        on conflict (device_id, metric, bucket) do update ${UPDATE}
        returning 1
      )
      select count(*)::int as n from up`),
  );
  return Number(row?.n ?? 0);
}

/**
 * The days in [from, to) whose daily rows no longer match their hours (readings added late, more
 * than a day after their hour): Σ count of the hourly rows against the day rows' points.
 */
async function staleDays(db: Queryable, from: number, to: number): Promise<number[]> {
  if (to <= from) return [];
  const rows = rowsOf<{ day: string | Date }>(
    await db.execute(sql`
      select coalesce(h.day, d.day) as day from (
        select date_bin('1 day', bucket, ${ORIGIN}) as day, sum(count)::bigint as points
        from telemetry_rollups_1h
        where bucket >= ${iso(from)}::timestamptz and bucket < ${iso(to)}::timestamptz
        group by 1
      ) h
      full join (
        select bucket as day, sum(points)::bigint as points
        from telemetry_rollups_1d
        where bucket >= ${iso(from)}::timestamptz and bucket < ${iso(to)}::timestamptz
        group by 1
      ) d on d.day = h.day
      where h.points is distinct from d.points`),
  );
  return rows.map((r) => new Date(r.day).getTime());
}

/**
 * One run of the job at `now`: the previous and the current utility day again; after a pause (the
 * server was down), every day from the newest one derived; with `recheck`, the days of the week before
 * yesterday whose hours changed since. Answers the rows written.
 */
export async function refreshDailyRollups(db: Queryable, now: Date, recheck = false): Promise<number> {
  const today = utilityDayStart(now.getTime());
  let from = today - DAY_MS;
  const [newest] = rowsOf<{ t: string | Date | null }>(
    await db.execute(sql`select max(bucket) as t from telemetry_rollups_1d`),
  );
  if (newest?.t) from = Math.min(from, new Date(newest.t).getTime());
  else {
    // Nothing derived yet: from the first hour there is.
    const [first] = rowsOf<{ t: string | Date | null }>(
      await db.execute(sql`select min(bucket) as t from telemetry_rollups_1h`),
    );
    if (first?.t) from = Math.min(from, utilityDayStart(new Date(first.t).getTime()));
  }
  let written = await deriveDailyRollups(db, from, today + DAY_MS);
  if (recheck) {
    const start = Math.min(from, today - DAY_MS) - DAILY_ROLLUP_RECHECK_DAYS * DAY_MS;
    for (const day of await staleDays(db, start, Math.min(from, today - DAY_MS)))
      written += await deriveDailyRollups(db, day, day + DAY_MS);
  }
  return written;
}

/**
 * Keeps the daily tier current: every DAILY_ROLLUP_EVERY_MS (first soon after start) re-derives the
 * previous and current utility day, rechecking the week before once an hour. Safe on several servers:
 * the upsert is idempotent, and a run that does not get the advisory lock leaves it to the server that
 * has it. A run still going when the next is due lets it pass. The returned function stops the job and
 * waits for a run in flight.
 */
export function startDailyRollupJob(app: FastifyInstance): () => Promise<void> {
  let running: Promise<void> | null = null;
  let lastRecheck = 0;
  const run = () => {
    if (running) return running;
    const now = app.clock.now();
    const recheck = Date.now() - lastRecheck >= RECHECK_EVERY_MS;
    running = (app.db as Db)
      .transaction(async (tx) => {
        const [lock] = rowsOf<{ ok: boolean }>(
          await tx.execute(sql`select pg_try_advisory_xact_lock(${DAILY_ROLLUP_LOCK}) as ok`),
        );
        if (!lock?.ok) return;
        await refreshDailyRollups(tx, now, recheck);
        if (recheck) lastRecheck = Date.now();
      })
      .catch((err: unknown) => app.log.error({ err }, 'telemetry: daily rollups failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const first = setTimeout(run, DAILY_ROLLUP_FIRST_RUN_MS);
  const every = setInterval(run, DAILY_ROLLUP_EVERY_MS);
  first.unref();
  every.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  };
}
