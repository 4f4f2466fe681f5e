import { ConfigProvider } from '@arco-design/web-react';
import enUS from '@arco-design/web-react/es/locale/en-US';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCALE_STORAGE_KEY, type Locale, TOKEN_STORAGE_KEY } from '@water/contracts';
import { API_BASE, type Endpoint } from '@water/contracts/common/endpoint';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { onTestFinished, vi } from 'vitest';
import { z } from 'zod';
import { I18nProvider } from '../i18n/i18n-provider.tsx';
import type { Dictionaries } from '../i18n/messages.ts';
import { ThirdPartyLabels } from '../i18n/third-party-labels.tsx';
import { registerRouteCatalog } from '../routing/route-catalog.ts';
import type { FlatRoute } from '../routing/route-def.ts';
import { sessionQueries } from '../session/session-queries.ts';

const arcoLocales = { 'zh-CN': zhCN, 'en-US': enUS } as const;

export interface RenderPageOptions {
  locale?: Locale;
  /**
   * The signed-in user's permissions, given to the page as its role-info. null leaves role-info to
   * the API: the test answers GET …/role-info itself.
   */
  permissions?: string[] | null;
  /** false renders signed out: no session token and no role-info (sign-in and account screens). */
  signedIn?: boolean;
  /** The address the page opens at (its query). */
  route?: string;
  /** A route catalog to register, as the app registers its registry (pages that name or open others). */
  routes?: readonly FlatRoute[];
  /** The dictionaries to read instead of the registered ones (the shared texts until the app registers). */
  dictionaries?: Dictionaries;
  /** Shows the router's current path in an `<output aria-label="location">` (role status). */
  showLocation?: boolean;
  /** user-event's options; pointer-events checks are off unless these turn them on. */
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

function Location() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname}</output>;
}

/**
 * Renders with what the console's providers give a page, signed in as a user whose role-info
 * carries `permissions`. The query client is fresh per test and neither retries nor refetches.
 */
export function renderPage(
  ui: ReactElement,
  {
    locale = 'zh-CN',
    permissions = ['*:*:*'],
    signedIn = true,
    route = '/',
    routes,
    dictionaries,
    showLocation = false,
    userOptions,
  }: RenderPageOptions = {},
) {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  if (signedIn) localStorage.setItem(TOKEN_STORAGE_KEY, 'test-token');
  if (routes) registerRouteCatalog(routes);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  if (signedIn && permissions) {
    queryClient.setQueryData(sessionQueries.roleInfo().queryKey, {
      role: permissions.length ? 'admin' : 'user',
      permissions,
    } as never);
  }
  const view = render(
    <I18nProvider dictionaries={dictionaries}>
      <ConfigProvider locale={arcoLocales[locale]}>
        <ThirdPartyLabels />
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[route]}>
            {ui}
            {showLocation ? <Location /> : null}
          </MemoryRouter>
        </QueryClientProvider>
      </ConfigProvider>
    </I18nProvider>,
  );
  // Arco's popups keep `pointer-events: none` until an enter animation jsdom never finishes.
  return { ...view, queryClient, user: userEvent.setup({ pointerEventsCheck: 0, ...userOptions }) };
}

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The parsed JSON body, or the FormData of a multipart call. */
  body: unknown;
  /** The `:name` segments of the endpoint's path. */
  params: Record<string, string>;
}

type Envelope = { code: number; msg: string; data: unknown };

/** Envelopes made here, so that a typed answer tells an envelope from data shaped like one. */
const envelopes = new WeakSet<Envelope>();
const envelope = (value: Envelope): Envelope => {
  envelopes.add(value);
  return value;
};

export const ok = (data: unknown): Envelope => envelope({ code: 200, msg: '请求成功', data });
export const fail = (code: number, msg: string, data: unknown = null): Envelope => envelope({ code, msg, data });

/** The wire form of an endpoint's `data`, as its schema reads it. */
export type DataOf<E extends Endpoint> = z.input<E['data']>;

/**
 * An answer to one contract endpoint: its data (wrapped in ok()), an envelope from ok()/fail(), or
 * a function of the call giving either. Data is checked against the endpoint's `data` schema.
 */
export type TypedAnswer<E extends Endpoint> = DataOf<E> | Envelope | ((call: ApiCall) => DataOf<E> | Envelope);

/** Answers keyed by contract endpoint: `[devicesApi.list, { list: [], total: 0, page: 1, pageSize: 20 }]`. */
export type TypedAnswers<T extends readonly Endpoint[]> = { [K in keyof T]: readonly [T[K], TypedAnswer<T[K]>] };

/**
 * One typed answer, for lists of answers several tests share (`const reads = [reply(…), reply(…)]`):
 * inside mockApi([…]) a plain `[endpoint, answer]` pair is typed the same way.
 */
export function reply<E extends Endpoint>(endpoint: E, answer: TypedAnswer<E>): readonly [E, TypedAnswer<E>] {
  return [endpoint, answer];
}

/** The whole `data` must satisfy the schema; the message names the endpoint and each wrong field. */
function checked(endpoint: Endpoint, data: unknown): unknown {
  const result = endpoint.data.safeParse(data);
  if (result.success) return data;
  throw new Error(
    `mockApi: the answer to ${endpoint.method} ${API_BASE}${endpoint.path} does not match its contract's data schema:\n${z.prettifyError(result.error)}`,
  );
}

function toEnvelope(endpoint: Endpoint, answer: unknown): Envelope {
  if (typeof answer === 'object' && answer !== null && envelopes.has(answer as Envelope)) {
    const given = answer as Envelope;
    if (given.code === 200) checked(endpoint, given.data);
    return given;
  }
  return ok(checked(endpoint, answer));
}

function pathPattern(path: string): RegExp {
  const escaped = `${API_BASE}${path}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '(?<$1>[^/]+)');
  return new RegExp(`^${escaped}$`);
}

/** The typed answers as one matcher (params filled from the path); the first answer for a call wins. */
function typedMatcher(entries: readonly (readonly [Endpoint, unknown])[]) {
  // Data given up front is checked now, so a wrong fixture fails where the test declares it.
  for (const [endpoint, answer] of entries) if (typeof answer !== 'function') toEnvelope(endpoint, answer);
  const routes = entries.map(([endpoint, answer]) => ({ endpoint, answer, pattern: pathPattern(endpoint.path) }));
  return (call: ApiCall): Envelope | undefined => {
    for (const { endpoint, answer, pattern } of routes) {
      if (endpoint.method !== call.method) continue;
      const match = pattern.exec(call.path);
      if (!match) continue;
      const params = Object.fromEntries(Object.entries(match.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]));
      const withParams = { ...call, params };
      return toEnvelope(endpoint, typeof answer === 'function' ? answer(withParams) : answer);
    }
    return undefined;
  };
}

/**
 * Stubs fetch. Answers are typed by the contracts and keyed by endpoint object:
 * `mockApi([[devicesApi.list, page], [devicesApi.get, (call) => …]])`, where each answer is checked
 * against the endpoint's `data` schema. The HTTP status follows the envelope code as the server's
 * does; a call nobody expected answers the server's 404 envelope.
 */
export function mockApi<const T extends readonly Endpoint[]>(answers: TypedAnswers<T>): MockedApi;
export function mockApi(answers: readonly (readonly [Endpoint, unknown])[]): MockedApi {
  const calls: ApiCall[] = [];
  const errors: unknown[] = [];
  const answer = typedMatcher(answers);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const raw = init?.body;
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
      params: {},
    };
    calls.push(call);
    let envelope: Envelope;
    try {
      envelope = answer(call) ?? fail(404, 'Not Found');
    } catch (error) {
      // The page may swallow a failed fetch: the test fails at its end all the same.
      errors.push(error);
      throw error;
    }
    const status = envelope.code === 200 ? 200 : envelope.code >= 400 && envelope.code < 600 ? envelope.code : 400;
    return Response.json(envelope, { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  try {
    onTestFinished(() => {
      if (errors.length) throw errors[0];
    });
  } catch {
    // Called outside a running test (a describe body): nothing to hook.
  }
  return { calls, fetchMock };
}

export interface MockedApi {
  calls: ApiCall[];
  fetchMock: ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>;
}
