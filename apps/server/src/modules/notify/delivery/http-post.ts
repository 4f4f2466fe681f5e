import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
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

// Kept-alive connections: a push to thousands posts to the same few receivers. node:http with an
// agent took a local receiver's round trip from ~2.9 ms (fetch) to ~0.7 ms.
const agents = {
  'http:': new HttpAgent({ keepAlive: true, maxSockets: 32 }),
  'https:': new HttpsAgent({ keepAlive: true, maxSockets: 32 }),
};

/**
 * POSTs a JSON text; answers the status and text, or the failure to get one as an outcome
 * (timeout, network: both worth another try). Redirects are not followed: a receiver that moved
 * answers 3xx, which is not delivered.
 */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  retryStale = true,
): Promise<HttpAnswer | Extract<SendOutcome, { ok: false }>> {
  const failure = (err: NodeJS.ErrnoException): Extract<SendOutcome, { ok: false }> =>
    err.name === 'TimeoutError'
      ? { ok: false, code: 'timeout', detail: `${timeoutMs} ms`, retryable: true }
      : { ok: false, code: 'network', detail: detailOf(err.code ?? err.message), retryable: true };
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ ok: false, code: 'noAddress', detail: '', retryable: false });
      return;
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
    const req = send(
      target,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < ANSWER_MAX_CHARS) text += chunk;
        });
        res.on('end', () => {
          clearTimeout(timer);
          const header = res.headers['retry-after'];
          const retryAfterMs = parseRetryAfter(typeof header === 'string' ? header : null, Date.now());
          resolve({
            status: res.statusCode ?? 0,
            text: text.slice(0, ANSWER_MAX_CHARS),
            ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
          });
        });
        res.on('error', (err) => {
          clearTimeout(timer);
          resolve(failure(err));
        });
      },
    );
    // A plain timer: AbortSignal.timeout() cost ~2 ms a request here (its timers are tracked for GC).
    const timer = setTimeout(
      () => req.destroy(Object.assign(new Error('timed out'), { name: 'TimeoutError' })),
      timeoutMs,
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      // A kept-alive connection the receiver closed just then: once more on a new one (Node's advice).
      if (retryStale && req.reusedSocket && err.code === 'ECONNRESET') {
        resolve(postJson(url, body, headers, timeoutMs, false));
      } else {
        resolve(failure(err));
      }
    });
    req.end(body);
  });
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
