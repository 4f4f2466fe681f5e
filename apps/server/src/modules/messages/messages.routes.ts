import { messagesApi } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { auditOf, route } from '../../lib/route.ts';
import { createMessagesService } from './messages.service.ts';

export async function messagesRoutes(app: FastifyInstance) {
  const messages = createMessagesService(app);
  const audit = auditOf('messages');

  // POST by the spec's choice; it only reads.
  route(app, messagesApi.list, { access: 'session', audit: false }, (req, ctx) => messages.list(ctx, req.body));
  route(app, messagesApi.unread, { access: 'session' }, (_req, ctx) => messages.unread(ctx));
  route(app, messagesApi.read, { access: 'session', audit: audit('read') }, (req, ctx) =>
    messages.read(ctx, req.body.ids),
  );
  route(app, messagesApi.readAll, { access: 'session', audit: audit('read-all') }, (req, ctx) =>
    messages.readAll(ctx, req.body.type),
  );
}
