import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderPage } from '../../../shared/testing/render-page.tsx';
import { archiveEntry } from '../archive-test-fixtures.ts';
import { DeviceArchivesPage } from './device-archives-page.tsx';

const page = (list: unknown[]) => ok({ list, total: list.length, page: 1, pageSize: 10 });
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
const reads = {
  'GET /api/regions/tree': ok([region(1, '岚川市', [region(10, '城东区', [], 1)])]),
};

describe('DeviceArchivesPage', () => {
  it('lists entries and sends the filters as the list query', async () => {
    const { calls } = mockApi({
      ...reads,
      'GET /api/device-archives': page([
        archiveEntry(1, { attachments: [{ id: 3, fileName: '现场.png', fileType: 'image/png', fileSize: 100 }] }),
      ]),
    });
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

    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/api/device-archives').at(-1);
      expect(last?.query.toString()).toBe('page=1&pageSize=10&keyword=PS01&kind=calibration&regionId=10');
    });
  });

  it('adds an entry: the device is searched, the POST carries the contract body, files come next', async () => {
    const { calls } = mockApi({
      ...reads,
      'GET /api/device-archives': page([]),
      'GET /api/devices': (call) =>
        ok({
          list: call.query.get('keyword')
            ? [{ id: 7, code: 'PS01-FM01', name: '滨江雨水泵站出水流量计' }]
            : [{ id: 8, code: 'PS01-LT01', name: '滨江雨水泵站前池液位计' }],
          total: 1,
          page: 1,
          pageSize: 20,
        }),
      'POST /api/device-archives': ok(archiveEntry(5)),
    });
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
    const { calls } = mockApi({ ...reads, 'GET /api/device-archives': page([wrong]) });
    const { user } = renderPage(<DeviceArchivesPage />);
    await user.click(await screen.findByRole('button', { name: '编辑：PS01-FM01 2026-05-12' }));
    const drawer = await screen.findByRole('dialog', { name: '编辑档案记录' });
    await user.click(within(drawer).getByRole('button', { name: '保存' }));
    expect(await within(drawer).findAllByText('下次校准日期须晚于本次日期')).not.toHaveLength(0);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows a reader no write actions, and an archived device’s entries none to anyone', async () => {
    mockApi({ ...reads, 'GET /api/device-archives': page([archiveEntry(1)]) });
    const reader = renderPage(<DeviceArchivesPage />, { permissions: [] });
    expect(await screen.findByText('通讯中断，更换天线后恢复')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新增记录|编辑|删除/ })).toBeNull();
    reader.unmount();

    mockApi({ ...reads, 'GET /api/device-archives': page([archiveEntry(1, { deviceArchived: true })]) });
    renderPage(<DeviceArchivesPage />);
    expect(await screen.findByText('设备已归档')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /编辑|删除/ })).toBeNull();
  });

  it('shows due calibrations: overdue and due soon with the days left', async () => {
    const due = (deviceId: number, daysLeft: number, nextDue: string) => ({
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
    const { calls } = mockApi({
      ...reads,
      'GET /api/device-archives': page([]),
      'GET /api/device-archives/due-calibrations': ok([due(1, -12, '2026-05-20'), due(2, 9, '2026-06-10')]),
    });
    const { user } = renderPage(<DeviceArchivesPage />);
    await user.click(await screen.findByRole('tab', { name: '待校准' }));
    expect(await screen.findByText('已逾期 12 天')).toBeTruthy();
    expect(screen.getByText('9 天后')).toBeTruthy();
    expect(screen.getByText('共 2 台待校准，其中 1 台已逾期')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('due-calibrations'))?.query.get('withinDays')).toBe('30');
  });

  it('shows ending warranties, and a failed load with a retry', async () => {
    mockApi({
      ...reads,
      'GET /api/device-archives': page([]),
      'GET /api/device-archives/ending-warranties': fail(500, '服务器开小差了'),
    });
    const { user } = renderPage(<DeviceArchivesPage />, { locale: 'en-US' });
    await user.click(await screen.findByRole('tab', { name: 'Ending warranties' }));
    expect(await screen.findByText('Could not load')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
