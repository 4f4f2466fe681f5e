import { deviceTypesApi, Permissions } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { auditOf, route } from '../../lib/route.ts';
import { createDeviceTypesService } from './device-types.service.ts';

export async function deviceTypesRoutes(app: FastifyInstance) {
  const types = createDeviceTypesService(app);
  const write = { permission: Permissions.deviceTypeWrite };
  const audit = auditOf('device-types');

  route(app, deviceTypesApi.list, { access: 'session' }, (_req, ctx) => types.list(ctx));
  route(app, deviceTypesApi.get, { access: 'session' }, (req, ctx) => types.get(ctx, req.params.id));
  route(app, deviceTypesApi.create, { access: write, audit: audit('create') }, (req, ctx) =>
    types.create(ctx, req.body),
  );
  route(app, deviceTypesApi.update, { access: write, audit: audit('update') }, (req, ctx) =>
    types.update(ctx, req.params.id, req.body),
  );
  route(app, deviceTypesApi.remove, { access: write, audit: audit('delete') }, (req, ctx) =>
    types.remove(ctx, req.params.id),
  );
}
