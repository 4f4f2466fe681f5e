import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Alarm, alarmsApi } from '@water/contracts/alarms';
import { monitoringApi } from '@water/contracts/monitoring';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { alarm, counts, detail, page } from '../alarm-test-fixtures.ts';
import { AlarmBell } from '../components/alarm-bell.tsx';
import { AlarmListPage } from './alarm-list-page.tsx';

const live = vi.hoisted(
  () => ({}) as ReturnType<typeof import('../../../shared/testing/fake-live-channel.ts').createFakeLive>,
);
vi.mock('../../../shared/live/live-channel.ts', async () => {
  const { createFakeLive } = await import('../../../shared/testing/fake-live-channel.ts');
  Object.assign(live, createFakeLive());
  return { liveChannel: live.channel };
});

// The chart draws on a canvas jsdom has not: its data and accessible name are tested.
vi.mock('../components/alarm-metric-echart.tsx', () => ({
  default: ({ threshold }: { threshold: number | null }) => (
    <div data-testid="alarm-chart">{`threshold ${threshold}`}</div>
  ),
}));

function Where() {
  const location = useLocation();
  return <output aria-label="address">{`${location.pathname}${location.search}`}</output>;
}

const page$ = (
  <>
    <AlarmBell />
    <AlarmListPage />
    <Where />
  </>
);
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const search = () =>
  Object.fromEntries(new URLSearchParams(screen.getByRole('status', { name: 'address' }).textContent?.split('?')[1]));

const history = reply(monitoringApi.history, {
  resolution: 'raw',
  bucketSeconds: 0,
  series: [
    {
      deviceId: 41,
      code: 'LV-001',
      name: '1号液位计',
      metric: 'level',
      metricName: '液位',
      unit: 'm',
      min: 0,
      max: 6,
      precision: 2,
      points: [
        { t: new Date(Date.now() - 30 * 60_000).toISOString(), v: 4.1 },
        { t: new Date(Date.now() - 10 * 60_000).toISOString(), v: 4.3 },
      ],
    },
  ],
});
const assignees = reply(alarmsApi.assignees, [
  { id: 2, name: '王芳', username: 'wangfang' },
  { id: 3, name: '李强', username: 'liqiang' },
]);

/** The Web Audio API as far as the beep uses it, counting the tones started. */
function fakeAudio() {
  const started = vi.fn();
  class FakeAudioContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    resume = () => Promise.resolve();
    createOscillator = () => ({
      type: 'sine',
      frequency: { setValueAtTime: vi.fn() },
      connect: vi.fn(),
      start: started,
      stop: vi.fn(),
    });
    createGain = () => ({
      gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() },
      connect: vi.fn(),
    });
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return started;
}

const push = (change: 'raised' | 'updated' | 'cleared' | 'acknowledged', a: Alarm) =>
  act(() => live.push({ type: 'alarm', change, alarm: a }));

describe('AlarmListPage (/bz/alarm)', () => {
  it('lists the open alarms: severity, title, state in words, device, station, condition, value, times', async () => {
    const { calls } = mockApi([
      [alarmsApi.counts, counts()],
      [
        alarmsApi.list,
        page([
          alarm(1, { count: 3 }),
          alarm(2, {
            severity: 'minor',
            title: '井盖开启',
            state: 'cleared-unack',
            clearedAt: new Date(Date.now() - 60_000).toISOString(),
            shelvedUntil: new Date(Date.now() + 3600_000).toISOString(),
          }),
        ]),
      ],
    ]);
    renderPage(page$, { route: '/bz/alarm' });

    const row = (await screen.findByRole('button', { name: '查看告警：前池高液位（LV-001）' })).closest(
      'tr',
    ) as HTMLElement;
    expect(row.className).toContain('alarm-row--active-unack');
    expect(within(row).getByText('严重')).toBeTruthy();
    expect(within(row).getByText('×3')).toBeTruthy();
    expect(within(row).getByText('告警中')).toBeTruthy();
    expect(within(row).getByText('未确认')).toBeTruthy();
    expect(within(row).getByText('1号液位计')).toBeTruthy();
    expect(within(row).getByText('LV-001')).toBeTruthy();
    expect(within(row).getByText('东湖雨水泵站')).toBeTruthy();
    expect(within(row).getByText('液位 ≥ 4.2 m')).toBeTruthy();
    expect(within(row).getByText('4.38 m')).toBeTruthy();
    expect(within(row).getByText('12 分钟前')).toBeTruthy();
    expect(within(row).getByText('12 分钟')).toBeTruthy();

    const cleared = screen.getByRole('button', { name: '查看告警：井盖开启（LV-002）' }).closest('tr') as HTMLElement;
    expect(cleared.className).toContain('alarm-row--cleared-unack');
    expect(within(cleared).getByText('已解除')).toBeTruthy();
    expect(within(cleared).getByText('已搁置')).toBeTruthy();
    // The open view, whatever the address says.
    expect(calls.find((c) => c.path === '/api/alarms')?.query.get('view')).toBe('open');
  });

  it('keeps the filters in the address and sends them', async () => {
    const { calls } = mockApi([
      [alarmsApi.counts, counts()],
      [alarmsApi.list, page([alarm(1)])],
    ]);
    const { user } = renderPage(page$, { route: '/bz/alarm?view=all' });
    await screen.findByText('1号液位计');

    await user.click(screen.getByRole('combobox', { name: '级别' }));
    await user.click(await screen.findByRole('option', { name: '严重' }));
    await user.click(screen.getByRole('combobox', { name: '状态' }));
    await user.click(await screen.findByRole('option', { name: '已解除，未确认' }));
    await user.click(screen.getByRole('checkbox', { name: '指派给我的' }));
    const keyword = screen.getByRole('textbox', { name: '设备编号、名称、站点或规则' });
    await user.type(keyword, 'LV');
    fireEvent.keyDown(keyword, { key: 'Enter', keyCode: 13 });

    await waitFor(() =>
      expect(search()).toMatchObject({
        severity: 'critical',
        state: 'cleared-unack',
        assignedToMe: 'true',
        keyword: 'LV',
      }),
    );
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/api/alarms').at(-1);
      expect(Object.fromEntries(last?.query ?? [])).toMatchObject({
        view: 'open',
        severity: 'critical',
        state: 'cleared-unack',
        assignedToMe: 'true',
        keyword: 'LV',
      });
    });
  });

  it('follows live alarm events: a row changes at once, a new one comes with the read-back, the navbar count too', async () => {
    let rows = [alarm(1)];
    let unackCritical = 1;
    mockApi([
      [
        alarmsApi.counts,
        () => counts({ unacknowledged: { critical: unackCritical, major: 2, minor: 0, warning: 0, info: 0 } }),
      ],
      [alarmsApi.list, () => page(rows)],
    ]);
    renderPage(page$, { route: '/bz/alarm' });
    expect(await screen.findByRole('button', { name: '告警：3 条未确认' })).toBeTruthy();
    await screen.findByText('1号液位计');

    // The row takes the event's alarm (applyAlarmEvent's test: at once); the read-back agrees.
    rows = [alarm(1, { state: 'active-ack' })];
    push('acknowledged', alarm(1, { state: 'active-ack', acknowledgedAt: new Date().toISOString() }));
    await waitFor(() => expect(within(rowOf('1号液位计')).getByText('已确认')).toBeTruthy());

    rows = [alarm(7, { title: '水泵跳闸', deviceName: '3号泵' }), ...rows];
    unackCritical = 2;
    push('raised', rows[0] as Alarm);
    expect(await screen.findByText('3号泵')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '告警：4 条未确认' })).toBeTruthy();
  });

  it('acknowledges the selected alarms in one call and says how many changed', async () => {
    const { calls } = mockApi([
      [alarmsApi.counts, counts()],
      [alarmsApi.list, page([alarm(1), alarm(2), alarm(3, { state: 'active-ack' })])],
      [alarmsApi.acknowledge, { changed: 2 }],
    ]);
    const { user } = renderPage(page$, { route: '/bz/alarm' });
    await screen.findByText('1号液位计');

    const button = screen.getByRole('button', { name: '确认所选' });
    expect(button.hasAttribute('disabled')).toBe(true);
    // An acknowledged alarm has nothing to acknowledge.
    expect(screen.getByRole('checkbox', { name: '选择告警：前池高液位（LV-003）' }).hasAttribute('disabled')).toBe(
      true,
    );
    await user.click(screen.getByRole('checkbox', { name: '选择告警：前池高液位（LV-001）' }));
    await user.click(screen.getByRole('checkbox', { name: '选择告警：前池高液位（LV-002）' }));
    await user.click(screen.getByRole('button', { name: '确认所选（2）' }));

    await waitFor(() => expect(calls.some((c) => c.path === '/api/alarms/acknowledge')).toBe(true));
    expect(calls.find((c) => c.path === '/api/alarms/acknowledge')?.body).toEqual({ ids: [1, 2] });
    expect(await screen.findByText('已确认 2 条告警（所选 2 条）')).toBeTruthy();
  });

  it('opens the drawer from the address: facts, the metric with its threshold, the timeline in words', async () => {
    const base = alarm(1, { assigneeId: 2, assigneeName: '王芳' });
    const { calls } = mockApi([
      assignees,
      [alarmsApi.counts, counts()],
      [alarmsApi.list, page([base])],
      [
        alarmsApi.get,
        (call) => {
          const d = detail(base);
          const shelved = {
            id: 9,
            kind: 'shelved' as const,
            at: base.lastAt,
            userName: '王芳',
            text: '2026-11-27T11:39:40.405Z',
          };
          return { ...d, entries: [...d.entries, shelved], id: Number(call.params.id) };
        },
      ],
      history,
    ]);
    renderPage(page$, { route: '/bz/alarm?alarm=1' });

    const drawer = await screen.findByRole('dialog', { name: '告警详情' });
    expect(await within(drawer).findByRole('heading', { name: '前池高液位' })).toBeTruthy();
    expect(within(drawer).getByText('液位 ≥ 高液位报警值')).toBeTruthy();
    expect(within(drawer).getByText('LV-001 1号液位计')).toBeTruthy();

    const timeline = within(drawer).getByRole('region', { name: '处理记录' });
    expect(within(timeline).getByText('告警产生')).toBeTruthy();
    expect(within(timeline).getByText('发送通知')).toBeTruthy();
    expect(within(timeline).getAllByText('系统')).toHaveLength(2);
    expect(within(timeline).getByText('评论')).toBeTruthy();
    expect(within(timeline).getAllByText('王芳')).toHaveLength(2);
    expect(within(timeline).getByText('已通知泵站值班员到场查看')).toBeTruthy();
    // The shelving time in the reader's words, not as the wire's ISO string.
    expect(within(timeline).getByText('搁置')).toBeTruthy();
    expect(within(timeline).getByText(formatDateTime('2026-11-27T11:39:40.405Z', 'zh-CN'))).toBeTruthy();

    const chart = await within(drawer).findByTestId('alarm-chart');
    expect(chart.textContent).toBe('threshold 4.2');
    const asked = calls.find((c) => c.path === '/api/monitoring/history');
    expect(asked?.query.get('series')).toBe('41:level');
    // From an hour before it was raised (12 minutes ago).
    const from = Date.parse(asked?.query.get('from') ?? '');
    expect(Math.abs(Date.now() - 72 * 60_000 - from)).toBeLessThan(2 * 60_000);
  });

  it('says why an offline alarm has no chart', async () => {
    const base = alarm(1, { kind: 'offline', metric: null, metricName: '', title: '通信中断', threshold: null });
    const { calls } = mockApi([
      assignees,
      [alarmsApi.counts, counts()],
      [alarmsApi.list, page([base])],
      [alarmsApi.get, detail(base)],
    ]);
    renderPage(page$, { route: '/bz/alarm?alarm=1' });
    expect(await screen.findByText('此告警是设备通信中断，没有可绘制的指标曲线。')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/monitoring/history')).toBe(false);
  });

  it('shows a lab water-quality alarm by its site, without a chart; an online one shows its analyser and site', async () => {
    const lab = alarm(1, {
      kind: 'water_quality',
      ruleId: null,
      title: '岚川水厂出厂水 游离氯 超标',
      deviceId: null,
      deviceCode: '',
      deviceName: '',
      deviceTypeName: '',
      siteId: 3,
      siteName: '岚川水厂出厂水',
      stationId: null,
      stationName: '',
      metric: null,
      metricName: '游离氯',
      unit: 'mg/L',
      condition: '游离氯 0.12 mg/L，限值 ≥0.3（GB 5749-2022 表2 游离氯）',
      threshold: 0.3,
      firstValue: '0.12',
      lastValue: '0.12',
    });
    const online = alarm(2, {
      kind: 'water_quality',
      ruleId: null,
      title: '岚川水厂出厂水 浑浊度 超标',
      deviceCode: 'WP-WQ01',
      deviceName: '出厂水水质仪',
      siteId: 3,
      siteName: '岚川水厂出厂水',
      stationId: null,
      stationName: '',
      metric: 'turbidity',
    });
    const { calls } = mockApi([
      assignees,
      [alarmsApi.counts, counts()],
      [alarmsApi.list, page([lab, online])],
      [alarmsApi.get, detail(lab, { ruleSummary: null })],
    ]);
    renderPage(page$, { route: '/bz/alarm?alarm=1' });

    const row = (
      await screen.findByRole('button', { name: '查看告警：岚川水厂出厂水 游离氯 超标（岚川水厂出厂水）' })
    ).closest('tr') as HTMLElement;
    // The site where the device would be, marked as the lab's.
    expect(within(row).getByText('岚川水厂出厂水')).toBeTruthy();
    expect(within(row).getByText('化验室检测')).toBeTruthy();
    // An online one: its analyser, and its site where a station would be.
    const other = rowOf('出厂水水质仪');
    expect(within(other).getByText('WP-WQ01')).toBeTruthy();
    expect(within(other).getByText('岚川水厂出厂水')).toBeTruthy();

    const drawer = await screen.findByRole('article', { name: '岚川水厂出厂水 游离氯 超标' });
    expect(within(drawer).getByText(/^监测点/)).toBeTruthy();
    expect(within(drawer).getByText('此告警由化验室检测结果触发，没有在线指标曲线。')).toBeTruthy();
    expect(within(drawer).getByText('游离氯 0.12 mg/L，限值 ≥0.3（GB 5749-2022 表2 游离氯）')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/monitoring/history')).toBe(false);
  });

  it('a row opens its drawer; clearing needs a reason', async () => {
    const base = alarm(1);
    const { calls } = mockApi([
      assignees,
      [alarmsApi.counts, counts()],
      [alarmsApi.list, page([base])],
      [alarmsApi.get, detail(base)],
      [
        alarmsApi.clear,
        (call) =>
          detail({ ...base, state: 'cleared-unack', clearReason: String((call.body as { reason: string }).reason) }),
      ],
      history,
    ]);
    const { user } = renderPage(page$, { route: '/bz/alarm' });
    await user.click(await screen.findByText('液位 ≥ 4.2 m'));
    const drawer = await screen.findByRole('dialog', { name: '告警详情' });
    expect(search()).toMatchObject({ alarm: '1' });

    await user.click(await within(drawer).findByRole('button', { name: '解除' }));
    const modal = await screen.findByRole('dialog', { name: '解除告警：前池高液位' });
    await user.click(within(modal).getByRole('button', { name: '解除' }));
    expect((await within(modal).findByRole('alert')).textContent).toBe('必填');
    expect(calls.some((c) => c.path === '/api/alarms/1/clear')).toBe(false);

    // Pasted in one event: typed key by key into Arco's controlled, auto-sizing text area, a loaded
    // machine lost the last characters to a re-render between keys (CI failed on it once).
    const reason = within(modal).getByRole('textbox', { name: '解除原因' });
    await user.click(reason);
    await user.paste('现场确认液位计故障');
    await waitFor(() => expect((reason as HTMLTextAreaElement).value).toBe('现场确认液位计故障'));
    await user.click(within(modal).getByRole('button', { name: '解除' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/alarms/1/clear')).toBe(true));
    expect(calls.find((c) => c.path === '/api/alarms/1/clear')?.body).toEqual({ reason: '现场确认液位计故障' });
  });

  it('shelves until the chosen time, assigns, comments; the work order waits for its module', async () => {
    const base = alarm(1);
    const { calls } = mockApi([
      assignees,
      [alarmsApi.counts, counts()],
      [alarmsApi.list, page([base])],
      [alarmsApi.get, detail(base)],
      [alarmsApi.shelve, (call) => detail({ ...base, shelvedUntil: (call.body as { until: string }).until })],
      [alarmsApi.assign, detail({ ...base, assigneeId: 3, assigneeName: '李强' })],
      [alarmsApi.comment, detail(base)],
      history,
    ]);
    const { user } = renderPage(page$, { route: '/bz/alarm?alarm=1' });
    const drawer = await screen.findByRole('dialog', { name: '告警详情' });
    const toolbar = await within(drawer).findByRole('toolbar', { name: '告警处理' });

    await user.click(within(toolbar).getByRole('button', { name: '搁置' }));
    const modal = await screen.findByRole('dialog', { name: '搁置告警：前池高液位' });
    await user.click(within(modal).getByRole('radio', { name: '4 小时' }));
    await user.click(within(modal).getByRole('button', { name: '搁置' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/alarms/1/shelve')).toBe(true));
    const shelved = calls.find((c) => c.path === '/api/alarms/1/shelve')?.body as { until: string } | undefined;
    const until = Date.parse(shelved?.until ?? '');
    expect(Math.abs(until - (Date.now() + 4 * 3600_000))).toBeLessThan(60_000);
    // Shelved now: the button unshelves.
    expect(await within(toolbar).findByRole('button', { name: '取消搁置' })).toBeTruthy();

    await user.click(within(toolbar).getByRole('combobox', { name: '指派给' }));
    await user.click(await screen.findByRole('option', { name: '李强 (liqiang)' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/alarms/1/assign')?.body).toEqual({ userId: 3 }));

    await user.click(within(drawer).getByRole('button', { name: '添加评论' }));
    expect((await within(drawer).findByRole('alert')).textContent).toBe('必填');
    await user.type(within(drawer).getByRole('textbox', { name: '评论' }), '已派人');
    await user.click(within(drawer).getByRole('button', { name: '添加评论' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/alarms/1/comments')?.body).toEqual({ text: '已派人' }),
    );

    const workOrder = within(toolbar).getByRole('button', { name: '创建工单' });
    expect(workOrder.hasAttribute('disabled')).toBe(true);
    expect(workOrder.getAttribute('aria-describedby')).toBeTruthy();
    await user.hover(workOrder.parentElement as HTMLElement);
    // The tooltip, beside the button's own description.
    await waitFor(() => expect(screen.getAllByText('工单模块上线后可用')).toHaveLength(2));
  });

  it('shows everything but no actions to a user without alarm:handle', async () => {
    const base = alarm(1);
    mockApi([
      assignees,
      [alarmsApi.counts, counts()],
      [alarmsApi.list, page([base])],
      [alarmsApi.get, detail(base)],
      history,
    ]);
    renderPage(page$, { route: '/bz/alarm?alarm=1', permissions: ['alarm:view'] });
    const drawer = await screen.findByRole('dialog', { name: '告警详情' });
    expect(await within(drawer).findByText('已通知泵站值班员到场查看')).toBeTruthy();
    expect(within(drawer).queryByRole('toolbar')).toBeNull();
    expect(within(drawer).queryByRole('button', { name: '添加评论' })).toBeNull();
    expect(screen.queryByRole('button', { name: /确认所选/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /选择告警/ })).toBeNull();
    // The navbar count is theirs all the same.
    expect(screen.getByRole('button', { name: '告警：3 条未确认' })).toBeTruthy();
  });

  it('beeps for a new critical alarm, not for others, and not once muted (kept per user)', async () => {
    const started = fakeAudio();
    mockApi([
      [alarmsApi.counts, counts()],
      [alarmsApi.list, page([alarm(1)])],
    ]);
    const { user } = renderPage(page$, { route: '/bz/alarm' });
    await screen.findByText('1号液位计');

    push('raised', alarm(8));
    // Two tones, twice.
    expect(started).toHaveBeenCalledTimes(4);
    push('raised', alarm(9, { severity: 'major' }));
    push('updated', alarm(8, { count: 2 }));
    expect(started).toHaveBeenCalledTimes(4);

    await user.click(screen.getByRole('switch', { name: '严重告警提示音' }));
    expect(localStorage.getItem('water-ops:alarm-sound-muted:0')).toBe('1');
    push('raised', alarm(10));
    expect(started).toHaveBeenCalledTimes(4);
  });

  it('stays silent for a user who muted it before', async () => {
    const started = fakeAudio();
    localStorage.setItem('water-ops:alarm-sound-muted:0', '1');
    mockApi([
      [alarmsApi.counts, counts()],
      [alarmsApi.list, page([alarm(1)])],
    ]);
    renderPage(page$, { route: '/bz/alarm' });
    await screen.findByText('1号液位计');
    expect(screen.getByRole<HTMLButtonElement>('switch', { name: '严重告警提示音' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    push('raised', alarm(8));
    expect(started).not.toHaveBeenCalled();
  });
});
