import type {
  DepartmentNode,
  departmentInputSchema,
  Enterprise,
  enterpriseInputSchema,
  Member,
  memberInputSchema,
  RecordStatus,
} from '@water/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type DataScope, dataScope, inDepartmentScope, unlimited } from '../../lib/data-scope.ts';
import { AppError, businessError, notFound } from '../../lib/errors.ts';
import { createOrganizationRepository } from './organization.repository.ts';

type EnterpriseRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createOrganizationRepository>['enterpriseById']>>
>;
type DepartmentRow = Awaited<ReturnType<ReturnType<typeof createOrganizationRepository>['departments']>>[number];
type MemberRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createOrganizationRepository>['member']>>>;

const toEnterprise = (r: EnterpriseRow): Enterprise => ({
  id: r.enterprise.id,
  name: r.enterprise.name,
  creditCode: r.enterprise.creditCode,
  type: r.enterprise.type as Enterprise['type'],
  contact: r.enterprise.contact,
  phone: r.enterprise.phone,
  address: r.enterprise.address,
  status: r.enterprise.status as RecordStatus,
  departments: r.departments,
  users: r.users,
  createdAt: r.enterprise.createdAt.toISOString(),
  updatedAt: r.enterprise.updatedAt.toISOString(),
});

const toMember = (r: MemberRow): Member => ({
  userId: r.member.userId,
  username: r.username,
  displayName: r.displayName,
  phone: r.phone,
  departmentId: r.member.departmentId,
  departmentName: r.departmentName,
  position: r.member.position,
  isMain: r.member.isMain,
  status: r.status as RecordStatus,
  joinedAt: r.member.createdAt.toISOString(),
});

/**
 * Flat rows (ordered) into a forest; a row whose parent is not in the set becomes a root. A row
 * `inScope` rejects keeps its name and place only.
 */
export function buildDepartmentTree(
  rows: DepartmentRow[],
  inScope: (id: number) => boolean = () => true,
): DepartmentNode[] {
  const nodes = new Map<number, DepartmentNode>();
  for (const { department: d, members } of rows) {
    const visible = inScope(d.id);
    nodes.set(d.id, {
      id: d.id,
      enterpriseId: d.enterpriseId,
      parentId: d.parentId,
      name: d.name,
      orderNum: d.orderNum,
      leader: visible ? d.leader : '',
      phone: visible ? d.phone : '',
      status: d.status as RecordStatus,
      members: visible ? members : 0,
      inScope: visible,
      children: [],
    });
  }
  const roots: DepartmentNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

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
  const repo = (req: FastifyRequest) => createOrganizationRepository(req.tx ?? app.db);

  async function enterprise(req: FastifyRequest, id: number): Promise<Enterprise> {
    const row = await repo(req).enterpriseById(id);
    if (!row) throw notFound();
    return toEnterprise(row);
  }

  const outOfScope = (key: 'organization.deptOutOfScope' | 'organization.rootOutOfScope') =>
    new AppError(403, 403, key);

  /** A department write needs the department within the caller's data scope. */
  async function assertInScope(req: FastifyRequest, departmentId: number) {
    if (!inDepartmentScope(await dataScope(app, req), departmentId)) throw outOfScope('organization.deptOutOfScope');
  }

  /** Where a department goes (a parent, or the top level) must lie within the caller's scope too. */
  async function assertPlaceInScope(req: FastifyRequest, parentId: number | null) {
    if (parentId !== null) return assertInScope(req, parentId);
    if (!unlimited(await dataScope(app, req))) throw outOfScope('organization.rootOutOfScope');
  }

  /** Enterprises span departments beyond any department scope: only the unlimited scope writes them. */
  async function assertEnterpriseWriter(req: FastifyRequest) {
    if (!unlimited(await dataScope(app, req))) throw new AppError(403, 403, 'organization.enterpriseOutOfScope');
  }

  const enterpriseScope = async (req: FastifyRequest) => ({
    scope: await dataScope(app, req),
    callerId: req.auth!.userId,
  });

  async function department(req: FastifyRequest, id: number): Promise<DepartmentNode> {
    const rows = await repo(req).departments();
    const row = rows.find((r) => r.department.id === id);
    if (!row) throw notFound();
    return { ...buildDepartmentTree([row])[0]!, children: [] };
  }

  async function creditCodeFree(req: FastifyRequest, code: string, self?: number) {
    const other = await repo(req).enterpriseByCreditCode(code);
    if (other && other.id !== self) throw new AppError(409, 409, 'organization.creditCodeTaken');
  }

  async function nameFree(
    req: FastifyRequest,
    enterpriseId: number,
    parentId: number | null,
    name: string,
    self?: number,
  ) {
    const other = await repo(req).siblingNamed(enterpriseId, parentId, name);
    if (other && other.id !== self) throw new AppError(409, 409, 'organization.deptNameTaken');
  }

  /** The parent must be a department of the same enterprise; gives the new ancestor path. */
  async function ancestorsUnder(req: FastifyRequest, enterpriseId: number, parentId: number | null): Promise<string> {
    if (parentId === null) return '0';
    const parent = await repo(req).departmentById(parentId);
    if (!parent || parent.enterpriseId !== enterpriseId) throw businessError(400, 'organization.unknownParent');
    return `${parent.ancestors},${parent.id}`;
  }

  return {
    async enterprises(
      req: FastifyRequest,
      query: Parameters<ReturnType<typeof createOrganizationRepository>['enterprisePage']>[0],
    ) {
      const { total, rows } = await repo(req).enterprisePage(query, await enterpriseScope(req));
      return { total, page: query.page, pageSize: query.pageSize, list: rows.map(toEnterprise) };
    },

    enterpriseOptions: async (req: FastifyRequest) =>
      repo(req)
        .enterpriseOptions(await enterpriseScope(req))
        .then((rows) => rows.map((r) => ({ ...r, status: r.status as RecordStatus }))),

    async createEnterprise(req: FastifyRequest, input: z.output<typeof enterpriseInputSchema>) {
      await assertEnterpriseWriter(req);
      await creditCodeFree(req, input.creditCode);
      const now = app.clock.now();
      const id = await repo(req)
        .insertEnterprise({ ...input, createdAt: now, updatedAt: now })
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? new AppError(409, 409, 'organization.creditCodeTaken') : err;
        });
      const after = await enterprise(req, id);
      req.auditChange = { targetId: id, after };
      return after;
    },

    async updateEnterprise(req: FastifyRequest, id: number, input: z.output<typeof enterpriseInputSchema>) {
      await assertEnterpriseWriter(req);
      const before = await enterprise(req, id);
      await creditCodeFree(req, input.creditCode, id);
      await repo(req).updateEnterprise(id, { ...input, updatedAt: app.clock.now() });
      const after = await enterprise(req, id);
      req.auditChange = { targetId: id, before, after };
      return after;
    },

    async removeEnterprise(req: FastifyRequest, id: number) {
      await assertEnterpriseWriter(req);
      const before = await enterprise(req, id);
      if (before.departments > 0 || before.users > 0) {
        throw new AppError(409, 409, 'organization.enterpriseInUse', {
          departments: before.departments,
          users: before.users,
        });
      }
      await repo(req).removeEnterprise(id);
      req.auditChange = { targetId: id, before };
      return null;
    },

    async departmentTree(
      req: FastifyRequest,
      query: { enterpriseId?: number | undefined; status?: RecordStatus | undefined },
    ) {
      const scope = await dataScope(app, req);
      const all = await repo(req).departments(query);
      if (unlimited(scope)) return buildDepartmentTree(all);
      const own =
        scope.departments === null ? ((await repo(req).userById(req.auth!.userId))?.departmentId ?? null) : null;
      const { rows, inScope } = scopedDepartmentRows(all, scope, own);
      return buildDepartmentTree(rows, inScope);
    },

    async createDepartment(req: FastifyRequest, input: z.output<typeof departmentInputSchema>) {
      if (!(await repo(req).enterpriseById(input.enterpriseId)))
        throw businessError(400, 'organization.unknownEnterprise');
      await repo(req).lockTree(input.enterpriseId);
      await assertPlaceInScope(req, input.parentId);
      const ancestors = await ancestorsUnder(req, input.enterpriseId, input.parentId);
      await nameFree(req, input.enterpriseId, input.parentId, input.name);
      const now = app.clock.now();
      const id = await repo(req).insertDepartment({ ...input, ancestors, createdAt: now, updatedAt: now });
      const after = await department(req, id);
      req.auditChange = { targetId: id, after };
      return after;
    },

    async updateDepartment(req: FastifyRequest, id: number, input: z.output<typeof departmentInputSchema>) {
      const found = await repo(req).departmentById(id);
      if (!found) throw notFound();
      // A department never changes enterprise, so the lock's key is known before it is taken;
      // everything else is read again under it.
      await repo(req).lockTree(found.enterpriseId);
      const current = await repo(req).departmentById(id);
      if (!current) throw notFound();
      await assertInScope(req, id);
      const before = await department(req, id);
      if (input.enterpriseId !== current.enterpriseId) throw businessError(400, 'organization.enterpriseFixed');
      if (input.parentId !== current.parentId) await assertPlaceInScope(req, input.parentId);
      if (input.parentId !== null) {
        const parent = await repo(req).departmentById(input.parentId);
        // Under itself, or under anything whose path passes through it.
        if (input.parentId === id || parent?.ancestors.split(',').includes(String(id))) {
          throw businessError(400, 'organization.moveUnderSelf');
        }
      }
      const ancestors = await ancestorsUnder(req, current.enterpriseId, input.parentId);
      await nameFree(req, current.enterpriseId, input.parentId, input.name, id);
      await repo(req).updateDepartment(id, {
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
        await repo(req).rebaseDescendants(`${current.ancestors},${id}`, `${ancestors},${id}`);
      }
      const after = await department(req, id);
      req.auditChange = { targetId: id, before, after };
      return after;
    },

    async removeDepartment(req: FastifyRequest, id: number) {
      const found = await repo(req).departmentById(id);
      if (!found) throw notFound();
      await repo(req).lockTree(found.enterpriseId);
      await assertInScope(req, id);
      const before = await department(req, id);
      const children = await repo(req).childCount(id);
      if (children > 0) throw new AppError(409, 409, 'organization.deptHasChildren', { n: children });
      const members = await repo(req).memberCount(id);
      if (members > 0) throw new AppError(409, 409, 'organization.deptHasMembers', { n: members });
      await repo(req).removeDepartment(id);
      req.auditChange = { targetId: id, before };
      return null;
    },

    async members(
      req: FastifyRequest,
      query: {
        page: number;
        pageSize: number;
        departmentId?: number | undefined;
        withChildren?: boolean | undefined;
        keyword?: string | undefined;
      },
    ) {
      const scope = await dataScope(app, req);
      const departmentIds =
        query.departmentId === undefined
          ? undefined
          : query.withChildren
            ? await repo(req).subtreeIds(query.departmentId)
            : [query.departmentId];
      const { total, rows } = await repo(req).memberPage({
        page: query.page,
        pageSize: query.pageSize,
        departmentIds,
        keyword: query.keyword,
        scopeDepartments: scope.departments,
        scopeUserId: scope.userId,
      });
      return { total, page: query.page, pageSize: query.pageSize, list: rows.map(toMember) };
    },

    async saveMember(req: FastifyRequest, input: z.output<typeof memberInputSchema>) {
      const r = repo(req);
      const user = await r.userById(input.userId);
      if (!user) throw businessError(400, 'organization.unknownUser');
      const dept = await r.departmentById(input.departmentId);
      if (!dept) throw businessError(400, 'organization.unknownDepartment');
      await assertInScope(req, dept.id);
      // Putting someone from elsewhere into one's own department would bring them into one's scope.
      const scope = await dataScope(app, req);
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
      req.auditChange = { targetId: input.userId, before: before ? toMember(before) : null, after };
      return after;
    },

    async removeMember(req: FastifyRequest, departmentId: number, userId: number) {
      const r = repo(req);
      const before = await r.member(departmentId, userId);
      if (!before) throw notFound();
      await assertInScope(req, departmentId);
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
      req.auditChange = { targetId: userId, before: toMember(before) };
      return null;
    },
  };
}
