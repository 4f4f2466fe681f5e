import { waterQualityApi as api, Permissions } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { incomingFile } from '../../lib/incoming-file.ts';
import { auditOf, route } from '../../lib/route.ts';
import { createWaterQualityService } from './water-quality.service.ts';
import { createWqImportService } from './wq-import.ts';
import { createWqLabService } from './wq-lab.service.ts';
import { createWqViewsService } from './wq-views.service.ts';

/**
 * Water quality (issue 18, `/water/waterList`). Every operator reads it within the region limit of
 * their role (sites, results, the latest judgement, history, compliance, the monthly report, which
 * the service writes to the operation log); the lab's entries need water:result:write, the sites,
 * limit sets and parameters water:config:write.
 */
export async function waterQualityRoutes(app: FastifyInstance) {
  const config = createWaterQualityService(app);
  const lab = createWqLabService(app);
  const transfer = createWqImportService(app);
  const views = createWqViewsService(app);
  const configWrite = { permission: Permissions.waterConfigWrite };
  const resultWrite = { permission: Permissions.waterResultWrite };
  const audit = auditOf('water-quality');

  route(app, api.parameters, { access: 'session' }, (_req, ctx) => config.parameters(ctx));
  route(app, api.updateParameter, { access: configWrite, audit: audit('parameter.update') }, (req, ctx) =>
    config.updateParameter(ctx, req.params.code, req.body),
  );

  route(app, api.limitSets, { access: 'session' }, (_req, ctx) => config.limitSets(ctx));
  route(app, api.copyLimitSet, { access: configWrite, audit: audit('limit-set.copy') }, (req, ctx) =>
    config.copyLimitSet(ctx, req.params.id, req.body.name),
  );
  route(app, api.updateLimitSet, { access: configWrite, audit: audit('limit-set.update') }, (req, ctx) =>
    config.updateLimitSet(ctx, req.params.id, req.body),
  );
  route(app, api.deleteLimitSet, { access: configWrite, audit: audit('limit-set.delete') }, (req, ctx) =>
    config.deleteLimitSet(ctx, req.params.id),
  );

  route(app, api.sites, { access: 'session' }, (req, ctx) => config.sites(ctx, req.query));
  route(app, api.createSite, { access: configWrite, audit: audit('site.create') }, (req, ctx) =>
    config.createSite(ctx, req.body),
  );
  route(app, api.updateSite, { access: configWrite, audit: audit('site.update') }, (req, ctx) =>
    config.updateSite(ctx, req.params.id, req.body),
  );
  route(app, api.deleteSite, { access: configWrite, audit: audit('site.delete') }, (req, ctx) =>
    config.deleteSite(ctx, req.params.id),
  );

  route(app, api.results, { access: 'session' }, (req, ctx) => lab.results(ctx, req.query));
  route(app, api.createSample, { access: resultWrite, audit: audit('result.create') }, (req, ctx) =>
    lab.createSample(ctx, req.body),
  );
  route(app, api.updateResult, { access: resultWrite, audit: audit('result.update') }, (req, ctx) =>
    lab.updateResult(ctx, req.params.id, req.body),
  );
  route(app, api.deleteResult, { access: resultWrite, audit: audit('result.delete') }, (req, ctx) =>
    lab.deleteResult(ctx, req.params.id),
  );
  route(app, api.importTemplate, { access: resultWrite }, (_req, ctx) => transfer.importTemplate(ctx));
  route(app, api.importResults, { access: resultWrite, audit: audit('import') }, (req, ctx) =>
    transfer.importResults(ctx, incomingFile(req)),
  );

  route(app, api.latest, { access: 'session' }, (req, ctx) => views.latest(ctx, req.query));
  route(app, api.history, { access: 'session' }, (req, ctx) => views.history(ctx, req.query));
  route(app, api.compliance, { access: 'session' }, (req, ctx) => views.compliance(ctx, req.query));
  route(app, api.report, { access: 'session' }, (req, ctx) => views.report(ctx, req.query));
}
