import { logsApi, Permissions } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { createLogsService, startLogRetentionJob } from './logs.service.ts';

export async function logsRoutes(app: FastifyInstance) {
  const logs = createLogsService(app);
  const read = { permission: Permissions.systemLogList };

  route(app, logsApi.exportOperations, { access: read }, (req, { reply }) =>
    logs.exportOperations(req, reply, req.query),
  );
  route(app, logsApi.exportLogins, { access: read }, (req, { reply }) => logs.exportLogins(req, reply, req.query));
  route(app, logsApi.operations, { access: read }, (req) => logs.operations(req, req.query));
  route(app, logsApi.modules, { access: read }, (req) => logs.modules(req));
  route(app, logsApi.operation, { access: read }, (req) => logs.operation(req, req.params.id));
  route(app, logsApi.logins, { access: read }, (req) => logs.logins(req, req.query));
  route(app, logsApi.retention, { access: read }, (req) => logs.retention(req));
  route(
    app,
    logsApi.setRetention,
    { access: { permission: Permissions.systemLogWrite }, audit: { module: 'logs', action: 'retention' } },
    (req) => logs.setRetention(req, req.body),
  );

  const stop = startLogRetentionJob(app);
  app.addHook('onClose', async () => stop());
}
