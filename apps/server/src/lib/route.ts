import { API_BASE, type AuditAction, type AuditModule, type Endpoint, envelope, ResultCode } from '@water/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { operationLog } from '../db/schema/index.ts';
import { t } from '../i18n/messages.ts';
import type { Access, Audit } from '../types.ts';
import { contextOf, type RouteContext } from './context.ts';
import { CommitThenFail } from './errors.ts';

type In<T> = T extends z.ZodType ? z.output<T> : undefined;

export type RouteRequest<E extends Endpoint> = FastifyRequest<{
  Body: In<E['body']>;
  Querystring: In<E['query']>;
  Params: In<E['params']>;
}>;

export interface RouteOptions {
  access: Access;
  /** Required for every write: the operation-log entry it leaves, or `false` with a reason in a comment. */
  audit?: Audit;
  /** Overrides the global per-IP limit, e.g. `{ max: 20, timeWindow: '1 minute' }`; `false` exempts. */
  rateLimit?: { max: number; timeWindow: string } | false;
}

/** A module's audit entries: `const audit = auditOf('devices')`, then `audit: audit('archive')`. */
export const auditOf =
  (module: AuditModule) =>
  (action: AuditAction): Audit => ({ module, action });

const LOGGED = Symbol('operation logged');

const SECRET_KEYS = /pass(word)?|token|secret|captchaCode|^code$|ticket|verifyCode/i;

// A UTF-16 surrogate without its other half (PostgreSQL's jsonb refuses `\ud800`), and NUL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what PostgreSQL cannot store
const UNSTORABLE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\u0000/g;

/** Text as the operation log can store it: a lone surrogate or a NUL becomes U+FFFD. */
export function storableText(value: string): string {
  return value.replace(UNSTORABLE, '\uFFFD');
}

/** Parameters as the operation log keeps them: secrets masked, long strings cut, unstorable text replaced. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 5) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => maskSecrets(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        storableText(k),
        SECRET_KEYS.test(k) ? '******' : maskSecrets(v, depth + 1),
      ]),
    );
  }
  if (typeof value === 'string') {
    // A hostile body must not turn the failure row into a 500 of its own (and lose the row).
    const clean = storableText(value);
    return clean.length > 500 ? `${clean.slice(0, 500)}…` : clean;
  }
  return value;
}

/**
 * Leaves the operation-log row of a write refused (403) to a signed-in user, so an administrator
 * sees who tried what. Only for audited writes: a read refused is not an operation. Its parameters
 * are the path's and the query's; the body was not validated, so it is not kept.
 */
export async function recordDenied(app: FastifyInstance, req: FastifyRequest): Promise<void> {
  const audit = req.routeOptions.config.audit;
  if (!audit || !req.auth || req.method === 'GET') return;
  await app.db
    .insert(operationLog)
    .values({
      userId: req.auth.userId,
      username: req.auth.username,
      module: audit.module,
      action: audit.action,
      method: req.method,
      path: storableText(req.url.split('?')[0] ?? req.url),
      params: maskSecrets({ ...(req.params as object), ...(req.query as object) }),
      result: 'denied',
      ip: req.ip,
      createdAt: app.clock.now(),
    })
    .catch((err: unknown) => req.log.error({ err }, 'operation log write failed'));
}

/**
 * Registers one endpoint of a contract: its schemas validate and document the route, the
 * handler returns only `data`. An audited write runs in one transaction with its
 * operation-log row; a failed one still leaves a failure row.
 *
 * The handler gets the validated request and a context (`ctx.db` is that transaction, or the
 * app's database for a read; `ctx.scope()` the caller's data scope, computed on first use;
 * `ctx.audit()` what the write changed, for its log row; `ctx.reply` for a download), so neither
 * it nor its services pick between `req.tx` and `app.db`.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  options: RouteOptions,
  handler: (req: RouteRequest<E>, ctx: RouteContext) => Promise<z.input<E['data']>>,
): void {
  const isWrite = e.method !== 'GET';
  if (isWrite && options.audit === undefined) {
    throw new Error(`${e.method} ${e.path}: a write route must declare its audit entry`);
  }
  if (e.download && isWrite) throw new Error(`${e.method} ${e.path}: a download must be a GET`);
  if (e.upload && (e.body || !isWrite))
    throw new Error(`${e.method} ${e.path}: an upload is a write without a JSON body`);
  const audit = options.audit ?? false;
  const ok = (req: FastifyRequest, data: unknown) => ({ code: ResultCode.ok, msg: t(req.locale, 'ok'), data });

  app.route({
    method: e.method,
    url: API_BASE + e.path,
    config: {
      access: options.access,
      audit,
      ...(options.rateLimit !== undefined ? { rateLimit: options.rateLimit } : {}),
    },
    schema: {
      summary: e.summary,
      tags: [...e.tags],
      ...(options.access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
      ...(e.body ? { body: e.body } : {}),
      ...(e.upload ? { consumes: ['multipart/form-data'] } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.params ? { params: e.params } : {}),
      // A download answers with the file itself; its handler sends it.
      ...(e.download ? {} : { response: { 200: envelope(e.data) } }),
    },
    handler: async (req, reply) => {
      const typed = req as RouteRequest<E>;
      // Made once the transaction (if any) is open, so that its db is the transaction.
      const context = (): RouteContext => ({ ...contextOf(app, req), reply });
      if (e.download) {
        await handler(typed, context());
        return reply;
      }
      const runCommitHooks = async () => {
        for (const hook of req.commitHooks ?? []) {
          await Promise.resolve(hook()).catch((err: unknown) => req.log.error({ err }, 'after-commit hook failed'));
        }
        req.commitHooks = null;
      };
      if (!audit) {
        const data = await handler(typed, context());
        await runCommitHooks();
        return ok(req, data);
      }
      const started = performance.now();
      const actor = () => req.auditChange?.actor ?? req.auth;
      const entry = () => ({
        userId: actor()?.userId ?? null,
        username: actor()?.username ?? '',
        module: audit.module,
        action: req.auditChange?.action ?? audit.action,
        method: req.method,
        path: storableText(req.url.split('?')[0] ?? req.url),
        params: maskSecrets({ ...(req.params as object), ...(req.query as object), ...(req.body as object) }),
        targetId: req.auditChange?.targetId === undefined ? '' : String(req.auditChange.targetId),
        before: req.auditChange?.before === undefined ? null : maskSecrets(req.auditChange.before),
        after: req.auditChange?.after === undefined ? null : maskSecrets(req.auditChange.after),
        ip: req.ip,
        durationMs: Math.round(performance.now() - started),
        createdAt: app.clock.now(),
      });
      try {
        const outcome = await app.db.transaction(async (tx) => {
          req.tx = tx;
          try {
            const data = await handler(typed, context());
            await tx.insert(operationLog).values({ ...entry(), result: 'success' });
            return { data };
          } catch (err) {
            if (!(err instanceof CommitThenFail)) throw err;
            await tx
              .insert(operationLog)
              .values({ ...entry(), result: 'failure', error: storableText(err.message).slice(0, 500) });
            return { failure: err.error as Error };
          }
        });
        if ('failure' in outcome && outcome.failure) {
          req.tx = null;
          // What the committed work asked for after its commit still runs (a blocked command's live event).
          await runCommitHooks();
          throw Object.assign(outcome.failure, { [LOGGED]: true });
        }
        await runCommitHooks();
        return ok(req, outcome.data);
      } catch (err) {
        if (err instanceof Error && LOGGED in err) throw err;
        const error = err instanceof Error ? err.message : String(err);
        await app.db
          .insert(operationLog)
          .values({ ...entry(), result: 'failure', error: storableText(error).slice(0, 500) })
          .catch((logErr: unknown) => req.log.error({ err: logErr }, 'operation log write failed'));
        throw err;
      } finally {
        req.tx = null;
      }
    },
  });
}
