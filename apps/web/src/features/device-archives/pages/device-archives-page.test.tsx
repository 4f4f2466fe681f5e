import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type DueCalibration, deviceArchivesApi, devicesApi, regionsApi } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { archiveEntry, page, region } from '../archive-test-fixtures.ts';
import { DeviceArchivesPage } from './device-archives-page.tsx';

// Answers typed by the contracts: each is checked against its endpoint's data schema.
const reads = [reply(regionsApi.tree, [region(1, '岚川市', [region(10, '城东区', [], 1)])])] as const;

/** A device as the archive's device picker reads it from the device list. */
const pickable = (id: number, code: string, name: string) => ({
  id,
  code,
  name,
  typeId: 2,
  typeCode: 'flow_meter',
  typeName: '流量计',
  model: '',
  manufacturer: '',
  serialNo: '',
  regionId: null,
  regionName: '',
  stationId: null,
  stationName: '',
  longitude: null,
  latitude: null,
  installDate: null,
  warrantyEnd: null,
  status: 'online' as const,
  lastSeenAt: null,
  archivedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const lastListQuery = (calls: { path: string; query: URLSearchParams }[]) =>
  Object.fromEntries(calls.filter((c) => c.path === '/api/device-archives').at(-1)?.query ?? []);

describe('DeviceArchivesPage', () => {
  it('lists entries and sends the filters as the list query', async () => {
    const { calls } = mockApi([
      ...reads,
      [
        deviceArchivesApi.list,
        page([
          archiveEntry(1, { attachments: [{ id: 3, fileName: '现场.png', fileType: 'image/png', fileSize: 100 }] }),
        ]),
      ],
    ]);
    const { user } = renderPage(<DeviceArchivesPage />);
    expect(await screen.findByText('通讯中断，更换天线后恢复')).toBeTruthy();
    expect(screen.getByText('维修')).toBeTruthy();
    expect(screen.getByText('1 个')).toBeTruthy();

    const search = screen.getByRole('textbox', { name: '设备编号或名称' });
    await user.type(search, 'PS01');
    // Arco reads keyCode, which user-event leaves out.
    fireEvent.keyDown(search, { key: 'Enter', keyCode: 13 });
    await user.click(screen.getByRole('combobox', { name: '记录类型' }));
    await user.click(await screen.findByRole('option', { name: '校准' }));
    await user.click(screen.getByRole('combobox', { name: '所属区域' }));
    await user.click(await screen.findByText('城东区', { selector: '.arco-tree-node-title-text' }));

    await waitFor(() =>
      expect(lastListQuery(calls)).toEqual({
        page: '1',
        pageSize: '10',
        keyword: 'PS01',
        kind: 'calibration',
        regionId: '10',
      }),
    );
  });

  it('opens with the search its address holds, and drops what the contract refuses', async () => {
    const { calls } = mockApi([...reads, [deviceArchivesApi.list, page([archiveEntry(1)])]]);
    renderPage(<DeviceArchivesPage />, { route: '/?keyword=PS01&kind=repair&page=2&regionId=zero&from=2026-13-01' });
    expect(await screen.findByText('通讯中断，更换天线后恢复')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '设备编号或名称' }).value).toBe('PS01');
    expect(lastListQuery(calls)).toEqual({ page: '2', pageSize: '10', keyword: 'PS01', kind: 'repair' });
    expect(screen.getByRole('button', { name: '重置筛选' })).toBeTruthy();
  });

  it('adds an entry: the device is searched, the POST carries the contract body, files come next', async () => {
    const { calls } = mockApi([
      ...reads,
      [deviceArchivesApi.list, page([])],
      [
        devicesApi.list,
        (call) => ({
          list: call.query.get('keyword')
            ? [pickable(7, 'PS01-FM01', '滨江雨水泵站出水流量计')]
            : [pickable(8, 'PS01-LT01', '滨江雨水泵站前池液位计')],
          total: 1,
          page: 1,
          pageSize: 20,
        }),
      ],
      [deviceArchivesApi.create, archiveEntry(5)],
    ]);
    const { user } = renderPage(<DeviceArchivesPage />);
    expect(await screen.findByText('暂无档案记录')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '新增记录' }));
    const drawer = await screen.findByRole('dialog', { name: '新增档案记录' });
    await user.type(within(drawer).getByRole('combobox', { name: '设备' }), 'FM01');
    // the typed part is highlighted in its own element
    await user.click(await screen.findByRole('option', { name: /滨江雨水泵站出水流量计/ }));
    expect(calls.some((c) => c.path === '/api/devices' && c.query.get('keyword') === 'FM01')).toBe(true);
    await user.click(within(drawer).getByRole('combobox', { name: '记录类型' }));
    await user.click(await screen.findByRole('option', { name: '维修' }));
    const date = within(drawer).getByRole('textbox', { name: '日期' });
    await user.type(date, '2026-05-12');
    fireEvent.keyDown(date, { key: 'Enter', keyCode: 13 });
    await user.type(within(drawer).getByRole('textbox', { name: '执行人' }), '泵站运维班 张工');
    await user.click(within(drawer).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      deviceId: 7,
      kind: 'repair',
      date: '2026-05-12',
      performedBy: '泵站运维班 张工',
      description: '',
      nextDue: null,
    });
    // saved: the drawer stays open as an edit, ready for photos and PDFs
    const edit = await screen.findByRole('dialog', { name: '编辑档案记录' });
    expect(within(edit).getByRole('button', { name: '上传附件' })).toBeTruthy();
  });

  it('refuses a next calibration due before the calibration itself without calling the server', async () => {
    const wrong = archiveEntry(2, { kind: 'calibration', date: '2026-05-12', nextDue: '2026-04-01' });
    const { calls } = mockApi([...reads, [deviceArchivesApi.list, page([wrong])]]);
    const { user } = renderPage(<DeviceArchivesPage />);
    await user.click(await screen.findByRole('button', { name: '编辑：PS01-FM01 2026-05-12' }));
    const drawer = await screen.findByRole('dialog', { name: '编辑档案记录' });
    await user.click(within(drawer).getByRole('button', { name: '保存' }));
    expect(await within(drawer).findAllByText('下次校准日期须晚于本次日期')).not.toHaveLength(0);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows a reader no write actions, and an archived device’s entries none to anyone', async () => {
    mockApi([...reads, [deviceArchivesApi.list, page([archiveEntry(1)])]]);
    const reader = renderPage(<DeviceArchivesPage />, { permissions: [] });
    expect(await screen.findByText('通讯中断，更换天线后恢复')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新增记录|编辑|删除/ })).toBeNull();
    reader.unmount();

    mockApi([...reads, [deviceArchivesApi.list, page([archiveEntry(1, { deviceArchived: true })])]]);
    renderPage(<DeviceArchivesPage />);
    expect(await screen.findByText('设备已归档')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /编辑|删除/ })).toBeNull();
  });

  it('shows due calibrations: overdue and due soon with the days left', async () => {
    const due = (deviceId: number, daysLeft: number, nextDue: string): DueCalibration => ({
      deviceId,
      deviceCode: `PT-0${deviceId}-01`,
      deviceName: `压力监测点 ${deviceId}`,
      typeName: '压力变送器',
      regionName: '滨江排水片区',
      entryId: deviceId * 10,
      calibratedOn: '2025-05-20',
      nextDue,
      daysLeft,
    });
    const { calls } = mockApi([
      ...reads,
      [deviceArchivesApi.list, page([])],
      [deviceArchivesApi.dueCalibrations, [due(1, -12, '2026-05-20'), due(2, 9, '2026-06-10')]],
    ]);
    const { user } = renderPage(<DeviceArchivesPage />);
    await user.click(await screen.findByRole('tab', { name: '待校准' }));
    expect(await screen.findByText('已逾期 12 天')).toBeTruthy();
    expect(screen.getByText('9 天后')).toBeTruthy();
    expect(screen.getByText('共 2 台待校准，其中 1 台已逾期')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('due-calibrations'))?.query.get('withinDays')).toBe('30');
  });

  it('opens on the tab and the window its address holds', async () => {
    const { calls } = mockApi([...reads, [deviceArchivesApi.endingWarranties, []]]);
    renderPage(<DeviceArchivesPage />, { route: '/?tab=warranties&warranties.withinDays=60' });
    expect(await screen.findByText('这段时间内没有到期的质保或服务合同')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '保修/服务到期', selected: true })).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('ending-warranties'))?.query.get('withinDays')).toBe('60');
    expect(calls.some((c) => c.path === '/api/device-archives')).toBe(false);
  });

  it('shows ending warranties, and a failed load with a retry', async () => {
    mockApi([
      ...reads,
      [deviceArchivesApi.list, page([])],
      [deviceArchivesApi.endingWarranties, fail(500, '服务器开小差了')],
    ]);
    const { user } = renderPage(<DeviceArchivesPage />, { locale: 'en-US' });
    await user.click(await screen.findByRole('tab', { name: 'Ending warranties' }));
    expect(await screen.findByText('Could not load')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
