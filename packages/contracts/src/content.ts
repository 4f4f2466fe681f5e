import { z } from 'zod';
import { idParamsSchema } from './account.ts';
import { endpoint } from './common/endpoint.ts';
import { pageOf, pageQuerySchema } from './common/pagination.ts';
import { plainText, text } from './common/validation.ts';

const tags = ['content'] as const;

export const CONTENT_TYPES = ['text', 'image', 'video'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export const CONTENT_STATUSES = ['draft', 'published'] as const;

export const contentPointSchema = z.object({
  x: z.string().describe('date YYYY-MM-DD (Asia/Shanghai)'),
  y: z.number().int().describe('content views that day'),
});

export const popularItemSchema = z.object({
  key: z.string(),
  clickNumber: z.string().describe('views as display text in the caller language: 346.3w+ / 3.46M+'),
  title: z.string(),
  increases: z.number().describe('views of the last 7 days against the 7 before, percent'),
});

export const categoryShareSchema = z.object({
  code: z.string(),
  name: z.string(),
  count: z.number().int(),
  percent: z.number().describe('share of published items, 0–100, one decimal'),
});

export const contentCategorySchema = z.object({
  code: z.string(),
  name: z.string().describe('in the caller language'),
});

export const contentItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(CONTENT_TYPES),
  categoryCode: z.string(),
  categoryName: z.string(),
  title: z.string(),
  summary: z.string(),
  bodyHtml: z.string().describe('sanitised; text items'),
  fileUrl: z.string().describe('image or video; empty when none'),
  authorName: z.string(),
  status: z.enum(CONTENT_STATUSES),
  publishedAt: z.string().nullable(),
  viewCount: z.number().int(),
  updatedAt: z.string(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

export const contentListQuerySchema = pageQuerySchema.extend({
  type: z.enum(CONTENT_TYPES).optional(),
  status: z.enum(CONTENT_STATUSES).optional(),
  category: text(40).optional(),
  keyword: text(50).optional(),
});

export const contentInputSchema = z.object({
  type: z.enum(CONTENT_TYPES),
  categoryCode: text(40).min(1, { error: 'validation.required' }),
  title: plainText(100).min(1, { error: 'validation.required' }),
  summary: plainText(300).default(''),
  bodyHtml: z.string().max(200_000, { error: 'validation.tooLong' }).default(''),
  status: z.enum(CONTENT_STATUSES).default('draft'),
});

export const contentApi = {
  contentData: endpoint({
    method: 'GET',
    path: '/content-data',
    summary: 'Daily content views over the last 8 days (8 points)',
    tags,
    data: z.array(contentPointSchema),
  }),
  popular: endpoint({
    method: 'GET',
    path: '/popular/list',
    summary: 'The 5 most viewed published items of a type',
    tags,
    query: z.object({ type: z.enum(CONTENT_TYPES).default('text') }),
    data: z.array(popularItemSchema),
  }),
  categoryShare: endpoint({
    method: 'GET',
    path: '/content/category-share',
    summary: 'Published content by category (the Workplace donut)',
    tags,
    data: z.array(categoryShareSchema),
  }),
  categories: endpoint({
    method: 'GET',
    path: '/content/categories',
    summary: 'Content categories, in their display order',
    tags,
    data: z.array(contentCategorySchema),
  }),
  list: endpoint({
    method: 'GET',
    path: '/content',
    summary: 'Content items; drafts only for content editors',
    tags,
    query: contentListQuerySchema,
    data: pageOf(contentItemSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/content/:id',
    summary: 'Open an item: counts a view',
    tags,
    params: idParamsSchema,
    data: contentItemSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/content',
    summary: 'Create an item (text: sanitised HTML; image/video: upload the file next)',
    tags,
    body: contentInputSchema,
    data: contentItemSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/content/:id',
    summary: 'Edit an item, publish or unpublish it',
    tags,
    params: idParamsSchema,
    body: contentInputSchema,
    data: contentItemSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/content/:id',
    summary: 'Delete an item',
    tags,
    params: idParamsSchema,
    data: z.null(),
  }),
  upload: endpoint({
    method: 'POST',
    path: '/content/:id/file',
    summary: 'Upload the file of an image (PNG, JPEG, WebP ≤ 5 MiB) or video (MP4, WebM ≤ 50 MiB) item',
    tags,
    params: idParamsSchema,
    data: contentItemSchema,
    upload: true,
  }),
} as const;
