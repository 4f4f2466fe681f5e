import { noticesApi, Permissions } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { incomingFile } from '../../lib/incoming-file.ts';
import { auditOf, route } from '../../lib/route.ts';
import { createNoticesService } from './notices.service.ts';

export async function noticesRoutes(app: FastifyInstance) {
  const notices = createNoticesService(app);
  const write = { permission: Permissions.noticeWrite };
  const audit = auditOf('notices');

  // Before /notices/:id, which would otherwise take "announcements" for an id.
  route(app, noticesApi.announcements, { access: 'session' }, (req, ctx) =>
    notices.announcements(ctx, req.query.limit),
  );
  route(app, noticesApi.list, { access: write }, (req, ctx) => notices.list(ctx, req.query));
  route(app, noticesApi.get, { access: 'session' }, (req, ctx) => notices.get(ctx, req.params.id));
  route(app, noticesApi.create, { access: write, audit: audit('create') }, (req, ctx) => notices.create(ctx, req.body));
  route(app, noticesApi.update, { access: write, audit: audit('update') }, (req, ctx) =>
    notices.update(ctx, req.params.id, req.body),
  );
  route(app, noticesApi.publish, { access: write, audit: audit('publish') }, (req, ctx) =>
    notices.publish(ctx, req.params.id),
  );
  route(app, noticesApi.withdraw, { access: write, audit: audit('withdraw') }, (req, ctx) =>
    notices.withdraw(ctx, req.params.id),
  );
  route(app, noticesApi.addAttachment, { access: write, audit: audit('attach') }, (req, ctx) =>
    notices.addAttachment(ctx, req.params.id, incomingFile(req)),
  );
  route(app, noticesApi.removeAttachment, { access: write, audit: audit('detach') }, (req, ctx) =>
    notices.removeAttachment(ctx, req.params.id, req.params.attachmentId),
  );
  route(app, noticesApi.downloadAttachment, { access: 'session' }, (req, ctx) =>
    notices.downloadAttachment(ctx, req.params.id, req.params.attachmentId),
  );
  route(app, noticesApi.remove, { access: write, audit: audit('delete') }, (req, ctx) =>
    notices.remove(ctx, req.params.id),
  );
}
