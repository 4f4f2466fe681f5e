import { accountApi } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { incomingFile } from '../../lib/incoming-file.ts';
import { auditOf, route } from '../../lib/route.ts';
import { createAccountService } from './account.service.ts';

/** The signed-in user's own account, and the public account requests (register, password reset). */
export async function accountRoutes(app: FastifyInstance) {
  const account = createAccountService(app);
  const audit = auditOf('account');
  const publicLimit = { max: app.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' };

  route(app, accountApi.switchRole, { access: 'session', audit: audit('switch-role') }, (req, ctx) =>
    account.switchRole(ctx, req.body.role),
  );
  route(app, accountApi.register, { access: 'public', audit: audit('register'), rateLimit: publicLimit }, (req, ctx) =>
    account.register(ctx, req.body),
  );
  route(
    app,
    accountApi.resetPassword,
    { access: 'public', audit: audit('reset-password'), rateLimit: publicLimit },
    (req, ctx) => account.resetPassword(ctx, req.body),
  );
  route(app, accountApi.profile, { access: 'session' }, (_req, ctx) => account.profile(ctx));
  route(app, accountApi.updateProfile, { access: 'session', audit: audit('update-profile') }, (req, ctx) =>
    account.updateProfile(ctx, req.body),
  );
  route(app, accountApi.uploadAvatar, { access: 'session', audit: audit('upload-avatar') }, (req, ctx) =>
    account.uploadAvatar(ctx, incomingFile(req)),
  );
  route(app, accountApi.changePassword, { access: 'session', audit: audit('change-password') }, (req, ctx) =>
    account.changePassword(ctx, req.body),
  );
  route(app, accountApi.loginHistory, { access: 'session' }, (req, ctx) =>
    account.loginHistory(ctx, req.query.page, req.query.pageSize),
  );
  route(app, accountApi.sessions, { access: 'session' }, (_req, ctx) => account.sessions(ctx));
  route(app, accountApi.endSession, { access: 'session', audit: audit('end-session') }, (req, ctx) =>
    account.endSession(ctx, req.params.id),
  );
}
