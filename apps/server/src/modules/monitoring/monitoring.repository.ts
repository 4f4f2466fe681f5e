import { and, asc, count, eq, gt, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  devices,
  deviceTypes,
  regions,
  stations,
  telemetryLatest,
  telemetryPoints,
  telemetryRollups1h,
  telemetryRollups1m,
} from '../../db/schema/index.ts';
import { containing } from '../../lib/like.ts';
import { offlineAfterSeconds } from '../telemetry/telemetry.repository.ts';

export interface PointFilter {
  keyword?: string | undefined;
  /** The regions to read (a requested subtree within the caller's limit); undefined: no limit. */
  regionIds?: number[] | undefined;
  stationId?: number | undefined;
  typeId?: number | undefined;
  status?: string | undefined;
}

/** One point of a series as the database gives it: a reading, or a bucket (v = sum / count). */
export interface SeriesRow {
  t: Date;
  v: number | null;
  min?: number;
  max?: number;
  count?: number;
}

/** Raw queries answer `{ rows }` on PGlite and node-postgres alike. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export function createMonitoringRepository(db: Queryable) {
  const where = (f: PointFilter): SQL | undefined =>
    and(
      isNull(devices.archivedAt),
      f.keyword
        ? or(ilike(devices.code, containing(f.keyword)), ilike(devices.name, containing(f.keyword)))
        : undefined,
      f.regionIds ? (f.regionIds.length ? inArray(devices.regionId, f.regionIds) : sql`false`) : undefined,
      f.stationId ? eq(devices.stationId, f.stationId) : undefined,
      f.typeId ? eq(devices.typeId, f.typeId) : undefined,
      f.status ? eq(devices.status, f.status) : undefined,
    );

  return {
    /** Devices in service, ordered by region, station and code, with whether each has gone stale at `now`. */
    async page(f: PointFilter & { page: number; pageSize: number; now: Date }) {
      const condition = where(f);
      const [total] = await db.select({ n: count() }).from(devices).where(condition);
      const rows = await db
        .select({
          id: devices.id,
          code: devices.code,
          name: devices.name,
          typeId: deviceTypes.id,
          typeZh: deviceTypes.nameZh,
          typeEn: deviceTypes.nameEn,
          model: deviceTypes.model,
          regionId: devices.regionId,
          regionName: regions.name,
          stationId: devices.stationId,
          stationName: stations.name,
          status: devices.status,
          lastSeenAt: devices.lastSeenAt,
          stale: sql<boolean>`(${devices.lastSeenAt} is null or ${devices.lastSeenAt} < ${f.now.toISOString()}::timestamptz
            - make_interval(secs => ${offlineAfterSeconds(sql`${deviceTypes.model}`)}))`,
        })
        .from(devices)
        .innerJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
        .leftJoin(regions, eq(regions.id, devices.regionId))
        .leftJoin(stations, eq(stations.id, devices.stationId))
        .where(condition)
        .orderBy(asc(regions.name), asc(stations.name), asc(devices.code), asc(devices.id))
        .limit(f.pageSize)
        .offset((f.page - 1) * f.pageSize);
      return { total: total?.n ?? 0, rows };
    },

    /** The latest reading of every metric of the given devices, in one query. */
    latest: (deviceIds: number[]) =>
      deviceIds.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(telemetryLatest)
            .where(inArray(telemetryLatest.deviceId, deviceIds))
            .orderBy(asc(telemetryLatest.deviceId), asc(telemetryLatest.metric)),

    /** The devices a history asks for, with what names their metrics and decides their scope. */
    devicesById: (ids: number[]) =>
      db
        .select({
          id: devices.id,
          code: devices.code,
          name: devices.name,
          regionId: devices.regionId,
          model: deviceTypes.model,
        })
        .from(devices)
        .leftJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
        .where(inArray(devices.id, ids)),

    /**
     * Raw points of a series in [from, to], up to `limit`: the history asks for one more than it
     * may show to learn whether raw points fit, walking the (device, metric, ts) key only that far.
     */
    async countRaw(deviceId: number, metric: string, from: Date, to: Date, limit: number): Promise<number> {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`
          select count(*)::int as n from (
            select 1 from ${telemetryPoints}
            where device_id = ${deviceId} and metric = ${metric}
              and ts >= ${from.toISOString()}::timestamptz and ts <= ${to.toISOString()}::timestamptz
            limit ${limit}) p`),
      );
      return Number(row?.n ?? 0);
    },

    /** Raw readings: numbers (booleans as 1/0) as they are, text as null. */
    raw: (deviceId: number, metric: string, from: Date, to: Date): Promise<SeriesRow[]> =>
      db
        .select({ t: telemetryPoints.ts, v: telemetryPoints.value })
        .from(telemetryPoints)
        .where(
          and(
            eq(telemetryPoints.deviceId, deviceId),
            eq(telemetryPoints.metric, metric),
            gte(telemetryPoints.ts, from),
            lte(telemetryPoints.ts, to),
          ),
        )
        .orderBy(asc(telemetryPoints.ts)),

    /** The 1-minute or 1-hour buckets that start in [from, to] (`from` already at a bucket start). */
    rollups(tier: '1m' | '1h', deviceId: number, metric: string, from: Date, to: Date): Promise<SeriesRow[]> {
      const r = tier === '1m' ? telemetryRollups1m : telemetryRollups1h;
      return db
        .select({
          t: r.bucket,
          v: sql<number>`${r.sum} / ${r.count}`.mapWith(Number),
          min: r.min,
          max: r.max,
          count: r.count,
        })
        .from(r)
        .where(and(eq(r.deviceId, deviceId), eq(r.metric, metric), gte(r.bucket, from), lte(r.bucket, to)))
        .orderBy(asc(r.bucket));
    },

    /**
     * The first time a tier holds for a series in [from, to] (a reading, or a bucket's start), or
     * null: where a finer tier begins later than a coarser one, the finer one does not cover the
     * range (retention trimmed it, or history was loaded as rollups only).
     */
    async earliest(tier: 'raw' | '1m' | '1h', deviceId: number, metric: string, from: Date, to: Date) {
      const [table, column] =
        tier === 'raw'
          ? [telemetryPoints, sql`ts`]
          : [tier === '1m' ? telemetryRollups1m : telemetryRollups1h, sql`bucket`];
      const [row] = rowsOf<{ t: string | Date | null }>(
        await db.execute(sql`
          select min(${column}) as t from ${table}
          where device_id = ${deviceId} and metric = ${metric}
            and ${column} >= ${from.toISOString()}::timestamptz and ${column} <= ${to.toISOString()}::timestamptz`),
      );
      return row?.t ? new Date(row.t) : null;
    },

    /** Rows of a series an export will hold: raw points in [from, to], or rollup buckets starting in it. */
    async countRows(tier: 'raw' | '1m' | '1h', deviceId: number, metric: string, from: Date, to: Date) {
      const [table, column] =
        tier === 'raw'
          ? [telemetryPoints, sql`ts`]
          : [tier === '1m' ? telemetryRollups1m : telemetryRollups1h, sql`bucket`];
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`
          select count(*)::int as n from ${table}
          where device_id = ${deviceId} and metric = ${metric}
            and ${column} >= ${from.toISOString()}::timestamptz and ${column} <= ${to.toISOString()}::timestamptz`),
      );
      return Number(row?.n ?? 0);
    },

    /** Merged buckets of `seconds` that an export of `buckets` will hold. */
    async countBuckets(deviceId: number, metric: string, from: Date, to: Date, seconds: number) {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`
          select count(distinct floor(extract(epoch from bucket) / ${seconds}))::int as n
          from ${telemetryRollups1h}
          where device_id = ${deviceId} and metric = ${metric}
            and bucket >= ${from.toISOString()}::timestamptz and bucket <= ${to.toISOString()}::timestamptz`),
      );
      return Number(row?.n ?? 0);
    },

    /**
     * The next `limit` raw readings after `after` (keyset on the primary key's ts), text readings with
     * their text: an export reads a year of them a slice at a time.
     */
    rawSlice: (
      deviceId: number,
      metric: string,
      from: Date,
      to: Date,
      after: Date | null,
      limit: number,
    ): Promise<{ t: Date; v: number | null; text: string | null }[]> =>
      db
        .select({ t: telemetryPoints.ts, v: telemetryPoints.value, text: telemetryPoints.textValue })
        .from(telemetryPoints)
        .where(
          and(
            eq(telemetryPoints.deviceId, deviceId),
            eq(telemetryPoints.metric, metric),
            after ? gt(telemetryPoints.ts, after) : gte(telemetryPoints.ts, from),
            lte(telemetryPoints.ts, to),
          ),
        )
        .orderBy(asc(telemetryPoints.ts))
        .limit(limit),

    /** The next `limit` 1-minute or 1-hour buckets after `after`, as `rollups` gives them. */
    rollupSlice(
      tier: '1m' | '1h',
      deviceId: number,
      metric: string,
      from: Date,
      to: Date,
      after: Date | null,
      limit: number,
    ): Promise<SeriesRow[]> {
      const r = tier === '1m' ? telemetryRollups1m : telemetryRollups1h;
      return db
        .select({
          t: r.bucket,
          v: sql<number>`${r.sum} / ${r.count}`.mapWith(Number),
          min: r.min,
          max: r.max,
          count: r.count,
        })
        .from(r)
        .where(
          and(
            eq(r.deviceId, deviceId),
            eq(r.metric, metric),
            after ? gt(r.bucket, after) : gte(r.bucket, from),
            lte(r.bucket, to),
          ),
        )
        .orderBy(asc(r.bucket))
        .limit(limit);
    },

    /** 1-hour rollups merged into buckets of `seconds` (a whole number of hours, aligned to the epoch). */
    async buckets(deviceId: number, metric: string, from: Date, to: Date, seconds: number): Promise<SeriesRow[]> {
      const rows = rowsOf<{ t: number | string; min: number; max: number; sum: number; n: number }>(
        await db.execute(sql`
          select floor(extract(epoch from bucket) / ${seconds})::float8 * ${seconds} as t,
            min(min) as min, max(max) as max, sum(sum) as sum, sum(count)::int as n
          from ${telemetryRollups1h}
          where device_id = ${deviceId} and metric = ${metric}
            and bucket >= ${from.toISOString()}::timestamptz and bucket <= ${to.toISOString()}::timestamptz
          group by 1
          order by 1`),
      );
      return rows.map((r) => ({
        t: new Date(Number(r.t) * 1000),
        v: Number(r.sum) / Number(r.n),
        min: Number(r.min),
        max: Number(r.max),
        count: Number(r.n),
      }));
    },
  };
}
