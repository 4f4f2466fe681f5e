import type { CameraSourceKind, CameraStatus } from '@water/contracts';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  cameraLayouts,
  cameraShares,
  cameras,
  devices,
  deviceTypes,
  regions,
  stations,
  videoPlatforms,
  wqSites,
} from '../../db/schema/index.ts';
import { containing } from '../../lib/like.ts';
import { together } from '../../lib/together.ts';
import type { CameraListRow } from './cameras.mappers.ts';

export type CameraRow = typeof cameras.$inferSelect;
export type CameraValues = Omit<typeof cameras.$inferInsert, 'id' | 'createdAt'>;
export type PlatformRow = typeof videoPlatforms.$inferSelect;
export type PlatformValues = Omit<typeof videoPlatforms.$inferInsert, 'id' | 'createdAt'>;
export type ShareRow = typeof cameraShares.$inferSelect;
export type LayoutRow = typeof cameraLayouts.$inferSelect;

/** Which cameras a read covers: the caller's filters, and the regions their role may see. */
export interface CameraFilter {
  keyword?: string | undefined;
  stationId?: number | undefined;
  /** undefined: no region limit; []: none at all. */
  regionIds?: number[] | undefined;
  sourceKind?: CameraSourceKind | undefined;
  status?: CameraStatus | undefined;
  enabled?: boolean | undefined;
}

function cameraWhere(f: CameraFilter): SQL | undefined {
  const k = f.keyword ? containing(f.keyword) : null;
  return and(
    k
      ? or(
          ilike(cameras.code, k),
          ilike(cameras.name, k),
          ilike(cameras.location, k),
          ilike(stations.name, k),
          ilike(wqSites.name, k),
        )
      : undefined,
    f.stationId === undefined ? undefined : eq(cameras.stationId, f.stationId),
    f.regionIds ? (f.regionIds.length ? inArray(cameras.regionId, f.regionIds) : sql`false`) : undefined,
    f.sourceKind ? eq(cameras.sourceKind, f.sourceKind) : undefined,
    f.status ? eq(cameras.status, f.status) : undefined,
    f.enabled === undefined ? undefined : eq(cameras.enabled, f.enabled),
  );
}

/** The camera registry's queries: cameras, the platforms they are reached through, links and layouts. */
export function createCamerasRepository(db: Queryable) {
  const listed = () =>
    db
      .select({
        camera: cameras,
        stationName: stations.name,
        siteName: wqSites.name,
        regionName: regions.name,
        deviceCode: devices.code,
        platformName: videoPlatforms.name,
      })
      .from(cameras)
      .leftJoin(stations, eq(stations.id, cameras.stationId))
      .leftJoin(wqSites, eq(wqSites.id, cameras.siteId))
      .leftJoin(regions, eq(regions.id, cameras.regionId))
      .leftJoin(devices, eq(devices.id, cameras.deviceId))
      .leftJoin(videoPlatforms, eq(videoPlatforms.id, cameras.platformId));

  const first = <T>(rows: T[]) => rows[0];

  return {
    // ——— cameras

    async page(
      f: CameraFilter & { page: number; pageSize: number },
    ): Promise<{ total: number; rows: CameraListRow[] }> {
      const condition = cameraWhere(f);
      const [[total], rows] = await together(
        db,
        () =>
          db
            .select({ n: count() })
            .from(cameras)
            .leftJoin(stations, eq(stations.id, cameras.stationId))
            .leftJoin(wqSites, eq(wqSites.id, cameras.siteId))
            .where(condition),
        () =>
          listed()
            .where(condition)
            .orderBy(asc(cameras.code))
            .limit(f.pageSize)
            .offset((f.page - 1) * f.pageSize),
      );
      return { total: total?.n ?? 0, rows };
    },

    /** Every camera of the filter, by code (the live view's tree: a few hundred at most). */
    all: (f: CameraFilter) => listed().where(cameraWhere(f)).orderBy(asc(cameras.code)),

    one: (id: number): Promise<CameraListRow | undefined> => listed().where(eq(cameras.id, id)).then(first),

    row: (id: number) => db.select().from(cameras).where(eq(cameras.id, id)).then(first),

    byCode: (code: string) => db.select({ id: cameras.id }).from(cameras).where(eq(cameras.code, code)).then(first),

    /** Cameras among `ids` (a layout's tiles), with the region each is in. */
    regionsOf: (ids: number[]) =>
      ids.length
        ? db.select({ id: cameras.id, regionId: cameras.regionId }).from(cameras).where(inArray(cameras.id, ids))
        : Promise.resolve([]),

    async insert(values: CameraValues, now: Date): Promise<number> {
      const [row] = await db
        .insert(cameras)
        .values({ ...values, createdAt: now })
        .returning({ id: cameras.id });
      return row!.id;
    },

    update: (id: number, values: Partial<CameraValues>) => db.update(cameras).set(values).where(eq(cameras.id, id)),

    delete: (id: number) => db.delete(cameras).where(eq(cameras.id, id)),

    // ——— what a camera refers to

    station: (id: number) =>
      db
        .select({ id: stations.id, name: stations.name, regionId: stations.regionId })
        .from(stations)
        .where(eq(stations.id, id))
        .then(first),

    site: (id: number) =>
      db
        .select({ id: wqSites.id, name: wqSites.name, regionId: wqSites.regionId })
        .from(wqSites)
        .where(eq(wqSites.id, id))
        .then(first),

    regionExists: (id: number) =>
      db
        .select({ id: regions.id })
        .from(regions)
        .where(eq(regions.id, id))
        .then((rows) => rows.length > 0),

    /** A device with its type and the camera already linked to it (if any). */
    device: (id: number) =>
      db
        .select({
          id: devices.id,
          typeCode: deviceTypes.code,
          regionId: devices.regionId,
          archivedAt: devices.archivedAt,
          cameraId: cameras.id,
        })
        .from(devices)
        .leftJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
        .leftJoin(cameras, eq(cameras.deviceId, devices.id))
        .where(eq(devices.id, id))
        .then(first),

    // ——— platforms

    platforms: () => db.select().from(videoPlatforms).orderBy(asc(videoPlatforms.name), asc(videoPlatforms.id)),

    platform: (id: number) => db.select().from(videoPlatforms).where(eq(videoPlatforms.id, id)).then(first),

    /** Cameras reached through each platform. */
    async platformCounts(): Promise<Map<number, number>> {
      const rows = await db
        .select({ platformId: cameras.platformId, n: count() })
        .from(cameras)
        .where(isNotNull(cameras.platformId))
        .groupBy(cameras.platformId);
      return new Map(rows.map((r) => [r.platformId!, r.n]));
    },

    async insertPlatform(values: PlatformValues, now: Date): Promise<number> {
      const [row] = await db
        .insert(videoPlatforms)
        .values({ ...values, createdAt: now })
        .returning({ id: videoPlatforms.id });
      return row!.id;
    },

    updatePlatform: (id: number, values: Partial<PlatformValues>) =>
      db.update(videoPlatforms).set(values).where(eq(videoPlatforms.id, id)),

    deletePlatform: (id: number) => db.delete(videoPlatforms).where(eq(videoPlatforms.id, id)),

    // ——— public links

    shares: (cameraId: number) =>
      db
        .select()
        .from(cameraShares)
        .where(eq(cameraShares.cameraId, cameraId))
        .orderBy(desc(cameraShares.createdAt), desc(cameraShares.id)),

    share: (id: number) => db.select().from(cameraShares).where(eq(cameraShares.id, id)).then(first),

    async insertShare(values: Omit<typeof cameraShares.$inferInsert, 'id'>): Promise<ShareRow> {
      const [row] = await db.insert(cameraShares).values(values).returning();
      return row!;
    },

    revokeShare: (id: number, now: Date) =>
      db.update(cameraShares).set({ revokedAt: now }).where(eq(cameraShares.id, id)),

    deleteShares: (cameraId: number) => db.delete(cameraShares).where(eq(cameraShares.cameraId, cameraId)),

    // ——— layouts

    layouts: (userId: number) =>
      db
        .select()
        .from(cameraLayouts)
        .where(eq(cameraLayouts.userId, userId))
        .orderBy(asc(cameraLayouts.name), asc(cameraLayouts.id)),

    layout: (id: number) => db.select().from(cameraLayouts).where(eq(cameraLayouts.id, id)).then(first),

    /** Another layout of the user's with this name (`except` is the one being changed). */
    layoutNamed: (userId: number, name: string, except: number | null) =>
      db
        .select({ id: cameraLayouts.id })
        .from(cameraLayouts)
        .where(
          and(
            eq(cameraLayouts.userId, userId),
            eq(cameraLayouts.name, name),
            except === null ? undefined : ne(cameraLayouts.id, except),
          ),
        )
        .then(first),

    async insertLayout(values: Omit<typeof cameraLayouts.$inferInsert, 'id'>): Promise<LayoutRow> {
      const [row] = await db.insert(cameraLayouts).values(values).returning();
      return row!;
    },

    async updateLayout(id: number, values: Pick<LayoutRow, 'name' | 'grid' | 'tiles' | 'updatedAt'>) {
      const [row] = await db.update(cameraLayouts).set(values).where(eq(cameraLayouts.id, id)).returning();
      return row!;
    },

    deleteLayout: (id: number) => db.delete(cameraLayouts).where(eq(cameraLayouts.id, id)),

    /** Every user's layouts showing this camera in a tile. */
    layoutsShowing: (cameraId: number) =>
      db
        .select()
        .from(cameraLayouts)
        .where(sql`${cameraLayouts.tiles} @> ${JSON.stringify([cameraId])}::jsonb`),

    setTiles: (id: number, tiles: (number | null)[]) =>
      db.update(cameraLayouts).set({ tiles }).where(eq(cameraLayouts.id, id)),
  };
}

export type CamerasRepository = ReturnType<typeof createCamerasRepository>;
