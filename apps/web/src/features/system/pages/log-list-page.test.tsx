import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type LoginLog, logsApi, type OperationLog, Permissions } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { dayRange } from '../components/log-range-picker.tsx';
import { LogListPage } from './log-list-page.tsx';

const operation = (id: number, extra: Partial<OperationLog> = {}): OperationLog => ({
  id,
  userId: 1,
  username: '13800000001',
  displayName: '张伟',
  module: 'menus',
  action: 'create',
  targetId: String(id + 100),
  method: 'POST',
  path: '/api/system/menus',
  result: 'success',
  error: '',
  ip: '10.0.0.8',
  durationMs: 1234,
  createdAt: '2026-03-01T02:03:04.000Z',
  ...extra,
});

const login = (id: number, extra: Partial<LoginLog> = {}): LoginLog => ({
  id,
  userId: 1,
  username: '13800000001',
  ip: '10.0.0.9',
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  success: true,
  reason: '',
  createdAt: '2026-03-01T02:03:04.000Z',
  ...extra,
});

const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, pageSize: 10, capped: false });
// Answers typed by the contracts: each is checked against its endpoint's data schema.
const common = [
  reply(logsApi.modules, ['menus', 'organization', 'sensors']),
  reply(logsApi.retention, { operationDays: 180, loginDays: 90 }),
] as const;

describe('LogListPage', () => {
  it('sends the operation filters as query parameters', async () => {
    const { calls } = mockApi([...common, [logsApi.operations, page([operation(1)])]]);
    const { user } = renderPage(<LogListPage />);
    const last = () => calls.filter((c) => c.path === '/api/system/logs/operations').at(-1)?.query;

    expect(await screen.findByText('共 1 条')).toBeTruthy();
    expect(screen.getByText('操作日志保留 180 天，登录日志保留 90 天')).toBeTruthy();
    // The user by name, the account name under it; the action in words, never its code.
    const row = screen.getByText('张伟').closest('tr') as HTMLElement;
    expect(within(row).getByText('13800000001')).toBeTruthy();
    expect(within(row).getByText('新增')).toBeTruthy();
    expect(within(row).queryByText('create')).toBeNull();

    await user.type(screen.getByRole('textbox', { name: '用户' }), '1380');
    await user.type(screen.getByRole('textbox', { name: '关键词' }), 'menus');
    await user.click(screen.getByRole('button', { name: /查询/ }));
    await waitFor(() => expect(last()?.toString()).toBe('page=1&pageSize=10&username=1380&keyword=menus'));
    // Actions are chosen from their names: every audited action has one.
    await user.click(screen.getByRole('combobox', { name: '操作' }));
    await user.click(await screen.findByRole('option', { name: '切换角色' }));
    await waitFor(() => expect(last()?.get('action')).toBe('switch-role'));

    await user.click(screen.getByRole('combobox', { name: '模块' }));
    await user.click(await screen.findByRole('option', { name: '菜单' }));
    // A module the console has no words for is offered by its code.
    expect(screen.getByRole('option', { name: 'sensors' })).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: '结果' }));
    await user.click(await screen.findByRole('option', { name: '失败' }));
    await waitFor(() => expect(last()?.get('result')).toBe('failure'));
    expect(last()?.get('module')).toBe('menus');

    // A quick range: whole days, `to` the midnight after today.
    fireEvent.click(document.querySelector('.sys-filters__range') as HTMLElement);
    await user.click(await screen.findByText('最近 7 天'));
    await waitFor(() => expect(last()?.get('from')).toBeTruthy());
    const from = new Date(last()?.get('from') ?? '');
    const to = new Date(last()?.get('to') ?? '');
    expect((to.getTime() - from.getTime()) / 86_400_000).toBeCloseTo(7, 0);
    expect(to.getTime()).toBeGreaterThan(Date.now());
  }, 20_000);

  it('opens the operation log with the search its address holds, under its own keys', async () => {
    const { from, to } = dayRange([new Date(2026, 1, 28), new Date(2026, 2, 1)]);
    const { calls } = mockApi([...common, [logsApi.operations, page([operation(1)])]]);
    const route = `/?op.username=1380&op.module=menus&op.result=failure&op.page=2&op.from=${from}&op.to=${to}&login.ip=10.0.0.9`;
    renderPage(<LogListPage />, { route });

    expect(await screen.findByText('张伟')).toBeTruthy();
    const last = calls.filter((c) => c.path === '/api/system/logs/operations').at(-1);
    expect(Object.fromEntries(last?.query ?? [])).toEqual({
      page: '2',
      pageSize: '10',
      username: '1380',
      module: 'menus',
      result: 'failure',
      from,
      to,
    });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '用户' }).value).toBe('1380');
    // The picker shows the days the address names: `to` is the midnight after the last one.
    const days = document.querySelectorAll<HTMLInputElement>('.sys-filters__range input');
    expect([...days].map((input) => input.value)).toEqual(['2026-02-28', '2026-03-01']);
    expect(screen.getByRole('button', { name: '重置筛选' })).toBeTruthy();
  });

  it('opens the sign-in log when the address names its tab, with its own filters', async () => {
    const { calls } = mockApi([...common, [logsApi.logins, page([login(2, { success: false, reason: 'locked' })])]]);
    renderPage(<LogListPage />, { route: '/?tab=logins&login.ip=10.0.0.9&login.success=false' });

    expect(await screen.findByText('账号已锁定')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '登录日志' }).getAttribute('aria-selected')).toBe('true');
    const last = calls.filter((c) => c.path === '/api/system/logs/logins').at(-1);
    expect(last?.query.toString()).toBe('page=1&pageSize=10&ip=10.0.0.9&success=false');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'IP' }).value).toBe('10.0.0.9');
    expect(calls.some((c) => c.path === '/api/system/logs/operations')).toBe(false);
  });

  it('opens an operation with its parameters and its changes field by field', async () => {
    const { calls } = mockApi([
      ...common,
      [logsApi.operations, page([operation(5, { module: 'organization', action: 'enterprise.update' })])],
      [
        logsApi.operation,
        {
          ...operation(5, { module: 'organization', action: 'enterprise.update', method: 'PUT' }),
          params: { contact: '新联系人', password: '******' },
          before: { contact: '旧联系人' },
          after: { contact: '新联系人' },
          changes: [
            { path: 'contact', before: '旧联系人', after: '新联系人' },
            { path: 'tags.1', before: undefined, after: 'north' },
          ],
        },
      ],
    ]);
    const { user } = renderPage(<LogListPage />, { locale: 'en-US' });

    const row = (await screen.findByText('Update an enterprise')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Organisation')).toBeTruthy();
    expect(within(row).getByText('1,234 ms')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Details: #5' }));
    const drawer = await screen.findByRole('dialog', { name: 'Operation details' });

    const change = (await within(drawer).findByText('contact', { selector: 'code' })).closest('tr') as HTMLElement;
    expect(within(change).getByText('旧联系人').className).toContain('sys-diff--before');
    expect(within(change).getByText('新联系人').className).toContain('sys-diff--after');
    const added = within(drawer).getByText('tags.1').closest('tr') as HTMLElement;
    expect(within(added).getByText('(none)')).toBeTruthy();
    expect(drawer.querySelector('.sys-json')?.textContent).toBe(
      JSON.stringify({ contact: '新联系人', password: '******' }, null, 2),
    );
    expect(calls.filter((c) => c.path === '/api/system/logs/operations/5')).toHaveLength(1);
  });

  it('lists sign-ins with a short browser, the reason in words, and its own filters', async () => {
    const { calls } = mockApi([
      ...common,
      [logsApi.operations, page([])],
      [
        logsApi.logins,
        page([
          login(1),
          login(2, { success: false, reason: 'captcha_wrong' }),
          login(3, { success: false, reason: 'sso_expired' }),
        ]),
      ],
    ]);
    const { user } = renderPage(<LogListPage />);

    await user.click(await screen.findByRole('tab', { name: '登录日志' }));
    expect(await screen.findByText('验证码错误')).toBeTruthy();
    expect(screen.getByText('sso_expired')).toBeTruthy();
    expect(screen.getAllByText('Chrome 124 · Windows 10/11')).toHaveLength(3);

    await user.type(screen.getByRole('textbox', { name: 'IP' }), '10.0.0.9');
    await user.click(screen.getByRole('combobox', { name: '结果' }));
    await user.click(await screen.findByRole('option', { name: '失败' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/system/logs/logins')
          .at(-1)
          ?.query.toString(),
      ).toBe('page=1&pageSize=10&ip=10.0.0.9&success=false'),
    );
  }, 15_000);

  it('leaves the retention setting out for a reader, and offers it to a writer', async () => {
    mockApi([...common, [logsApi.operations, page([operation(1)])]]);
    const view = renderPage(<LogListPage />, { permissions: [Permissions.systemLogList] });
    expect(await screen.findByText('操作日志保留 180 天，登录日志保留 90 天')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /保留期设置/ })).toBeNull();
    view.unmount();

    const { calls } = mockApi([
      ...common,
      [logsApi.operations, page([operation(1)])],
      [logsApi.setRetention, (call) => call.body as { operationDays: number; loginDays: number }],
    ]);
    const { user } = renderPage(<LogListPage />, {
      permissions: [Permissions.systemLogList, Permissions.systemLogWrite],
    });
    await user.click(await screen.findByRole('button', { name: /保留期设置/ }));
    const dialog = await screen.findByRole('dialog', { name: '日志保留期' });
    const days = within(dialog).getByRole('spinbutton', { name: '登录日志保留天数' });
    await user.clear(days);
    await user.type(days, '30');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ operationDays: 180, loginDays: 30 }),
    );
  }, 15_000);
});
