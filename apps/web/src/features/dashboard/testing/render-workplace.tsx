import { ConfigProvider } from '@arco-design/web-react';
import enUS from '@arco-design/web-react/es/locale/en-US';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCALE_STORAGE_KEY, type Locale, TOKEN_STORAGE_KEY } from '@water/contracts';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { I18nProvider } from '../../../shared/i18n/i18n-provider.tsx';
import { sharedEnUS } from '../../../shared/i18n/locale/en-US.ts';
import { sharedZhCN } from '../../../shared/i18n/locale/zh-CN.ts';
import { registerRouteCatalog } from '../../../shared/routing/route-catalog.ts';
import type { FlatRoute } from '../../../shared/routing/route-def.ts';

const arcoLocales = { 'zh-CN': zhCN, 'en-US': enUS } as const;
const page = async () => ({ default: () => null });

function route(name: string, fullPath: string, icon?: string): FlatRoute {
  return {
    name,
    path: fullPath,
    fullPath,
    labelKey: `menu.${name}` as FlatRoute['labelKey'],
    requiresAuth: true,
    roles: ['*'],
    page,
    parents: icon ? [{ name: 'group', path: '/g', labelKey: 'app.name', icon, requiresAuth: true, roles: ['*'] }] : [],
  };
}

/** A registry of a few pages, as the app registers its own: the feature's tests do not build app/. */
export const testRoutes = [
  route('Workplace', '/dashboard/workplace', 'icon-dashboard'),
  route('deviceList', '/device/deviceList', 'icon-common'),
  route('realTimeData', '/monitoringData/realTimeData', 'icon-bar-chart'),
  route('userCenter', '/user/center'),
];
const labels = {
  'zh-CN': {
    'menu.Workplace': '工作台',
    'menu.deviceList': '设备列表',
    'menu.realTimeData': '实时数据',
    'menu.userCenter': '个人中心',
  },
  'en-US': {
    'menu.Workplace': 'Workplace',
    'menu.deviceList': 'Device list',
    'menu.realTimeData': 'Real-time data',
    'menu.userCenter': 'User centre',
  },
};

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname}</output>;
}

/** Renders a Workplace widget signed in, with a router and a query client that neither retries nor refetches. */
export function renderWorkplace(ui: ReactElement, { locale = 'zh-CN' }: { locale?: Locale } = {}) {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  localStorage.setItem(TOKEN_STORAGE_KEY, 'test-token');
  registerRouteCatalog(testRoutes);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  const dictionaries = {
    'zh-CN': { ...sharedZhCN, ...labels['zh-CN'] },
    'en-US': { ...sharedEnUS, ...labels['en-US'] },
  };
  const view = render(
    <I18nProvider dictionaries={dictionaries}>
      <ConfigProvider locale={arcoLocales[locale]}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={['/dashboard/workplace']}>
            <Routes>
              <Route path="*" element={ui} />
            </Routes>
            <Where />
          </MemoryRouter>
        </QueryClientProvider>
      </ConfigProvider>
    </I18nProvider>,
  );
  return { ...view, queryClient, user: userEvent.setup() };
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
export const fail = (code: number, msg: string): Envelope => ({ code, msg, data: null });

/** Stubs fetch with envelopes keyed 'METHOD /api/path'; anything unexpected answers the server's 404. */
export function mockApi(answers: Record<string, Answer>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
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
      return Response.json(envelope, { status: envelope.code === 200 ? 200 : 400 });
    }),
  );
  return { calls };
}
