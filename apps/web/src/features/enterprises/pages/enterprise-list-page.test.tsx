import { screen, waitFor, within } from '@testing-library/react';
import { creditCodeCheckChar, type Enterprise, organizationApi } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, renderPage } from '../../../shared/testing/render-page.tsx';
import { EnterpriseListPage } from './enterprise-list-page.tsx';

const BASE = '91330781MA2LC8QX7';
const VALID = BASE + creditCodeCheckChar(BASE);
// Any other character of the alphabet is a wrong check character.
const WRONG = BASE + (creditCodeCheckChar(BASE) === '0' ? '1' : '0');

const enterprise = (id: number, extra: Partial<Enterprise> = {}): Enterprise => ({
  id,
  name: `企业 ${id}`,
  creditCode: VALID,
  type: 'owner',
  contact: '陈建国',
  phone: '0579-88001234',
  address: '岚川市滨江大道 88 号',
  status: 'enabled',
  departments: 10,
  users: 4,
  createdAt: '2026-03-01T02:03:04.000Z',
  updatedAt: '2026-03-01T02:03:04.000Z',
  ...extra,
});

const page = (list: Enterprise[], total = list.length) => ({ list, total, page: 1, pageSize: 10 });

describe('EnterpriseListPage', () => {
  it('lists enterprises with their type, status and counts, and filters by type', async () => {
    const { calls } = mockApi([
      [
        organizationApi.enterprises,
        (call) =>
          call.query.get('type') === 'contractor'
            ? page([enterprise(2, { type: 'contractor', departments: 0, users: 0 })])
            : page([enterprise(1), enterprise(2, { type: 'contractor', status: 'disabled' })]),
      ],
    ]);
    const { user } = renderPage(<EnterpriseListPage />);

    const row = (await screen.findByText('企业 1')).closest('tr') as HTMLElement;
    expect(within(row).getByText('业主单位')).toBeTruthy();
    expect(within(row).getByText(VALID)).toBeTruthy();
    expect(within(row).getByText('启用')).toBeTruthy();
    expect(within(row).getByText('10')).toBeTruthy();
    const other = screen.getByText('企业 2').closest('tr') as HTMLElement;
    expect(within(other).getByText('承包商')).toBeTruthy();
    expect(within(other).getByText('停用')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: '企业类型' }));
    await user.click(await screen.findByRole('option', { name: '承包商' }));
    await waitFor(() => expect(calls.at(-1)?.query.toString()).toBe('page=1&pageSize=10&type=contractor'));
    expect(await screen.findByText('共 1 条')).toBeTruthy();
  });

  it('opens with the search its address holds', async () => {
    const { calls } = mockApi([[organizationApi.enterprises, page([enterprise(2, { type: 'contractor' })])]]);
    renderPage(<EnterpriseListPage />, { route: '/?keyword=岚川&type=contractor&page=2&status=bogus' });

    expect(await screen.findByText('企业 2')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '搜索名称或信用代码' }).value).toBe('岚川');
    expect(Object.fromEntries(calls.at(-1)?.query ?? [])).toEqual({
      page: '2',
      pageSize: '10',
      keyword: '岚川',
      type: 'contractor',
    });
    expect(screen.getByRole('button', { name: '重置筛选' })).toBeTruthy();
  });

  it('creates an enterprise: the POST carries the contract input, the code in capitals', async () => {
    const { calls } = mockApi([
      [organizationApi.enterprises, page([])],
      [organizationApi.createEnterprise, (call) => enterprise(5, call.body as Partial<Enterprise>)],
    ]);
    const { user } = renderPage(<EnterpriseListPage />);

    await user.click(await screen.findByRole('button', { name: '新建企业' }));
    const drawer = await screen.findByRole('dialog', { name: '新建企业' });
    await user.type(within(drawer).getByRole('textbox', { name: '企业名称' }), ' 岚川管网工程有限公司 ');
    await user.type(within(drawer).getByRole('textbox', { name: '统一社会信用代码' }), VALID.toLowerCase());
    await user.click(within(drawer).getByText('供应商'));
    await user.type(within(drawer).getByRole('textbox', { name: '联系人' }), '王工');
    await user.type(within(drawer).getByRole('textbox', { name: '电话' }), '0571-88886666');
    await user.type(within(drawer).getByRole('textbox', { name: '地址' }), '岚川市工业园 1 号');
    await user.click(within(drawer).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: '岚川管网工程有限公司',
      creditCode: VALID,
      type: 'supplier',
      contact: '王工',
      phone: '0571-88886666',
      address: '岚川市工业园 1 号',
      status: 'enabled',
    });
    expect(await screen.findByText('已保存')).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/enterprises' && c.method === 'GET')).toHaveLength(2),
    );
  });

  it('refuses a wrong check character with the contract message before any call', async () => {
    const { calls } = mockApi([[organizationApi.enterprises, page([])]]);
    const { user } = renderPage(<EnterpriseListPage />, { locale: 'en-US' });

    await user.click(await screen.findByRole('button', { name: 'New enterprise' }));
    const drawer = await screen.findByRole('dialog', { name: 'New enterprise' });
    await user.type(within(drawer).getByRole('textbox', { name: 'Name' }), 'Lanchuan Pipes Ltd');
    await user.type(within(drawer).getByRole('textbox', { name: 'Unified social credit code' }), WRONG);
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(
      await within(drawer).findByText('A unified social credit code has 18 characters and a valid check character'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it("shows the server's refusal to delete an enterprise that still has departments and users", async () => {
    const { calls } = mockApi([
      [organizationApi.enterprises, page([enterprise(1)])],
      [
        organizationApi.removeEnterprise,
        fail(409, '该企业下还有 10 个部门、4 个用户，不能删除', { departments: 10, users: 4 }),
      ],
    ]);
    const { user } = renderPage(<EnterpriseListPage />);

    await user.click(await screen.findByRole('button', { name: '删除：企业 1' }));
    const popup = (await screen.findByText(/确定删除/)).closest('.arco-popconfirm') as HTMLElement;
    await user.click(within(popup).getByRole('button', { name: '删除' }));

    expect(await screen.findByText('该企业下还有 10 个部门、4 个用户，不能删除')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/enterprises/1');
    expect(screen.queryByText('已删除')).toBeNull();
  });

  it('shows a reader without the write permission no write buttons', async () => {
    mockApi([[organizationApi.enterprises, page([enterprise(1)])]]);
    renderPage(<EnterpriseListPage />, { permissions: ['system:enterprise:list'] });

    expect(await screen.findByText('企业 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新建企业' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(编辑|删除)：/ })).toBeNull();
    expect(screen.queryByText('操作')).toBeNull();
  });

  it('explains the missing permission instead of calling the list', async () => {
    const { calls } = mockApi([]);
    renderPage(<EnterpriseListPage />, { permissions: ['system:member:list'] });

    expect(await screen.findByText('没有权限')).toBeTruthy();
    expect(screen.getByText(/system:enterprise:list/)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
