import { Permissions, usersApi } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { incomingFile } from '../../lib/incoming-file.ts';
import { auditOf, route } from '../../lib/route.ts';
import { createUsersService } from './users.service.ts';

export async function usersRoutes(app: FastifyInstance) {
  const users = createUsersService(app);
  const read = { permission: Permissions.systemUserList };
  const write = { permission: Permissions.systemUserWrite };
  const audit = auditOf('users');

  // Static paths first: /system/users/export is not a user id.
  route(app, usersApi.exportXlsx, { access: read }, (req, ctx) => users.exportXlsx(ctx, req.query));
  route(app, usersApi.importTemplate, { access: write }, (_req, ctx) => users.importTemplate(ctx));
  route(app, usersApi.importXlsx, { access: write, audit: audit('import') }, (req, ctx) =>
    users.importXlsx(ctx, incomingFile(req)),
  );
  route(app, usersApi.list, { access: read }, (req, ctx) => users.list(ctx, req.query));
  route(app, usersApi.get, { access: read }, (req, ctx) => users.get(ctx, req.params.id));
  route(app, usersApi.create, { access: write, audit: audit('create') }, (req, ctx) => users.create(ctx, req.body));
  route(app, usersApi.update, { access: write, audit: audit('update') }, (req, ctx) =>
    users.update(ctx, req.params.id, req.body),
  );
  route(app, usersApi.setStatus, { access: write, audit: audit('status') }, (req, ctx) =>
    users.setStatus(ctx, req.params.id, req.body.status),
  );
  route(app, usersApi.resetPassword, { access: write, audit: audit('reset-password') }, (req, ctx) =>
    users.resetPassword(ctx, req.params.id),
  );
  route(app, usersApi.remove, { access: write, audit: audit('delete') }, (req, ctx) =>
    users.remove(ctx, req.params.id),
  );
}
