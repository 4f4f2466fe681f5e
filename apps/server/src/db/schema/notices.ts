import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './organization.ts';

export const notices = pgTable(
  'notices',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    title: text().notNull(),
    /** Sanitised on the way in: no script survives. */
    contentHtml: text().notNull().default(''),
    level: smallint().notNull().default(0),
    /** { type: 'all' } | { type: 'departments', ids } | { type: 'roles', codes } */
    audience: jsonb().notNull(),
    /** Publishing also sends each recipient with a phone a charged SMS (the title). */
    sms: boolean().notNull().default(false),
    /** draft | published | withdrawn */
    status: text().notNull().default('draft'),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp({ withTimezone: true }),
    withdrawnAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.status, t.publishedAt)],
);

/** Files that go with a notice; private (DATA_DIR/files), served only to whom the notice reached. */
export const noticeAttachments = pgTable(
  'notice_attachments',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    noticeId: bigint({ mode: 'number' })
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    /** The name it was uploaded with, cleaned; the stored file has a random name. */
    fileName: text().notNull(),
    /** Below DATA_DIR/files, e.g. "notices/3f2c….pdf". */
    filePath: text().notNull(),
    fileType: text().notNull(),
    fileSize: integer().notNull(),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.noticeId)],
);
