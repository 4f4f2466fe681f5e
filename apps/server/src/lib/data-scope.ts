import type { DataScopeKind } from '@water/contracts';
import { eq, like, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.ts';
import { departments, roleDepartments, roles, users } from '../db/schema/index.ts';

/**
 * What rows of department-owned records the caller may see, from the data scope of the active role
 * (RuoYi's five): `departments` null means no department limit; `userId` set means only the
 * caller's own rows. Every list, detail and export of such records filters through it.
 *
 * The device issue adds regions as a second dimension here (a `regions` list beside `departments`).
 */
export interface DataScope {
  kind: DataScopeKind;
  departments: number[] | null;
  userId: number | null;
}

const ALL: DataScope = { kind: 'all', departments: null, userId: null };

async function subtree(db: Queryable, id: number): Promise<number[]> {
  const [dept] = await db.select({ ancestors: departments.ancestors }).from(departments).where(eq(departments.id, id));
  if (!dept) return [];
  const prefix = `${dept.ancestors},${id}`;
  const rows = await db
    .select({ id: departments.id })
    .from(departments)
    .where(or(eq(departments.id, id), eq(departments.ancestors, prefix), like(departments.ancestors, `${prefix},%`)));
  return rows.map((r) => r.id);
}

export async function dataScopeOf(db: Queryable, roleId: number | null, userId: number): Promise<DataScope> {
  // No active role sees nothing but its own.
  if (roleId === null) return { kind: 'self', departments: null, userId };
  const [role] = await db.select({ dataScope: roles.dataScope }).from(roles).where(eq(roles.id, roleId));
  const kind = (role?.dataScope ?? 'self') as DataScopeKind;
  if (kind === 'all') return ALL;
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
  return { kind, departments: kind === 'dept' ? [own] : await subtree(db, own), userId: null };
}

/** The caller's data scope (computed once per request). */
export async function dataScope(app: FastifyInstance, req: FastifyRequest): Promise<DataScope> {
  const cached = (req as FastifyRequest & { dataScopeCache?: DataScope }).dataScopeCache;
  if (cached) return cached;
  if (!req.auth) throw new Error('data scope asked for on a route without a session');
  const scope = await dataScopeOf(req.tx ?? app.db, req.auth.roleId, req.auth.userId);
  (req as FastifyRequest & { dataScopeCache?: DataScope }).dataScopeCache = scope;
  return scope;
}
