import type { FastifyReply } from 'fastify';
import { readSheet } from 'read-excel-file/node';
import writeExcelFile from 'write-excel-file/node';
import { UTILITY_OFFSET_MS } from './clock.ts';
import { sendAttachment } from './downloads.ts';
import { XLSX_TYPE } from './uploads.ts';

export type CellValue = string | number | boolean | Date | null;

// Spreadsheet times have no zone: they are written as the utility's wall clock.
const wallClock = (value: Exclude<CellValue, null>) =>
  value instanceof Date ? new Date(value.getTime() + UTILITY_OFFSET_MS) : value;

/** Sends one sheet as an XLSX download: a bold header row, then the rows (times to the minute unless `dateFormat` says). */
export async function sendXlsx(
  reply: FastifyReply,
  fileName: string,
  header: string[],
  rows: CellValue[][],
  options: { dateFormat?: string } = {},
) {
  const data = [
    header.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...rows.map((row) => row.map((value) => (value === null ? null : { value: wallClock(value) }))),
  ];
  const buffer = await writeExcelFile(
    data as never,
    {
      columns: header.map(() => ({ width: 18 })),
      dateFormat: options.dateFormat ?? 'yyyy-mm-dd hh:mm',
    } as never,
  ).toBuffer();
  return sendAttachment(reply, XLSX_TYPE, fileName, buffer);
}

/** The first sheet of a workbook as rows of trimmed text ('' for an empty cell). */
export async function readXlsxRows(buffer: Buffer): Promise<string[][]> {
  const rows = (await readSheet(buffer)) as unknown[][];
  return rows.map((row) =>
    row.map((cell) => {
      if (cell === null || cell === undefined) return '';
      if (cell instanceof Date) return cell.toISOString();
      return String(cell).trim();
    }),
  );
}
