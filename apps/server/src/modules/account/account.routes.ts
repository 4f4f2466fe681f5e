import { accountApi } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { auditOf, route } from '../../lib/route.ts';
import { createAccountService } from './account.service.ts';

/** The signed-in user's own account, and the public account requests (register, password reset). */
export async function accountRoutes(app: FastifyInstance) {
  const account = createAccountService(app);
  const audit = auditOf('account');
  const publicLimit = { max: app.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' };

  route(app, accountApi.switchRole, { access: 'session', audit: audit('switch-role') }, (req) =>
    account.switchRole(req, req.body.role),
  );
  route(app, accountApi.register, { access: 'public', audit: audit('register'), rateLimit: publicLimit }, (req) =>
    account.register(req, req.body),
  );
  route(
    app,
    accountApi.resetPassword,
    { access: 'public', audit: audit('reset-password'), rateLimit: publicLimit },
    (req) => account.resetPassword(req, req.body),
  );
  route(app, accountApi.profile, { access: 'session' }, (req) => account.profile(req));
  route(app, accountApi.updateProfile, { access: 'session', audit: audit('update-profile') }, (req) =>
    account.updateProfile(req, req.body),
  );
  route(app, accountApi.uploadAvatar, { access: 'session', audit: audit('upload-avatar') }, (req) =>
    account.uploadAvatar(req),
  );
  route(app, accountApi.changePassword, { access: 'session', audit: audit('change-password') }, (req) =>
    account.changePassword(req, req.body),
  );
  route(app, accountApi.loginHistory, { access: 'session' }, (req) =>
    account.loginHistory(req, req.query.page, req.query.pageSize),
  );
  route(app, accountApi.sessions, { access: 'session' }, (req) => account.sessions(req));
  route(app, accountApi.endSession, { access: 'session', audit: audit('end-session') }, (req) =>
    account.endSession(req, req.params.id),
  );
}
