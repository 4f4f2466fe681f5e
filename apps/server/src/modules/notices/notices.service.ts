import { createReadStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  NOTICE_ATTACHMENT_MAX_BYTES,
  NOTICE_ATTACHMENTS_MAX,
  type Notice,
  type NoticeAttachment,
  type NoticeAudience,
  type NoticeInput,
  Permissions,
} from '@water/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { attachmentDisposition } from '../../lib/downloads.ts';
import { AppError, businessError, notFound } from '../../lib/errors.ts';
import { holdsPermission } from '../../lib/permissions.ts';
import { htmlToText, sanitizeRichText } from '../../lib/sanitize.ts';
import { storeUpload } from '../../lib/uploads.ts';
import { createMessagesRepository } from '../messages/messages.repository.ts';
import { sendMessage } from '../messages/send-message.ts';
import { createNoticesRepository } from './notices.repository.ts';

type Level = 0 | 1 | 3;

const ATTACHMENT_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'image/png',
  'image/jpeg',
  'image/webp',
];

const toAttachment = (row: {
  id: number;
  fileName: string;
  fileType: string;
  fileSize: number;
  createdAt: Date;
}): NoticeAttachment => ({
  id: row.id,
  name: row.fileName,
  type: row.fileType,
  size: row.fileSize,
  createdAt: row.createdAt.toISOString(),
});
const asLevel = (n: number): Level => (n === 1 || n === 3 ? n : 0);

export function createNoticesService(app: FastifyInstance) {
  const repo = (req: FastifyRequest) => createNoticesRepository(req.tx ?? app.db);

  async function load(req: FastifyRequest, id: number): Promise<Notice> {
    const r = repo(req);
    const row = await r.byId(id);
    if (!row) throw notFound();
    const [counts] = await r.stats([id]);
    const attachments = await r.attachments(id);
    const n = row.notice;
    return {
      id: n.id,
      title: n.title,
      level: asLevel(n.level),
      status: n.status as Notice['status'],
      audience: n.audience as NoticeAudience,
      authorName: row.authorName ?? '',
      publishedAt: n.publishedAt?.toISOString() ?? null,
      updatedAt: n.updatedAt.toISOString(),
      recipients: counts?.recipients ?? 0,
      reads: counts?.reads ?? 0,
      contentHtml: n.contentHtml,
      sms: n.sms,
      attachments: attachments.map(toAttachment),
    };
  }

  const filePath = (relative: string) => path.join(app.config.dataDir, 'files', relative);

  /** Notice managers see any notice; everyone else only a published one that reached them. */
  async function readable(req: FastifyRequest, id: number): Promise<Notice> {
    const auth = req.auth!;
    if (await holdsPermission(app.db, auth, Permissions.noticeWrite)) return load(req, id);
    const notice = await load(req, id).catch(() => null);
    if (notice?.status !== 'published' || !(await repo(req).reached(id, auth.userId))) throw notFound();
    return notice;
  }

  async function editable(req: FastifyRequest, id: number, allowed: string[]) {
    const row = await repo(req).byId(id);
    if (!row) throw notFound();
    if (!allowed.includes(row.notice.status)) throw new AppError(409, 409, 'notices.wrongState');
    return row.notice;
  }

  const pushUnread = (userIds: number[]) => async () => {
    const reader = createMessagesRepository(app.db);
    for (const userId of new Set(userIds)) {
      app.realtime.toUser(userId, { type: 'unread', unread: await reader.unread(userId) });
    }
  };

  return {
    async list(req: FastifyRequest, query: { page: number; pageSize: number; status?: string; keyword?: string }) {
      const { total, rows } = await repo(req).page(query);
      const stats = await repo(req).stats(rows.map((r) => r.notice.id));
      return {
        total,
        page: query.page,
        pageSize: query.pageSize,
        list: rows.map(({ notice: n, authorName }) => {
          const stat = stats.find((s) => s.sourceId === String(n.id));
          return {
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
          };
        }),
      };
    },

    get: readable,

    async addAttachment(req: FastifyRequest, id: number) {
      await editable(req, id, ['draft']);
      if ((await repo(req).attachments(id)).length >= NOTICE_ATTACHMENTS_MAX) {
        throw new AppError(409, 409, 'notices.tooManyAttachments', { max: NOTICE_ATTACHMENTS_MAX });
      }
      const stored = await storeUpload(req, {
        dataDir: app.config.dataDir,
        area: 'files',
        folder: 'notices',
        maxBytes: NOTICE_ATTACHMENT_MAX_BYTES,
        types: ATTACHMENT_TYPES,
      });
      try {
        const row = await repo(req).insertAttachment({
          noticeId: id,
          fileName: stored.name,
          filePath: stored.relative,
          fileType: stored.type,
          fileSize: stored.size,
          uploadedBy: req.auth!.userId,
          createdAt: app.clock.now(),
        });
        const attachment = toAttachment(row);
        req.auditChange = { targetId: id, after: { attachment } };
        return attachment;
      } catch (err) {
        await unlink(filePath(stored.relative)).catch(() => {});
        throw err;
      }
    },

    async removeAttachment(req: FastifyRequest, id: number, attachmentId: number) {
      await editable(req, id, ['draft']);
      const row = await repo(req).attachment(id, attachmentId);
      if (!row) throw notFound();
      await repo(req).removeAttachment(attachmentId);
      req.afterCommit(() => unlink(filePath(row.filePath)).catch(() => {}));
      req.auditChange = { targetId: id, before: { attachment: toAttachment(row) } };
      return null;
    },

    async downloadAttachment(req: FastifyRequest, reply: FastifyReply, id: number, attachmentId: number) {
      await readable(req, id);
      const row = await repo(req).attachment(id, attachmentId);
      const file = row ? filePath(row.filePath) : null;
      if (!row || !file || !(await stat(file).catch(() => null))) throw notFound();
      return reply
        .header('content-type', row.fileType)
        .header('content-length', row.fileSize)
        .header('content-disposition', attachmentDisposition(row.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file));
    },

    async create(req: FastifyRequest, input: NoticeInput) {
      const now = app.clock.now();
      const id = await repo(req).insert({
        title: input.title,
        contentHtml: sanitizeRichText(input.contentHtml, 'contentHtml'),
        level: input.level,
        audience: input.audience,
        sms: input.sms ?? false,
        authorId: req.auth!.userId,
        createdAt: now,
        updatedAt: now,
      });
      const notice = await load(req, id);
      req.auditChange = { targetId: id, after: notice };
      return notice;
    },

    async update(req: FastifyRequest, id: number, input: NoticeInput) {
      await editable(req, id, ['draft']);
      const before = await load(req, id);
      await repo(req).update(id, {
        title: input.title,
        contentHtml: sanitizeRichText(input.contentHtml, 'contentHtml'),
        level: input.level,
        audience: input.audience,
        sms: input.sms ?? false,
        updatedAt: app.clock.now(),
      });
      const after = await load(req, id);
      req.auditChange = { targetId: id, before, after };
      return after;
    },

    async publish(req: FastifyRequest, id: number) {
      const notice = await editable(req, id, ['draft']);
      const audience = notice.audience as NoticeAudience;
      const now = app.clock.now();
      const { recipients, sms } = await sendMessage(
        app,
        req.tx!,
        audience.type === 'all'
          ? { all: true }
          : audience.type === 'roles'
            ? { roles: audience.codes }
            : { departments: audience.ids },
        {
          type: 'notice',
          title: notice.title,
          content: htmlToText(notice.contentHtml),
          messageType: asLevel(notice.level),
          source: 'notice',
          sourceId: String(id),
          sms: notice.sms,
        },
        (fn) => req.afterCommit(fn),
      );
      if (recipients.length === 0) throw businessError(400, 'notices.noRecipients');
      await repo(req).update(id, { status: 'published', publishedAt: now, updatedAt: now });
      const after = await load(req, id);
      req.auditChange = {
        targetId: id,
        before: { status: 'draft' },
        after: { status: 'published', recipients: recipients.length, ...(sms ? { sms } : {}) },
      };
      return { ...after, smsDelivery: sms };
    },

    async withdraw(req: FastifyRequest, id: number) {
      await editable(req, id, ['published']);
      const now = app.clock.now();
      const removed = await repo(req).removeMessages(id);
      await repo(req).update(id, { status: 'withdrawn', withdrawnAt: now, updatedAt: now });
      req.afterCommit(pushUnread(removed.map((r) => r.userId)));
      req.auditChange = { targetId: id, before: { status: 'published' }, after: { status: 'withdrawn' } };
      return load(req, id);
    },

    async remove(req: FastifyRequest, id: number) {
      const before = await editable(req, id, ['draft', 'withdrawn']);
      const files = await repo(req).attachments(id);
      await repo(req).remove(id);
      req.afterCommit(async () => {
        for (const f of files) await unlink(filePath(f.filePath)).catch(() => {});
      });
      req.auditChange = { targetId: id, before: { title: before.title, status: before.status } };
      return null;
    },

    async announcements(req: FastifyRequest, limit: number) {
      const rows = await repo(req).announcements(req.auth!.userId, limit);
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        level: asLevel(r.level),
        publishedAt: (r.publishedAt ?? new Date(0)).toISOString(),
        read: r.status === 1,
        messageId: r.messageId,
      }));
    },
  };
}
