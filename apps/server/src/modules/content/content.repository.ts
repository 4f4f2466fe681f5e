import type { ContentItem, Locale } from '@water/contracts';
import { and, asc, count, desc, eq, gte, ilike, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { contentCategories, contentItems, contentViews, users } from '../../db/schema/index.ts';
import { UTILITY_TIME_ZONE } from '../../lib/clock.ts';
import { containing } from '../../lib/like.ts';
import { type ContentRow, toCategory, toCategoryShare, toContentItem, toPopular } from './content.mappers.ts';

export function createContentRepository(db: Queryable) {
  const itemColumns = {
    item: contentItems,
    categoryCode: contentCategories.code,
    categoryZh: contentCategories.nameZh,
    categoryEn: contentCategories.nameEn,
    authorName: users.displayName,
  };
  const withJoins = () =>
    db
      .select(itemColumns)
      .from(contentItems)
      .innerJoin(contentCategories, eq(contentCategories.id, contentItems.categoryId))
      .leftJoin(users, eq(users.id, contentItems.authorId));

  const repository = {
    /** Views per utility day since `since`: bucketed by Beijing time, whatever the server's zone. */
    async dailyViews(since: Date): Promise<Map<string, number>> {
      // A literal, not a parameter: GROUP BY must see the same expression as SELECT.
      const day = sql<string>`to_char(${contentViews.viewedAt} at time zone ${sql.raw(`'${UTILITY_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
      const rows = await db
        .select({ day, n: count() })
        .from(contentViews)
        .where(gte(contentViews.viewedAt, since))
        .groupBy(day);
      return new Map(rows.map((r) => [r.day, r.n]));
    },

    /** Top items of a type by views, as the API answers them (their rise over the previous window). */
    popular: async (type: string, now: Date, windowDays: number, limit: number, locale: Locale) =>
      (await repository.popularRows(type, now, windowDays, limit)).map((r) => toPopular(r, locale)),

    /** Each category's share of the published items, as the API answers it. */
    categoryShare: async (locale: Locale) => toCategoryShare(await repository.categoryCounts(), locale),

    /** The categories' codes and names in the caller's language. */
    categories: async (locale: Locale) => (await repository.categoryRows()).map((r) => toCategory(r, locale)),

    /** One item as the API answers it. */
    get: (id: number, locale: Locale): Promise<ContentItem | undefined> =>
      repository.byId(id).then((row) => row && toContentItem(row, locale)),

    /** Top items of a type by views, with views in the last and the previous window. */
    popularRows(type: string, now: Date, windowDays: number, limit: number) {
      const from = new Date(now.getTime() - windowDays * 86_400_000);
      const before = new Date(now.getTime() - 2 * windowDays * 86_400_000);
      // Qualified by hand: inside a single-table select drizzle drops the table name, and a bare "id"
      // would resolve to the subquery's own row.
      const itemRef = sql.raw('"content_items"."id"');
      const recent =
        sql<number>`(select count(*) from ${contentViews} v where v.item_id = ${itemRef} and v.viewed_at >= ${from.toISOString()}::timestamptz)`.mapWith(
          Number,
        );
      const previous =
        sql<number>`(select count(*) from ${contentViews} v where v.item_id = ${itemRef} and v.viewed_at >= ${before.toISOString()}::timestamptz and v.viewed_at < ${from.toISOString()}::timestamptz)`.mapWith(
          Number,
        );
      return db
        .select({ id: contentItems.id, title: contentItems.title, viewCount: contentItems.viewCount, recent, previous })
        .from(contentItems)
        .where(and(eq(contentItems.type, type), eq(contentItems.status, 'published')))
        .orderBy(desc(contentItems.viewCount), asc(contentItems.id))
        .limit(limit);
    },

    categoryCounts() {
      return db
        .select({
          code: contentCategories.code,
          nameZh: contentCategories.nameZh,
          nameEn: contentCategories.nameEn,
          n: sql<number>`count(${contentItems.id})`.mapWith(Number),
        })
        .from(contentCategories)
        .leftJoin(
          contentItems,
          and(eq(contentItems.categoryId, contentCategories.id), eq(contentItems.status, 'published')),
        )
        .groupBy(contentCategories.id)
        .orderBy(asc(contentCategories.sort), asc(contentCategories.id));
    },

    /** A page of items as the API answers them, the latest changed first. */
    async page(
      filter: {
        page: number;
        pageSize: number;
        type?: string | undefined;
        status?: string | undefined;
        category?: string | undefined;
        keyword?: string | undefined;
      },
      locale: Locale,
    ) {
      const where = and(
        filter.type ? eq(contentItems.type, filter.type) : undefined,
        filter.status ? eq(contentItems.status, filter.status) : undefined,
        filter.category ? eq(contentCategories.code, filter.category) : undefined,
        filter.keyword ? ilike(contentItems.title, containing(filter.keyword)) : undefined,
      );
      const [total] = await db
        .select({ n: count() })
        .from(contentItems)
        .innerJoin(contentCategories, eq(contentCategories.id, contentItems.categoryId))
        .where(where);
      const rows = await withJoins()
        .where(where)
        .orderBy(desc(contentItems.updatedAt), desc(contentItems.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize);
      return { total: total?.n ?? 0, list: rows.map((row) => toContentItem(row, locale)) };
    },

    byId: (id: number): Promise<ContentRow | undefined> =>
      withJoins()
        .where(eq(contentItems.id, id))
        .then((rows) => rows[0]),

    categoryRows: () =>
      db.select().from(contentCategories).orderBy(asc(contentCategories.sort), asc(contentCategories.id)),

    categoryByCode: (code: string) =>
      db
        .select()
        .from(contentCategories)
        .where(eq(contentCategories.code, code))
        .then((rows) => rows[0]),

    insert: (values: typeof contentItems.$inferInsert) =>
      db
        .insert(contentItems)
        .values(values)
        .returning({ id: contentItems.id })
        .then((rows) => rows[0]!.id),

    update: (id: number, values: Partial<typeof contentItems.$inferInsert>) =>
      db.update(contentItems).set(values).where(eq(contentItems.id, id)),

    remove: (id: number) => db.delete(contentItems).where(eq(contentItems.id, id)),

    async countView(itemId: number, userId: number | null, at: Date) {
      await db.insert(contentViews).values({ itemId, userId, viewedAt: at });
      await db
        .update(contentItems)
        .set({ viewCount: sql`${contentItems.viewCount} + 1` })
        .where(eq(contentItems.id, itemId));
    },

    publishedCount: () =>
      db
        .select({ n: count() })
        .from(contentItems)
        .where(eq(contentItems.status, 'published'))
        .then((rows) => rows[0]?.n ?? 0),

    viewsBetween: (from: Date, to: Date) =>
      db
        .select({ n: count() })
        .from(contentViews)
        .where(and(gte(contentViews.viewedAt, from), lt(contentViews.viewedAt, to)))
        .then((rows) => rows[0]?.n ?? 0),
  };
  return repository;
}
