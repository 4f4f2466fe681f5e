import { screen, within } from '@testing-library/react';
import { deviceArchivesApi } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage } from '../../../shared/testing/render-page.tsx';
import { archiveEntry, page } from '../archive-test-fixtures.ts';
import { DeviceArchiveTimeline } from './device-archive-timeline.tsx';

describe('DeviceArchiveTimeline', () => {
  it('shows a device’s entries newest first with their files, and an add button for writers', async () => {
    const { calls } = mockApi([
      [
        deviceArchivesApi.list,
        page(
          [
            archiveEntry(3, {
              kind: 'calibration',
              date: '2026-05-20',
              nextDue: '2026-11-20',
              attachments: [{ id: 9, fileName: '校准证书.pdf', fileType: 'application/pdf', fileSize: 2048 }],
            }),
            archiveEntry(1, { kind: 'installation', date: '2025-04-10', description: '按图纸完成安装' }),
          ],
          200,
        ),
      ],
    ]);
    const { user } = renderPage(<DeviceArchiveTimeline deviceId={7} />);
    expect(await screen.findByText('下次校准：2026-11-20')).toBeTruthy();
    expect(calls[0]?.query.get('deviceId')).toBe('7');
    const items = screen.getAllByText(/^(校准|安装)$/);
    expect(items.map((i) => i.textContent)).toEqual(['校准', '安装']);
    expect(screen.getByRole('button', { name: '下载 校准证书.pdf' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '新增记录' }));
    const drawer = await screen.findByRole('dialog', { name: '新增档案记录' });
    // the device is given: no picker
    expect(within(drawer).queryByRole('combobox', { name: '设备' })).toBeNull();
  });

  it('shows an empty device, without write buttons for a reader', async () => {
    mockApi([[deviceArchivesApi.list, page([], 200)]]);
    renderPage(<DeviceArchiveTimeline deviceId={7} />, { permissions: [], locale: 'en-US' });
    expect(await screen.findByText('This device has no archive entries yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add entry' })).toBeNull();
  });
});
