import { screen, waitFor, within } from '@testing-library/react';
import { type DepartmentNode, type ManagedUser, organizationApi, rolesApi, usersApi } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { UserListPage } from './user-list-page.tsx';

const department = (id: number, name: string, children: DepartmentNode[] = [], parentId: number | null = null) => ({
  id,
  enterpriseId: 1,
  parentId,
  name,
  orderNum: 0,
  leader: '',
  phone: '',
  status: 'enabled' as const,
  members: 0,
  children,
});

const managed = (id: number, username: string, displayName: string, extra: Partial<ManagedUser> = {}): ManagedUser => ({
  id,
  username,
  displayName,
  phone: '13800000001',
  email: '',
  status: 'enabled',
  enterpriseId: 1,
  enterpriseName: '岚川市水务集团有限公司',
  departmentId: 10,
  departmentName: '泵站运维班',
  roles: [{ code: 'admin', name: '管理员' }],
  mustChangePassword: false,
  lockedUntil: null,
  lastLoginAt: '2026-03-01T02:03:04.000Z',
  createdAt: '2026-01-01T02:03:04.000Z',
  ...extra,
});
const page = (list: ManagedUser[]) => ({ list, total: list.length, page: 1, pageSize: 10, capped: false });

// Answers typed by the contracts: each is checked against its endpoint's data schema.
const reads = [
  reply(organizationApi.departmentTree, [
    department(1, '岚川市水务集团有限公司', [department(10, '泵站运维班', [], 1), department(11, '管网巡检班', [], 1)]),
  ]),
  reply(rolesApi.options, [
    { code: 'admin', name: '管理员' },
    { code: 'user', name: '普通用户' },
  ]),
] as const;

describe('UserListPage', () => {
  it('creates a user in the picked department: the POST carries the contract input, the password shows once', async () => {
    const created = managed(9, 'sunli', '孙立', { roles: [{ code: 'user', name: '普通用户' }], phone: '13712345678' });
    const { calls } = mockApi([
      ...reads,
      [usersApi.list, page([managed(1, '13800000001', '张伟')])],
      [usersApi.create, { user: created, temporaryPassword: 'Tmp4x9Qa2mPz' }],
    ]);
    const { user } = renderPage(<UserListPage />);

    // The department tree filters the list, with its sub-departments by default.
    await user.click(await screen.findByText('泵站运维班', { selector: '.arco-tree-node-title-text' }));
    await waitFor(() =>
      expect(calls.at(-1)?.query.toString()).toBe(
        'page=1&pageSize=10&departmentId=10&sort=createdAt&order=desc&withChildren=true',
      ),
    );

    await user.click(screen.getByRole('button', { name: '新增用户' }));
    const drawer = await screen.findByRole('dialog', { name: '新增用户' });
    await user.type(within(drawer).getByRole('textbox', { name: '用户名' }), 'sunli');
    await user.type(within(drawer).getByRole('textbox', { name: '姓名' }), '孙立');
    await user.type(within(drawer).getByRole('textbox', { name: '手机号' }), '13712345678');
    await user.click(within(drawer).getByRole('combobox', { name: '角色' }));
    // A multiple select's option reacts on its label, beside the checkbox.
    // an administrator is offered the admin role too
    expect(screen.getByRole('option', { name: '管理员' })).toBeTruthy();
    await user.click(within(await screen.findByRole('option', { name: '普通用户' })).getByText('普通用户'));
    await user.click(within(drawer).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      username: 'sunli',
      displayName: '孙立',
      phone: '13712345678',
      email: '',
      departmentId: 10,
      roleCodes: ['user'],
      status: 'enabled',
    });
    const shown = await screen.findByRole('dialog', { name: '用户已创建' });
    expect(within(shown).getByText('Tmp4x9Qa2mPz')).toBeTruthy();
    expect(within(shown).getByText(/首次登录时必须修改密码/)).toBeTruthy();
    expect(within(shown).getByRole('button', { name: '复制临时密码' })).toBeTruthy();
  }, 15_000);

  it('opens with the search its address holds: department, sub-departments, keyword, role, status, page and sort', async () => {
    const { calls } = mockApi([...reads, [usersApi.list, page([managed(1, '13800000001', '张伟')])]]);
    renderPage(<UserListPage />, {
      route:
        '/?keyword=张&departmentId=10&withChildren=false&roleCode=user&status=enabled&page=2&sort=lastLoginAt&order=asc',
    });
    expect(await screen.findByText('张伟')).toBeTruthy();
    const last = calls.filter((c) => c.path === '/api/system/users').at(-1);
    expect(Object.fromEntries(last?.query ?? [])).toEqual({
      page: '2',
      pageSize: '10',
      keyword: '张',
      departmentId: '10',
      withChildren: 'false',
      roleCode: 'user',
      status: 'enabled',
      sort: 'lastLoginAt',
      order: 'asc',
    });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '搜索姓名、用户名或手机号' }).value).toBe('张');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: '包含下级部门' }).checked).toBe(false);
    const tree = await screen.findByText('泵站运维班', { selector: '.arco-tree-node-title-text' });
    expect(tree.closest('.arco-tree-node')?.className).toContain('arco-tree-node-selected');
    expect(screen.getByRole('button', { name: '重置筛选' })).toBeTruthy();
  });

  it('refuses a bad phone before any call', async () => {
    const { calls } = mockApi([...reads, [usersApi.list, page([])]]);
    const { user } = renderPage(<UserListPage />);

    await user.click(await screen.findByRole('button', { name: '新增用户' }));
    const drawer = await screen.findByRole('dialog', { name: '新增用户' });
    await user.type(within(drawer).getByRole('textbox', { name: '用户名' }), 'sunli');
    await user.type(within(drawer).getByRole('textbox', { name: '姓名' }), '孙立');
    await user.type(within(drawer).getByRole('textbox', { name: '手机号' }), '12345');
    await user.click(within(drawer).getByRole('combobox', { name: '角色' }));
    // A multiple select's option reacts on its label, beside the checkbox.
    await user.click(within(await screen.findByRole('option', { name: '普通用户' })).getByText('普通用户'));
    await user.click(within(drawer).getByRole('button', { name: '保存' }));

    expect(await within(drawer).findByText('请输入有效的中国大陆手机号')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  }, 15_000);

  it("shows the server's refusal to disable the last enabled administrator, and leaves the switch on", async () => {
    const { calls } = mockApi([
      ...reads,
      [usersApi.list, page([managed(1, '13800000001', '张伟')])],
      [usersApi.setStatus, fail(409, '不能停用最后一个启用的管理员')],
    ]);
    const { user } = renderPage(<UserListPage />);

    const toggle = await screen.findByRole('switch', { name: '状态：13800000001' });
    await user.click(toggle);
    const popup = (await screen.findByText(/停用「张伟」/)).closest('.arco-popconfirm') as HTMLElement;
    await user.click(within(popup).getByRole('button', { name: '停用' }));

    expect(await screen.findByText('不能停用最后一个启用的管理员')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ status: 'disabled' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });

  it('resets a password from the "more" menu after confirmation, and shows the new one once', async () => {
    const { calls } = mockApi([
      ...reads,
      [usersApi.list, page([managed(1, '13800000001', '张伟', { email: 'zhangwei@example.com' })])],
      [usersApi.resetPassword, { temporaryPassword: 'Rst4x9Qa2mPz' }],
    ]);
    const { user } = renderPage(<UserListPage />);

    // Name over username, phone over email: one row carries them all.
    const row = (await screen.findByText('张伟')).closest('tr') as HTMLElement;
    expect(within(row).getByText('13800000001', { selector: '.stacked-cell__line--secondary' })).toBeTruthy();
    expect(within(row).getByText('zhangwei@example.com')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: '更多操作：13800000001' }));
    await user.click(await screen.findByRole('menuitem', { name: '重置密码' }));
    const popup = (await screen.findByText(/为「张伟」生成临时密码/)).closest('.arco-popconfirm') as HTMLElement;
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(popup).getByRole('button', { name: '重置密码' }));

    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.path).toBe('/api/system/users/1/reset-password'),
    );
    const shown = await screen.findByRole('dialog', { name: '密码已重置' });
    expect(within(shown).getByText('Rst4x9Qa2mPz')).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: '我已记下' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '密码已重置' })).toBeNull());
  }, 15_000);

  it('offers the admin role only to an administrator', async () => {
    mockApi([...reads, [usersApi.list, page([])]]);
    const { user } = renderPage(<UserListPage />, { permissions: ['system:user:list', 'system:user:write'] });

    await user.click(await screen.findByRole('button', { name: '新增用户' }));
    const drawer = await screen.findByRole('dialog', { name: '新增用户' });
    await user.click(within(drawer).getByRole('combobox', { name: '角色' }));
    expect(await screen.findByRole('option', { name: '普通用户' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: '管理员' })).toBeNull();
  }, 15_000);

  it('shows a reader no write action', async () => {
    mockApi([...reads, [usersApi.list, page([managed(1, '13800000001', '张伟')])]]);
    renderPage(<UserListPage />, { permissions: ['system:user:list'] });

    const toggle = await screen.findByRole('switch', { name: '状态：13800000001' });
    expect(toggle.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: '导出' })).toBeTruthy();
    for (const name of ['新增用户', '导入', /^(编辑|重置密码|删除)：/]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByText('操作')).toBeNull();
  });
});
