import {
  isRobotChannel,
  LOCALES,
  type Locale,
  NOTIFY_CHANNELS,
  NOTIFY_PURPOSES,
  type NotifyChannel,
  type NotifyPurpose,
  type PersonalChannel,
} from '@water/contracts';
import type { Queryable } from '../client.ts';
import { notifyChannels, notifyTemplates } from '../schema/index.ts';

type Localized = Record<Locale, string>;

/** A template as seeded, and as a reset puts it back. */
export interface DefaultTemplate {
  enabled: boolean;
  title: Localized;
  body: Localized;
  fallback: PersonalChannel | null;
}

const L = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });

/** The texts of one purpose: robots share one markdown text (WeCom, DingTalk and Feishu all read it). */
interface PurposeTexts {
  /** One Chinese segment (70 characters) when rendered with typical values; no title. */
  sms: Localized;
  inApp: { title: Localized; body: Localized };
  /** Subject and plain-text body, with the console link. */
  email: { title: Localized; body: Localized };
  /** Markdown: a heading, quoted facts, the link. */
  robot: { title: Localized; body: Localized };
  /** Plain text: the webhook's JSON carries title and body side by side. */
  webhook: { title: Localized; body: Localized };
}

const EMAIL_FOOTER = L(
  '此邮件由水务运营平台自动发送，请勿直接回复。',
  'This message was sent automatically by the water operations console; please do not reply.',
);

const TEXTS: Record<NotifyPurpose, PurposeTexts> = {
  'alarm.raised': {
    sms: L(
      '【{severity}】{station}{device} {title}：{value}{unit}（阈值 {threshold}）{time}',
      '[{severity}] {station} {device} {title}: {value} {unit} (threshold {threshold}) {time}',
    ),
    inApp: {
      title: L('【{severity}】{title}', '[{severity}] {title}'),
      body: L(
        '{station} · {device}（{region}）\n{metric}：{value}{unit}，阈值 {threshold}{unit}\n触发条件：{condition}\n发生时间：{time}',
        '{station} · {device} ({region})\n{metric}: {value} {unit}, threshold {threshold} {unit}\nCondition: {condition}\nRaised at: {time}',
      ),
    },
    email: {
      title: L('【{severity}告警】{station} {device} {title}', '[{severity} alarm] {station} {device}: {title}'),
      body: L(
        '{recipient}，您好：\n\n{station}（{region}）的设备 {device} 发生{severity}告警：{title}。\n\n监测项：{metric}\n当前值：{value}{unit}\n阈值：{threshold}{unit}\n触发条件：{condition}\n发生时间：{time}\n\n查看与处理：{link}\n\n',
        'Hello {recipient},\n\n{device} at {station} ({region}) raised a {severity} alarm: {title}.\n\nMetric: {metric}\nValue: {value} {unit}\nThreshold: {threshold} {unit}\nCondition: {condition}\nRaised at: {time}\n\nOpen and handle it: {link}\n\n',
      ),
    },
    robot: {
      title: L('{severity}告警：{title}', '{severity} alarm: {title}'),
      body: L(
        '### {severity} · {title}\n> 泵站：{station}（{region}）\n> 设备：{device}\n> {metric}：**{value}{unit}**（阈值 {threshold}{unit}）\n> 时间：{time}\n\n[查看告警]({link})',
        '### {severity} · {title}\n> Station: {station} ({region})\n> Device: {device}\n> {metric}: **{value} {unit}** (threshold {threshold} {unit})\n> Time: {time}\n\n[Open the alarm]({link})',
      ),
    },
    webhook: {
      title: L('【{severity}告警】{title}', '[{severity} alarm] {title}'),
      body: L(
        '{station} {device}（{region}）{metric} {value}{unit}，阈值 {threshold}{unit}，{condition}，{time}',
        '{station} {device} ({region}): {metric} {value} {unit}, threshold {threshold} {unit}, {condition}, {time}',
      ),
    },
  },
  'alarm.escalated': {
    sms: L(
      '【告警升级】{station}{device} {title} 已{minutes}分钟未确认，当前 {value}{unit}，请尽快处理',
      '[Escalated] {station} {device} {title}: unacknowledged for {minutes} min, now {value} {unit}. Please act now',
    ),
    inApp: {
      title: L('【告警升级】{title}', '[Escalated] {title}'),
      body: L(
        '{severity}告警已 {minutes} 分钟无人确认，现升级通知您。\n{station} · {device}（{region}）\n{metric}：{value}{unit}，阈值 {threshold}{unit}\n发生时间：{time}',
        'This {severity} alarm has been unacknowledged for {minutes} min and is escalated to you.\n{station} · {device} ({region})\n{metric}: {value} {unit}, threshold {threshold} {unit}\nRaised at: {time}',
      ),
    },
    email: {
      title: L(
        '【告警升级】{station} {device} {title}（{minutes} 分钟未确认）',
        '[Escalated] {station} {device}: {title} ({minutes} min unacknowledged)',
      ),
      body: L(
        '{recipient}，您好：\n\n{station}（{region}）的设备 {device} 的{severity}告警“{title}”已 {minutes} 分钟无人确认，现升级通知您，请尽快处理。\n\n监测项：{metric}\n当前值：{value}{unit}\n阈值：{threshold}{unit}\n触发条件：{condition}\n发生时间：{time}\n\n查看与处理：{link}\n\n',
        'Hello {recipient},\n\nThe {severity} alarm "{title}" on {device} at {station} ({region}) has been unacknowledged for {minutes} min and is escalated to you. Please handle it now.\n\nMetric: {metric}\nValue: {value} {unit}\nThreshold: {threshold} {unit}\nCondition: {condition}\nRaised at: {time}\n\nOpen and handle it: {link}\n\n',
      ),
    },
    robot: {
      title: L('告警升级：{title}', 'Escalated: {title}'),
      body: L(
        '### 告警升级 · {title}\n> 已 **{minutes} 分钟**无人确认（{severity}）\n> 泵站：{station}（{region}）\n> 设备：{device}\n> {metric}：**{value}{unit}**（阈值 {threshold}{unit}）\n> 发生时间：{time}\n\n[立即处理]({link})',
        '### Escalated · {title}\n> Unacknowledged for **{minutes} min** ({severity})\n> Station: {station} ({region})\n> Device: {device}\n> {metric}: **{value} {unit}** (threshold {threshold} {unit})\n> Raised at: {time}\n\n[Handle it now]({link})',
      ),
    },
    webhook: {
      title: L('【告警升级】{title}', '[Escalated] {title}'),
      body: L(
        '{station} {device}（{region}）{severity}告警已 {minutes} 分钟未确认：{metric} {value}{unit}，阈值 {threshold}{unit}，{time}',
        '{station} {device} ({region}): {severity} alarm unacknowledged for {minutes} min: {metric} {value} {unit}, threshold {threshold} {unit}, {time}',
      ),
    },
  },
  'alarm.reminder': {
    sms: L(
      '【告警提醒】{station}{device} {title} 仍未确认（第{count}次），当前 {value}{unit}',
      '[Reminder] {station} {device} {title} still unacknowledged (#{count}), now {value} {unit}',
    ),
    inApp: {
      title: L('【告警提醒】{title}', '[Reminder] {title}'),
      body: L(
        '该{severity}告警仍未确认（第 {count} 次提醒）。\n{station} · {device}（{region}）\n{metric}：{value}{unit}，阈值 {threshold}{unit}\n发生时间：{time}',
        'This {severity} alarm is still unacknowledged (reminder {count}).\n{station} · {device} ({region})\n{metric}: {value} {unit}, threshold {threshold} {unit}\nRaised at: {time}',
      ),
    },
    email: {
      title: L(
        '【告警提醒】{station} {device} {title}（第 {count} 次）',
        '[Reminder {count}] {station} {device}: {title}',
      ),
      body: L(
        '{recipient}，您好：\n\n{station}（{region}）的设备 {device} 的{severity}告警“{title}”仍未确认，这是第 {count} 次提醒。\n\n监测项：{metric}\n当前值：{value}{unit}\n阈值：{threshold}{unit}\n触发条件：{condition}\n发生时间：{time}\n\n查看与处理：{link}\n\n',
        'Hello {recipient},\n\nThe {severity} alarm "{title}" on {device} at {station} ({region}) is still unacknowledged; this is reminder {count}.\n\nMetric: {metric}\nValue: {value} {unit}\nThreshold: {threshold} {unit}\nCondition: {condition}\nRaised at: {time}\n\nOpen and handle it: {link}\n\n',
      ),
    },
    robot: {
      title: L('告警提醒：{title}', 'Reminder: {title}'),
      body: L(
        '### 告警提醒 · {title}\n> 仍未确认，第 **{count}** 次提醒（{severity}）\n> 泵站：{station}（{region}）\n> 设备：{device}\n> {metric}：**{value}{unit}**（阈值 {threshold}{unit}）\n> 发生时间：{time}\n\n[查看告警]({link})',
        '### Reminder · {title}\n> Still unacknowledged, reminder **{count}** ({severity})\n> Station: {station} ({region})\n> Device: {device}\n> {metric}: **{value} {unit}** (threshold {threshold} {unit})\n> Raised at: {time}\n\n[Open the alarm]({link})',
      ),
    },
    webhook: {
      title: L('【告警提醒】{title}', '[Reminder] {title}'),
      body: L(
        '{station} {device}（{region}）{severity}告警仍未确认（第 {count} 次提醒）：{metric} {value}{unit}，阈值 {threshold}{unit}，{time}',
        '{station} {device} ({region}): {severity} alarm still unacknowledged (reminder {count}): {metric} {value} {unit}, threshold {threshold} {unit}, {time}',
      ),
    },
  },
  'alarm.cleared': {
    sms: L(
      '【告警解除】{station}{device} {title} 已解除（{reason}），持续 {duration}',
      '[Cleared] {station} {device} {title}: {reason}, lasted {duration}',
    ),
    inApp: {
      title: L('【告警解除】{title}', '[Cleared] {title}'),
      body: L(
        '{station} · {device}（{region}）\n{metric}：{value}{unit}\n解除原因：{reason}\n持续时长：{duration}\n解除时间：{time}',
        '{station} · {device} ({region})\n{metric}: {value} {unit}\nReason: {reason}\nLasted: {duration}\nCleared at: {time}',
      ),
    },
    email: {
      title: L('【告警解除】{station} {device} {title}', '[Cleared] {station} {device}: {title}'),
      body: L(
        '{recipient}，您好：\n\n{station}（{region}）的设备 {device} 的{severity}告警“{title}”已解除。\n\n解除原因：{reason}\n持续时长：{duration}\n{metric}：{value}{unit}\n解除时间：{time}\n\n查看详情：{link}\n\n',
        'Hello {recipient},\n\nThe {severity} alarm "{title}" on {device} at {station} ({region}) has cleared.\n\nReason: {reason}\nLasted: {duration}\n{metric}: {value} {unit}\nCleared at: {time}\n\nDetails: {link}\n\n',
      ),
    },
    robot: {
      title: L('告警解除：{title}', 'Cleared: {title}'),
      body: L(
        '### 告警解除 · {title}\n> 泵站：{station}（{region}）\n> 设备：{device}\n> 原因：{reason}，持续 {duration}\n> {metric}：{value}{unit}\n> 解除时间：{time}\n\n[查看详情]({link})',
        '### Cleared · {title}\n> Station: {station} ({region})\n> Device: {device}\n> Reason: {reason}, lasted {duration}\n> {metric}: {value} {unit}\n> Cleared at: {time}\n\n[Details]({link})',
      ),
    },
    webhook: {
      title: L('【告警解除】{title}', '[Cleared] {title}'),
      body: L(
        '{station} {device}（{region}）告警已解除：{reason}，持续 {duration}，{time}',
        '{station} {device} ({region}) cleared: {reason}, lasted {duration}, {time}',
      ),
    },
  },
  'workorder.todo': {
    sms: L(
      '【待办工单】{order} {title}（{station}），请于 {due} 前处理',
      '[Work order] {order} {title} ({station}), due {due}',
    ),
    inApp: {
      title: L('【待办工单】{title}', '[Work order] {title}'),
      body: L(
        '工单 {order} 待您处理。\n泵站：{station}\n处理人：{assignee}\n截止时间：{due}\n派发时间：{time}',
        'Work order {order} is waiting for you.\nStation: {station}\nAssignee: {assignee}\nDue: {due}\nAssigned at: {time}',
      ),
    },
    email: {
      title: L('【待办工单】{order} {title}', '[Work order] {order}: {title}'),
      body: L(
        '{recipient}，您好：\n\n您有一张待处理的工单。\n\n工单号：{order}\n事项：{title}\n泵站：{station}\n处理人：{assignee}\n截止时间：{due}\n派发时间：{time}\n\n查看工单：{link}\n\n',
        'Hello {recipient},\n\nA work order is waiting for you.\n\nOrder: {order}\nTask: {title}\nStation: {station}\nAssignee: {assignee}\nDue: {due}\nAssigned at: {time}\n\nOpen the order: {link}\n\n',
      ),
    },
    robot: {
      title: L('待办工单：{title}', 'Work order: {title}'),
      body: L(
        '### 待办工单 · {title}\n> 工单号：{order}\n> 泵站：{station}\n> 处理人：{assignee}\n> 截止：**{due}**\n\n[查看工单]({link})',
        '### Work order · {title}\n> Order: {order}\n> Station: {station}\n> Assignee: {assignee}\n> Due: **{due}**\n\n[Open the order]({link})',
      ),
    },
    webhook: {
      title: L('【待办工单】{title}', '[Work order] {title}'),
      body: L(
        '工单 {order}（{station}），处理人 {assignee}，截止 {due}',
        'Order {order} ({station}), assignee {assignee}, due {due}',
      ),
    },
  },
  manual: {
    sms: L('【{sender}】{title}：{content}', '[{sender}] {title}: {content}'),
    inApp: {
      title: L('{title}', '{title}'),
      body: L('{content}\n\n发布人：{sender}　{time}', '{content}\n\nFrom {sender}, {time}'),
    },
    email: {
      title: L('【通知】{title}', '[Notice] {title}'),
      body: L(
        '{recipient}，您好：\n\n{content}\n\n发布人：{sender}\n发布时间：{time}\n详情：{link}\n\n',
        'Hello {recipient},\n\n{content}\n\nFrom: {sender}\nSent at: {time}\nDetails: {link}\n\n',
      ),
    },
    robot: {
      title: L('通知：{title}', 'Notice: {title}'),
      body: L(
        '### 通知 · {title}\n{content}\n\n> 发布人：{sender}　{time}\n\n[查看详情]({link})',
        '### Notice · {title}\n{content}\n\n> From {sender}, {time}\n\n[Details]({link})',
      ),
    },
    webhook: {
      title: L('【通知】{title}', '[Notice] {title}'),
      body: L('{content}（{sender}，{time}）', '{content} ({sender}, {time})'),
    },
  },
};

/** SMS goes by default only for what needs someone to act now. */
const SMS_ON: readonly NotifyPurpose[] = ['alarm.raised', 'alarm.escalated', 'workorder.todo', 'manual'];

/** The seeded text of a purpose's template on a channel: what a reset puts back. */
export function defaultTemplate(purpose: NotifyPurpose, channel: NotifyChannel): DefaultTemplate {
  const texts = TEXTS[purpose];
  if (channel === 'sms') {
    return { enabled: SMS_ON.includes(purpose), title: L('', ''), body: { ...texts.sms }, fallback: null };
  }
  const text = isRobotChannel(channel) ? texts.robot : texts[channel];
  const body =
    channel === 'email'
      ? { 'zh-CN': text.body['zh-CN'] + EMAIL_FOOTER['zh-CN'], 'en-US': text.body['en-US'] + EMAIL_FOOTER['en-US'] }
      : { ...text.body };
  // WeCom puts the title on the message's first line and Feishu in its card's header: their markdown
  // starts below it. DingTalk shows its title only in the notification preview: its body keeps the heading.
  if (channel === 'wecom' || channel === 'feishu') {
    for (const l of LOCALES) body[l] = body[l].replace(/^### [^\n]*\n/, '');
  }
  // Every other channel is on as a template: whether it delivers depends on the channel and each user's preferences.
  return { enabled: true, title: { ...text.title }, body, fallback: null };
}

/** Channels as a fresh installation has them: in-app, SMS (the outbox) and e-mail on; webhook and robots off until given a URL. */
const CHANNELS_ON: readonly NotifyChannel[] = ['inApp', 'sms', 'email'];

/**
 * The default templates (one per purpose × channel) and channel settings, for every installation.
 * Only missing rows are inserted, so an administrator's edits stay.
 */
export async function seedNotifyTemplates(db: Queryable, now: Date): Promise<void> {
  const rows = NOTIFY_PURPOSES.flatMap((purpose) =>
    NOTIFY_CHANNELS.map((channel) => {
      const d = defaultTemplate(purpose, channel);
      return { purpose, channel, ...d, isDefault: true, updatedAt: now, updatedBy: null };
    }),
  );
  await db
    .insert(notifyTemplates)
    .values(rows)
    .onConflictDoNothing({ target: [notifyTemplates.purpose, notifyTemplates.channel] });
  await db
    .insert(notifyChannels)
    .values(
      NOTIFY_CHANNELS.map((channel) => ({ channel, enabled: CHANNELS_ON.includes(channel), url: '', secret: '' })),
    )
    .onConflictDoNothing({ target: notifyChannels.channel });
}
