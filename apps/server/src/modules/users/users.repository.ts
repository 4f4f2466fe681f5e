import { type Locale, type ManagedUser, ROLE_ADMIN, USER_COUNT_CAP } from '@water/contracts';
import { and, asc, count, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  departmentMembers,
  departments,
  enterprises,
  roles,
  sessions,
  userRoles,
  users,
} from '../../db/schema/index.ts';
import { cappedCount } from '../../lib/capped-count.ts';
import type { DataScope } from '../../lib/data-scope.ts';
import { containing } from '../../lib/like.ts';
import { toUser, type UserRoleRow, type UserRow } from './users.mappers.ts';

export interface UserFilter {
  keyword?: string | undefined;
  departmentIds?: number[] | undefined;
  roleCode?: string | undefined;
  status?: string | undefined;
  sort: 'createdAt' | 'username' | 'displayName' | 'lastLoginAt';
  order: 'asc' | 'desc';
}

const SORT = {
  createdAt: users.createdAt,
  username: users.username,
  displayName: users.displayName,
  lastLoginAt: users.lastLoginAt,
} as const;

/**
 * The order of a page. With a keyword, the sort column is wrapped in a no-op expression: its index
 * would tempt the planner to walk every user in order looking for the few the trigram index has
 * already found; sorting those few is faster.
 */
function orderOf(filter: Pick<UserFilter, 'sort' | 'order' | 'keyword'>) {
  const column = SORT[filter.sort];
  const key = !filter.keyword
    ? column
    : filter.sort === 'createdAt' || filter.sort === 'lastLoginAt'
      ? sql`(${column} + interval '0 s')`
      : sql`(${column} || '')`;
  return [filter.order === 'asc' ? asc(key) : desc(key), asc(users.id)];
}

/**
 * Users who belong to any of these departments, main or not. Membership rows include every user's
 * main department (user writes keep them in step), so one indexed semi-join answers it.
 */
function inDepartments(ids: number[]): SQL {
  if (ids.length === 0) return sql`false`;
  return inArray(
    users.id,
    sql`(select ${departmentMembers.userId} from ${departmentMembers} where ${inArray(departmentMembers.departmentId, ids)})`,
  );
}

/** The text the user list's keyword searches, as the trigram index (migration 0008) holds it. */
const SEARCH_TEXT = sql`(${users.displayName} || ' ' || ${users.username} || ' ' || coalesce(${users.phone}, ''))`;

/** Rows a data scope admits: users of the scope's departments (main or not), or the caller alone. */
export function userScopeCondition(scope: DataScope): SQL | undefined {
  if (scope.userId !== null) return eq(users.id, scope.userId);
  if (scope.departments === null) return undefined;
  return inDepartments(scope.departments);
}

export function createUsersRepository(db: Queryable) {
  const columns = {
    user: users,
    departmentName: departments.name,
    enterpriseName: enterprises.name,
  };
  const joined = () =>
    db
      .select(columns)
      .from(users)
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId));

  function where(filter: Partial<UserFilter>, scope: DataScope) {
    return and(
      userScopeCondition(scope),
      filter.keyword ? sql`${SEARCH_TEXT} ilike ${containing(filter.keyword)}` : undefined,
      filter.departmentIds ? inDepartments(filter.departmentIds) : undefined,
      // The role id as a sub-select of its own: the planner then knows it is one role, not a join.
      filter.roleCode
        ? sql`exists (select 1 from ${userRoles} ur where ur.user_id = "users"."id" and ur.role_id = (select r.id from ${roles} r where r.code = ${filter.roleCode}))`
        : undefined,
      filter.status ? eq(users.status, filter.status) : undefined,
    );
  }

  /** Rows as the API answers them, each with its roles. */
  const withRoles = async (rows: UserRow[], locale: Locale): Promise<ManagedUser[]> => {
    const roleRows = await repository.rolesOf(rows.map((r) => r.user.id));
    return rows.map((row) => toUser(row, roleRows, locale));
  };

  const repository = {
    /** A page of users within the scope, as the API answers them. */
    async list(filter: UserFilter & { page: number; pageSize: number }, scope: DataScope, locale: Locale) {
      const { rows, ...counted } = await repository.page(filter, scope);
      return { ...counted, list: await withRoles(rows, locale) };
    },

    /** Up to `limit` users within the scope, as the API answers them: the export. */
    listAll: async (filter: UserFilter, scope: DataScope, limit: number, locale: Locale) =>
      withRoles(await repository.all(filter, scope, limit), locale),

    /** One user within the scope, as the API answers it. */
    async get(id: number, scope: DataScope, locale: Locale): Promise<ManagedUser | undefined> {
      const row = await repository.byId(id, scope);
      return row && (await withRoles([row], locale))[0];
    },

    async page(filter: UserFilter & { page: number; pageSize: number }, scope: DataScope) {
      const condition = where(filter, scope);
      const counted = await cappedCount(db, users, condition, USER_COUNT_CAP);
      const rows = await joined()
        .where(condition)
        .orderBy(...orderOf(filter))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize);
      return { ...counted, rows };
    },

    all: (filter: UserFilter, scope: DataScope, limit: number) =>
      joined()
        .where(where(filter, scope))
        .orderBy(...orderOf(filter))
        .limit(limit),

    byId: (id: number, scope: DataScope) =>
      joined()
        .where(and(eq(users.id, id), userScopeCondition(scope)))
        .then((rows) => rows[0]),

    /** Roles of many users at once, in role order. */
    async rolesOf(userIds: number[]): Promise<UserRoleRow[]> {
      if (userIds.length === 0) return [];
      return db
        .select({ userId: userRoles.userId, code: roles.code, name: roles.name, nameEn: roles.nameEn })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(inArray(userRoles.userId, userIds))
        .orderBy(asc(roles.sort), asc(roles.id));
    },

    roleIdsOf: (userId: number) =>
      db
        .select({ id: userRoles.roleId })
        .from(userRoles)
        .where(eq(userRoles.userId, userId))
        .then((rows) => rows.map((r) => r.id)),

    rolesByCodes: (codes: string[]) =>
      codes.length === 0 ? Promise.resolve([]) : db.select().from(roles).where(inArray(roles.code, codes)),

    departmentById: (id: number) =>
      db
        .select()
        .from(departments)
        .where(eq(departments.id, id))
        .then((rows) => rows[0]),

    /** Another account with this username (any case) or phone. */
    async clash(username: string, phone: string | null, self?: number) {
      const rows = await db
        .select({ id: users.id, username: users.username, phone: users.phone })
        .from(users)
        .where(
          and(
            or(eq(sql`lower(${users.username})`, username.toLowerCase()), phone ? eq(users.phone, phone) : undefined),
            self === undefined ? undefined : ne(users.id, self),
          ),
        )
        .limit(1);
      return rows[0];
    },

    insert: (values: typeof users.$inferInsert) =>
      db
        .insert(users)
        .values(values)
        .returning({ id: users.id })
        .then((rows) => rows[0]!.id),

    update: (id: number, values: Partial<typeof users.$inferInsert>) =>
      db.update(users).set(values).where(eq(users.id, id)),

    remove: (id: number) => db.delete(users).where(eq(users.id, id)),

    async setRoles(userId: number, roleIds: number[]) {
      await db.delete(userRoles).where(eq(userRoles.userId, userId));
      if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
    },

    /** The user's main membership follows their department field. */
    async setMainDepartment(userId: number, departmentId: number | null) {
      await db.update(departmentMembers).set({ isMain: false }).where(eq(departmentMembers.userId, userId));
      if (departmentId === null) return;
      await db
        .insert(departmentMembers)
        .values({ userId, departmentId, isMain: true })
        .onConflictDoUpdate({
          target: [departmentMembers.userId, departmentMembers.departmentId],
          set: { isMain: true },
        });
    },

    /** Enabled users holding the enabled admin role, but `except`. */
    activeAdminsExcept: (except: number) =>
      db
        .select({ n: count() })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(
          and(
            eq(users.status, 'enabled'),
            eq(roles.code, ROLE_ADMIN),
            eq(roles.status, 'enabled'),
            ne(users.id, except),
          ),
        )
        .then((rows) => rows[0]?.n ?? 0),

    revokeSessions: (userId: number, at: Date, reason: string) =>
      db
        .update(sessions)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),
  };
  return repository;
}
