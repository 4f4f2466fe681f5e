import { mapApi, Permissions, regionsApi } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { auditOf, route } from '../../lib/route.ts';
import { createRegionsService } from './regions.service.ts';

export async function regionsRoutes(app: FastifyInstance) {
  const regions = createRegionsService(app);
  const write = { permission: Permissions.regionWrite };
  const audit = auditOf('regions');

  route(app, mapApi.config, { access: 'session' }, (_req, ctx) => regions.mapConfig(ctx));
  route(app, regionsApi.tree, { access: 'session' }, (_req, ctx) => regions.tree(ctx));
  route(app, regionsApi.exportGeoJson, { access: 'session' }, (_req, ctx) => regions.exportGeoJson(ctx));
  route(app, regionsApi.importGeoJson, { access: write, audit: audit('import') }, (req, ctx) =>
    regions.importGeoJson(ctx, req.body),
  );
  route(app, regionsApi.get, { access: 'session' }, (req, ctx) => regions.get(ctx, req.params.id));
  route(app, regionsApi.create, { access: write, audit: audit('create') }, (req, ctx) => regions.create(ctx, req.body));
  route(app, regionsApi.update, { access: write, audit: audit('update') }, (req, ctx) =>
    regions.update(ctx, req.params.id, req.body),
  );
  route(app, regionsApi.remove, { access: write, audit: audit('delete') }, (req, ctx) =>
    regions.remove(ctx, req.params.id),
  );
}
