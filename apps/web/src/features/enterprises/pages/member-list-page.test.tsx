import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type DepartmentNode, type ManagedUser, type Member, organizationApi, usersApi } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { MemberListPage } from './member-list-page.tsx';

const node = (id: number, name: string, parentId: number | null, children: DepartmentNode[] = []): DepartmentNode => ({
  id,
  enterpriseId: 1,
  parentId,
  name,
  orderNum: 0,
  leader: '',
  phone: '',
  status: 'enabled',
  members: 0,
  children,
});

const forest = reply(organizationApi.departmentTree, [
  node(1, '调度中心', null),
  node(4, '排水管理部', null, [node(5, '泵站运维班', 4)]),
]);
const options = reply(organizationApi.enterpriseOptions, [
  { id: 1, name: '岚川市水务集团有限公司', status: 'enabled' },
]);

const member = (
  userId: number,
  displayName: string,
  departmentId: number,
  departmentName: string,
  isMain = true,
): Member => ({
  userId,
  username: `u${userId}`,
  displayName,
  phone: `1390000000${userId}`,
  departmentId,
  departmentName,
  position: '泵站运行工',
  isMain,
  status: 'enabled',
  joinedAt: '2026-03-01T02:03:04.000Z',
});

const page = (list: Member[]) => ({ list, total: list.length, page: 1, pageSize: 10 });

const managedUser = (id: number, username: string, displayName: string, phone: string | null): ManagedUser => ({
  id,
  username,
  displayName,
  phone,
  email: '',
  status: 'enabled',
  enterpriseId: 1,
  enterpriseName: '岚川市水务集团有限公司',
  departmentId: null,
  departmentName: '',
  roles: [],
  mustChangePassword: false,
  lockedUntil: null,
  lastLoginAt: null,
  createdAt: '2026-03-01T02:03:04.000Z',
});

describe('MemberListPage', () => {
  it('lists the chosen department and, with the switch, its sub-departments too', async () => {
    const { calls } = mockApi([
      options,
      forest,
      [
        organizationApi.members,
        (call) =>
          call.query.get('withChildren') === 'true'
            ? page([member(4, '王明', 5, '泵站运维班')])
            : call.query.get('departmentId') === '4'
              ? page([])
              : page([member(1, '张伟', 1, '调度中心'), member(4, '王明', 5, '泵站运维班')]),
      ],
    ]);
    const { user } = renderPage(<MemberListPage />);

    const wang = (await screen.findByText('王明')).closest('tr') as HTMLElement;
    expect(within(wang).getByText('泵站运维班')).toBeTruthy();
    expect(within(wang).getByText('主部门')).toBeTruthy();
    const toggle = screen.getByRole('switch', { name: '包含下级部门' });
    expect(toggle.hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByText('排水管理部'));
    await waitFor(() => expect(calls.at(-1)?.query.toString()).toBe('page=1&pageSize=10&departmentId=4'));
    expect(await screen.findByText('该部门暂无成员')).toBeTruthy();
    expect(screen.getByText('排水管理部 的成员')).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: '包含下级部门' }));
    await waitFor(() =>
      expect(calls.at(-1)?.query.toString()).toBe('page=1&pageSize=10&departmentId=4&withChildren=true'),
    );
    expect(await screen.findByText('王明')).toBeTruthy();

    const search = screen.getByRole('textbox', { name: '搜索姓名、用户名或手机号' });
    await user.type(search, '王');
    fireEvent.keyDown(search, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.at(-1)?.query.get('keyword')).toBe('王'));
  });

  it('opens on the department, keyword and page its address holds', async () => {
    const { calls } = mockApi([options, forest, [organizationApi.members, page([member(4, '王明', 5, '泵站运维班')])]]);
    renderPage(<MemberListPage />, { route: '/?departmentId=4&withChildren=true&keyword=王&page=2' });

    expect(await screen.findByText('王明')).toBeTruthy();
    expect(screen.getByText('排水管理部 的成员')).toBeTruthy();
    expect(screen.getByRole('switch', { name: '包含下级部门' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '搜索姓名、用户名或手机号' }).value).toBe('王');
    expect(
      calls
        .filter((c) => c.path === '/api/members')
        .at(-1)
        ?.query.toString(),
    ).toBe('page=2&pageSize=10&departmentId=4&withChildren=true&keyword=%E7%8E%8B');
  });

  it('filters the department tree by name', async () => {
    mockApi([options, forest, [organizationApi.members, page([])]]);
    const { user } = renderPage(<MemberListPage />, { locale: 'en-US' });

    expect(await screen.findByText('调度中心')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Search departments' }), '泵站');
    await waitFor(() => expect(screen.queryByText('调度中心')).toBeNull());
    expect(screen.getByText('泵站运维班')).toBeTruthy();
    expect(screen.getByText('排水管理部')).toBeTruthy();
  });

  it('adds a member picked from the user list', async () => {
    const { calls } = mockApi([
      [
        usersApi.list,
        (call) => {
          const list = [managedUser(4, 'user', '王明', '13900000004'), managedUser(9, 'newcomer', '赵新', null)].filter(
            (u) => !call.query.get('keyword') || u.displayName.includes(call.query.get('keyword') ?? ''),
          );
          return { list, total: list.length, page: 1, pageSize: 50, capped: false };
        },
      ],
      options,
      forest,
      [
        organizationApi.members,
        (call) =>
          call.query.get('departmentId')
            ? page([])
            : page([
                member(4, '王明', 5, '泵站运维班'),
                member(4, '王明', 1, '调度中心', false),
                member(1, '张伟', 1, '调度中心'),
              ]),
      ],
      [organizationApi.saveMember, (call) => ({ ...member(4, '王明', 4, '排水管理部'), ...(call.body as object) })],
    ]);
    const { user } = renderPage(<MemberListPage />);

    await user.click(await screen.findByText('排水管理部'));
    await user.click(screen.getByRole('button', { name: '添加成员' }));
    const drawer = await screen.findByRole('dialog', { name: '添加成员到“排水管理部”' });
    await user.click(within(drawer).getByRole('combobox', { name: '用户' }));
    // Every user, members of a department or not.
    expect(await screen.findAllByRole('option', { name: /王明/ })).toHaveLength(1);
    expect(screen.getByRole('option', { name: /赵新/ })).toBeTruthy();
    await user.click(screen.getByRole('option', { name: /王明/ }));
    await user.type(within(drawer).getByRole('textbox', { name: '职务' }), '巡检员');
    await user.click(within(drawer).getByRole('switch', { name: '设为主部门' }));
    await user.click(within(drawer).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      userId: 4,
      departmentId: 4,
      position: '巡检员',
      isMain: true,
    });
  });

  it('without the user-list permission, offers the users already in a department, once each', async () => {
    mockApi([
      [usersApi.list, fail(403, '禁止访问')],
      options,
      forest,
      [
        organizationApi.members,
        (call) =>
          call.query.get('departmentId')
            ? page([])
            : page([member(4, '王明', 5, '泵站运维班'), member(4, '王明', 1, '调度中心', false)]),
      ],
    ]);
    const { user } = renderPage(<MemberListPage />);
    await user.click(await screen.findByText('排水管理部'));
    await user.click(screen.getByRole('button', { name: '添加成员' }));
    const drawer = await screen.findByRole('dialog', { name: '添加成员到“排水管理部”' });
    await user.click(within(drawer).getByRole('combobox', { name: '用户' }));
    expect(await screen.findAllByRole('option', { name: /王明/ })).toHaveLength(1);
  });

  it('removes a member after confirmation, and hides write actions from readers', async () => {
    const { calls } = mockApi([
      options,
      forest,
      [organizationApi.members, page([member(4, '王明', 5, '泵站运维班')])],
      [organizationApi.removeMember, null],
    ]);
    const { user } = renderPage(<MemberListPage />);

    await user.click(await screen.findByRole('button', { name: '移出：王明 · 泵站运维班' }));
    const popup = (await screen.findByText(/将 王明 移出“泵站运维班”/)).closest('.arco-popconfirm') as HTMLElement;
    await user.click(within(popup).getByRole('button', { name: '移出' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/members/5/4'));
    expect(await screen.findByText('已移出')).toBeTruthy();
  });

  it('shows a reader no write buttons', async () => {
    mockApi([options, forest, [organizationApi.members, page([member(4, '王明', 5, '泵站运维班')])]]);
    renderPage(<MemberListPage />, { permissions: ['system:member:list'] });

    expect(await screen.findByText('王明')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '添加成员' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(编辑|移出)：/ })).toBeNull();
  });
});
