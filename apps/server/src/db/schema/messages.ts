import { bigserial, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './organization.ts';

/**
 * The message centre: one row per recipient, so each user's read state is its own row.
 * `source` + `sourceId` say what sent it (a notice, an alarm, a work order).
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** message | notice | todo */
    type: text().notNull(),
    title: text().notNull(),
    subTitle: text().notNull().default(''),
    avatar: text().notNull().default(''),
    content: text().notNull().default(''),
    /** 0 normal, 1 important, 3 urgent; notices and todos only */
    messageType: smallint(),
    /** 0 unread, 1 read */
    status: smallint().notNull().default(0),
    readAt: timestamp({ withTimezone: true }),
    link: text().notNull().default(''),
    source: text().notNull().default(''),
    sourceId: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.userId, t.status, t.type), index().on(t.userId, t.createdAt), index().on(t.source, t.sourceId)],
);
