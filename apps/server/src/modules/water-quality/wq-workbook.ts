import type { FastifyReply } from 'fastify';
import writeExcelFile from 'write-excel-file/node';
import { UTILITY_OFFSET_MS } from '../../lib/clock.ts';
import { sendAttachment } from '../../lib/downloads.ts';
import { XLSX_TYPE } from '../../lib/uploads.ts';
import type { CellValue } from '../../lib/xlsx.ts';

export interface WorkbookSheet {
  name: string;
  header: string[];
  rows: CellValue[][];
}

/**
 * Sends several sheets as one XLSX download, each as lib/xlsx's sendXlsx writes one: a bold header
 * row, times on the utility's wall clock (spreadsheet times have no zone) to the minute.
 */
export async function sendWorkbook(reply: FastifyReply, fileName: string, sheets: WorkbookSheet[]) {
  const cell = (value: CellValue) =>
    value === null ? null : { value: value instanceof Date ? new Date(value.getTime() + UTILITY_OFFSET_MS) : value };
  const buffer = await writeExcelFile(
    sheets.map((s) => ({
      // Excel refuses a sheet name over 31 characters or holding : \ / ? * [ ].
      sheet: s.name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31),
      data: [s.header.map((value) => ({ value, fontWeight: 'bold' as const })), ...s.rows.map((row) => row.map(cell))],
      columns: s.header.map(() => ({ width: 18 })),
      dateFormat: 'yyyy-mm-dd hh:mm',
    })) as never,
  ).toBuffer();
  return sendAttachment(reply, XLSX_TYPE, fileName, buffer);
}
