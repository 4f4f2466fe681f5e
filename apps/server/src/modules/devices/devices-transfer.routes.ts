import { deviceTransferApi, Permissions } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { incomingFile } from '../../lib/incoming-file.ts';
import { route } from '../../lib/route.ts';
import { createDevicesTransferService } from './devices-transfer.service.ts';

export async function devicesTransferRoutes(app: FastifyInstance) {
  const transfer = createDevicesTransferService(app);
  const write = { permission: Permissions.deviceWrite };

  // Same filters and the same region limit as the list; every operator who reads the list may take it away.
  route(app, deviceTransferApi.export, { access: 'session' }, (req, ctx) => transfer.export(ctx, req.query));
  route(app, deviceTransferApi.importTemplate, { access: write }, (_req, ctx) => transfer.importTemplate(ctx));
  route(app, deviceTransferApi.import, { access: write, audit: { module: 'devices', action: 'import' } }, (req, ctx) =>
    transfer.import(ctx, incomingFile(req)),
  );
}
