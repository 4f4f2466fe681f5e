import { Message } from '@arco-design/web-react';
// Contracts by file, not through the package's index: the entry then carries only the contracts it uses.
import { authApi } from '@water/contracts/auth';
import { API_BASE, type Endpoint } from '@water/contracts/common/endpoint';
import { LOGOUT_CODES, ResultCode } from '@water/contracts/common/envelope';
import type { Locale } from '@water/contracts/common/locale';
import type { z } from 'zod';
import { readStoredLocale, translate } from '../i18n/messages.ts';
import { getToken } from '../session/token.ts';

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

/** The call never got an envelope back: network down, proxy error page, aborted. */
export class TransportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TransportError';
  }
}

/** How long the error toasts of the catalogue stay (spec §9). */
export const TOAST_DURATION = 5000;

type BodyOf<E> = E extends { body: infer B extends z.ZodType } ? z.input<B> : unknown;
export type QueryOf<E> = E extends { query: infer Q extends z.ZodType } ? Partial<z.input<Q>> : Record<string, unknown>;
export type ParamsOf<E> = E extends { params: infer P extends z.ZodType }
  ? z.input<P>
  : Record<string, string | number>;

export interface CallOptions<E extends Endpoint = Endpoint> {
  /** Sent as Accept-Language so the server answers `msg` in that language; the console's by default. */
  locale?: Locale;
  /** JSON body, or FormData for uploads. A `baseURL` field sends the call to that (video) host instead. */
  body?: BodyOf<E> | FormData;
  /** Becomes the query string; undefined and empty values are left out. */
  query?: QueryOf<E>;
  /** Fills `:name` segments of the endpoint path. */
  params?: ParamsOf<E>;
  signal?: AbortSignal;
  /** No error toast: the caller shows the failure itself (the sign-in form does). */
  silent?: boolean;
}

export function isEnvelope(value: unknown): value is { code: number; msg: string; data: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number' &&
    typeof (value as { msg?: unknown }).msg === 'string'
  );
}

export function fillPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

export function queryString(query?: Record<string, unknown>): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Takes a `baseURL` field out of a payload: the spec's third-party video calls carry one (§7). */
function splitBaseUrl<T>(payload: T): { baseURL?: string; rest: T } {
  if (typeof payload !== 'object' || payload === null || payload instanceof FormData || Array.isArray(payload)) {
    return { rest: payload };
  }
  const { baseURL, ...rest } = payload as Record<string, unknown>;
  return typeof baseURL === 'string' && baseURL ? { baseURL, rest: rest as T } : { rest: payload };
}

let reloginOpen = false;
type ReloginHandler = () => void | Promise<void>;
let onRelogin: ReloginHandler = () => window.location.reload();

/** The session module plugs its logout in here (it imports this file, so not the other way round). */
export function setReloginHandler(handler: ReloginHandler): void {
  onRelogin = handler;
}

/** One 'Confirm logout' modal at a time, however many calls fail with a logout code together. */
export function openReloginModal(): void {
  if (reloginOpen) return;
  reloginOpen = true;
  // Loaded on demand: the modal is rare, and the sign-in screen should not wait for it.
  void import('@arco-design/web-react/es/Modal/index.js')
    .then(({ default: Modal }) => showReloginModal(Modal))
    .catch((err: unknown) => {
      reloginOpen = false;
      console.error('the Re-Login modal failed to load', err);
    });
}

type ArcoModal = typeof import('@arco-design/web-react')['Modal'];

function showReloginModal(Modal: ArcoModal): void {
  Modal.confirm({
    title: translate('request.relogin.title'),
    content: translate('request.relogin.content'),
    okText: translate('request.relogin.ok'),
    cancelText: translate('request.relogin.cancel'),
    onOk: async () => {
      await onRelogin();
    },
    afterClose: () => {
      reloginOpen = false;
    },
  });
}

/**
 * Calls one row of a contract's endpoint table and returns the envelope's `data` (spec §7–§8).
 * A code other than 200 shows the server's message (or 'Error') for 5 s and rejects with ApiError;
 * 50008/50012/50014 also open the 'Confirm logout' modal, except on role-info, whose failure the
 * route guard handles by sending the user to sign in. No envelope at all shows the transport
 * error (or 'Request Error') and rejects with TransportError. No timeout (spec §7: 0).
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<z.output<E['data']>> {
  const locale = options.locale ?? readStoredLocale();
  const body = splitBaseUrl(options.body);
  const query = splitBaseUrl(options.query as Record<string, unknown> | undefined);
  const baseURL = body.baseURL ?? query.baseURL;

  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': locale };
  const token = getToken();
  // A third-party host must never see our bearer token.
  if (token && !baseURL) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method: endpoint.method, headers };
  if (body.rest instanceof FormData) init.body = body.rest;
  else if (body.rest !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body.rest);
  }
  if (options.signal) init.signal = options.signal;

  const url = `${baseURL ? baseURL.replace(/\/$/, '') : API_BASE}${fillPath(endpoint.path, options.params as Record<string, unknown>)}${queryString(query.rest)}`;

  let payload: unknown;
  try {
    const response = await fetch(url, init);
    payload = await response.json().catch(() => null);
    if (!isEnvelope(payload)) throw new TransportError(`HTTP ${response.status} ${response.statusText}`.trim());
  } catch (err) {
    const aborted = options.signal?.aborted;
    const error = err instanceof TransportError ? err : new TransportError(errorText(err), { cause: err });
    if (!aborted && !options.silent) {
      Message.error({ content: error.message || translate('request.transportError'), duration: TOAST_DURATION });
    }
    throw error;
  }

  if (payload.code === ResultCode.ok) return payload.data as z.output<E['data']>;
  throw businessFailure(endpoint, payload, options.silent);
}

/** Shows a failed envelope (unless silent), opens the logout modal for a dead session, and gives the error. */
export function businessFailure(
  endpoint: Endpoint,
  payload: { code: number; msg: string; data: unknown },
  silent?: boolean,
): ApiError {
  if (!silent) Message.error({ content: payload.msg || translate('request.error'), duration: TOAST_DURATION });
  if (LOGOUT_CODES.includes(payload.code) && endpoint.path !== authApi.roleInfo.path) openReloginModal();
  return new ApiError(payload.msg, payload.code, payload.data);
}

export function errorText(err: unknown): string {
  return err instanceof Error && err.message ? err.message : translate('request.transportError');
}

export interface VideoHostCall {
  method: 'POST' | 'PATCH' | 'DELETE';
  /** Raw text (a WHEP offer's SDP), sent as `contentType`. */
  body?: string;
  contentType?: string;
  accept?: string;
  signal?: AbortSignal;
  /** Outlives the page (a WHEP session's DELETE when the tile closes). */
  keepalive?: boolean;
}

/**
 * A raw call to a third-party video host (a WebRTC WHEP offer: SDP text, no envelope). Like every call
 * with a base URL (spec §7) it never carries the session's Authorization header. Rejects with a
 * TransportError when the host does not answer or answers other than 2xx; no toast (the player says it).
 */
export async function callVideoHost(url: string, call: VideoHostCall): Promise<Response> {
  const headers: Record<string, string> = {};
  if (call.contentType) headers['Content-Type'] = call.contentType;
  if (call.accept) headers.Accept = call.accept;
  const init: RequestInit = { method: call.method, headers, credentials: 'omit' };
  if (call.body !== undefined) init.body = call.body;
  if (call.signal) init.signal = call.signal;
  if (call.keepalive) init.keepalive = true;
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (err) {
    throw new TransportError(errorText(err), { cause: err });
  }
  if (!response.ok) throw new TransportError(`HTTP ${response.status} ${response.statusText}`.trim());
  return response;
}
