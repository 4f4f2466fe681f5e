import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { type ContentItem, type Locale, Permissions } from '@water/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { utilityDay } from '../../lib/clock.ts';
import { businessError, notFound } from '../../lib/errors.ts';
import { holdsPermission } from '../../lib/permissions.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { storeUpload } from '../../lib/uploads.ts';
import { createContentRepository } from './content.repository.ts';

const DAY_MS = 86_400_000;

/** 3463000 → "346.3w+" in Chinese, "3.46M+" in English, as the spec's popular list shows views. */
export function formatClicks(n: number, locale: Locale): string {
  if (locale === 'zh-CN') return n >= 10_000 ? `${(n / 10_000).toFixed(1)}w+` : String(n);
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(2)}M+`;
  if (n >= 1_000) return `${(n / 1_000).toFixed(1)}k+`;
  return String(n);
}

const FILE_RULES = {
  image: { max: 5 * 1024 * 1024, types: ['image/png', 'image/jpeg', 'image/webp'] },
  video: { max: 50 * 1024 * 1024, types: ['video/mp4', 'video/webm'] },
} as const;

export function createContentService(app: FastifyInstance) {
  const repo = (req: FastifyRequest) => createContentRepository(req.tx ?? app.db);

  const isEditor = (req: FastifyRequest) => holdsPermission(app.db, req.auth, Permissions.contentWrite);

  async function load(req: FastifyRequest, id: number): Promise<ContentItem> {
    const row = await repo(req).byId(id);
    if (!row) throw notFound();
    const i = row.item;
    return {
      id: i.id,
      type: i.type as ContentItem['type'],
      categoryCode: row.categoryCode,
      categoryName: req.locale === 'en-US' ? row.categoryEn : row.categoryZh,
      title: i.title,
      summary: i.summary,
      bodyHtml: i.bodyHtml,
      fileUrl: i.filePath ? `/uploads/${i.filePath}` : '',
      authorName: row.authorName ?? '',
      status: i.status as ContentItem['status'],
      publishedAt: i.publishedAt?.toISOString() ?? null,
      viewCount: i.viewCount,
      updatedAt: i.updatedAt.toISOString(),
    };
  }

  async function categoryId(req: FastifyRequest, code: string) {
    const category = await repo(req).categoryByCode(code);
    if (!category) throw businessError(400, 'content.unknownCategory');
    return category.id;
  }

  return {
    async contentData() {
      const now = app.clock.now();
      const views = await createContentRepository(app.db).dailyViews(new Date(now.getTime() - 9 * DAY_MS));
      return Array.from({ length: 8 }, (_, i) => {
        const x = utilityDay(new Date(now.getTime() - (7 - i) * DAY_MS));
        return { x, y: views.get(x) ?? 0 };
      });
    },

    async popular(req: FastifyRequest, type: string) {
      const rows = await createContentRepository(app.db).popular(type, app.clock.now(), 7, 5);
      return rows.map((r) => ({
        key: String(r.id),
        clickNumber: formatClicks(r.viewCount, req.locale),
        title: r.title,
        // From nothing to something is shown as +100 %: a new favourite, not an infinite rise.
        increases:
          r.previous === 0 ? (r.recent > 0 ? 100 : 0) : Math.round(((r.recent - r.previous) / r.previous) * 1000) / 10,
      }));
    },

    async categoryShare(req: FastifyRequest) {
      const rows = await createContentRepository(app.db).categoryShare();
      const total = rows.reduce((sum, r) => sum + r.n, 0);
      return rows.map((r) => ({
        code: r.code,
        name: req.locale === 'en-US' ? r.nameEn : r.nameZh,
        count: r.n,
        percent: total === 0 ? 0 : Math.round((r.n / total) * 1000) / 10,
      }));
    },

    async categories(req: FastifyRequest) {
      const rows = await repo(req).categories();
      return rows.map((r) => ({ code: r.code, name: req.locale === 'en-US' ? r.nameEn : r.nameZh }));
    },

    async list(req: FastifyRequest, query: Parameters<ReturnType<typeof createContentRepository>['page']>[0]) {
      // Drafts are the editors' business.
      const filter = (await isEditor(req)) ? query : { ...query, status: 'published' };
      const { total, rows } = await repo(req).page(filter);
      const list = await Promise.all(rows.map((r) => load(req, r.item.id)));
      return { total, page: query.page, pageSize: query.pageSize, list };
    },

    async open(req: FastifyRequest, id: number) {
      const item = await load(req, id);
      if (item.status !== 'published' && !(await isEditor(req))) throw notFound();
      if (item.status === 'published') {
        await app.db.transaction((tx) =>
          createContentRepository(tx).countView(id, req.auth?.userId ?? null, app.clock.now()),
        );
        return { ...item, viewCount: item.viewCount + 1 };
      }
      return item;
    },

    async create(
      req: FastifyRequest,
      input: { type: string; categoryCode: string; title: string; summary: string; bodyHtml: string; status: string },
    ) {
      const now = app.clock.now();
      const id = await repo(req).insert({
        type: input.type,
        categoryId: await categoryId(req, input.categoryCode),
        title: input.title,
        summary: input.summary,
        bodyHtml: input.type === 'text' ? sanitizeRichText(input.bodyHtml, 'bodyHtml') : '',
        authorId: req.auth!.userId,
        status: input.status,
        publishedAt: input.status === 'published' ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      const item = await load(req, id);
      req.auditChange = { targetId: id, after: item };
      return item;
    },

    async update(
      req: FastifyRequest,
      id: number,
      input: { type: string; categoryCode: string; title: string; summary: string; bodyHtml: string; status: string },
    ) {
      const before = await load(req, id);
      if (before.type !== input.type) throw businessError(400, 'content.typeFixed');
      const now = app.clock.now();
      await repo(req).update(id, {
        categoryId: await categoryId(req, input.categoryCode),
        title: input.title,
        summary: input.summary,
        bodyHtml: input.type === 'text' ? sanitizeRichText(input.bodyHtml, 'bodyHtml') : '',
        status: input.status,
        publishedAt: input.status === 'published' ? (before.publishedAt ? new Date(before.publishedAt) : now) : null,
        updatedAt: now,
      });
      const after = await load(req, id);
      req.auditChange = { targetId: id, before, after };
      return after;
    },

    async remove(req: FastifyRequest, id: number) {
      const before = await load(req, id);
      await repo(req).remove(id);
      if (before.fileUrl) {
        const file = path.join(app.config.dataDir, before.fileUrl.replace(/^\/+/, ''));
        req.afterCommit(() => unlink(file).catch(() => {}));
      }
      req.auditChange = { targetId: id, before };
      return null;
    },

    async upload(req: FastifyRequest, id: number) {
      const before = await load(req, id);
      if (before.type === 'text') throw businessError(400, 'content.noFileForText');
      const rule = FILE_RULES[before.type];
      const stored = await storeUpload(req, {
        dataDir: app.config.dataDir,
        folder: 'content',
        maxBytes: rule.max,
        types: rule.types,
      });
      await repo(req).update(id, {
        filePath: stored.relative,
        fileType: stored.type,
        fileSize: stored.size,
        updatedAt: app.clock.now(),
      });
      const after = await load(req, id);
      // The replaced file goes once the new one is on record.
      if (before.fileUrl) {
        const old = path.join(app.config.dataDir, before.fileUrl.replace(/^\/+/, ''));
        req.afterCommit(() => unlink(old).catch(() => {}));
      }
      req.auditChange = {
        targetId: id,
        before: { fileUrl: before.fileUrl },
        after: { fileUrl: after.fileUrl, size: stored.size },
      };
      return after;
    },
  };
}
