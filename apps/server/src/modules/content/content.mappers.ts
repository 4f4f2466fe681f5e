import type { ContentItem, Locale } from '@water/contracts';
import type { contentItems } from '../../db/schema/index.ts';

export type ContentRow = {
  item: typeof contentItems.$inferSelect;
  categoryCode: string;
  categoryZh: string;
  categoryEn: string;
  authorName: string | null;
};

/** 3463000 → "346.3w+" in Chinese, "3.46M+" in English, as the spec's popular list shows views. */
export function formatClicks(n: number, locale: Locale): string {
  if (locale === 'zh-CN') return n >= 10_000 ? `${(n / 10_000).toFixed(1)}w+` : String(n);
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(2)}M+`;
  if (n >= 1_000) return `${(n / 1_000).toFixed(1)}k+`;
  return String(n);
}

const categoryName = (c: { nameZh: string; nameEn: string }, locale: Locale) =>
  locale === 'en-US' ? c.nameEn : c.nameZh;

export const toContentItem = (row: ContentRow, locale: Locale): ContentItem => {
  const i = row.item;
  return {
    id: i.id,
    type: i.type as ContentItem['type'],
    categoryCode: row.categoryCode,
    categoryName: categoryName({ nameZh: row.categoryZh, nameEn: row.categoryEn }, locale),
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
};

/** A popular item: its views, and their rise over the previous window in per cent. */
export const toPopular = (
  r: { id: number; title: string; viewCount: number; recent: number; previous: number },
  locale: Locale,
) => ({
  key: String(r.id),
  clickNumber: formatClicks(r.viewCount, locale),
  title: r.title,
  // From nothing to something is shown as +100 %: a new favourite, not an infinite rise.
  increases:
    r.previous === 0 ? (r.recent > 0 ? 100 : 0) : Math.round(((r.recent - r.previous) / r.previous) * 1000) / 10,
});

/** Each category's share of the published items, in per cent to one decimal. */
export function toCategoryShare(rows: { code: string; nameZh: string; nameEn: string; n: number }[], locale: Locale) {
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  return rows.map((r) => ({
    code: r.code,
    name: categoryName(r, locale),
    count: r.n,
    percent: total === 0 ? 0 : Math.round((r.n / total) * 1000) / 10,
  }));
}

export const toCategory = (r: { code: string; nameZh: string; nameEn: string }, locale: Locale) => ({
  code: r.code,
  name: categoryName(r, locale),
});
