import { screen, waitFor, within } from '@testing-library/react';
import {
  authApi,
  contentApi,
  type MenuNode,
  messagesApi,
  noticesApi,
  type Overview,
  type RoleInfo,
  workplaceApi,
} from '@water/contracts';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { workplaceOptions } from '../testing/workplace-harness.ts';
import { WorkplacePage } from './workplace-page.tsx';

// jsdom has no canvas: the chart wrapper (and its text summary) is what these tests read.
vi.mock('../components/echart.tsx', () => ({ EChart: () => <div data-testid="echart" /> }));
// No server to hold a socket to: the live channel is silent here.
vi.mock('../../../shared/live/live-channel.ts', () => ({ liveChannel: { subscribe: () => () => {} } }));

function menu(name: string, children: MenuNode[] = []): MenuNode {
  return {
    id: name.length,
    type: children.length ? 'directory' : 'menu',
    path: name,
    name,
    meta: {
      locale: `menu.${name}`,
      title: { 'zh-CN': name, 'en-US': name },
      requiresAuth: true,
      order: 0,
      hideInMenu: false,
      ignoreCache: false,
      roles: ['*'],
    },
    children,
  };
}

const overview = (low = false): Overview => ({
  balance: { amount: low ? 12.5 : 1280.5, currency: 'CNY', low, lowThreshold: 100, price: 0.05 },
  pendingOrders: 0,
  renewalOrders: 3,
  onlineContent: 27,
  operations: {
    stationsRunning: 5,
    stationsFault: 1,
    stationsOffline: 2,
    stationsTotal: 12,
    devicesOnline: 140,
    devicesTotal: 158,
    pumpedToday: 18234.6,
  },
});
const points = Array.from({ length: 8 }, (_, i) => ({ x: `2026-11-${String(15 + i).padStart(2, '0')}`, y: 10 * i }));
const popular = (type: string) =>
  Array.from({ length: 5 }, (_, i) => ({
    key: `${type}-${i}`,
    clickNumber: `${i + 1}.2w+`,
    title: `${type} 标题 ${i + 1}`,
    increases: i === 4 ? 0.02 : i % 2 ? -3.5 : 12.25,
  }));

/** The signed-in user's role-info: a plain user, the menu tree below deciding what is theirs. */
const roleInfo: RoleInfo = {
  name: '王芳',
  avatar: '',
  job: '',
  organization: '',
  location: '',
  email: '',
  introduction: '',
  personalWebsite: '',
  jobName: '',
  organizationName: '',
  locationName: '',
  phone: '13800000002',
  registrationDate: '2026-01-01T00:00:00.000Z',
  accountId: '2',
  certification: 0,
  role: 'user',
  roles: [],
  menus: [],
  permissions: [],
  userInfos: { userId: 2, username: 'wangfang', enterpriseId: null, departmentId: null, mustChangePassword: false },
};

// Answers typed by the contracts: each is checked against its endpoint's data schema. The first
// answer for an endpoint wins, so a test puts its own before these. The announcements come before
// noticesApi.get, whose `/notices/:id` would otherwise take `/notices/announcements`.
function answers() {
  return [
    reply(authApi.roleInfo, roleInfo),
    reply(authApi.menusTree, [menu('dashboard', [menu('Workplace')]), menu('device', [menu('deviceList')])]),
    reply(workplaceApi.overview, overview()),
    reply(contentApi.contentData, points),
    reply(contentApi.popular, (call) => popular(call.query.get('type') ?? 'text')),
    reply(contentApi.categoryShare, [
      { code: 'sop', name: '操作规程', count: 6, percent: 60 },
      { code: 'safety', name: '安全制度', count: 4, percent: 40 },
    ]),
    reply(noticesApi.announcements, [
      { id: 7, title: '停水通知', level: 3, publishedAt: '2026-11-20T02:00:00.000Z', read: false, messageId: 41 },
    ]),
    reply(noticesApi.get, {
      id: 7,
      title: '停水通知',
      level: 3,
      status: 'published',
      audience: { type: 'all' },
      authorName: '管理员',
      publishedAt: '2026-11-20T02:00:00.000Z',
      updatedAt: '2026-11-20T02:00:00.000Z',
      recipients: 3,
      reads: 1,
      contentHtml: '<p>明日 <strong>8:00</strong> 起停水</p>',
      sms: false,
      attachments: [
        { id: 3, name: '停水范围.pdf', type: 'application/pdf', size: 1536, createdAt: '2026-11-20T01:00:00.000Z' },
      ],
    }),
    reply(messagesApi.read, true),
    reply(workplaceApi.visits, [
      { routeName: 'deviceList', path: '/device/deviceList?page=2', visitedAt: '2026-11-22T01:00:00.000Z' },
      { routeName: 'gone', path: '/gone', visitedAt: '2026-11-21T01:00:00.000Z' },
    ]),
    reply(workplaceApi.quickOperations, { routeNames: ['deviceList'] }),
  ] as const;
}

describe('WorkplacePage', () => {
  it('renders every widget from the API in Chinese', async () => {
    mockApi([...answers()]);
    renderPage(<WorkplacePage />, workplaceOptions);

    expect(await screen.findByRole('heading', { name: '欢迎回来，王芳' })).toBeTruthy();
    const panel = screen.getByRole('region', { name: '数据概览' });
    expect(await within(panel).findByText('¥1,280.50')).toBeTruthy();
    expect(within(panel).getByText('27')).toBeTruthy();
    expect(within(panel).getByText('3')).toBeTruthy();
    expect(within(panel).queryByText('余额不足')).toBeNull();
    // The operations row: stations by state (the offline ones flagged), devices online, pumped today.
    const ops = within(panel).getByRole('region', { name: '运行概况' });
    const figure = (label: string) =>
      within(ops).getByText(label, { selector: 'dt' }).closest('.workplace__figure') as HTMLElement;
    expect(figure('运行泵站').textContent).toContain('5/ 12 座');
    expect(figure('故障泵站').textContent).toContain('1需处理');
    expect(figure('离线泵站').textContent).toContain('2通信中断');
    expect(figure('在线设备').textContent).toContain('140/ 158 台');
    expect(figure('今日抽排水量').textContent).toContain('18,235m³');
    expect(figure('待处理工单').textContent).toContain('0单');

    expect(await screen.findByRole('img', { name: /近 8 日内容浏览量：2026-11-15: 0/ })).toBeTruthy();
    expect(await screen.findByRole('img', { name: /操作规程 60%, 安全制度 40%/ })).toBeTruthy();

    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(within(table).getByText('text 标题 1')).toBeTruthy();
    // Rises of items 1 and 3, falls of 2 and 4; item 5 changed by 0.02 %: shown flat, no arrow.
    expect(within(table).getAllByLabelText('上升')).toHaveLength(2);
    expect(within(table).getAllByLabelText('下降')).toHaveLength(2);
    expect(within(table).getByText('0.0%').className).toContain('workplace__increase--flat');

    expect(await screen.findByRole('button', { name: /停水通知/ })).toBeTruthy();
    const recent = await screen.findByRole('navigation', { name: '最近访问' });
    // A route the registry no longer knows is left out rather than shown as a raw name.
    expect(
      within(recent)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['设备列表']);
    const quick = await screen.findByRole('navigation', { name: '快捷操作' });
    expect(within(quick).getByRole('button', { name: '设备列表' })).toBeTruthy();
  });

  it('switches popular content by type and shows the low-balance warning', async () => {
    const { calls } = mockApi([[workplaceApi.overview, overview(true)], ...answers()]);
    const { user } = renderPage(<WorkplacePage />, { ...workplaceOptions, locale: 'en-US' });

    expect(await screen.findByText('Low balance')).toBeTruthy();
    expect(screen.getByText('¥12.50')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Video' }));
    expect(await screen.findByText('video 标题 1')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/popular/list').map((c) => c.query.get('type'))).toEqual([
      'text',
      'video',
    ]);
  });

  it('leaves the SMS balance out for a role the server does not tell it to', async () => {
    mockApi([[workplaceApi.overview, { ...overview(), balance: null }], ...answers()]);
    renderPage(<WorkplacePage />, workplaceOptions);
    const panel = await screen.findByRole('region', { name: '数据概览' });
    expect(await within(panel).findByText('27')).toBeTruthy();
    expect(within(panel).queryByText('短信账户余额')).toBeNull();
    expect(within(panel).queryByText(/¥/)).toBeNull();
  });

  it('opens an announcement with its HTML and attachments, marks its message read, and follows recently visited pages', async () => {
    const { calls } = mockApi([...answers()]);
    const { user } = renderPage(<WorkplacePage />, { ...workplaceOptions, locale: 'en-US' });

    await user.click(await screen.findByRole('button', { name: /停水通知/ }));
    const body = await screen.findByRole('article', { name: 'Announcement text' });
    expect(within(body).getByText('8:00').tagName).toBe('STRONG');
    expect(within(body).getByText('Urgent')).toBeTruthy();
    const files = within(body).getByRole('region', { name: 'Attachments' });
    expect(within(files).getByRole('button', { name: 'Download 停水范围.pdf' })).toBeTruthy();
    expect(within(files).getByText('1.5 kB')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/message/read')?.body).toEqual({ ids: [41] }),
    );

    await user.click(within(screen.getByRole('navigation', { name: 'Recently visited' })).getByRole('button'));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/device/deviceList'),
    );
  });

  it('saves quick operations chosen from the own menu only', async () => {
    const { calls } = mockApi([
      [workplaceApi.quickOperations, { routeNames: [] }],
      [workplaceApi.saveQuickOperations, { routeNames: ['Workplace', 'deviceList'] }],
      ...answers(),
    ]);
    const { user } = renderPage(<WorkplacePage />, { ...workplaceOptions, locale: 'en-US' });

    expect(await screen.findByText('No quick operations yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Manage' }));
    const dialog = await screen.findByRole('dialog');
    // realTimeData is a registered page but not in this user's menu tree.
    expect(within(dialog).queryByRole('checkbox', { name: 'Real-time data' })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Workplace' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Device list' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const quick = await screen.findByRole('navigation', { name: 'Quick operations' });
    expect(
      within(quick)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Workplace', 'Device list']);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ routeNames: ['Workplace', 'deviceList'] });
  });

  it('shows empty states and a failed widget in place', async () => {
    mockApi([
      [contentApi.contentData, []],
      [noticesApi.announcements, []],
      [workplaceApi.visits, []],
      [contentApi.categoryShare, fail(500, 'boom')],
      ...answers(),
    ]);
    renderPage(<WorkplacePage />, { ...workplaceOptions, locale: 'en-US' });
    expect(await screen.findByText('Failed to load')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('No data')).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
