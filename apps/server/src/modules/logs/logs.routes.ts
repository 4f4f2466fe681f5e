import { logsApi, Permissions } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { createLogsService, startLogRetentionJob } from './logs.service.ts';

export async function logsRoutes(app: FastifyInstance) {
  const logs = createLogsService(app);
  const read = { permission: Permissions.systemLogList };

  route(app, logsApi.exportOperations, { access: read }, (req, ctx) => logs.exportOperations(ctx, req.query));
  route(app, logsApi.exportLogins, { access: read }, (req, ctx) => logs.exportLogins(ctx, req.query));
  route(app, logsApi.operations, { access: read }, (req, ctx) => logs.operations(ctx, req.query));
  route(app, logsApi.modules, { access: read }, (_req, ctx) => logs.modules(ctx));
  route(app, logsApi.operation, { access: read }, (req, ctx) => logs.operation(ctx, req.params.id));
  route(app, logsApi.logins, { access: read }, (req, ctx) => logs.logins(ctx, req.query));
  route(app, logsApi.retention, { access: read }, (_req, ctx) => logs.retention(ctx));
  route(
    app,
    logsApi.setRetention,
    { access: { permission: Permissions.systemLogWrite }, audit: { module: 'logs', action: 'retention' } },
    (req, ctx) => logs.setRetention(ctx, req.body),
  );

  const stop = startLogRetentionJob(app);
  app.addHook('onClose', async () => stop());
}
