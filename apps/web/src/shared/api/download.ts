import { Message } from '@arco-design/web-react';
import { API_BASE, type Endpoint } from '@water/contracts/common/endpoint';
import type { Locale } from '@water/contracts/common/locale';
import { readStoredLocale } from '../i18n/messages.ts';
import { getToken } from '../session/token.ts';
import {
  businessFailure,
  errorText,
  fillPath,
  isEnvelope,
  type ParamsOf,
  type QueryOf,
  queryString,
  TOAST_DURATION,
  TransportError,
} from './http.ts';

// Downloads live apart from the request layer: only signed-in pages export files, so the sign-in
// screen does not carry this code.

/** The file name a download's `Content-Disposition` gives, the UTF-8 form first. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}

/** How far a download has come: bytes and line breaks so far, and what the answer announced. */
export interface DownloadProgress {
  bytes: number;
  /** Line feeds received: for a CSV, the records so far (the header included). */
  lines: number;
  /** `Content-Length`, when the server knew it (not for a streamed file). */
  totalBytes: number | null;
  /** `X-Total-Rows`, when the server counted the rows ahead. */
  totalRows: number | null;
}

export interface DownloadOptions<E extends Endpoint> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  fallbackName: string;
  locale?: Locale;
  /** Aborting stops the transfer and saves nothing; the promise rejects with the abort, without a toast. */
  signal?: AbortSignal;
  /** Called as chunks arrive: the body is read as a stream for it. */
  onProgress?: (progress: DownloadProgress) => void;
}

const headerNumber = (value: string | null) => {
  const n = value === null || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/** Reads a body chunk by chunk, reporting each, into one Blob. */
async function readWithProgress(response: Response, onProgress: (p: DownloadProgress) => void): Promise<Blob> {
  const totalBytes = headerNumber(response.headers.get('content-length'));
  const totalRows = headerNumber(response.headers.get('x-total-rows'));
  const type = response.headers.get('content-type') ?? '';
  const progress: DownloadProgress = { bytes: 0, lines: 0, totalBytes, totalRows };
  onProgress({ ...progress });
  if (!response.body) {
    const blob = await response.blob();
    onProgress({ ...progress, bytes: blob.size });
    return blob;
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    progress.bytes += value.byteLength;
    for (const byte of value) if (byte === 10) progress.lines += 1;
    onProgress({ ...progress });
  }
  return new Blob(chunks, { type });
}

/**
 * Fetches a download endpoint with the session's token into a Blob, with the name its answer gives.
 * A refusal comes back as an envelope and is shown like any failed call (unless `silent`).
 */
async function fetchDownload<E extends Endpoint>(
  endpoint: E,
  options: Omit<DownloadOptions<E>, 'fallbackName'> & { silent?: boolean },
): Promise<{ blob: Blob; name: string | null }> {
  const headers: Record<string, string> = { 'Accept-Language': options.locale ?? readStoredLocale() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const url = `${API_BASE}${fillPath(endpoint.path, options.params as Record<string, unknown>)}${queryString(options.query as Record<string, unknown> | undefined)}`;
  const aborted = () => options.signal?.aborted === true;
  const toast = (content: string) => {
    if (!options.silent) Message.error({ content, duration: TOAST_DURATION });
  };
  const transportFailure = (err: unknown) => {
    // A cancelled download is the user's choice, not an error to show.
    if (aborted()) return err;
    const error = new TransportError(errorText(err), { cause: err });
    toast(error.message);
    return error;
  };
  let response: Response;
  try {
    response = await fetch(url, { headers, ...(options.signal ? { signal: options.signal } : {}) });
  } catch (err) {
    throw transportFailure(err);
  }
  // A refusal is an envelope in JSON; a JSON file (an export of rules) comes as an attachment.
  const attachment = /^\s*attachment/i.test(response.headers.get('content-disposition') ?? '');
  if (!response.ok || (!attachment && response.headers.get('content-type')?.includes('application/json'))) {
    const payload: unknown = await response.json().catch(() => null);
    if (isEnvelope(payload)) throw businessFailure(endpoint, payload, options.silent);
    const error = new TransportError(`HTTP ${response.status} ${response.statusText}`.trim());
    toast(error.message);
    throw error;
  }
  let blob: Blob;
  try {
    blob = options.onProgress ? await readWithProgress(response, options.onProgress) : await response.blob();
  } catch (err) {
    throw transportFailure(err);
  }
  if (aborted()) throw options.signal?.reason ?? new DOMException('Aborted', 'AbortError');
  return { blob, name: dispositionFileName(response.headers.get('content-disposition')) };
}

/**
 * A private file as a Blob, fetched with the session (an image shown in place, through an object
 * URL). Silent: the caller shows a failure where the file would be.
 */
export async function fetchFileBlob<E extends Endpoint>(
  endpoint: E,
  options: { params?: ParamsOf<E>; locale?: Locale; signal?: AbortSignal },
): Promise<Blob> {
  return (await fetchDownload(endpoint, { ...options, silent: true })).blob;
}

/**
 * Fetches a download endpoint with the session's token and hands the file to the browser under its
 * own name. A refusal comes back as an envelope and is shown like any failed call.
 */
export async function downloadFile<E extends Endpoint>(endpoint: E, options: DownloadOptions<E>): Promise<void> {
  const { blob, name } = await fetchDownload(endpoint, options);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name ?? options.fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has handed the file over by then.
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}
