import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { devices, deviceTypes, stationPumps, stationSensors, stations } from '../../db/schema/index.ts';
import { UTILITY_OFFSET_MS } from '../../lib/clock.ts';

export interface SeriesKey {
  deviceId: number;
  metric: string;
}

/** Raw queries answer `{ rows }` on PGlite and node-postgres alike. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A list of (device, metric) pairs as a SQL row-value list: `(1, 'level'), (2, 'flow')`. */
const pairs = (series: SeriesKey[]) =>
  sql.join(
    series.map((s) => sql`(${s.deviceId}::int, ${s.metric}::text)`),
    sql`, `,
  );

const OFFSET_S = UTILITY_OFFSET_MS / 1000;
/** The utility day (days since 1970-01-01 in UTC+8) a bucket starts in. */
const dayOf = (column: ReturnType<typeof sql>) =>
  sql`floor((extract(epoch from ${column}) + ${OFFSET_S}) / 86400)::int`;
const iso = (d: Date) => d.toISOString();

const rollupTable = (tier: '1m' | '1h') => (tier === '1m' ? sql`telemetry_rollups_1m` : sql`telemetry_rollups_1h`);

/** A reading of a run state where something happened: a change, the end of a silence, the last one. */
export interface RunChange {
  ts: Date;
  value: number;
  /** The reading before it (null: none in the window). */
  prev: number | null;
  prevTs: Date | null;
}

/** Per series and utility day (days since the epoch, UTC+8). */
export interface DailyFigure extends SeriesKey {
  day: number;
  value: number;
}

export function createStationHistoryRepository(db: Queryable) {
  return {
    /** The station with its pumps (number order) and sensors; undefined when there is none. */
    async station(id: number) {
      const [station] = await db.select().from(stations).where(eq(stations.id, id));
      if (!station) return undefined;
      const [pumps, sensors] = await Promise.all([
        db.select().from(stationPumps).where(eq(stationPumps.stationId, id)).orderBy(asc(stationPumps.number)),
        db.select().from(stationSensors).where(eq(stationSensors.stationId, id)),
      ]);
      return { station, pumps, sensors };
    },

    /** The devices a station reads, with their type's thing model (names, units, decimals, offline window). */
    devices: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: devices.id, code: devices.code, name: devices.name, model: deviceTypes.model })
            .from(devices)
            .leftJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
            .where(inArray(devices.id, ids)),

    /**
     * The readings of a run state in [from − hold, to) where the run pattern moves: a change, the first
     * reading after a silence longer than `holdSeconds`, the last reading before `from` and the last one
     * of all. The readings skipped repeat the one before them, so a day's run time and starts follow from
     * these few rows instead of every reading (a pump reporting every 20 s sends 4,320 a day).
     */
    async runChanges(s: SeriesKey, from: Date, to: Date, holdSeconds: number): Promise<RunChange[]> {
      const rows = rowsOf<{ ts: string | Date; value: number; prev: number | null; prev_ts: string | Date | null }>(
        await db.execute(sql`
          select ts, value, prev, prev_ts from (
            select ts, value, lag(value) over w as prev, lag(ts) over w as prev_ts, lead(ts) over w as next_ts
            from telemetry_points
            where device_id = ${s.deviceId} and metric = ${s.metric} and value is not null
              and ts >= ${iso(from)}::timestamptz - make_interval(secs => ${holdSeconds})
              and ts < ${iso(to)}::timestamptz
            window w as (order by ts)
          ) p
          where prev is distinct from value
            or ts - prev_ts > make_interval(secs => ${holdSeconds})
            or next_ts is null
            or (ts < ${iso(from)}::timestamptz and next_ts >= ${iso(from)}::timestamptz)
          order by ts`),
      );
      return rows.map((r) => ({
        ts: new Date(r.ts),
        value: Number(r.value),
        prev: r.prev === null ? null : Number(r.prev),
        prevTs: r.prev_ts === null ? null : new Date(r.prev_ts),
      }));
    },

    /**
     * Σ average × hours per series and utility day over the rollup buckets starting in [from, to): a
     * flow gives m³ (in its unit × h), a power kWh, a run state its run hours. A bucket still running at
     * `now` counts only the part that has passed.
     */
    async integrals(tier: '1m' | '1h', series: SeriesKey[], from: Date, to: Date, now: Date): Promise<DailyFigure[]> {
      if (series.length === 0 || from >= to) return [];
      const width = tier === '1m' ? 60 : 3600;
      const rows = rowsOf<{ device_id: number; metric: string; day: number; v: number }>(
        await db.execute(sql`
          select device_id, metric, ${dayOf(sql`bucket`)} as day,
            sum(sum / count * least(${width}, greatest(0, extract(epoch from ${iso(now)}::timestamptz - bucket))) / 3600) as v
          from ${rollupTable(tier)}
          where (device_id, metric) in (${pairs(series)})
            and bucket >= ${iso(from)}::timestamptz and bucket < ${iso(to)}::timestamptz
          group by 1, 2, 3`),
      );
      return rows.map((r) => ({
        deviceId: Number(r.device_id),
        metric: r.metric,
        day: Number(r.day),
        value: Number(r.v),
      }));
    },

    /**
     * Starts per series and utility day from rollups: a bucket in which it ran after a bucket in which
     * it never did (the previous bucket present, a day back at most, so the first bucket of the range
     * is judged too).
     */
    async rollupStarts(tier: '1m' | '1h', series: SeriesKey[], from: Date, to: Date): Promise<DailyFigure[]> {
      if (series.length === 0 || from >= to) return [];
      const rows = rowsOf<{ device_id: number; metric: string; day: number; n: number }>(
        await db.execute(sql`
          select device_id, metric, ${dayOf(sql`bucket`)} as day, count(*)::int as n from (
            select device_id, metric, bucket, max, lag(max) over (partition by device_id, metric order by bucket) as prev
            from ${rollupTable(tier)}
            where (device_id, metric) in (${pairs(series)})
              and bucket >= ${iso(from)}::timestamptz - interval '1 day' and bucket < ${iso(to)}::timestamptz
          ) b
          where bucket >= ${iso(from)}::timestamptz and max >= 0.5 and prev < 0.5
          group by 1, 2, 3`),
      );
      return rows.map((r) => ({
        deviceId: Number(r.device_id),
        metric: r.metric,
        day: Number(r.day),
        value: Number(r.n),
      }));
    },

    /** The 1-hour buckets of one series in [from, to), in time order, with their least and greatest reading. */
    async hourBuckets(s: SeriesKey, from: Date, to: Date): Promise<{ t: number; min: number; max: number }[]> {
      const rows = rowsOf<{ bucket: string | Date; min: number; max: number }>(
        await db.execute(sql`
          select bucket, min, max from telemetry_rollups_1h
          where device_id = ${s.deviceId} and metric = ${s.metric}
            and bucket >= ${iso(from)}::timestamptz and bucket < ${iso(to)}::timestamptz
          order by bucket`),
      );
      return rows.map((r) => ({ t: new Date(r.bucket).getTime(), min: Number(r.min), max: Number(r.max) }));
    },

    /**
     * A counter's rise per series and utility day from the 1-hour rollups: each hour's maximum (its last
     * reading, the counter only going up) less the hour before's, a day back at most; after a reset (a
     * new meter) the hour's own rise. So a day holds what the counter gained from its last reading
     * before midnight to its last reading of the day.
     */
    async counterRise(series: SeriesKey[], from: Date, to: Date): Promise<DailyFigure[]> {
      if (series.length === 0 || from >= to) return [];
      const rows = rowsOf<{ device_id: number; metric: string; day: number; v: number }>(
        await db.execute(sql`
          select device_id, metric, ${dayOf(sql`bucket`)} as day,
            sum(case when prev is null or max < prev then max - min else max - prev end) as v
          from (
            select device_id, metric, bucket, min, max, lag(max) over (partition by device_id, metric order by bucket) as prev
            from telemetry_rollups_1h
            where (device_id, metric) in (${pairs(series)})
              and bucket >= ${iso(from)}::timestamptz - interval '1 day' and bucket < ${iso(to)}::timestamptz
          ) b
          where bucket >= ${iso(from)}::timestamptz
          group by 1, 2, 3`),
      );
      return rows.map((r) => ({
        deviceId: Number(r.device_id),
        metric: r.metric,
        day: Number(r.day),
        value: Number(r.v),
      }));
    },

    /** The first reading (raw) or bucket start (rollups) of each series in [from, to): where each tier begins. */
    async earliest(tier: 'raw' | '1m' | '1h', series: SeriesKey[], from: Date, to: Date) {
      if (series.length === 0) return new Map<string, Date>();
      const [table, column] = tier === 'raw' ? [sql`telemetry_points`, sql`ts`] : [rollupTable(tier), sql`bucket`];
      const rows = rowsOf<{ device_id: number; metric: string; t: string | Date }>(
        await db.execute(sql`
          select device_id, metric, min(${column}) as t from ${table}
          where (device_id, metric) in (${pairs(series)})
            and ${column} >= ${iso(from)}::timestamptz and ${column} < ${iso(to)}::timestamptz
          group by 1, 2`),
      );
      return new Map(rows.map((r) => [`${r.device_id}:${r.metric}`, new Date(r.t)]));
    },
  };
}

export type StationHistoryRepository = ReturnType<typeof createStationHistoryRepository>;
