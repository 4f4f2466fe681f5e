import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, renderAccount } from '../testing/render-account.tsx';
import { ForgotPasswordModal } from './forgot-password-modal.tsx';

const TICKET = 't'.repeat(32);

function renderModal(locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  const onClose = vi.fn();
  const view = renderAccount(<ForgotPasswordModal visible onClose={onClose} />, { locale });
  return { ...view, onClose, dialog: within(screen.getByRole('dialog')) };
}

describe('ForgotPasswordModal', () => {
  it("checks phone and code with the contract's rules before calling the server", async () => {
    const { fetchMock } = mockApi({});
    const { user, dialog } = renderModal();

    await user.click(dialog.getByRole('button', { name: '下一步' }));
    expect(await dialog.findByText('请输入有效的中国大陆手机号')).toBeTruthy();
    expect(dialog.getByText('验证码为 6 位数字')).toBeTruthy();

    await user.type(dialog.getByRole('textbox', { name: '手机号' }), '1234');
    await user.click(dialog.getByRole('button', { name: '获取验证码' }));
    expect(await dialog.findByText('请输入有效的中国大陆手机号')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    // Says up front that the answer does not reveal whether the number has an account.
    expect(dialog.getByText('如果该手机号属于某个账号，我们会向它发送一条短信验证码。')).toBeTruthy();
  });

  it('sends a code, counts down to the resend, verifies it and sets the new password', async () => {
    const { calls } = mockApi({
      'POST /api/user/sms': (call) =>
        (call.body as { action: string }).action === 'send'
          ? ok({ sent: true, expiresIn: 300, resendAfter: 60 })
          : ok({ verified: true, ticket: TICKET, expiresIn: 600 }),
      'POST /api/user/password/reset': ok(null),
    });
    const { user, dialog, onClose } = renderModal('en-US');

    await user.type(dialog.getByRole('textbox', { name: 'Mobile number' }), '13800000002');
    await user.click(dialog.getByRole('button', { name: 'Send code' }));
    expect(
      await dialog.findByText('If the number belongs to an account, a code is on its way; it is valid for 5 min.'),
    ).toBeTruthy();
    const countdown = dialog.getByRole('button', { name: /Send again in \d+ s/ });
    expect(countdown.hasAttribute('disabled')).toBe(true);
    expect(calls[0]?.body).toEqual({ action: 'send', phone: '13800000002', purpose: 'reset-password' });
    expect(calls[0]?.headers.get('Accept-Language')).toBe('en-US');

    await user.type(dialog.getByRole('textbox', { name: 'SMS code' }), '123456');
    await user.click(dialog.getByRole('button', { name: 'Next' }));
    expect(calls[1]?.body).toEqual({
      action: 'verify',
      phone: '13800000002',
      purpose: 'reset-password',
      code: '123456',
    });

    const password = await dialog.findByLabelText('New password');
    await user.type(password, 'short');
    await user.type(dialog.getByLabelText('Confirm password'), 'different1');
    await user.click(dialog.getByRole('button', { name: 'Reset password' }));
    expect(await dialog.findByText('Use 8–64 characters with both letters and digits')).toBeTruthy();
    expect(dialog.getByText('The passwords do not match')).toBeTruthy();
    expect(calls).toHaveLength(2);

    await user.clear(password);
    await user.type(password, 'Water2026x');
    await user.clear(dialog.getByLabelText('Confirm password'));
    await user.type(dialog.getByLabelText('Confirm password'), 'Water2026x');
    await user.click(dialog.getByRole('button', { name: 'Reset password' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[2]).toMatchObject({
      method: 'POST',
      path: '/api/user/password/reset',
      body: { phone: '13800000002', ticket: TICKET, password: 'Water2026x' },
    });
    expect(await screen.findByText('Password reset: sign in with the new password')).toBeTruthy();
  });

  it("shows the server's message when the code is refused and stays on the first step", async () => {
    mockApi({
      'POST /api/user/sms': (call) =>
        (call.body as { action: string }).action === 'send'
          ? ok({ sent: true, expiresIn: 300, resendAfter: 60 })
          : fail(400, '短信验证码错误或已过期'),
    });
    const { user, dialog, onClose } = renderModal();

    await user.type(dialog.getByRole('textbox', { name: '手机号' }), '13800000002');
    await user.click(dialog.getByRole('button', { name: '获取验证码' }));
    await dialog.findByRole('button', { name: /秒后可重发/ });
    await user.type(dialog.getByRole('textbox', { name: '短信验证码' }), '000000');
    await user.click(dialog.getByRole('button', { name: '下一步' }));

    expect(await dialog.findByText('短信验证码错误或已过期')).toBeTruthy();
    expect(dialog.queryByLabelText('新密码')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
