import { screen, waitFor, within } from '@testing-library/react';
import { type NotifyPrefs, notifyApi } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, renderPage } from '../../../shared/testing/render-page.tsx';
import { UserSettingsPage } from '../pages/user-settings-page.tsx';
import { NotifyPrefsForm } from './notify-prefs-form.tsx';

const prefs: NotifyPrefs = {
  channels: ['inApp', 'sms'],
  locale: 'zh-CN',
  quietHours: { enabled: false, start: '22:00', end: '07:00' },
  phone: '13800000001',
  email: '',
};

const checkbox = (name: string | RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('NotifyPrefsForm', () => {
  it('shows the channels with where they go, in-app always on', async () => {
    mockApi([[notifyApi.prefs, prefs]]);
    renderPage(<NotifyPrefsForm />);
    expect(await screen.findByText('发送至 13800000001')).toBeTruthy();
    expect(checkbox(/^站内消息/).checked).toBe(true);
    expect(checkbox(/^站内消息/).disabled).toBe(true);
    expect(checkbox(/^短信/).checked).toBe(true);
    expect(checkbox(/^电子邮件/).checked).toBe(false);
    expect(checkbox(/^Webhook/).checked).toBe(false);
    expect(screen.getByText('个人资料中没有邮箱，邮件无法送达')).toBeTruthy();
    expect(screen.getByRole('link', { name: '前往个人中心' }).getAttribute('href')).toBe('/user/center');
    expect(screen.getByText(/严重告警不受免打扰限制/)).toBeTruthy();
    // Quiet hours off: their times wait, greyed.
    expect((screen.getByRole('switch', { name: '开启免打扰' }) as HTMLButtonElement).getAttribute('aria-checked')).toBe(
      'false',
    );
  });

  it('saves the contract body: channels with in-app first, language, quiet hours', async () => {
    const { calls } = mockApi([
      [notifyApi.prefs, prefs],
      [notifyApi.updatePrefs, ({ body }) => ({ ...(body as object), phone: prefs.phone, email: prefs.email }) as never],
    ]);
    const { user } = renderPage(<NotifyPrefsForm />);
    await screen.findByText('发送至 13800000001');
    await user.click(checkbox(/^电子邮件/));
    await user.click(checkbox(/^短信/));
    await user.click(screen.getByRole('radio', { name: 'English' }));
    await user.click(screen.getByRole('switch', { name: '开启免打扰' }));
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('通知偏好已保存')).toBeTruthy();
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put.map((c) => c.path)).toEqual(['/api/account/notify-prefs']);
    expect(put[0]?.body).toEqual({
      channels: ['inApp', 'email'],
      locale: 'en-US',
      quietHours: { enabled: true, start: '22:00', end: '07:00' },
    });
  });

  it("starts from a night's quiet hours when none were set, and shows the server's refusal", async () => {
    const { calls } = mockApi([
      [notifyApi.prefs, { ...prefs, quietHours: { enabled: false, start: '', end: '' } }],
      [
        notifyApi.updatePrefs,
        fail(400, '请按 HH:mm 填写时间', { errors: [{ field: 'quietHours.start', message: '请按 HH:mm 填写时间' }] }),
      ],
    ]);
    const { user } = renderPage(<NotifyPrefsForm />);
    await screen.findByText('发送至 13800000001');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findAllByText('请按 HH:mm 填写时间')).not.toHaveLength(0);
    const body = calls.find((c) => c.method === 'PUT')?.body as { quietHours: unknown } | undefined;
    expect(body?.quietHours).toEqual({ enabled: false, start: '22:00', end: '07:00' });
  });

  it('is a tab of the user settings, kept in the address', async () => {
    mockApi([[notifyApi.prefs, { ...prefs, locale: 'en-US' }]]);
    // Signed out as the settings page's own tests are: role-info is not its concern here.
    renderPage(<UserSettingsPage />, { route: '/user/settings?tab=notify', locale: 'en-US', signedIn: false });
    expect(await screen.findByText('To 13800000001')).toBeTruthy();
    const tab = screen.getByRole('tab', { name: 'Notifications' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    await waitFor(() =>
      expect(
        (
          within(screen.getByRole('radiogroup', { name: 'Message language' })).getByRole('radio', {
            name: 'English',
          }) as HTMLInputElement
        ).checked,
      ).toBe(true),
    );
  });
});
