import { devicesApi, Permissions } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { auditOf, route } from '../../lib/route.ts';
import { createDevicesService } from './devices.service.ts';

export async function devicesRoutes(app: FastifyInstance) {
  const devices = createDevicesService(app);
  const write = { permission: Permissions.deviceWrite };
  const audit = auditOf('devices');

  // Every operator reads the register, within the region limit of their role.
  route(app, devicesApi.stations, { access: 'session' }, (_req, ctx) => devices.stations(ctx));
  route(app, devicesApi.list, { access: 'session' }, (req, ctx) => devices.list(ctx, req.query));
  route(app, devicesApi.get, { access: 'session' }, (req, ctx) => devices.get(ctx, req.params.id));
  route(app, devicesApi.byCode, { access: 'session' }, (req, ctx) => devices.byCode(ctx, req.params.code));
  route(app, devicesApi.create, { access: write, audit: audit('create') }, (req, ctx) => devices.create(ctx, req.body));
  route(app, devicesApi.update, { access: write, audit: audit('update') }, (req, ctx) =>
    devices.update(ctx, req.params.id, req.body),
  );
  route(app, devicesApi.setEnabled, { access: write, audit: audit('enable') }, (req, ctx) =>
    devices.setEnabled(ctx, req.params.id, req.body.enabled),
  );
  route(app, devicesApi.rotateSecret, { access: write, audit: audit('rotate-secret') }, (req, ctx) =>
    devices.rotateSecret(ctx, req.params.id),
  );
  route(app, devicesApi.dependents, { access: 'session' }, (req, ctx) => devices.dependents(ctx, req.params.id));
  // Archiving is final (the device stops reporting and keeps its record); removal is for a device nothing depends on.
  route(app, devicesApi.archive, { access: write, audit: audit('archive') }, (req, ctx) =>
    devices.archive(ctx, req.params.id, req.body),
  );
  route(app, devicesApi.remove, { access: write, audit: audit('delete') }, (req, ctx) =>
    devices.remove(ctx, req.params.id),
  );
}
