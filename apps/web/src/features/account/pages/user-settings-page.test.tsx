import { screen, waitFor, within } from '@testing-library/react';
import { accountApi } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, renderPage } from '../../../shared/testing/render-page.tsx';
import { UserSettingsPage } from './user-settings-page.tsx';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const attempt = (id: number, success: boolean, reason = '', userAgent = CHROME_WINDOWS) => ({
  id,
  time: '2026-03-01T02:03:04.000Z',
  ip: `10.0.0.${id}`,
  userAgent,
  success,
  reason,
});

// Arco's popups keep `pointer-events: none` until an enter animation jsdom never finishes.
const popupClicks = { pointerEventsCheck: 0 } as const;

const session = (id: number, current: boolean, userAgent: string) => ({
  id,
  createdAt: '2026-03-01T02:00:00.000Z',
  lastSeenAt: current ? '2026-03-02T02:00:00.000Z' : '2026-03-01T05:00:00.000Z',
  expiresAt: '2026-03-08T02:00:00.000Z',
  ip: `10.0.1.${id}`,
  userAgent,
  current,
});

describe('UserSettingsPage', () => {
  describe('change password', () => {
    it("checks the fields with the contract's rules first", async () => {
      const { fetchMock } = mockApi([]);
      const { user } = renderPage(<UserSettingsPage />, { signedIn: false });

      await user.type(screen.getByLabelText('当前密码'), 'Same2026x');
      await user.type(screen.getByLabelText('新密码'), 'Same2026x');
      await user.click(screen.getByRole('button', { name: '修改密码' }));
      expect(await screen.findByText('新密码不能与当前密码相同')).toBeTruthy();

      await user.clear(screen.getByLabelText('当前密码'));
      await user.clear(screen.getByLabelText('新密码'));
      await user.type(screen.getByLabelText('新密码'), 'onlyletters');
      await user.type(screen.getByLabelText('确认密码'), 'other');
      await user.click(screen.getByRole('button', { name: '修改密码' }));

      expect(await screen.findByText('必填')).toBeTruthy();
      expect(screen.getByText('密码须为 8–64 位，且同时包含字母和数字')).toBeTruthy();
      expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
      expect(fetchMock).not.toHaveBeenCalled();
      // Tells before the change that the other sessions will end.
      expect(screen.getByText(/其他设备和浏览器上的登录会话将全部结束/)).toBeTruthy();
    });

    it('changes the password and says the other sessions were signed out', async () => {
      const { calls } = mockApi([[accountApi.changePassword, null]]);
      const { user } = renderPage(<UserSettingsPage />, { signedIn: false, locale: 'en-US' });

      await user.type(screen.getByLabelText('Current password'), 'User@2026');
      await user.type(screen.getByLabelText('New password'), 'Water2026x');
      await user.type(screen.getByLabelText('Confirm password'), 'Water2026x');
      await user.click(screen.getByRole('button', { name: 'Change password' }));

      expect((await screen.findAllByText('Password changed; your other sessions have been signed out')).length).toBe(2);
      expect(calls[0]).toMatchObject({
        method: 'POST',
        path: '/api/user/password',
        body: { oldPassword: 'User@2026', newPassword: 'Water2026x' },
      });
      expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    });

    it("shows the server's refusal", async () => {
      mockApi([[accountApi.changePassword, fail(400, '原密码错误')]]);
      const { user } = renderPage(<UserSettingsPage />, { signedIn: false });

      await user.type(screen.getByLabelText('当前密码'), 'wrong');
      await user.type(screen.getByLabelText('新密码'), 'Water2026x');
      await user.type(screen.getByLabelText('确认密码'), 'Water2026x');
      await user.click(screen.getByRole('button', { name: '修改密码' }));

      expect(await screen.findByText('原密码错误')).toBeTruthy();
      expect(screen.queryByText('密码已修改，你的其他会话已退出登录')).toBeNull();
    });
  });

  describe('sign-in history', () => {
    it('pages the attempts with readable browser, system and reason', async () => {
      const { calls } = mockApi([
        [
          accountApi.loginHistory,
          (call) =>
            call.query.get('page') === '1'
              ? {
                  list: [
                    attempt(1, true),
                    attempt(2, false, 'locked', SAFARI_IPHONE),
                    attempt(3, false, 'something_new', ''),
                  ],
                  total: 13,
                  page: 1,
                  pageSize: 10,
                }
              : { list: [attempt(11, false, 'bad_credentials')], total: 13, page: 2, pageSize: 10 },
        ],
      ]);
      const { user } = renderPage(<UserSettingsPage />, { signedIn: false });

      await user.click(screen.getByRole('tab', { name: '登录记录' }));
      const table = await screen.findByRole('table');
      expect(await within(table).findByText('10.0.0.1')).toBeTruthy();
      expect(within(table).getAllByText('Chrome 126').length).toBe(1);
      expect(within(table).getByText('Windows 10/11')).toBeTruthy();
      expect(within(table).getByText('Safari 17')).toBeTruthy();
      expect(within(table).getByText('iOS 17.5')).toBeTruthy();
      expect(within(table).getByText('成功')).toBeTruthy();
      expect(within(table).getByText('失败 · 账号已锁定')).toBeTruthy();
      expect(within(table).getByText('失败 · 其他原因（something_new）')).toBeTruthy();
      expect(within(table).getByText('未知浏览器')).toBeTruthy();
      expect(calls[0]?.query.toString()).toBe('page=1&pageSize=10');

      await user.click(screen.getByText('2', { selector: '.arco-pagination-item' }));
      expect(await within(table).findByText('失败 · 密码错误')).toBeTruthy();
      expect(calls.at(-1)?.query.toString()).toBe('page=2&pageSize=10');
    });

    it('opens on the history at the page its address holds', async () => {
      const { calls } = mockApi([
        [accountApi.loginHistory, { list: [attempt(11, false, 'bad_credentials')], total: 13, page: 2, pageSize: 10 }],
      ]);
      renderPage(<UserSettingsPage />, {
        signedIn: false,
        route: '/?tab=history&history.page=2&history.pageSize=oops',
      });

      expect(await screen.findByText('失败 · 密码错误')).toBeTruthy();
      expect(screen.getByRole('tab', { name: '登录记录', selected: true })).toBeTruthy();
      expect(calls[0]?.query.toString()).toBe('page=2&pageSize=10');
    });

    it("says when the history cannot be loaded, with the server's message", async () => {
      mockApi([[accountApi.loginHistory, fail(404, '接口不存在')]]);
      const { user } = renderPage(<UserSettingsPage />, { signedIn: false });

      await user.click(screen.getByRole('tab', { name: '登录记录' }));
      expect(await screen.findByText('加载失败')).toBeTruthy();
      expect(screen.getByText('接口不存在')).toBeTruthy();
      expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
    });
  });

  describe('active sessions', () => {
    it('marks the current session, which cannot be ended here, and ends another after confirmation', async () => {
      let live = [session(7, false, SAFARI_IPHONE), session(5, true, CHROME_WINDOWS)];
      const { calls } = mockApi([
        [accountApi.sessions, () => live],
        [
          accountApi.endSession,
          ({ params }) => {
            live = live.filter((s) => String(s.id) !== params.id);
            return null;
          },
        ],
      ]);
      const { user } = renderPage(<UserSettingsPage />, { signedIn: false, locale: 'en-US', userOptions: popupClicks });

      await user.click(screen.getByRole('tab', { name: 'Active sessions' }));
      const table = await screen.findByRole('table');
      const rows = await within(table).findAllByRole('row');
      // Header, then the current session first.
      expect(within(rows[1] as HTMLElement).getByText('This session')).toBeTruthy();
      expect(within(rows[1] as HTMLElement).getByText('Log out to end it')).toBeTruthy();
      expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();

      await user.click(screen.getByRole('button', { name: 'End session: Safari 17 on iOS 17.5' }));
      expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
      const confirm = await screen.findByText('End this session? That device will have to sign in again.');
      const popup = confirm.closest('.arco-popconfirm') as HTMLElement;
      await user.click(within(popup).getByRole('button', { name: 'End' }));

      expect(await screen.findByText('Session ended')).toBeTruthy();
      expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/user/sessions/7');
      await waitFor(() => expect(within(table).queryByText('Safari 17 on iOS 17.5')).toBeNull());
      expect(calls.filter((c) => c.path === '/api/user/sessions')).toHaveLength(2);
    });

    it("leaves the list as it was when the server refuses, showing the server's message", async () => {
      const live = [session(7, false, SAFARI_IPHONE), session(5, true, CHROME_WINDOWS)];
      mockApi([
        [accountApi.sessions, live],
        [accountApi.endSession, fail(404, '会话不存在')],
      ]);
      const { user } = renderPage(<UserSettingsPage />, { signedIn: false, userOptions: popupClicks });

      await user.click(screen.getByRole('tab', { name: '在线会话' }));
      await user.click(await screen.findByRole('button', { name: '结束会话：Safari 17 · iOS 17.5' }));
      const popup = (await screen.findByText('结束该会话？该设备需要重新登录。')).closest(
        '.arco-popconfirm',
      ) as HTMLElement;
      await user.click(within(popup).getByRole('button', { name: '结束' }));

      expect(await screen.findByText('会话不存在')).toBeTruthy();
      expect(screen.queryByText('会话已结束')).toBeNull();
      expect(screen.getByText('Safari 17 · iOS 17.5')).toBeTruthy();
    });
  });
});
