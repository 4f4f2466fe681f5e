import { type AdminMenu, type menuInputSchema, ROLE_ADMIN, type Role, type roleInputSchema } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { MenuRow } from '../../db/schema/index.ts';
import type { Context } from '../../lib/context.ts';
import { AppError, businessError, notFound } from '../../lib/errors.ts';
import { beyond, callerGrants, reachBeyond } from './grants.ts';
import { createRolesRepository } from './roles.repository.ts';

type RoleInput = z.output<typeof roleInputSchema>;
type MenuInput = z.output<typeof menuInputSchema>;

/** Which parent types each menu type may sit under (null: the top level). */
const PARENTS: Record<AdminMenu['type'], (string | null)[]> = {
  directory: [null, 'directory'],
  menu: [null, 'directory'],
  button: ['menu', 'directory'],
};

export function createRolesService(app: FastifyInstance) {
  const repo = (ctx: Context) => createRolesRepository(ctx.db);

  async function load(ctx: Context, id: number): Promise<Role> {
    const role = await repo(ctx).get(id);
    if (!role) throw notFound();
    return role;
  }

  /**
   * The grants as stored: the entries asked for plus every ancestor, so a granted button's menu and
   * directory show too (a checkable tree sends half-checked parents or not, depending on the widget).
   */
  async function closure(ctx: Context, menuIds: number[]): Promise<number[]> {
    const rows = await repo(ctx).menus();
    const byId = new Map(rows.map((m) => [m.id, m]));
    const out = new Set<number>();
    for (const id of menuIds) {
      if (!byId.has(id)) throw businessError(400, 'roles.unknownMenu');
      for (let m = byId.get(id); m && !out.has(m.id); m = m.parentId === null ? undefined : byId.get(m.parentId)) {
        out.add(m.id);
      }
    }
    return [...out].sort((a, b) => a - b);
  }

  /**
   * Who may hand out what (grants.ts): a caller outside the admin role never edits the admin role or
   * a role they hold, adds only menu entries they hold themselves (taking grants away is allowed), and
   * gives no data reach beyond their own (a reach left as it was is not given).
   */
  async function mayGrant(ctx: Context, input: RoleInput, before?: Role) {
    const grants = await callerGrants(ctx);
    if (grants.admin) return;
    if (before?.code === ROLE_ADMIN) throw new AppError(403, 403, 'roles.grantBeyondYours');
    if (before && grants.heldRoleIds.has(before.id)) throw new AppError(403, 403, 'roles.ownRole');
    const had = new Set(before?.menuIds ?? []);
    const added = (await closure(ctx, input.menuIds)).filter((m) => !had.has(m));
    if (beyond(grants, added).length > 0) throw new AppError(403, 403, 'roles.grantBeyondYours');
    const reach = {
      dataScope: input.dataScope,
      departmentIds: input.dataScope === 'custom' ? [...new Set(input.departmentIds)].sort((a, b) => a - b) : [],
      regionIds: [...new Set(input.regionIds)].sort((a, b) => a - b),
    };
    const same =
      before !== undefined &&
      before.dataScope === reach.dataScope &&
      before.departmentIds.join() === reach.departmentIds.join() &&
      before.regionIds.join() === reach.regionIds.join();
    if (!same && reachBeyond(grants, reach)) throw new AppError(403, 403, 'roles.scopeBeyondYours');
  }

  async function saveGrants(ctx: Context, id: number, input: RoleInput) {
    const departmentIds = input.dataScope === 'custom' ? [...new Set(input.departmentIds)] : [];
    if ((await repo(ctx).existingDepartments(departmentIds)).length !== departmentIds.length) {
      throw businessError(400, 'organization.unknownDepartment');
    }
    const regionIds = [...new Set(input.regionIds)];
    if ((await repo(ctx).existingRegions(regionIds)).length !== regionIds.length) {
      throw businessError(400, 'devices.unknownRegion');
    }
    await repo(ctx).setMenus(id, await closure(ctx, input.menuIds));
    await repo(ctx).setDepartments(id, departmentIds);
    await repo(ctx).setRegions(id, regionIds);
  }

  const menusChanged = (ctx: Context) => ctx.afterCommit(() => app.realtime.toAll({ type: 'menus' }));

  async function menu(ctx: Context, id: number): Promise<AdminMenu> {
    const found = await repo(ctx).menu(id);
    if (!found) throw notFound();
    return found;
  }

  async function checkPlacement(ctx: Context, input: MenuInput, self?: number) {
    const parent = input.parentId === null ? null : await repo(ctx).menuById(input.parentId);
    if (input.parentId !== null && !parent) throw businessError(400, 'menus.unknownParent');
    if (!PARENTS[input.type].includes(parent?.type ?? null)) throw businessError(400, 'menus.badParent');
    if (self !== undefined && parent) {
      const rows = await repo(ctx).menus();
      const byId = new Map(rows.map((m) => [m.id, m]));
      for (let m: MenuRow | undefined = parent; m; m = m.parentId === null ? undefined : byId.get(m.parentId)) {
        if (m.id === self) throw businessError(400, 'menus.moveUnderSelf');
      }
    }
    if (await repo(ctx).menuNamed(input.name, self)) throw new AppError(409, 409, 'menus.nameTaken');
  }

  return {
    list: (ctx: Context) => repo(ctx).list(),

    options: (ctx: Context) => repo(ctx).options(ctx.locale),

    get: load,

    async create(ctx: Context, input: RoleInput) {
      await mayGrant(ctx, input);
      if (await repo(ctx).byCode(input.code)) throw new AppError(409, 409, 'roles.codeTaken');
      const now = app.clock.now();
      const id = await repo(ctx).insert({
        code: input.code,
        name: input.name,
        nameEn: input.nameEn,
        description: input.description,
        dataScope: input.dataScope,
        sort: input.sort,
        status: input.status,
        createdAt: now,
        updatedAt: now,
      });
      await saveGrants(ctx, id, input);
      const after = await load(ctx, id);
      ctx.audit({ targetId: id, after });
      return after;
    },

    async update(ctx: Context, id: number, input: RoleInput) {
      const before = await load(ctx, id);
      await mayGrant(ctx, input, before);
      if (before.builtin && input.code !== before.code) throw businessError(400, 'roles.builtinCode');
      if (
        before.code === ROLE_ADMIN &&
        (input.status !== 'enabled' || input.dataScope !== 'all' || input.regionIds.length > 0)
      ) {
        throw businessError(400, 'roles.adminFixed');
      }
      const other = await repo(ctx).byCode(input.code);
      if (other && other.id !== id) throw new AppError(409, 409, 'roles.codeTaken');
      const now = app.clock.now();
      await repo(ctx).update(id, {
        code: input.code,
        name: input.name,
        nameEn: input.nameEn,
        description: input.description,
        dataScope: input.dataScope,
        sort: input.sort,
        status: input.status,
        updatedAt: now,
      });
      await saveGrants(ctx, id, input);
      if (input.status === 'disabled' && before.status === 'enabled') await repo(ctx).revokeSessionsActingAs(id, now);
      menusChanged(ctx);
      const after = await load(ctx, id);
      ctx.audit({ targetId: id, before, after });
      return after;
    },

    async remove(ctx: Context, id: number, confirm: boolean) {
      const before = await load(ctx, id);
      if (before.builtin) throw businessError(400, 'roles.builtin');
      const grants = await callerGrants(ctx);
      if (!grants.admin && grants.heldRoleIds.has(id)) throw new AppError(403, 403, 'roles.ownRole');
      const holders = await repo(ctx).holders(id);
      if (holders.length > 0 && !confirm) {
        const names = holders.slice(0, 5).map((u) => u.displayName || u.username);
        throw new AppError(
          409,
          409,
          holders.length > 5 ? 'roles.inUseMany' : 'roles.inUse',
          { names: names.join(ctx.locale === 'en-US' ? ', ' : '、'), n: holders.length },
          { users: holders },
        );
      }
      await repo(ctx).revokeSessionsActingAs(id, app.clock.now());
      await repo(ctx).remove(id);
      menusChanged(ctx);
      ctx.audit({ targetId: id, before: { ...before, holders: holders.map((u) => u.username) } });
      return null;
    },

    menus: (ctx: Context) => repo(ctx).menuTree(),

    async createMenu(ctx: Context, input: MenuInput) {
      await checkPlacement(ctx, input);
      const now = app.clock.now();
      const id = await repo(ctx).insertMenu({ ...input, createdAt: now, updatedAt: now });
      menusChanged(ctx);
      const after = await menu(ctx, id);
      ctx.audit({ targetId: id, after });
      return after;
    },

    async updateMenu(ctx: Context, id: number, input: MenuInput) {
      const before = await menu(ctx, id);
      await checkPlacement(ctx, input, id);
      await repo(ctx).updateMenu(id, { ...input, updatedAt: app.clock.now() });
      menusChanged(ctx);
      const after = await menu(ctx, id);
      ctx.audit({ targetId: id, before, after });
      return after;
    },

    async removeMenu(ctx: Context, id: number) {
      const before = await menu(ctx, id);
      const children = await repo(ctx).menuChildren(id);
      if (children > 0) throw new AppError(409, 409, 'menus.hasChildren', { n: children });
      await repo(ctx).removeMenu(id);
      menusChanged(ctx);
      ctx.audit({ targetId: id, before });
      return null;
    },
  };
}
