import { Permissions, workplaceApi } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { auditOf, route } from '../../lib/route.ts';
import { createWorkplaceService } from './workplace.service.ts';

export async function workplaceRoutes(app: FastifyInstance) {
  const workplace = createWorkplaceService(app);
  const audit = auditOf('workplace');
  const smsRead = { permission: Permissions.systemSmsOutbox };
  const smsWrite = { permission: Permissions.smsAccountWrite };

  route(app, workplaceApi.overview, { access: 'session' }, (_req, ctx) => workplace.overview(ctx));
  route(app, workplaceApi.visits, { access: 'session' }, (_req, ctx) => workplace.visits(ctx));
  // The user's own navigation trail: recorded on every page change, too frequent and too private for the operation log.
  route(app, workplaceApi.recordVisit, { access: 'session', audit: false }, (req, ctx) =>
    workplace.recordVisit(ctx, req.body),
  );
  route(app, workplaceApi.quickOperations, { access: 'session' }, (_req, ctx) => workplace.quickOperations(ctx));
  route(app, workplaceApi.saveQuickOperations, { access: 'session', audit: audit('quick-operations') }, (req, ctx) =>
    workplace.saveQuickOperations(ctx, req.body.routeNames),
  );
  route(app, workplaceApi.smsAccount, { access: smsRead }, (_req, ctx) => workplace.smsAccount(ctx));
  route(app, workplaceApi.smsLedger, { access: smsRead }, (req, ctx) => workplace.smsLedger(ctx, req.query));
  route(app, workplaceApi.smsTopup, { access: smsWrite, audit: audit('sms-topup') }, (req, ctx) =>
    workplace.smsTopup(ctx, req.body),
  );
  route(app, workplaceApi.smsSettings, { access: smsWrite, audit: audit('sms-settings') }, (req, ctx) =>
    workplace.smsSettings(ctx, req.body),
  );
}
