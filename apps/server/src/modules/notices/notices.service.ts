import { createReadStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  NOTICE_ATTACHMENT_MAX_BYTES,
  NOTICE_ATTACHMENTS_MAX,
  type Notice,
  type NoticeAudience,
  type NoticeInput,
  Permissions,
} from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { Context, RouteContext } from '../../lib/context.ts';
import { attachmentDisposition } from '../../lib/downloads.ts';
import { AppError, businessError, notFound } from '../../lib/errors.ts';
import type { IncomingFile } from '../../lib/incoming-file.ts';
import { holdsPermission } from '../../lib/permissions.ts';
import { htmlToText, sanitizeRichText } from '../../lib/sanitize.ts';
import { pushUnread, sendMessage } from '../messages/send-message.ts';
import { asLevel, toAttachment } from './notices.mappers.ts';
import { createNoticesRepository } from './notices.repository.ts';

const ATTACHMENT_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'image/png',
  'image/jpeg',
  'image/webp',
];

export function createNoticesService(app: FastifyInstance) {
  const repo = (ctx: Context) => createNoticesRepository(ctx.db);

  async function load(ctx: Context, id: number): Promise<Notice> {
    const notice = await repo(ctx).get(id);
    if (!notice) throw notFound();
    return notice;
  }

  const filePath = (relative: string) => path.join(app.config.dataDir, 'files', relative);

  /** Notice managers see any notice; everyone else only a published one that reached them. */
  async function readable(ctx: Context, id: number): Promise<Notice> {
    const auth = ctx.auth!;
    if (await holdsPermission(app.db, auth, Permissions.noticeWrite)) return load(ctx, id);
    const notice = await load(ctx, id).catch(() => null);
    if (notice?.status !== 'published' || !(await repo(ctx).reached(id, auth.userId))) throw notFound();
    return notice;
  }

  async function editable(ctx: Context, id: number, allowed: string[]) {
    const row = await repo(ctx).byId(id);
    if (!row) throw notFound();
    if (!allowed.includes(row.notice.status)) throw new AppError(409, 409, 'notices.wrongState');
    return row.notice;
  }

  return {
    async list(ctx: Context, query: { page: number; pageSize: number; status?: string; keyword?: string }) {
      const { total, list } = await repo(ctx).list(query);
      return { total, page: query.page, pageSize: query.pageSize, list };
    },

    get: readable,

    async addAttachment(ctx: Context, id: number, file: IncomingFile) {
      await editable(ctx, id, ['draft']);
      if ((await repo(ctx).attachments(id)).length >= NOTICE_ATTACHMENTS_MAX) {
        throw new AppError(409, 409, 'notices.tooManyAttachments', { max: NOTICE_ATTACHMENTS_MAX });
      }
      const stored = await file.store({
        dataDir: app.config.dataDir,
        area: 'files',
        folder: 'notices',
        maxBytes: NOTICE_ATTACHMENT_MAX_BYTES,
        types: ATTACHMENT_TYPES,
      });
      try {
        const row = await repo(ctx).insertAttachment({
          noticeId: id,
          fileName: stored.name,
          filePath: stored.relative,
          fileType: stored.type,
          fileSize: stored.size,
          uploadedBy: ctx.auth!.userId,
          createdAt: app.clock.now(),
        });
        const attachment = toAttachment(row);
        ctx.audit({ targetId: id, after: { attachment } });
        return attachment;
      } catch (err) {
        await unlink(filePath(stored.relative)).catch(() => {});
        throw err;
      }
    },

    async removeAttachment(ctx: Context, id: number, attachmentId: number) {
      await editable(ctx, id, ['draft']);
      const row = await repo(ctx).attachment(id, attachmentId);
      if (!row) throw notFound();
      await repo(ctx).removeAttachment(attachmentId);
      ctx.afterCommit(() => unlink(filePath(row.filePath)).catch(() => {}));
      ctx.audit({ targetId: id, before: { attachment: toAttachment(row) } });
      return null;
    },

    async downloadAttachment(ctx: RouteContext, id: number, attachmentId: number) {
      await readable(ctx, id);
      const row = await repo(ctx).attachment(id, attachmentId);
      const file = row ? filePath(row.filePath) : null;
      if (!row || !file || !(await stat(file).catch(() => null))) throw notFound();
      return ctx.reply
        .header('content-type', row.fileType)
        .header('content-length', row.fileSize)
        .header('content-disposition', attachmentDisposition(row.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file));
    },

    async create(ctx: Context, input: NoticeInput) {
      const now = app.clock.now();
      const id = await repo(ctx).insert({
        title: input.title,
        contentHtml: sanitizeRichText(input.contentHtml, 'contentHtml'),
        level: input.level,
        audience: input.audience,
        sms: input.sms ?? false,
        authorId: ctx.auth!.userId,
        createdAt: now,
        updatedAt: now,
      });
      const notice = await load(ctx, id);
      ctx.audit({ targetId: id, after: notice });
      return notice;
    },

    async update(ctx: Context, id: number, input: NoticeInput) {
      await editable(ctx, id, ['draft']);
      const before = await load(ctx, id);
      await repo(ctx).update(id, {
        title: input.title,
        contentHtml: sanitizeRichText(input.contentHtml, 'contentHtml'),
        level: input.level,
        audience: input.audience,
        sms: input.sms ?? false,
        updatedAt: app.clock.now(),
      });
      const after = await load(ctx, id);
      ctx.audit({ targetId: id, before, after });
      return after;
    },

    async publish(ctx: Context, id: number) {
      const notice = await editable(ctx, id, ['draft']);
      const audience = notice.audience as NoticeAudience;
      const now = app.clock.now();
      const { recipients, sms } = await sendMessage(
        app,
        ctx.db,
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
        (fn) => ctx.afterCommit(fn),
      );
      if (recipients.length === 0) throw businessError(400, 'notices.noRecipients');
      await repo(ctx).update(id, { status: 'published', publishedAt: now, updatedAt: now });
      const after = await load(ctx, id);
      ctx.audit({
        targetId: id,
        before: { status: 'draft' },
        after: { status: 'published', recipients: recipients.length, ...(sms ? { sms } : {}) },
      });
      return { ...after, smsDelivery: sms };
    },

    async withdraw(ctx: Context, id: number) {
      await editable(ctx, id, ['published']);
      const now = app.clock.now();
      const removed = await repo(ctx).removeMessages(id);
      await repo(ctx).update(id, { status: 'withdrawn', withdrawnAt: now, updatedAt: now });
      ctx.afterCommit(
        pushUnread(
          app,
          removed.map((r) => r.userId),
        ),
      );
      ctx.audit({ targetId: id, before: { status: 'published' }, after: { status: 'withdrawn' } });
      return load(ctx, id);
    },

    async remove(ctx: Context, id: number) {
      const before = await editable(ctx, id, ['draft', 'withdrawn']);
      const files = await repo(ctx).attachments(id);
      await repo(ctx).remove(id);
      ctx.afterCommit(async () => {
        for (const f of files) await unlink(filePath(f.filePath)).catch(() => {});
      });
      ctx.audit({ targetId: id, before: { title: before.title, status: before.status } });
      return null;
    },

    announcements: (ctx: Context, limit: number) => repo(ctx).announcements(ctx.auth!.userId, limit),
  };
}
