import type { UnreadCounts } from '@water/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { messages } from '../../../../db/schema/index.ts';
import { createMessagesRepository, toMessage } from '../../../messages/messages.repository.ts';
import type { OutgoingDelivery, SendOutcome } from '../../notify-types.ts';
import { type BatchChannelProvider, failed, type SendContext } from './provider-env.ts';

type MessageRow = typeof messages.$inferSelect;

/** Unread counts of many users in one grouped query (a push to thousands tells each bell). */
async function unreadOf(app: FastifyInstance, userIds: number[]): Promise<Map<number, UnreadCounts>> {
  const list = `{${userIds.map((id) => Math.trunc(id)).join(',')}}`;
  const result = (await app.db.execute(sql`
    select user_id, type, count(*)::int as n from messages
    where user_id = any(${list}::int[]) and status = 0 group by user_id, type`)) as unknown as {
    rows: { user_id: number; type: string; n: number }[];
  };
  const counts = new Map<number, UnreadCounts>(userIds.map((id) => [id, { message: 0, notice: 0, todo: 0, total: 0 }]));
  for (const r of result.rows) {
    const c = counts.get(Number(r.user_id));
    if (c && (r.type === 'message' || r.type === 'notice' || r.type === 'todo')) {
      c[r.type] = Number(r.n);
      c.total += Number(r.n);
    }
  }
  return counts;
}

/** Tells each recipient's open consoles of their new messages, with their unread counts as they are now. */
async function tellBells(app: FastifyInstance, rows: MessageRow[]) {
  if (rows.length === 0) return;
  const unread = await unreadOf(app, [...new Set(rows.map((r) => r.userId))]);
  for (const row of rows) {
    app.realtime.toUser(row.userId, { type: 'message', message: toMessage(row), unread: unread.get(row.userId)! });
  }
}

/**
 * The message centre: one message row per delivery, written with the transaction that marks it
 * sent; the bells are told once that commits.
 */
export function inAppProvider(app: FastifyInstance): BatchChannelProvider {
  async function sendBatch(deliveries: OutgoingDelivery[], ctx: SendContext): Promise<SendOutcome[]> {
    const addressed = deliveries.filter((d) => d.userId !== null);
    const rows =
      addressed.length === 0
        ? []
        : await createMessagesRepository(ctx.db).insert(
            addressed.map((d) => ({
              userId: d.userId!,
              type: 'message',
              title: d.title,
              content: d.body,
              link: d.link,
              source: 'notify',
              sourceId: String(d.pushId),
              createdAt: ctx.now,
            })),
          );
    const tell = () => tellBells(app, rows);
    if (ctx.afterCommit) ctx.afterCommit(tell);
    else await tell();
    return deliveries.map((d) => (d.userId === null ? failed('noAddress') : { ok: true }));
  }
  return {
    channel: 'inApp',
    sendBatch,
    send: async (delivery, ctx) => (await sendBatch([delivery], ctx))[0]!,
  };
}
