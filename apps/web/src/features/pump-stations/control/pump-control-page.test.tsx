import { act, screen, waitFor, within } from '@testing-library/react';
import { pumpControlApi, regionsApi, stationLiveApi } from '@water/contracts';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { listOf } from '../live/live-test-fixtures.ts';
import { command, controlPump, controlStation, liveStation, pageOfCommands } from './control-test-fixtures.ts';
import { PumpControlPage } from './pump-control-page.tsx';

const live = vi.hoisted(
  () => ({}) as ReturnType<typeof import('../../../shared/testing/fake-live-channel.ts').createFakeLive>,
);
vi.mock('../../../shared/live/live-channel.ts', async () => {
  const { createFakeLive } = await import('../../../shared/testing/fake-live-channel.ts');
  Object.assign(live, createFakeLive());
  return { liveChannel: live.channel };
});

const ROUTE = '/bz/pumpStationControl?station=5';
const reads = [
  reply(regionsApi.tree, []),
  reply(stationLiveApi.list, listOf([liveStation])),
  reply(pumpControlApi.list, pageOfCommands([])),
];
const pumpCard = (name: string) => screen.findByRole('article', { name });

describe('PumpControlPage (/bz/pumpStationControl)', () => {
  it('renders each pump with the commands its thing model declares, a blocked one disabled with its reason', async () => {
    mockApi([[pumpControlApi.station, controlStation()], ...reads]);
    renderPage(<PumpControlPage />, { route: ROUTE });

    const one = await pumpCard('1# 1号泵');
    const commands = within(one).getByRole('group', { name: '1# 泵的命令' });
    expect(
      within(commands)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['启泵', '停泵', '设定频率', '故障复位', '切换控制方式']);
    expect(within(commands).getByRole('button', { name: '启泵' })).toHaveProperty('disabled', false);
    const stop = within(commands).getByRole('button', { name: '停泵', description: '水泵已处于所要求的状态' });
    expect(stop).toHaveProperty('disabled', true);
    // The pump's state, mode and figures.
    expect(within(one).getByText('停止')).toBeTruthy();
    expect(within(one).getByText('远程手动')).toBeTruthy();
    expect(within(one).getByText('近 1 小时启动').nextElementSibling?.textContent).toBe('1 / 6 次');
    // The level against its set-points; the station is watched on the live channel.
    expect(screen.getByRole('meter', { name: '东湖雨水泵站 液位' }).getAttribute('aria-valuetext')).toBe('2.35 m');
    expect(screen.getByText(/干运行保护 0\.50 m/)).toBeTruthy();
    await waitFor(() => expect(live.watched.at(-1)).toEqual([5]));
  });

  it('confirms with a reason and sends one command with one idempotency key, however often confirm is clicked', async () => {
    const sent = command({ state: 'pending', sentAt: null });
    let taken = false;
    const api = mockApi([
      [
        pumpControlApi.station,
        () => controlStation({ pumps: [controlPump(1, { openCommand: taken ? sent : null }), controlPump(2)] }),
      ],
      [
        pumpControlApi.send,
        () => {
          taken = true;
          return sent;
        },
      ],
      ...reads,
    ]);
    const { user } = renderPage(<PumpControlPage />, { route: ROUTE });
    const one = await pumpCard('1# 1号泵');
    await user.click(within(one).getByRole('button', { name: '启泵' }));

    const dialog = await screen.findByRole('dialog', { name: '启泵 · 1# 1号泵' });
    // The pump as it is now: state, mode, level against dry-run protection, frequency.
    expect(within(dialog).getByText('2.35 m（干运行保护 0.50 m）')).toBeTruthy();
    expect(within(dialog).getByText('远程手动')).toBeTruthy();
    expect(within(dialog).getByText('0.0 Hz')).toBeTruthy();

    // No reason: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: '确认执行' }));
    expect(await within(dialog).findByText('请填写操作原因（至少 2 个字）')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: '操作原因' }), '前池液位上涨');
    const confirm = within(dialog).getByRole('button', { name: '确认执行' });
    await user.dblClick(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '启泵 · 1# 1号泵' })).toBeNull());

    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.path).toBe('/api/pump-control/commands');
    const body = posts[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ pumpId: 101, command: 'start', params: {}, reason: '前池液位上涨' });
    expect(body.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    // The command shows on the pump, on its first step.
    const open = await within(one).findByRole('region', { name: '1# 1号泵 当前命令' });
    expect(within(open).getByText('待下发', { selector: '.arco-tag-content, .arco-tag-content *' })).toBeTruthy();
  });

  it('sends a command’s parameters within the model’s range', async () => {
    const api = mockApi([
      [pumpControlApi.station, controlStation()],
      [pumpControlApi.send, command({ command: 'set_frequency', commandName: '设定频率', params: { frequency: 45 } })],
      ...reads,
    ]);
    const { user } = renderPage(<PumpControlPage />, { route: ROUTE });
    const two = await pumpCard('2# 2号泵');
    await user.click(within(two).getByRole('button', { name: '设定频率' }));
    const dialog = await screen.findByRole('dialog', { name: '设定频率 · 2# 2号泵' });
    const frequency = within(dialog).getByRole('spinbutton', { name: '频率' });
    // It opens at the pump's current frequency.
    expect((frequency as HTMLInputElement).value).toBe('42.0');
    await user.clear(frequency);
    await user.type(frequency, '45');
    await user.type(within(dialog).getByRole('textbox', { name: '操作原因' }), '调整出水量');
    await user.click(within(dialog).getByRole('button', { name: '确认执行' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      pumpId: 102,
      command: 'set_frequency',
      params: { frequency: 45 },
    });
  });

  it('shows the server’s refusal in the dialog and sends a new key on the next try', async () => {
    const api = mockApi([
      [pumpControlApi.station, controlStation()],
      [pumpControlApi.send, fail(409, '前池液位 0.42 m 不高于干运行保护液位 0.50 m，禁止启泵')],
      ...reads,
    ]);
    const { user } = renderPage(<PumpControlPage />, { route: ROUTE });
    const one = await pumpCard('1# 1号泵');
    await user.click(within(one).getByRole('button', { name: '启泵' }));
    const dialog = await screen.findByRole('dialog', { name: '启泵 · 1# 1号泵' });
    await user.type(within(dialog).getByRole('textbox', { name: '操作原因' }), '试启');
    await user.click(within(dialog).getByRole('button', { name: '确认执行' }));

    expect(await within(dialog).findByText('前池液位 0.42 m 不高于干运行保护液位 0.50 m，禁止启泵')).toBeTruthy();
    expect(within(dialog).getByText('命令被拒绝')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: '确认执行' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const [first, second] = api.calls
      .filter((c) => c.method === 'POST')
      .map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(first).not.toBe(second);
  });

  it('shows a blocked answer’s reason in the dialog', async () => {
    mockApi([
      [pumpControlApi.station, controlStation()],
      [
        pumpControlApi.send,
        command({ state: 'blocked', interlock: 'stale_level', detail: '液位数据已 5 分钟未更新', sentAt: null }),
      ],
      ...reads,
    ]);
    const { user } = renderPage(<PumpControlPage />, { route: ROUTE });
    const one = await pumpCard('1# 1号泵');
    await user.click(within(one).getByRole('button', { name: '启泵' }));
    const dialog = await screen.findByRole('dialog', { name: '启泵 · 1# 1号泵' });
    await user.type(within(dialog).getByRole('textbox', { name: '操作原因' }), '试启');
    await user.click(within(dialog).getByRole('button', { name: '确认执行' }));
    expect(await within(dialog).findByText('液位数据已 5 分钟未更新')).toBeTruthy();
  });

  it('moves a pump’s open command live, and keeps its result when it finishes', async () => {
    const sent = command({ state: 'sent' });
    mockApi([
      [pumpControlApi.station, controlStation({ pumps: [controlPump(1, { openCommand: sent }), controlPump(2)] })],
      ...reads,
    ]);
    renderPage(<PumpControlPage />, { route: ROUTE });
    const one = await pumpCard('1# 1号泵');
    const open = within(one).getByRole('region', { name: '1# 1号泵 当前命令' });
    expect(within(open).getByText('已下发', { selector: '.arco-tag-content, .arco-tag-content *' })).toBeTruthy();

    expect(within(open).getByRole('listitem', { current: 'step' }).textContent).toBe('已下发');

    act(() => live.push({ type: 'pump-command', command: { ...sent, state: 'acknowledged' } }));
    expect(
      await within(open).findByText('已确认', { selector: '.arco-tag-content, .arco-tag-content *' }),
    ).toBeTruthy();
    expect(within(open).getByRole('listitem', { current: 'step' }).textContent).toBe('控制器确认');

    act(() => live.push({ type: 'pump-command', command: { ...sent, state: 'succeeded' } }));
    expect(await within(one).findByText('上一条：启泵 · 执行成功')).toBeTruthy();
    expect(within(one).queryByRole('region', { name: '1# 1号泵 当前命令' })).toBeNull();
  });

  it('shows a command awaiting approval with its deadline, and cancels it', async () => {
    const waiting = command({
      state: 'awaiting_approval',
      approvalRequired: true,
      approvalDeadline: new Date(Date.now() + 9 * 60_000 + 30_000).toISOString(),
      sentAt: null,
      expiresAt: null,
    });
    let cancelled = false;
    const api = mockApi([
      [
        pumpControlApi.station,
        () => controlStation({ pumps: [controlPump(1, { openCommand: cancelled ? null : waiting }), controlPump(2)] }),
      ],
      [
        pumpControlApi.cancel,
        () => {
          cancelled = true;
          return { ...waiting, state: 'cancelled' as const };
        },
      ],
      ...reads,
    ]);
    const { user } = renderPage(<PumpControlPage />, { route: ROUTE });
    const one = await pumpCard('1# 1号泵');
    expect(within(one).getByText(/^等待审批，剩余 9:(29|30)$/)).toBeTruthy();
    await user.click(within(one).getByRole('button', { name: '撤销命令 启泵' }));
    await user.click(await screen.findByRole('button', { name: '撤销' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === `/api/pump-control/commands/${waiting.id}/cancel`)).toBe(true),
    );
    expect(await within(one).findByText('上一条：启泵 · 已撤销')).toBeTruthy();
  });

  it('lists the commands awaiting the approver, who approves one', async () => {
    const waiting = command({
      state: 'awaiting_approval',
      approvalRequired: true,
      approvalDeadline: new Date(Date.now() + 5 * 60_000).toISOString(),
      requestedBy: { id: 7, name: '李强' },
      sentAt: null,
    });
    const api = mockApi([
      [pumpControlApi.station, controlStation()],
      [pumpControlApi.list, (call) => pageOfCommands(call.query.get('view') === 'approvals' ? [waiting] : [])],
      [pumpControlApi.approve, { ...waiting, state: 'sent', approvedBy: { id: 1, name: '张伟' } }],
      reply(regionsApi.tree, []),
      reply(stationLiveApi.list, listOf([liveStation])),
    ]);
    const { user } = renderPage(<PumpControlPage />, {
      route: ROUTE,
      permissions: ['pump:control', 'pump:approve'],
    });
    // Approvals waiting: the tab opens on them.
    const tab = await screen.findByRole('tab', { name: /待审批/ });
    await waitFor(() => expect(tab.getAttribute('aria-selected')).toBe('true'));
    const item = await screen.findByRole('listitem', { name: '1# 1号泵 启泵' });
    expect(within(item).getByText('前池液位上涨')).toBeTruthy();
    expect(within(item).getByText(/李强/)).toBeTruthy();
    await user.click(within(item).getByRole('button', { name: '批准 1# 1号泵 的命令 启泵' }));
    await user.click(await screen.findByRole('button', { name: '批准' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === `/api/pump-control/commands/${waiting.id}/approve`)).toBe(true),
    );
  });

  it('shows no approvals to a user without pump:approve', async () => {
    mockApi([[pumpControlApi.station, controlStation()], ...reads]);
    renderPage(<PumpControlPage />, { route: ROUTE, permissions: ['pump:control'] });
    await pumpCard('1# 1号泵');
    expect(screen.queryByRole('tab', { name: /待审批/ })).toBeNull();
    expect(screen.getByRole('region', { name: '命令记录' })).toBeTruthy();
    // No settings without pump:station:write.
    expect(screen.queryByRole('button', { name: /控制设置/ })).toBeNull();
  });

  it('offers no command, stop-all or cancel to a user without pump:control', async () => {
    const waiting = command({ state: 'pending', sentAt: null });
    mockApi([
      [pumpControlApi.station, controlStation({ pumps: [controlPump(1, { openCommand: waiting }), controlPump(2)] })],
      ...reads,
    ]);
    renderPage(<PumpControlPage />, { route: ROUTE, permissions: ['pump:station:read'] });
    const one = await pumpCard('1# 1号泵');
    expect(screen.getByText('你只能查看：控制水泵需要 pump:control 权限。')).toBeTruthy();
    expect(within(one).queryByRole('group')).toBeNull();
    expect(screen.queryByRole('button', { name: '启泵' })).toBeNull();
    expect(screen.queryByRole('button', { name: /全站停泵/ })).toBeNull();
    expect(within(one).queryByRole('button', { name: /撤销/ })).toBeNull();
  });

  it('stops every pump of the station and lists each pump’s result', async () => {
    const api = mockApi([
      [pumpControlApi.station, controlStation()],
      [
        pumpControlApi.stopAll,
        {
          batchId: 'b-1',
          commands: [
            command({
              pumpId: 101,
              command: 'stop',
              commandName: '停泵',
              state: 'blocked',
              interlock: 'already',
              detail: '水泵已停止',
            }),
            command({
              pumpId: 102,
              pumpNumber: 2,
              pumpName: '2号泵',
              command: 'stop',
              commandName: '停泵',
              state: 'sent',
            }),
          ],
        },
      ],
      ...reads,
    ]);
    const { user } = renderPage(<PumpControlPage />, { route: ROUTE });
    await pumpCard('1# 1号泵');
    await user.click(screen.getByRole('button', { name: /全站停泵/ }));
    const dialog = await screen.findByRole('dialog', { name: '停止 东湖雨水泵站 的全部水泵' });
    await user.type(within(dialog).getByRole('textbox', { name: '操作原因' }), '暴雨预警解除');
    await user.click(within(dialog).getByRole('button', { name: '全部停泵' }));
    const results = await within(dialog).findByRole('region', { name: '各泵结果' });
    expect(within(results).getByText('联锁拒绝')).toBeTruthy();
    expect(within(results).getByText('水泵已停止')).toBeTruthy();
    expect(within(results).getByText('已下发')).toBeTruthy();
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/pump-control/stations/5/stop-all');
    expect(post?.body).toMatchObject({ reason: '暴雨预警解除' });
  });

  it('keeps the station in the address and asks for one when none is chosen', async () => {
    mockApi([...reads]);
    renderPage(<PumpControlPage />, { route: '/bz/pumpStationControl', locale: 'en-US' });
    expect(await screen.findByText('Choose a station')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('lists the station’s command history with its filters', async () => {
    const done = command({ state: 'succeeded', finishedAt: new Date().toISOString() });
    const api = mockApi([
      [pumpControlApi.station, controlStation()],
      [pumpControlApi.list, pageOfCommands([done])],
      reply(regionsApi.tree, []),
      reply(stationLiveApi.list, listOf([liveStation])),
    ]);
    const { user } = renderPage(<PumpControlPage />, {
      route: `${ROUTE}&state=succeeded`,
      permissions: ['pump:control'],
    });
    const history = await screen.findByRole('region', { name: '命令记录' });
    const row = await within(history).findByRole('row', { name: /前池液位上涨/ });
    expect(within(row).getByText('执行成功')).toBeTruthy();
    expect(within(row).getByText('张伟')).toBeTruthy();
    const call = api.calls.find((c) => c.path === '/api/pump-control/commands');
    expect(Object.fromEntries(call?.query ?? [])).toMatchObject({ stationId: '5', state: 'succeeded' });

    await user.click(within(row).getByRole('button', { name: `命令 ${done.id} 详情` }));
    expect(await screen.findByRole('dialog', { name: `命令详情 #${done.id}` })).toBeTruthy();
  });
});
