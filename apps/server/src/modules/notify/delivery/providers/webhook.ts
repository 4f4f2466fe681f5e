import { WEBHOOK_IDEMPOTENCY_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@water/contracts';
import type { ChannelProvider, OutgoingDelivery } from '../../notify-types.ts';
import { isAnswer, postJson, statusOutcome } from '../http-post.ts';
import { webhookSignature } from '../signatures.ts';
import { channelOff, failed, type ProviderEnv } from './provider-env.ts';

/** The generic webhook's JSON: what a receiver needs to route the message, nothing more. */
export function webhookPayload(d: OutgoingDelivery, now: Date) {
  const r = d.recipient;
  return {
    id: d.idempotencyKey,
    purpose: d.purpose,
    critical: d.critical,
    title: d.title,
    body: d.body,
    link: d.link,
    locale: d.locale,
    recipient: {
      userId: d.userId,
      ...(r?.name ? { name: r.name } : {}),
      ...(r?.phone ? { phone: r.phone } : {}),
      ...(r?.email ? { email: r.email } : {}),
    },
    sentAt: now.toISOString(),
  };
}

/**
 * The generic webhook (the utility's own app bridge): a signed JSON POST to the channel's URL as
 * it is now, with the idempotency key in a header and in the body. 2xx is delivered; 408, 425,
 * 429, 5xx and no answer are tried again (after Retry-After when given); other 4xx never.
 */
export function webhookProvider(env: ProviderEnv): ChannelProvider {
  return {
    channel: 'webhook',
    async send(d, { now }) {
      const settings = await env.channel('webhook');
      if (!settings.enabled) return channelOff();
      if (!settings.url || !URL.canParse(settings.url)) return failed('noAddress');
      const raw = JSON.stringify(webhookPayload(d, now));
      const headers: Record<string, string> = { [WEBHOOK_IDEMPOTENCY_HEADER]: d.idempotencyKey };
      if (settings.secret) {
        headers[WEBHOOK_SIGNATURE_HEADER] = webhookSignature(Math.floor(now.getTime() / 1000), raw, settings.secret);
      }
      const answer = await postJson(settings.url, raw, headers, env.config.NOTIFY_HTTP_TIMEOUT_MS);
      if (!isAnswer(answer)) return answer;
      if (answer.status >= 200 && answer.status < 300) return { ok: true, detail: `HTTP ${answer.status}` };
      return statusOutcome(answer);
    },
  };
}
