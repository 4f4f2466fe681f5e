import { z } from 'zod';
import { idParamsSchema } from './account.ts';
import { endpoint } from './common/endpoint.ts';
import { pageOf, pageQuerySchema } from './common/pagination.ts';
import { idSchema, plainText, text } from './common/validation.ts';

const tags = ['notices'] as const;

export const NOTICE_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export const AUDIENCE_TYPES = ['all', 'departments', 'roles'] as const;
/** Largest notice body accepted, characters of HTML. */
export const NOTICE_CONTENT_MAX = 100_000;

export const audienceSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('all') }),
  z.object({ type: z.literal('departments'), ids: z.array(z.number().int().positive()).min(1).max(200) }),
  z.object({ type: z.literal('roles'), codes: z.array(text(64).min(1)).min(1).max(50) }),
]);
export type NoticeAudience = z.infer<typeof audienceSchema>;

export const noticeInputSchema = z.object({
  title: plainText(100).min(1, { error: 'validation.required' }),
  contentHtml: z.string().max(NOTICE_CONTENT_MAX, { error: 'validation.tooLong' }),
  level: z.union([z.literal(0), z.literal(1), z.literal(3)]).default(0),
  audience: audienceSchema,
  sms: z
    .boolean()
    .optional()
    .describe('publishing also sends each recipient with a phone an SMS, charged per SMS; absent is false'),
});
export type NoticeInput = z.infer<typeof noticeInputSchema>;

/** What a notice may carry: documents and pictures, sniffed by the server. */
export const NOTICE_ATTACHMENT_EXTENSIONS = ['pdf', 'docx', 'xlsx', 'png', 'jpg', 'jpeg', 'webp'] as const;
export const NOTICE_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const NOTICE_ATTACHMENTS_MAX = 10;

export const noticeAttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('the name it was uploaded with'),
  type: z.string().describe('content type, read from the bytes'),
  size: z.number().int().describe('bytes'),
  createdAt: z.string(),
});
export type NoticeAttachment = z.infer<typeof noticeAttachmentSchema>;

export const attachmentParamsSchema = z.object({
  id: idSchema,
  attachmentId: idSchema,
});

export const noticeSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  level: z.union([z.literal(0), z.literal(1), z.literal(3)]),
  status: z.enum(NOTICE_STATUSES),
  audience: audienceSchema,
  authorName: z.string(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  recipients: z.number().int().describe('users it was delivered to'),
  reads: z.number().int().describe('of those, how many have read it'),
});
export const noticeSchema = noticeSummarySchema.extend({
  contentHtml: z.string().describe('sanitised HTML'),
  sms: z.boolean().describe('also sent by SMS when published'),
  attachments: z.array(noticeAttachmentSchema),
});
export type Notice = z.infer<typeof noticeSchema>;

/** What publishing did: the notice, and how its SMS copies fared (null when it is console-only). */
export const publishResultSchema = noticeSchema.extend({
  smsDelivery: z
    .object({
      queued: z.number().int().describe('SMS queued for the gateway and charged'),
      failed: z.number().int().describe('recipients the balance could not pay for (recorded as failed)'),
      skipped: z.number().int().describe('recipients without a phone'),
    })
    .nullable(),
});
export type PublishResult = z.infer<typeof publishResultSchema>;

export const noticeListQuerySchema = pageQuerySchema.extend({
  status: z.enum(NOTICE_STATUSES).optional(),
  keyword: text(50).optional(),
});

export const announcementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  level: z.union([z.literal(0), z.literal(1), z.literal(3)]),
  publishedAt: z.string(),
  read: z.boolean(),
  messageId: z.number().int().describe('the notice message in the user’s box: opening the notice marks it read'),
});

export const noticesApi = {
  list: endpoint({
    method: 'GET',
    path: '/notices',
    summary: 'Notices, newest first (notice managers)',
    tags,
    query: noticeListQuerySchema,
    data: pageOf(noticeSummarySchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/notices/:id',
    summary: 'One notice: for notice managers, or for a user it reached',
    tags,
    params: idParamsSchema,
    data: noticeSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/notices',
    summary: 'Create a draft notice (the HTML is sanitised)',
    tags,
    body: noticeInputSchema,
    data: noticeSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/notices/:id',
    summary: 'Edit a draft notice',
    tags,
    params: idParamsSchema,
    body: noticeInputSchema,
    data: noticeSchema,
  }),
  publish: endpoint({
    method: 'POST',
    path: '/notices/:id/publish',
    summary:
      'Publish: a notice message to every user in the audience, in one transaction, and an SMS to each with a phone when the notice asks for it',
    tags,
    params: idParamsSchema,
    data: publishResultSchema,
  }),
  withdraw: endpoint({
    method: 'POST',
    path: '/notices/:id/withdraw',
    summary: 'Withdraw a published notice; its messages leave the recipients’ boxes',
    tags,
    params: idParamsSchema,
    data: noticeSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/notices/:id',
    summary: 'Delete a draft or withdrawn notice',
    tags,
    params: idParamsSchema,
    data: z.null(),
  }),
  addAttachment: endpoint({
    method: 'POST',
    path: '/notices/:id/attachments',
    summary: 'Attach a file to a draft (multipart, one file: PDF, DOCX, XLSX, PNG, JPEG or WebP ≤ 10 MiB; at most 10)',
    tags,
    params: idParamsSchema,
    data: noticeAttachmentSchema,
    upload: true,
  }),
  removeAttachment: endpoint({
    method: 'DELETE',
    path: '/notices/:id/attachments/:attachmentId',
    summary: 'Remove an attachment from a draft',
    tags,
    params: attachmentParamsSchema,
    data: z.null(),
  }),
  downloadAttachment: endpoint({
    method: 'GET',
    path: '/notices/:id/attachments/:attachmentId',
    summary: 'Download an attachment: for notice managers, or for a user the published notice reached',
    tags,
    params: attachmentParamsSchema,
    data: z.unknown().describe('the file'),
    download: true,
  }),
  announcements: endpoint({
    method: 'GET',
    path: '/notices/announcements',
    summary: 'The latest published notices that reached the signed-in user (Workplace)',
    tags,
    query: z.object({ limit: z.coerce.number().int().min(1).max(20).default(5) }),
    data: z.array(announcementSchema),
  }),
} as const;
