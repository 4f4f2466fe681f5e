import { noticesApi, Permissions } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { auditOf, route } from '../../lib/route.ts';
import { createNoticesService } from './notices.service.ts';

export async function noticesRoutes(app: FastifyInstance) {
  const notices = createNoticesService(app);
  const write = { permission: Permissions.noticeWrite };
  const audit = auditOf('notices');

  // Before /notices/:id, which would otherwise take "announcements" for an id.
  route(app, noticesApi.announcements, { access: 'session' }, (req) => notices.announcements(req, req.query.limit));
  route(app, noticesApi.list, { access: write }, (req) => notices.list(req, req.query));
  route(app, noticesApi.get, { access: 'session' }, (req) => notices.get(req, req.params.id));
  route(app, noticesApi.create, { access: write, audit: audit('create') }, (req) => notices.create(req, req.body));
  route(app, noticesApi.update, { access: write, audit: audit('update') }, (req) =>
    notices.update(req, req.params.id, req.body),
  );
  route(app, noticesApi.publish, { access: write, audit: audit('publish') }, (req) =>
    notices.publish(req, req.params.id),
  );
  route(app, noticesApi.withdraw, { access: write, audit: audit('withdraw') }, (req) =>
    notices.withdraw(req, req.params.id),
  );
  route(app, noticesApi.addAttachment, { access: write, audit: audit('attach') }, (req) =>
    notices.addAttachment(req, req.params.id),
  );
  route(app, noticesApi.removeAttachment, { access: write, audit: audit('detach') }, (req) =>
    notices.removeAttachment(req, req.params.id, req.params.attachmentId),
  );
  route(app, noticesApi.downloadAttachment, { access: 'session' }, (req, { reply }) =>
    notices.downloadAttachment(req, reply, req.params.id, req.params.attachmentId),
  );
  route(app, noticesApi.remove, { access: write, audit: audit('delete') }, (req) => notices.remove(req, req.params.id));
}
