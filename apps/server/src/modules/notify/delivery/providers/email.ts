import { createTransport } from 'nodemailer';
import type { ChannelProvider, SendOutcome } from '../../notify-types.ts';
import { detailOf } from '../http-post.ts';
import { channelOff, failed, type ProviderEnv } from './provider-env.ts';

/** RFC 5322 atext plus '.': anything else in a key is written %XX, so distinct keys stay distinct. */
const ATEXT = /[A-Za-z0-9!#$&'*+/=?^_`{|}~.-]/;

/** The Message-ID of a delivery: its idempotency key, so a mailbox can drop a repeat after a crash. */
export function messageIdOf(idempotencyKey: string): string {
  const local = Array.from(idempotencyKey, (ch) =>
    ATEXT.test(ch)
      ? ch
      : Array.from(Buffer.from(ch, 'utf8'), (b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  ).join('');
  return `<${local}@water-ops>`;
}

/** Connection troubles: another try may well get through. */
const PASSING = new Set(['ECONNECTION', 'ESOCKET', 'EDNS', 'ETLS', 'EPROXY', 'EMAXLIMIT']);

interface MailError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
}

/** SMTP's answer as an outcome: 4xx and connection troubles again later, 5xx never. */
export function smtpOutcome(err: MailError): Extract<SendOutcome, { ok: false }> {
  const words = detailOf(err.response ?? err.message);
  if (typeof err.responseCode === 'number') {
    return { ok: false, code: 'smtp', detail: words, retryable: err.responseCode < 500 };
  }
  if (err.code === 'ETIMEDOUT') return { ok: false, code: 'timeout', detail: words, retryable: true };
  if (err.code && PASSING.has(err.code)) return { ok: false, code: 'network', detail: words, retryable: true };
  return { ok: false, code: 'smtp', detail: words, retryable: false };
}

/** E-mail over SMTP (nodemailer, pooled connections) from the SMTP_URL and SMTP_FROM settings. */
export function emailProvider(env: ProviderEnv): ChannelProvider & { close(): void } {
  const url = env.config.SMTP_URL;
  const timeout = env.config.NOTIFY_HTTP_TIMEOUT_MS;
  const transport = url
    ? createTransport({
        url,
        pool: true,
        maxConnections: 4,
        maxRequeues: 1,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout * 3,
      })
    : null;
  return {
    channel: 'email',
    async send(d, { now }) {
      if (!transport || !(await env.channel('email')).enabled) return channelOff();
      if (!d.address) return failed('noAddress');
      try {
        const info = await transport.sendMail({
          from: env.config.SMTP_FROM,
          to: d.address,
          subject: d.title,
          text: d.link ? `${d.body}\n\n${d.link}\n` : d.body,
          messageId: messageIdOf(d.idempotencyKey),
          date: now,
        });
        return { ok: true, detail: detailOf(info.response ?? '') };
      } catch (err) {
        return smtpOutcome(err as MailError);
      }
    },
    close: () => transport?.close(),
  };
}
