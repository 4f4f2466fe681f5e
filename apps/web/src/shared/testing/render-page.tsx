import { ConfigProvider } from '@arco-design/web-react';
import enUS from '@arco-design/web-react/es/locale/en-US';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCALE_STORAGE_KEY, type Locale, TOKEN_STORAGE_KEY } from '@water/contracts';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { I18nProvider } from '../i18n/i18n-provider.tsx';
import { ThirdPartyLabels } from '../i18n/third-party-labels.tsx';
import { sessionQueries } from '../session/session-queries.ts';

const arcoLocales = { 'zh-CN': zhCN, 'en-US': enUS } as const;

/**
 * Renders with what the console's providers give a page, signed in as a user whose role-info
 * carries `permissions`. The query client is fresh per test and neither retries nor refetches.
 */
export function renderPage(
  ui: ReactElement,
  {
    locale = 'zh-CN',
    permissions = ['*:*:*'],
    route = '/',
  }: { locale?: Locale; permissions?: string[] /** The address the page opens at (its query). */; route?: string } = {},
) {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  localStorage.setItem(TOKEN_STORAGE_KEY, 'test-token');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(sessionQueries.roleInfo().queryKey, {
    role: permissions.length ? 'admin' : 'user',
    permissions,
  } as never);
  const view = render(
    <I18nProvider>
      <ConfigProvider locale={arcoLocales[locale]}>
        <ThirdPartyLabels />
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </QueryClientProvider>
      </ConfigProvider>
    </I18nProvider>,
  );
  // Arco's popups keep `pointer-events: none` until an enter animation jsdom never finishes.
  return { ...view, queryClient, user: userEvent.setup({ pointerEventsCheck: 0 }) };
}

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Envelope = { code: number; msg: string; data: unknown };
type Answer = Envelope | ((call: ApiCall) => Envelope);

export const ok = (data: unknown): Envelope => ({ code: 200, msg: '请求成功', data });
export const fail = (code: number, msg: string, data: unknown = null): Envelope => ({ code, msg, data });

/**
 * Stubs fetch with answers keyed 'METHOD /api/path' (no query string). The HTTP status follows the
 * envelope code as the server's does; a call nobody expected answers the server's 404 envelope.
 */
export function mockApi(answers: Record<string, Answer>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const raw = init?.body;
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
    };
    calls.push(call);
    const answer = answers[`${call.method} ${call.path}`];
    const envelope = typeof answer === 'function' ? answer(call) : (answer ?? fail(404, 'Not Found'));
    const status = envelope.code === 200 ? 200 : envelope.code >= 400 && envelope.code < 600 ? envelope.code : 400;
    return Response.json(envelope, { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
