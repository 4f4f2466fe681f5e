import { screen, waitFor, within } from '@testing-library/react';
import { devicesApi, deviceTransferApi, deviceTypesApi, regionsApi } from '@water/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { device } from '../device-test-fixtures.ts';
import { DeviceListPage } from './device-list-page.tsx';

// Answers typed by the contracts: each is checked against its endpoint's data schema.
const item = (id: number, code: string, name: string) =>
  device(id, code, name, { regionId: null, regionName: '', status: 'inactive', lastSeenAt: null });
const list = [item(1, 'LV-001', '东湖液位计'), item(2, 'FM-002', '西区流量计'), item(3, 'PR-003', '压力计')];
const reads = [
  reply(regionsApi.tree, []),
  reply(deviceTypesApi.list, []),
  reply(devicesApi.stations, []),
  reply(devicesApi.list, { list, total: list.length, page: 1, pageSize: 10 }),
] as const;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('device list: labels, import', () => {
  it('prints QR labels of the selected rows', async () => {
    mockApi(reads);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = renderPage(<DeviceListPage />);
    expect(await screen.findByText('东湖液位计')).toBeTruthy();
    expect(screen.getByRole('button', { name: /打印标签（0）/ }).hasAttribute('disabled')).toBe(true);

    // The first checkbox selects the whole page; rows follow in order.
    const boxes = screen.getAllByRole('checkbox');
    await user.click(boxes[1]!);
    await user.click(boxes[2]!);
    const open = screen.getByRole('button', { name: /打印标签（2）/ });
    expect(open.hasAttribute('disabled')).toBe(false);
    await user.click(open);

    const sheet = await screen.findByRole('dialog', { name: '设备二维码标签' });
    for (const code of ['LV-001', 'FM-002']) {
      const label = within(sheet).getByRole('article', { name: code });
      expect(within(label).getByText(code)).toBeTruthy();
      const qr = within(label).getByRole('img', { name: `${code} 的二维码` });
      expect(qr.tagName.toLowerCase()).toBe('svg');
      expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    }
    expect(within(sheet).queryByRole('article', { name: 'PR-003' })).toBeNull();
    expect(within(sheet).getAllByText('站点：东湖雨水泵站')).toHaveLength(2);
    await user.click(within(sheet).getByRole('button', { name: '打印' }));
    expect(print).toHaveBeenCalledOnce();
    await user.click(within(sheet).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog', { name: '设备二维码标签' })).toBeNull();
  });

  it('imports a file and shows the row report', async () => {
    const { calls } = mockApi([
      ...reads,
      [
        deviceTransferApi.import,
        {
          created: 1,
          failed: [{ row: 3, code: 'BAD-1', reasons: ['设备类型：设备类型“x”不存在'] }],
          note: '导入的设备尚无接入密钥',
        },
      ],
    ]);
    const { user } = renderPage(<DeviceListPage />);
    await user.click(await screen.findByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog', { name: '导入设备' });
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    const file = new File(['设备编码,设备名称\nA-1,甲'], 'devices.csv', { type: 'text/csv' });
    await user.upload(input, file);

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')?.body as FormData;
    expect((body.get('file') as File).name).toBe('devices.csv');
    expect(await within(dialog).findByText('已创建 1 台设备，1 行未导入')).toBeTruthy();
    const failed = within(dialog).getByRole('region', { name: '未导入的行' });
    expect(within(failed).getByText('BAD-1')).toBeTruthy();
    expect(within(failed).getByText('3')).toBeTruthy();
    expect(within(failed).getByText('设备类型：设备类型“x”不存在')).toBeTruthy();
    expect(within(dialog).getByText('导入的设备尚无接入密钥')).toBeTruthy();
  });
});
