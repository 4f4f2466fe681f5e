import { API_BASE, type Endpoint, type Locale, ResultCode, TOKEN_STORAGE_KEY } from '@water/contracts';
import type { z } from 'zod';

/** A business failure: the envelope's code was not 200. `message` is the server's `msg`, already localised. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface CallOptions {
  /** Sent as Accept-Language so the server answers `msg` in the console's language. */
  locale: Locale;
  body?: unknown;
  signal?: AbortSignal;
}

function isEnvelope(value: unknown): value is { code: number; msg: string; data: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number' &&
    typeof (value as { msg?: unknown }).msg === 'string'
  );
}

/**
 * Calls one row of a contract's endpoint table and returns the envelope's `data`. Throws ApiError
 * when the server answers with a code other than 200 (whatever the HTTP status), and a plain Error
 * when there is no envelope at all (network down, proxy error page).
 */
export async function callApi<E extends Endpoint>(endpoint: E, options: CallOptions): Promise<z.output<E['data']>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': options.locale };
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method: endpoint.method, headers };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;

  const response = await fetch(`${API_BASE}${endpoint.path}`, init);
  const payload: unknown = await response.json().catch(() => null);
  if (!isEnvelope(payload)) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
  if (payload.code !== ResultCode.ok) throw new ApiError(payload.msg, payload.code, payload.data);
  return payload.data as z.output<E['data']>;
}
