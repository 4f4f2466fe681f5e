import { act, screen, waitFor, within } from '@testing-library/react';
import type { LiveEvent } from '@water/contracts';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, renderPage } from '../../../shared/testing/render-page.tsx';
import { flowType, levelType, pageOf, point, reading, region, station } from '../monitoring-test-fixtures.ts';
import { RealTimeDataPage } from './real-time-data-page.tsx';

const live = vi.hoisted(() => ({}) as ReturnType<typeof import('../monitoring-test-fixtures.ts').createFakeLive>);
vi.mock('../../../shared/live/live-channel.ts', async () => {
  const { createFakeLive } = await import('../monitoring-test-fixtures.ts');
  Object.assign(live, createFakeLive());
  return { liveChannel: live.channel };
});

const reads = {
  'GET /api/regions/tree': ok([region(1, '岚川市', [region(10, '东湖区', [], 1), region(20, '西山区', [], 1)])]),
  'GET /api/device-types': ok([levelType, flowType]),
  'GET /api/stations': ok([station(5, '东湖雨水泵站', 10), station(6, '西山加压站', 20)]),
};

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

describe('RealTimeDataPage', () => {
  it('groups points by region and station and shows each metric as its thing model says', async () => {
    const { calls } = mockApi({ ...reads, 'GET /api/monitoring/points': pageOf(board) });
    renderPage(<RealTimeDataPage />, { route: '/timeData/realTimeData' });

    const east = await screen.findByRole('group', { name: '东湖区' });
    expect(within(east).getByRole('heading', { level: 2, name: '东湖区' })).toBeTruthy();
    expect(within(east).getByText('2 个监测点', { selector: 'h2 + span' })).toBeTruthy();
    const eastStation = within(east).getByRole('group', { name: '东湖雨水泵站' });
    expect(within(eastStation).getAllByRole('article')).toHaveLength(2);
    const west = screen.getByRole('group', { name: '西山区' });
    expect(within(west).getByRole('heading', { level: 3, name: '不属于站点' })).toBeTruthy();

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
    mockApi({ ...reads, 'GET /api/monitoring/points': pageOf(board) });
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
    mockApi({ ...reads, 'GET /api/monitoring/points': pageOf([silent]) });
    renderPage(<RealTimeDataPage />, { route: '/timeData/realTimeData' });
    const article = await screen.findByRole('article', { name: /LT-015/ });
    expect(within(article).getByText('数据过期')).toBeTruthy();
  });

  it('reads its filters from the address, sends them as the query and keeps changes there', async () => {
    const { calls } = mockApi({ ...reads, 'GET /api/monitoring/points': pageOf(board.slice(0, 1)) });
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
    mockApi({ ...reads, 'GET /api/monitoring/points': pageOf([]) });
    const first = renderPage(<RealTimeDataPage />, { route: '/timeData/realTimeData' });
    expect(await screen.findByText('暂无在用的监测设备')).toBeTruthy();
    first.unmount();

    mockApi({ ...reads, 'GET /api/monitoring/points': fail(500, '服务器开小差了') });
    renderPage(<RealTimeDataPage />, { route: '/timeData/realTimeData' });
    expect(await screen.findByText('数据加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
