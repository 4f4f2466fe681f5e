import type { Locale } from '@water/contracts';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.ts';
import type { AuditChange, AuthContext } from '../types.ts';
import { type DataScope, dataScope } from './data-scope.ts';

/**
 * What a handler, and the services it calls, need of the request: the database to use, the
 * caller and their language, their data scope. A service that takes this instead of the request
 * can be called from a test, an import row or a job alike.
 */
export interface Context {
  /** The audited write's transaction (its operation-log row commits with it), else the app's database. */
  db: Queryable;
  locale: Locale;
  /** Null only on a public route. */
  auth: AuthContext | null;
  /** The caller's data scope: computed on first use (it costs a query) and kept for the request. */
  scope(): Promise<DataScope>;
  /** Runs `fn` once the write has committed (live pushes, closing connections, file clean-up). */
  afterCommit(fn: () => Promise<void> | void): void;
  /** Tells the operation-log row of an audited write what changed: its target, before and after. */
  audit(change: AuditChange): void;
  log: FastifyBaseLogger;
}

/** A route handler's context: a service's, and the reply for the handlers that send a file themselves. */
export interface RouteContext extends Context {
  reply: FastifyReply;
}

export function contextOf(app: FastifyInstance, req: FastifyRequest): Context {
  const db = req.tx ?? app.db;
  return {
    db,
    locale: req.locale,
    auth: req.auth,
    scope: () => dataScope(db, req),
    afterCommit: (fn) => req.afterCommit(fn),
    audit: (change) => {
      req.auditChange = change;
    },
    log: req.log,
  };
}

/** Where a call comes from, as the sign-in records and the SMS caps keep it. */
export interface Client {
  ip: string;
  userAgent: string;
}

export const clientOf = (req: FastifyRequest): Client => ({
  ip: req.ip,
  userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
});
