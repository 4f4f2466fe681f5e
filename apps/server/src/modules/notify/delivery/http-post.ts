import type { SendOutcome } from '../notify-types.ts';

export interface HttpAnswer {
  status: number;
  /** The answer's text, cut to a few kilobytes (enough for the providers' JSON answers). */
  text: string;
  retryAfterMs?: number;
}

const ANSWER_MAX_CHARS = 4096;
const DETAIL_MAX_CHARS = 300;

/** A failure's words for the delivery log: one line, short. */
export const detailOf = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, DETAIL_MAX_CHARS);

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3), in ms from `now`. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * POSTs a JSON text; answers the status and text, or the failure to get one as an outcome
 * (timeout, network: both worth another try).
 */
export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<HttpAnswer | Extract<SendOutcome, { ok: false }>> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = (await res.text()).slice(0, ANSWER_MAX_CHARS);
    const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), Date.now());
    return { status: res.status, text, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError') {
      return { ok: false, code: 'timeout', detail: `${timeoutMs} ms`, retryable: true };
    }
    const cause = e.cause?.code ?? e.cause?.message ?? e.message;
    return { ok: false, code: 'network', detail: detailOf(String(cause)), retryable: true };
  }
}

/** Statuses worth another try (RFC 9110: timeouts, too early, too many, server trouble). */
export const retryableStatus = (status: number) => status === 408 || status === 425 || status === 429 || status >= 500;

/** An HTTP answer that is not 2xx, as an outcome: 408/425/429/5xx again later, other 4xx never. */
export function statusOutcome(answer: HttpAnswer): Extract<SendOutcome, { ok: false }> {
  const retryable = retryableStatus(answer.status);
  return {
    ok: false,
    code: retryable ? 'http' : 'rejected',
    detail: detailOf(`HTTP ${answer.status} ${answer.text}`),
    retryable,
    ...(answer.retryAfterMs === undefined ? {} : { retryAfterMs: answer.retryAfterMs }),
  };
}

export const isAnswer = (r: HttpAnswer | SendOutcome): r is HttpAnswer => 'status' in r;
