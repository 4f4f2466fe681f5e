import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { sendAttachment } from './downloads.ts';
import { businessError } from './errors.ts';

export type CsvCell = string | number | null;

// A spreadsheet runs a cell that starts like a formula (OWASP "CSV injection"); tab and CR too.
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as a spreadsheet shows it literally: a leading quote keeps a formula from running. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The reverse of `neutraliseFormula`, for a file this product wrote and a user brings back. */
export function restoreFormula(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/**
 * Sends rows as a CSV file Excel opens as it is: UTF-8 with a BOM (else it guesses the ANSI code
 * page and garbles Chinese), every field quoted, CRLF lines. Numbers stay numbers; text is guarded
 * against formula injection.
 */
export function sendCsv(reply: FastifyReply, fileName: string, header: string[], rows: CsvCell[][]) {
  return sendAttachment(
    reply,
    'text/csv; charset=utf-8',
    fileName,
    Buffer.from(csvText([header, ...rows], true), 'utf8'),
  );
}

/**
 * Rows as CSV text in the form `sendCsv` writes (quoted, CRLF, guarded text), the BOM only when asked:
 * a streamed file writes its header with it, then slices of rows without.
 */
export function csvText(rows: CsvCell[][], bom = false): string {
  const cells = rows.map((row) =>
    row.map((cell) => (cell === null ? '' : typeof cell === 'number' ? String(cell) : neutraliseFormula(cell))),
  );
  return stringify(cells, { bom, quoted: true, record_delimiter: 'windows' });
}

/**
 * The records of a UTF-8 CSV file (BOM or not) as rows of trimmed text. Anything but UTF-8 (a
 * GBK/GB18030 export from an older Excel) is refused with a message that says how to save it.
 */
export function readCsvRows(buffer: Buffer): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    throw businessError(400, 'csv.notUtf8');
  }
  let records: string[][];
  try {
    // Blank lines stay as records so that row numbers are the file's own.
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false });
  } catch {
    throw businessError(400, 'csv.unreadable');
  }
  return records.map((row) => row.map((cell) => restoreFormula(cell.trim())));
}
