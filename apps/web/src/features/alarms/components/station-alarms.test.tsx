import { act, screen, waitFor, within } from '@testing-library/react';
import { type Alarm, alarmsApi } from '@water/contracts/alarms';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, renderPage } from '../../../shared/testing/render-page.tsx';
import { alarm, page } from '../alarm-test-fixtures.ts';
import { StationAlarms } from './station-alarms.tsx';

const live = vi.hoisted(
  () => ({}) as ReturnType<typeof import('../../../shared/testing/fake-live-channel.ts').createFakeLive>,
);
vi.mock('../../../shared/live/live-channel.ts', async () => {
  const { createFakeLive } = await import('../../../shared/testing/fake-live-channel.ts');
  Object.assign(live, createFakeLive());
  return { liveChannel: live.channel };
});

const push = (change: 'raised' | 'updated' | 'cleared' | 'acknowledged', a: Alarm) =>
  act(() => live.push({ type: 'alarm', change, alarm: a }));

const items = () =>
  within(screen.getByRole('list', { name: '本站活动告警' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('StationAlarms (the station detail panel)', () => {
  it("lists the station's open alarms from the records, each a link to its alarm", async () => {
    const { calls } = mockApi([
      [
        alarmsApi.list,
        page([
          alarm(1, { count: 3 }),
          alarm(2, {
            severity: 'major',
            title: '水泵故障',
            kind: 'rule',
            deviceCode: 'PU-002',
            deviceName: '2号泵',
            metric: null,
            metricName: '',
            unit: '',
            condition: '事件：水泵故障',
            // An event's value is the event: the condition says it already.
            lastValue: 'pump_fault',
            state: 'active-ack',
          }),
          alarm(3, {
            severity: 'minor',
            title: '前池低液位',
            condition: '液位 ≤ 0.8 m',
            lastValue: '0.92',
            state: 'cleared-unack',
            raisedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
          }),
        ]),
      ],
    ]);
    renderPage(<StationAlarms stationId={5} />);

    const list = await screen.findByRole('list', { name: '本站活动告警' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/bz/alarm?alarm=1',
      '/bz/alarm?alarm=2',
      '/bz/alarm?alarm=3',
    ]);
    expect(items()).toEqual([
      '严重前池高液位×312 分钟前液位 ≥ 4.2 m · 最新值 4.38 m · LV-001 1号液位计',
      '重要水泵故障12 分钟前事件：水泵故障 · PU-002 2号泵告警中，已确认',
      // A bare number gets its unit, as the alarm list words it.
      '次要前池低液位3 小时前液位 ≤ 0.8 m · 最新值 0.92 m · LV-003 3号液位计已解除，未确认',
    ]);
    const query = Object.fromEntries(calls[0]?.query ?? []);
    expect(calls[0]?.path).toBe('/api/alarms');
    expect(query).toMatchObject({ view: 'open', stationId: '5', page: '1', pageSize: '10' });
    // Ten or fewer: no way to more.
    expect(screen.queryByRole('link', { name: /查看全部/ })).toBeNull();
  });

  it('shows ten and leads to the alarm list filtered to the station for the rest', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => alarm(i + 1));
    mockApi([[alarmsApi.list, { ...page(ten, 14), pageSize: 10 }]]);
    renderPage(<StationAlarms stationId={5} />, { locale: 'en-US' });
    const list = await screen.findByRole('list', { name: "The station's open alarms" });
    expect(within(list).getAllByRole('link')).toHaveLength(10);
    expect(screen.getByRole('link', { name: 'View all 14' }).getAttribute('href')).toBe('/bz/alarm?stationId=5');
    expect(within(list).getAllByText('Critical')).toHaveLength(10);
  });

  it('says so when none is open', async () => {
    mockApi([[alarmsApi.list, page([])]]);
    renderPage(<StationAlarms stationId={5} />);
    expect(await screen.findByText('无活动告警')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('follows the alarm feed: a new alarm of the station is read back, a change is written in place', async () => {
    let open = [alarm(1)];
    const { calls } = mockApi([[alarmsApi.list, () => page(open)]]);
    renderPage(<StationAlarms stationId={5} />);
    await screen.findByRole('list', { name: '本站活动告警' });
    expect(items()).toHaveLength(1);

    open = [alarm(9, { title: '前池超高液位', raisedAt: new Date().toISOString() }), ...open];
    push('raised', open[0] as Alarm);
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(items()[0]).toContain('前池超高液位');
    expect(items()[0]).toContain('刚刚');
    const reads = calls.length;

    // A repeat changes the row at once (its value), and asks nothing of the list.
    push('updated', alarm(1, { lastValue: '4.51 m', count: 2 }));
    await waitFor(() => expect(items()[1]).toContain('最新值 4.51 m'));
    expect(items()[1]).toContain('×2');
    expect(calls.length).toBe(reads);

    // Cleared by the engine: it stays, waiting for an acknowledgement, and says so.
    open = [open[0] as Alarm, alarm(1, { state: 'cleared-unack', clearedAt: new Date().toISOString() })];
    push('cleared', open[1] as Alarm);
    await waitFor(() => expect(items()[1]).toContain('已解除，未确认'));
    await waitFor(() => expect(calls.length).toBeGreaterThan(reads));
  });

  it('tells a user without alarm:view so, and asks nothing', async () => {
    const { calls } = mockApi([[alarmsApi.list, page([alarm(1)])]]);
    renderPage(<StationAlarms stationId={5} />, { permissions: ['pump:station:list'] });
    expect(screen.getByText('无告警查看权限')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says a failed load, with a retry', async () => {
    let down = true;
    mockApi([[alarmsApi.list, () => (down ? fail(500, '服务器错误') : page([alarm(1)]))]]);
    const { user } = renderPage(<StationAlarms stationId={5} />);
    expect(await screen.findByText('告警加载失败')).toBeTruthy();
    down = false;
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('list', { name: '本站活动告警' })).toBeTruthy();
  });
});
