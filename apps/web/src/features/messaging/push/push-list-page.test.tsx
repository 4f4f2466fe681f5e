import { screen, waitFor, within } from '@testing-library/react';
import { notifyApi } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage } from '../../../shared/testing/render-page.tsx';
import { PUSH_LIVE_MS, pushRefetchInterval } from '../api/push-queries.ts';
import { PushListPage } from './push-list-page.tsx';
import { composeReads, delivery, pageOf, push } from './push-test-fixtures.ts';

const rows = [
  push(2, '2 号泵跳闸', {
    source: 'alarm',
    sourceId: '42',
    purpose: 'alarm.raised',
    channels: ['inApp', 'wecom'],
    state: 'sending',
    createdBy: '系统',
    recipients: 3,
    counts: { total: 4, queued: 1, sending: 1, sent: 2, failed: 0, retrying: 0, givenUp: 0 },
    smsEstimate: 0,
    smsCost: 0,
    smsCount: 0,
  }),
  push(1, '东湖泵站停电检修'),
  push(3, '明早例会提醒', {
    state: 'scheduled',
    scheduledAt: '2026-11-28T00:30:00.000Z',
    finishedAt: null,
    counts: { total: 0, queued: 0, sending: 0, sent: 0, failed: 0, retrying: 0, givenUp: 0 },
    smsCost: 0,
    smsCount: 0,
    smsEstimate: 4.5,
  }),
];

const rowOf = async (title: string) =>
  (await screen.findByRole('button', { name: `查看推送“${title}”的送达详情` })).closest('tr') as HTMLElement;

describe('PushListPage', () => {
  it('lists pushes with source, channels, delivery progress, state, SMS cost and sender', async () => {
    mockApi([[notifyApi.pushes, pageOf(rows)]]);
    renderPage(<PushListPage />);

    const manual = await rowOf('东湖泵站停电检修');
    expect(within(manual).getByText('手动')).toBeTruthy();
    expect(within(manual).getByText('站内消息')).toBeTruthy();
    expect(within(manual).getByText('短信')).toBeTruthy();
    expect(within(manual).getByRole('img', { name: '送达进度：共 1000，已送达 980，失败 12，待发送 8' })).toBeTruthy();
    expect(within(manual).getByText('980 / 1000 已送达')).toBeTruthy();
    expect(within(manual).getByText('· 12 失败')).toBeTruthy();
    expect(within(manual).getByText('已完成')).toBeTruthy();
    expect(within(manual).getByText('¥22.05')).toBeTruthy();
    expect(within(manual).getByText('500 人')).toBeTruthy();
    expect(within(manual).getByText('系统管理员')).toBeTruthy();

    const alarm = await rowOf('2 号泵跳闸');
    const link = within(alarm).getByRole('link', { name: '打开告警 #42' });
    expect(link.getAttribute('href')).toBe('/bz/alarm?alarm=42');
    expect(within(alarm).getByText('企业微信')).toBeTruthy();
    expect(within(alarm).getByText('发送中')).toBeTruthy();
    expect(within(alarm).getByText('· 2 待发')).toBeTruthy();

    const scheduled = await rowOf('明早例会提醒');
    expect(within(scheduled).getByText('定时')).toBeTruthy();
    expect(within(scheduled).getByText(/^定时 (2026\/)?11\/28/)).toBeTruthy();
    expect(within(scheduled).getByText('预计 ¥4.50')).toBeTruthy();
    expect(within(scheduled).getByText('无投递')).toBeTruthy();
    expect(screen.getByText('共 3 次推送')).toBeTruthy();
  });

  it('reads its filters from the address and writes new ones there', async () => {
    const { calls } = mockApi([[notifyApi.pushes, pageOf(rows)]]);
    const { user } = renderPage(<PushListPage />, { route: '/?state=done&source=alarm&channel=sms' });
    await rowOf('东湖泵站停电检修');
    const lists = () => calls.filter((c) => c.path === '/api/notify/pushes');
    expect(Object.fromEntries(lists()[0]!.query)).toEqual({
      page: '1',
      pageSize: '20',
      state: 'done',
      source: 'alarm',
      channel: 'sms',
    });
    expect(within(screen.getByRole('combobox', { name: '推送状态' })).getByText('已完成')).toBeTruthy();
    expect(within(screen.getByRole('combobox', { name: '来源' })).getByText('告警')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: '推送状态' }));
    await user.click(await screen.findByRole('option', { name: '定时' }));
    await waitFor(() => expect(lists().at(-1)?.query.get('state')).toBe('scheduled'));
    expect(lists().at(-1)?.query.get('source')).toBe('alarm');

    await user.click(screen.getByRole('button', { name: '重置筛选' }));
    await waitFor(() => expect(Object.fromEntries(lists().at(-1)!.query)).toEqual({ page: '1', pageSize: '20' }));
  });

  it('reads the log again every few seconds while a push on the page is sending, and not otherwise', async () => {
    expect(pushRefetchInterval(rows)).toBe(PUSH_LIVE_MS);
    expect(pushRefetchInterval([rows[1]!])).toBe(false);
    // A scheduled push about to start is watched to see it begin; one next week is not.
    const now = Date.parse('2026-11-28T00:29:00.000Z');
    expect(pushRefetchInterval([rows[2]!], now)).toBeGreaterThan(0);
    expect(pushRefetchInterval([rows[2]!], now - 7 * 86_400_000)).toBe(false);

    const { calls } = mockApi([[notifyApi.pushes, pageOf(rows)]]);
    renderPage(<PushListPage />);
    await rowOf('2 号泵跳闸');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/notify/pushes').length).toBeGreaterThanOrEqual(2), {
      timeout: PUSH_LIVE_MS + 2000,
    });
  });

  it('opens a push from its row into the detail with its deliveries', async () => {
    mockApi([
      [notifyApi.pushes, pageOf(rows)],
      [notifyApi.push, rows[1]!],
      [notifyApi.deliveries, pageOf([delivery(1, '张三')], 1, 10)],
    ]);
    const { user } = renderPage(<PushListPage />);
    await user.click(within(await rowOf('东湖泵站停电检修')).getByText('系统管理员'));
    const drawer = await screen.findByRole('dialog', { name: '推送详情' });
    expect(await within(drawer).findByText('张三')).toBeTruthy();
  });

  it('shows a holder of notify:view no New, Resend or Cancel', async () => {
    mockApi([
      [notifyApi.pushes, pageOf(rows)],
      [notifyApi.push, ({ params }) => rows.find((r) => r.id === Number(params.id))!],
      [notifyApi.deliveries, pageOf([delivery(1, '张三', { state: 'failed', error: '余额不足' })], 1, 10)],
      ...composeReads,
    ]);
    renderPage(<PushListPage />, { permissions: ['notify:view'], route: '/?push=3' });
    const drawer = await screen.findByRole('dialog', { name: '推送详情' });
    await within(drawer).findByText('张三');
    expect(screen.queryByRole('button', { name: '新建推送' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: /重发|取消推送/ })).toBeNull();
  });

  it('tells a user without notify:view that the log is not theirs, and asks the server nothing', async () => {
    const { calls } = mockApi([[notifyApi.pushes, pageOf(rows)]]);
    renderPage(<PushListPage />, { permissions: ['alarm:view'] });
    expect(await screen.findByText('没有查看推送记录的权限')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/notify'))).toEqual([]);
  });
});
