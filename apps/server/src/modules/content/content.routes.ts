import { contentApi, Permissions } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { auditOf, route } from '../../lib/route.ts';
import { createContentService } from './content.service.ts';

export async function contentRoutes(app: FastifyInstance) {
  const content = createContentService(app);
  const write = { permission: Permissions.contentWrite };
  const audit = auditOf('content');

  route(app, contentApi.contentData, { access: 'session' }, () => content.contentData());
  route(app, contentApi.popular, { access: 'session' }, (req) => content.popular(req, req.query.type));
  route(app, contentApi.categoryShare, { access: 'session' }, (req) => content.categoryShare(req));
  route(app, contentApi.categories, { access: 'session' }, (req) => content.categories(req));
  route(app, contentApi.list, { access: 'session' }, (req) => content.list(req, req.query));
  // Opening an item counts a view: a write, but a reader's, not an operation worth logging.
  route(app, contentApi.get, { access: 'session' }, (req) => content.open(req, req.params.id));
  route(app, contentApi.create, { access: write, audit: audit('create') }, (req) => content.create(req, req.body));
  route(app, contentApi.update, { access: write, audit: audit('update') }, (req) =>
    content.update(req, req.params.id, req.body),
  );
  route(app, contentApi.remove, { access: write, audit: audit('delete') }, (req) => content.remove(req, req.params.id));
  route(app, contentApi.upload, { access: write, audit: audit('upload') }, (req) => content.upload(req, req.params.id));
}
