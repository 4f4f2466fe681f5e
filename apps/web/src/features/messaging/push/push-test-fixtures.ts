import {
  type Delivery,
  type DeliveryCounts,
  notifyApi,
  organizationApi,
  type Push,
  type PushEstimate,
  rolesApi,
  usersApi,
} from '@water/contracts';
import { reply } from '../../../shared/testing/render-page.tsx';

const noCounts: DeliveryCounts = { total: 0, queued: 0, sending: 0, sent: 0, failed: 0, retrying: 0, givenUp: 0 };

export function push(id: number, title: string, overrides: Partial<Push> = {}): Push {
  return {
    id,
    purpose: 'manual',
    title,
    content: '今晚 22:00 至次日 06:00 东湖泵站停电检修。',
    channels: ['inApp', 'sms'],
    audience: { userIds: [], roleCodes: ['operator'], departmentIds: [] },
    source: 'manual',
    sourceId: '',
    state: 'done',
    createdBy: '系统管理员',
    createdAt: '2026-11-27T02:30:00.000Z',
    scheduledAt: null,
    finishedAt: '2026-11-27T02:31:00.000Z',
    recipients: 500,
    counts: { ...noCounts, total: 1000, sent: 980, failed: 8, givenUp: 4, queued: 8 },
    smsEstimate: 22.5,
    smsCost: 22.05,
    smsCount: 490,
    ...overrides,
  };
}

export function delivery(id: number, recipient: string, overrides: Partial<Delivery> = {}): Delivery {
  return {
    id,
    pushId: 1,
    userId: id,
    recipient,
    channel: 'sms',
    address: '138****0001',
    locale: 'zh-CN',
    state: 'sent',
    attempts: 1,
    error: '',
    nextAttemptAt: null,
    sentAt: '2026-11-27T02:30:05.000Z',
    fallbackOf: null,
    quiet: false,
    segments: 1,
    title: '停电检修通知',
    body: '今晚东湖泵站停电检修。',
    ...overrides,
  };
}

export const pageOf = <T>(list: T[], page = 1, pageSize = 20) => ({ list, total: list.length, page, pageSize });

export const estimate = (overrides: Partial<PushEstimate['sms']> = {}, recipients = 90): PushEstimate => ({
  recipients,
  deliveries: { inApp: recipients, sms: recipients },
  sms: {
    recipients,
    segments: 1,
    count: recipients,
    price: 0.045,
    cost: recipients * 0.045,
    balance: 500,
    enough: true,
    ...overrides,
  },
});

/** What the compose drawer reads besides the estimate: role and department pickers, users, channels. */
export const composeReads = [
  reply(rolesApi.options, [
    { code: 'admin', name: '管理员' },
    { code: 'operator', name: '值班员' },
  ]),
  reply(organizationApi.departmentTree, []),
  reply(usersApi.list, { list: [], total: 0, page: 1, pageSize: 50, capped: false }),
  reply(
    notifyApi.channels,
    (['inApp', 'sms', 'email', 'webhook', 'wecom', 'dingtalk', 'feishu'] as const).map((channel) => ({
      channel,
      enabled: channel !== 'feishu',
      url: '',
      hasSecret: false,
      ready: channel !== 'feishu',
      provider: '',
      updatedAt: null,
    })),
  ),
] as const;
