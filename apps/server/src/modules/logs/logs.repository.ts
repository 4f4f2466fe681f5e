import { and, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { appSettings, loginLog, operationLog } from '../../db/schema/index.ts';
import { cappedCount } from '../../lib/capped-count.ts';
import { containing } from '../organization/organization.repository.ts';

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

export function createLogsRepository(db: Queryable) {
  const operationWhere = (f: OperationFilter) =>
    and(
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
  const loginWhere = (f: LoginFilter) =>
    and(
      f.username ? eq(loginLog.username, f.username) : undefined,
      f.ip ? eq(loginLog.ip, f.ip) : undefined,
      f.success === undefined ? undefined : eq(loginLog.success, f.success),
      f.from ? gte(loginLog.createdAt, new Date(f.from)) : undefined,
      f.to ? lt(loginLog.createdAt, new Date(f.to)) : undefined,
    );

  return {
    async operations(filter: OperationFilter, page: number, pageSize: number) {
      const where = operationWhere(filter);
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

    allOperations: (filter: OperationFilter, limit: number) =>
      db
        .select()
        .from(operationLog)
        .where(operationWhere(filter))
        .orderBy(desc(operationLog.createdAt), desc(operationLog.id))
        .limit(limit),

    operation: (id: number) =>
      db
        .select()
        .from(operationLog)
        .where(eq(operationLog.id, id))
        .then((rows) => rows[0]),

    modules: () =>
      db
        .selectDistinct({ module: operationLog.module })
        .from(operationLog)
        .orderBy(operationLog.module)
        .then((rows) => rows.map((r) => r.module)),

    async logins(filter: LoginFilter, page: number, pageSize: number) {
      const where = loginWhere(filter);
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

    allLogins: (filter: LoginFilter, limit: number) =>
      db
        .select()
        .from(loginLog)
        .where(loginWhere(filter))
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

    /** Removes rows older than the cut-offs; returns how many of each. */
    async purge(operationsBefore: Date, loginsBefore: Date) {
      const ops = await db
        .delete(operationLog)
        .where(lt(operationLog.createdAt, operationsBefore))
        .returning({ id: operationLog.id });
      const logins = await db.delete(loginLog).where(lt(loginLog.createdAt, loginsBefore)).returning({ id: sql`1` });
      return { operations: ops.length, logins: logins.length };
    },
  };
}
