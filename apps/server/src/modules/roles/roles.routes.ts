import { Permissions, rolesApi } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { auditOf, route } from '../../lib/route.ts';
import { createRolesService } from './roles.service.ts';

export async function rolesRoutes(app: FastifyInstance) {
  const roles = createRolesService(app);
  const audit = auditOf('roles');
  const can = (permission: string) => ({ permission });

  // Pickers (notice audiences, user forms) need names only.
  route(app, rolesApi.options, { access: 'session' }, (req) => roles.options(req));
  route(app, rolesApi.list, { access: can(Permissions.systemRoleList) }, (req) => roles.list(req));
  route(app, rolesApi.get, { access: can(Permissions.systemRoleList) }, (req) => roles.get(req, req.params.id));
  route(app, rolesApi.create, { access: can(Permissions.systemRoleWrite), audit: audit('create') }, (req) =>
    roles.create(req, req.body),
  );
  route(app, rolesApi.update, { access: can(Permissions.systemRoleWrite), audit: audit('update') }, (req) =>
    roles.update(req, req.params.id, req.body),
  );
  route(app, rolesApi.remove, { access: can(Permissions.systemRoleWrite), audit: audit('delete') }, (req) =>
    roles.remove(req, req.params.id, req.query.confirm === 'true'),
  );

  route(app, rolesApi.menus, { access: can(Permissions.systemMenuList) }, (req) => roles.menus(req));
  route(
    app,
    rolesApi.createMenu,
    { access: can(Permissions.systemMenuWrite), audit: { module: 'menus', action: 'create' } },
    (req) => roles.createMenu(req, req.body),
  );
  route(
    app,
    rolesApi.updateMenu,
    { access: can(Permissions.systemMenuWrite), audit: { module: 'menus', action: 'update' } },
    (req) => roles.updateMenu(req, req.params.id, req.body),
  );
  route(
    app,
    rolesApi.removeMenu,
    { access: can(Permissions.systemMenuWrite), audit: { module: 'menus', action: 'delete' } },
    (req) => roles.removeMenu(req, req.params.id),
  );
}
