import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCALE_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@water/contracts';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { redirectTarget } from '../redirect-target.ts';
import { REMEMBERED_USERNAME_KEY } from '../remembered-username.ts';
import { LoginForm } from './login-form.tsx';

function Landing() {
  const location = useLocation();
  return <p>landed at {`${location.pathname}${location.search}`}</p>;
}

function renderForm(initial = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginForm /> },
      { path: '*', element: <Landing /> },
    ],
    { initialEntries: [initial] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return userEvent.setup();
}

type Answer = { status: number; body: unknown };
const captchaNotRequired: Answer = {
  status: 200,
  body: {
    code: 200,
    msg: 'ok',
    data: { captchaId: 'c0', image: 'data:image/png;base64,', expiresAt: '', required: false },
  },
};

/** Answers by path; the form asks for a captcha once on arrival. */
function server(login: Answer[], captcha: Answer = captchaNotRequired) {
  const queue = [...login];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    const next = url.startsWith('/api/user/pc/captcha') ? captcha : queue.shift();
    if (!next) throw new Error(`unexpected call ${url}`);
    return Response.json(next.body, { status: next.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const loginCalls = (fetchMock: ReturnType<typeof server>) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === '/api/user/login');

describe('LoginForm', () => {
  it('asks for both fields before calling the server', async () => {
    const fetchMock = server([]);
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('用户名不能为空')).toBeTruthy();
    expect(screen.getByText('密码不能为空')).toBeTruthy();
    expect(loginCalls(fetchMock)).toHaveLength(0);
  });

  it('uses the autocomplete names the browser saves passwords by', () => {
    server([]);
    renderForm();
    expect(screen.getByRole('textbox', { name: '用户名' }).getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('密码').getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByRole('textbox', { name: '用户名' }).closest('form')).toBeTruthy();
  });

  it("shows the server's message for a wrong pair, in the chosen language, and keeps no token", async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en-US');
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stale');
    const fetchMock = server([
      { status: 401, body: { code: 50000, msg: 'Incorrect username or password', data: { captchaRequired: false } } },
    ]);
    const user = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Username' }), '13800000001');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Incorrect username or password');
    const [, init] = loginCalls(fetchMock)[0] ?? [];
    expect(new Headers(init?.headers).get('Accept-Language')).toBe('en-US');
    expect(JSON.parse(String(init?.body))).toEqual({ username: '13800000001', password: 'wrong' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('shows the captcha when the server asks for it and sends it with the next try', async () => {
    const captcha: Answer = {
      status: 200,
      body: {
        code: 200,
        msg: 'ok',
        data: { captchaId: 'c1', image: 'data:image/png;base64,iVBORw0KGgo=', expiresAt: '', required: true },
      },
    };
    const fetchMock = server(
      [
        { status: 400, body: { code: 50000, msg: '请输入验证码', data: { captchaRequired: true } } },
        { status: 400, body: { code: 50000, msg: '验证码错误', data: { captchaRequired: true } } },
      ],
      {
        ...captchaNotRequired,
        body: { code: 200, msg: 'ok', data: { captchaId: 'c0', image: '', expiresAt: '', required: false } },
      },
    );
    const user = renderForm();
    await user.type(screen.getByRole('textbox', { name: '用户名' }), 'someone');
    await user.type(screen.getByLabelText('密码'), 'wrong');
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/user/pc/captcha')) return Response.json(captcha.body);
      return Response.json({ code: 50000, msg: '验证码错误', data: { captchaRequired: true } }, { status: 400 });
    });
    await user.click(screen.getByRole('button', { name: '登录' }));
    // the server's PNG captcha, shown as it comes
    expect((await screen.findByRole('img', { name: '验证码图片' })).getAttribute('src')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );

    await user.type(screen.getByRole('textbox', { name: '验证码' }), 'abcd');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByText('验证码错误');
    const last = loginCalls(fetchMock).at(-1)?.[1];
    expect(JSON.parse(String(last?.body))).toMatchObject({ captchaId: 'c1', captchaCode: 'abcd' });
  });

  it('keeps the token, remembers only the username and lands on the redirect target with its query', async () => {
    server([{ status: 200, body: { code: 200, msg: '请求成功', data: { token: 'abc', expiresAt: '' } } }]);
    const user = renderForm('/login?redirect=%2Fdevice%2FdeviceList&region=3');
    await user.type(screen.getByRole('textbox', { name: '用户名' }), '13800000001');
    await user.type(screen.getByLabelText('密码'), 'Admin@2026');
    await user.click(screen.getByRole('checkbox', { name: '记住用户名' }));
    await user.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByText('landed at /device/deviceList?region=3')).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('abc');
    expect(localStorage.getItem(REMEMBERED_USERNAME_KEY)).toBe('13800000001');
    expect(JSON.stringify({ ...localStorage })).not.toContain('Admin@2026');
  });
});

describe('redirectTarget', () => {
  it('keeps the query and refuses other sites and the sign-in itself', () => {
    expect(redirectTarget('?redirect=%2Fa%2Fb&x=1&y=2')).toBe('/a/b?x=1&y=2');
    expect(redirectTarget('')).toBe('/dashboard/workplace');
    expect(redirectTarget('?redirect=//evil.example')).toBe('/dashboard/workplace');
    expect(redirectTarget('?redirect=https://evil.example')).toBe('/dashboard/workplace');
    expect(redirectTarget('?redirect=/login')).toBe('/dashboard/workplace');
  });
});
