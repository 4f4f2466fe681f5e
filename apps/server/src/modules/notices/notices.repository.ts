import type { Notice } from '@water/contracts';
import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { messages, noticeAttachments, notices, users } from '../../db/schema/index.ts';
import { containing } from '../../lib/like.ts';
import { type NoticeRow, type NoticeStats, toAnnouncement, toNotice, toNoticeSummary } from './notices.mappers.ts';

export function createNoticesRepository(db: Queryable) {
  const stats = (ids: number[]): Promise<NoticeStats[]> =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({
            sourceId: messages.sourceId,
            recipients: count(),
            reads: sql<number>`count(*) filter (where ${messages.status} = 1)`.mapWith(Number),
          })
          .from(messages)
          .where(and(eq(messages.source, 'notice'), inArray(messages.sourceId, ids.map(String))))
          .groupBy(messages.sourceId);

  const repository = {
    stats,

    /** One notice with its reach and attachments, as the API answers it. */
    async get(id: number): Promise<Notice | undefined> {
      const row = await repository.byId(id);
      if (!row) return undefined;
      const [counts] = await stats([id]);
      return toNotice(row, counts, await repository.attachments(id));
    },

    /** A page of notices with their reach, as the list answers them. */
    async list(filter: { page: number; pageSize: number; status?: string | undefined; keyword?: string | undefined }) {
      const { total, rows } = await repository.page(filter);
      const counts = await stats(rows.map((r) => r.notice.id));
      return {
        total,
        list: rows.map((row) =>
          toNoticeSummary(
            row,
            counts.find((s) => s.sourceId === String(row.notice.id)),
          ),
        ),
      };
    },

    async page(filter: { page: number; pageSize: number; status?: string | undefined; keyword?: string | undefined }) {
      const where = and(
        filter.status ? eq(notices.status, filter.status) : undefined,
        filter.keyword ? ilike(notices.title, containing(filter.keyword)) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(notices).where(where);
      const rows = await db
        .select({ notice: notices, authorName: users.displayName })
        .from(notices)
        .leftJoin(users, eq(users.id, notices.authorId))
        .where(where)
        .orderBy(desc(notices.updatedAt), desc(notices.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize);
      return { total: total?.n ?? 0, rows };
    },

    byId(id: number): Promise<NoticeRow | undefined> {
      return db
        .select({ notice: notices, authorName: users.displayName })
        .from(notices)
        .leftJoin(users, eq(users.id, notices.authorId))
        .where(eq(notices.id, id))
        .then((rows) => rows[0]);
    },

    insert(values: typeof notices.$inferInsert) {
      return db
        .insert(notices)
        .values(values)
        .returning({ id: notices.id })
        .then((rows) => rows[0]!.id);
    },

    update(id: number, values: Partial<typeof notices.$inferInsert>) {
      return db.update(notices).set(values).where(eq(notices.id, id));
    },

    remove(id: number) {
      return db.delete(notices).where(eq(notices.id, id));
    },

    attachments: (noticeId: number) =>
      db
        .select()
        .from(noticeAttachments)
        .where(eq(noticeAttachments.noticeId, noticeId))
        .orderBy(asc(noticeAttachments.id)),

    attachment: (noticeId: number, attachmentId: number) =>
      db
        .select()
        .from(noticeAttachments)
        .where(and(eq(noticeAttachments.noticeId, noticeId), eq(noticeAttachments.id, attachmentId)))
        .then((rows) => rows[0]),

    insertAttachment: (values: typeof noticeAttachments.$inferInsert) =>
      db
        .insert(noticeAttachments)
        .values(values)
        .returning()
        .then((rows) => rows[0]!),

    removeAttachment: (attachmentId: number) =>
      db.delete(noticeAttachments).where(eq(noticeAttachments.id, attachmentId)),

    /** Did this notice reach the user? */
    async reached(noticeId: number, userId: number): Promise<boolean> {
      const rows = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.source, 'notice'), eq(messages.sourceId, String(noticeId)), eq(messages.userId, userId)))
        .limit(1);
      return rows.length > 0;
    },

    /** Removes a notice's messages from every box; returns whose. */
    removeMessages(noticeId: number) {
      return db
        .delete(messages)
        .where(and(eq(messages.source, 'notice'), eq(messages.sourceId, String(noticeId))))
        .returning({ userId: messages.userId });
    },

    /** The published notices in the user's box, newest first, as the API answers them. */
    announcements(userId: number, limit: number) {
      return db
        .select({
          id: notices.id,
          title: notices.title,
          level: notices.level,
          publishedAt: notices.publishedAt,
          status: messages.status,
          messageId: messages.id,
        })
        .from(messages)
        .innerJoin(notices, sql`${notices.id}::text = ${messages.sourceId}`)
        .where(and(eq(messages.userId, userId), eq(messages.source, 'notice'), eq(notices.status, 'published')))
        .orderBy(desc(notices.publishedAt), desc(notices.id))
        .limit(limit)
        .then((rows) => rows.map(toAnnouncement));
    },
  };
  return repository;
}
