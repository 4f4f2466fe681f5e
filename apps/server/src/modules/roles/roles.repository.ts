import type { AdminMenu, Locale, Role } from '@water/contracts';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  departments,
  menus,
  regions,
  roleDepartments,
  roleMenus,
  roleRegions,
  roles,
  sessions,
  userRoles,
  users,
} from '../../db/schema/index.ts';
import { buildMenuTree, type RoleRow, roleName, toRoleSummary } from './roles.mappers.ts';

export function createRolesRepository(db: Queryable) {
  const userCount = sql<number>`(select count(*) from ${userRoles} ur where ur.role_id = "roles"."id")`.mapWith(Number);

  const all = (): Promise<RoleRow[]> =>
    db.select({ role: roles, users: userCount }).from(roles).orderBy(asc(roles.sort), asc(roles.id));

  const repository = {
    /** Every role as the list answers it, with its users. */
    list: () => all().then((rows) => rows.map(toRoleSummary)),

    /** The enabled roles' codes and names, in the caller's language: for pickers. */
    options: (locale: Locale) =>
      all().then((rows) =>
        rows
          .filter((r) => r.role.status === 'enabled')
          .map((r) => ({ code: r.role.code, name: roleName(r.role, locale) })),
      ),

    /** One role with its grants, as the API answers it. */
    async get(id: number): Promise<Role | undefined> {
      const row = await repository.byId(id);
      if (!row) return undefined;
      return {
        ...toRoleSummary(row),
        menuIds: await repository.menuIdsOf(id),
        departmentIds: await repository.departmentIdsOf(id),
        regionIds: await repository.regionIdsOf(id),
      };
    },

    byId: (id: number): Promise<RoleRow | undefined> =>
      db
        .select({ role: roles, users: userCount })
        .from(roles)
        .where(eq(roles.id, id))
        .then((rows) => rows[0]),

    byCode: (code: string) =>
      db
        .select({ id: roles.id })
        .from(roles)
        .where(eq(roles.code, code))
        .then((rows) => rows[0]),

    menuIdsOf: (roleId: number) =>
      db
        .select({ id: roleMenus.menuId })
        .from(roleMenus)
        .where(eq(roleMenus.roleId, roleId))
        .then((rows) => rows.map((r) => r.id).sort((a, b) => a - b)),

    departmentIdsOf: (roleId: number) =>
      db
        .select({ id: roleDepartments.departmentId })
        .from(roleDepartments)
        .where(eq(roleDepartments.roleId, roleId))
        .then((rows) => rows.map((r) => r.id).sort((a, b) => a - b)),

    regionIdsOf: (roleId: number) =>
      db
        .select({ id: roleRegions.regionId })
        .from(roleRegions)
        .where(eq(roleRegions.roleId, roleId))
        .then((rows) => rows.map((r) => r.id).sort((a, b) => a - b)),

    insert: (values: typeof roles.$inferInsert) =>
      db
        .insert(roles)
        .values(values)
        .returning({ id: roles.id })
        .then((rows) => rows[0]!.id),

    update: (id: number, values: Partial<typeof roles.$inferInsert>) =>
      db.update(roles).set(values).where(eq(roles.id, id)),

    remove: (id: number) => db.delete(roles).where(eq(roles.id, id)),

    async setMenus(roleId: number, menuIds: number[]) {
      await db.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
      if (menuIds.length) await db.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId, menuId })));
    },

    async setDepartments(roleId: number, departmentIds: number[]) {
      await db.delete(roleDepartments).where(eq(roleDepartments.roleId, roleId));
      if (departmentIds.length) {
        await db.insert(roleDepartments).values(departmentIds.map((departmentId) => ({ roleId, departmentId })));
      }
    },

    async setRegions(roleId: number, regionIds: number[]) {
      await db.delete(roleRegions).where(eq(roleRegions.roleId, roleId));
      if (regionIds.length) await db.insert(roleRegions).values(regionIds.map((regionId) => ({ roleId, regionId })));
    },

    existingRegions: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db.select({ id: regions.id }).from(regions).where(inArray(regions.id, ids)),

    existingDepartments: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db.select({ id: departments.id }).from(departments).where(inArray(departments.id, ids)),

    holders: (roleId: number) =>
      db
        .select({ id: users.id, displayName: users.displayName, username: users.username })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .where(eq(userRoles.roleId, roleId))
        .orderBy(asc(users.id)),

    /** Sessions acting in this role end: their holders sign in again under what they still hold. */
    revokeSessionsActingAs: (roleId: number, at: Date) =>
      db
        .update(sessions)
        .set({ revokedAt: at, revokedReason: 'role-changed' })
        .where(and(eq(sessions.activeRoleId, roleId), sql`${sessions.revokedAt} is null`)),

    menus: () => db.select().from(menus).orderBy(asc(menus.orderNum), asc(menus.id)),

    /** Every menu entry as the admin tree. */
    menuTree: async () => buildMenuTree(await repository.menus()),

    /** One menu entry as the API answers it (without its children). */
    menu: (id: number): Promise<AdminMenu | undefined> =>
      repository.menuById(id).then((row) => row && buildMenuTree([row])[0]),

    menuById: (id: number) =>
      db
        .select()
        .from(menus)
        .where(eq(menus.id, id))
        .then((rows) => rows[0]),

    menuNamed: (name: string, except?: number) =>
      db
        .select({ id: menus.id })
        .from(menus)
        .where(and(eq(menus.name, name), except === undefined ? undefined : ne(menus.id, except)))
        .then((rows) => rows[0]),

    insertMenu: (values: typeof menus.$inferInsert) =>
      db
        .insert(menus)
        .values(values)
        .returning({ id: menus.id })
        .then((rows) => rows[0]!.id),

    updateMenu: (id: number, values: Partial<typeof menus.$inferInsert>) =>
      db.update(menus).set(values).where(eq(menus.id, id)),

    menuChildren: (id: number) =>
      db
        .select({ n: count() })
        .from(menus)
        .where(eq(menus.parentId, id))
        .then((rows) => rows[0]?.n ?? 0),

    removeMenu: (id: number) => db.delete(menus).where(eq(menus.id, id)),
  };
  return repository;
}
