import { authApi } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { clientOf } from '../../lib/context.ts';
import { route } from '../../lib/route.ts';
import { bearerToken } from '../../plugins/auth.ts';
import { createAuthService } from './auth.service.ts';

export async function authRoutes(app: FastifyInstance) {
  const auth = createAuthService(app);
  const loginLimit = { max: app.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' };

  // Login keeps its own record, the login log, written whether it succeeds or fails.
  route(app, authApi.login, { access: 'public', audit: false, rateLimit: loginLimit }, (req) =>
    auth.login(clientOf(req), req.body),
  );
  route(app, authApi.logout, { access: 'public', audit: { module: 'auth', action: 'logout' } }, (req, ctx) =>
    auth.logout(ctx, bearerToken(req)),
  );
  route(app, authApi.captcha, { access: 'public', rateLimit: loginLimit }, (req) =>
    auth.captcha(req.ip, req.query.username),
  );
  route(
    app,
    authApi.sms,
    { access: 'public', audit: { module: 'auth', action: 'sms' }, rateLimit: loginLimit },
    (req, ctx) => auth.sms(ctx, clientOf(req), req.body),
  );
  route(app, authApi.roleInfo, { access: 'session' }, (_req, ctx) => auth.roleInfo(ctx));
  route(app, authApi.menusTree, { access: 'session' }, (_req, ctx) => auth.menuTree(ctx, true));
  // Audit: false — POST only by the spec's choice; it reads and changes nothing.
  route(app, authApi.serverMenu, { access: 'session', audit: false }, (_req, ctx) => auth.menuTree(ctx, false));
}
