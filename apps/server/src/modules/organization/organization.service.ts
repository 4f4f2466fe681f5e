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
import { dataScope } from '../../lib/data-scope.ts';
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

/** Flat rows (ordered) into a forest; a row whose parent is not in the set becomes a root. */
export function buildDepartmentTree(rows: DepartmentRow[]): DepartmentNode[] {
  const nodes = new Map<number, DepartmentNode>();
  for (const { department: d, members } of rows) {
    nodes.set(d.id, {
      id: d.id,
      enterpriseId: d.enterpriseId,
      parentId: d.parentId,
      name: d.name,
      orderNum: d.orderNum,
      leader: d.leader,
      phone: d.phone,
      status: d.status as RecordStatus,
      members,
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

/** PostgreSQL's unique violation: two writers raced past the check. */
const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

export function createOrganizationService(app: FastifyInstance) {
  const repo = (req: FastifyRequest) => createOrganizationRepository(req.tx ?? app.db);

  async function enterprise(req: FastifyRequest, id: number): Promise<Enterprise> {
    const row = await repo(req).enterpriseById(id);
    if (!row) throw notFound();
    return toEnterprise(row);
  }

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
      const { total, rows } = await repo(req).enterprisePage(query);
      return { total, page: query.page, pageSize: query.pageSize, list: rows.map(toEnterprise) };
    },

    enterpriseOptions: (req: FastifyRequest) =>
      repo(req)
        .enterpriseOptions()
        .then((rows) => rows.map((r) => ({ ...r, status: r.status as RecordStatus }))),

    async createEnterprise(req: FastifyRequest, input: z.output<typeof enterpriseInputSchema>) {
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
      const before = await enterprise(req, id);
      await creditCodeFree(req, input.creditCode, id);
      await repo(req).updateEnterprise(id, { ...input, updatedAt: app.clock.now() });
      const after = await enterprise(req, id);
      req.auditChange = { targetId: id, before, after };
      return after;
    },

    async removeEnterprise(req: FastifyRequest, id: number) {
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
      return buildDepartmentTree(await repo(req).departments(query));
    },

    async createDepartment(req: FastifyRequest, input: z.output<typeof departmentInputSchema>) {
      if (!(await repo(req).enterpriseById(input.enterpriseId)))
        throw businessError(400, 'organization.unknownEnterprise');
      const ancestors = await ancestorsUnder(req, input.enterpriseId, input.parentId);
      await nameFree(req, input.enterpriseId, input.parentId, input.name);
      const now = app.clock.now();
      const id = await repo(req).insertDepartment({ ...input, ancestors, createdAt: now, updatedAt: now });
      const after = await department(req, id);
      req.auditChange = { targetId: id, after };
      return after;
    },

    async updateDepartment(req: FastifyRequest, id: number, input: z.output<typeof departmentInputSchema>) {
      const current = await repo(req).departmentById(id);
      if (!current) throw notFound();
      const before = await department(req, id);
      if (input.enterpriseId !== current.enterpriseId) throw businessError(400, 'organization.enterpriseFixed');
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
