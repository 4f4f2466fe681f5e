import { type DataScopeKind, ROLE_ADMIN } from '@water/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { menus, roleDepartments, roleMenus, roleRegions, roles, userRoles } from '../../db/schema/index.ts';
import type { Context } from '../../lib/context.ts';
import { type DataScope, dataScopeOf } from '../../lib/data-scope.ts';
import { together } from '../../lib/together.ts';

/**
 * Who may hand out what, RuoYi's rule made strict. A permission is only ever reached through a
 * role's menu grants, so a manager who could give out more than they hold could give it to
 * themselves:
 *
 * - Only a caller acting in the admin role (`*:*:*`) may assign the admin role, or give a role grants
 *   beyond their own.
 * - Anyone else who manages roles adds only menu entries (directories, menus, buttons and so their
 *   permissions) that their own active role holds, gives a role no data reach beyond their own
 *   (`reachBeyond`), and never edits or removes a role they hold themselves.
 * - Anyone else who manages users assigns only roles whose every grant and data reach their own
 *   active role holds (never the admin role), and manages only users whose roles all pass the same
 *   test: a password reset, an edit or a removal must not reach an account that can do more.
 */
export interface CallerGrants {
  admin: boolean;
  /** Menu entries the caller's active role holds, with every ancestor of each (holding a button shows its menu). */
  menuIds: Set<number>;
  /** Every role the caller holds, active or not. */
  heldRoleIds: Set<number>;
  /** The caller's own data scope. */
  scope: DataScope;
}

/** What records a role's holders see: its data scope, chosen departments and region limit. */
export interface RoleReach {
  dataScope: DataScopeKind;
  /** Only for the custom scope. */
  departmentIds: number[];
  /** Empty: no region limit. */
  regionIds: number[];
}

/**
 * Whether a role would see records outside the caller's own data scope. "All" is beyond any limited
 * caller; chosen departments must lie inside the caller's; "own department (and below)" is relative to
 * the holder, whom such a caller only places inside their own scope (users module), so it is beyond a
 * self-only caller alone; "self" is never beyond. A region-limited caller gives only regions inside
 * their own limit, and never "no limit".
 */
export function reachBeyond(grants: CallerGrants, role: RoleReach): boolean {
  if (grants.admin) return false;
  const { departments, userId, regions } = grants.scope;
  const unlimited = departments === null && userId === null;
  const byDepartment =
    role.dataScope === 'self'
      ? false
      : role.dataScope === 'all'
        ? !unlimited
        : role.dataScope === 'custom'
          ? !unlimited && (departments === null || role.departmentIds.some((d) => !departments.includes(d)))
          : userId !== null;
  const byRegion =
    regions !== null && (role.regionIds.length === 0 || role.regionIds.some((r) => !regions.includes(r)));
  return byDepartment || byRegion;
}

export async function callerGrants({ db, auth }: Pick<Context, 'db' | 'auth'>): Promise<CallerGrants> {
  if (!auth) throw new Error('grants asked for on a route without a session');
  const scope = await dataScopeOf(db, auth.roleId, auth.userId);
  if (auth.roleCode === ROLE_ADMIN) return { admin: true, menuIds: new Set(), heldRoleIds: new Set(), scope };
  const [menuRows, heldRows, tree] = await together(
    db,
    () =>
      auth.roleId === null
        ? Promise.resolve([])
        : db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, auth.roleId)),
    () => db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, auth.userId)),
    () => db.select({ id: menus.id, parentId: menus.parentId }).from(menus),
  );
  const parentOf = new Map(tree.map((m) => [m.id, m.parentId]));
  const held = new Set<number>();
  for (const { id } of menuRows) {
    for (let m: number | null | undefined = id; m != null && !held.has(m); m = parentOf.get(m)) held.add(m);
  }
  return { admin: false, menuIds: held, heldRoleIds: new Set(heldRows.map((r) => r.id)), scope };
}

/** The menu entries of `menuIds` the caller does not hold (always none for an administrator). */
export function beyond(grants: CallerGrants, menuIds: Iterable<number>): number[] {
  if (grants.admin) return [];
  return [...menuIds].filter((id) => !grants.menuIds.has(id));
}

/**
 * Of these roles, those the caller may not hand out: the admin role, or a role with a grant the
 * caller's active role lacks or a data reach beyond the caller's. Empty for an administrator.
 */
export async function rolesBeyond(
  db: Queryable,
  grants: CallerGrants,
  roleIds: number[],
): Promise<{ id: number; code: string; name: string; nameEn: string }[]> {
  if (grants.admin || roleIds.length === 0) return [];
  const [roleRows, menuRows, departmentRows, regionRows] = await together(
    db,
    () =>
      db
        .select({ id: roles.id, code: roles.code, name: roles.name, nameEn: roles.nameEn, dataScope: roles.dataScope })
        .from(roles)
        .where(inArray(roles.id, roleIds)),
    () =>
      db
        .select({ roleId: roleMenus.roleId, menuId: roleMenus.menuId })
        .from(roleMenus)
        .where(inArray(roleMenus.roleId, roleIds)),
    () =>
      db
        .select({ roleId: roleDepartments.roleId, id: roleDepartments.departmentId })
        .from(roleDepartments)
        .where(inArray(roleDepartments.roleId, roleIds)),
    () =>
      db
        .select({ roleId: roleRegions.roleId, id: roleRegions.regionId })
        .from(roleRegions)
        .where(inArray(roleRegions.roleId, roleIds)),
  );
  const outside = new Set(menuRows.filter((m) => !grants.menuIds.has(m.menuId)).map((m) => m.roleId));
  const ofRole = (rows: { roleId: number; id: number }[], roleId: number) =>
    rows.filter((x) => x.roleId === roleId).map((x) => x.id);
  return roleRows
    .filter(
      (r) =>
        r.code === ROLE_ADMIN ||
        outside.has(r.id) ||
        reachBeyond(grants, {
          dataScope: r.dataScope as DataScopeKind,
          departmentIds: ofRole(departmentRows, r.id),
          regionIds: ofRole(regionRows, r.id),
        }),
    )
    .map(({ id, code, name, nameEn }) => ({ id, code, name, nameEn }));
}
