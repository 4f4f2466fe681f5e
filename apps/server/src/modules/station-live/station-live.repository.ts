import type { StationKind } from '@water/contracts';
import { and, asc, count, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { devices, deviceTypes, regions, stationPumps, stationSensors, stations } from '../../db/schema/index.ts';
import { containing } from '../../lib/like.ts';
import { together } from '../../lib/together.ts';
import { offlineAfterSeconds } from '../telemetry/telemetry.repository.ts';

export interface StationLiveFilter {
  keyword?: string | undefined;
  /** The regions to read (a requested subtree within the caller's limit); undefined: no limit. */
  regionIds?: number[] | undefined;
  kind?: StationKind | undefined;
  ids?: number[] | undefined;
}

/** A device a station reads, with what decides its staleness. */
export interface DeviceInfo {
  id: number;
  lastSeenAt: Date | null;
  status: string;
  /** Seconds of silence after which its readings are stale (its type's offline window). */
  windowSeconds: number;
  /** Metric units of its type's model, by key. */
  units: Record<string, string>;
}

export interface LatestRow {
  deviceId: number;
  metric: string;
  /** When it was measured, epoch ms. */
  at: number;
  value: number | null;
  textValue: string | null;
}

/** Raw queries answer `{ rows }` on PGlite and node-postgres alike. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const unitsOf = (model: unknown): Record<string, string> => {
  const metrics = (model as { metrics?: { key?: unknown; unit?: unknown }[] } | null)?.metrics;
  return Object.fromEntries(
    (Array.isArray(metrics) ? metrics : []).map((m) => [String(m.key), typeof m.unit === 'string' ? m.unit : '']),
  );
};

/**
 * Ids as one array parameter (`= any($1::int[])`): a thousand devices bind as one value instead of a
 * thousand parameters, which the live list of every station would otherwise send on every call.
 */
const intArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** A list of (device, metric) pairs as a SQL row-value list: `(1, 'level'), (2, 'flow')`. */
const pairs = (series: { deviceId: number; metric: string }[]) =>
  sql.join(
    series.map((s) => sql`(${s.deviceId}::int, ${s.metric}::text)`),
    sql`, `,
  );

/** The devices any station's configuration reads (pump controllers and sensors). */
const MAPPED_DEVICES = sql`(select controller_device_id from station_pumps where controller_device_id is not null
  union select device_id from station_sensors)`;

/** The stations a filter selects. */
const stationCondition = (f: StationLiveFilter): SQL | undefined =>
  and(
    f.keyword
      ? or(ilike(stations.code, containing(f.keyword)), ilike(stations.name, containing(f.keyword)))
      : undefined,
    f.regionIds ? (f.regionIds.length ? inArray(stations.regionId, f.regionIds) : sql`false`) : undefined,
    f.kind ? eq(stations.kind, f.kind) : undefined,
    f.ids ? (f.ids.length ? inArray(stations.id, f.ids) : sql`false`) : undefined,
  );

export function createStationLiveRepository(db: Queryable) {
  return {
    /**
     * The stations matching `f` (code order) with when their configuration last changed: which stations
     * a live list shows, and whether the configurations it derives them from are still current.
     */
    stationsMatching: (f: StationLiveFilter) =>
      db
        .select({ id: stations.id, updatedAt: stations.updatedAt })
        .from(stations)
        .where(stationCondition(f))
        .orderBy(asc(stations.code), asc(stations.id)),

    /** Stations with their region's name, pumps (number order) and sensors: what live state is derived from. */
    async configs(f: StationLiveFilter) {
      const rowsQuery = db
        .select({ station: stations, regionName: regions.name })
        .from(stations)
        .leftJoin(regions, eq(regions.id, stations.regionId))
        .where(stationCondition(f))
        .orderBy(asc(stations.code), asc(stations.id));
      const pumpsQuery = db.select().from(stationPumps).orderBy(asc(stationPumps.stationId), asc(stationPumps.number));
      // Every station (the live snapshot): the three at once, none waits for the stations' ids.
      if (!f.keyword && !f.regionIds && !f.kind && !f.ids) {
        const [rows, pumps, sensors] = await together(
          db,
          () => rowsQuery,
          () => pumpsQuery,
          () => db.select().from(stationSensors),
        );
        return { rows, pumps, sensors };
      }
      const rows = await rowsQuery;
      const ids = rows.map((r) => r.station.id);
      if (ids.length === 0) return { rows, pumps: [], sensors: [] };
      const [pumps, sensors] = await together(
        db,
        () => pumpsQuery.where(inArray(stationPumps.stationId, ids)),
        () => db.select().from(stationSensors).where(inArray(stationSensors.stationId, ids)),
      );
      return { rows, pumps, sensors };
    },

    /**
     * The devices' staleness windows and units, and their latest readings, in three queries (at once,
     * except in a transaction): the thing models are read once per type, not once per device (a model
     * is kilobytes of JSON). `mapped`: the devices any station's configuration reads, whichever they are.
     */
    async devicesAndLatest(
      ids: number[] | 'mapped',
    ): Promise<{ devices: Map<number, DeviceInfo>; latest: LatestRow[] }> {
      if (ids !== 'mapped' && ids.length === 0) return { devices: new Map(), latest: [] };
      const idList = ids === 'mapped' ? '' : intArray(ids);
      const among = (column: SQL) =>
        ids === 'mapped' ? sql`${column} in ${MAPPED_DEVICES}` : sql`${column} = any(${idList}::int[])`;
      // Raw rows, times as epoch ms: a snapshot of every station reads some 5,000 of them, and mapping
      // each column of each row through the query builder (and a Date per time) cost more than the query.
      const [deviceRows, latestRows, types] = await together(
        db,
        () =>
          db.execute(sql`
          select d.id, d.type_id, floor(extract(epoch from d.last_seen_at) * 1000)::float8 as seen, d.status,
            ${offlineAfterSeconds(sql`t.model`)} as window_seconds
          from devices d left join device_types t on t.id = d.type_id
          where ${among(sql`d.id`)} and d.archived_at is null`),
        () =>
          db.execute(sql`
          select device_id, metric, floor(extract(epoch from ts) * 1000)::float8 as at, value, text_value
          from telemetry_latest where ${among(sql`device_id`)}`),
        () =>
          db
            .select({ id: deviceTypes.id, model: deviceTypes.model })
            .from(deviceTypes)
            .where(sql`${deviceTypes.id} in (select type_id from devices where ${among(sql`id`)})`),
      );
      const found = rowsOf<{
        id: number;
        type_id: number | null;
        seen: number | null;
        status: string;
        window_seconds: number;
      }>(deviceRows).map((d) => ({
        id: Number(d.id),
        typeId: d.type_id === null ? null : Number(d.type_id),
        lastSeenAt: d.seen === null ? null : new Date(Number(d.seen)),
        status: d.status,
        windowSeconds: Number(d.window_seconds),
      }));
      const latest = rowsOf<{
        device_id: number;
        metric: string;
        at: number;
        value: number | null;
        text_value: string | null;
      }>(latestRows).map((r) => ({
        deviceId: Number(r.device_id),
        metric: r.metric,
        at: Number(r.at),
        value: r.value === null ? null : Number(r.value),
        textValue: r.text_value,
      }));
      const units = new Map(types.map((t) => [t.id, unitsOf(t.model)]));
      return {
        devices: new Map(
          found.map((d) => [
            d.id,
            {
              id: d.id,
              lastSeenAt: d.lastSeenAt,
              status: d.status,
              windowSeconds: d.windowSeconds,
              units: (d.typeId !== null && units.get(d.typeId)) || {},
            },
          ]),
        ),
        latest,
      };
    },

    /**
     * Average (and maximum) of each series per bucket of `seconds` over [from, to), from the 1-minute
     * rollups (`tier` 1m) or the 1-hour ones: one query for every series of a station.
     */
    async bucketed(
      tier: '1m' | '1h',
      series: { deviceId: number; metric: string }[],
      from: Date,
      to: Date,
      seconds: number,
    ) {
      if (series.length === 0) return [];
      const table = tier === '1m' ? sql`telemetry_rollups_1m` : sql`telemetry_rollups_1h`;
      const rows = rowsOf<{ t: number | string; device_id: number; metric: string; v: number; mx: number }>(
        await db.execute(sql`
          select floor(extract(epoch from bucket) / ${seconds})::float8 * ${seconds} as t, device_id, metric,
            sum(sum) / sum(count) as v, max(max) as mx
          from ${table}
          where (device_id, metric) in (${pairs(series)})
            and bucket >= ${from.toISOString()}::timestamptz and bucket < ${to.toISOString()}::timestamptz
          group by 1, 2, 3
          order by 1`),
      );
      return rows.map((r) => ({
        t: Number(r.t) * 1000,
        deviceId: Number(r.device_id),
        metric: r.metric,
        v: Number(r.v),
        max: Number(r.mx),
      }));
    },

    /** The 1-hour buckets of each series since `from` with their average: volumes integrate these. */
    async hourly(series: { deviceId: number; metric: string }[], from: Date) {
      if (series.length === 0) return [];
      const rows = rowsOf<{ bucket: string | Date; device_id: number; metric: string; v: number }>(
        await db.execute(sql`
          select bucket, device_id, metric, sum / count as v
          from telemetry_rollups_1h
          where (device_id, metric) in (${pairs(series)}) and bucket >= ${from.toISOString()}::timestamptz`),
      );
      return rows.map((r) => ({
        bucket: new Date(r.bucket),
        deviceId: Number(r.device_id),
        metric: r.metric,
        v: Number(r.v),
      }));
    },

    /** Devices in service (not archived, not disabled) within the regions, and how many are online. */
    async deviceCounts(regionIds: number[] | undefined) {
      const [row] = await db
        .select({
          total: count(),
          online: sql<number>`count(*) filter (where ${devices.status} = 'online')`.mapWith(Number),
        })
        .from(devices)
        .where(
          and(
            isNull(devices.archivedAt),
            ne(devices.status, 'disabled'),
            regionIds ? (regionIds.length ? inArray(devices.regionId, regionIds) : sql`false`) : undefined,
          ),
        );
      return { total: Number(row?.total ?? 0), online: Number(row?.online ?? 0) };
    },

    /** The stations that map a device (as a pump controller or a sensor), of these devices or (null) of all. */
    async stationsOfDevices(ids: number[] | null): Promise<{ deviceId: number; stationId: number }[]> {
      if (ids?.length === 0) return [];
      const [p, s] = await together(
        db,
        () =>
          db
            .select({ deviceId: stationPumps.controllerDeviceId, stationId: stationPumps.stationId })
            .from(stationPumps)
            .where(ids ? inArray(stationPumps.controllerDeviceId, ids) : undefined),
        () =>
          db
            .select({ deviceId: stationSensors.deviceId, stationId: stationSensors.stationId })
            .from(stationSensors)
            .where(ids ? inArray(stationSensors.deviceId, ids) : undefined),
      );
      return [...p, ...s].flatMap((r) =>
        r.deviceId === null ? [] : [{ deviceId: r.deviceId, stationId: r.stationId }],
      );
    },

    /** Which of these stations lie within the regions (undefined: no limit). */
    async stationsWithin(ids: number[], regionIds: number[] | undefined): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: stations.id })
        .from(stations)
        .where(
          and(
            inArray(stations.id, ids),
            regionIds ? (regionIds.length ? inArray(stations.regionId, regionIds) : sql`false`) : undefined,
          ),
        );
      return rows.map((r) => r.id);
    },
  };
}

export type StationLiveRepository = ReturnType<typeof createStationLiveRepository>;
export type StationConfigs = Awaited<ReturnType<StationLiveRepository['configs']>>;
