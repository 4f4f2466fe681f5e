import { screen, waitFor, within } from '@testing-library/react';
import { deviceArchivesApi, devicesApi, deviceTypesApi, mapApi, regionsApi } from '@water/contracts';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { device, page, type } from '../device-test-fixtures.ts';
import { DeviceDetailPage } from './device-detail-page.tsx';

// MapLibre needs WebGL, which jsdom lacks: the map says what it was given.
vi.mock('../components/map-region-view.tsx', () => ({
  MapRegionView: (props: { config: { center: number[] }; points: { name: string }[]; regions: unknown[] }) => (
    <div>{`map centre:${props.config.center.join(',')} points:${props.points.map((p) => p.name).join(',')} regions:${props.regions.length}`}</div>
  ),
}));

// Answers typed by the contracts: each is checked against its endpoint's data schema.
const reads = [
  reply(deviceTypesApi.get, type(1, 'level_meter', '液位计')),
  reply(mapApi.config, { tileUrl: null, center: [120, 30], zoom: 11 }),
  reply(regionsApi.get, {
    id: 10,
    parentId: 1,
    code: 'R10',
    name: '东湖区',
    kind: 'district',
    orderNum: 0,
    boundary: null,
    devices: 1,
    updatedAt: '2026-01-01T00:00:00.000Z',
  }),
  reply(
    deviceArchivesApi.list,
    page([
      {
        id: 7,
        deviceId: 1,
        deviceCode: 'LV-001',
        deviceName: '东湖液位计',
        typeName: '液位计',
        regionName: '东湖区',
        deviceArchived: false,
        kind: 'installation',
        date: '2025-01-01',
        performedBy: '安装队 李工',
        description: '前池壁挂安装',
        nextDue: null,
        attachments: [],
        createdByName: '管理员',
        createdAt: '2025-01-01T02:00:00.000Z',
      },
    ]),
  ),
] as const;

describe('DeviceDetailPage', () => {
  it('shows the device of the QR address: details, its type’s metrics, the map centred on it, its archive', async () => {
    const { calls } = mockApi([...reads, [devicesApi.byCode, device(1, 'LV-001', '东湖液位计')]]);
    renderPage(<DeviceDetailPage />, { route: '/device/deviceDetail?code=LV-001' });

    expect(await screen.findByRole('heading', { level: 1, name: /LV-001\s*东湖液位计/ })).toBeTruthy();
    const metrics = screen.getByRole('region', { name: '监测指标' });
    expect(await within(metrics).findByText('液位')).toBeTruthy();
    expect(within(metrics).getByText('0 ~ 10')).toBeTruthy();
    expect(within(metrics).getByText('暂无数据')).toBeTruthy();
    expect(await screen.findByText('map centre:120.1,30.2 points:东湖液位计 regions:1')).toBeTruthy();
    const archive = screen.getByRole('region', { name: '设备档案' });
    expect(await within(archive).findByText('前池壁挂安装')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/device-archives')?.query.get('deviceId')).toBe('1');
    expect(screen.getByRole('button', { name: '归档' })).toBeTruthy();
  });

  it('says so when the code names no device the user may see, and offers the way back', async () => {
    mockApi([...reads, [devicesApi.byCode, fail(404, '资源不存在')]]);
    renderPage(<DeviceDetailPage />, { route: '/device/deviceDetail?code=NOPE', locale: 'en-US' });
    expect(await screen.findByText('Device not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Back to the device list/ })).toBeTruthy();
  });

  it('archives a device with a history instead of deleting it: the form sends the contract body', async () => {
    const { calls } = mockApi([
      ...reads,
      [devicesApi.byCode, device(1, 'LV-001', '东湖液位计')],
      [devicesApi.archive, device(1, 'LV-001', '东湖液位计', { archivedAt: '2026-03-02T00:00:00.000Z' })],
    ]);
    const { user } = renderPage(<DeviceDetailPage />, { route: '/device/deviceDetail?code=LV-001' });
    await user.click(await screen.findByRole('button', { name: '归档' }));
    const dialog = await screen.findByRole('dialog', { name: '归档设备“东湖液位计”' });
    // Nothing is sent while a required field is empty.
    await user.click(within(dialog).getByRole('button', { name: '确认归档' }));
    await waitFor(() => expect(within(dialog).getAllByText('必填').length).toBeGreaterThan(0));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByPlaceholderText('如：泵站运维班 张工'), '泵站运维班 张工');
    await user.type(within(dialog).getByPlaceholderText('如：传感器进水损坏，经鉴定报废'), '进水损坏');
    await user.click(within(dialog).getByRole('button', { name: '确认归档' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, string>;
    expect(body).toEqual({
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      performedBy: '泵站运维班 张工',
      description: '进水损坏',
    });
  });

  it('shows a reader no write actions', async () => {
    mockApi([...reads, [devicesApi.byCode, device(1, 'LV-001', '东湖液位计')]]);
    renderPage(<DeviceDetailPage />, { route: '/device/deviceDetail?code=LV-001', permissions: [] });
    expect(await screen.findByRole('button', { name: /打印标签/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '归档' })).toBeNull();
    expect(screen.queryByRole('button', { name: /编辑/ })).toBeNull();
  });
});
