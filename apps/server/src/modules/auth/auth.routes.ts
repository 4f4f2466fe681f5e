import { authApi } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { createAuthService } from './auth.service.ts';

export async function authRoutes(app: FastifyInstance) {
  const auth = createAuthService(app);
  const loginLimit = { max: app.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' };

  // Login keeps its own record, the login log, written whether it succeeds or fails.
  route(app, authApi.login, { access: 'public', audit: false, rateLimit: loginLimit }, (req) =>
    auth.login(req, req.body),
  );
  route(app, authApi.logout, { access: 'public', audit: { module: 'auth', action: 'logout' } }, (req) =>
    auth.logout(req),
  );
  route(app, authApi.captcha, { access: 'public', rateLimit: loginLimit }, (req) =>
    auth.captcha(req, req.query.username),
  );
  route(
    app,
    authApi.sms,
    { access: 'public', audit: { module: 'auth', action: 'sms' }, rateLimit: loginLimit },
    (req, { reply }) => auth.sms(req, reply, req.body),
  );
  route(app, authApi.roleInfo, { access: 'session' }, (req) => auth.roleInfo(req));
  route(app, authApi.menusTree, { access: 'session' }, (req) => auth.menuTree(req, true));
  // Audit: false — POST only by the spec's choice; it reads and changes nothing.
  route(app, authApi.serverMenu, { access: 'session', audit: false }, (req) => auth.menuTree(req, false));
}
