import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderPage } from '../../../shared/testing/render-page.tsx';
import { DeviceListPage } from './device-list-page.tsx';

const region = (id: number, name: string, children: unknown[] = [], parentId: number | null = null) => ({
  id,
  parentId,
  code: `R${id}`,
  name,
  kind: parentId ? 'district' : 'city',
  orderNum: 0,
  hasBoundary: false,
  devices: 0,
  children,
});
const type = (id: number, code: string, nameZh: string) => ({
  id,
  code,
  nameZh,
  nameEn: code,
  description: '',
  builtin: true,
  model: {
    metrics: [
      {
        key: 'level',
        nameZh: '液位',
        nameEn: 'Level',
        dataType: 'number',
        unit: 'm',
        min: 0,
        max: 10,
        precision: 2,
        options: [],
      },
    ],
    events: [{ key: 'overflow', nameZh: '溢流', nameEn: 'Overflow', level: 3 }],
    commands: [],
  },
  devices: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const device = (id: number, code: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  code,
  name,
  typeId: 1,
  typeCode: 'level_meter',
  typeName: '液位计',
  model: 'LM-200',
  manufacturer: '岚川仪表',
  serialNo: 'SN001',
  regionId: 10,
  regionName: '东湖区',
  stationId: 5,
  stationName: '东湖雨水泵站',
  longitude: 120.1,
  latitude: 30.2,
  installDate: '2025-01-01',
  warrantyEnd: '2030-01-01',
  status: 'online',
  lastSeenAt: '2026-03-01T02:03:04.000Z',
  createdAt: '2026-01-01T02:03:04.000Z',
  ...extra,
});
const station = {
  id: 5,
  code: 'S5',
  name: '东湖雨水泵站',
  kind: 'rainwater',
  regionId: 10,
  regionName: '东湖区',
  longitude: null,
  latitude: null,
  pumps: 3,
  devices: 1,
};
const page = (list: unknown[]) => ok({ list, total: list.length, page: 1, pageSize: 10 });
const reads = {
  'GET /api/regions/tree': ok([region(1, '岚川市', [region(10, '东湖区', [], 1)])]),
  'GET /api/device-types': ok([type(1, 'level_meter', '液位计'), type(2, 'flow_meter', '流量计')]),
  'GET /api/stations': ok([station]),
};

describe('DeviceListPage', () => {
  it('sends the filters as the list query', async () => {
    const { calls } = mockApi({ ...reads, 'GET /api/devices': page([device(1, 'LV-001', '东湖液位计')]) });
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
        'page=1&pageSize=10&keyword=LV&typeId=1&regionId=10&stationId=5&status=online',
      );
    });
  });

  it('creates a device: the POST carries the contract body and the secret shows once', async () => {
    const created = device(9, 'FM-009', '西区流量计', { typeId: 2, status: 'inactive' });
    const { calls } = mockApi({
      ...reads,
      'GET /api/devices': page([]),
      'POST /api/devices': ok({ device: created, secret: 'sk_live_4x9Qa2mPz' }),
    });
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
    const { calls } = mockApi({ ...reads, 'GET /api/devices': page([]) });
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
    mockApi({ ...reads, 'GET /api/devices': page([device(1, 'LV-001', '东湖液位计')]) });
    renderPage(<DeviceListPage />, { permissions: ['device:device:read'] });
    expect(await screen.findByText('东湖液位计')).toBeTruthy();
    expect(screen.getByRole('button', { name: '设备类型' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增设备' })).toBeNull();
    expect(screen.queryByRole('button', { name: /编辑|停用|新密钥|删除/ })).toBeNull();
  });
});
