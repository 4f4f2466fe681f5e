import {
  actorLabel,
  auditActionName,
  auditModuleName,
  type LogRetention,
  type OperationLogDetail,
} from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { t } from '../../i18n/messages.ts';
import type { Context, RouteContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { actorName, resultOf } from './logs.mappers.ts';
import { createLogsRepository, type LoginFilter, type OperationFilter } from './logs.repository.ts';

const RETENTION_KEY = 'logs.retention';
/** What an install keeps until an administrator decides: 180 days of operations, 90 of sign-ins. */
export const DEFAULT_RETENTION: LogRetention = { operationDays: 180, loginDays: 90 };
const EXPORT_LIMIT = 50_000;
const DAY_MS = 86_400_000;

// The diff of a logged change is the detail's mapper; it is also this module's to offer.
export { diffRecords } from './logs.mappers.ts';

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
  const repo = (ctx: Context) => createLogsRepository(ctx.db);
  const k = (ctx: Context, key: Parameters<typeof t>[1]) => t(ctx.locale, key);

  return {
    async operations(ctx: Context, query: OperationFilter & { page: number; pageSize: number }) {
      const { list, ...counted } = await repo(ctx).operationPage(query, await ctx.scope(), query.page, query.pageSize);
      return { ...counted, page: query.page, pageSize: query.pageSize, list };
    },

    modules: (ctx: Context) => repo(ctx).modules(),

    async operation(ctx: Context, id: number): Promise<OperationLogDetail> {
      // A row outside the caller's data scope is answered as if it did not exist.
      const found = await repo(ctx).operationDetail(id, await ctx.scope());
      if (!found) throw notFound();
      return found;
    },

    async exportOperations(ctx: RouteContext, filter: OperationFilter) {
      const rows = await repo(ctx).allOperations(filter, await ctx.scope(), EXPORT_LIMIT);
      const names = await repo(ctx).displayNames(rows.map((r) => r.userId));
      return sendXlsx(
        ctx.reply,
        `${k(ctx, 'logs.export.operations')}.xlsx`,
        [
          k(ctx, 'logs.col.time'),
          k(ctx, 'logs.col.user'),
          k(ctx, 'logs.col.module'),
          k(ctx, 'logs.col.action'),
          k(ctx, 'logs.col.target'),
          k(ctx, 'logs.col.request'),
          k(ctx, 'logs.col.result'),
          k(ctx, 'logs.col.error'),
          k(ctx, 'logs.col.duration'),
          k(ctx, 'logs.col.ip'),
        ],
        rows.map((r) => [
          r.createdAt,
          actorLabel(actorName(r, names), r.username),
          auditModuleName(r.module, ctx.locale),
          auditActionName(r.action, ctx.locale),
          r.targetId,
          `${r.method} ${r.path}`,
          k(ctx, `logs.result.${resultOf(r.result)}`),
          r.error,
          r.durationMs,
          r.ip,
        ]),
      );
    },

    async logins(ctx: Context, query: LoginFilter & { page: number; pageSize: number }) {
      const { list, ...counted } = await repo(ctx).loginPage(query, await ctx.scope(), query.page, query.pageSize);
      return { ...counted, page: query.page, pageSize: query.pageSize, list };
    },

    async exportLogins(ctx: RouteContext, filter: LoginFilter) {
      const rows = await repo(ctx).allLogins(filter, await ctx.scope(), EXPORT_LIMIT);
      return sendXlsx(
        ctx.reply,
        `${k(ctx, 'logs.export.logins')}.xlsx`,
        [
          k(ctx, 'logs.col.time'),
          k(ctx, 'logs.col.user'),
          k(ctx, 'logs.col.ip'),
          k(ctx, 'logs.col.userAgent'),
          k(ctx, 'logs.col.result'),
          k(ctx, 'logs.col.reason'),
        ],
        rows.map((r) => [
          r.createdAt,
          r.username,
          r.ip,
          r.userAgent,
          k(ctx, r.success ? 'logs.result.success' : 'logs.result.failure'),
          r.reason,
        ]),
      );
    },

    retention: (ctx: Context) => readRetention(ctx.db),

    async setRetention(ctx: Context, value: LogRetention) {
      const before = await readRetention(ctx.db);
      await repo(ctx).saveSetting(RETENTION_KEY, value, app.clock.now());
      ctx.audit({ before, after: value });
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
