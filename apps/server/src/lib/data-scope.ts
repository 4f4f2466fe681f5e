import type { DataScopeKind } from '@water/contracts';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.ts';
import { departmentMembers, regions, roleDepartments, roleRegions, roles, users } from '../db/schema/index.ts';
import { together } from './together.ts';
import { departmentSubtree, subtreeIds } from './tree.ts';

/**
 * What rows of department-owned records the caller may see, from the data scope of the active role
 * (RuoYi's five): `departments` null means no department limit; `userId` set means only the
 * caller's own rows. Every list, detail and export of such records filters through it.
 *
 * `regions` is the second dimension, for records that belong to a place (devices, stations, their
 * archives, later their data and alarms): null means no region limit, otherwise the role's regions
 * with every region below them. The two dimensions are independent; a record type applies the one
 * it has.
 */
export interface DataScope {
  kind: DataScopeKind;
  departments: number[] | null;
  userId: number | null;
  regions: number[] | null;
}

async function regionLimit(db: Queryable, roleId: number): Promise<number[] | null> {
  const rows = await db.select({ id: roleRegions.regionId }).from(roleRegions).where(eq(roleRegions.roleId, roleId));
  return rows.length === 0
    ? null
    : subtreeIds(
        db,
        regions,
        rows.map((r) => r.id),
      );
}

async function departmentLimit(
  db: Queryable,
  roleId: number,
  kind: DataScopeKind,
  userId: number,
): Promise<Omit<DataScope, 'regions'>> {
  if (kind === 'all') return { kind, departments: null, userId: null };
  if (kind === 'self') return { kind, departments: null, userId };
  if (kind === 'custom') {
    const rows = await db
      .select({ id: roleDepartments.departmentId })
      .from(roleDepartments)
      .where(eq(roleDepartments.roleId, roleId));
    return { kind, departments: rows.map((r) => r.id), userId: null };
  }
  const [user] = await db.select({ departmentId: users.departmentId }).from(users).where(eq(users.id, userId));
  const own = user?.departmentId ?? null;
  // A user in no department, scoped to a department, sees only their own rows.
  if (own === null) return { kind: 'self', departments: null, userId };
  return { kind, departments: kind === 'dept' ? [own] : await departmentSubtree(db, own), userId: null };
}

export async function dataScopeOf(db: Queryable, roleId: number | null, userId: number): Promise<DataScope> {
  // No active role sees nothing but its own, and no place at all.
  if (roleId === null) return { kind: 'self', departments: null, userId, regions: [] };
  const [role] = await db.select({ dataScope: roles.dataScope }).from(roles).where(eq(roles.id, roleId));
  const kind = (role?.dataScope ?? 'self') as DataScopeKind;
  const [byDepartment, byRegion] = await together(
    db,
    () => departmentLimit(db, roleId, kind, userId),
    () => regionLimit(db, roleId),
  );
  return { ...byDepartment, regions: byRegion };
}

/**
 * The regions a place-bound list may read: what the caller asked for (a region and those below it,
 * `requested`) within the caller's region limit. undefined means no limit at all.
 */
export function withinRegions(scope: DataScope, requested: number[] | undefined): number[] | undefined {
  if (scope.regions === null) return requested;
  if (requested === undefined) return scope.regions;
  const allowed = new Set(scope.regions);
  return requested.filter((id) => allowed.has(id));
}

/** Whether one place-bound record (by its region, null for none) is inside the caller's region limit. */
export function inRegionScope(scope: DataScope, regionId: number | null): boolean {
  return scope.regions === null || (regionId !== null && scope.regions.includes(regionId));
}

/** The caller's data scope, read from `db` and kept on the request (`ctx.scope()` asks for it). */
export async function dataScope(db: Queryable, req: FastifyRequest): Promise<DataScope> {
  const cached = (req as FastifyRequest & { dataScopeCache?: DataScope }).dataScopeCache;
  if (cached) return cached;
  if (!req.auth) throw new Error('data scope asked for on a route without a session');
  const scope = await dataScopeOf(db, req.auth.roleId, req.auth.userId);
  (req as FastifyRequest & { dataScopeCache?: DataScope }).dataScopeCache = scope;
  return scope;
}

/** Whether the scope sets no department limit at all (data scope "all"). */
export const unlimited = (scope: DataScope): boolean => scope.departments === null && scope.userId === null;

/**
 * Whether the caller may write this department (or its members): "all" may write any; a department
 * scope only the departments in it; "self" none, since a department is never one's own row.
 */
export function inDepartmentScope(scope: DataScope, departmentId: number): boolean {
  if (unlimited(scope)) return true;
  return scope.departments?.includes(departmentId) ?? false;
}

/**
 * Rows whose actor (a user id column, e.g. a log row's user) lies within the scope: users who belong
 * to a department of the scope (main or not, through their membership rows), or the caller alone.
 * Rows without an actor (system work, sign-ins under unknown names) only the unlimited scope sees.
 * undefined means no condition.
 */
export function actorInScope(scope: DataScope, userIdColumn: AnyPgColumn): SQL | undefined {
  if (scope.userId !== null) return eq(userIdColumn, scope.userId);
  if (scope.departments === null) return undefined;
  if (scope.departments.length === 0) return sql`false`;
  return inArray(
    userIdColumn,
    sql`(select ${departmentMembers.userId} from ${departmentMembers} where ${inArray(departmentMembers.departmentId, scope.departments)})`,
  );
}
