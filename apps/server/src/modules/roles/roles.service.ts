import {
  type AdminMenu,
  type DataScopeKind,
  type menuInputSchema,
  type RecordStatus,
  ROLE_ADMIN,
  type Role,
  type roleInputSchema,
} from '@water/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { MenuRow } from '../../db/schema/index.ts';
import { AppError, businessError, notFound } from '../../lib/errors.ts';
import { beyond, callerGrants, reachBeyond } from './grants.ts';
import { createRolesRepository } from './roles.repository.ts';

type RoleInput = z.output<typeof roleInputSchema>;
type MenuInput = z.output<typeof menuInputSchema>;
type RoleListRow = Awaited<ReturnType<ReturnType<typeof createRolesRepository>['list']>>[number];

/** Flat menu rows into the admin tree (order kept). */
export function buildMenuTree(rows: MenuRow[]): AdminMenu[] {
  const nodes = new Map<number, AdminMenu>();
  for (const m of rows) {
    nodes.set(m.id, {
      id: m.id,
      parentId: m.parentId,
      type: m.type as AdminMenu['type'],
      path: m.path,
      name: m.name,
      locale: m.locale,
      titleZh: m.titleZh,
      titleEn: m.titleEn,
      icon: m.icon,
      orderNum: m.orderNum,
      requiresAuth: m.requiresAuth,
      hidden: m.hidden,
      ignoreCache: m.ignoreCache,
      externalLink: m.externalLink,
      permission: m.permission,
      status: m.status as RecordStatus,
      children: [],
    });
  }
  const roots: AdminMenu[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Which parent types each menu type may sit under (null: the top level). */
const PARENTS: Record<AdminMenu['type'], (string | null)[]> = {
  directory: [null, 'directory'],
  menu: [null, 'directory'],
  button: ['menu', 'directory'],
};

export function createRolesService(app: FastifyInstance) {
  const repo = (req: FastifyRequest) => createRolesRepository(req.tx ?? app.db);
  const en = (req: FastifyRequest) => req.locale === 'en-US';

  const summary = (r: RoleListRow) => ({
    id: r.role.id,
    code: r.role.code,
    name: r.role.name,
    nameEn: r.role.nameEn,
    description: r.role.description,
    dataScope: r.role.dataScope as DataScopeKind,
    sort: r.role.sort,
    status: r.role.status as RecordStatus,
    builtin: r.role.builtin,
    users: r.users,
    createdAt: r.role.createdAt.toISOString(),
  });

  async function load(req: FastifyRequest, id: number): Promise<Role> {
    const row = await repo(req).byId(id);
    if (!row) throw notFound();
    return {
      ...summary(row),
      menuIds: await repo(req).menuIdsOf(id),
      departmentIds: await repo(req).departmentIdsOf(id),
      regionIds: await repo(req).regionIdsOf(id),
    };
  }

  /**
   * The grants as stored: the entries asked for plus every ancestor, so a granted button's menu and
   * directory show too (a checkable tree sends half-checked parents or not, depending on the widget).
   */
  async function closure(req: FastifyRequest, menuIds: number[]): Promise<number[]> {
    const rows = await repo(req).menus();
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
  async function mayGrant(req: FastifyRequest, input: RoleInput, before?: Role) {
    const grants = await callerGrants(req.tx ?? app.db, req);
    if (grants.admin) return;
    if (before?.code === ROLE_ADMIN) throw new AppError(403, 403, 'roles.grantBeyondYours');
    if (before && grants.heldRoleIds.has(before.id)) throw new AppError(403, 403, 'roles.ownRole');
    const had = new Set(before?.menuIds ?? []);
    const added = (await closure(req, input.menuIds)).filter((m) => !had.has(m));
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

  async function saveGrants(req: FastifyRequest, id: number, input: RoleInput) {
    const departmentIds = input.dataScope === 'custom' ? [...new Set(input.departmentIds)] : [];
    if ((await repo(req).existingDepartments(departmentIds)).length !== departmentIds.length) {
      throw businessError(400, 'organization.unknownDepartment');
    }
    const regionIds = [...new Set(input.regionIds)];
    if ((await repo(req).existingRegions(regionIds)).length !== regionIds.length) {
      throw businessError(400, 'devices.unknownRegion');
    }
    await repo(req).setMenus(id, await closure(req, input.menuIds));
    await repo(req).setDepartments(id, departmentIds);
    await repo(req).setRegions(id, regionIds);
  }

  const menusChanged = (req: FastifyRequest) => req.afterCommit(() => app.realtime.toAll({ type: 'menus' }));

  async function menu(req: FastifyRequest, id: number): Promise<AdminMenu> {
    const row = await repo(req).menuById(id);
    if (!row) throw notFound();
    return buildMenuTree([row])[0]!;
  }

  async function checkPlacement(req: FastifyRequest, input: MenuInput, self?: number) {
    const parent = input.parentId === null ? null : await repo(req).menuById(input.parentId);
    if (input.parentId !== null && !parent) throw businessError(400, 'menus.unknownParent');
    if (!PARENTS[input.type].includes(parent?.type ?? null)) throw businessError(400, 'menus.badParent');
    if (self !== undefined && parent) {
      const rows = await repo(req).menus();
      const byId = new Map(rows.map((m) => [m.id, m]));
      for (let m: MenuRow | undefined = parent; m; m = m.parentId === null ? undefined : byId.get(m.parentId)) {
        if (m.id === self) throw businessError(400, 'menus.moveUnderSelf');
      }
    }
    if (await repo(req).menuNamed(input.name, self)) throw new AppError(409, 409, 'menus.nameTaken');
  }

  return {
    async list(req: FastifyRequest) {
      return (await repo(req).list()).map(summary);
    },

    async options(req: FastifyRequest) {
      return (await repo(req).list())
        .filter((r) => r.role.status === 'enabled')
        .map((r) => ({ code: r.role.code, name: en(req) && r.role.nameEn ? r.role.nameEn : r.role.name }));
    },

    get: load,

    async create(req: FastifyRequest, input: RoleInput) {
      await mayGrant(req, input);
      if (await repo(req).byCode(input.code)) throw new AppError(409, 409, 'roles.codeTaken');
      const now = app.clock.now();
      const id = await repo(req).insert({
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
      await saveGrants(req, id, input);
      const after = await load(req, id);
      req.auditChange = { targetId: id, after };
      return after;
    },

    async update(req: FastifyRequest, id: number, input: RoleInput) {
      const before = await load(req, id);
      await mayGrant(req, input, before);
      if (before.builtin && input.code !== before.code) throw businessError(400, 'roles.builtinCode');
      if (
        before.code === ROLE_ADMIN &&
        (input.status !== 'enabled' || input.dataScope !== 'all' || input.regionIds.length > 0)
      ) {
        throw businessError(400, 'roles.adminFixed');
      }
      const other = await repo(req).byCode(input.code);
      if (other && other.id !== id) throw new AppError(409, 409, 'roles.codeTaken');
      const now = app.clock.now();
      await repo(req).update(id, {
        code: input.code,
        name: input.name,
        nameEn: input.nameEn,
        description: input.description,
        dataScope: input.dataScope,
        sort: input.sort,
        status: input.status,
        updatedAt: now,
      });
      await saveGrants(req, id, input);
      if (input.status === 'disabled' && before.status === 'enabled') await repo(req).revokeSessionsActingAs(id, now);
      menusChanged(req);
      const after = await load(req, id);
      req.auditChange = { targetId: id, before, after };
      return after;
    },

    async remove(req: FastifyRequest, id: number, confirm: boolean) {
      const before = await load(req, id);
      if (before.builtin) throw businessError(400, 'roles.builtin');
      const grants = await callerGrants(req.tx ?? app.db, req);
      if (!grants.admin && grants.heldRoleIds.has(id)) throw new AppError(403, 403, 'roles.ownRole');
      const holders = await repo(req).holders(id);
      if (holders.length > 0 && !confirm) {
        const names = holders.slice(0, 5).map((u) => u.displayName || u.username);
        throw new AppError(
          409,
          409,
          holders.length > 5 ? 'roles.inUseMany' : 'roles.inUse',
          { names: names.join(req.locale === 'en-US' ? ', ' : '、'), n: holders.length },
          { users: holders },
        );
      }
      await repo(req).revokeSessionsActingAs(id, app.clock.now());
      await repo(req).remove(id);
      menusChanged(req);
      req.auditChange = { targetId: id, before: { ...before, holders: holders.map((u) => u.username) } };
      return null;
    },

    async menus(req: FastifyRequest) {
      return buildMenuTree(await repo(req).menus());
    },

    async createMenu(req: FastifyRequest, input: MenuInput) {
      await checkPlacement(req, input);
      const now = app.clock.now();
      const id = await repo(req).insertMenu({ ...input, createdAt: now, updatedAt: now });
      menusChanged(req);
      const after = await menu(req, id);
      req.auditChange = { targetId: id, after };
      return after;
    },

    async updateMenu(req: FastifyRequest, id: number, input: MenuInput) {
      const before = await menu(req, id);
      await checkPlacement(req, input, id);
      await repo(req).updateMenu(id, { ...input, updatedAt: app.clock.now() });
      menusChanged(req);
      const after = await menu(req, id);
      req.auditChange = { targetId: id, before, after };
      return after;
    },

    async removeMenu(req: FastifyRequest, id: number) {
      const before = await menu(req, id);
      const children = await repo(req).menuChildren(id);
      if (children > 0) throw new AppError(409, 409, 'menus.hasChildren', { n: children });
      await repo(req).removeMenu(id);
      menusChanged(req);
      req.auditChange = { targetId: id, before };
      return null;
    },
  };
}
