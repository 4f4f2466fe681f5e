import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { devicesApi, deviceTypesApi, regionsApi } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { device, page, region, station, type } from '../device-test-fixtures.ts';
import { DeviceListPage } from './device-list-page.tsx';

// Answers typed by the contracts: each is checked against its endpoint's data schema.
const reads = [
  reply(regionsApi.tree, [region(1, '岚川市', [region(10, '东湖区', [], 1)])]),
  reply(deviceTypesApi.list, [type(1, 'level_meter', '液位计'), type(2, 'flow_meter', '流量计')]),
  reply(devicesApi.stations, [station]),
] as const;

describe('DeviceListPage', () => {
  it('sends the filters as the list query', async () => {
    const { calls } = mockApi([...reads, [devicesApi.list, page([device(1, 'LV-001', '东湖液位计')])]]);
    const { user } = renderPage(<DeviceListPage />);
    expect(await screen.findByText('东湖液位计')).toBeTruthy();

    const search = screen.getByRole('textbox', { name: '设备编号、名称或序列号' });
    await user.type(search, 'LV');
    // Arco reads keyCode, which user-event leaves out.
    fireEvent.keyDown(search, { key: 'Enter', keyCode: 13 });
    await user.click(screen.getByRole('combobox', { name: '设备类型' }));
    await user.click(await screen.findByRole('option', { name: '液位计' }));
    // The region filter sends one region; the server adds the regions below it.
    await user.click(screen.getByRole('combobox', { name: '所属区域' }));
    await user.click(await screen.findByText('东湖区', { selector: '.arco-tree-node-title-text' }));
    await user.click(screen.getByRole('combobox', { name: '所属站点' }));
    await user.click(await screen.findByRole('option', { name: '东湖雨水泵站' }));
    await user.click(screen.getByRole('combobox', { name: '状态' }));
    await user.click(await screen.findByRole('option', { name: '在线' }));

    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/api/devices').at(-1);
      expect(last?.query.toString()).toBe(
        'page=1&pageSize=10&keyword=LV&typeId=1&regionId=10&stationId=5&status=online&lifecycle=in_service&sort=code&order=asc',
      );
    });
  });

  it('opens with the search its address holds, and drops what the contract refuses', async () => {
    const { calls } = mockApi([...reads, [devicesApi.list, page([device(1, 'LV-001', '东湖液位计')])]]);
    renderPage(<DeviceListPage />, { route: '/?keyword=LV&status=online&page=2&typeId=0x5&sort=bogus' });
    expect(await screen.findByText('东湖液位计')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '设备编号、名称或序列号' }).value).toBe('LV');
    const last = calls.filter((c) => c.path === '/api/devices').at(-1);
    expect(Object.fromEntries(last?.query ?? [])).toEqual({
      page: '2',
      pageSize: '10',
      keyword: 'LV',
      status: 'online',
      lifecycle: 'in_service',
      sort: 'code',
      order: 'asc',
    });
    expect(screen.getByRole('button', { name: '重置筛选' })).toBeTruthy();
  });

  it('creates a device: the POST carries the contract body and the secret shows once', async () => {
    const created = device(9, 'FM-009', '西区流量计', { typeId: 2, status: 'inactive' });
    const { calls } = mockApi([
      ...reads,
      [devicesApi.list, page([])],
      [devicesApi.create, { device: created, secret: 'sk_live_4x9Qa2mPz' }],
    ]);
    const { user } = renderPage(<DeviceListPage />);
    await user.click(await screen.findByRole('button', { name: '新增设备' }));
    const drawer = await screen.findByRole('dialog', { name: '新增设备' });
    await user.type(within(drawer).getByRole('textbox', { name: '设备编号' }), 'FM-009');
    await user.type(within(drawer).getByRole('textbox', { name: '设备名称' }), '西区流量计');
    await user.click(within(drawer).getByRole('combobox', { name: '设备类型' }));
    await user.click(await screen.findByRole('option', { name: '流量计' }));
    await user.type(within(drawer).getByRole('textbox', { name: '型号' }), 'FM-1');
    await user.click(within(drawer).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      code: 'FM-009',
      name: '西区流量计',
      typeId: 2,
      model: 'FM-1',
      manufacturer: '',
      serialNo: '',
      regionId: null,
      stationId: null,
      longitude: null,
      latitude: null,
      installDate: null,
      warrantyEnd: null,
    });
    const modal = await screen.findByRole('dialog', { name: '设备已创建' });
    expect(within(modal).getByText('sk_live_4x9Qa2mPz')).toBeTruthy();
    expect(within(modal).getByRole('button', { name: '复制接入密钥' })).toBeTruthy();
  });

  it('refuses a warranty that ends before the install date without calling the server', async () => {
    const { calls } = mockApi([...reads, [devicesApi.list, page([])]]);
    const { user } = renderPage(<DeviceListPage />);
    await user.click(await screen.findByRole('button', { name: '新增设备' }));
    const drawer = await screen.findByRole('dialog', { name: '新增设备' });
    await user.type(within(drawer).getByRole('textbox', { name: '设备编号' }), 'LV-002');
    await user.type(within(drawer).getByRole('textbox', { name: '设备名称' }), '西区液位计');
    await user.click(within(drawer).getByRole('combobox', { name: '设备类型' }));
    await user.click(await screen.findByRole('option', { name: '液位计' }));
    const typeDate = async (name: string, value: string) => {
      const input = within(drawer).getByRole('textbox', { name });
      await user.type(input, value);
      fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
    };
    await typeDate('安装日期', '2026-05-01');
    await typeDate('保修截止', '2026-04-01');
    await user.click(within(drawer).getByRole('button', { name: '保存' }));

    expect(await within(drawer).findAllByText('质保截止日期不能早于安装日期')).not.toHaveLength(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows a reader no write actions', async () => {
    mockApi([...reads, [devicesApi.list, page([device(1, 'LV-001', '东湖液位计')])]]);
    renderPage(<DeviceListPage />, { permissions: ['device:device:read'] });
    expect(await screen.findByText('东湖液位计')).toBeTruthy();
    expect(screen.getByRole('button', { name: '设备类型' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增设备' })).toBeNull();
    expect(screen.queryByRole('button', { name: /编辑|停用|更多/ })).toBeNull();
  });

  it('offers to archive a device its history holds instead of deleting it, and deletes one nothing holds', async () => {
    const { calls } = mockApi([
      ...reads,
      [devicesApi.list, page([device(1, 'LV-001', '东湖液位计'), device(2, 'LV-002', '新登记液位计')])],
      [
        devicesApi.dependents,
        ({ params }) =>
          params.id === '1' ? { archiveEntries: 3, openWorkOrders: 1 } : { archiveEntries: 0, openWorkOrders: 0 },
      ],
      [devicesApi.remove, ({ params }) => (params.id === '2' ? ok(null) : fail(404, 'Not Found'))],
    ]);
    const { user } = renderPage(<DeviceListPage />);
    await user.click(await screen.findByRole('button', { name: '更多：LV-001' }));
    await user.click(await screen.findByRole('menuitem', { name: '删除' }));
    const held = await screen.findByRole('dialog', { name: '删除设备“东湖液位计”' });
    expect(await within(held).findByText(/3 条档案记录、1 个未完成工单/)).toBeTruthy();
    expect(within(held).queryByRole('button', { name: '删除' })).toBeNull();
    await user.click(within(held).getByRole('button', { name: '改为归档' }));
    expect(await within(held).findByRole('button', { name: '确认归档' })).toBeTruthy();
    await user.click(within(held).getByRole('button', { name: '取消' }));

    await user.click(screen.getByRole('button', { name: '更多：LV-002' }));
    await user.click((await screen.findAllByRole('menuitem', { name: '删除' })).at(-1) as HTMLElement);
    const free = await screen.findByRole('dialog', { name: '删除设备“新登记液位计”' });
    await user.click(await within(free).findByRole('button', { name: '删除' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/devices/2')).toBe(true));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/devices/1')).toBe(false);
  });
});
