import type { MessageType, messageListBodySchema } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Context } from '../../lib/context.ts';
import { businessError } from '../../lib/errors.ts';
import { createMessagesRepository } from './messages.repository.ts';
import { pushUnread } from './send-message.ts';

/** The caller's own messages: the bell's lists, its counts, and marking read (pushed live once committed). */
export function createMessagesService(app: FastifyInstance) {
  const repo = (ctx: Context) => createMessagesRepository(ctx.db);

  return {
    list: (ctx: Context, filter: z.output<typeof messageListBodySchema>) => repo(ctx).list(ctx.auth!.userId, filter),

    unread: (ctx: Context) => repo(ctx).unread(ctx.auth!.userId),

    async read(ctx: Context, messageIds: number[]) {
      const userId = ctx.auth!.userId;
      const ids = [...new Set(messageIds)];
      // All or nothing: an id that is not the caller's makes the whole call a bad request.
      if ((await repo(ctx).ownedCount(userId, ids)) !== ids.length) throw businessError(400, 'messages.notYours');
      await repo(ctx).markRead(userId, ids, app.clock.now());
      ctx.afterCommit(pushUnread(app, [userId]));
      return true as const;
    },

    async readAll(ctx: Context, type: MessageType | undefined) {
      const userId = ctx.auth!.userId;
      const updated = await repo(ctx).markRead(userId, 'all', app.clock.now(), type);
      ctx.afterCommit(pushUnread(app, [userId]));
      return { updated: updated.length };
    },
  };
}
