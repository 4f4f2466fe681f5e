import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { AppError, businessError } from './errors.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv';

/** File types the product accepts, told by their first bytes, with the extension they are stored under. */
const SIGNATURES: { type: string; ext: string; test: (b: Buffer, name: string) => boolean }[] = [
  {
    type: 'image/png',
    ext: 'png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/webp',
    ext: 'webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { type: 'video/mp4', ext: 'mp4', test: (b) => b.subarray(4, 8).toString('latin1') === 'ftyp' },
  { type: 'video/webm', ext: 'webm', test: (b) => b.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])) },
  { type: 'application/pdf', ext: 'pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  // Office files are ZIP archives: the bytes say ZIP, the name says which.
  {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ext: 'docx',
    test: (b, name) => isZip(b) && /\.docx$/i.test(name),
  },
  {
    type: XLSX_TYPE,
    ext: 'xlsx',
    test: (b, name) => isZip(b) && /\.xlsx$/i.test(name),
  }, // Text has no signature: a .csv name and no NUL byte (which no UTF-8 text holds, and every binary does).
  { type: CSV_TYPE, ext: 'csv', test: (b, name) => /\.csv$/i.test(name) && !b.subarray(0, 65_536).includes(0) },
];

function isZip(b: Buffer): boolean {
  return b.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
}

// C0 and C1 controls, DEL, and the bidirectional controls (U+200E/F marks, U+202A–U+202E embeddings
// and overrides, U+2066–U+2069 isolates, U+061C): a name like "invoice\u202Efdp.exe" shows as
// "invoiceexe.pdf". A lone surrogate cannot be stored either.
const UNSAFE_NAME_CHARS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * An uploaded file's own name, safe to show and to send back in a header: no path, no control or
 * bidirectional-control characters. Every upload goes through it before its name is stored.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(UNSAFE_NAME_CHARS, '').trim();
  return clean.slice(-200) || 'file';
}

export interface StoredUpload {
  /** Path below DATA_DIR/<area>; in the public `uploads` area it is served at /uploads/<relative>. */
  relative: string;
  type: string;
  size: number;
  /** The name the file was uploaded with, cleaned. */
  name: string;
}

/**
 * Reads the one file of a multipart request into memory and tells its type from the bytes, not from
 * what the browser claims: anything but `types`, or over `maxBytes`, is refused (415, 413).
 */
export async function receiveUpload(
  req: FastifyRequest,
  options: { maxBytes: number; types: readonly string[]; refusedStatus?: 400 | 415 },
): Promise<{ buffer: Buffer; type: string; ext: string; name: string }> {
  if (!req.isMultipart()) throw businessError(400, 'upload.missing');
  let buffer: Buffer;
  let filename: string;
  try {
    const file = await req.file({ limits: { fileSize: options.maxBytes, files: 1 } });
    if (!file) throw businessError(400, 'upload.missing');
    buffer = await file.toBuffer();
    filename = file.filename ?? '';
  } catch (err) {
    throw uploadError(err, options.maxBytes);
  }
  const name = cleanFileName(filename);
  const kind = SIGNATURES.find((s) => options.types.includes(s.type) && s.test(buffer, name));
  if (!kind) {
    const names = SIGNATURES.filter((s) => options.types.includes(s.type)).map((s) => s.ext.toUpperCase());
    const status = options.refusedStatus ?? 415;
    throw new AppError(status, status, 'upload.badType', { types: names.join(', ') });
  }
  return { buffer, type: kind.type, ext: kind.ext, name };
}

/**
 * What a failed read of a multipart body answers: too large is 413; a body the parser cannot read
 * (no boundary, cut short, a broken part header) is the caller's 400, never a 500.
 */
function uploadError(err: unknown, maxBytes: number): unknown {
  if (err instanceof AppError) return err;
  const { code, statusCode } = err as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError(413, 413, 'upload.tooLarge', { mb: maxBytes / 1024 / 1024 });
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return err;
  return businessError(400, 'upload.malformed');
}

/**
 * Receives one file (see `receiveUpload`) and stores it under a random name in
 * DATA_DIR/<area>/<folder>. The `uploads` area is served publicly (avatars, library pictures);
 * `files` is private, for routes that check access.
 */
export async function storeUpload(
  req: FastifyRequest,
  options: {
    dataDir: string;
    folder: string;
    maxBytes: number;
    types: readonly string[];
    area?: 'uploads' | 'files';
  },
): Promise<StoredUpload> {
  const area = options.area ?? 'uploads';
  const { buffer, type, ext, name } = await receiveUpload(req, options);
  const relative = `${options.folder}/${randomUUID()}.${ext}`;
  await mkdir(path.join(options.dataDir, area, options.folder), { recursive: true });
  await writeFile(path.join(options.dataDir, area, relative), buffer);
  return { relative, type, size: buffer.length, name };
}
