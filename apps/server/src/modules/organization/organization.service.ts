import type {
  DepartmentNode,
  departmentInputSchema,
  Enterprise,
  enterpriseInputSchema,
  memberInputSchema,
  RecordStatus,
} from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Context } from '../../lib/context.ts';
import { type DataScope, inDepartmentScope, unlimited } from '../../lib/data-scope.ts';
import { AppError, businessError, notFound } from '../../lib/errors.ts';
import { buildDepartmentTree, type DepartmentRow, toMember } from './organization.mappers.ts';
import { createOrganizationRepository } from './organization.repository.ts';

/**
 * The department tree a scoped caller receives. Decision (issue #5): the departments of the data
 * scope, plus the departments above them so that the pickers still show where they sit. Those
 * context departments come with `inScope: false` and carry their name and place only (no member
 * count, leader or phone); departments beside or below them outside the scope are left out
 * entirely, so neither their names nor their sizes reach the caller. "Self only" has no department
 * in scope: it gets the path down to the caller's own department, all of it context.
 */
export function scopedDepartmentRows(
  rows: DepartmentRow[],
  scope: DataScope,
  ownDepartmentId: number | null,
): { rows: DepartmentRow[]; inScope: (id: number) => boolean } {
  if (unlimited(scope)) return { rows, inScope: () => true };
  const inside = new Set(scope.departments ?? []);
  const byId = new Map(rows.map((r) => [r.department.id, r]));
  const shown = new Set<number>();
  const anchors = scope.departments ?? (ownDepartmentId === null ? [] : [ownDepartmentId]);
  for (const id of anchors) {
    const row = byId.get(id);
    if (!row) continue;
    shown.add(id);
    for (const a of row.department.ancestors.split(',')) if (a !== '0') shown.add(Number(a));
  }
  return { rows: rows.filter((r) => shown.has(r.department.id)), inScope: (id) => inside.has(id) };
}

/** PostgreSQL's unique violation: two writers raced past the check. */
const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

export function createOrganizationService(app: FastifyInstance) {
  const repo = (ctx: Context) => createOrganizationRepository(ctx.db);

  async function enterprise(ctx: Context, id: number): Promise<Enterprise> {
    const found = await repo(ctx).enterpriseById(id);
    if (!found) throw notFound();
    return found;
  }

  const outOfScope = (key: 'organization.deptOutOfScope' | 'organization.rootOutOfScope') =>
    new AppError(403, 403, key);

  /** A department write needs the department within the caller's data scope. */
  async function assertInScope(ctx: Context, departmentId: number) {
    if (!inDepartmentScope(await ctx.scope(), departmentId)) throw outOfScope('organization.deptOutOfScope');
  }

  /** Where a department goes (a parent, or the top level) must lie within the caller's scope too. */
  async function assertPlaceInScope(ctx: Context, parentId: number | null) {
    if (parentId !== null) return assertInScope(ctx, parentId);
    if (!unlimited(await ctx.scope())) throw outOfScope('organization.rootOutOfScope');
  }

  /** Enterprises span departments beyond any department scope: only the unlimited scope writes them. */
  async function assertEnterpriseWriter(ctx: Context) {
    if (!unlimited(await ctx.scope())) throw new AppError(403, 403, 'organization.enterpriseOutOfScope');
  }

  const enterpriseScope = async (ctx: Context) => ({
    scope: await ctx.scope(),
    callerId: ctx.auth!.userId,
  });

  async function department(ctx: Context, id: number): Promise<DepartmentNode> {
    const rows = await repo(ctx).departments();
    const row = rows.find((r) => r.department.id === id);
    if (!row) throw notFound();
    return { ...buildDepartmentTree([row])[0]!, children: [] };
  }

  async function creditCodeFree(ctx: Context, code: string, self?: number) {
    const other = await repo(ctx).enterpriseByCreditCode(code);
    if (other && other.id !== self) throw new AppError(409, 409, 'organization.creditCodeTaken');
  }

  async function nameFree(ctx: Context, enterpriseId: number, parentId: number | null, name: string, self?: number) {
    const other = await repo(ctx).siblingNamed(enterpriseId, parentId, name);
    if (other && other.id !== self) throw new AppError(409, 409, 'organization.deptNameTaken');
  }

  /** The parent must be a department of the same enterprise; gives the new ancestor path. */
  async function ancestorsUnder(ctx: Context, enterpriseId: number, parentId: number | null): Promise<string> {
    if (parentId === null) return '0';
    const parent = await repo(ctx).departmentById(parentId);
    if (!parent || parent.enterpriseId !== enterpriseId) throw businessError(400, 'organization.unknownParent');
    return `${parent.ancestors},${parent.id}`;
  }

  return {
    async enterprises(
      ctx: Context,
      query: Parameters<ReturnType<typeof createOrganizationRepository>['enterprisePage']>[0],
    ) {
      const { total, list } = await repo(ctx).enterprisePage(query, await enterpriseScope(ctx));
      return { total, page: query.page, pageSize: query.pageSize, list };
    },

    enterpriseOptions: async (ctx: Context) => repo(ctx).enterpriseOptions(await enterpriseScope(ctx)),

    async createEnterprise(ctx: Context, input: z.output<typeof enterpriseInputSchema>) {
      await assertEnterpriseWriter(ctx);
      await creditCodeFree(ctx, input.creditCode);
      const now = app.clock.now();
      const id = await repo(ctx)
        .insertEnterprise({ ...input, createdAt: now, updatedAt: now })
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? new AppError(409, 409, 'organization.creditCodeTaken') : err;
        });
      const after = await enterprise(ctx, id);
      ctx.audit({ targetId: id, after });
      return after;
    },

    async updateEnterprise(ctx: Context, id: number, input: z.output<typeof enterpriseInputSchema>) {
      await assertEnterpriseWriter(ctx);
      const before = await enterprise(ctx, id);
      await creditCodeFree(ctx, input.creditCode, id);
      await repo(ctx).updateEnterprise(id, { ...input, updatedAt: app.clock.now() });
      const after = await enterprise(ctx, id);
      ctx.audit({ targetId: id, before, after });
      return after;
    },

    async removeEnterprise(ctx: Context, id: number) {
      await assertEnterpriseWriter(ctx);
      const before = await enterprise(ctx, id);
      if (before.departments > 0 || before.users > 0) {
        throw new AppError(409, 409, 'organization.enterpriseInUse', {
          departments: before.departments,
          users: before.users,
        });
      }
      await repo(ctx).removeEnterprise(id);
      ctx.audit({ targetId: id, before });
      return null;
    },

    async departmentTree(
      ctx: Context,
      query: { enterpriseId?: number | undefined; status?: RecordStatus | undefined },
    ) {
      const scope = await ctx.scope();
      const all = await repo(ctx).departments(query);
      if (unlimited(scope)) return buildDepartmentTree(all);
      const own =
        scope.departments === null ? ((await repo(ctx).userById(ctx.auth!.userId))?.departmentId ?? null) : null;
      const { rows, inScope } = scopedDepartmentRows(all, scope, own);
      return buildDepartmentTree(rows, inScope);
    },

    async createDepartment(ctx: Context, input: z.output<typeof departmentInputSchema>) {
      if (!(await repo(ctx).enterpriseById(input.enterpriseId)))
        throw businessError(400, 'organization.unknownEnterprise');
      await repo(ctx).lockTree(input.enterpriseId);
      await assertPlaceInScope(ctx, input.parentId);
      const ancestors = await ancestorsUnder(ctx, input.enterpriseId, input.parentId);
      await nameFree(ctx, input.enterpriseId, input.parentId, input.name);
      const now = app.clock.now();
      const id = await repo(ctx).insertDepartment({ ...input, ancestors, createdAt: now, updatedAt: now });
      const after = await department(ctx, id);
      ctx.audit({ targetId: id, after });
      return after;
    },

    async updateDepartment(ctx: Context, id: number, input: z.output<typeof departmentInputSchema>) {
      const found = await repo(ctx).departmentById(id);
      if (!found) throw notFound();
      // A department never changes enterprise, so the lock's key is known before it is taken;
      // everything else is read again under it.
      await repo(ctx).lockTree(found.enterpriseId);
      const current = await repo(ctx).departmentById(id);
      if (!current) throw notFound();
      await assertInScope(ctx, id);
      const before = await department(ctx, id);
      if (input.enterpriseId !== current.enterpriseId) throw businessError(400, 'organization.enterpriseFixed');
      if (input.parentId !== current.parentId) await assertPlaceInScope(ctx, input.parentId);
      if (input.parentId !== null) {
        const parent = await repo(ctx).departmentById(input.parentId);
        // Under itself, or under anything whose path passes through it.
        if (input.parentId === id || parent?.ancestors.split(',').includes(String(id))) {
          throw businessError(400, 'organization.moveUnderSelf');
        }
      }
      const ancestors = await ancestorsUnder(ctx, current.enterpriseId, input.parentId);
      await nameFree(ctx, current.enterpriseId, input.parentId, input.name, id);
      await repo(ctx).updateDepartment(id, {
        parentId: input.parentId,
        ancestors,
        name: input.name,
        orderNum: input.orderNum,
        leader: input.leader,
        phone: input.phone,
        status: input.status,
        updatedAt: app.clock.now(),
      });
      if (ancestors !== current.ancestors) {
        await repo(ctx).rebaseDescendants(`${current.ancestors},${id}`, `${ancestors},${id}`);
      }
      const after = await department(ctx, id);
      ctx.audit({ targetId: id, before, after });
      return after;
    },

    async removeDepartment(ctx: Context, id: number) {
      const found = await repo(ctx).departmentById(id);
      if (!found) throw notFound();
      await repo(ctx).lockTree(found.enterpriseId);
      await assertInScope(ctx, id);
      const before = await department(ctx, id);
      const children = await repo(ctx).childCount(id);
      if (children > 0) throw new AppError(409, 409, 'organization.deptHasChildren', { n: children });
      const members = await repo(ctx).memberCount(id);
      if (members > 0) throw new AppError(409, 409, 'organization.deptHasMembers', { n: members });
      await repo(ctx).removeDepartment(id);
      ctx.audit({ targetId: id, before });
      return null;
    },

    async members(
      ctx: Context,
      query: {
        page: number;
        pageSize: number;
        departmentId?: number | undefined;
        withChildren?: boolean | undefined;
        keyword?: string | undefined;
      },
    ) {
      const scope = await ctx.scope();
      const departmentIds =
        query.departmentId === undefined
          ? undefined
          : query.withChildren
            ? await repo(ctx).subtreeIds(query.departmentId)
            : [query.departmentId];
      const { total, list } = await repo(ctx).memberPage({
        page: query.page,
        pageSize: query.pageSize,
        departmentIds,
        keyword: query.keyword,
        scopeDepartments: scope.departments,
        scopeUserId: scope.userId,
      });
      return { total, page: query.page, pageSize: query.pageSize, list };
    },

    async saveMember(ctx: Context, input: z.output<typeof memberInputSchema>) {
      const r = repo(ctx);
      const user = await r.userById(input.userId);
      if (!user) throw businessError(400, 'organization.unknownUser');
      const dept = await r.departmentById(input.departmentId);
      if (!dept) throw businessError(400, 'organization.unknownDepartment');
      await assertInScope(ctx, dept.id);
      // Putting someone from elsewhere into one's own department would bring them into one's scope.
      const scope = await ctx.scope();
      if (!unlimited(scope) && !(await r.userInDepartments(input.userId, scope.departments ?? []))) {
        throw new AppError(403, 403, 'organization.userOutOfScope');
      }
      const before = await r.member(input.departmentId, input.userId);
      const memberships = await r.membershipsOf(input.userId);
      // A user's first department is their main one, whatever was asked.
      const isMain = input.isMain || memberships.filter((m) => m.departmentId !== input.departmentId).length === 0;
      if (isMain) await r.clearMain(input.userId);
      await r.upsertMember({
        userId: input.userId,
        departmentId: input.departmentId,
        position: input.position,
        isMain: isMain || (before?.member.isMain ?? false),
        createdAt: before?.member.createdAt ?? app.clock.now(),
      });
      if (isMain) await r.setUserDepartment(input.userId, dept.id, dept.enterpriseId);
      const after = toMember((await r.member(input.departmentId, input.userId))!);
      ctx.audit({ targetId: input.userId, before: before ? toMember(before) : null, after });
      return after;
    },

    async removeMember(ctx: Context, departmentId: number, userId: number) {
      const r = repo(ctx);
      const before = await r.member(departmentId, userId);
      if (!before) throw notFound();
      await assertInScope(ctx, departmentId);
      await r.removeMember(departmentId, userId);
      if (before.member.isMain) {
        const [next] = await r.membershipsOf(userId);
        if (next) {
          await r.setMain(userId, next.departmentId);
          const dept = await r.departmentById(next.departmentId);
          await r.setUserDepartment(userId, next.departmentId, dept?.enterpriseId ?? null);
        } else {
          const dept = await r.departmentById(departmentId);
          await r.setUserDepartment(userId, null, dept?.enterpriseId ?? null);
        }
      }
      ctx.audit({ targetId: userId, before: toMember(before) });
      return null;
    },
  };
}
