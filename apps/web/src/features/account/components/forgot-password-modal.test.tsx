import { screen, waitFor, within } from '@testing-library/react';
import { accountApi, authApi } from '@water/contracts';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, type DataOf, fail, mockApi, renderPage } from '../../../shared/testing/render-page.tsx';
import { ForgotPasswordModal } from './forgot-password-modal.tsx';

const TICKET = 't'.repeat(32);
const SENT: DataOf<typeof authApi.sms> = { sent: true, expiresIn: 300, resendAfter: 60 };
const VERIFIED: DataOf<typeof authApi.sms> = { verified: true, ticket: TICKET, expiresIn: 600 };

/** The captcha call answers a new single-use captcha each time: c1, c2, … */
function captchas() {
  let n = 0;
  return (): DataOf<typeof authApi.captcha> => {
    n++;
    return { captchaId: `c${n}`, image: `data:image/png;base64,iVBORw0KGgo${n}`, expiresAt: '', required: false };
  };
}
const smsCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === '/api/user/sms');

function renderModal(locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  const onClose = vi.fn();
  const view = renderPage(<ForgotPasswordModal visible onClose={onClose} />, { signedIn: false, locale });
  return { ...view, onClose, dialog: within(screen.getByRole('dialog')) };
}

describe('ForgotPasswordModal', () => {
  it("checks phone and code with the contract's rules before calling the server", async () => {
    const { calls } = mockApi([[authApi.captcha, captchas()]]);
    const { user, dialog } = renderModal();

    await user.click(dialog.getByRole('button', { name: '下一步' }));
    expect(await dialog.findByText('请输入有效的中国大陆手机号')).toBeTruthy();
    expect(dialog.getByText('验证码为 6 位数字')).toBeTruthy();

    await user.type(dialog.getByRole('textbox', { name: '手机号' }), '1234');
    await user.click(dialog.getByRole('button', { name: '获取验证码' }));
    expect(await dialog.findByText('请输入有效的中国大陆手机号')).toBeTruthy();
    expect(dialog.getByText('请输入图中字符')).toBeTruthy();
    expect(smsCalls(calls)).toHaveLength(0);
    // Says up front that the answer does not reveal whether the number has an account.
    expect(dialog.getByText('如果该手机号属于某个账号，我们会向它发送一条短信验证码。')).toBeTruthy();
  });

  it('sends a code, counts down to the resend, verifies it and sets the new password', async () => {
    const { calls } = mockApi([
      [authApi.captcha, captchas()],
      [authApi.sms, (call) => ((call.body as { action: string }).action === 'send' ? SENT : VERIFIED)],
      [accountApi.resetPassword, null],
    ]);
    const { user, dialog, onClose } = renderModal('en-US');

    const image = await dialog.findByRole('img', { name: 'Captcha image' });
    expect(image.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo1');
    await user.type(dialog.getByRole('textbox', { name: 'Mobile number' }), '13800000002');
    await user.type(dialog.getByRole('textbox', { name: 'Captcha' }), 'ab2c');
    await user.click(dialog.getByRole('button', { name: 'Send code' }));
    expect(
      await dialog.findByText('If the number belongs to an account, a code is on its way; it is valid for 5 min.'),
    ).toBeTruthy();
    const countdown = dialog.getByRole('button', { name: /Send again in \d+ s/ });
    expect(countdown.hasAttribute('disabled')).toBe(true);
    const [send] = smsCalls(calls);
    expect(send?.body).toEqual({
      action: 'send',
      phone: '13800000002',
      purpose: 'reset-password',
      captchaId: 'c1',
      captchaCode: 'ab2c',
    });
    expect(send?.headers.get('Accept-Language')).toBe('en-US');
    // that captcha is spent: a new one is shown for the next send
    await waitFor(() =>
      expect(dialog.getByRole('img', { name: 'Captcha image' }).getAttribute('src')).toBe(
        'data:image/png;base64,iVBORw0KGgo2',
      ),
    );

    await user.type(dialog.getByRole('textbox', { name: 'SMS code' }), '123456');
    await user.click(dialog.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(smsCalls(calls)).toHaveLength(2));
    expect(smsCalls(calls)[1]?.body).toEqual({
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
    expect(calls.filter((c) => c.path === '/api/user/password/reset')).toHaveLength(0);

    await user.clear(password);
    await user.type(password, 'Water2026x');
    await user.clear(dialog.getByLabelText('Confirm password'));
    await user.type(dialog.getByLabelText('Confirm password'), 'Water2026x');
    await user.click(dialog.getByRole('button', { name: 'Reset password' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/api/user/password/reset')).toMatchObject({
      method: 'POST',
      path: '/api/user/password/reset',
      body: { phone: '13800000002', ticket: TICKET, password: 'Water2026x' },
    });
    expect(await screen.findByText('Password reset: sign in with the new password')).toBeTruthy();
  });

  it("shows the server's message when the code is refused and stays on the first step", async () => {
    mockApi([
      [authApi.captcha, captchas()],
      [
        authApi.sms,
        (call) => ((call.body as { action: string }).action === 'send' ? SENT : fail(400, '短信验证码错误或已过期')),
      ],
    ]);
    const { user, dialog, onClose } = renderModal();

    await user.type(dialog.getByRole('textbox', { name: '手机号' }), '13800000002');
    await user.type(dialog.getByRole('textbox', { name: '图形验证码' }), 'AB2C');
    await user.click(dialog.getByRole('button', { name: '获取验证码' }));
    await dialog.findByRole('button', { name: /秒后可重发/ });
    await user.type(dialog.getByRole('textbox', { name: '短信验证码' }), '000000');
    await user.click(dialog.getByRole('button', { name: '下一步' }));

    expect(await dialog.findByText('短信验证码错误或已过期')).toBeTruthy();
    expect(dialog.queryByLabelText('新密码')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a send (a cap reached) and a new captcha for the next try", async () => {
    const { calls } = mockApi([
      [authApi.captcha, captchas()],
      [authApi.sms, fail(50000, 'This phone has had its 10 codes for today; try again tomorrow')],
    ]);
    const { user, dialog } = renderModal('en-US');

    await user.type(dialog.getByRole('textbox', { name: 'Mobile number' }), '13800000002');
    await dialog.findByRole('img', { name: 'Captcha image' });
    await user.type(dialog.getByRole('textbox', { name: 'Captcha' }), 'wxyz');
    await user.click(dialog.getByRole('button', { name: 'Send code' }));

    expect(await dialog.findByText('This phone has had its 10 codes for today; try again tomorrow')).toBeTruthy();
    await waitFor(() =>
      expect(dialog.getByRole('img', { name: 'Captcha image' }).getAttribute('src')).toBe(
        'data:image/png;base64,iVBORw0KGgo2',
      ),
    );
    expect((dialog.getByRole('textbox', { name: 'Captcha' }) as HTMLInputElement).value).toBe('');
    expect(dialog.getByRole('button', { name: 'Send code' }).hasAttribute('disabled')).toBe(false);
    expect(smsCalls(calls)).toHaveLength(1);
  });
});
