import { ROBOT_MARKDOWN_MAX_BYTES, type RobotChannel } from '@water/contracts';
import type { ChannelProvider, OutgoingDelivery, SendOutcome } from '../../notify-types.ts';
import { detailOf, type HttpAnswer, isAnswer, postJson, statusOutcome } from '../http-post.ts';
import { dingtalkSignedUrl, feishuSign } from '../signatures.ts';
import { channelOff, failed, type ProviderEnv } from './provider-env.ts';

/** A text cut to at most `max` UTF-8 bytes, on a character boundary, '…' marking the cut. */
export function cutBytes(text: string, max: number): string {
  if (Buffer.byteLength(text, 'utf8') <= max) return text;
  let out = '';
  let bytes = Buffer.byteLength('…', 'utf8');
  for (const ch of text) {
    const n = Buffer.byteLength(ch, 'utf8');
    if (bytes + n > max) break;
    out += ch;
    bytes += n;
  }
  return `${out}…`;
}

/** A robot's request: where to, and what. */
interface RobotRequest {
  url: string;
  body: unknown;
}

interface RobotFormat {
  channel: RobotChannel;
  request(d: OutgoingDelivery, settings: { url: string; secret: string }, now: Date): RobotRequest;
  /** The robot's verdict on a 2xx answer (its JSON carries its own code). */
  verdict(answer: HttpAnswer): SendOutcome;
}

function parse(text: string): Record<string, unknown> | null {
  try {
    const json = JSON.parse(text) as unknown;
    return json && typeof json === 'object' ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The robot's own code in its JSON answer: 0 is delivered; a rate-limit code is tried again
 * later; any other code (a bad signature, a keyword missing, a removed robot) is for good.
 */
function codeVerdict(answer: HttpAnswer, field: string, rateLimited: readonly number[]): SendOutcome {
  const json = parse(answer.text);
  const code = json?.[field] ?? (field === 'code' ? json?.StatusCode : undefined);
  if (code === 0) return { ok: true, detail: detailOf(answer.text) };
  if (typeof code !== 'number') {
    // Not the robot's JSON (a proxy's page?): nobody can say it arrived.
    return { ok: false, code: 'http', detail: detailOf(`HTTP ${answer.status} ${answer.text}`), retryable: true };
  }
  const retryable = rateLimited.includes(code);
  return { ok: false, code: retryable ? 'http' : 'rejected', detail: detailOf(answer.text), retryable };
}

const markdownOf = (d: OutgoingDelivery, channel: RobotChannel) =>
  cutBytes(d.title ? `${d.title}\n${d.body}` : d.body, ROBOT_MARKDOWN_MAX_BYTES[channel]);

/**
 * WeCom (企业微信) group robot: markdown, no signature (the key in the URL is the secret).
 * errcode 45009 is its rate limit (20 messages a minute per robot).
 */
export const wecomFormat: RobotFormat = {
  channel: 'wecom',
  request: (d, { url }) => ({ url, body: { msgtype: 'markdown', markdown: { content: markdownOf(d, 'wecom') } } }),
  verdict: (answer) => codeVerdict(answer, 'errcode', [45009]),
};

/**
 * DingTalk (钉钉) custom robot with signing: the URL carries `timestamp` (ms) and `sign`; markdown
 * with a title (the notification's preview). errcode 130101 is "sending too fast" (20 a minute).
 */
export const dingtalkFormat: RobotFormat = {
  channel: 'dingtalk',
  request: (d, { url, secret }, now) => ({
    url: dingtalkSignedUrl(url, now.getTime(), secret),
    body: {
      msgtype: 'markdown',
      markdown: {
        title:
          d.title ||
          Array.from(d.body.split('\n')[0] ?? '')
            .slice(0, 60)
            .join(''),
        text: cutBytes(d.body, ROBOT_MARKDOWN_MAX_BYTES.dingtalk),
      },
    },
  }),
  verdict: (answer) => codeVerdict(answer, 'errcode', [130101]),
};

/**
 * Feishu (飞书) custom bot with signing: `timestamp` (seconds) and `sign` in the body; an
 * interactive card whose header is the title and whose markdown element is the body (the robot
 * templates are markdown). code 0 is delivered; 9499 and 11232 are its rate limits.
 */
export const feishuFormat: RobotFormat = {
  channel: 'feishu',
  request: (d, { url, secret }, now) => {
    const timestamp = Math.floor(now.getTime() / 1000);
    return {
      url,
      body: {
        ...(secret ? { timestamp: String(timestamp), sign: feishuSign(timestamp, secret) } : {}),
        msg_type: 'interactive',
        card: {
          config: { wide_screen_mode: true },
          header: {
            title: { tag: 'plain_text', content: d.title || d.purpose },
            template: d.critical ? 'red' : 'blue',
          },
          elements: [{ tag: 'markdown', content: cutBytes(d.body, ROBOT_MARKDOWN_MAX_BYTES.feishu) }],
        },
      },
    };
  },
  verdict: (answer) => codeVerdict(answer, 'code', [9499, 11232]),
};

/** A group robot: one message per push to the channel's URL as it is now, signed with its secret. */
export function robotProvider(env: ProviderEnv, format: RobotFormat): ChannelProvider {
  return {
    channel: format.channel,
    async send(d, { now }) {
      const settings = await env.channel(format.channel);
      if (!settings.enabled) return channelOff();
      if (!settings.url || !URL.canParse(settings.url)) return failed('noAddress');
      const req = format.request(d, settings, now);
      const answer = await postJson(req.url, JSON.stringify(req.body), {}, env.config.NOTIFY_HTTP_TIMEOUT_MS);
      if (!isAnswer(answer)) return answer;
      if (answer.status < 200 || answer.status >= 300) return statusOutcome(answer);
      return format.verdict(answer);
    },
  };
}

/** Messages a minute each robot takes, as their docs say (WeCom and DingTalk 20, Feishu 100). */
export const ROBOT_RATE_PER_MINUTE: Record<RobotChannel, number> = { wecom: 20, dingtalk: 20, feishu: 100 };
