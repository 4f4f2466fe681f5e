import {
  isRobotChannel,
  NOTIFY_CHANNELS,
  NOTIFY_PURPOSES,
  type NotifyChannel,
  type NotifyChannelSettings,
  type NotifyPurpose,
  type NotifyTemplate,
  type NotifyTemplatePreview,
  type notifyTemplatePreviewBodySchema,
  ROBOT_MARKDOWN_MAX_BYTES,
  renderTemplate,
  SMS_MAX_SEGMENTS,
  smsSize,
  unknownTemplateVariables,
} from '@water/contracts';
import type { z } from 'zod';
import type { ApiCall } from '../../../shared/testing/render-page.tsx';

const idOf = (purpose: NotifyPurpose, channel: NotifyChannel) =>
  NOTIFY_PURPOSES.indexOf(purpose) * NOTIFY_CHANNELS.length + NOTIFY_CHANNELS.indexOf(channel) + 1;

/** A template as the server answers it: the seeded default unless `overrides` say otherwise. */
export function template(
  purpose: NotifyPurpose,
  channel: NotifyChannel,
  overrides: Partial<NotifyTemplate> = {},
): NotifyTemplate {
  const sms = channel === 'sms';
  return {
    id: idOf(purpose, channel),
    purpose,
    channel,
    enabled: channel === 'inApp' || (sms && purpose === 'alarm.raised'),
    title: sms ? { 'zh-CN': '', 'en-US': '' } : { 'zh-CN': '【{severity}】{title}', 'en-US': '[{severity}] {title}' },
    body: sms
      ? {
          'zh-CN': '【{severity}】{station}{device} {title}：{value}{unit}（阈值 {threshold}）',
          'en-US': '[{severity}] {station} {device}: {value}{unit} (limit {threshold})',
        }
      : {
          'zh-CN': '{station} {device} {metric} {value}{unit}，阈值 {threshold}。',
          'en-US': '{station} {device} {metric} {value}{unit}, limit {threshold}.',
        },
    fallback: null,
    isDefault: true,
    updatedAt: '2026-11-27T00:00:00.000Z',
    updatedBy: '',
    ...overrides,
  };
}

/** Every template of the contract's purposes and channels. */
export const allTemplates = (overrides: (t: NotifyTemplate) => Partial<NotifyTemplate> = () => ({})) =>
  NOTIFY_PURPOSES.flatMap((p) => NOTIFY_CHANNELS.map((c) => template(p, c))).map((t) => ({ ...t, ...overrides(t) }));

const SAMPLES = {
  'zh-CN': {
    severity: '严重',
    station: '城东泵站',
    device: 'PS01-LT01',
    title: '前池高液位',
    value: '7.05',
    unit: 'm',
    threshold: '6.80',
    metric: '液位',
  },
  'en-US': {
    severity: 'Critical',
    station: 'East pump station',
    device: 'PS01-LT01',
    title: 'High wet-well level',
    value: '7.05',
    unit: 'm',
    threshold: '6.80',
    metric: 'Level',
  },
};

/** The preview as the server would render it: the samples filled in, sizes and limits checked. */
export function previewOf(call: ApiCall): NotifyTemplatePreview {
  const body = call.body as z.input<typeof notifyTemplatePreviewBodySchema>;
  const rendered = {
    'zh-CN': {
      title: renderTemplate(body.title['zh-CN'], SAMPLES['zh-CN']),
      body: renderTemplate(body.body['zh-CN'], SAMPLES['zh-CN']),
    },
    'en-US': {
      title: renderTemplate(body.title['en-US'], SAMPLES['en-US']),
      body: renderTemplate(body.body['en-US'], SAMPLES['en-US']),
    },
  };
  const unknown = [
    ...new Set(
      [body.title['zh-CN'], body.title['en-US'], body.body['zh-CN'], body.body['en-US']].flatMap((text) =>
        unknownTemplateVariables(body.purpose, text),
      ),
    ),
  ];
  const sms =
    body.channel === 'sms'
      ? { 'zh-CN': smsSize(rendered['zh-CN'].body), 'en-US': smsSize(rendered['en-US'].body) }
      : null;
  const bytes = {
    'zh-CN': new TextEncoder().encode(rendered['zh-CN'].body).length,
    'en-US': new TextEncoder().encode(rendered['en-US'].body).length,
  };
  const problems: NotifyTemplatePreview['problems'] = [];
  for (const locale of ['zh-CN', 'en-US'] as const) {
    if (sms && sms[locale].segments > SMS_MAX_SEGMENTS) {
      problems.push({ locale, key: 'validation.smsTooLong', limit: SMS_MAX_SEGMENTS });
    }
    if (isRobotChannel(body.channel) && bytes[locale] > ROBOT_MARKDOWN_MAX_BYTES[body.channel]) {
      problems.push({ locale, key: 'validation.markdownTooLong', limit: ROBOT_MARKDOWN_MAX_BYTES[body.channel] });
    }
  }
  return { rendered, unknown, sms, bytes, problems };
}

export function channel(c: NotifyChannel, overrides: Partial<NotifyChannelSettings> = {}): NotifyChannelSettings {
  return {
    channel: c,
    enabled: c === 'inApp' || c === 'sms' || c === 'email',
    url: c === 'email' ? '127.0.0.1' : '',
    hasSecret: false,
    ready: c === 'inApp' || c === 'sms',
    provider: c === 'sms' ? 'outbox' : c === 'email' ? 'Water Ops <noreply@water.local>' : '',
    updatedAt: null,
    ...overrides,
  };
}

export const allChannels = () => NOTIFY_CHANNELS.map((c) => channel(c));
