import { screen, waitFor, within } from '@testing-library/react';
import { type AdminMenu, organizationApi, regionsApi, type roleSummarySchema, rolesApi } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fail, mockApi, ok, renderPage } from '../../../shared/testing/render-page.tsx';
import { RoleListPage } from './role-list-page.tsx';

type RoleSummary = z.infer<typeof roleSummarySchema>;

const role = (id: number, code: string, name: string, extra: Partial<RoleSummary> = {}): RoleSummary => ({
  id,
  code,
  name,
  nameEn: '',
  description: '',
  dataScope: 'self',
  sort: id,
  status: 'enabled',
  builtin: false,
  users: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});
const roles = [
  role(1, 'admin', '管理员', { builtin: true, dataScope: 'all', users: 2, nameEn: 'Administrator' }),
  role(5, 'inspector', '巡检员', { users: 1, nameEn: 'Inspector' }),
];

const menu = (
  id: number,
  parentId: number | null,
  type: AdminMenu['type'],
  titleZh: string,
  extra: Partial<AdminMenu> = {},
): AdminMenu => ({
  id,
  parentId,
  type,
  path: '',
  name: `m${id}`,
  locale: '',
  titleZh,
  titleEn: `Menu ${id}`,
  icon: '',
  orderNum: id,
  requiresAuth: true,
  hidden: false,
  ignoreCache: false,
  externalLink: '',
  permission: '',
  status: 'enabled',
  children: [],
  ...extra,
});
const menus = [
  menu(1, null, 'directory', '用户管理', {
    children: [
      menu(2, 1, 'menu', '用户列表', {
        children: [
          menu(3, 2, 'button', '查询用户', { permission: 'system:user:list' }),
          menu(4, 2, 'button', '编辑用户', { permission: 'system:user:write' }),
        ],
      }),
    ],
  }),
];

describe('RoleListPage', () => {
  it('names the users of a role in use and deletes it with confirm=true once confirmed', async () => {
    const { calls } = mockApi([
      [rolesApi.list, roles],
      [
        rolesApi.remove,
        (call) =>
          call.query.get('confirm') === 'true'
            ? ok(null)
            : fail(409, '角色仍被 王明 使用', { users: [{ id: 7, displayName: '王明', username: 'user' }] }),
      ],
    ]);
    const { user } = renderPage(<RoleListPage />);

    expect(await screen.findByRole('button', { name: '编辑：管理员' })).toBeTruthy();
    // A built-in role cannot be removed: no button for it.
    expect(screen.queryByRole('button', { name: '删除：管理员' })).toBeNull();

    await user.click(screen.getByRole('button', { name: '删除：巡检员' }));
    const popup = (await screen.findByText('删除角色「巡检员」？')).closest('.arco-popconfirm') as HTMLElement;
    await user.click(within(popup).getByRole('button', { name: '删除' }));

    const dialog = await screen.findByRole('dialog', { name: '角色仍在使用' });
    expect(within(within(dialog).getByRole('list', { name: '使用该角色的用户' })).getByText(/王明/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.query.get('confirm'))).toEqual(['false']);

    await user.click(within(dialog).getByRole('button', { name: '仍然删除' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.query.get('confirm'))).toEqual(['false', 'true']),
    );
    expect(await screen.findByText('已删除')).toBeTruthy();
  }, 15_000);

  it('opens a built-in role with the focus in its name (its code is fixed)', async () => {
    mockApi([
      [rolesApi.list, roles],
      [
        rolesApi.get,
        {
          ...role(1, 'admin', '管理员', { builtin: true, dataScope: 'all', nameEn: 'Administrator' }),
          menuIds: [],
          departmentIds: [],
          regionIds: [],
        },
      ],
      [rolesApi.menus, menus],
      [organizationApi.departmentTree, []],
      [regionsApi.tree, []],
    ]);
    const { user } = renderPage(<RoleListPage />);
    await user.click(await screen.findByRole('button', { name: '编辑：管理员' }));
    const drawer = await screen.findByRole('dialog', { name: '编辑角色' });
    const name = await within(drawer).findByRole('textbox', { name: '角色名称' });
    expect((within(drawer).getByRole('textbox', { name: '角色编码' }) as HTMLInputElement).disabled).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('creates a role with the checked menu entries', async () => {
    const { calls } = mockApi([
      [rolesApi.list, roles],
      [rolesApi.menus, menus],
      [organizationApi.departmentTree, []],
      [
        regionsApi.tree,
        [
          {
            id: 4,
            parentId: null,
            code: 'LC-E',
            name: '城东区',
            kind: 'district',
            orderNum: 0,
            hasBoundary: false,
            devices: 0,
            totalDevices: 0,
            children: [],
          },
        ],
      ],
      [
        rolesApi.create,
        (call) => ({
          ...role(9, 'pump', '泵站班'),
          ...(call.body as object),
          menuIds: [3],
          departmentIds: [],
          regionIds: [4],
        }),
      ],
    ]);
    const { user } = renderPage(<RoleListPage />);

    await user.click(await screen.findByRole('button', { name: '新增角色' }));
    const drawer = await screen.findByRole('dialog', { name: '新增角色' });
    await user.type(within(drawer).getByRole('textbox', { name: '角色编码' }), 'pump');
    await user.type(within(drawer).getByRole('textbox', { name: '角色名称' }), '泵站班');
    await user.type(within(drawer).getByRole('textbox', { name: '英文名称' }), 'Pump crew');
    await user.click(within(drawer).getByRole('button', { name: '展开全部' }));
    // The button's permission string is shown beside its title.
    const button = (await within(drawer).findByText('查询用户')).closest('.arco-tree-node') as HTMLElement;
    expect(within(button).getByText('system:user:list')).toBeTruthy();
    await user.click(button.querySelector('.arco-checkbox') as HTMLElement);
    // Limited to one district (and what lies below it).
    await user.click(within(drawer).getByText('不限区域'));
    const region = (await screen.findByText('城东区')).closest('.arco-tree-node') as HTMLElement;
    await user.click(region.querySelector('.arco-checkbox') as HTMLElement);
    await user.click(within(drawer).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      code: 'pump',
      name: '泵站班',
      nameEn: 'Pump crew',
      description: '',
      dataScope: 'self',
      departmentIds: [],
      regionIds: [4],
      menuIds: [3],
      sort: 0,
      status: 'enabled',
    });
  }, 15_000);
});
