import type { MessageType } from '@water/contracts';
import { and, inArray, isNotNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { sendSms } from '../workplace/sms-account.ts';
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
  /** Also send each recipient who has a phone an SMS (the title, cut short), charged per SMS. */
  sms?: boolean;
}

/** What happened to the SMS copies; `null` when none were asked for. */
export interface SmsOutcome {
  /** Queued through the SMS sender and charged. */
  queued: number;
  /** Refused for want of balance: recorded as failed, never as sent. */
  failed: number;
  /** Recipients without a phone. */
  skipped: number;
}

/** One SMS segment holds 70 Chinese characters. */
export const SMS_TEXT_MAX = 70;

export function smsText(title: string): string {
  const chars = Array.from(title.trim());
  return chars.length <= SMS_TEXT_MAX ? chars.join('') : `${chars.slice(0, SMS_TEXT_MAX - 1).join('')}…`;
}

/**
 * The one way any module sends messages: to users, role holders or departments (and below).
 * Rows are written with the caller's transaction; live delivery happens once it commits
 * (`afterCommit`), so nobody is told of a message that was rolled back. With `sms`, the SMS copies
 * are queued and charged in the same transaction; one the balance cannot pay for is recorded as
 * failed while the console message still goes out.
 */
export async function sendMessage(
  app: FastifyInstance,
  db: Queryable,
  audience: Audience,
  message: OutgoingMessage,
  afterCommit: (fn: () => Promise<void> | void) => void,
): Promise<{ recipients: number[]; sms: SmsOutcome | null }> {
  const repo = createMessagesRepository(db);
  const recipients = await repo.resolveAudience(audience);
  if (recipients.length === 0) return { recipients, sms: message.sms ? { queued: 0, failed: 0, skipped: 0 } : null };
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
  let sms: SmsOutcome | null = null;
  if (message.sms) {
    const phones = await db
      .select({ id: users.id, phone: users.phone })
      .from(users)
      .where(and(inArray(users.id, recipients), isNotNull(users.phone), ne(users.phone, '')))
      .orderBy(users.id);
    const result = await sendSms(
      db,
      {
        phones: phones.map((p) => p.phone!),
        purpose: message.source || message.type,
        content: smsText(message.title),
        sender: app.config.SMS_SENDER,
      },
      createdAt,
    );
    sms = { ...result, skipped: recipients.length - phones.length };
    if (result.failed > 0) app.log.warn({ failed: result.failed }, 'sms not sent: the SMS account balance is too low');
  }
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
  return { recipients, sms };
}

/** Tells each user (once) their unread counts, as they are now: for after a commit that changed them. */
export const pushUnread = (app: FastifyInstance, userIds: number[]) => async () => {
  const reader = createMessagesRepository(app.db);
  for (const userId of new Set(userIds)) {
    app.realtime.toUser(userId, { type: 'unread', unread: await reader.unread(userId) });
  }
};
