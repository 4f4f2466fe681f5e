import { messagesApi } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { businessError } from '../../lib/errors.ts';
import { auditOf, route } from '../../lib/route.ts';
import { createMessagesRepository, toMessage } from './messages.repository.ts';

export async function messagesRoutes(app: FastifyInstance) {
  const repo = (db: Queryable = app.db) => createMessagesRepository(db);
  const pushUnread = (userId: number) => async () => {
    app.realtime.toUser(userId, { type: 'unread', unread: await repo().unread(userId) });
  };

  // POST by the spec's choice; it only reads.
  route(app, messagesApi.list, { access: 'session', audit: false }, async (req) => {
    const rows = await repo().list(req.auth!.userId, req.body);
    return rows.map(toMessage);
  });

  route(app, messagesApi.unread, { access: 'session' }, (req) => repo().unread(req.auth!.userId));

  const audit = auditOf('messages');

  route(app, messagesApi.read, { access: 'session', audit: audit('read') }, async (req) => {
    const userId = req.auth!.userId;
    const ids = [...new Set(req.body.ids)];
    // All or nothing: an id that is not the caller's makes the whole call a bad request.
    if ((await repo(req.tx!).ownedCount(userId, ids)) !== ids.length) throw businessError(400, 'messages.notYours');
    await repo(req.tx!).markRead(userId, ids, app.clock.now());
    req.afterCommit(pushUnread(userId));
    return true as const;
  });

  route(app, messagesApi.readAll, { access: 'session', audit: audit('read-all') }, async (req) => {
    const userId = req.auth!.userId;
    const updated = await repo(req.tx!).markRead(userId, 'all', app.clock.now(), req.body.type);
    req.afterCommit(pushUnread(userId));
    return { updated: updated.length };
  });
}
