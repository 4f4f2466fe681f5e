import { contentApi, Permissions } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { incomingFile } from '../../lib/incoming-file.ts';
import { auditOf, route } from '../../lib/route.ts';
import { createContentService } from './content.service.ts';

export async function contentRoutes(app: FastifyInstance) {
  const content = createContentService(app);
  const write = { permission: Permissions.contentWrite };
  const audit = auditOf('content');

  route(app, contentApi.contentData, { access: 'session' }, (_req, ctx) => content.contentData(ctx));
  route(app, contentApi.popular, { access: 'session' }, (req, ctx) => content.popular(ctx, req.query.type));
  route(app, contentApi.categoryShare, { access: 'session' }, (_req, ctx) => content.categoryShare(ctx));
  route(app, contentApi.categories, { access: 'session' }, (_req, ctx) => content.categories(ctx));
  route(app, contentApi.list, { access: 'session' }, (req, ctx) => content.list(ctx, req.query));
  // Opening an item counts a view: a write, but a reader's, not an operation worth logging.
  route(app, contentApi.get, { access: 'session' }, (req, ctx) => content.open(ctx, req.params.id));
  route(app, contentApi.create, { access: write, audit: audit('create') }, (req, ctx) => content.create(ctx, req.body));
  route(app, contentApi.update, { access: write, audit: audit('update') }, (req, ctx) =>
    content.update(ctx, req.params.id, req.body),
  );
  route(app, contentApi.remove, { access: write, audit: audit('delete') }, (req, ctx) =>
    content.remove(ctx, req.params.id),
  );
  route(app, contentApi.upload, { access: write, audit: audit('upload') }, (req, ctx) =>
    content.upload(ctx, req.params.id, incomingFile(req)),
  );
}
