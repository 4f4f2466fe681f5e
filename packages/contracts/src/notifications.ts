import { z } from 'zod';
import { idParamsSchema } from './account.ts';
import { endpoint } from './common/endpoint.ts';
import { LOCALES, type Locale } from './common/locale.ts';
import { pageOf, pageQuerySchema } from './common/pagination.ts';
import { dateTimeSchema, idSchema, plainText, text } from './common/validation.ts';

/**
 * Notifications (issue 16): templates per purpose and channel in both languages, the channels
 * (in-app, SMS, e-mail, a generic signed webhook, and the WeCom, DingTalk and Feishu group robots),
 * each user's preferences, and pushes delivered through a durable outbox with one row per
 * recipient and channel.
 */

const templateTags = ['notify-templates'] as const;
const pushTags = ['notify-pushes'] as const;
const prefTags = ['account'] as const;

/** Why a message is sent: one template per purpose and channel. */
export const NOTIFY_PURPOSES = [
  'alarm.raised',
  'alarm.escalated',
  'alarm.reminder',
  'alarm.cleared',
  'workorder.todo',
  'manual',
] as const;
export type NotifyPurpose = (typeof NOTIFY_PURPOSES)[number];

/** Every channel, in the order the console lists them. */
export const NOTIFY_CHANNELS = ['inApp', 'sms', 'email', 'webhook', 'wecom', 'dingtalk', 'feishu'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/** Channels that reach each recipient at their own address (their console, phone, mailbox, the utility's own app bridge). */
export const PERSONAL_CHANNELS = ['inApp', 'sms', 'email', 'webhook'] as const;
export type PersonalChannel = (typeof PERSONAL_CHANNELS)[number];

/** Group robots: one message per push to the configured group chat, not one per recipient. */
export const ROBOT_CHANNELS = ['wecom', 'dingtalk', 'feishu'] as const;
export type RobotChannel = (typeof ROBOT_CHANNELS)[number];

export const isRobotChannel = (c: NotifyChannel): c is RobotChannel =>
  (ROBOT_CHANNELS as readonly string[]).includes(c);

/**
 * A delivery's life: queued → sending → sent; a transient failure → retrying (with back-off) →
 * sending again …; retries used up → given-up; a failure no retry can mend (no balance, no
 * address, the channel off) → failed.
 */
export const DELIVERY_STATES = ['queued', 'sending', 'sent', 'failed', 'retrying', 'given-up'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** A push's life: scheduled (waiting for its time), sending (deliveries open), done, cancelled. */
export const PUSH_STATES = ['scheduled', 'sending', 'done', 'cancelled'] as const;
export type PushState = (typeof PUSH_STATES)[number];

const ALARM_VARIABLES = [
  'title',
  'device',
  'station',
  'region',
  'metric',
  'value',
  'unit',
  'threshold',
  'condition',
  'severity',
  'time',
  'link',
  'recipient',
] as const;

/** The variables a template of each purpose may use, written `{name}`. */
export const TEMPLATE_VARIABLES = {
  'alarm.raised': ALARM_VARIABLES,
  'alarm.escalated': [...ALARM_VARIABLES, 'minutes'],
  'alarm.reminder': [...ALARM_VARIABLES, 'count'],
  'alarm.cleared': [...ALARM_VARIABLES, 'reason', 'duration'],
  'workorder.todo': ['order', 'title', 'station', 'assignee', 'due', 'time', 'link', 'recipient'],
  manual: ['title', 'content', 'time', 'link', 'recipient', 'sender'],
} as const satisfies Record<NotifyPurpose, readonly string[]>;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[NotifyPurpose][number];

const VARIABLE = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;

/** The variable names a text uses, in order of first use. */
export function templateVariablesOf(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(VARIABLE), (m) => m[1]!))];
}

/** The names a text uses that its purpose does not offer. */
export function unknownTemplateVariables(purpose: NotifyPurpose, text: string): string[] {
  const known: readonly string[] = TEMPLATE_VARIABLES[purpose];
  return templateVariablesOf(text).filter((name) => !known.includes(name));
}

/** Fills `{name}` from `values`; a name without a value renders empty. */
export function renderTemplate(text: string, values: Partial<Record<string, string | number>>): string {
  return text.replace(VARIABLE, (_, name: string) => {
    const v = values[name];
    return v === undefined || v === null ? '' : String(v);
  });
}

/** GSM 03.38's basic set: a text of only these is 160 characters a segment, else UCS-2 (70). */
const GSM7 = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà^{}\\[~\]|€]*$/;

export interface SmsSize {
  /** Characters as the gateway counts them (code points). */
  chars: number;
  /** Segments the message is billed as: 70 / 67 a segment in UCS-2, 160 / 153 in GSM 7-bit. */
  segments: number;
  /** Whether it needs UCS-2 (any Chinese does). */
  unicode: boolean;
}

/** How an SMS text is billed: China's gateways charge per segment of a long message. */
export function smsSize(text: string): SmsSize {
  const chars = Array.from(text).length;
  const unicode = !GSM7.test(text);
  const single = unicode ? 70 : 160;
  const part = unicode ? 67 : 153;
  return { chars, unicode, segments: chars === 0 ? 0 : chars <= single ? 1 : Math.ceil(chars / part) };
}

/** The most segments a template's SMS may take (rendered with sample values). */
export const SMS_MAX_SEGMENTS = 4;
/** Robot markdown limits in bytes (UTF-8): WeCom 4096, DingTalk 20000, Feishu 30000 (their documented caps). */
export const ROBOT_MARKDOWN_MAX_BYTES: Record<RobotChannel, number> = { wecom: 4096, dingtalk: 20_000, feishu: 30_000 };
/** Prefix of a signed request's header: `X-Water-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-water-signature';
export const WEBHOOK_IDEMPOTENCY_HEADER = 'idempotency-key';

const localized = <T extends z.ZodType>(schema: T) => z.object({ 'zh-CN': schema, 'en-US': schema });

export const notifyTemplateSchema = z.object({
  id: z.number().int(),
  purpose: z.enum(NOTIFY_PURPOSES),
  channel: z.enum(NOTIFY_CHANNELS),
  enabled: z.boolean(),
  /** In-app title, e-mail subject, robot card title; SMS has none. */
  title: localized(z.string()),
  body: localized(z.string()),
  /** When this channel fails for a recipient, try this one of theirs instead (personal channels only). */
  fallback: z.enum(PERSONAL_CHANNELS).nullable(),
  /** Whether the text is still the seeded default. */
  isDefault: z.boolean(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type NotifyTemplate = z.infer<typeof notifyTemplateSchema>;

export const notifyTemplateListQuerySchema = z.object({
  purpose: z.enum(NOTIFY_PURPOSES).optional(),
  channel: z.enum(NOTIFY_CHANNELS).optional(),
});

const templateTitle = plainText(120);
const templateBody = plainText(2000).min(1, { error: 'validation.required' });

/**
 * An edit of a template. The server refuses a variable its purpose does not offer (400, the field
 * and the name given), an SMS over SMS_MAX_SEGMENTS and robot markdown over the robot's cap once
 * rendered with sample values, and a fallback that is the template's own channel.
 */
export const notifyTemplateInputSchema = z.object({
  enabled: z.boolean(),
  title: localized(templateTitle),
  body: localized(templateBody),
  fallback: z.enum(PERSONAL_CHANNELS).nullable().default(null),
});
export type NotifyTemplateInput = z.infer<typeof notifyTemplateInputSchema>;

export const notifyTemplatePreviewBodySchema = z.object({
  purpose: z.enum(NOTIFY_PURPOSES),
  channel: z.enum(NOTIFY_CHANNELS),
  // Plain text like a saved template (an empty body previews as nothing, it is not refused).
  title: localized(templateTitle),
  body: localized(plainText(2000)),
});

export const renderedMessageSchema = z.object({ title: z.string(), body: z.string() });
export const notifyTemplatePreviewSchema = z.object({
  /** Rendered with sample values of each language. */
  rendered: localized(renderedMessageSchema),
  /** Variables used that the purpose does not offer (the server refuses saving these). */
  unknown: z.array(z.string()),
  /** Per language: SMS size, or the body's UTF-8 bytes for robots (checked against the cap). */
  sms: localized(z.object({ chars: z.number().int(), segments: z.number().int(), unicode: z.boolean() })).nullable(),
  bytes: localized(z.number().int()),
  /** Limits exceeded, as validation message keys with their figures. */
  problems: z.array(z.object({ locale: z.enum(LOCALES), key: z.string(), limit: z.number() })),
});
export type NotifyTemplatePreview = z.infer<typeof notifyTemplatePreviewSchema>;

/** A channel's settings: where robots and the generic webhook post, and whether each channel is on. */
export const notifyChannelSchema = z.object({
  channel: z.enum(NOTIFY_CHANNELS),
  enabled: z.boolean(),
  /** Robot or webhook address; for e-mail, the SMTP server's host (from settings, read-only); else ''. */
  url: z.string(),
  /** A secret is kept (never answered). DingTalk and Feishu sign with it; the generic webhook too. */
  hasSecret: z.boolean(),
  /** Whether the channel can deliver now (an address, SMTP settings, an SMS provider). */
  ready: z.boolean(),
  /** The SMS provider's or e-mail sender's name, for the screen. */
  provider: z.string(),
  updatedAt: z.string().nullable(),
});
export type NotifyChannelSettings = z.infer<typeof notifyChannelSchema>;

const webhookUrl = z.union([
  z.literal(''),
  z.url({ protocol: /^https?$/, error: 'validation.url' }).max(500, { error: 'validation.tooLong' }),
]);

export const notifyChannelParamsSchema = z.object({ channel: z.enum(NOTIFY_CHANNELS) });
export const notifyChannelInputSchema = z.object({
  enabled: z.boolean(),
  url: webhookUrl.default(''),
  /** Omitted: keep the stored one; '' removes it. */
  secret: text(200).optional(),
});
export type NotifyChannelInput = z.infer<typeof notifyChannelInputSchema>;

export const notifyChannelTestSchema = z.object({
  ok: z.boolean(),
  /** Why it failed, in the caller's language. */
  error: z.string(),
  ms: z.number(),
});

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.timeOfDay' });

/** A user's own notification settings. In-app is always on; critical alarms ignore quiet hours. */
export const notifyPrefsSchema = z.object({
  channels: z.array(z.enum(PERSONAL_CHANNELS)),
  locale: z.enum(LOCALES),
  quietHours: z.object({ enabled: z.boolean(), start: z.string(), end: z.string() }),
  /** Where SMS and e-mail go (from the profile), shown so the user knows. */
  phone: z.string(),
  email: z.string(),
});
export type NotifyPrefs = z.infer<typeof notifyPrefsSchema>;

export const notifyPrefsInputSchema = z.object({
  channels: z.array(z.enum(PERSONAL_CHANNELS)).max(PERSONAL_CHANNELS.length),
  locale: z.enum(LOCALES),
  quietHours: z.object({ enabled: z.boolean(), start: clock, end: clock }),
});
export type NotifyPrefsInput = z.infer<typeof notifyPrefsInputSchema>;

export const pushAudienceSchema = z.object({
  userIds: z.array(idSchema).max(500).default([]),
  roleCodes: z.array(text(64).min(1)).max(50).default([]),
  /** A department reaches its members and those of every department below it. */
  departmentIds: z.array(idSchema).max(100).default([]),
});
export const pushAudienceOutSchema = z.object({
  userIds: z.array(z.number().int()),
  roleCodes: z.array(z.string()),
  departmentIds: z.array(z.number().int()),
});

const isoTime = dateTimeSchema;

/**
 * A manual push. With `useTemplate`, each channel wraps title and content in the manual-notice
 * template of the recipient's language; without, the text goes as written on every channel.
 * `scheduledAt` (future, within 30 days) holds it until then; the server refuses an audience that
 * resolves to nobody and a time in the past.
 */
export const pushCreateBodySchema = z.object({
  title: plainText(100).min(1, { error: 'validation.required' }),
  content: plainText(1000).default(''),
  useTemplate: z.boolean().default(true),
  channels: z.array(z.enum(NOTIFY_CHANNELS)).min(1, { error: 'validation.required' }).max(NOTIFY_CHANNELS.length),
  audience: pushAudienceSchema,
  scheduledAt: isoTime.nullable().default(null),
  /** A console route the message opens, e.g. /bz/alarm. */
  link: z
    .string()
    .max(300)
    .regex(/^(\/[\w\-./?=&%]*)?$/, { error: 'validation.link' })
    .default(''),
});
export type PushCreateBody = z.infer<typeof pushCreateBodySchema>;

export const pushEstimateSchema = z.object({
  recipients: z.number().int(),
  /** Deliveries per channel the push would queue (robots: one each). */
  deliveries: z.record(z.string(), z.number().int()),
  sms: z.object({
    /** Recipients with a phone who take SMS. */
    recipients: z.number().int(),
    /** Segments of the longest rendering (each language). */
    segments: z.number().int(),
    /** SMS billed: recipients × their rendering's segments. */
    count: z.number().int(),
    price: z.number(),
    cost: z.number(),
    balance: z.number(),
    enough: z.boolean(),
  }),
  /** Chosen channels that cannot deliver now (off, or not set up): left out above; sending refuses them. */
  channelsOff: z.array(z.enum(NOTIFY_CHANNELS)).optional(),
});
export type PushEstimate = z.infer<typeof pushEstimateSchema>;

export const deliveryCountsSchema = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  retrying: z.number().int(),
  givenUp: z.number().int(),
});
export type DeliveryCounts = z.infer<typeof deliveryCountsSchema>;

export const pushSchema = z.object({
  id: z.number().int(),
  purpose: z.enum(NOTIFY_PURPOSES),
  title: z.string(),
  content: z.string(),
  channels: z.array(z.enum(NOTIFY_CHANNELS)),
  audience: pushAudienceOutSchema,
  /** What raised it: 'manual', 'alarm', …; with the alarm's id for alarms. */
  source: z.string(),
  sourceId: z.string(),
  state: z.enum(PUSH_STATES),
  createdBy: z.string(),
  createdAt: z.string(),
  scheduledAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  recipients: z.number().int(),
  counts: deliveryCountsSchema,
  /** SMS: estimated when sent, then charged (yuan) as the deliveries go. */
  smsEstimate: z.number(),
  smsCost: z.number(),
  smsCount: z.number().int(),
});
export type Push = z.infer<typeof pushSchema>;

export const pushListQuerySchema = pageQuerySchema.extend({
  keyword: text(100).optional(),
  state: z.enum(PUSH_STATES).optional(),
  source: z.enum(['manual', 'alarm', 'workorder']).optional(),
  channel: z.enum(NOTIFY_CHANNELS).optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
});

export const deliverySchema = z.object({
  id: z.number().int(),
  pushId: z.number().int(),
  /** Null for a group robot. */
  userId: z.number().int().nullable(),
  recipient: z.string(),
  channel: z.enum(NOTIFY_CHANNELS),
  /** Phone, e-mail or robot masked: 138****0001, z***@example.com. */
  address: z.string(),
  locale: z.enum(LOCALES),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  /** Why the last attempt failed, in the caller's language; '' when none did. */
  error: z.string(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** The channel this one stands in for, when it is a fallback. */
  fallbackOf: z.enum(NOTIFY_CHANNELS).nullable(),
  /** Held back by the recipient's quiet hours until nextAttemptAt. */
  quiet: z.boolean(),
  /** SMS segments charged. */
  segments: z.number().int(),
  title: z.string(),
  body: z.string(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryListQuerySchema = pageQuerySchema.extend({
  state: z.enum(DELIVERY_STATES).optional(),
  channel: z.enum(NOTIFY_CHANNELS).optional(),
  keyword: text(100).optional(),
});

export const pushResendSchema = z.object({ requeued: z.number().int() });

export const notifyApi = {
  templates: endpoint({
    method: 'GET',
    path: '/notify/templates',
    summary: 'Message templates: one per purpose and channel, both languages',
    tags: templateTags,
    query: notifyTemplateListQuerySchema,
    data: z.array(notifyTemplateSchema),
  }),
  updateTemplate: endpoint({
    method: 'PUT',
    path: '/notify/templates/:id',
    summary: 'Edit a template; unknown variables and texts over the channel’s limits are refused (400, named)',
    tags: templateTags,
    params: idParamsSchema,
    body: notifyTemplateInputSchema,
    data: notifyTemplateSchema,
  }),
  resetTemplate: endpoint({
    method: 'POST',
    path: '/notify/templates/:id/reset',
    summary: 'Put a template back to its seeded text',
    tags: templateTags,
    params: idParamsSchema,
    data: notifyTemplateSchema,
  }),
  previewTemplate: endpoint({
    method: 'POST',
    path: '/notify/templates/preview',
    summary: 'Render a template (not saved) with sample values in both languages and check the channel’s limits',
    tags: templateTags,
    body: notifyTemplatePreviewBodySchema,
    data: notifyTemplatePreviewSchema,
  }),
  channels: endpoint({
    method: 'GET',
    path: '/notify/channels',
    summary: 'The channels: on or off, their addresses (secrets never answered) and whether each can deliver',
    tags: templateTags,
    data: z.array(notifyChannelSchema),
  }),
  updateChannel: endpoint({
    method: 'PUT',
    path: '/notify/channels/:channel',
    summary: 'Turn a channel on or off; set a robot’s or the webhook’s address and secret',
    tags: templateTags,
    params: notifyChannelParamsSchema,
    body: notifyChannelInputSchema,
    data: notifyChannelSchema,
  }),
  testChannel: endpoint({
    method: 'POST',
    path: '/notify/channels/:channel/test',
    summary: 'Send a test message on a channel now (to the caller for personal channels) and say how it went',
    tags: templateTags,
    params: notifyChannelParamsSchema,
    data: notifyChannelTestSchema,
  }),
  prefs: endpoint({
    method: 'GET',
    path: '/account/notify-prefs',
    summary: 'The caller’s notification channels, language and quiet hours',
    tags: prefTags,
    data: notifyPrefsSchema,
  }),
  updatePrefs: endpoint({
    method: 'PUT',
    path: '/account/notify-prefs',
    summary: 'Set the caller’s notification channels, language and quiet hours',
    tags: prefTags,
    body: notifyPrefsInputSchema,
    data: notifyPrefsSchema,
  }),
  pushes: endpoint({
    method: 'GET',
    path: '/notify/pushes',
    summary: 'The push log: manual pushes and alarm notifications, newest first, with delivery counts',
    tags: pushTags,
    query: pushListQuerySchema,
    data: pageOf(pushSchema),
  }),
  push: endpoint({
    method: 'GET',
    path: '/notify/pushes/:id',
    summary: 'One push with its delivery counts',
    tags: pushTags,
    params: idParamsSchema,
    data: pushSchema,
  }),
  deliveries: endpoint({
    method: 'GET',
    path: '/notify/pushes/:id/deliveries',
    summary: 'A push’s deliveries: one per recipient and channel, with state and the reason of each failure',
    tags: pushTags,
    params: idParamsSchema,
    query: deliveryListQuerySchema,
    data: pageOf(deliverySchema),
  }),
  estimate: endpoint({
    method: 'POST',
    path: '/notify/pushes/estimate',
    summary: 'What a push would queue: recipients, deliveries per channel and the SMS cost against the balance',
    tags: pushTags,
    body: pushCreateBodySchema,
    data: pushEstimateSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/notify/pushes',
    summary: 'Push a message now or at a time; answers once queued, delivery goes on in the background',
    tags: pushTags,
    body: pushCreateBodySchema,
    data: pushSchema,
  }),
  resend: endpoint({
    method: 'POST',
    path: '/notify/pushes/:id/resend',
    summary: 'Queue the failed and given-up deliveries of a push again',
    tags: pushTags,
    params: idParamsSchema,
    data: pushResendSchema,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/notify/pushes/:id/cancel',
    summary: 'Cancel a scheduled push before its time',
    tags: pushTags,
    params: idParamsSchema,
    data: pushSchema,
  }),
} as const;

/** The sample values a preview renders with, per language (the console shows the same). */
export type TemplateSamples = Record<Locale, Record<string, string>>;
