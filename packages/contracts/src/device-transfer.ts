import { z } from 'zod';
import { endpoint } from './common/endpoint.ts';
import { deviceListQuerySchema } from './devices.ts';

const tags = ['devices'] as const;

/** Rows one device import may carry, and the largest file it may be. */
export const DEVICE_IMPORT_MAX_ROWS = 2000;
export const DEVICE_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const DEVICE_TRANSFER_FORMATS = ['xlsx', 'csv'] as const;
export type DeviceTransferFormat = (typeof DEVICE_TRANSFER_FORMATS)[number];

/** The device list's filters without paging, and the file format. */
export const deviceExportQuerySchema = deviceListQuerySchema.omit({ page: true, pageSize: true }).extend({
  format: z.enum(DEVICE_TRANSFER_FORMATS).default('xlsx'),
});

export const deviceImportReportSchema = z.object({
  created: z.number().int(),
  failed: z.array(
    z.object({
      row: z.number().int().describe('row number in the file, header = 1'),
      code: z.string(),
      reasons: z.array(z.string()).describe('in the caller language'),
    }),
  ),
  note: z.string().describe('imported devices have no ingest secret yet: "rotate secret" issues one'),
});
export type DeviceImportReport = z.infer<typeof deviceImportReportSchema>;

export const deviceTransferApi = {
  export: endpoint({
    method: 'GET',
    path: '/devices/export',
    summary: 'The filtered devices as an XLSX workbook or a CSV file (UTF-8 with BOM)',
    tags,
    query: deviceExportQuerySchema,
    data: z.unknown().describe('the file'),
    download: true,
  }),
  importTemplate: endpoint({
    method: 'GET',
    path: '/devices/import-template',
    summary: 'An XLSX sheet with the import columns in the caller language and one example row',
    tags,
    data: z.unknown().describe('the workbook'),
    download: true,
  }),
  import: endpoint({
    method: 'POST',
    path: '/devices/import',
    summary:
      'Register devices from an XLSX sheet or a UTF-8 CSV file: good rows are created, bad rows reported and not written',
    tags,
    data: deviceImportReportSchema,
    upload: true,
  }),
} as const;
