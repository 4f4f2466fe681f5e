import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { type ContentItem, Permissions } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { utilityDay } from '../../lib/clock.ts';
import type { Context } from '../../lib/context.ts';
import { businessError, notFound } from '../../lib/errors.ts';
import type { IncomingFile } from '../../lib/incoming-file.ts';
import { holdsPermission } from '../../lib/permissions.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { createContentRepository } from './content.repository.ts';

const DAY_MS = 86_400_000;

// The popular list's view counts are the mappers'; the tests reach the format here.
export { formatClicks } from './content.mappers.ts';

const FILE_RULES = {
  image: { max: 5 * 1024 * 1024, types: ['image/png', 'image/jpeg', 'image/webp'] },
  video: { max: 50 * 1024 * 1024, types: ['video/mp4', 'video/webm'] },
} as const;

export function createContentService(app: FastifyInstance) {
  const repo = (ctx: Context) => createContentRepository(ctx.db);

  const isEditor = (ctx: Context) => holdsPermission(app.db, ctx.auth, Permissions.contentWrite);

  async function load(ctx: Context, id: number): Promise<ContentItem> {
    const item = await repo(ctx).get(id, ctx.locale);
    if (!item) throw notFound();
    return item;
  }

  async function categoryId(ctx: Context, code: string) {
    const category = await repo(ctx).categoryByCode(code);
    if (!category) throw businessError(400, 'content.unknownCategory');
    return category.id;
  }

  return {
    async contentData(ctx: Context) {
      const now = app.clock.now();
      const views = await repo(ctx).dailyViews(new Date(now.getTime() - 9 * DAY_MS));
      return Array.from({ length: 8 }, (_, i) => {
        const x = utilityDay(new Date(now.getTime() - (7 - i) * DAY_MS));
        return { x, y: views.get(x) ?? 0 };
      });
    },

    popular: (ctx: Context, type: string) => repo(ctx).popular(type, app.clock.now(), 7, 5, ctx.locale),

    categoryShare: (ctx: Context) => repo(ctx).categoryShare(ctx.locale),

    categories: (ctx: Context) => repo(ctx).categories(ctx.locale),

    async list(ctx: Context, query: Parameters<ReturnType<typeof createContentRepository>['page']>[0]) {
      // Drafts are the editors' business.
      const filter = (await isEditor(ctx)) ? query : { ...query, status: 'published' };
      const { total, list } = await repo(ctx).page(filter, ctx.locale);
      return { total, page: query.page, pageSize: query.pageSize, list };
    },

    async open(ctx: Context, id: number) {
      const item = await load(ctx, id);
      if (item.status !== 'published' && !(await isEditor(ctx))) throw notFound();
      if (item.status === 'published') {
        await app.db.transaction((tx) =>
          createContentRepository(tx).countView(id, ctx.auth?.userId ?? null, app.clock.now()),
        );
        return { ...item, viewCount: item.viewCount + 1 };
      }
      return item;
    },

    async create(
      ctx: Context,
      input: { type: string; categoryCode: string; title: string; summary: string; bodyHtml: string; status: string },
    ) {
      const now = app.clock.now();
      const id = await repo(ctx).insert({
        type: input.type,
        categoryId: await categoryId(ctx, input.categoryCode),
        title: input.title,
        summary: input.summary,
        bodyHtml: input.type === 'text' ? sanitizeRichText(input.bodyHtml, 'bodyHtml') : '',
        authorId: ctx.auth!.userId,
        status: input.status,
        publishedAt: input.status === 'published' ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      const item = await load(ctx, id);
      ctx.audit({ targetId: id, after: item });
      return item;
    },

    async update(
      ctx: Context,
      id: number,
      input: { type: string; categoryCode: string; title: string; summary: string; bodyHtml: string; status: string },
    ) {
      const before = await load(ctx, id);
      if (before.type !== input.type) throw businessError(400, 'content.typeFixed');
      const now = app.clock.now();
      await repo(ctx).update(id, {
        categoryId: await categoryId(ctx, input.categoryCode),
        title: input.title,
        summary: input.summary,
        bodyHtml: input.type === 'text' ? sanitizeRichText(input.bodyHtml, 'bodyHtml') : '',
        status: input.status,
        publishedAt: input.status === 'published' ? (before.publishedAt ? new Date(before.publishedAt) : now) : null,
        updatedAt: now,
      });
      const after = await load(ctx, id);
      ctx.audit({ targetId: id, before, after });
      return after;
    },

    async remove(ctx: Context, id: number) {
      const before = await load(ctx, id);
      await repo(ctx).remove(id);
      if (before.fileUrl) {
        const file = path.join(app.config.dataDir, before.fileUrl.replace(/^\/+/, ''));
        ctx.afterCommit(() => unlink(file).catch(() => {}));
      }
      ctx.audit({ targetId: id, before });
      return null;
    },

    async upload(ctx: Context, id: number, file: IncomingFile) {
      const before = await load(ctx, id);
      if (before.type === 'text') throw businessError(400, 'content.noFileForText');
      const rule = FILE_RULES[before.type];
      const stored = await file.store({
        dataDir: app.config.dataDir,
        folder: 'content',
        maxBytes: rule.max,
        types: rule.types,
      });
      await repo(ctx).update(id, {
        filePath: stored.relative,
        fileType: stored.type,
        fileSize: stored.size,
        updatedAt: app.clock.now(),
      });
      const after = await load(ctx, id);
      // The replaced file goes once the new one is on record.
      if (before.fileUrl) {
        const old = path.join(app.config.dataDir, before.fileUrl.replace(/^\/+/, ''));
        ctx.afterCommit(() => unlink(old).catch(() => {}));
      }
      ctx.audit({
        targetId: id,
        before: { fileUrl: before.fileUrl },
        after: { fileUrl: after.fileUrl, size: stored.size },
      });
      return after;
    },
  };
}
