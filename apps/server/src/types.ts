import type { AuditAction, AuditModule, Locale } from '@water/contracts';
import type { Config } from './config.ts';
import type { Database, Db, Queryable } from './db/client.ts';
import type { Clock } from './lib/clock.ts';

/** Who is calling, once the session is checked. */
export interface AuthContext {
  sessionId: number;
  userId: number;
  username: string;
  roleId: number | null;
  roleCode: string | null;
  /** Signed in with a temporary password: only changing it (and what the console needs to ask for it) is allowed. */
  mustChangePassword: boolean;
}

/**
 * What an audited write tells its operation-log row: the record it changed, before and after
 * (secrets masked there). `actor` names the user on a public route that finds its user itself
 * (logout); otherwise the row names the signed-in caller.
 */
export interface AuditChange {
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
  actor?: { userId: number; username: string };
  /** The row's action when it is not the route's own (a command an interlock blocked: `command-blocked`). */
  action?: AuditAction;
}

/** Who may call a route: anyone, any signed-in user, or a user whose role holds a permission. */
export type Access = 'public' | 'session' | { permission: string };

/** Every write names its operation-log entry, or says why it keeps none (`false`). */
/** The operation-log entry of a write: its module and action, from the contracts' named vocabulary. */
export type Audit = false | { module: AuditModule; action: AuditAction };

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    clock: Clock;
    /** Every /api route with its access rule and audit entry, as registered: the route-table tests walk it. */
    apiRoutes: { method: string; url: string; access: Access; audit: Audit }[];
    /** Sources the CSP adds at run time: `video`, the registered cameras' stream hosts (space-separated). */
    cspSources: { video: string };
    /** Text of the next captcha; tests fix it, production draws it at random. */
    captchaText: () => string;
  }
  interface FastifyRequest {
    locale: Locale;
    auth: AuthContext | null;
    /** The transaction an audited write runs in; its operation-log row commits with it. */
    tx: Queryable | null;
    /** Set through `ctx.audit()`: the record before and after, for the operation log's diff. */
    auditChange: AuditChange | null;
    /** Runs `fn` once the request's transaction has committed (live pushes, file clean-up). */
    afterCommit(fn: () => Promise<void> | void): void;
    commitHooks: (() => Promise<void> | void)[] | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    audit?: Audit;
  }
}
