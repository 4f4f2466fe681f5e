import { screen, within } from '@testing-library/react';
import { accountApi } from '@water/contracts';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, renderPage } from '../../../shared/testing/render-page.tsx';
import { RegisterModal } from './register-modal.tsx';

function renderModal(locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  const onClose = vi.fn();
  const view = renderPage(<RegisterModal visible onClose={onClose} />, { signedIn: false, locale });
  return { ...view, onClose, dialog: within(screen.getByRole('dialog')) };
}

describe('RegisterModal', () => {
  it("refuses what the contract refuses, with the contract's texts", async () => {
    const { fetchMock } = mockApi([]);
    const { user, dialog } = renderModal();

    await user.type(dialog.getByRole('textbox', { name: '用户名' }), 'a b');
    await user.type(dialog.getByRole('textbox', { name: '手机号' }), '2380000000');
    await user.type(dialog.getByLabelText('密码'), 'abcdefgh');
    await user.type(dialog.getByLabelText('确认密码'), 'abcdefgi');
    await user.click(dialog.getByRole('button', { name: '提交注册' }));

    expect(await dialog.findByText('用户名为 2–64 位字母、数字或 . _ @ -')).toBeTruthy();
    expect(dialog.getByText('必填')).toBeTruthy();
    expect(dialog.getByText('请输入有效的中国大陆手机号')).toBeTruthy();
    expect(dialog.getByText('密码须为 8–64 位，且同时包含字母和数字')).toBeTruthy();
    expect(dialog.getByText('两次输入的密码不一致')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('registers and explains that an administrator must enable the account', async () => {
    const { calls } = mockApi([[accountApi.register, { status: 'disabled' }]]);
    const { user, dialog, onClose } = renderModal('en-US');

    await user.type(dialog.getByRole('textbox', { name: 'Username' }), 'li.wei');
    await user.type(dialog.getByRole('textbox', { name: 'Display name' }), '  Li Wei ');
    await user.type(dialog.getByRole('textbox', { name: 'Mobile number' }), '13912345678');
    await user.type(dialog.getByLabelText('Password'), 'Water2026x');
    await user.type(dialog.getByLabelText('Confirm password'), 'Water2026x');
    await user.click(dialog.getByRole('button', { name: 'Register' }));

    expect(await dialog.findByText('Registration submitted')).toBeTruthy();
    expect(
      dialog.getByText(
        'The account li.wei has been created and is disabled for now. You can sign in once an administrator enables it.',
      ),
    ).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/user/register',
      body: { username: 'li.wei', displayName: 'Li Wei', phone: '13912345678', password: 'Water2026x' },
    });
    expect(calls[0]?.headers.get('Accept-Language')).toBe('en-US');

    await user.click(dialog.getByRole('button', { name: 'Back to sign-in' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's refusal and puts its field messages on the fields", async () => {
    mockApi([
      [
        accountApi.register,
        fail(409, '用户名已被占用', { errors: [{ field: 'username', message: '用户名已被占用' }] }),
      ],
    ]);
    const { user, dialog, onClose } = renderModal();

    await user.type(dialog.getByRole('textbox', { name: '用户名' }), 'user');
    await user.type(dialog.getByRole('textbox', { name: '显示名称' }), '张三');
    await user.type(dialog.getByRole('textbox', { name: '手机号' }), '13912345678');
    await user.type(dialog.getByLabelText('密码'), 'Water2026x');
    await user.type(dialog.getByLabelText('确认密码'), 'Water2026x');
    await user.click(dialog.getByRole('button', { name: '提交注册' }));

    expect(await dialog.findAllByText('用户名已被占用')).toHaveLength(2);
    expect(dialog.queryByText('注册申请已提交')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
