import { z } from 'zod';
import { idParamsSchema } from './account.ts';
import { endpoint } from './common/endpoint.ts';
import { pageOf, pageQuerySchema } from './common/pagination.ts';
import { idSchema, plainText, text } from './common/validation.ts';
import { isoDate } from './devices.ts';
import { attachmentParamsSchema } from './notices.ts';

const tags = ['device-archives'] as const;

/** A device's life, in the order it usually happens. */
export const ARCHIVE_KINDS = [
  'installation',
  'commissioning',
  'calibration',
  'inspection',
  'repair',
  'part_replacement',
  'relocation',
  'scrapping',
] as const;
export type ArchiveKind = (typeof ARCHIVE_KINDS)[number];

/** What an entry may carry: photos and PDFs, told by their bytes on the server. */
export const ARCHIVE_ATTACHMENT_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'pdf'] as const;
export const ARCHIVE_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ARCHIVE_ATTACHMENTS_MAX = 10;
/** The window of the due lists and of the Workplace's renewal figure, days. */
export const ARCHIVE_DUE_DAYS_DEFAULT = 30;

export const archiveAttachmentSchema = z.object({
  id: z.number().int(),
  fileName: z.string().describe('the name it was uploaded with'),
  fileType: z.string().describe('content type, read from the bytes'),
  fileSize: z.number().int().describe('bytes'),
});
export type ArchiveAttachment = z.infer<typeof archiveAttachmentSchema>;

export const archiveEntrySchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceCode: z.string(),
  deviceName: z.string(),
  typeName: z.string().describe('in the caller language'),
  regionName: z.string(),
  deviceArchived: z.boolean().describe('the device is out of service: its entries are read-only'),
  kind: z.enum(ARCHIVE_KINDS),
  date: z.string().describe('YYYY-MM-DD, the day the work was done'),
  performedBy: z.string(),
  description: z.string(),
  nextDue: z.string().nullable().describe('calibrations: when the next one is due'),
  attachments: z.array(archiveAttachmentSchema),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type ArchiveEntry = z.infer<typeof archiveEntrySchema>;

export const archiveEntryInputSchema = z
  .object({
    deviceId: z.number().int().positive(),
    kind: z.enum(ARCHIVE_KINDS),
    date: isoDate,
    performedBy: plainText(60).min(1, { error: 'validation.required' }),
    description: plainText(2000).default(''),
    nextDue: isoDate.nullable().default(null),
  })
  // Scrapping is the device's archive action (final): it writes that entry itself.
  .refine((e) => e.kind !== 'scrapping', { error: 'validation.scrapViaArchive', path: ['kind'] })
  .refine((e) => e.nextDue === null || e.kind === 'calibration', {
    error: 'validation.nextDueCalibrationOnly',
    path: ['nextDue'],
  })
  .refine((e) => e.nextDue === null || e.nextDue > e.date, {
    error: 'validation.nextDueAfterDate',
    path: ['nextDue'],
  });
export type ArchiveEntryInput = z.input<typeof archiveEntryInputSchema>;

export const archiveListQuerySchema = pageQuerySchema.extend({
  deviceId: idSchema.optional(),
  kind: z.enum(ARCHIVE_KINDS).optional(),
  regionId: idSchema.optional().describe('the device’s region: this one and every one below'),
  keyword: text(50).optional().describe('device code or name'),
  from: isoDate.optional().describe('entries on or after this day'),
  to: isoDate.optional().describe('entries on or before this day'),
});

const dueQuerySchema = z.object({
  withinDays: z.coerce.number().int().min(0).max(366).default(ARCHIVE_DUE_DAYS_DEFAULT),
  regionId: idSchema.optional().describe('this region and every one below'),
});

const dueDeviceSchema = z.object({
  deviceId: z.number().int(),
  deviceCode: z.string(),
  deviceName: z.string(),
  typeName: z.string(),
  regionName: z.string(),
});

export const dueCalibrationSchema = dueDeviceSchema.extend({
  entryId: z.number().int().describe('the latest calibration'),
  calibratedOn: z.string(),
  nextDue: z.string(),
  daysLeft: z.number().int().describe('negative when overdue'),
});
export type DueCalibration = z.infer<typeof dueCalibrationSchema>;

export const endingWarrantySchema = dueDeviceSchema.extend({
  warrantyEnd: z.string().nullable(),
  serviceEnd: z.string().nullable().describe('the service contract'),
  endsOn: z.string().describe('the first of the two that falls in the window'),
  daysLeft: z.number().int(),
});
export type EndingWarranty = z.infer<typeof endingWarrantySchema>;

export const deviceArchivesApi = {
  list: endpoint({
    method: 'GET',
    path: '/device-archives',
    summary: 'Archive entries, newest first: filter by device, kind, region (and below), device keyword, dates',
    tags,
    query: archiveListQuerySchema,
    data: pageOf(archiveEntrySchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/device-archives',
    summary: 'Add an entry to a device in service',
    tags,
    body: archiveEntryInputSchema,
    data: archiveEntrySchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/device-archives/:id',
    summary: 'Edit an entry of a device in service',
    tags,
    params: idParamsSchema,
    body: archiveEntryInputSchema,
    data: archiveEntrySchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/device-archives/:id',
    summary: 'Delete an entry and its files',
    tags,
    params: idParamsSchema,
    data: z.null(),
  }),
  addAttachment: endpoint({
    method: 'POST',
    path: '/device-archives/:id/attachments',
    summary: 'Attach a photo or PDF (multipart, one file: PNG, JPEG, WebP or PDF ≤ 10 MiB; at most 10 an entry)',
    tags,
    params: idParamsSchema,
    data: archiveAttachmentSchema,
    upload: true,
  }),
  removeAttachment: endpoint({
    method: 'DELETE',
    path: '/device-archives/:id/attachments/:attachmentId',
    summary: 'Remove an attachment',
    tags,
    params: attachmentParamsSchema,
    data: z.null(),
  }),
  downloadAttachment: endpoint({
    method: 'GET',
    path: '/device-archives/:id/attachments/:attachmentId',
    summary: 'Download an attachment (any signed-in user)',
    tags,
    params: attachmentParamsSchema,
    data: z.unknown().describe('the file'),
    download: true,
  }),
  dueCalibrations: endpoint({
    method: 'GET',
    path: '/device-archives/due-calibrations',
    summary: 'Devices in service whose latest calibration falls due within N days, overdue ones included',
    tags,
    query: dueQuerySchema,
    data: z.array(dueCalibrationSchema),
  }),
  endingWarranties: endpoint({
    method: 'GET',
    path: '/device-archives/ending-warranties',
    summary: 'Devices in service whose warranty or service contract ends within N days (the Workplace’s renewals)',
    tags,
    query: dueQuerySchema,
    data: z.array(endingWarrantySchema),
  }),
} as const;
