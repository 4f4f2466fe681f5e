import { Message, Modal } from '@arco-design/web-react';
import { waitFor } from '@testing-library/react';
import {
  accountApi,
  alarmRulesApi,
  authApi,
  LOCALE_STORAGE_KEY,
  noticesApi,
  TOKEN_STORAGE_KEY,
} from '@water/contracts';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { dispositionFileName, downloadFile } from './download.ts';
import { ApiError, callApi, callVideoHost, fillPath, queryString, setReloginHandler, TransportError } from './http.ts';

function answer(status: number, body: unknown) {
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => Response.json(body, { status }));
}

let errorToast: MockInstance;
const toasts = () => errorToast.mock.calls.map(([config]) => config);
const dialogs = () => document.querySelectorAll('[role="dialog"]');

beforeEach(() => {
  errorToast = vi.spyOn(Message, 'error');
});

afterEach(() => {
  Modal.destroyAll();
});

describe('callApi', () => {
  it('calls /api with the bearer token, the language and a JSON body, and returns data', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en-US');
    const fetchMock = answer(200, { code: 200, msg: 'ok', data: { role: 'user' } });
    vi.stubGlobal('fetch', fetchMock);

    await expect(callApi(accountApi.switchRole, { body: { role: 'user' } })).resolves.toEqual({ role: 'user' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/switch-role');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('Accept-Language')).toBe('en-US');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"role":"user"}');
  });

  it('fills path parameters and builds the query string', async () => {
    const fetchMock = answer(200, { code: 200, msg: 'ok', data: null });
    vi.stubGlobal('fetch', fetchMock);
    await callApi(accountApi.endSession, { params: { id: 7 } });
    await callApi(authApi.captcha, { query: { username: 'a b' } });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/user/sessions/7',
      '/api/user/pc/captcha?username=a+b',
    ]);
    expect(fillPath('/x/:id/y/:name', { id: 1, name: 'a/b' })).toBe('/x/1/y/a%2Fb');
    expect(() => fillPath('/x/:id', {})).toThrow('missing path parameter id');
    expect(queryString({ a: undefined, b: '', c: 0, d: [1, 2] })).toBe('?c=0&d=1&d=2');
  });

  it('sends a payload with a baseURL to that host without the Authorization header', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    const fetchMock = answer(200, { code: 200, msg: 'ok', data: null });
    vi.stubGlobal('fetch', fetchMock);
    await callApi(authApi.sms, {
      body: {
        baseURL: 'https://video.example.com/',
        action: 'send',
        phone: '13800000001',
        purpose: 'reset-password',
      } as never,
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('https://video.example.com/user/sms');
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    expect(JSON.parse(String(init?.body))).not.toHaveProperty('baseURL');
  });

  it("rejects a code other than 200 and shows the server's message for 5 s", async () => {
    vi.stubGlobal('fetch', answer(400, { code: 50000, msg: '账号或者密码错误', data: { captchaRequired: true } }));
    const error = await callApi(authApi.logout).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 50000, data: { captchaRequired: true } });
    expect(toasts()).toEqual([{ content: '账号或者密码错误', duration: 5000 }]);
  });

  it("falls back to 'Error' when the server gives no message, and stays quiet when silent", async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en-US');
    vi.stubGlobal('fetch', answer(500, { code: 500, msg: '', data: null }));
    await expect(callApi(authApi.logout)).rejects.toBeInstanceOf(ApiError);
    expect(toasts()).toEqual([{ content: 'Error', duration: 5000 }]);
    errorToast.mockClear();
    await expect(callApi(authApi.logout, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(toasts()).toEqual([]);
  });

  it("shows a transport error's message, or 'Request Error'", async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en-US');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(callApi(authApi.logout)).rejects.toBeInstanceOf(TransportError);
    expect(toasts()).toEqual([{ content: 'Failed to fetch', duration: 5000 }]);
    errorToast.mockClear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new Error(''))),
    );
    await expect(callApi(authApi.logout)).rejects.toBeInstanceOf(TransportError);
    expect(toasts()).toEqual([{ content: 'Request Error', duration: 5000 }]);
  });

  it('opens one Confirm logout modal for the logout codes, whose Re-Login logs out', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en-US');
    const relogin = vi.fn();
    setReloginHandler(relogin);
    vi.stubGlobal('fetch', answer(401, { code: 50014, msg: 'Session expired', data: null }));
    await Promise.all([
      callApi(authApi.menusTree).catch(() => undefined),
      callApi(authApi.serverMenu).catch(() => undefined),
    ]);
    await waitFor(() => expect(dialogs()).toHaveLength(1));
    const dialog = dialogs()[0] as HTMLElement;
    expect(dialog.textContent).toContain('Confirm logout');
    expect(dialog.textContent).toContain(
      'You have been logged out, you can cancel to stay on this page, or log in again',
    );
    const button = [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Re-Login');
    button?.click();
    await waitFor(() => expect(relogin).toHaveBeenCalledOnce());
  });

  it('leaves a failing role-info to the route guard: no modal', async () => {
    const confirm = vi.spyOn(Modal, 'confirm');
    vi.stubGlobal('fetch', answer(401, { code: 50008, msg: 'Illegal token', data: null }));
    await expect(callApi(authApi.roleInfo, { silent: true })).rejects.toMatchObject({ code: 50008 });
    expect(confirm).not.toHaveBeenCalled();
  });
});

describe('downloadFile', () => {
  it('fetches with the token and saves the file under the name the server gives', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response('%PDF-1.4', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="_____.pdf"; filename*=UTF-8''${encodeURIComponent('停水范围.pdf')}`,
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const createObjectURL = vi.fn(() => 'blob:file');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await downloadFile(noticesApi.downloadAttachment, { params: { id: 3, attachmentId: 9 }, fallbackName: 'x' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/notices/3/attachments/9');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer tok' });
    expect(clicked).toEqual(['停水范围.pdf']);
    click.mockRestore();
  });

  it('saves a JSON file sent as an attachment instead of reading it as an envelope', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"format":"water-ops/alarm-rules","version":1,"rules":[]}', {
            headers: {
              'content-type': 'application/json; charset=utf-8',
              'content-disposition': 'attachment; filename="alarm-rules-20261120.json"',
            },
          }),
      ),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await downloadFile(alarmRulesApi.exportRules, { fallbackName: 'x.json' });
    expect(clicked).toEqual(['alarm-rules-20261120.json']);
    expect(toasts()).toEqual([]);
    click.mockRestore();
  });

  it('shows a refusal the way every failed call does, and saves nothing', async () => {
    vi.stubGlobal('fetch', answer(404, { code: 404, msg: '记录不存在', data: null }));
    await expect(
      downloadFile(noticesApi.downloadAttachment, { params: { id: 3, attachmentId: 9 }, fallbackName: 'x' }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(toasts()).toEqual([expect.objectContaining({ content: '记录不存在' })]);
  });

  it('reads the plain file name when there is no UTF-8 one', () => {
    expect(dispositionFileName('attachment; filename="plan.pdf"')).toBe('plan.pdf');
    expect(dispositionFileName(null)).toBeNull();
  });
});

describe('callVideoHost', () => {
  it('sends raw text to the video host without the Authorization header, and refuses a non-2xx answer', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    const fetchMock = vi
      .fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response('v=0 answer', { status: 201 }))
      .mockResolvedValueOnce(new Response('v=0 answer', { status: 201 }))
      .mockResolvedValueOnce(new Response('gone', { status: 404, statusText: 'Not Found' }));
    vi.stubGlobal('fetch', fetchMock);

    const response = await callVideoHost('https://video.example.com/cam/whep', {
      method: 'POST',
      body: 'v=0 offer',
      contentType: 'application/sdp',
    });
    expect(await response.text()).toBe('v=0 answer');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('https://video.example.com/cam/whep');
    const headers = new Headers(init?.headers);
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.get('Content-Type')).toBe('application/sdp');
    expect(init?.credentials).toBe('omit');
    expect(init?.body).toBe('v=0 offer');

    await expect(callVideoHost('https://video.example.com/s/1', { method: 'DELETE' })).rejects.toThrow(
      new TransportError('HTTP 404 Not Found'),
    );
    expect(toasts()).toEqual([]);
  });
});
