import { Permissions, pumpStationsApi } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { incomingFile } from '../../lib/incoming-file.ts';
import { auditOf, route } from '../../lib/route.ts';
import { createPumpStationsService } from './pump-stations.service.ts';

export async function pumpStationsRoutes(app: FastifyInstance) {
  const stations = createPumpStationsService(app);
  const write = { permission: Permissions.pumpStationWrite };
  const audit = auditOf('pump-stations');

  // Every operator reads the configuration, within the region limit of their role: the live screens,
  // the station mimic and the map are drawn from it.
  route(app, pumpStationsApi.list, { access: 'session' }, (req, ctx) => stations.list(ctx, req.query));
  route(app, pumpStationsApi.get, { access: 'session' }, (req, ctx) => stations.get(ctx, req.params.id));
  // The editor's device picker: only for those who may change a configuration.
  route(app, pumpStationsApi.deviceOptions, { access: write }, (req, ctx) => stations.deviceOptions(ctx, req.query));
  route(app, pumpStationsApi.create, { access: write, audit: audit('create') }, (req, ctx) =>
    stations.create(ctx, req.body),
  );
  route(app, pumpStationsApi.update, { access: write, audit: audit('update') }, (req, ctx) =>
    stations.update(ctx, req.params.id, req.body),
  );
  route(app, pumpStationsApi.remove, { access: write, audit: audit('delete') }, (req, ctx) =>
    stations.remove(ctx, req.params.id),
  );
  // Site photos: private files, seen by whoever may see the station, changed by those who configure it.
  route(app, pumpStationsApi.addPhoto, { access: write, audit: audit('photo-add') }, (req, ctx) =>
    stations.addPhoto(ctx, req.params.id, incomingFile(req)),
  );
  route(app, pumpStationsApi.removePhoto, { access: write, audit: audit('photo-remove') }, (req, ctx) =>
    stations.removePhoto(ctx, req.params.id, req.params.photoId),
  );
  route(app, pumpStationsApi.downloadPhoto, { access: 'session' }, (req, ctx) =>
    stations.downloadPhoto(ctx, req.params.id, req.params.photoId),
  );
}
