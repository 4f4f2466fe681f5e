import type { MessageType } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { type Audience, createMessagesRepository, toMessage } from './messages.repository.ts';

export interface OutgoingMessage {
  type: MessageType;
  title: string;
  subTitle?: string;
  avatar?: string;
  content?: string;
  messageType?: 0 | 1 | 3;
  link?: string;
  /** What sent it, e.g. 'notice' + its id: the sender can count reads later. */
  source?: string;
  sourceId?: string;
}

/**
 * The one way any module sends messages: to users, role holders or departments (and below).
 * Rows are written with the caller's transaction; live delivery happens once it commits
 * (`afterCommit`), so nobody is told of a message that was rolled back.
 */
export async function sendMessage(
  app: FastifyInstance,
  db: Queryable,
  audience: Audience,
  message: OutgoingMessage,
  afterCommit: (fn: () => Promise<void> | void) => void,
): Promise<{ recipients: number[] }> {
  const repo = createMessagesRepository(db);
  const recipients = await repo.resolveAudience(audience);
  if (recipients.length === 0) return { recipients };
  const createdAt = app.clock.now();
  const rows = await repo.insert(
    recipients.map((userId) => ({
      userId,
      type: message.type,
      title: message.title,
      subTitle: message.subTitle ?? '',
      avatar: message.avatar ?? '',
      content: message.content ?? '',
      messageType: message.type === 'message' ? null : (message.messageType ?? 0),
      link: message.link ?? '',
      source: message.source ?? '',
      sourceId: message.sourceId ?? '',
      createdAt,
    })),
  );
  afterCommit(async () => {
    const reader = createMessagesRepository(app.db);
    for (const row of rows) {
      app.realtime.toUser(row.userId, {
        type: 'message',
        message: toMessage(row),
        unread: await reader.unread(row.userId),
      });
    }
  });
  return { recipients };
}
