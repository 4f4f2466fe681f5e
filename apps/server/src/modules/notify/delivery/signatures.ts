import { createHmac } from 'node:crypto';

/**
 * The signatures the receivers check, each as its provider documents it. Kept apart from the
 * senders so that the tests can hold them to the providers' published examples.
 */

/**
 * DingTalk custom robot ("加签"): HmacSHA256 keyed with the secret over `timestamp + "\n" + secret`
 * (timestamp in ms), Base64, then URL-encoded; sent as `&timestamp=…&sign=…` on the robot's URL.
 */
export function dingtalkSign(timestampMs: number, secret: string): string {
  const digest = createHmac('sha256', secret).update(`${timestampMs}\n${secret}`, 'utf8').digest('base64');
  return encodeURIComponent(digest);
}

/** The robot's URL with DingTalk's signing parameters added (none without a secret). */
export function dingtalkSignedUrl(url: string, timestampMs: number, secret: string): string {
  if (!secret) return url;
  const signed = new URL(url);
  signed.searchParams.delete('timestamp');
  signed.searchParams.delete('sign');
  const glue = signed.search ? '&' : '?';
  return `${signed.toString()}${glue}timestamp=${timestampMs}&sign=${dingtalkSign(timestampMs, secret)}`;
}

/**
 * Feishu custom bot ("签名校验"): HmacSHA256 whose KEY is `timestamp + "\n" + secret` (timestamp in
 * seconds) over an empty message, Base64; sent in the body as `timestamp` and `sign`. The order is
 * the reverse of DingTalk's, which is why both are tested against their documented code.
 */
export function feishuSign(timestampSeconds: number, secret: string): string {
  return createHmac('sha256', `${timestampSeconds}\n${secret}`).update('').digest('base64');
}

/**
 * Our generic webhook: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` in the
 * x-water-signature header (Stripe's scheme: the timestamp inside the signed text lets a receiver
 * refuse old replays).
 */
export function webhookSignature(timestampSeconds: number, rawBody: string, secret: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}
