import { Permissions, rolesApi } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { auditOf, route } from '../../lib/route.ts';
import { createRolesService } from './roles.service.ts';

export async function rolesRoutes(app: FastifyInstance) {
  const roles = createRolesService(app);
  const audit = auditOf('roles');
  const can = (permission: string) => ({ permission });

  // Pickers (notice audiences, user forms) need names only.
  route(app, rolesApi.options, { access: 'session' }, (_req, ctx) => roles.options(ctx));
  route(app, rolesApi.list, { access: can(Permissions.systemRoleList) }, (_req, ctx) => roles.list(ctx));
  route(app, rolesApi.get, { access: can(Permissions.systemRoleList) }, (req, ctx) => roles.get(ctx, req.params.id));
  route(app, rolesApi.create, { access: can(Permissions.systemRoleWrite), audit: audit('create') }, (req, ctx) =>
    roles.create(ctx, req.body),
  );
  route(app, rolesApi.update, { access: can(Permissions.systemRoleWrite), audit: audit('update') }, (req, ctx) =>
    roles.update(ctx, req.params.id, req.body),
  );
  route(app, rolesApi.remove, { access: can(Permissions.systemRoleWrite), audit: audit('delete') }, (req, ctx) =>
    roles.remove(ctx, req.params.id, req.query.confirm === 'true'),
  );

  route(app, rolesApi.menus, { access: can(Permissions.systemMenuList) }, (_req, ctx) => roles.menus(ctx));
  route(
    app,
    rolesApi.createMenu,
    { access: can(Permissions.systemMenuWrite), audit: { module: 'menus', action: 'create' } },
    (req, ctx) => roles.createMenu(ctx, req.body),
  );
  route(
    app,
    rolesApi.updateMenu,
    { access: can(Permissions.systemMenuWrite), audit: { module: 'menus', action: 'update' } },
    (req, ctx) => roles.updateMenu(ctx, req.params.id, req.body),
  );
  route(
    app,
    rolesApi.removeMenu,
    { access: can(Permissions.systemMenuWrite), audit: { module: 'menus', action: 'delete' } },
    (req, ctx) => roles.removeMenu(ctx, req.params.id),
  );
}
