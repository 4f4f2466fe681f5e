import type { Enterprise, RecordStatus } from '@water/contracts';
import { and, asc, count, desc, eq, ilike, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { departmentMembers, departments, enterprises, users } from '../../db/schema/index.ts';
import { type DataScope, unlimited } from '../../lib/data-scope.ts';
import { containing } from '../../lib/like.ts';
import { departmentSubtree } from '../../lib/tree.ts';
import { type MemberRow, toEnterprise, toMember } from './organization.mappers.ts';

/** Key of the advisory lock that serialises the tree writes of one enterprise (with its id). */
const DEPARTMENT_TREE_LOCK = 7_305_001;

/**
 * What a caller's data scope shows of enterprises: with no limit, all of them with whole counts;
 * otherwise the enterprises holding a department of the scope, and the caller's own, counting only
 * the departments and users within the scope.
 */
export interface EnterpriseScope {
  scope: DataScope;
  callerId: number;
}

const idList = (ids: number[]) =>
  ids.length === 0
    ? sql`(null)`
    : sql`(${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`;

export function createOrganizationRepository(db: Queryable) {
  // Correlated subqueries name the outer table in full: drizzle writes a lone column unqualified.
  const deptCount = (s?: EnterpriseScope) => {
    const limit =
      !s || unlimited(s.scope)
        ? sql``
        : s.scope.departments === null
          ? sql` and false`
          : sql` and d.id in ${idList(s.scope.departments)}`;
    return sql<number>`(select count(*) from ${departments} d where d.enterprise_id = "enterprises"."id"${limit})`.mapWith(
      Number,
    );
  };
  const userCount = (s?: EnterpriseScope) => {
    const limit =
      !s || unlimited(s.scope)
        ? sql``
        : s.scope.userId !== null
          ? sql` and u.id = ${s.scope.userId}`
          : sql` and u.id in (select m.user_id from ${departmentMembers} m where m.department_id in ${idList(s.scope.departments ?? [])})`;
    return sql<number>`(select count(*) from ${users} u where u.enterprise_id = "enterprises"."id"${limit})`.mapWith(
      Number,
    );
  };
  const enterpriseColumns = (s?: EnterpriseScope) => ({
    enterprise: enterprises,
    departments: deptCount(s),
    users: userCount(s),
  });
  /** The enterprises a scoped caller sees (undefined: all). */
  const visibleEnterprises = (s: EnterpriseScope): SQL | undefined => {
    if (unlimited(s.scope)) return undefined;
    const own = sql`${enterprises.id} = (select u.enterprise_id from ${users} u where u.id = ${s.callerId})`;
    const held = s.scope.departments?.length
      ? sql`${enterprises.id} in (select d.enterprise_id from ${departments} d where d.id in ${idList(s.scope.departments)})`
      : undefined;
    return or(own, held);
  };

  return {
    async enterprisePage(
      filter: {
        page: number;
        pageSize: number;
        keyword?: string | undefined;
        type?: string | undefined;
        status?: string | undefined;
      },
      scope: EnterpriseScope,
    ) {
      const where = and(
        visibleEnterprises(scope),
        filter.keyword
          ? or(
              ilike(enterprises.name, containing(filter.keyword)),
              ilike(enterprises.creditCode, containing(filter.keyword)),
            )
          : undefined,
        filter.type ? eq(enterprises.type, filter.type) : undefined,
        filter.status ? eq(enterprises.status, filter.status) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(enterprises).where(where);
      const rows = await db
        .select(enterpriseColumns(scope))
        .from(enterprises)
        .where(where)
        .orderBy(asc(enterprises.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize);
      return { total: total?.n ?? 0, list: rows.map(toEnterprise) };
    },

    /** One enterprise with its department and user counts, as the API answers it. */
    enterpriseById: (id: number): Promise<Enterprise | undefined> =>
      db
        .select(enterpriseColumns())
        .from(enterprises)
        .where(eq(enterprises.id, id))
        .then((rows) => rows[0] && toEnterprise(rows[0])),

    enterpriseOptions: (scope: EnterpriseScope) =>
      db
        .select({ id: enterprises.id, name: enterprises.name, status: enterprises.status })
        .from(enterprises)
        .where(visibleEnterprises(scope))
        .orderBy(asc(enterprises.id))
        .then((rows) => rows.map((r) => ({ ...r, status: r.status as RecordStatus }))),

    /**
     * Serialises the tree writes (add, move, remove) of one enterprise until the transaction ends:
     * two moves checked side by side could otherwise each pass the cycle check against a tree the
     * other is changing (A under B while B goes under A) and commit a loop.
     */
    lockTree: (enterpriseId: number) =>
      db.execute(sql`select pg_advisory_xact_lock(${DEPARTMENT_TREE_LOCK}::int, ${enterpriseId}::int)`),

    /** Whether a user belongs (main or not) to one of these departments. */
    userInDepartments: (userId: number, ids: number[]) =>
      ids.length === 0
        ? Promise.resolve(false)
        : db
            .select({ userId: departmentMembers.userId })
            .from(departmentMembers)
            .where(and(eq(departmentMembers.userId, userId), inArray(departmentMembers.departmentId, ids)))
            .limit(1)
            .then((rows) => rows.length > 0),

    enterpriseByCreditCode: (code: string) =>
      db
        .select({ id: enterprises.id })
        .from(enterprises)
        .where(eq(enterprises.creditCode, code))
        .then((rows) => rows[0]),

    insertEnterprise: (values: typeof enterprises.$inferInsert) =>
      db
        .insert(enterprises)
        .values(values)
        .returning({ id: enterprises.id })
        .then((rows) => rows[0]!.id),

    updateEnterprise: (id: number, values: Partial<typeof enterprises.$inferInsert>) =>
      db.update(enterprises).set(values).where(eq(enterprises.id, id)),

    removeEnterprise: (id: number) => db.delete(enterprises).where(eq(enterprises.id, id)),

    /** Departments with their member counts (users in department_members). */
    departments(filter: { enterpriseId?: number | undefined; status?: string | undefined } = {}) {
      return db
        .select({
          department: departments,
          members:
            sql<number>`(select count(*) from ${departmentMembers} m where m.department_id = "departments"."id")`.mapWith(
              Number,
            ),
        })
        .from(departments)
        .where(
          and(
            filter.enterpriseId ? eq(departments.enterpriseId, filter.enterpriseId) : undefined,
            filter.status ? eq(departments.status, filter.status) : undefined,
          ),
        )
        .orderBy(asc(departments.orderNum), asc(departments.id));
    },

    departmentById: (id: number) =>
      db
        .select()
        .from(departments)
        .where(eq(departments.id, id))
        .then((rows) => rows[0]),

    siblingNamed(enterpriseId: number, parentId: number | null, name: string) {
      return db
        .select({ id: departments.id })
        .from(departments)
        .where(
          and(
            eq(departments.enterpriseId, enterpriseId),
            parentId === null ? isNull(departments.parentId) : eq(departments.parentId, parentId),
            eq(departments.name, name),
          ),
        )
        .then((rows) => rows[0]);
    },

    insertDepartment: (values: typeof departments.$inferInsert) =>
      db
        .insert(departments)
        .values(values)
        .returning({ id: departments.id })
        .then((rows) => rows[0]!.id),

    updateDepartment: (id: number, values: Partial<typeof departments.$inferInsert>) =>
      db.update(departments).set(values).where(eq(departments.id, id)),

    /** After a move: every descendant's ancestor path swaps its old prefix for the new one. */
    rebaseDescendants(oldPrefix: string, newPrefix: string) {
      return db
        .update(departments)
        .set({ ancestors: sql`${newPrefix} || substr(${departments.ancestors}, ${oldPrefix.length + 1})` })
        .where(or(eq(departments.ancestors, oldPrefix), like(departments.ancestors, `${oldPrefix},%`)));
    },

    childCount: (id: number) =>
      db
        .select({ n: count() })
        .from(departments)
        .where(eq(departments.parentId, id))
        .then((rows) => rows[0]?.n ?? 0),

    /** Members, and users whose own department field names it without a membership row. */
    memberCount: (id: number) =>
      db
        .select({ n: count() })
        .from(users)
        .where(
          or(
            eq(users.departmentId, id),
            sql`exists (select 1 from ${departmentMembers} m where m.user_id = "users"."id" and m.department_id = ${id})`,
          ),
        )
        .then((rows) => rows[0]?.n ?? 0),

    removeDepartment: (id: number) => db.delete(departments).where(eq(departments.id, id)),

    /** A department and every one below it, by the ancestor path. */
    subtreeIds: (id: number) => departmentSubtree(db, id),

    async memberPage(filter: {
      page: number;
      pageSize: number;
      departmentIds?: number[] | undefined;
      keyword?: string | undefined;
      /** Data scope: only these departments (null: no limit). */
      scopeDepartments: number[] | null;
      /** Data scope "self": only this user. */
      scopeUserId: number | null;
    }) {
      const conditions: (SQL | undefined)[] = [
        filter.departmentIds ? inArray(departmentMembers.departmentId, filter.departmentIds) : undefined,
        filter.keyword
          ? or(
              ilike(users.displayName, containing(filter.keyword)),
              ilike(users.username, containing(filter.keyword)),
              ilike(users.phone, containing(filter.keyword)),
            )
          : undefined,
        filter.scopeDepartments ? inArray(departmentMembers.departmentId, filter.scopeDepartments) : undefined,
        filter.scopeUserId !== null ? eq(departmentMembers.userId, filter.scopeUserId) : undefined,
      ];
      if (filter.departmentIds?.length === 0 || filter.scopeDepartments?.length === 0) {
        return { total: 0, list: [] };
      }
      const where = and(...conditions);
      const base = () =>
        db
          .select({
            member: departmentMembers,
            username: users.username,
            displayName: users.displayName,
            phone: users.phone,
            status: users.status,
            departmentName: departments.name,
          })
          .from(departmentMembers)
          .innerJoin(users, eq(users.id, departmentMembers.userId))
          .innerJoin(departments, eq(departments.id, departmentMembers.departmentId));
      const [total] = await db
        .select({ n: count() })
        .from(departmentMembers)
        .innerJoin(users, eq(users.id, departmentMembers.userId))
        .where(where);
      const rows = await base()
        .where(where)
        .orderBy(desc(departmentMembers.isMain), asc(departments.orderNum), asc(users.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize);
      return { total: total?.n ?? 0, list: rows.map(toMember) };
    },

    member: (departmentId: number, userId: number): Promise<MemberRow | undefined> =>
      db
        .select({
          member: departmentMembers,
          username: users.username,
          displayName: users.displayName,
          phone: users.phone,
          status: users.status,
          departmentName: departments.name,
        })
        .from(departmentMembers)
        .innerJoin(users, eq(users.id, departmentMembers.userId))
        .innerJoin(departments, eq(departments.id, departmentMembers.departmentId))
        .where(and(eq(departmentMembers.departmentId, departmentId), eq(departmentMembers.userId, userId)))
        .then((rows) => rows[0]),

    membershipsOf: (userId: number) =>
      db
        .select()
        .from(departmentMembers)
        .where(eq(departmentMembers.userId, userId))
        .orderBy(desc(departmentMembers.isMain), asc(departmentMembers.createdAt)),

    userById: (id: number) =>
      db
        .select({ id: users.id, departmentId: users.departmentId })
        .from(users)
        .where(eq(users.id, id))
        .then((rows) => rows[0]),

    upsertMember: (values: typeof departmentMembers.$inferInsert) =>
      db
        .insert(departmentMembers)
        .values(values)
        .onConflictDoUpdate({
          target: [departmentMembers.userId, departmentMembers.departmentId],
          set: { position: values.position ?? '', isMain: values.isMain ?? false },
        }),

    clearMain: (userId: number) =>
      db.update(departmentMembers).set({ isMain: false }).where(eq(departmentMembers.userId, userId)),

    setMain: (userId: number, departmentId: number) =>
      db
        .update(departmentMembers)
        .set({ isMain: true })
        .where(and(eq(departmentMembers.userId, userId), eq(departmentMembers.departmentId, departmentId))),

    removeMember: (departmentId: number, userId: number) =>
      db
        .delete(departmentMembers)
        .where(and(eq(departmentMembers.departmentId, departmentId), eq(departmentMembers.userId, userId))),

    /** The user's own department and enterprise follow their main membership. */
    setUserDepartment: (userId: number, departmentId: number | null, enterpriseId: number | null) =>
      db.update(users).set({ departmentId, enterpriseId }).where(eq(users.id, userId)),
  };
}
