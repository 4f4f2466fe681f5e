import type { Notice, NoticeAttachment, NoticeAudience } from '@water/contracts';
import type { noticeAttachments, notices } from '../../db/schema/index.ts';

type Level = 0 | 1 | 3;

export type NoticeRow = { notice: typeof notices.$inferSelect; authorName: string | null };
/** A notice's reach: the messages it left and how many of them are read. */
export type NoticeStats = { sourceId: string | null; recipients: number; reads: number };

export const asLevel = (n: number): Level => (n === 1 || n === 3 ? n : 0);

export const toAttachment = (row: typeof noticeAttachments.$inferSelect): NoticeAttachment => ({
  id: row.id,
  name: row.fileName,
  type: row.fileType,
  size: row.fileSize,
  createdAt: row.createdAt.toISOString(),
});

/** A notice as the list shows it. */
export const toNoticeSummary = ({ notice: n, authorName }: NoticeRow, stat: NoticeStats | undefined) => ({
  id: n.id,
  title: n.title,
  level: asLevel(n.level),
  status: n.status as Notice['status'],
  audience: n.audience as NoticeAudience,
  authorName: authorName ?? '',
  publishedAt: n.publishedAt?.toISOString() ?? null,
  updatedAt: n.updatedAt.toISOString(),
  recipients: stat?.recipients ?? 0,
  reads: stat?.reads ?? 0,
});

/** A notice with its text and attachments. */
export const toNotice = (
  row: NoticeRow,
  stat: NoticeStats | undefined,
  attachments: (typeof noticeAttachments.$inferSelect)[],
): Notice => ({
  ...toNoticeSummary(row, stat),
  contentHtml: row.notice.contentHtml,
  sms: row.notice.sms,
  attachments: attachments.map(toAttachment),
});

/** A published notice in the caller's box, read or not. */
export const toAnnouncement = (r: {
  id: number;
  title: string;
  level: number;
  publishedAt: Date | null;
  status: number;
  messageId: number;
}) => ({
  id: r.id,
  title: r.title,
  level: asLevel(r.level),
  publishedAt: (r.publishedAt ?? new Date(0)).toISOString(),
  read: r.status === 1,
  messageId: r.messageId,
});
