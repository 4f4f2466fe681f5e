import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCALE_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@water/contracts';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../providers.tsx';
import { SignInCard } from './sign-in-card.tsx';

function renderCard() {
  render(
    <AppProviders>
      <SignInCard />
    </AppProviders>,
  );
  return userEvent.setup();
}

function answer(status: number, body: unknown) {
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => Response.json(body, { status }));
}

describe('SignInCard', () => {
  it('asks for both fields before calling the server', async () => {
    const fetchMock = answer(200, {});
    vi.stubGlobal('fetch', fetchMock);
    const user = renderCard();

    await user.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByText('用户名不能为空')).toBeTruthy();
    expect(screen.getByText('密码不能为空')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message when sign-in fails, in the chosen language", async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en-US');
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stale');
    const fetchMock = answer(401, { code: 50000, msg: 'Incorrect username or password', data: null });
    vi.stubGlobal('fetch', fetchMock);
    const user = renderCard();

    await user.type(screen.getByRole('textbox', { name: 'Username' }), '13800000001');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Incorrect username or password');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/login');
    expect(new Headers(init?.headers).get('Accept-Language')).toBe('en-US');
    expect(JSON.parse(String(init?.body))).toEqual({ username: '13800000001', password: 'wrong' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('keeps the token and welcomes the user on success', async () => {
    vi.stubGlobal('fetch', answer(200, { code: 200, msg: '请求成功', data: { token: 'abc', expiresAt: '' } }));
    const user = renderCard();

    await user.type(screen.getByRole('textbox', { name: '用户名' }), '13800000001');
    await user.type(screen.getByLabelText('密码'), 'Admin@2026');
    await user.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByText('欢迎使用')).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('abc');
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy();
  });
});
