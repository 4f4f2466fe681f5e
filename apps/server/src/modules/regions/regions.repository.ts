import type { Region, RegionNode } from '@water/contracts';
import { asc, count, eq, like, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { devices, regions, roleRegions, roles, stations } from '../../db/schema/index.ts';
import { buildRegionTree, type RegionRow, toFeatureCollection, toRegion } from './regions.mappers.ts';

export function createRegionsRepository(db: Queryable) {
  // The outer table named in full: drizzle writes a lone column unqualified.
  const deviceCount = sql<number>`(select count(*) from ${devices} d where d.region_id = "regions"."id")`.mapWith(
    Number,
  );
  const repository = {
    /**
     * Every region with its devices: one grouped count joined on, not the count above once per
     * region, which is a thousand index probes for a thousand regions (and, on a cold table, a
     * plan expensive enough that PostgreSQL JIT-compiles it on every call).
     */
    all: () => {
      const counts = db
        .select({ regionId: devices.regionId, n: count().as('n') })
        .from(devices)
        .groupBy(devices.regionId)
        .as('counts');
      return db
        .select({ region: regions, devices: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number) })
        .from(regions)
        .leftJoin(counts, eq(counts.regionId, regions.id))
        .orderBy(asc(regions.orderNum), asc(regions.id));
    },
    byId: (id: number): Promise<RegionRow | undefined> =>
      db
        .select({ region: regions, devices: deviceCount })
        .from(regions)
        .where(eq(regions.id, id))
        .then((rows) => rows[0]),
    /** One region as the API answers it. */
    get: (id: number): Promise<Region | undefined> => repository.byId(id).then((row) => row && toRegion(row)),
    /** Every region as a tree, with own and rolled-up device counts. */
    tree: async (): Promise<RegionNode[]> => buildRegionTree(await repository.all()),
    /** Every region as a GeoJSON feature collection (the export). */
    featureCollection: async () => toFeatureCollection(await repository.all()),
    byCode: (code: string) =>
      db
        .select()
        .from(regions)
        .where(eq(regions.code, code))
        .then((rows) => rows[0]),
    insert: (values: typeof regions.$inferInsert) =>
      db
        .insert(regions)
        .values(values)
        .returning({ id: regions.id })
        .then((rows) => rows[0]!.id),
    update: (id: number, values: Partial<typeof regions.$inferInsert>) =>
      db.update(regions).set(values).where(eq(regions.id, id)),
    /** After a move: every descendant's ancestor path swaps its old prefix for the new one. */
    rebaseDescendants: (oldPrefix: string, newPrefix: string) =>
      db
        .update(regions)
        .set({ ancestors: sql`${newPrefix} || substr(${regions.ancestors}, ${oldPrefix.length + 1})` })
        .where(or(eq(regions.ancestors, oldPrefix), like(regions.ancestors, `${oldPrefix},%`))),
    childCount: (id: number) =>
      db
        .select({ n: count() })
        .from(regions)
        .where(eq(regions.parentId, id))
        .then((rows) => rows[0]?.n ?? 0),
    stationCount: (id: number) =>
      db
        .select({ n: count() })
        .from(stations)
        .where(eq(stations.regionId, id))
        .then((rows) => rows[0]?.n ?? 0),
    /** Roles whose region limit names this region. */
    rolesLimitedTo: (id: number) =>
      db
        .select({ name: roles.name, nameEn: roles.nameEn })
        .from(roleRegions)
        .innerJoin(roles, eq(roles.id, roleRegions.roleId))
        .where(eq(roleRegions.regionId, id))
        .orderBy(asc(roles.id)),
    remove: (id: number) => db.delete(regions).where(eq(regions.id, id)),
  };
  return repository;
}
