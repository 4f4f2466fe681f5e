import { screen, waitFor, within } from '@testing-library/react';
import { camerasApi, devicesApi, deviceTypesApi, Permissions, regionsApi, waterQualityApi } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { CameraListPage } from './camera-list-page.tsx';
import {
  camera,
  ezvizPlatform,
  hlsCamera,
  page,
  rtspCamera,
  share,
  station,
  wvpPlatform,
} from './registry-test-fixtures.ts';

type User = ReturnType<typeof renderPage>['user'];

const ADMIN = [Permissions.cameraWrite, Permissions.cameraShare, Permissions.cameraPtz];
const SLOW = 30_000;

const reads = [
  reply(devicesApi.stations, [station]),
  reply(regionsApi.tree, []),
  reply(deviceTypesApi.list, []),
  reply(camerasApi.platforms, [ezvizPlatform, wvpPlatform]),
  reply(waterQualityApi.sites, { list: [], total: 0, page: 1, pageSize: 200 }),
] as const;

async function choose(user: User, scope: HTMLElement, box: string, option: string | RegExp) {
  await user.click(within(scope).getByRole('combobox', { name: box }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const field = (drawer: HTMLElement, name: string) => within(drawer).queryByRole('textbox', { name });

describe('CameraListPage', () => {
  it('lists cameras with place, source, status and why offline; filters go into the address', async () => {
    const { calls } = mockApi([...reads, [camerasApi.list, page([hlsCamera, rtspCamera])]]);
    const { user } = renderPage(<CameraListPage />, { permissions: ADMIN });
    const hls = (await screen.findByText('东湖泵站进水口')).closest('tr') as HTMLElement;
    expect(within(hls).getByText('PS03-CAM01')).toBeTruthy();
    expect(within(hls).getByText('东湖泵站')).toBeTruthy();
    expect(within(hls).getByText('HLS')).toBeTruthy();
    expect(within(hls).getByText('在线')).toBeTruthy();
    const rtsp = screen.getByText('解放路下穿').closest('tr') as HTMLElement;
    expect(within(rtsp).getByText('东湖区')).toBeTruthy();
    expect(within(rtsp).getByText('区域')).toBeTruthy();
    expect(within(rtsp).getByText('RTSP')).toBeTruthy();
    expect(within(rtsp).getByText('离线')).toBeTruthy();
    await user.hover(within(rtsp).getByText('离线'));
    expect(await screen.findByText(/^无法连接到 10\.20\.1\.64 · 检测于 /)).toBeTruthy();

    await choose(user, document.body, '接入方式', '萤石云');
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path.endsWith('/cameras'))
          .at(-1)
          ?.query.get('sourceKind'),
      ).toBe('ezviz'),
    );
    await choose(user, document.body, '在线状态', '离线');
    await waitFor(() => {
      const query = calls.filter((c) => c.path.endsWith('/cameras')).at(-1)?.query;
      expect(query?.get('status')).toBe('offline');
      expect(query?.get('sourceKind')).toBe('ezviz');
    });
  });

  it('opens the live view on a camera', async () => {
    mockApi([...reads, [camerasApi.list, page([hlsCamera])]]);
    const { user } = renderPage(<CameraListPage />, { permissions: ADMIN, showLocation: true });
    await user.click(await screen.findByRole('button', { name: '查看摄像头 东湖泵站进水口 的实时画面' }));
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/bz/camera');
  });

  it('offers the plain user no writes, no links and no platforms tab', async () => {
    mockApi([...reads, [camerasApi.list, page([hlsCamera])]]);
    renderPage(<CameraListPage />, { permissions: [] });
    await screen.findByText('东湖泵站进水口');
    expect(screen.queryByRole('button', { name: '新增摄像头' })).toBeNull();
    expect(screen.queryByRole('button', { name: /编辑摄像头/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删除摄像头/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /停用摄像头/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /公开链接/ })).toBeNull();
    expect(screen.queryByRole('tab', { name: '视频平台' })).toBeNull();
    expect(screen.getByRole('button', { name: '查看摄像头 东湖泵站进水口 的实时画面' })).toBeTruthy();
  });

  it(
    'shows only the chosen kind’s fields, and EZVIZ offers only EZVIZ platforms',
    async () => {
      mockApi([...reads, [camerasApi.list, page([])]]);
      const { user } = renderPage(<CameraListPage />, { permissions: ADMIN });
      await user.click(await screen.findByRole('button', { name: '新增摄像头' }));
      const drawer = await screen.findByRole('dialog', { name: '新增摄像头' });
      expect(field(drawer, '视频地址')).toBeTruthy();
      expect(field(drawer, '设备序列号')).toBeNull();

      await choose(user, drawer, '接入方式', 'RTSP');
      expect(field(drawer, '视频地址')?.getAttribute('placeholder')).toBe(
        'rtsp://10.20.1.64:554/Streaming/Channels/101',
      );
      expect(field(drawer, '用户名')).toBeTruthy();
      expect(within(drawer).getByLabelText('密码')).toBeTruthy();
      expect((within(drawer).getByRole('switch', { name: '云台控制' }) as HTMLButtonElement).disabled).toBe(true);

      await choose(user, drawer, '接入方式', '萤石云');
      expect(field(drawer, '视频地址')).toBeNull();
      expect(field(drawer, '用户名')).toBeNull();
      expect(field(drawer, '设备序列号')).toBeTruthy();
      expect(within(drawer).getByLabelText('设备验证码')).toBeTruthy();
      const platformBox = within(drawer).getByRole('combobox', { name: '视频平台' });
      await user.click(platformBox);
      const popup = await waitFor(
        () => document.getElementById(platformBox.getAttribute('aria-controls') ?? '') as HTMLElement,
      );
      expect(
        within(popup)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['萤石云主账号']);

      expect((within(drawer).getByRole('switch', { name: '云台控制' }) as HTMLButtonElement).disabled).toBe(false);

      await choose(user, drawer, '接入方式', 'GB28181');
      expect(field(drawer, '国标设备编号')).toBeTruthy();
      expect(field(drawer, '设备序列号')).toBeNull();
    },
    SLOW,
  );

  it(
    'keeps a secret left empty out of the PUT body, and “clear” sends an empty one',
    async () => {
      const { calls } = mockApi([
        ...reads,
        [camerasApi.list, page([rtspCamera])],
        [camerasApi.update, (call) => ({ ...rtspCamera, ...(call.body as object), passwordSet: false })],
      ]);
      const { user } = renderPage(<CameraListPage />, { permissions: ADMIN });
      await user.click(await screen.findByRole('button', { name: '编辑摄像头 解放路下穿' }));
      let drawer = await screen.findByRole('dialog', { name: '编辑摄像头 解放路下穿' });
      const password = within(drawer).getByLabelText('密码') as HTMLInputElement;
      expect(password.value).toBe('');
      expect(password.getAttribute('placeholder')).toBe('已设置，留空则保持不变');
      await user.click(within(drawer).getByRole('button', { name: '保存' }));
      await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
      const kept = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
      expect('password' in kept).toBe(false);
      expect('verifyCode' in kept).toBe(false);
      expect(kept).toMatchObject({ sourceKind: 'rtsp', username: 'admin', regionId: 2, stationId: null });

      await waitFor(() => expect(screen.queryByRole('dialog', { name: '编辑摄像头 解放路下穿' })).toBeNull());
      await user.click(screen.getByRole('button', { name: '编辑摄像头 解放路下穿' }));
      drawer = await screen.findByRole('dialog', { name: '编辑摄像头 解放路下穿' });
      await user.click(within(drawer).getByRole('button', { name: '清除已保存的密码' }));
      expect(within(drawer).getByLabelText('密码').getAttribute('placeholder')).toBe('保存后将清除');
      await user.click(within(drawer).getByRole('button', { name: '保存' }));
      await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
      expect(calls.filter((c) => c.method === 'PUT')[1]?.body).toMatchObject({ password: '' });
    },
    SLOW,
  );

  it(
    'puts the server’s refusal of the URL (the probe on saving failed) on the URL field; the test button shows the probe',
    async () => {
      const { calls } = mockApi([
        ...reads,
        [camerasApi.list, page([hlsCamera])],
        [camerasApi.probe, { ok: false, detail: '地址返回 HTTP 404', ms: 38 }],
        [
          camerasApi.update,
          fail(400, '无法连接到摄像头：地址返回 HTTP 404', {
            errors: [{ field: 'url', message: '无法连接到摄像头：地址返回 HTTP 404' }],
          }),
        ],
      ]);
      const { user } = renderPage(<CameraListPage />, { permissions: ADMIN });
      await user.click(await screen.findByRole('button', { name: '编辑摄像头 东湖泵站进水口' }));
      const drawer = await screen.findByRole('dialog', { name: '编辑摄像头 东湖泵站进水口' });

      await user.click(within(drawer).getByRole('button', { name: '测试连接' }));
      const result = await within(drawer).findByRole('status');
      expect(within(result).getByText('连接失败')).toBeTruthy();
      expect(within(result).getByText('地址返回 HTTP 404')).toBeTruthy();
      expect(within(result).getByText('38 毫秒')).toBeTruthy();
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        sourceKind: 'hls',
        url: hlsCamera.url,
        cameraId: hlsCamera.id,
      });

      await user.click(within(drawer).getByRole('button', { name: '保存' }));
      const messages = await within(drawer).findAllByText('无法连接到摄像头：地址返回 HTTP 404');
      const item = messages.map((m) => m.closest('.arco-form-item')).find(Boolean) as HTMLElement;
      expect(within(item).getByRole('textbox', { name: '视频地址' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'creates a public link: shows it with its QR code and expiry, lists the links and revokes one',
    async () => {
      let shares = [share(11), share(10, { revokedAt: '2026-11-26T00:00:00.000Z', note: '' })];
      const { calls } = mockApi([
        ...reads,
        [camerasApi.list, page([hlsCamera])],
        [camerasApi.shares, () => shares],
        [
          camerasApi.share,
          (call) => {
            const made = share(12, {
              note: (call.body as { note: string }).note,
              expiresAt: '2099-02-01T00:00:00.000Z',
            });
            shares = [made, ...shares];
            return { ...made, token: 'tok.abc' };
          },
        ],
        [
          camerasApi.revokeShare,
          (call) => {
            shares = shares.map((s) =>
              s.id === Number(call.params.shareId) ? { ...s, revokedAt: '2026-11-27T03:00:00.000Z' } : s,
            );
            return null;
          },
        ],
      ]);
      const { user } = renderPage(<CameraListPage />, { permissions: ADMIN });
      await user.click(await screen.findByRole('button', { name: '摄像头 东湖泵站进水口 的公开链接' }));
      const dialog = await screen.findByRole('dialog');
      expect(await within(dialog).findByText('有效')).toBeTruthy();
      expect(within(dialog).getByText('已撤销')).toBeTruthy();

      await choose(user, dialog, '有效期', '4 小时');
      await user.type(within(dialog).getByRole('textbox', { name: '发给谁' }), '应急办 李主任');
      await user.click(within(dialog).getByRole('button', { name: '生成链接' }));
      const made = await within(dialog).findByRole('region', { name: '链接已生成' });
      expect(within(made).getByText(/#\/bz\/cameraDetails\?token=tok\.abc$/)).toBeTruthy();
      expect(within(made).getByRole('img', { name: '公开链接的二维码' })).toBeTruthy();
      expect(within(made).getByRole('button', { name: /复制/ })).toBeTruthy();
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ minutes: 240, note: '应急办 李主任' });
      expect(await within(dialog).findByText('应急办 李主任')).toBeTruthy();

      const revokes = within(dialog).getAllByRole('button', { name: /^撤销 .* 到期的链接$/ });
      expect(revokes).toHaveLength(2);
      await user.click(revokes[0] as HTMLElement);
      await user.click(await screen.findByRole('button', { name: '撤销' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
      expect(calls.find((c) => c.method === 'DELETE')?.path).toMatch(/\/cameras\/1\/shares\/12$/);
      await waitFor(() => expect(within(dialog).getAllByText('已撤销')).toHaveLength(2));
    },
    SLOW,
  );

  it('lists the platforms on their tab, and shows the server’s refusal to delete one in use', async () => {
    mockApi([
      ...reads,
      [camerasApi.list, page([camera(4)])],
      [camerasApi.deletePlatform, fail(409, '有 2 个摄像头通过该平台接入，不能删除')],
    ]);
    const { user } = renderPage(<CameraListPage />, { permissions: ADMIN, route: '/?tab=platforms' });
    const row = (await screen.findByText('萤石云主账号')).closest('tr') as HTMLElement;
    expect(within(row).getByText('萤石开放平台')).toBeTruthy();
    expect(within(row).getByText('ak-1234')).toBeTruthy();
    expect(within(row).getByText('已设置')).toBeTruthy();
    const wvp = screen.getByText('城区国标平台').closest('tr') as HTMLElement;
    expect(within(wvp).getByText('wvp-admin')).toBeTruthy();
    expect(within(wvp).getByText('已设置')).toBeTruthy();
    expect(within(row).getByText(/2026/)).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: '删除平台 萤石云主账号' }));
    await user.click(await screen.findByRole('button', { name: '删除' }));
    expect(await screen.findByText('有 2 个摄像头通过该平台接入，不能删除')).toBeTruthy();
  });
});
