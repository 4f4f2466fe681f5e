import type { Device, DeviceStatus, Locale, Station, StationKind } from '@water/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  deviceArchiveEntries,
  devices,
  deviceTypes,
  regions,
  stations,
  WORK_ORDER_DONE_STATUSES,
  workOrders,
} from '../../db/schema/index.ts';
import { containing } from '../../lib/like.ts';
import { together } from '../../lib/together.ts';

export interface DeviceFilter {
  keyword?: string | undefined;
  typeId?: number | undefined;
  regionIds?: number[] | undefined;
  stationId?: number | undefined;
  status?: string | undefined;
  lifecycle?: 'in_service' | 'archived' | 'all' | undefined;
  sort: 'code' | 'name' | 'installDate' | 'warrantyEnd' | 'lastSeenAt';
  order: 'asc' | 'desc';
}

const SORT = {
  code: devices.code,
  name: devices.name,
  installDate: devices.installDate,
  warrantyEnd: devices.warrantyEnd,
  lastSeenAt: devices.lastSeenAt,
} as const;

/** A device as the API answers it, from a row of the joined query (names in the caller's language). */
export function toDevice(r: DeviceRow, locale: Locale): Device {
  return {
    id: r.device.id,
    code: r.device.code,
    name: r.device.name,
    typeId: r.device.typeId!,
    typeCode: r.typeCode,
    typeName: locale === 'en-US' ? r.typeEn : r.typeZh,
    model: r.device.model,
    manufacturer: r.device.manufacturer,
    serialNo: r.device.serialNo,
    regionId: r.device.regionId,
    regionName: r.regionName ?? '',
    stationId: r.device.stationId,
    stationName: r.stationName ?? '',
    longitude: r.device.longitude,
    latitude: r.device.latitude,
    installDate: r.device.installDate,
    warrantyEnd: r.device.warrantyEnd,
    status: r.device.status as DeviceStatus,
    lastSeenAt: r.device.lastSeenAt?.toISOString() ?? null,
    archivedAt: r.device.archivedAt?.toISOString() ?? null,
    createdAt: r.device.createdAt.toISOString(),
  };
}

export interface DeviceRow {
  device: typeof devices.$inferSelect;
  typeCode: string;
  typeZh: string;
  typeEn: string;
  regionName: string | null;
  stationName: string | null;
}

export function createDevicesRepository(db: Queryable) {
  const joined = () =>
    db
      .select({
        device: devices,
        typeCode: deviceTypes.code,
        typeZh: deviceTypes.nameZh,
        typeEn: deviceTypes.nameEn,
        regionName: regions.name,
        stationName: stations.name,
      })
      .from(devices)
      .innerJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
      .leftJoin(regions, eq(regions.id, devices.regionId))
      .leftJoin(stations, eq(stations.id, devices.stationId));

  const where = (f: Partial<DeviceFilter>): SQL | undefined =>
    and(
      f.keyword
        ? or(
            ilike(devices.code, containing(f.keyword)),
            ilike(devices.name, containing(f.keyword)),
            ilike(devices.serialNo, containing(f.keyword)),
          )
        : undefined,
      f.typeId ? eq(devices.typeId, f.typeId) : undefined,
      f.regionIds ? (f.regionIds.length ? inArray(devices.regionId, f.regionIds) : sql`false`) : undefined,
      f.stationId ? eq(devices.stationId, f.stationId) : undefined,
      f.status ? eq(devices.status, f.status) : undefined,
      f.lifecycle === 'archived'
        ? isNotNull(devices.archivedAt)
        : f.lifecycle === 'all'
          ? undefined
          : isNull(devices.archivedAt),
    );

  const repository = {
    /** A page of the register as rows (the export writes its own columns from them). */
    async page(f: DeviceFilter & { page: number; pageSize: number }) {
      const condition = where(f);
      // The id breaks ties in the column's own direction, so that one index on (column, id) gives
      // the page either way (read backwards for desc) and the scan stops after it (migration 0018).
      const direction = f.order === 'asc' ? asc : desc;
      const order = [direction(SORT[f.sort]), direction(devices.id)];
      const offset = (f.page - 1) * f.pageSize;
      // Last seen has no index, on purpose (see migration 0018): its page's ids are sorted from the
      // devices table alone and only those rows joined, rather than sorting every joined row in
      // service (about twice as fast over 100,000 devices). Indexed sorts read their index straight
      // into the joins, which measured faster than the extra step. One statement either way.
      const list =
        f.sort === 'lastSeenAt'
          ? joined()
              .where(
                inArray(
                  devices.id,
                  db
                    .select({ id: devices.id })
                    .from(devices)
                    .where(condition)
                    .orderBy(...order)
                    .limit(f.pageSize)
                    .offset(offset),
                ),
              )
              .orderBy(...order)
          : joined()
              .where(condition)
              .orderBy(...order)
              .limit(f.pageSize)
              .offset(offset);
      // On a PostgreSQL server the count and the page run side by side, on two pooled connections.
      const [[total], rows] = await Promise.all([db.select({ n: count() }).from(devices).where(condition), list]);
      return { total: total?.n ?? 0, rows };
    },
    byId: (id: number): Promise<DeviceRow | undefined> =>
      joined()
        .where(eq(devices.id, id))
        .then((rows) => rows[0]),
    /** A page of the register as the API answers it. */
    async list(
      f: DeviceFilter & { page: number; pageSize: number },
      locale: Locale,
    ): Promise<{ total: number; list: Device[] }> {
      const { total, rows } = await repository.page(f);
      return { total, list: rows.map((r) => toDevice(r, locale)) };
    },
    /** One device as the API answers it, with its region for the caller's region limit. */
    get: (id: number, locale: Locale): Promise<Device | undefined> =>
      joined()
        .where(eq(devices.id, id))
        .then((rows) => (rows[0] ? toDevice(rows[0], locale) : undefined)),
    byCode: (code: string) =>
      db
        .select({ id: devices.id })
        .from(devices)
        .where(eq(devices.code, code))
        .then((rows) => rows[0]),
    typeExists: (id: number) =>
      db
        .select({ id: deviceTypes.id })
        .from(deviceTypes)
        .where(eq(deviceTypes.id, id))
        .then((rows) => rows.length > 0),
    regionExists: (id: number) =>
      db
        .select({ id: regions.id })
        .from(regions)
        .where(eq(regions.id, id))
        .then((rows) => rows.length > 0),
    station: (id: number) =>
      db
        .select()
        .from(stations)
        .where(eq(stations.id, id))
        .then((rows) => rows[0]),
    /** Stations, those of the given regions only when `regionIds` is set. */
    stations: (regionIds?: number[]): Promise<Station[]> =>
      db
        .select({
          station: stations,
          regionName: regions.name,
          devices: sql<number>`(select count(*) from ${devices} d where d.station_id = "stations"."id")`.mapWith(
            Number,
          ),
        })
        .from(stations)
        .leftJoin(regions, eq(regions.id, stations.regionId))
        .where(regionIds ? (regionIds.length ? inArray(stations.regionId, regionIds) : sql`false`) : undefined)
        .orderBy(asc(stations.code))
        .then((rows) =>
          rows.map((s) => ({
            id: s.station.id,
            code: s.station.code,
            name: s.station.name,
            kind: s.station.kind as StationKind,
            regionId: s.station.regionId,
            regionName: s.regionName ?? '',
            longitude: s.station.longitude,
            latitude: s.station.latitude,
            pumps: s.station.pumps,
            devices: s.devices,
          })),
        ),
    insert: (values: typeof devices.$inferInsert) =>
      db
        .insert(devices)
        .values(values)
        .returning({ id: devices.id })
        .then((rows) => rows[0]!.id),
    update: (id: number, values: Partial<typeof devices.$inferInsert>) =>
      db.update(devices).set(values).where(eq(devices.id, id)),
    /** What depends on a device. The telemetry issue adds its stored points here. */
    async dependents(id: number) {
      const [[entries], [orders]] = await together(
        db,
        () => db.select({ n: count() }).from(deviceArchiveEntries).where(eq(deviceArchiveEntries.deviceId, id)),
        () =>
          db
            .select({ n: count() })
            .from(workOrders)
            .where(and(eq(workOrders.deviceId, id), notInArray(workOrders.status, WORK_ORDER_DONE_STATUSES))),
      );
      return { archiveEntries: entries?.n ?? 0, openWorkOrders: orders?.n ?? 0 };
    },
    /**
     * Closed work orders keep their history but no longer hold the device: their link is dropped
     * with it (open ones refuse the removal before this runs).
     */
    async remove(id: number) {
      await db.update(workOrders).set({ deviceId: null }).where(eq(workOrders.deviceId, id));
      await db.delete(devices).where(eq(devices.id, id));
    },
    addArchiveEntry: (values: typeof deviceArchiveEntries.$inferInsert) =>
      db.insert(deviceArchiveEntries).values(values),
  };
  return repository;
}
