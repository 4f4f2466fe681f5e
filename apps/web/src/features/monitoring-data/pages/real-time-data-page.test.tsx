import { act, screen, waitFor, within } from '@testing-library/react';
import { devicesApi, deviceTypesApi, type LiveEvent, monitoringApi, regionsApi } from '@water/contracts';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { flowType, levelType, pageOf, point, reading, region, station } from '../monitoring-test-fixtures.ts';
import { RealTimeDataPage } from './real-time-data-page.tsx';

const live = vi.hoisted(() => ({}) as ReturnType<typeof import('../monitoring-test-fixtures.ts').createFakeLive>);
vi.mock('../../../shared/live/live-channel.ts', async () => {
  const { createFakeLive } = await import('../monitoring-test-fixtures.ts');
  Object.assign(live, createFakeLive());
  return { liveChannel: live.channel };
});

// Answers typed by the contracts: each is checked against its endpoint's data schema.
const reads = [
  reply(regionsApi.tree, [region(1, '岚川市', [region(10, '东湖区', [], 1), region(20, '西山区', [], 1)])]),
  reply(deviceTypesApi.list, [levelType, flowType]),
  reply(devicesApi.stations, [station(5, '东湖雨水泵站', 10), station(6, '西山加压站', 20)]),
] as const;

const board = [
  point(12, 'LT-012', '前池液位计', {
    readings: [reading('level', 2.345), reading('pump', true), reading('mode', 'remote')],
  }),
  point(13, 'LT-013', '出水井液位计', {
    status: 'offline',
    stale: true,
    readings: [reading('level', 6.2, 1), reading('pump', false)],
  }),
  point(14, 'FM-014', '西山出厂流量计', {
    typeId: 2,
    typeName: '流量计',
    regionId: 20,
    regionName: '西山区',
    stationId: null,
    stationName: '',
    readings: [reading('flow', 120.04), reading('pressure', '0.41', 4)],
  }),
];

function Where() {
  return <output aria-label="address">{useLocation().search}</output>;
}

const card = (name: RegExp) => screen.getByRole('article', { name });
/** The group headers in order, level and text (its parts spaced), as a reader meets them. */
const outline = () =>
  screen
    .queryAllByRole('heading')
    .filter((h) => h.tagName === 'H2' || h.tagName === 'H3')
    .map(
      (h) =>
        `${h.tagName} ${[...h.querySelectorAll('button > span, button > span > span')]
          .filter((e) => !e.children.length)
          .map((e) => e.textContent)
          .join(' ')}`,
    );

describe('RealTimeDataPage', () => {
  it('groups points by region and station and shows each metric as its thing model says', async () => {
    const { calls } = mockApi([...reads, [monitoringApi.points, pageOf(board)]]);
    renderPage(<RealTimeDataPage />, { route: '/timeData/realTimeData' });

    // Two station groups: few enough to open. Headers are headings holding a disclosure button.
    const east = await screen.findByRole('heading', { level: 2, name: /^东湖区/ });
    expect(within(east).getByRole('button', { expanded: true }).textContent).toContain('2 个监测点');
    const eastStation = screen.getByRole('list', { name: '东湖雨水泵站' });
    expect(within(eastStation).getAllByRole('article')).toHaveLength(2);
    // The outline, each header with its tally: LT-013 is offline, stale and above its range.
    expect(outline()).toEqual([
      'H2 东湖区 2 个监测点 在线 1 离线 1 过期 1 超限 1',
      'H3 东湖雨水泵站 2 个监测点 在线 1 离线 1 过期 1 超限 1',
      'H2 西山区 1 个监测点 在线 1',
      'H3 不属于站点 1 个监测点 在线 1',
    ]);
    expect(
      within(screen.getByRole('list', { name: '不属于站点' })).getByRole('article', { name: /FM-014/ }),
    ).toBeTruthy();

    // Precision, unit, boolean and enum labels come from the model.
    const fresh = card(/LT-012/);
    expect(within(fresh).getByText('2.35')).toBeTruthy();
    expect(within(fresh).getByText('m')).toBeTruthy();
    expect(within(fresh).getByText('运行')).toBeTruthy();
    expect(within(fresh).getByText('远程')).toBeTruthy();
    expect(within(fresh).getByText('在线')).toBeTruthy();
    expect(within(fresh).queryByText('数据过期')).toBeNull();

    // Out of range: red and said; the device's own flag is shown; offline is stale.
    const high = card(/LT-013/);
    const value = within(high).getByText('6.20');
    expect(value.className).toContain('monitoring-metric__number--high');
    expect(within(high).getByText('高于上限 5.00')).toBeTruthy();
    expect(within(high).getByRole('img', { name: '数据质量标记：设备上报超出量程' })).toBeTruthy();
    expect(within(high).getByText('数据过期')).toBeTruthy();
    expect(within(high).getByText('停止')).toBeTruthy();

    const flow = card(/FM-014/);
    expect(within(flow).getByText('120.0')).toBeTruthy();
    expect(within(flow).getByText('0.410')).toBeTruthy();
    expect(within(flow).getByRole('img', { name: '数据质量标记：数据类型不符，已转换' })).toBeTruthy();

    const summary = screen.getByRole('region', { name: '监测点概况' });
    expect(within(summary).getByText('在线').nextElementSibling?.textContent).toBe('2');
    expect(within(summary).getByText('离线').nextElementSibling?.textContent).toBe('1');
    expect(within(summary).getByText('数据过期').nextElementSibling?.textContent).toBe('1');
    expect(within(summary).getByRole('status').textContent).toBe('实时连接正常');

    expect(calls.find((c) => c.path === '/api/monitoring/points')?.query.toString()).toBe('page=1&pageSize=200');
    await waitFor(() => expect(live.watched.at(-1)).toEqual([12, 13, 14]));
  });

  it('applies live telemetry and device status to the board: values change and flash, a silent device turns stale', async () => {
    mockApi([...reads, [monitoringApi.points, pageOf(board)]]);
    renderPage(<RealTimeDataPage />, { locale: 'en-US', route: '/timeData/realTimeData' });
    const fresh = await screen.findByRole('article', { name: /LT-012/ });
    expect(within(fresh).getByText('2.35').dataset.flash).toBeUndefined();

    const ts = new Date().toISOString();
    act(() =>
      live.push({
        type: 'telemetry',
        deviceId: 12,
        readings: [
          { key: 'level', value: 5.5, ts, quality: 1 },
          { key: 'pump', value: false, ts, quality: 0 },
        ],
      } satisfies LiveEvent),
    );
    const changed = within(fresh).getByText('5.50');
    expect(changed.dataset.flash).toBe('true');
    expect(changed.className).toContain('monitoring-metric__number--flash');
    expect(changed.className).toContain('--high');
    expect(within(fresh).getByText('Stopped')).toBeTruthy();
    // Unchanged values do not flash.
    expect(within(fresh).getByText('Remote').dataset.flash).toBeUndefined();

    const flow = screen.getByRole('article', { name: /FM-014/ });
    expect(within(flow).queryByText('Stale')).toBeNull();
    act(() =>
      live.push({
        type: 'device-status',
        deviceId: 14,
        code: 'FM-014',
        from: 'online',
        to: 'offline',
        at: ts,
      } satisfies LiveEvent),
    );
    expect(within(flow).getByText('Offline')).toBeTruthy();
    expect(within(flow).getByText('Stale')).toBeTruthy();
  });

  it('marks a point stale when it has been silent longer than its type allows', async () => {
    const silent = point(15, 'LT-015', '老旧液位计', {
      lastSeenAt: new Date(Date.now() - 11 * 60_000).toISOString(),
      readings: [reading('level', 1)],
    });
    mockApi([...reads, [monitoringApi.points, pageOf([silent])]]);
    renderPage(<RealTimeDataPage />, { route: '/timeData/realTimeData' });
    const article = await screen.findByRole('article', { name: /LT-015/ });
    expect(within(article).getByText('数据过期')).toBeTruthy();
  });

  it('reads its filters from the address, sends them as the query and keeps changes there', async () => {
    const { calls } = mockApi([...reads, [monitoringApi.points, pageOf(board.slice(0, 1))]]);
    const { user, unmount } = renderPage(
      <>
        <RealTimeDataPage />
        <Where />
      </>,
      { route: '/timeData/realTimeData?keyword=LT&regionId=10&status=online&page=x' },
    );
    await screen.findByRole('article', { name: /LT-012/ });
    expect(calls.find((c) => c.path === '/api/monitoring/points')?.query.toString()).toBe(
      'page=1&pageSize=200&keyword=LT&regionId=10&status=online',
    );
    expect((screen.getByRole('textbox', { name: '设备编码或名称' }) as HTMLInputElement).value).toBe('LT');

    await user.click(screen.getByRole('combobox', { name: '设备类型' }));
    await user.click(await screen.findByRole('option', { name: '液位计' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'address' }).textContent).toBe(
        '?keyword=LT&regionId=10&typeId=1&status=online',
      ),
    );
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/monitoring/points')
          .at(-1)
          ?.query.get('typeId'),
      ).toBe('1'),
    );

    await user.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'address' }).textContent).toBe(''));

    // Leaving the page tells the server to stop.
    unmount();
    expect(live.watched.at(-1)).toEqual([]);
  });

  it('shows the empty board, and a failed load with a retry', async () => {
    mockApi([...reads, [monitoringApi.points, pageOf([])]]);
    const first = renderPage(<RealTimeDataPage />, { route: '/timeData/realTimeData' });
    expect(await screen.findByText('暂无在用的监测设备')).toBeTruthy();
    first.unmount();

    mockApi([...reads, [monitoringApi.points, fail(500, '服务器开小差了')]]);
    renderPage(<RealTimeDataPage />, { route: '/timeData/realTimeData' });
    expect(await screen.findByText('数据加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('collapses and expands a group; a collapsed header still tallies it; the address keeps which', async () => {
    mockApi([...reads, [monitoringApi.points, pageOf(board)]]);
    const first = renderPage(
      <>
        <RealTimeDataPage />
        <Where />
      </>,
      { route: '/timeData/realTimeData' },
    );
    const { user } = first;
    const station = await screen.findByRole('button', { name: /^东湖雨水泵站/, expanded: true });
    expect(station.getAttribute('aria-controls')).toBe(screen.getByRole('list', { name: '东湖雨水泵站' }).id);

    await user.click(station);
    expect(station.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('article', { name: /LT-012/ })).toBeNull();
    expect(screen.queryByRole('list', { name: '东湖雨水泵站' })).toBeNull();
    expect(station.textContent).toContain('离线 1');
    expect(screen.getByRole('article', { name: /FM-014/ })).toBeTruthy();
    // The default in force is written down with the change, so the board keeps it as groups change.
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('?groups=expanded&toggled=s5');

    await user.click(station);
    expect(station.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('article', { name: /LT-012/ })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('?groups=expanded');

    // A region closes over its stations.
    await user.click(screen.getByRole('button', { name: /^西山区/ }));
    expect(screen.queryByRole('heading', { level: 3, name: /^不属于站点/ })).toBeNull();
    expect(screen.queryByRole('article', { name: /FM-014/ })).toBeNull();
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('?groups=expanded&toggled=r20');
    first.unmount();

    // A reload (or a shared link) opens the board as it was left.
    mockApi([...reads, [monitoringApi.points, pageOf(board)]]);
    renderPage(<RealTimeDataPage />, { route: '/timeData/realTimeData?groups=expanded&toggled=s5' });
    expect(await screen.findByRole('button', { name: /^东湖雨水泵站/, expanded: false })).toBeTruthy();
    expect(screen.queryByRole('article', { name: /LT-012/ })).toBeNull();
    expect(screen.getByRole('article', { name: /FM-014/ })).toBeTruthy();
  });

  it('starts collapsed with more than six station groups, expands and collapses all, and still applies live events', async () => {
    // Eight pump stations of two level meters each.
    const stations = Array.from({ length: 8 }, (_, i) =>
      [0, 1].map((j) =>
        point(100 + i * 2 + j, `PS${i + 1}-LT0${j + 1}`, `${i + 1} 号泵站液位计`, {
          stationId: 100 + i,
          stationName: `${i + 1} 号泵站`,
          readings: [reading('level', 1.5)],
        }),
      ),
    ).flat();
    mockApi([...reads, [monitoringApi.points, pageOf(stations)]]);
    const { user } = renderPage(
      <>
        <RealTimeDataPage />
        <Where />
      </>,
      { route: '/timeData/realTimeData' },
    );
    expect(await screen.findAllByRole('button', { name: / 号泵站/, expanded: false })).toHaveLength(8);
    expect(screen.getByRole('button', { name: /^东湖区/, expanded: true })).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText('站点分组 8 个 · 区域 1 个')).toBeTruthy();
    expect((screen.getByRole('button', { name: '全部收起' }) as HTMLButtonElement).disabled).toBe(true);
    // Collapsed or not, every device of the page is watched: the headers tally them live.
    await waitFor(() => expect(live.watched.at(-1)).toHaveLength(16));

    // A device of a collapsed station drops out and reads out of range: its header says so.
    const ts = new Date().toISOString();
    act(() => {
      live.push({ type: 'device-status', deviceId: 105, code: 'PS3-LT02', from: 'online', to: 'offline', at: ts });
      live.push({ type: 'telemetry', deviceId: 104, readings: [{ key: 'level', value: 5.8, ts, quality: 0 }] });
    });
    const third = screen.getByRole('button', { name: /^3 号泵站/ });
    expect(third.textContent).toContain('离线 1');
    expect(third.textContent).toContain('超限 1');
    expect(screen.getByRole('button', { name: /^4 号泵站/ }).textContent).not.toContain('离线');

    await user.click(screen.getByRole('button', { name: '全部展开' }));
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('?groups=expanded');
    expect(screen.queryAllByRole('button', { name: / 号泵站/, expanded: false })).toHaveLength(0);
    const value = within(screen.getByRole('article', { name: /PS3-LT01/ })).getByText('5.80');
    expect(value.className).toContain('--high');
    expect((screen.getByRole('button', { name: '全部展开' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: '全部收起' }));
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('?groups=collapsed');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('draws only the cards near the viewport when the board is long, and follows the scroll', async () => {
    // 60 stations of 5 devices, all open: 300 cards on the page, a few screens' worth in the DOM.
    const many = Array.from({ length: 60 }, (_, i) =>
      Array.from({ length: 5 }, (_, j) =>
        point(1000 + i * 5 + j, `S${String(i + 1).padStart(2, '0')}-D${j + 1}`, `设备 ${j + 1}`, {
          stationId: 1000 + i,
          stationName: `站点 ${i + 1}`,
          readings: [reading('level', 1.25)],
        }),
      ),
    ).flat();
    mockApi([...reads, [monitoringApi.points, pageOf(many, 500)]]);
    renderPage(<RealTimeDataPage />, { route: '/timeData/realTimeData?groups=expanded&pageSize=500' });
    await screen.findByRole('article', { name: /S01-D1/ });
    const drawn = screen.getAllByRole('article').length;
    expect(drawn).toBeGreaterThan(2);
    expect(drawn).toBeLessThan(40);
    expect(screen.queryByRole('article', { name: /S60-D5/ })).toBeNull();
    // The whole board's height is kept, so the scroll bar tells how long it is.
    const list = screen.getAllByRole('list', { name: '站点 1' })[0]?.closest('.monitoring-board__list') as HTMLElement;
    expect(Number.parseInt(list.style.height, 10)).toBeGreaterThan(60 * 400);

    // Live events reach the cards on screen.
    act(() =>
      live.push({
        type: 'telemetry',
        deviceId: 1000,
        readings: [{ key: 'level', value: 3.5, ts: new Date().toISOString(), quality: 0 }],
      }),
    );
    expect(within(screen.getByRole('article', { name: /S01-D1/ })).getByText('3.50')).toBeTruthy();

    // Scrolled to the end, the last station is drawn and the first is gone.
    const scrollY = Object.getOwnPropertyDescriptor(window, 'scrollY');
    try {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: Number.parseInt(list.style.height, 10) });
      act(() => {
        window.dispatchEvent(new Event('scroll'));
      });
      expect(await screen.findByRole('article', { name: /S60-D5/ })).toBeTruthy();
      expect(screen.queryByRole('article', { name: /S01-D1/ })).toBeNull();
      expect(screen.getAllByRole('article').length).toBeLessThan(40);
    } finally {
      if (scrollY) Object.defineProperty(window, 'scrollY', scrollY);
    }
  });

  it('filters by station through the address, and a new filter returns the groups to their default', async () => {
    const { calls } = mockApi([...reads, [monitoringApi.points, pageOf(board)]]);
    const { user } = renderPage(
      <>
        <RealTimeDataPage />
        <Where />
      </>,
      { route: '/timeData/realTimeData?groups=collapsed&toggled=r20' },
    );
    await screen.findByRole('button', { name: /^东湖雨水泵站/, expanded: false });
    await user.click(screen.getByRole('combobox', { name: '站点' }));
    await user.click(await screen.findByRole('option', { name: '西山加压站' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('?stationId=6'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/monitoring/points')
          .at(-1)
          ?.query.get('stationId'),
      ).toBe('6'),
    );
    expect(screen.getByRole('combobox', { name: '站点' }).textContent).toContain('西山加压站');
  });
});
