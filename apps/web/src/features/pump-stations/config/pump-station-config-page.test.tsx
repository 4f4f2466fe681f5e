import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  organizationApi,
  type PumpStation,
  type PumpStationDetail,
  pumpStationsApi,
  type RegionNode,
  regionsApi,
  type StationDeviceOptions,
  usersApi,
} from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { type ApiCall, fail, mockApi, ok, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { PumpStationConfigPage } from './pump-station-config-page.tsx';

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

const station = (id: number, code: string, name: string, extra: Partial<PumpStation> = {}): PumpStation => ({
  id,
  code,
  name,
  kind: 'rainwater',
  regionId: 10,
  regionName: '东湖区',
  longitude: null,
  latitude: null,
  address: '',
  designCapacity: 3600,
  wellDepth: 6,
  highAlarmLevel: 4.5,
  lowAlarmLevel: 0.8,
  protectionLevel: 0.5,
  pumpCount: 3,
  deviceCount: 5,
  responsibleUserId: 7,
  responsibleUserName: '王工',
  updatedAt: '2026-11-20T08:00:00.000Z',
  ...extra,
});

const metric = (key: string, name: string, unit = '') => ({ key, name, unit, dataType: 'number' as const });
const deviceOptions: StationDeviceOptions = {
  devices: [
    { id: 11, code: 'PS90-P1', name: '1#泵控制器', typeId: 3, stationId: null, stationName: '' },
    { id: 12, code: 'PS90-P2', name: '2#泵控制器', typeId: 3, stationId: null, stationName: '' },
    { id: 21, code: 'PS90-LT01', name: '前池液位计', typeId: 4, stationId: null, stationName: '' },
  ],
  types: [
    {
      id: 3,
      code: 'pump_controller',
      name: '泵站控制器',
      metrics: [
        metric('running', '运行'),
        metric('fault', '故障'),
        metric('mode', '控制方式'),
        metric('frequency', '频率', 'Hz'),
        metric('current', '电流', 'A'),
        metric('power', '功率', 'kW'),
        metric('run_hours', '累计运行', 'h'),
      ],
    },
    { id: 4, code: 'level_gauge', name: '液位计', metrics: [metric('level', '液位', 'm')] },
  ],
  capped: false,
};

const detail = (base: PumpStation, extra: Partial<PumpStationDetail> = {}): PumpStationDetail => ({
  ...base,
  wellArea: 48,
  wellBottomElevation: -3.5,
  wellDepth: 6,
  highAlarmLevel: 4.5,
  lowAlarmLevel: 0.9,
  protectionLevel: 0.8,
  responsibleDepartmentId: null,
  responsibleDepartmentName: '',
  pumps: [],
  sensors: [],
  cameras: [],
  photos: [],
  ...extra,
});
const mapped = {
  running: 'running',
  fault: 'fault',
  remote: 'mode',
  frequency: 'frequency',
  current: 'current',
  power: 'power',
  energy: null,
  runHours: 'run_hours',
};

const listPage = (list: PumpStation[]) => ok({ list, total: list.length, page: 1, pageSize: 10 });

// Answers typed by the contracts: each is checked against its endpoint's data schema.
const reads = [
  reply(regionsApi.tree, [region(1, '岚川市', [region(10, '东湖区', [], 1)])]),
  reply(organizationApi.departmentTree, []),
  reply(usersApi.list, { list: [], total: 0, page: 1, pageSize: 20, capped: false }),
  reply(pumpStationsApi.deviceOptions, deviceOptions),
] as const;

const rows = [station(1, 'PS01', '东湖雨水泵站'), station(2, 'PS02', '西区污水泵站', { kind: 'sewage' })];

/** Sets a box's value in one change event (Arco's number boxes take it whole). */
const fill = (element: HTMLElement, text: string) => fireEvent.change(element, { target: { value: text } });
const slow = { timeout: 5000 };

/** Opens "new station" and fills what the contract requires: code, name, kind, a 6 m well. */
async function openNew(user: ReturnType<typeof renderPage>['user']) {
  await user.click(await screen.findByRole('button', { name: '新增泵站' }));
  const drawer = await screen.findByRole('dialog', { name: '新增泵站' });
  fill(within(drawer).getByRole('textbox', { name: '泵站编码' }), 'PS90');
  fill(within(drawer).getByRole('textbox', { name: '泵站名称' }), '滨江泵站');
  await user.click(within(drawer).getByRole('combobox', { name: '泵站类型' }));
  await user.click(await screen.findByRole('option', { name: '污水泵站' }));
  fill(within(drawer).getByRole('spinbutton', { name: '前池深度 (m)' }), '6');
  return drawer;
}

/** Adds a pump and gives its start and stop levels. */
async function addPump(
  user: ReturnType<typeof renderPage>['user'],
  drawer: HTMLElement,
  n: number,
  start: string,
  stop: string,
) {
  await user.click(within(drawer).getByRole('button', { name: '添加水泵' }));
  const pump = within(drawer).getByRole('region', { name: `水泵 ${n}` });
  fill(within(pump).getByRole('spinbutton', { name: `水泵 ${n} 启泵液位 (m)` }), start);
  fill(within(pump).getByRole('spinbutton', { name: `水泵 ${n} 停泵液位 (m)` }), stop);
  return pump;
}

describe('PumpStationConfigPage', () => {
  it('opens with the search its address holds and sends each filter', async () => {
    const { calls } = mockApi([...reads, [pumpStationsApi.list, listPage(rows)]]);
    const { user } = renderPage(<PumpStationConfigPage />, { route: '/?keyword=PS&regionId=10&page=2&kind=bogus' });
    expect(await screen.findByText('东湖雨水泵站')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '泵站编码、名称或地址' }).value).toBe('PS');
    const lists = () => calls.filter((c) => c.path === '/api/pump-stations');
    expect(Object.fromEntries(lists()[0]?.query ?? [])).toEqual({
      page: '2',
      pageSize: '10',
      keyword: 'PS',
      regionId: '10',
      sort: 'code',
      order: 'asc',
    });

    await user.click(screen.getByRole('combobox', { name: '泵站类型' }));
    await user.click(await screen.findByRole('option', { name: '污水泵站' }));
    await waitFor(() =>
      expect(lists().at(-1)?.query.toString()).toBe(
        'page=1&pageSize=10&keyword=PS&regionId=10&kind=sewage&sort=code&order=asc',
      ),
    );
    // Kind, region, pumps, capacity and the responsible person are in the default columns.
    const row = screen.getByText('西区污水泵站').closest('tr') as HTMLElement;
    expect(within(row).getByText('污水泵站')).toBeTruthy();
    expect(within(row).getByText('3 台')).toBeTruthy();
    expect(within(row).getByText('王工')).toBeTruthy();
    // The level set-points wait in the column chooser.
    expect(within(row).queryByText('高 4.5 · 低 0.8 · 保护 0.5')).toBeNull();
    await user.click(screen.getByRole('button', { name: '列设置' }));
    await user.click(await screen.findByRole('checkbox', { name: '液位设定 (m)' }));
    await waitFor(() => expect(screen.getAllByText('高 4.5 · 低 0.8 · 保护 0.5').length).toBeGreaterThan(0));
  });

  it('creates a station with two pumps: the POST carries the contract body', async () => {
    const { calls } = mockApi([
      ...reads,
      [pumpStationsApi.list, listPage([])],
      [pumpStationsApi.create, detail(station(9, 'PS90', '滨江泵站'))],
    ]);
    const { user } = renderPage(<PumpStationConfigPage />);
    const drawer = await openNew(user);
    fill(within(drawer).getByRole('spinbutton', { name: '干运行保护液位 (m)' }), '0.8');
    const first = await addPump(user, drawer, 1, '2.5', '1.2');
    fill(within(first).getByRole('spinbutton', { name: '水泵 1 额定功率 (kW)' }), '55');
    await user.click(within(first).getByRole('combobox', { name: '水泵 1 控制设备' }));
    await user.click(await screen.findByRole('option', { name: /PS90-P1/ }));
    const second = await addPump(user, drawer, 2, '3', '1.5');
    await user.click(within(second).getByRole('combobox', { name: '水泵 2 驱动方式' }));
    await user.click(await screen.findByRole('option', { name: '变频' }));
    // The second is locked out for maintenance; a new pump is in service.
    expect(within(first).getByRole('switch', { name: '水泵 1 检修中' }).getAttribute('aria-checked')).toBe('false');
    await user.click(within(second).getByRole('switch', { name: '水泵 2 检修中' }));

    await user.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), slow);
    const none = { running: null, fault: null, remote: null, frequency: null, current: null, power: null };
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      code: 'PS90',
      name: '滨江泵站',
      kind: 'sewage',
      regionId: null,
      longitude: null,
      latitude: null,
      address: '',
      designCapacity: null,
      wellArea: null,
      wellBottomElevation: null,
      wellDepth: 6,
      highAlarmLevel: null,
      lowAlarmLevel: null,
      protectionLevel: 0.8,
      responsibleDepartmentId: null,
      responsibleUserId: null,
      pumps: [
        {
          number: 1,
          name: '',
          ratedPower: 55,
          ratedFlow: null,
          ratedHead: null,
          drive: 'fixed',
          startLevel: 2.5,
          stopLevel: 1.2,
          controllerDeviceId: 11,
          // Picking the controller mapped the points its model names alike.
          metrics: mapped,
          maintenance: false,
        },
        {
          number: 2,
          name: '',
          ratedPower: null,
          ratedFlow: null,
          ratedHead: null,
          drive: 'vfd',
          startLevel: 3,
          stopLevel: 1.5,
          controllerDeviceId: null,
          metrics: { ...none, energy: null, runHours: null },
          maintenance: true,
        },
      ],
      sensors: [],
    });
    expect(await screen.findByText('泵站已创建')).toBeTruthy();
  });

  it("edits a station's configuration as read: the PUT keeps its pumps' mapping and its sensors", async () => {
    const configured = detail(rows[0] as PumpStation, {
      pumps: [
        {
          id: 101,
          number: 1,
          name: '1#雨水泵',
          ratedPower: 55,
          ratedFlow: 1200,
          ratedHead: 12.5,
          drive: 'vfd',
          startLevel: 2.5,
          stopLevel: 1.2,
          controllerDeviceId: 11,
          controllerCode: 'PS90-P1',
          controllerName: '1#泵控制器',
          metrics: mapped,
          maintenance: true,
        },
      ],
      sensors: [
        {
          role: 'level',
          deviceId: 21,
          deviceCode: 'PS90-LT01',
          deviceName: '前池液位计',
          metric: 'level',
          metricName: '液位',
          unit: 'm',
        },
      ],
    });
    const { calls } = mockApi([
      ...reads,
      [pumpStationsApi.list, listPage(rows)],
      [pumpStationsApi.get, configured],
      [pumpStationsApi.update, configured],
    ]);
    const { user } = renderPage(<PumpStationConfigPage />);
    await user.click(await screen.findByRole('button', { name: '编辑：东湖雨水泵站' }));
    const drawer = await screen.findByRole('dialog', { name: '编辑泵站配置：东湖雨水泵站' });
    const pump = await within(drawer).findByRole('region', { name: '水泵 1' });
    fill(within(pump).getByRole('spinbutton', { name: '水泵 1 停泵液位 (m)' }), '1.4');
    // Under maintenance as read: the switch shows it, and the PUT keeps it unless changed.
    expect(within(pump).getByRole('switch', { name: '水泵 1 检修中' }).getAttribute('aria-checked')).toBe('true');
    await user.click(within(drawer).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), slow);
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/pump-stations/1');
    expect(put?.body).toMatchObject({
      code: 'PS01',
      kind: 'rainwater',
      regionId: 10,
      wellDepth: 6,
      wellBottomElevation: -3.5,
      responsibleUserId: 7,
      pumps: [
        {
          number: 1,
          name: '1#雨水泵',
          ratedFlow: 1200,
          drive: 'vfd',
          startLevel: 2.5,
          stopLevel: 1.4,
          controllerDeviceId: 11,
          metrics: mapped,
          maintenance: true,
        },
      ],
      sensors: [{ role: 'level', deviceId: 21, metric: 'level' }],
    });
    // The device picker was asked for this station's devices first.
    expect(calls.find((c) => c.path === '/api/pump-stations/device-options')?.query.get('stationId')).toBe('1');
  });

  it("shows a station's site photos in the drawer, uploads one and removes one after confirmation", async () => {
    const photo = (id: number, name: string) => ({
      id,
      name,
      type: 'image/png',
      size: 2048,
      uploadedAt: '2026-11-20T08:00:00.000Z',
      uploadedByName: '王工',
    });
    const configured = detail(rows[0] as PumpStation, { photos: [photo(5, '泵房外景.png'), photo(6, '配电柜.jpg')] });
    const { calls } = mockApi([
      ...reads,
      [pumpStationsApi.list, listPage(rows)],
      [pumpStationsApi.get, configured],
      [pumpStationsApi.addPhoto, photo(7, '格栅.png')],
      [pumpStationsApi.removePhoto, null],
    ]);
    const { user } = renderPage(<PumpStationConfigPage />);
    await user.click(await screen.findByRole('button', { name: '编辑：东湖雨水泵站' }));
    const drawer = await screen.findByRole('dialog', { name: '编辑泵站配置：东湖雨水泵站' });
    const photos = await within(drawer).findByRole('region', { name: '现场照片' });
    expect(await within(photos).findByRole('img', { name: '泵房外景.png' })).toBeTruthy();
    expect(within(photos).getByRole('img', { name: '配电柜.jpg' })).toBeTruthy();
    // Each thumbnail is fetched with the session from the photo's own download route.
    await waitFor(() =>
      expect(calls.filter((c) => c.path.startsWith('/api/pump-stations/1/photos/')).map((c) => c.path)).toEqual(
        expect.arrayContaining(['/api/pump-stations/1/photos/5', '/api/pump-stations/1/photos/6']),
      ),
    );

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], '格栅.png', { type: 'image/png' });
    await user.upload(photos.querySelector('input[type="file"]') as HTMLInputElement, file);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), slow);
    const post = calls.find((c) => c.method === 'POST') as ApiCall;
    expect(post.path).toBe('/api/pump-stations/1/photos');
    expect((post.body as FormData).get('file')).toBeInstanceOf(File);
    expect(await screen.findByText('照片已上传')).toBeTruthy();

    await user.click(within(photos).getByRole('button', { name: '删除照片 配电柜.jpg' }));
    expect(await screen.findByText('删除照片“配电柜.jpg”？')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '删除' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/pump-stations/1/photos/6']),
    );
  });

  it("shows the contract's refusal (stop at or above start) on the pump's row without calling the server", async () => {
    const { calls } = mockApi([...reads, [pumpStationsApi.list, listPage([])]]);
    const { user } = renderPage(<PumpStationConfigPage />);
    const drawer = await openNew(user);
    await addPump(user, drawer, 1, '2.5', '1.2');
    const second = await addPump(user, drawer, 2, '2', '2');

    await user.click(within(drawer).getByRole('button', { name: '保存' }));
    expect(await within(second).findByText('停泵液位须低于启泵液位', {}, slow)).toBeTruthy();
    expect(within(drawer).getByText('水泵 2：停泵液位须低于启泵液位')).toBeTruthy();
    expect(within(within(drawer).getByRole('region', { name: '水泵 1' })).queryByText(/停泵液位须/)).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("puts the server's 400 on pumps.1.metrics.running on that pump's row", async () => {
    const { calls } = mockApi([
      ...reads,
      [pumpStationsApi.list, listPage([])],
      [
        pumpStationsApi.create,
        fail(400, '参数校验失败', {
          errors: [{ field: 'pumps.1.metrics.running', message: '该设备类型的物模型中没有这个监测项' }],
        }),
      ],
    ]);
    const { user } = renderPage(<PumpStationConfigPage />);
    const drawer = await openNew(user);
    await addPump(user, drawer, 1, '2.5', '1.2');
    await addPump(user, drawer, 2, '3', '1.5');

    await user.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), slow);
    const second = within(drawer).getByRole('region', { name: '水泵 2' });
    expect(await within(second).findByText('该设备类型的物模型中没有这个监测项')).toBeTruthy();
    expect(within(drawer).getByText('水泵 2：该设备类型的物模型中没有这个监测项')).toBeTruthy();
    expect(within(within(drawer).getByRole('region', { name: '水泵 1' })).queryByText(/监测项/)).toBeNull();
  });

  it('shows a reader the list without write actions', async () => {
    const { calls } = mockApi([...reads, [pumpStationsApi.list, listPage(rows)]]);
    renderPage(<PumpStationConfigPage />, { permissions: ['device:device:read'] });
    expect(await screen.findByText('东湖雨水泵站')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增泵站' })).toBeNull();
    expect(screen.queryByRole('button', { name: /编辑|删除/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '操作' })).toBeNull();
    // The picker's endpoint is the writers': a reader's page never asks it.
    expect(calls.some((c) => c.path === '/api/pump-stations/device-options')).toBe(false);
  });

  it("deletes after confirmation, and shows the server's 409 for a station devices are placed at", async () => {
    const message = '仍有 5 台设备归属于该泵站，不能删除';
    const { calls } = mockApi([
      ...reads,
      [pumpStationsApi.list, listPage(rows)],
      [pumpStationsApi.remove, ({ params }) => (params.id === '2' ? ok(null) : fail(409, message))],
    ]);
    const { user } = renderPage(<PumpStationConfigPage />);
    await user.click(await screen.findByRole('button', { name: '删除：东湖雨水泵站' }));
    expect(await screen.findByText('删除泵站“东湖雨水泵站”及其水泵和测点配置？')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '删除' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/pump-stations/1']);

    await user.click(screen.getByRole('button', { name: '删除：西区污水泵站' }));
    await user.click(await screen.findByRole('button', { name: '删除' }));
    expect(await screen.findByText('泵站已删除')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/pump-stations/1',
      '/api/pump-stations/2',
    ]);
  });
});
