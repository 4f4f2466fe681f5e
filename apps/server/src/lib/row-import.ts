import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.ts';
import { t } from '../i18n/messages.ts';
import type { Context } from './context.ts';
import { readCsvRows } from './csv.ts';
import { AppError, businessError } from './errors.ts';
import { CSV_TYPE, receiveUpload, XLSX_TYPE } from './uploads.ts';
import { readXlsxRows } from './xlsx.ts';

export interface SheetRow {
  /** The row's number in the file, the header being 1. */
  row: number;
  cells: string[];
}

export interface FailedRow extends SheetRow {
  reasons: string[];
}

/**
 * The one uploaded table of an import, XLSX or UTF-8 CSV, as its header and its non-empty rows.
 * Any other file is refused with 400 naming both; an empty table or one over `maxRows` too.
 */
export async function receiveTable(
  req: FastifyRequest,
  options: { maxBytes: number; maxRows: number },
): Promise<{ header: string[]; rows: SheetRow[] }> {
  const upload = await receiveUpload(req, {
    maxBytes: options.maxBytes,
    types: [XLSX_TYPE, CSV_TYPE],
    refusedStatus: 400,
  });
  const all =
    upload.type === CSV_TYPE
      ? readCsvRows(upload.buffer)
      : await readXlsxRows(upload.buffer).catch(() => {
          throw businessError(400, 'import.unreadable');
        });
  const rows = all
    .map((cells, index) => ({ row: index + 1, cells }))
    .slice(1)
    .filter((r) => r.cells.some((cell) => cell !== ''));
  if (rows.length === 0) throw businessError(400, 'import.empty');
  if (rows.length > options.maxRows) throw businessError(400, 'import.tooMany', { max: options.maxRows });
  return { header: all[0] ?? [], rows };
}

/** A header label as compared: case, spaces and a trailing "(hint)" do not count. */
const normalise = (label: string) =>
  label
    .replace(/[（(][^）)]*[）)]\s*$/, '')
    .replace(/\s+/g, '')
    .toLowerCase();

/**
 * Which cell holds which column, told by the header row in any of the languages given for each
 * column, so a sheet from a colleague with the other language, or with its columns reordered, reads
 * the same. Unknown headers are ignored (an export's extra columns); a missing `required` column is
 * a 400 that lists the expected header.
 */
export function columnsOf<K extends string>(
  header: string[],
  labels: Record<K, readonly string[]>,
  required: readonly NoInfer<K>[],
  expected: string,
): (cells: string[]) => Record<K, string> {
  const index = new Map<K, number>();
  const names = header.map(normalise);
  for (const key of Object.keys(labels) as K[]) {
    const wanted = new Set(labels[key].map(normalise));
    const at = names.findIndex((name) => wanted.has(name));
    if (at >= 0) index.set(key, at);
  }
  if (required.some((key) => !index.has(key))) throw businessError(400, 'import.badHeader', { columns: expected });
  return (cells) =>
    Object.fromEntries(
      (Object.keys(labels) as K[]).map((key) => {
        const at = index.get(key);
        return [key, at === undefined ? '' : (cells[at] ?? '')];
      }),
    ) as Record<K, string>;
}

/**
 * Creates what each good row holds, each in a savepoint of its own inside the route's transaction,
 * so a row that fails while being written leaves nothing behind and does not stop the others.
 * `check` reads a row without writing (its reasons, in the caller's language, or its value); an
 * `AppError` thrown by `create` becomes the row's reason.
 */
export async function importRows<T>(
  ctx: Pick<Context, 'db' | 'locale' | 'log'>,
  rows: SheetRow[],
  check: (row: SheetRow) => Promise<{ value: T } | { reasons: string[] }>,
  create: (tx: Queryable, value: T) => Promise<void>,
): Promise<{ created: T[]; failed: FailedRow[] }> {
  const created: T[] = [];
  const failed: FailedRow[] = [];
  for (const row of rows) {
    const checked = await check(row);
    if ('reasons' in checked) {
      failed.push({ ...row, reasons: checked.reasons });
      continue;
    }
    try {
      await ctx.db.transaction((sp) => create(sp, checked.value));
      created.push(checked.value);
    } catch (err) {
      if (!(err instanceof AppError)) ctx.log.warn({ err, row: row.row }, 'import row failed');
      const reason =
        err instanceof AppError ? t(ctx.locale, err.messageKey, err.params) : t(ctx.locale, 'import.rowFailed');
      failed.push({ ...row, reasons: [reason] });
    }
  }
  return { created, failed };
}
