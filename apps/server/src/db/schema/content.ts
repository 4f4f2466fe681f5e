import { bigint, bigserial, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './organization.ts';

export const contentCategories = pgTable('content_categories', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  nameZh: text().notNull(),
  nameEn: text().notNull(),
  sort: integer().notNull().default(0),
});

export const contentItems = pgTable(
  'content_items',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** text | image | video */
    type: text().notNull(),
    categoryId: integer()
      .notNull()
      .references(() => contentCategories.id),
    title: text().notNull(),
    summary: text().notNull().default(''),
    bodyHtml: text().notNull().default(''),
    /** Below DATA_DIR/uploads, e.g. "content/3f2c….png"; empty until uploaded. */
    filePath: text().notNull().default(''),
    fileType: text().notNull().default(''),
    fileSize: integer().notNull().default(0),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** draft | published */
    status: text().notNull().default('draft'),
    publishedAt: timestamp({ withTimezone: true }),
    viewCount: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.type, t.status), index().on(t.categoryId)],
);

/** One row per opening, for the daily chart and the 7-day trend. */
export const contentViews = pgTable(
  'content_views',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    itemId: bigint({ mode: 'number' })
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    viewedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.viewedAt), index().on(t.itemId, t.viewedAt)],
);
