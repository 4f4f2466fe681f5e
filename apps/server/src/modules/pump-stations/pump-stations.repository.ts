import {
  type Locale,
  type PumpStation,
  type PumpStationDetail,
  SENSOR_ROLES,
  STATION_DEVICE_OPTIONS_MAX,
  type StationDeviceOptions,
  type StationKind,
  type stationConfigInputSchema,
} from '@water/contracts';
import { and, asc, count, desc, eq, ilike, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import {
  cameras as cameraTable,
  departments,
  devices,
  deviceTypes,
  regions,
  stationPhotos,
  stationPumps,
  stationSensors,
  stations,
  users,
} from '../../db/schema/index.ts';
import { containing } from '../../lib/like.ts';
import { together } from '../../lib/together.ts';
import {
  modelOf,
  pumpValues,
  toCamera,
  toPump,
  toPumpStation,
  toSensor,
  toStationPhoto,
} from './pump-stations.mappers.ts';

export type StationConfigValues = z.output<typeof stationConfigInputSchema>;

export interface StationFilter {
  keyword?: string | undefined;
  regionIds?: number[] | undefined;
  kind?: StationKind | undefined;
  sort: 'code' | 'name' | 'designCapacity' | 'updatedAt';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const SORT = {
  code: stations.code,
  name: stations.name,
  designCapacity: stations.designCapacity,
  updatedAt: stations.updatedAt,
} as const;

/** The station's own columns from a configuration (its pumps and sensors are rows of their own). */
const stationValues = (c: StationConfigValues) => ({
  code: c.code,
  name: c.name,
  kind: c.kind,
  regionId: c.regionId,
  longitude: c.longitude,
  latitude: c.latitude,
  address: c.address,
  designCapacity: c.designCapacity,
  wellArea: c.wellArea,
  wellBottomElevation: c.wellBottomElevation,
  wellDepth: c.wellDepth,
  highAlarmLevel: c.highAlarmLevel,
  lowAlarmLevel: c.lowAlarmLevel,
  protectionLevel: c.protectionLevel,
  responsibleDepartmentId: c.responsibleDepartmentId,
  responsibleUserId: c.responsibleUserId,
  // The register's pump count follows the configuration (GET /api/stations reads it).
  pumps: c.pumps.length,
});

const regionWhere = (regionIds: number[] | undefined) =>
  regionIds ? (regionIds.length ? inArray(stations.regionId, regionIds) : sql`false`) : undefined;

export function createPumpStationsRepository(db: Queryable) {
  const deviceCount = sql<number>`(select count(*) from ${devices} d where d.station_id = ${stations.id})`.mapWith(
    Number,
  );
  /** A station's photos with their uploaders' names, oldest first (or the one `photoId`). */
  const photosOf = (stationId: number, photoId?: number) =>
    db
      .select({ photo: stationPhotos, uploadedByName: users.displayName })
      .from(stationPhotos)
      .leftJoin(users, eq(users.id, stationPhotos.uploadedBy))
      .where(
        and(eq(stationPhotos.stationId, stationId), photoId === undefined ? undefined : eq(stationPhotos.id, photoId)),
      )
      .orderBy(asc(stationPhotos.id));
  const listed = () =>
    db
      .select({ station: stations, regionName: regions.name, userName: users.displayName, deviceCount })
      .from(stations)
      .leftJoin(regions, eq(regions.id, stations.regionId))
      .leftJoin(users, eq(users.id, stations.responsibleUserId));

  const repository = {
    async page(f: StationFilter): Promise<{ total: number; list: PumpStation[] }> {
      const condition = and(
        f.keyword
          ? or(
              ilike(stations.code, containing(f.keyword)),
              ilike(stations.name, containing(f.keyword)),
              ilike(stations.address, containing(f.keyword)),
            )
          : undefined,
        regionWhere(f.regionIds),
        f.kind ? eq(stations.kind, f.kind) : undefined,
      );
      const direction = f.order === 'asc' ? asc : desc;
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(stations).where(condition),
        listed()
          .where(condition)
          .orderBy(direction(SORT[f.sort]), direction(stations.id))
          .limit(f.pageSize)
          .offset((f.page - 1) * f.pageSize),
      ]);
      return { total: total?.n ?? 0, list: rows.map(toPumpStation) };
    },

    /** The station row alone (its region for the caller's region limit), or undefined. */
    row: (id: number) =>
      db
        .select()
        .from(stations)
        .where(eq(stations.id, id))
        .then((rows) => rows[0]),

    byCode: (code: string) =>
      db
        .select({ id: stations.id })
        .from(stations)
        .where(eq(stations.code, code))
        .then((rows) => rows[0]),

    /** A station's whole configuration as the API answers it. */
    async detail(id: number, locale: Locale): Promise<PumpStationDetail | undefined> {
      const [head] = await db
        .select({
          station: stations,
          regionName: regions.name,
          userName: users.displayName,
          departmentName: departments.name,
          deviceCount,
        })
        .from(stations)
        .leftJoin(regions, eq(regions.id, stations.regionId))
        .leftJoin(users, eq(users.id, stations.responsibleUserId))
        .leftJoin(departments, eq(departments.id, stations.responsibleDepartmentId))
        .where(eq(stations.id, id));
      if (!head) return undefined;
      const [pumps, sensors, cameras, photos] = await together(
        db,
        () =>
          db
            .select({ pump: stationPumps, controllerCode: devices.code, controllerName: devices.name })
            .from(stationPumps)
            .leftJoin(devices, eq(devices.id, stationPumps.controllerDeviceId))
            .where(eq(stationPumps.stationId, id))
            .orderBy(asc(stationPumps.number)),
        () =>
          db
            .select({
              role: stationSensors.role,
              deviceId: stationSensors.deviceId,
              deviceCode: devices.code,
              deviceName: devices.name,
              metric: stationSensors.metric,
              model: deviceTypes.model,
            })
            .from(stationSensors)
            .innerJoin(devices, eq(devices.id, stationSensors.deviceId))
            .innerJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
            .where(eq(stationSensors.stationId, id)),
        () =>
          // The station's cameras in the camera registry (issue 19), enabled ones, with their checked state.
          db
            .select({ id: cameraTable.id, code: cameraTable.code, name: cameraTable.name, status: cameraTable.status })
            .from(cameraTable)
            .where(and(eq(cameraTable.stationId, id), eq(cameraTable.enabled, true)))
            .orderBy(asc(cameraTable.code)),
        () => photosOf(id),
      );
      const s = head.station;
      const roleOrder = (role: string) => SENSOR_ROLES.indexOf(role as (typeof SENSOR_ROLES)[number]);
      return {
        ...toPumpStation(head),
        wellArea: s.wellArea,
        wellBottomElevation: s.wellBottomElevation,
        wellDepth: s.wellDepth,
        highAlarmLevel: s.highAlarmLevel,
        lowAlarmLevel: s.lowAlarmLevel,
        protectionLevel: s.protectionLevel,
        responsibleDepartmentId: s.responsibleDepartmentId,
        responsibleDepartmentName: head.departmentName ?? '',
        pumps: pumps.map(toPump),
        sensors: sensors.sort((a, b) => roleOrder(a.role) - roleOrder(b.role)).map((r) => toSensor(r, locale)),
        cameras: cameras.map(toCamera),
        photos: photos.map(toStationPhoto),
      };
    },

    /** The devices a configuration names, with what the checks need: station, region, service, model. */
    devicesOf: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: devices.id,
              stationId: devices.stationId,
              regionId: devices.regionId,
              archivedAt: devices.archivedAt,
              model: deviceTypes.model,
            })
            .from(devices)
            .innerJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
            .where(inArray(devices.id, ids)),

    regionExists: (id: number) =>
      db
        .select({ id: regions.id })
        .from(regions)
        .where(eq(regions.id, id))
        .then((rows) => rows.length > 0),
    departmentExists: (id: number) =>
      db
        .select({ id: departments.id })
        .from(departments)
        .where(eq(departments.id, id))
        .then((rows) => rows.length > 0),
    userExists: (id: number) =>
      db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, id))
        .then((rows) => rows.length > 0),

    insert: (c: StationConfigValues, now: Date) =>
      db
        .insert(stations)
        .values({ ...stationValues(c), createdAt: now, updatedAt: now })
        .returning({ id: stations.id })
        .then((rows) => rows[0]!.id),

    update: (id: number, c: StationConfigValues, now: Date) =>
      db
        .update(stations)
        .set({ ...stationValues(c), updatedAt: now })
        .where(eq(stations.id, id)),

    /**
     * The station's pumps become those of the configuration, matched by number: a pump that keeps its
     * number keeps its row (and id), one no longer listed goes.
     */
    async savePumps(stationId: number, pumps: StationConfigValues['pumps'], now: Date) {
      const numbers = pumps.map((p) => p.number);
      await db
        .delete(stationPumps)
        .where(
          and(
            eq(stationPumps.stationId, stationId),
            numbers.length ? notInArray(stationPumps.number, numbers) : undefined,
          ),
        );
      for (const p of pumps) {
        const values = pumpValues(stationId, p, now);
        await db
          .insert(stationPumps)
          .values({ ...values, createdAt: now })
          .onConflictDoUpdate({ target: [stationPumps.stationId, stationPumps.number], set: values });
      }
    },

    async saveSensors(stationId: number, sensors: StationConfigValues['sensors']) {
      await db.delete(stationSensors).where(eq(stationSensors.stationId, stationId));
      if (sensors.length) {
        await db
          .insert(stationSensors)
          .values(sensors.map((s) => ({ stationId, role: s.role, deviceId: s.deviceId, metric: s.metric })));
      }
    },

    /**
     * Places devices at no station yet at this one (a device belongs to one station); a device
     * without a region takes the station's, as a device registered at a station does.
     */
    async placeDevices(stationId: number, regionId: number | null, ids: number[], now: Date) {
      if (ids.length === 0) return;
      await db
        .update(devices)
        .set({ stationId, regionId: sql`coalesce(${devices.regionId}, ${regionId})`, updatedAt: now })
        .where(and(inArray(devices.id, ids), isNull(devices.stationId)));
    },

    deviceCount: (stationId: number) =>
      db
        .select({ n: count() })
        .from(devices)
        .where(eq(devices.stationId, stationId))
        .then((rows) => rows[0]?.n ?? 0),

    // Its pump, sensor and photo rows go with it (on delete cascade); the caller removes the files.
    remove: (id: number) => db.delete(stations).where(eq(stations.id, id)),

    photosOf,

    async insertPhoto(values: typeof stationPhotos.$inferInsert) {
      const [row] = await db.insert(stationPhotos).values(values).returning({ id: stationPhotos.id });
      return (await photosOf(values.stationId, row!.id))[0]!;
    },

    removePhoto: (id: number) => db.delete(stationPhotos).where(eq(stationPhotos.id, id)),

    /**
     * Devices in service a station may map: its own, then those at no station, within `regionIds`
     * (undefined: no limit); their types with the metrics of each thing model.
     */
    async deviceOptions(
      f: { stationId?: number | undefined; keyword?: string | undefined; regionIds?: number[] | undefined },
      locale: Locale,
    ): Promise<StationDeviceOptions> {
      // The station's own devices first (PostgreSQL refuses a constant to order by, hence none without one).
      const order =
        f.stationId === undefined
          ? [asc(devices.code)]
          : [desc(sql`${devices.stationId} is not distinct from ${f.stationId}`), asc(devices.code)];
      const rows = await db
        .select({
          id: devices.id,
          code: devices.code,
          name: devices.name,
          typeId: devices.typeId,
          stationId: devices.stationId,
          stationName: stations.name,
        })
        .from(devices)
        .leftJoin(stations, eq(stations.id, devices.stationId))
        .where(
          and(
            isNull(devices.archivedAt),
            f.stationId === undefined
              ? isNull(devices.stationId)
              : or(isNull(devices.stationId), eq(devices.stationId, f.stationId)),
            f.keyword
              ? or(ilike(devices.code, containing(f.keyword)), ilike(devices.name, containing(f.keyword)))
              : undefined,
            f.regionIds ? (f.regionIds.length ? inArray(devices.regionId, f.regionIds) : sql`false`) : undefined,
          ) as SQL,
        )
        .orderBy(...order)
        .limit(STATION_DEVICE_OPTIONS_MAX + 1);
      const listed = rows.slice(0, STATION_DEVICE_OPTIONS_MAX).filter((r) => r.typeId !== null);
      const typeIds = [...new Set(listed.map((r) => r.typeId!))];
      const types = typeIds.length
        ? await db.select().from(deviceTypes).where(inArray(deviceTypes.id, typeIds)).orderBy(asc(deviceTypes.id))
        : [];
      const en = locale === 'en-US';
      return {
        devices: listed.map((r) => ({
          id: r.id,
          code: r.code,
          name: r.name,
          typeId: r.typeId!,
          stationId: r.stationId,
          stationName: r.stationName ?? '',
        })),
        types: types.map((t) => ({
          id: t.id,
          code: t.code,
          name: en ? t.nameEn : t.nameZh,
          metrics: modelOf(t.model).metrics.map((m) => ({
            key: m.key,
            name: en ? m.nameEn : m.nameZh,
            unit: m.unit,
            dataType: m.dataType,
          })),
        })),
        capped: rows.length > STATION_DEVICE_OPTIONS_MAX,
      };
    },
  };
  return repository;
}
