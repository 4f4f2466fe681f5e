import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { devices, deviceTypes, regions, roleRegions, roles, stations, userRoles, users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { TestApp } from './build-app.ts';

/**
 * Rows server tests keep writing by hand, written once. Each inserts straight into the database
 * (not through the API), so a test of one module does not depend on another's routes.
 */

type RegionRow = typeof regions.$inferSelect;

/** One region under `parent` (a root when none), its ancestor path filled in as the regions module keeps it. */
export async function insertRegion(
  db: Queryable,
  values: { code: string; name: string; kind: string; parent?: RegionRow },
): Promise<RegionRow> {
  const { parent, ...rest } = values;
  const [row] = await db
    .insert(regions)
    .values({
      ...rest,
      parentId: parent?.id ?? null,
      ancestors: parent ? `${parent.ancestors},${parent.id}` : '0',
    })
    .returning();
  return row!;
}

/**
 * The small city most tests build: 岚川市 with 城东区 (and its catchment 滨江排水片区) and 城西区.
 * The demo city's register (devices, stations, regions and what hangs off them) is set aside first;
 * identities restart, so a rebuilt city has the same ids.
 */
export async function smallCity(db: Queryable) {
  await db.execute(sql`truncate ${devices}, ${stations}, ${regions} restart identity cascade`);
  const city = await insertRegion(db, { code: 'LC', name: '岚川市', kind: 'city' });
  const east = await insertRegion(db, { code: 'LC-E', name: '城东区', kind: 'district', parent: city });
  const basin = await insertRegion(db, { code: 'LC-E-01', name: '滨江排水片区', kind: 'catchment', parent: east });
  const west = await insertRegion(db, { code: 'LC-W', name: '城西区', kind: 'district', parent: city });
  return { city, east, basin, west };
}

/** A station (a rainwater pump station with three pumps unless told). */
export async function insertStation(
  db: Queryable,
  values: Partial<typeof stations.$inferInsert> & { code: string; regionId: number | null },
) {
  const [row] = await db
    .insert(stations)
    .values({ name: values.code, kind: 'rainwater', pumps: 3, ...values })
    .returning();
  return row!;
}

/** The id of a seeded device type by its code (level_gauge, flow_meter, …). */
export async function deviceTypeId(db: Queryable, code: string): Promise<number> {
  const [row] = await db.select({ id: deviceTypes.id }).from(deviceTypes).where(eq(deviceTypes.code, code));
  if (!row) throw new Error(`no device type ${code}`);
  return row.id;
}

/** A device row (name = code unless told), straight into the register. */
export async function insertDevice(db: Queryable, values: Partial<typeof devices.$inferInsert> & { code: string }) {
  const [row] = await db
    .insert(devices)
    .values({ name: values.code, ...values })
    .returning();
  return row!;
}

/** Limits a role (by code) to these regions and those below them, as the role screen would; none lifts the limit. */
export async function limitRoleToRegions(db: Queryable, roleCode: string, regionIds: number[]): Promise<void> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, roleCode));
  if (!role) throw new Error(`no role ${roleCode}`);
  await db.delete(roleRegions).where(eq(roleRegions.roleId, role.id));
  if (regionIds.length)
    await db.insert(roleRegions).values(regionIds.map((regionId) => ({ roleId: role.id, regionId })));
}

/** Signs in a user whose only role grants nothing at all ("nobody"), for refusal tests; returns the token. */
export async function signInWithoutPermissions(t: TestApp): Promise<string> {
  const [role] = await t.database.db
    .insert(roles)
    .values({ code: 'nobody', name: '无权限', dataScope: 'self' })
    .returning({ id: roles.id });
  const [user] = await t.database.db
    .insert(users)
    .values({ username: 'nobody', passwordHash: await hashPassword('Nobody@2026'), displayName: '无权限用户' })
    .returning({ id: users.id });
  await t.database.db.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
  return t.login('nobody', 'Nobody@2026');
}
