import { Permissions, usersApi } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { auditOf, route } from '../../lib/route.ts';
import { createUsersService } from './users.service.ts';

export async function usersRoutes(app: FastifyInstance) {
  const users = createUsersService(app);
  const read = { permission: Permissions.systemUserList };
  const write = { permission: Permissions.systemUserWrite };
  const audit = auditOf('users');

  // Static paths first: /system/users/export is not a user id.
  route(app, usersApi.exportXlsx, { access: read }, (req, { reply }) => users.exportXlsx(req, reply, req.query));
  route(app, usersApi.importTemplate, { access: write }, (req, { reply }) => users.importTemplate(req, reply));
  route(app, usersApi.importXlsx, { access: write, audit: audit('import') }, (req) => users.importXlsx(req));
  route(app, usersApi.list, { access: read }, (req) => users.list(req, req.query));
  route(app, usersApi.get, { access: read }, (req) => users.get(req, req.params.id));
  route(app, usersApi.create, { access: write, audit: audit('create') }, (req) => users.create(req, req.body));
  route(app, usersApi.update, { access: write, audit: audit('update') }, (req) =>
    users.update(req, req.params.id, req.body),
  );
  route(app, usersApi.setStatus, { access: write, audit: audit('status') }, (req) =>
    users.setStatus(req, req.params.id, req.body.status),
  );
  route(app, usersApi.resetPassword, { access: write, audit: audit('reset-password') }, (req) =>
    users.resetPassword(req, req.params.id),
  );
  route(app, usersApi.remove, { access: write, audit: audit('delete') }, (req) => users.remove(req, req.params.id));
}
