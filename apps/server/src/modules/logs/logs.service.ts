import {
  actorLabel,
  auditActionName,
  auditModuleName,
  type LogRetention,
  OPERATION_RESULTS,
  type OperationLog,
  type OperationLogDetail,
  type OperationResult,
} from '@water/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import type { operationLog } from '../../db/schema/index.ts';
import { t } from '../../i18n/messages.ts';
import { dataScope } from '../../lib/data-scope.ts';
import { notFound } from '../../lib/errors.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { createLogsRepository, type LoginFilter, type OperationFilter } from './logs.repository.ts';

const RETENTION_KEY = 'logs.retention';
/** What an install keeps until an administrator decides: 180 days of operations, 90 of sign-ins. */
export const DEFAULT_RETENTION: LogRetention = { operationDays: 180, loginDays: 90 };
const EXPORT_LIMIT = 50_000;
const DAY_MS = 86_400_000;

type OperationRow = typeof operationLog.$inferSelect;

const resultOf = (result: string): OperationResult =>
  (OPERATION_RESULTS as readonly string[]).includes(result) ? (result as OperationResult) : 'success';

/** The user names of log rows: each actor's name today, the username kept in the row when the account is gone. */
type Names = ReadonlyMap<number, string>;

const toOperation = (r: OperationRow, names: Names): OperationLog => ({
  id: r.id,
  userId: r.userId,
  username: r.username,
  displayName: (r.userId !== null && names.get(r.userId)) || r.username,
  module: r.module,
  action: r.action,
  targetId: r.targetId,
  method: r.method,
  path: r.path,
  result: resultOf(r.result),
  error: r.error,
  ip: r.ip,
  durationMs: r.durationMs,
  createdAt: r.createdAt.toISOString(),
});

/**
 * The fields whose values differ between two records, as dotted paths down to leaves: what an
 * auditor reads as "changed X from a to b". Arrays are compared element by element.
 */
export function diffRecords(
  before: unknown,
  after: unknown,
  path = '',
): { path: string; before: unknown; after: unknown }[] {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  if (isObject(before) && isObject(after) && Array.isArray(before) === Array.isArray(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((k) => diffRecords(before[k], after[k], path ? `${path}.${k}` : k));
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ path, before: before ?? null, after: after ?? null }];
}

export async function readRetention(db: Queryable): Promise<LogRetention> {
  const stored = (await createLogsRepository(db).setting(RETENTION_KEY)) as Partial<LogRetention> | undefined;
  return { ...DEFAULT_RETENTION, ...stored };
}

/** The daily job: removes log rows older than the retention allows. */
export async function purgeLogs(db: Queryable, now: Date, slice?: number) {
  const retention = await readRetention(db);
  return createLogsRepository(db).purge(
    new Date(now.getTime() - retention.operationDays * DAY_MS),
    new Date(now.getTime() - retention.loginDays * DAY_MS),
    slice,
  );
}

export function createLogsService(app: FastifyInstance) {
  const repo = (req: FastifyRequest) => createLogsRepository(req.tx ?? app.db);
  const k = (req: FastifyRequest, key: Parameters<typeof t>[1]) => t(req.locale, key);

  return {
    async operations(req: FastifyRequest, query: OperationFilter & { page: number; pageSize: number }) {
      const { total, capped, rows } = await repo(req).operations(
        query,
        await dataScope(app, req),
        query.page,
        query.pageSize,
      );
      const names = await repo(req).displayNames(rows.map((r) => r.userId));
      return {
        total,
        capped,
        page: query.page,
        pageSize: query.pageSize,
        list: rows.map((r) => toOperation(r, names)),
      };
    },

    modules: (req: FastifyRequest) => repo(req).modules(),

    async operation(req: FastifyRequest, id: number): Promise<OperationLogDetail> {
      // A row outside the caller's data scope is answered as if it did not exist.
      const row = await repo(req).operation(id, await dataScope(app, req));
      if (!row) throw notFound();
      return {
        ...toOperation(row, await repo(req).displayNames([row.userId])),
        params: row.params,
        before: row.before,
        after: row.after,
        changes: row.before === null && row.after === null ? [] : diffRecords(row.before, row.after),
      };
    },

    async exportOperations(req: FastifyRequest, reply: FastifyReply, filter: OperationFilter) {
      const rows = await repo(req).allOperations(filter, await dataScope(app, req), EXPORT_LIMIT);
      const names = await repo(req).displayNames(rows.map((r) => r.userId));
      return sendXlsx(
        reply,
        `${k(req, 'logs.export.operations')}.xlsx`,
        [
          k(req, 'logs.col.time'),
          k(req, 'logs.col.user'),
          k(req, 'logs.col.module'),
          k(req, 'logs.col.action'),
          k(req, 'logs.col.target'),
          k(req, 'logs.col.request'),
          k(req, 'logs.col.result'),
          k(req, 'logs.col.error'),
          k(req, 'logs.col.duration'),
          k(req, 'logs.col.ip'),
        ],
        rows.map((r) => [
          r.createdAt,
          actorLabel((r.userId !== null && names.get(r.userId)) || r.username, r.username),
          auditModuleName(r.module, req.locale),
          auditActionName(r.action, req.locale),
          r.targetId,
          `${r.method} ${r.path}`,
          k(req, `logs.result.${resultOf(r.result)}`),
          r.error,
          r.durationMs,
          r.ip,
        ]),
      );
    },

    async logins(req: FastifyRequest, query: LoginFilter & { page: number; pageSize: number }) {
      const { total, capped, rows } = await repo(req).logins(
        query,
        await dataScope(app, req),
        query.page,
        query.pageSize,
      );
      return {
        total,
        capped,
        page: query.page,
        pageSize: query.pageSize,
        list: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      };
    },

    async exportLogins(req: FastifyRequest, reply: FastifyReply, filter: LoginFilter) {
      const rows = await repo(req).allLogins(filter, await dataScope(app, req), EXPORT_LIMIT);
      return sendXlsx(
        reply,
        `${k(req, 'logs.export.logins')}.xlsx`,
        [
          k(req, 'logs.col.time'),
          k(req, 'logs.col.user'),
          k(req, 'logs.col.ip'),
          k(req, 'logs.col.userAgent'),
          k(req, 'logs.col.result'),
          k(req, 'logs.col.reason'),
        ],
        rows.map((r) => [
          r.createdAt,
          r.username,
          r.ip,
          r.userAgent,
          k(req, r.success ? 'logs.result.success' : 'logs.result.failure'),
          r.reason,
        ]),
      );
    },

    retention: (req: FastifyRequest) => readRetention(req.tx ?? app.db),

    async setRetention(req: FastifyRequest, value: LogRetention) {
      const before = await readRetention(req.tx!);
      await repo(req).saveSetting(RETENTION_KEY, value, app.clock.now());
      req.auditChange = { before, after: value };
      return value;
    },
  };
}

/** How the retention job waits; tests pass their own to fire the runs by hand. */
export interface JobTimers {
  /** Calls `run` once after `ms`; gives a function that cancels it. */
  after(ms: number, run: () => unknown): () => void;
  /** Calls `run` every `ms`; gives a function that cancels it. */
  every(ms: number, run: () => unknown): () => void;
}

const realTimers: JobTimers = {
  after(ms, run) {
    const handle = setTimeout(run, ms);
    handle.unref();
    return () => clearTimeout(handle);
  },
  every(ms, run) {
    const handle = setInterval(run, ms);
    handle.unref();
    return () => clearInterval(handle);
  },
};

/** The first purge waits this long after start, clear of the start-up work. */
export const RETENTION_FIRST_RUN_MS = 60_000;
export const RETENTION_EVERY_MS = DAY_MS;

/**
 * Runs the purge once a day (and soon after start), on every server: deleting old rows twice is
 * harmless. A run that is still going when the next one is due lets it pass instead of piling up.
 * The returned function stops the job and waits for a run in flight, so the database closes after it.
 */
export function startLogRetentionJob(app: FastifyInstance, timers: JobTimers = realTimers): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return running;
    running = purgeLogs(app.db, app.clock.now())
      .then((n) => {
        if (n.operations || n.logins) app.log.info(n, 'log retention: old rows removed');
      })
      .catch((err: unknown) => app.log.error({ err }, 'log retention failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const cancelFirst = timers.after(RETENTION_FIRST_RUN_MS, run);
  const cancelDaily = timers.every(RETENTION_EVERY_MS, run);
  return async () => {
    cancelFirst();
    cancelDaily();
    await running;
  };
}
