import { bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
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
