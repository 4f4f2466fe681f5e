import { deviceArchivesApi, Permissions } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { incomingFile } from '../../lib/incoming-file.ts';
import { auditOf, route } from '../../lib/route.ts';
import { createDeviceArchivesService } from './device-archives.service.ts';

export async function deviceArchivesRoutes(app: FastifyInstance) {
  const archives = createDeviceArchivesService(app);
  const write = { permission: Permissions.deviceWrite };
  const audit = auditOf('device-archives');

  // Every operator reads the archive, within the region limit of their role.
  route(app, deviceArchivesApi.list, { access: 'session' }, (req, ctx) => archives.list(ctx, req.query));
  route(app, deviceArchivesApi.dueCalibrations, { access: 'session' }, (req, ctx) =>
    archives.dueCalibrations(ctx, req.query),
  );
  route(app, deviceArchivesApi.endingWarranties, { access: 'session' }, (req, ctx) =>
    archives.endingWarranties(ctx, req.query),
  );
  route(app, deviceArchivesApi.create, { access: write, audit: audit('create') }, (req, ctx) =>
    archives.create(ctx, req.body),
  );
  route(app, deviceArchivesApi.update, { access: write, audit: audit('update') }, (req, ctx) =>
    archives.update(ctx, req.params.id, req.body),
  );
  route(app, deviceArchivesApi.remove, { access: write, audit: audit('delete') }, (req, ctx) =>
    archives.remove(ctx, req.params.id),
  );
  route(app, deviceArchivesApi.addAttachment, { access: write, audit: audit('attach') }, (req, ctx) =>
    archives.addAttachment(ctx, req.params.id, incomingFile(req)),
  );
  route(app, deviceArchivesApi.removeAttachment, { access: write, audit: audit('detach') }, (req, ctx) =>
    archives.removeAttachment(ctx, req.params.id, req.params.attachmentId),
  );
  route(app, deviceArchivesApi.downloadAttachment, { access: 'session' }, (req, ctx) =>
    archives.downloadAttachment(ctx, req.params.id, req.params.attachmentId),
  );
}
