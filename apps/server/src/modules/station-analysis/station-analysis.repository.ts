import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { devices, deviceTypes, regions, stationPumps, stationSensors, stations } from '../../db/schema/index.ts';
import type { SeriesKey } from '../station-history/station-history.repository.ts';

/** Raw queries answer `{ rows }` on PGlite and node-postgres alike. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A list of (device, metric) pairs as a SQL row-value list: `(1, 'level'), (2, 'flow')`. */
const pairs = (series: SeriesKey[]) =>
  sql.join(
    series.map((s) => sql`(${s.deviceId}::int, ${s.metric}::text)`),
    sql`, `,
  );

/**
 * The cuts (ms, ascending) as a float8 array of epoch seconds: `width_bucket(epoch, cuts)` then numbers
 * the pieces between them 1, 2, … (a bucket at or after cut i-1 and before cut i is in piece i).
 */
const cutArray = (cuts: number[]) =>
  sql`array[${sql.join(
    cuts.map((c) => sql`${c / 1000}::float8`),
    sql`, `,
  )}]::float8[]`;
const pieceOf = (column: SQL, cuts: number[]) =>
  sql`width_bucket(extract(epoch from ${column}), ${cutArray(cuts)}) - 1`;
const iso = (ms: number) => new Date(ms).toISOString();

/** Per series and piece (0-based, between two cuts). */
export interface PieceFigure extends SeriesKey {
  piece: number;
  value: number;
  /** Buckets (hours) with a reading. */
  hours: number;
}

export interface AlarmPiece {
  stationId: number;
  piece: number;
  severity: string;
  n: number;
  ackSeconds: number;
  acked: number;
  clearSeconds: number;
  cleared: number;
}

export interface StationFilter {
  ids?: number[] | undefined;
  /** undefined: no region limit. */
  regionIds?: number[] | undefined;
  kind?: string | undefined;
}

export function createStationAnalysisRepository(db: Queryable) {
  return {
    /** The stations (code order) within the filter, with their region's name. */
    stations(f: StationFilter) {
      const conditions = [
        f.ids ? inArray(stations.id, f.ids) : undefined,
        f.regionIds ? (f.regionIds.length ? inArray(stations.regionId, f.regionIds) : sql`false`) : undefined,
        f.kind ? eq(stations.kind, f.kind) : undefined,
      ];
      return db
        .select({
          id: stations.id,
          code: stations.code,
          name: stations.name,
          kind: stations.kind,
          regionId: stations.regionId,
          regionName: regions.name,
        })
        .from(stations)
        .leftJoin(regions, eq(regions.id, stations.regionId))
        .where(and(...conditions))
        .orderBy(asc(stations.code));
    },

    /** Stations by id whatever the filter: which of the asked ones exist. */
    async existing(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: stations.id, regionId: stations.regionId })
        .from(stations)
        .where(inArray(stations.id, ids));
    },

    /** The pumps (number order) and sensors of the stations, with the device types' models of the controllers. */
    async config(stationIds: number[]) {
      if (stationIds.length === 0) return { pumps: [], sensors: [], models: new Map<number, unknown>() };
      const [pumps, sensors] = await Promise.all([
        db
          .select()
          .from(stationPumps)
          .where(inArray(stationPumps.stationId, stationIds))
          .orderBy(asc(stationPumps.stationId), asc(stationPumps.number)),
        db.select().from(stationSensors).where(inArray(stationSensors.stationId, stationIds)),
      ]);
      const deviceIds = [
        ...new Set([
          ...pumps.flatMap((p) => (p.controllerDeviceId === null ? [] : [p.controllerDeviceId])),
          ...sensors.map((s) => s.deviceId),
        ]),
      ];
      const rows = deviceIds.length
        ? await db
            .select({ id: devices.id, model: deviceTypes.model })
            .from(devices)
            .leftJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
            .where(inArray(devices.id, deviceIds))
        : [];
      return { pumps, sensors, models: new Map(rows.map((r) => [r.id, r.model as unknown])) };
    },

    /**
     * Σ hourly mean × hours per series and piece over the 1-hour buckets in [cuts[0], cuts[last]), with
     * the hours that have a bucket. A bucket still running at `now` counts only the part that has passed.
     */
    async integrals(series: SeriesKey[], cuts: number[], now: number): Promise<PieceFigure[]> {
      if (series.length === 0 || cuts.length < 2) return [];
      const rows = rowsOf<{ device_id: number; metric: string; piece: number; v: number; n: number }>(
        await db.execute(sql`
          select device_id, metric, ${pieceOf(sql`bucket`, cuts)} as piece,
            sum(sum / count * least(3600, greatest(0, ${now / 1000}::float8 - extract(epoch from bucket))) / 3600) as v,
            count(*)::int as n
          from telemetry_rollups_1h
          where (device_id, metric) in (${pairs(series)})
            and bucket >= ${iso(cuts[0]!)}::timestamptz and bucket < ${iso(cuts.at(-1)!)}::timestamptz
          group by 1, 2, 3`),
      );
      return rows.map((r) => ({
        deviceId: Number(r.device_id),
        metric: r.metric,
        piece: Number(r.piece),
        value: Number(r.v),
        hours: Number(r.n),
      }));
    },

    /**
     * A counter's rise per series and piece: each hour's maximum (its last reading, the counter only
     * going up) less the hour before's (a day back at most); after a reset (a new meter) or without an
     * hour before, the hour's own rise (max − min). As the station history's daily table counts it.
     */
    async rises(series: SeriesKey[], cuts: number[]): Promise<PieceFigure[]> {
      if (series.length === 0 || cuts.length < 2) return [];
      const rows = rowsOf<{ device_id: number; metric: string; piece: number; v: number; n: number }>(
        await db.execute(sql`
          select device_id, metric, ${pieceOf(sql`bucket`, cuts)} as piece,
            sum(case when prev is null or max < prev then max - min else max - prev end) as v,
            count(*)::int as n
          from (
            select device_id, metric, bucket, min, max,
              lag(max) over (partition by device_id, metric order by bucket) as prev
            from telemetry_rollups_1h
            where (device_id, metric) in (${pairs(series)})
              and bucket >= ${iso(cuts[0]!)}::timestamptz - interval '1 day'
              and bucket < ${iso(cuts.at(-1)!)}::timestamptz
          ) b
          where bucket >= ${iso(cuts[0]!)}::timestamptz
          group by 1, 2, 3`),
      );
      return rows.map((r) => ({
        deviceId: Number(r.device_id),
        metric: r.metric,
        piece: Number(r.piece),
        value: Number(r.v),
        hours: Number(r.n),
      }));
    },

    /** The first 1-hour bucket each series ever has (before it, a pump is not yet counted). */
    async firstBuckets(series: SeriesKey[]): Promise<Map<string, number>> {
      if (series.length === 0) return new Map();
      const rows = rowsOf<{ device_id: number; metric: string; t: string | Date | null }>(
        await db.execute(sql`
          select s.device_id, s.metric,
            (select min(r.bucket) from telemetry_rollups_1h r where r.device_id = s.device_id and r.metric = s.metric) as t
          from (values ${pairs(series)}) as s(device_id, metric)`),
      );
      return new Map(
        rows.filter((r) => r.t !== null).map((r) => [`${r.device_id}:${r.metric}`, new Date(r.t!).getTime()]),
      );
    },

    /**
     * Alarms raised in [cuts[0], cuts[last]) at the stations, per station, piece and severity: how many,
     * and the seconds to acknowledge and to clear summed over those that were.
     */
    async alarms(stationIds: number[], cuts: number[]): Promise<AlarmPiece[]> {
      if (stationIds.length === 0 || cuts.length < 2) return [];
      const rows = rowsOf<{
        station_id: number;
        piece: number;
        severity: string;
        n: number;
        ack_s: number | null;
        acked: number;
        clear_s: number | null;
        cleared: number;
      }>(
        await db.execute(sql`
          select station_id, ${pieceOf(sql`raised_at`, cuts)} as piece, severity, count(*)::int as n,
            sum(extract(epoch from acknowledged_at - raised_at)) as ack_s,
            count(acknowledged_at)::int as acked,
            sum(extract(epoch from cleared_at - raised_at)) as clear_s,
            count(cleared_at)::int as cleared
          from alarms
          where station_id in (${sql.join(
            stationIds.map((id) => sql`${id}::int`),
            sql`, `,
          )})
            and raised_at >= ${iso(cuts[0]!)}::timestamptz and raised_at < ${iso(cuts.at(-1)!)}::timestamptz
          group by 1, 2, 3`),
      );
      return rows.map((r) => ({
        stationId: Number(r.station_id),
        piece: Number(r.piece),
        severity: r.severity,
        n: Number(r.n),
        ackSeconds: Number(r.ack_s ?? 0),
        acked: Number(r.acked),
        clearSeconds: Number(r.clear_s ?? 0),
        cleared: Number(r.cleared),
      }));
    },
  };
}

export type StationAnalysisRepository = ReturnType<typeof createStationAnalysisRepository>;
