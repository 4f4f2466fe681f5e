import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { pumpStationsApi, type RegionNode, regionsApi, stationLiveApi } from '@water/contracts';
import { type Alarm, alarmsApi } from '@water/contracts/alarms';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { configOf, fresh, listOf, pump, stale, station, trendOf } from './live-test-fixtures.ts';
import { StationLivePage } from './station-live-page.tsx';

const live = vi.hoisted(
  () => ({}) as ReturnType<typeof import('../../../shared/testing/fake-live-channel.ts').createFakeLive>,
);
vi.mock('../../../shared/live/live-channel.ts', async () => {
  const { createFakeLive } = await import('../../../shared/testing/fake-live-channel.ts');
  Object.assign(live, createFakeLive());
  return { liveChannel: live.channel };
});

// The trend draws on a canvas jsdom has not: its figure and accessible name are tested.
vi.mock('./station-trend-chart.tsx', () => ({ StationTrendChart: () => <div data-testid="trend-chart" /> }));

const region = (id: number, name: string, children: RegionNode[] = [], parentId: number | null = null): RegionNode => ({
  id,
  parentId,
  code: `R${id}`,
  name,
  kind: parentId ? 'district' : 'city',
  orderNum: 0,
  hasBoundary: false,
  devices: 0,
  totalDevices: 0,
  children,
});
const regions = reply(regionsApi.tree, [region(1, '岚川市', [region(10, '东湖区', [], 1)])]);

const east = station(5, '东湖雨水泵站');
const west = station(6, '西山加压站', {
  kind: 'booster',
  state: 'stopped',
  regionName: '西山区',
  level: stale(1.2),
  flow: stale(0),
  rain: { value: null, ts: null, stale: true },
  pumps: [pump(1, 'stopped'), pump(2, 'local'), pump(3, 'offline')],
  power: null,
  lastUpdate: new Date(Date.now() - 42 * 60_000).toISOString(),
});

function Where() {
  const location = useLocation();
  return <output aria-label="address">{`${location.pathname}${location.search}`}</output>;
}

const page = (
  <>
    <StationLivePage />
    <Where />
  </>
);
const address = () => screen.getByRole('status', { name: 'address' }).textContent;
const search = () => Object.fromEntries(new URLSearchParams(address()?.split('?')[1]));

describe('StationLivePage (/bz/pumpStationList)', () => {
  it('shows each station as a card: state, level against its set-points, pumps, flow, power, rain', async () => {
    mockApi([regions, [stationLiveApi.list, listOf([east, west], { fault: 1 })]]);
    renderPage(page, { route: '/bz/pumpStationList' });

    const card = await screen.findByRole('article', { name: '东湖雨水泵站' });
    expect(within(card).getByText('运行')).toBeTruthy();
    const level = within(card).getByRole('meter', { name: '东湖雨水泵站 液位' });
    expect(level.getAttribute('aria-valuetext')).toBe('2.35 m');
    expect(level.getAttribute('aria-valuemax')).toBe('5');
    expect(within(card).getByText('2.35')).toBeTruthy();
    expect(within(card).getByRole('listitem', { name: '1# 1号泵：运行' })).toBeTruthy();
    expect(within(card).getByRole('listitem', { name: '2# 2号泵：停止' })).toBeTruthy();
    expect(within(card).getByText('1/2 台运行')).toBeTruthy();
    expect(within(card).getByText('流量').nextElementSibling?.textContent).toBe('1,234 m³/h');
    expect(within(card).getByText('功率').nextElementSibling?.textContent).toBe('45.0 kW');
    expect(within(card).getByText('雨量').nextElementSibling?.textContent).toBe('2.4 mm/h');
    // Pressure is not mapped at this station: left out, not shown as missing for ever.
    expect(within(card).queryByText('压力')).toBeNull();
    expect(within(card).getByText('最近更新 1 分钟前')).toBeTruthy();
    expect(within(card).queryByText('数据过期')).toBeNull();

    // State chips count with every filter but the state.
    const chips = screen.getByRole('radiogroup', { name: '运行状态' });
    expect(within(chips).getByRole('radio', { name: '全部 3' })).toBeTruthy();
    expect(within(chips).getByRole('radio', { name: '故障 1' })).toBeTruthy();
    // The page watches the stations it shows.
    await waitFor(() => expect(live.watched.at(-1)).toEqual([5, 6]));
  });

  it('greys stale values and badges the card, and colours each pump by its state', async () => {
    mockApi([regions, [stationLiveApi.list, listOf([east, west])]]);
    renderPage(page, { route: '/bz/pumpStationList' });

    const card = await screen.findByRole('article', { name: '西山加压站' });
    expect(within(card).getByText('数据过期')).toBeTruthy();
    expect(within(card).getByRole('meter', { name: '西山加压站 液位' }).getAttribute('aria-valuetext')).toBe(
      '1.20 m（过期）',
    );
    expect(within(card).getByText('1.20').className).toContain('live-figure--stale');
    expect(within(card).getByText('最近更新 42 分钟前')).toBeTruthy();
    expect(within(card).getByRole('listitem', { name: '2# 2号泵：就地' }).className).toContain('pump-dot--local');
    expect(within(card).getByRole('listitem', { name: '3# 3号泵：离线' }).className).toContain('pump-dot--offline');
    expect(within(card).getByText('功率').nextElementSibling?.textContent).toBe('—');
  });

  it('writes a pushed station event into the card at once', async () => {
    mockApi([regions, [stationLiveApi.list, listOf([east, west])]]);
    renderPage(page, { route: '/bz/pumpStationList' });
    const meter = await screen.findByRole('meter', { name: '东湖雨水泵站 液位' });
    expect(meter.getAttribute('aria-valuetext')).toBe('2.35 m');

    act(() => live.push({ type: 'station', station: { ...east, level: fresh(3.12), flow: fresh(1890) } }));

    expect(meter.getAttribute('aria-valuetext')).toBe('3.12 m');
    const card = screen.getByRole('article', { name: '东湖雨水泵站' });
    expect(within(card).getByText('流量').nextElementSibling?.textContent).toBe('1,890 m³/h');
  });

  it('keeps the filters in the address and sends them in the query', async () => {
    const api = mockApi([regions, [stationLiveApi.list, listOf([east, west])]]);
    const { user } = renderPage(page, { route: '/bz/pumpStationList' });
    await screen.findByRole('article', { name: '东湖雨水泵站' });

    await user.click(screen.getByRole('radio', { name: /^故障/ }));
    await waitFor(() => expect(address()).toBe('/bz/pumpStationList?state=fault'));
    const keyword = screen.getByRole('textbox', { name: '泵站编码或名称' });
    await user.type(keyword, 'PS');
    // Arco reads keyCode, which user-event leaves out.
    fireEvent.keyDown(keyword, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(search()).toEqual({ state: 'fault', keyword: 'PS' }));
    await user.click(screen.getByRole('combobox', { name: '泵站类型' }));
    await user.click(await screen.findByRole('option', { name: '加压泵站' }));
    await waitFor(() => expect(search()).toEqual({ state: 'fault', keyword: 'PS', kind: 'booster' }));

    await waitFor(() => {
      const last = api.calls.filter((c) => c.path === '/api/pump-stations/live').at(-1);
      expect(Object.fromEntries(last?.query ?? [])).toEqual({ state: 'fault', keyword: 'PS', kind: 'booster' });
    });
    // No page: the list is not paged, and its address stays clean.
    expect(address()).not.toContain('page');
  });

  it('opens with the filters a link carries', async () => {
    const api = mockApi([regions, [stationLiveApi.list, listOf([east])]]);
    renderPage(page, { route: '/bz/pumpStationList?kind=rainwater&regionId=10&state=running' });
    await screen.findByRole('article', { name: '东湖雨水泵站' });
    const call = api.calls.find((c) => c.path === '/api/pump-stations/live');
    expect(Object.fromEntries(call?.query ?? [])).toEqual({ kind: 'rainwater', regionId: '10', state: 'running' });
    expect(screen.getByRole('radio', { name: /^运行/ })).toHaveProperty('checked', true);
  });

  it('shows the same figures as a table, and keeps the choice for the user', async () => {
    mockApi([
      regions,
      [stationLiveApi.list, listOf([east, west])],
      [stationLiveApi.get, east],
      [pumpStationsApi.get, configOf(east)],
      [stationLiveApi.trend, trendOf()],
    ]);
    const { user } = renderPage(page, { route: '/bz/pumpStationList', locale: 'en-US' });
    await screen.findByRole('article', { name: '东湖雨水泵站' });

    await user.click(screen.getByRole('radio', { name: 'Table' }));

    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Station',
      'State',
      'Level (m)',
      'Pumps (running)',
      'Flow (m³/h)',
      'Power (kW)',
      'Region',
      'Last update',
    ]);
    const row = within(table).getByRole('row', { name: /东湖雨水泵站/ });
    expect(within(row).getByRole('link', { name: '东湖雨水泵站' })).toBeTruthy();
    expect(within(row).getByRole('meter', { name: '东湖雨水泵站 level' }).getAttribute('aria-valuetext')).toBe(
      '2.35 m',
    );
    expect(within(row).getByText('1/2')).toBeTruthy();
    expect(within(row).getByText('1,234')).toBeTruthy();
    const stalled = within(table).getByRole('row', { name: /西山加压站/ });
    expect(within(stalled).getByText('Stale')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    expect(Object.values(localStorage).includes('table')).toBe(true);

    // A row opens its station, as a card does.
    await user.click(within(row).getByText('1,234'));
    expect(address()).toBe('/bz/pumpStationList?station=5');
  });

  it('opens a station from its card, and comes back to the list with its filters', async () => {
    mockApi([
      regions,
      [stationLiveApi.list, listOf([east, west])],
      [stationLiveApi.get, east],
      [pumpStationsApi.get, configOf(east)],
      [stationLiveApi.trend, trendOf()],
    ]);
    const { user } = renderPage(page, { route: '/bz/pumpStationList?state=running' });

    await user.click(await screen.findByRole('link', { name: '东湖雨水泵站' }));

    expect(address()).toBe('/bz/pumpStationList?state=running&station=5');
    expect(await screen.findByRole('heading', { level: 1, name: '东湖雨水泵站' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: '返回列表' }));
    expect(address()).toBe('/bz/pumpStationList?state=running');
    expect(await screen.findByRole('article', { name: '东湖雨水泵站' })).toBeTruthy();
  });
});

/** An open alarm record of a station, as GET /api/alarms answers it. */
const record = (id: number, patch: Partial<Alarm> = {}): Alarm => ({
  id,
  kind: 'rule',
  ruleId: 3,
  title: '前池高液位',
  severity: 'critical',
  state: 'active-unack',
  deviceId: 70,
  deviceCode: 'PS07-LT01',
  deviceName: '前池液位计',
  deviceTypeName: '液位计',
  siteId: null,
  siteName: '',
  stationId: 7,
  stationName: '城北污水泵站',
  regionId: 10,
  regionName: '东湖区',
  metric: 'level',
  metricName: '液位',
  unit: 'm',
  condition: '液位 ≥ 高液位报警值 4 m',
  threshold: 4,
  firstValue: '4.05',
  lastValue: '4.2',
  count: 1,
  raisedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  lastAt: new Date(Date.now() - 60_000).toISOString(),
  acknowledgedAt: null,
  acknowledgedBy: null,
  clearedAt: null,
  clearedBy: null,
  clearReason: null,
  assigneeId: null,
  assigneeName: null,
  shelvedUntil: null,
  escalations: 0,
  ...patch,
});
const openAlarms = (list: Alarm[]) => ({ list, total: list.length, page: 1, pageSize: 10 });

describe('StationDetail (?station=)', () => {
  const faulty = station(7, '城北污水泵站', {
    kind: 'sewage',
    state: 'fault',
    level: fresh(4.2),
    pumps: [pump(1, 'fault'), pump(2, 'running'), pump(3, 'stopped'), pump(4, 'local')],
    pressure: fresh(0.32),
  });

  it('opens from the address: the mimic, open alarms, devices, cameras, photos and the trend', async () => {
    const photo = {
      id: 31,
      name: '泵房外景.jpg',
      type: 'image/jpeg',
      size: 4096,
      uploadedAt: '2026-11-01T00:00:00.000Z',
      uploadedByName: '张伟',
    };
    const api = mockApi([
      regions,
      [stationLiveApi.get, faulty],
      [
        pumpStationsApi.get,
        configOf(faulty, {
          photos: [photo],
          cameras: [
            { id: 401, code: 'PS07-CAM01', name: '前池摄像头', status: 'online' },
            { id: 402, code: 'PS07-CAM02', name: '出水闸门', status: 'offline' },
          ],
        }),
      ],
      [stationLiveApi.trend, trendOf()],
      [
        alarmsApi.list,
        openAlarms([
          record(11),
          record(12, {
            title: '水泵故障',
            severity: 'major',
            deviceCode: 'PS07-PC01',
            deviceName: '1#泵控制柜',
            metric: null,
            metricName: '',
            unit: '',
            condition: '故障事件',
            lastValue: null,
          }),
        ]),
      ],
    ]);
    const { user } = renderPage(page, { route: '/bz/pumpStationList?kind=sewage&station=7' });

    expect(await screen.findByRole('heading', { level: 1, name: '城北污水泵站' })).toBeTruthy();
    const mimic = screen.getByRole('img', { name: /^城北污水泵站 工艺图：故障，液位 4\.20 m，1\/4 台泵运行/ });
    expect(within(mimic).getAllByRole('group')).toHaveLength(4);
    expect(within(mimic).getByText('0.32 MPa')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回列表' }).getAttribute('href')).toBe('/bz/pumpStationList?kind=sewage');

    // The station's open alarms are the records, each opening its alarm.
    const alarms = await screen.findByRole('list', { name: '本站活动告警' });
    const links = within(alarms).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/bz/alarm?alarm=11', '/bz/alarm?alarm=12']);
    expect(links[0]?.textContent).toBe(
      '严重前池高液位5 分钟前液位 ≥ 高液位报警值 4 m · 最新值 4.2 m · PS07-LT01 前池液位计',
    );
    expect(links[1]?.textContent).toContain('重要水泵故障');
    const asked = api.calls.find((c) => c.path === '/api/alarms');
    expect(Object.fromEntries(asked?.query ?? [])).toMatchObject({ view: 'open', stationId: '7' });
    expect(screen.queryByText('由实时状态推算')).toBeNull();

    const device = await screen.findByRole('link', { name: '在设备台账中查看 1#泵控制柜' });
    expect(device.getAttribute('href')).toBe('/device/deviceList?keyword=PS07-PC01');
    expect(screen.getByRole('link', { name: '在设备台账中查看全部' }).getAttribute('href')).toBe(
      '/device/deviceList?stationId=7',
    );
    // Each camera plays in the live view, one tile; "play all" opens the station's cameras in a grid.
    expect(screen.getByRole('link', { name: '播放 前池摄像头 的实时视频' }).getAttribute('href')).toBe(
      '/bz/camera?cameras=401',
    );
    expect(screen.getByRole('link', { name: '在实时视频中播放本站全部 2 路摄像头' }).getAttribute('href')).toBe(
      '/bz/camera?cameras=401,402&grid=4',
    );
    // The site photos: a thumbnail fetched with the session from the photo's own route.
    expect(screen.getByRole('img', { name: '泵房外景.jpg' })).toBeTruthy();
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/pump-stations/7/photos/31')).toBe(true));

    expect(
      await screen.findByRole('img', { name: '城北污水泵站 近 24 小时 趋势：液位、流量、运行泵数与雨量' }),
    ).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: '7 天' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/pump-stations/7/trend' && c.query.get('hours') === '168')).toBe(
        true,
      ),
    );
    await waitFor(() => expect(live.watched.at(-1)).toEqual([7]));
  });

  it("shows the station's communication-lost alarm from the records, and the note to one who may not see alarms", async () => {
    const silent = station(8, '南湖泵站', {
      state: 'offline',
      level: stale(2),
      pumps: [pump(1, 'offline'), pump(2, 'offline')],
    });
    const api = mockApi([
      regions,
      [stationLiveApi.get, silent],
      [pumpStationsApi.get, configOf(silent)],
      [stationLiveApi.trend, { ...trendOf(), points: [] }],
      [
        alarmsApi.list,
        openAlarms([
          record(21, {
            kind: 'offline',
            ruleId: null,
            title: '通信中断',
            severity: 'major',
            stationId: 8,
            metric: null,
            metricName: '',
            unit: '',
            condition: '超过 10 分钟未上报',
            lastValue: null,
          }),
        ]),
      ],
    ]);
    const { unmount } = renderPage(page, { route: '/bz/pumpStationList?station=8' });

    const alarms = await screen.findByRole('list', { name: '本站活动告警' });
    expect(
      within(alarms)
        .getByRole('link', { name: /通信中断/ })
        .getAttribute('href'),
    ).toBe('/bz/alarm?alarm=21');
    expect(within(alarms).queryByText(/高液位/)).toBeNull();
    expect(await screen.findByText('该时段没有数据')).toBeTruthy();
    unmount();

    // Without alarm:view the panel says so, and the alarms are not asked for (the server would refuse).
    api.calls.length = 0;
    renderPage(page, { route: '/bz/pumpStationList?station=8', permissions: ['pump:station:list'] });
    expect(await screen.findByText('无告警查看权限')).toBeTruthy();
    expect(await screen.findByText('该时段没有数据')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/alarms')).toBe(false);
  });
});
