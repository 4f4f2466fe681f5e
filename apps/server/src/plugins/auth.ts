import { ALL_PERMISSIONS, API_BASE, accountApi, authApi, messagesApi, ResultCode } from '@water/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addMinutes } from '../lib/clock.ts';
import { AppError, forbidden } from '../lib/errors.ts';
import { recordDenied } from '../lib/route.ts';
import { sha256 } from '../lib/tokens.ts';
import { createAuthRepository } from '../modules/auth/auth.repository.ts';
import type { AuthContext } from '../types.ts';

/**
 * What a user signed in with a temporary password may call: the console's shell (who am I, my menu,
 * my unread count) and the password change itself. Everything else waits for a password of their own.
 */
const TEMPORARY_PASSWORD_ROUTES = new Set(
  [
    authApi.roleInfo,
    authApi.menusTree,
    authApi.serverMenu,
    accountApi.changePassword,
    accountApi.profile,
    messagesApi.unread,
  ].map((e) => `${e.method} ${API_BASE}${e.path}`),
);

// Sliding expiry is refreshed at most once a minute per session, not on every call.
const TOUCH_INTERVAL_MS = 60_000;

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The caller's session, or the spec's code for why there is none (50008, 50012, 50014). */
export async function authenticate(app: FastifyInstance, req: FastifyRequest): Promise<AuthContext> {
  const token = bearerToken(req);
  if (!token) throw new AppError(401, ResultCode.illegalToken, 'auth.notLoggedIn');
  return authenticateToken(app, token);
}

export async function authenticateToken(app: FastifyInstance, token: string): Promise<AuthContext> {
  const repo = createAuthRepository(app.db);
  const session = await repo.findSession(sha256(token));
  if (!session) throw new AppError(401, ResultCode.illegalToken, 'auth.illegalToken');
  if (session.revokedAt) {
    throw session.revokedReason === 'replaced'
      ? new AppError(401, ResultCode.otherClientLoggedIn, 'auth.otherClient')
      : new AppError(401, ResultCode.illegalToken, 'auth.illegalToken');
  }
  const now = app.clock.now();
  if (session.expiresAt <= now) throw new AppError(401, ResultCode.tokenExpired, 'auth.tokenExpired');
  if (session.userStatus !== 'enabled') throw new AppError(401, ResultCode.illegalToken, 'auth.illegalToken');
  if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await repo.touchSession(session.id, now, addMinutes(now, app.config.SESSION_TTL_MINUTES));
  }
  const roleActive = session.roleStatus === 'enabled';
  return {
    sessionId: session.id,
    userId: session.userId,
    username: session.username,
    roleId: roleActive ? session.activeRoleId : null,
    roleCode: roleActive ? session.roleCode : null,
    mustChangePassword: session.mustChangePassword,
  };
}

/**
 * Checks every route's `config.access` before its handler: the session for signed-in routes,
 * and the permission string against the active role for guarded ones.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('tx', null);
  app.decorateRequest('auditChange', null);
  app.decorateRequest('commitHooks', null);
  app.decorateRequest('afterCommit', function (this: FastifyRequest, fn: () => Promise<void> | void) {
    this.commitHooks ??= [];
    this.commitHooks.push(fn);
  });

  // Every API route says who may call it: public, any signed-in user, or a permission. One that
  // does not is a programming error caught at start, not a route open by accident.
  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    // The API documentation pages (Swagger UI's own routes) are public by design.
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'public' };
    const access = route.config?.access;
    if (!access) throw new Error(`${methods.join(',')} ${route.url} declares no access rule`);
    const audit = route.config?.audit ?? false;
    for (const method of methods) app.apiRoutes.push({ method, url: route.url, access, audit });
  });

  app.addHook('preValidation', async (req) => {
    const access = req.routeOptions.config.access;
    if (!access || access === 'public') return;
    req.auth = await authenticate(app, req);
    if (req.auth.mustChangePassword && !TEMPORARY_PASSWORD_ROUTES.has(`${req.method} ${req.routeOptions.url}`)) {
      await recordDenied(app, req);
      throw new AppError(403, 403, 'auth.mustChangePassword', {}, { mustChangePassword: true });
    }
    if (typeof access === 'object') {
      const permissions = req.auth.roleId ? await createAuthRepository(app.db).permissionsOf(req.auth.roleId) : [];
      if (!permissions.includes(ALL_PERMISSIONS) && !permissions.includes(access.permission)) {
        // A refused write leaves its trace in the operation log (result "denied"), a refused read does not.
        await recordDenied(app, req);
        throw forbidden();
      }
    }
  });
});
