import { screen, waitFor, within } from '@testing-library/react';
import { notifyApi } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage } from '../../../shared/testing/render-page.tsx';
import { PushDetailDrawer } from './push-detail-drawer.tsx';
import { delivery, pageOf, push } from './push-test-fixtures.ts';

const done = push(1, '东湖泵站停电检修', { channels: ['inApp', 'sms', 'wecom'] });
const scheduled = push(3, '明早例会提醒', {
  state: 'scheduled',
  scheduledAt: '2026-11-28T00:30:00.000Z',
  finishedAt: null,
  counts: { total: 0, queued: 0, sending: 0, sent: 0, failed: 0, retrying: 0, givenUp: 0 },
  smsCost: 0,
  smsCount: 0,
});

const rows = [
  delivery(1, '张三'),
  delivery(2, '李四', { state: 'failed', error: '余额不足', sentAt: null, attempts: 1 }),
  delivery(3, '王五', {
    channel: 'email',
    address: 'w***@example.com',
    locale: 'en-US',
    state: 'retrying',
    attempts: 2,
    error: 'The mail server did not answer in time',
    nextAttemptAt: '2026-11-27T02:40:00.000Z',
    sentAt: null,
  }),
  delivery(4, '赵六', {
    channel: 'inApp',
    address: '',
    state: 'queued',
    attempts: 0,
    quiet: true,
    nextAttemptAt: '2026-11-27T23:00:00.000Z',
    sentAt: null,
  }),
  delivery(5, '企业微信群机器人', { userId: null, channel: 'wecom', address: 'qyapi.weixin.qq.com', attempts: 1 }),
  delivery(7, '', { userId: null, channel: 'feishu', address: 'open.feishu.cn', attempts: 1 }),
  delivery(6, '钱七', {
    channel: 'sms',
    fallbackOf: 'email',
    state: 'given-up',
    attempts: 5,
    error: '重试次数用完：网关超时',
  }),
];

const rowOf = (drawer: HTMLElement, text: string) => within(drawer).getByText(text).closest('tr') as HTMLElement;

describe('PushDetailDrawer', () => {
  it('shows the push, its counts per state, and each delivery with its failure reason', async () => {
    mockApi([
      [notifyApi.push, done],
      [notifyApi.deliveries, { list: rows, total: 1000, page: 1, pageSize: 10 }],
    ]);
    renderPage(<PushDetailDrawer />, { route: '/?push=1' });
    const drawer = await screen.findByRole('dialog', { name: '推送详情' });
    expect(await within(drawer).findByRole('heading', { name: '东湖泵站停电检修' })).toBeTruthy();
    expect(within(drawer).getByText('角色 1')).toBeTruthy();
    expect(within(drawer).getByText('预计 ¥22.50 · 已计费 490 条 ¥22.05')).toBeTruthy();
    const counts = within(drawer).getByRole('list', { name: '投递状态' });
    expect(within(counts).getByRole('button', { name: '只看已送达（980）' })).toBeTruthy();
    expect(within(counts).getByRole('button', { name: '只看失败（8）' })).toBeTruthy();
    expect(within(counts).getByRole('button', { name: '只看已放弃（4）' })).toBeTruthy();

    await within(drawer).findByText('张三');
    expect(within(rowOf(drawer, '李四')).getByText('余额不足')).toBeTruthy();
    expect(within(rowOf(drawer, '李四')).getByText('失败')).toBeTruthy();
    const retrying = rowOf(drawer, '王五');
    expect(within(retrying).getByText('w***@example.com')).toBeTruthy();
    expect(within(retrying).getByText('English')).toBeTruthy();
    expect(within(retrying).getByText('重试中')).toBeTruthy();
    expect(within(retrying).getByText('The mail server did not answer in time')).toBeTruthy();
    expect(within(retrying).getByText(/^(2026\/)?11\/27 \d\d:\d\d$/)).toBeTruthy();
    expect(within(rowOf(drawer, '赵六')).getByText('免打扰')).toBeTruthy();
    expect(within(rowOf(drawer, '企业微信群机器人')).getByText('企业微信')).toBeTruthy();
    expect(within(rowOf(drawer, '群机器人')).getByText('飞书')).toBeTruthy();
    const fallback = rowOf(drawer, '钱七');
    expect(within(fallback).getByText('代替电子邮件')).toBeTruthy();
    expect(within(fallback).getByText('已放弃')).toBeTruthy();
    expect(within(fallback).getByText('重试次数用完：网关超时')).toBeTruthy();
    expect(within(drawer).getByText('共 1000 条投递')).toBeTruthy();
  });

  it('filters the deliveries by state and channel, and pages them', async () => {
    const { calls } = mockApi([
      [notifyApi.push, done],
      [notifyApi.deliveries, { list: rows, total: 1000, page: 1, pageSize: 10 }],
    ]);
    const { user } = renderPage(<PushDetailDrawer />, { route: '/?push=1' });
    const drawer = await screen.findByRole('dialog', { name: '推送详情' });
    await within(drawer).findByText('张三');
    const lists = () => calls.filter((c) => c.path === '/api/notify/pushes/1/deliveries');
    expect(Object.fromEntries(lists()[0]!.query)).toEqual({ page: '1', pageSize: '10' });

    await user.click(within(drawer).getByRole('button', { name: '只看失败（8）' }));
    await waitFor(() => expect(lists().at(-1)?.query.get('state')).toBe('failed'));
    await user.click(within(drawer).getByRole('combobox', { name: '投递渠道' }));
    // Only the push's own channels are offered.
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['站内消息', '短信', '企业微信']);
    await user.click(screen.getByRole('option', { name: '短信' }));
    await waitFor(() => expect(lists().at(-1)?.query.get('channel')).toBe('sms'));
    expect(lists().at(-1)?.query.get('state')).toBe('failed');

    await user.click(within(drawer).getByText('2', { selector: '.arco-pagination-item' }));
    await waitFor(() => expect(lists().at(-1)?.query.get('page')).toBe('2'));
  });

  it('resends the failed deliveries after confirmation and says how many were queued again', async () => {
    const { calls } = mockApi([
      [notifyApi.push, done],
      [notifyApi.deliveries, pageOf(rows, 1, 10)],
      [notifyApi.resend, { requeued: 12 }],
    ]);
    const { user } = renderPage(<PushDetailDrawer />, { route: '/?push=1' });
    const drawer = await screen.findByRole('dialog', { name: '推送详情' });
    await user.click(await within(drawer).findByRole('button', { name: '重发推送“东湖泵站停电检修”的失败投递' }));
    expect(await screen.findByText('重新发送 12 条失败的投递？')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: '重发失败项' }));
    expect(await screen.findByText('已重新排队 12 条投递')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/notify/pushes/1/resend']);
    // The push and its deliveries are read again.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/notify/pushes/1').length).toBeGreaterThanOrEqual(2),
    );
  });

  it('offers no resend when nothing failed, and cancels a scheduled push', async () => {
    const { calls } = mockApi([
      [notifyApi.push, scheduled],
      [notifyApi.deliveries, pageOf([], 1, 10)],
      [notifyApi.cancel, { ...scheduled, state: 'cancelled' }],
    ]);
    const { user } = renderPage(<PushDetailDrawer />, { route: '/?push=3' });
    const drawer = await screen.findByRole('dialog', { name: '推送详情' });
    const resend = await within(drawer).findByRole('button', { name: '重发推送“明早例会提醒”的失败投递' });
    expect(resend.hasAttribute('disabled')).toBe(true);
    await user.click(within(drawer).getByRole('button', { name: '取消推送“明早例会提醒”' }));
    expect(await screen.findByText('取消定时推送“明早例会提醒”？')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '取消推送' }));
    expect(await screen.findByText('推送已取消')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/notify/pushes/3/cancel']);
  });

  it('shows a holder of notify:view the deliveries but no resend or cancel', async () => {
    mockApi([
      [notifyApi.push, scheduled],
      [notifyApi.deliveries, pageOf(rows, 1, 10)],
    ]);
    renderPage(<PushDetailDrawer />, { route: '/?push=3', permissions: ['notify:view'] });
    const drawer = await screen.findByRole('dialog', { name: '推送详情' });
    expect(await within(drawer).findByText('余额不足')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: /重发|取消推送/ })).toBeNull();
  });
});
