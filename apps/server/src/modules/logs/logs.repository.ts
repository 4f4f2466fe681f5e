import type { OperationLogDetail } from '@water/contracts';
import { and, desc, eq, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { appSettings, loginLog, operationLog, users } from '../../db/schema/index.ts';
import { cappedCount } from '../../lib/capped-count.ts';
import { actorInScope, type DataScope } from '../../lib/data-scope.ts';
import { containing } from '../../lib/like.ts';
import { toLogin, toOperation, toOperationDetail } from './logs.mappers.ts';

export interface OperationFilter {
  username?: string | undefined;
  module?: string | undefined;
  action?: string | undefined;
  result?: string | undefined;
  keyword?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface LoginFilter {
  username?: string | undefined;
  ip?: string | undefined;
  success?: boolean | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * Logs grow by the million: counting every match of a filter would cost more than the page itself.
 * Counting stops at LOG_COUNT_CAP; the console then shows "10,000+" and pages through the newest.
 */
import { LOG_COUNT_CAP } from '@water/contracts';

/** Rows one purge statement removes at most. */
export const LOG_PURGE_SLICE = 5_000;

export function createLogsRepository(db: Queryable) {
  // A log row belongs to its actor: a scoped caller reads the rows of users within the data scope.
  const operationWhere = (f: OperationFilter, scope: DataScope) =>
    and(
      actorInScope(scope, operationLog.userId),
      f.username ? eq(operationLog.username, f.username) : undefined,
      f.module ? eq(operationLog.module, f.module) : undefined,
      f.action ? eq(operationLog.action, f.action) : undefined,
      f.result ? eq(operationLog.result, f.result) : undefined,
      f.keyword
        ? or(ilike(operationLog.path, containing(f.keyword)), ilike(operationLog.error, containing(f.keyword)))
        : undefined,
      f.from ? gte(operationLog.createdAt, new Date(f.from)) : undefined,
      f.to ? lt(operationLog.createdAt, new Date(f.to)) : undefined,
    );
  const loginWhere = (f: LoginFilter, scope: DataScope) =>
    and(
      actorInScope(scope, loginLog.userId),
      f.username ? eq(loginLog.username, f.username) : undefined,
      f.ip ? eq(loginLog.ip, f.ip) : undefined,
      f.success === undefined ? undefined : eq(loginLog.success, f.success),
      f.from ? gte(loginLog.createdAt, new Date(f.from)) : undefined,
      f.to ? lt(loginLog.createdAt, new Date(f.to)) : undefined,
    );

  const repository = {
    /** A page of operations within the scope, as the API answers them (each actor by today's name). */
    async operationPage(filter: OperationFilter, scope: DataScope, page: number, pageSize: number) {
      const { rows, ...counted } = await repository.operations(filter, scope, page, pageSize);
      const names = await repository.displayNames(rows.map((r) => r.userId));
      return { ...counted, list: rows.map((r) => toOperation(r, names)) };
    },

    /** One operation within the scope with what it changed, as the API answers it. */
    async operationDetail(id: number, scope: DataScope): Promise<OperationLogDetail | undefined> {
      const row = await repository.operation(id, scope);
      return row && toOperationDetail(row, await repository.displayNames([row.userId]));
    },

    /** A page of sign-ins within the scope, as the API answers them. */
    async loginPage(filter: LoginFilter, scope: DataScope, page: number, pageSize: number) {
      const { rows, ...counted } = await repository.logins(filter, scope, page, pageSize);
      return { ...counted, list: rows.map(toLogin) };
    },

    async operations(filter: OperationFilter, scope: DataScope, page: number, pageSize: number) {
      const where = operationWhere(filter, scope);
      const total = await cappedCount(db, operationLog, where, LOG_COUNT_CAP);
      const rows = await db
        .select()
        .from(operationLog)
        .where(where)
        .orderBy(desc(operationLog.createdAt), desc(operationLog.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { ...total, rows };
    },

    allOperations: (filter: OperationFilter, scope: DataScope, limit: number) =>
      db
        .select()
        .from(operationLog)
        .where(operationWhere(filter, scope))
        .orderBy(desc(operationLog.createdAt), desc(operationLog.id))
        .limit(limit),

    operation: (id: number, scope: DataScope) =>
      db
        .select()
        .from(operationLog)
        .where(and(eq(operationLog.id, id), actorInScope(scope, operationLog.userId)))
        .then((rows) => rows[0]),

    /** Display names of the given users (a page of log rows): one indexed lookup, not a join per row. */
    async displayNames(ids: (number | null)[]): Promise<Map<number, string>> {
      const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
      if (wanted.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, name: users.displayName })
        .from(users)
        .where(inArray(users.id, wanted));
      return new Map(rows.filter((r) => r.name !== '').map((r) => [r.id, r.name]));
    },

    modules: () =>
      db
        .selectDistinct({ module: operationLog.module })
        .from(operationLog)
        .orderBy(operationLog.module)
        .then((rows) => rows.map((r) => r.module)),

    async logins(filter: LoginFilter, scope: DataScope, page: number, pageSize: number) {
      const where = loginWhere(filter, scope);
      const total = await cappedCount(db, loginLog, where, LOG_COUNT_CAP);
      const rows = await db
        .select()
        .from(loginLog)
        .where(where)
        .orderBy(desc(loginLog.createdAt), desc(loginLog.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { ...total, rows };
    },

    allLogins: (filter: LoginFilter, scope: DataScope, limit: number) =>
      db
        .select()
        .from(loginLog)
        .where(loginWhere(filter, scope))
        .orderBy(desc(loginLog.createdAt), desc(loginLog.id))
        .limit(limit),

    setting: (key: string) =>
      db
        .select({ value: appSettings.value })
        .from(appSettings)
        .where(eq(appSettings.key, key))
        .then((rows) => rows[0]?.value),

    saveSetting: (key: string, value: unknown, at: Date) =>
      db
        .insert(appSettings)
        .values({ key, value, updatedAt: at })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: at } }),

    /**
     * Removes rows older than the cut-offs, `slice` rows per statement: each delete is short, so it
     * never holds a long lock on the log nor one huge write, and the writes of the product go on
     * between slices. Returns how many of each.
     */
    async purge(operationsBefore: Date, loginsBefore: Date, slice = LOG_PURGE_SLICE) {
      const sliced = async (table: typeof operationLog | typeof loginLog, before: Date) => {
        let total = 0;
        for (;;) {
          const result = (await db.execute(
            sql`with gone as (
              delete from ${table} where ${table.id} in (
                select ${table.id} from ${table} where ${table.createdAt} < ${before.toISOString()}::timestamptz
                limit ${slice})
              returning 1)
            select count(*)::int as n from gone`,
          )) as unknown as { rows: { n: number }[] };
          const n = Number(result.rows[0]?.n ?? 0);
          total += n;
          if (n < slice) return total;
        }
      };
      return {
        operations: await sliced(operationLog, operationsBefore),
        logins: await sliced(loginLog, loginsBefore),
      };
    },
  };
  return repository;
}
