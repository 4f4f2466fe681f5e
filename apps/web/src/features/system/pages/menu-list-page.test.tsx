import { screen, waitFor, within } from '@testing-library/react';
import { type AdminMenu, Permissions, rolesApi } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { sessionQueries } from '../../../shared/session/session-queries.ts';
import { fail, mockApi, renderPage } from '../../../shared/testing/render-page.tsx';
import { MENU_ICON_NAMES, menuIconComponent } from '../../../shared/ui/menu-icons.ts';

import { MenuListPage } from './menu-list-page.tsx';

const entry = (
  id: number,
  parentId: number | null,
  type: AdminMenu['type'],
  extra: Partial<AdminMenu> = {},
): AdminMenu => ({
  id,
  parentId,
  type,
  path: '',
  name: `entry-${id}`,
  locale: '',
  titleZh: `条目 ${id}`,
  titleEn: `Entry ${id}`,
  icon: '',
  orderNum: 0,
  requiresAuth: true,
  hidden: false,
  ignoreCache: false,
  externalLink: '',
  permission: '',
  status: 'enabled',
  children: [],
  ...extra,
});

const tree = [
  entry(1, null, 'directory', {
    name: 'sys',
    path: '/sys',
    titleZh: '系统配置',
    titleEn: 'System',
    icon: 'icon-settings',
    children: [
      entry(2, 1, 'menu', {
        name: 'menuManager',
        path: 'menuManager',
        titleZh: '菜单管理',
        titleEn: 'Menus',
        children: [
          entry(3, 2, 'button', {
            name: 'btn:system:menu:write',
            titleZh: '编辑菜单',
            titleEn: 'Edit menus',
            permission: 'system:menu:write',
          }),
        ],
      }),
    ],
  }),
];

/** Pastes rather than types: the same value, without a render per key on a busy machine. */
async function fill(user: ReturnType<typeof renderPage>['user'], box: HTMLElement, text: string) {
  await user.click(box);
  await user.paste(text);
}

describe('MenuListPage', () => {
  it('adds a child entry: the POST carries the contract input, and the console menu is read again', async () => {
    const { calls } = mockApi([
      [rolesApi.menus, tree],
      [rolesApi.createMenu, (call) => ({ ...entry(9, 1, 'menu'), ...(call.body as Partial<AdminMenu>) })],
    ]);
    const { user, queryClient } = renderPage(<MenuListPage />);

    const sysRow = (await screen.findByText('系统配置')).closest('tr') as HTMLElement;
    expect(within(sysRow).getByText('目录')).toBeTruthy();
    // The top level opens at first: the directory's menu shows its route name and path.
    expect(screen.getAllByText('menuManager')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: '新增下级：系统配置' }));
    const drawer = await screen.findByRole('dialog', { name: '新增下级菜单' });

    await fill(user, within(drawer).getByRole('textbox', { name: '中文名称' }), '备份管理');
    await fill(user, within(drawer).getByRole('textbox', { name: '英文名称' }), 'Backups');
    await fill(user, within(drawer).getByRole('textbox', { name: '路由名称' }), 'backupManager');
    await fill(user, within(drawer).getByRole('textbox', { name: '路由地址' }), 'backupManager');
    await user.click(within(drawer).getByRole('combobox', { name: '图标' }));
    await user.click(await screen.findByRole('option', { name: 'icon-folder' }));
    // The chosen icon is drawn in the box, as the side menu will draw it.
    const picker = within(drawer).getByRole('combobox', { name: '图标' });
    expect(picker.querySelector('.arco-select-prefix .arco-icon-folder')).not.toBeNull();
    await user.click(within(drawer).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/system/menus',
      body: {
        parentId: 1,
        type: 'menu',
        path: 'backupManager',
        name: 'backupManager',
        locale: '',
        titleZh: '备份管理',
        titleEn: 'Backups',
        icon: 'icon-folder',
        orderNum: 0,
        requiresAuth: true,
        hidden: false,
        ignoreCache: false,
        externalLink: '',
        permission: '',
        status: 'enabled',
      },
    });
    expect(await screen.findByText('已保存')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/system/menus')).toHaveLength(3));
    // The side menu and the button permissions come from the session's queries: they are stale now.
    expect(queryClient.getQueryState(sessionQueries.roleInfo().queryKey)?.isInvalidated).toBe(true);
  }, 15_000);

  it('refuses a button without a permission string before any call', async () => {
    const { calls } = mockApi([[rolesApi.menus, tree]]);
    const { user } = renderPage(<MenuListPage />, { locale: 'en-US' });

    await user.click(await screen.findByRole('button', { name: 'Add child: Menus' }));
    const drawer = await screen.findByRole('dialog', { name: 'New child entry' });
    // Under a menu only a button fits, so the form starts as one.
    expect(within(drawer).getByRole('radio', { name: 'Button' })).toHaveProperty('checked', true);
    await fill(user, within(drawer).getByRole('textbox', { name: 'Chinese title' }), '导出菜单');
    await fill(user, within(drawer).getByRole('textbox', { name: 'English title' }), 'Export menus');
    await fill(user, within(drawer).getByRole('textbox', { name: 'Route name' }), 'btn:system:menu:export');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(await within(drawer).findByText('A button needs a permission string')).toBeTruthy();
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  }, 15_000);

  it("shows the server's refusal to delete an entry that has children", async () => {
    const { calls } = mockApi([
      [rolesApi.menus, tree],
      [rolesApi.removeMenu, fail(409, '该菜单下还有 1 个子项，请先删除它们', null)],
    ]);
    const { user } = renderPage(<MenuListPage />);

    await user.click(await screen.findByRole('button', { name: '删除：系统配置' }));
    const confirm = await screen.findByText(/确定删除吗/);
    const popup = confirm.closest('.arco-popconfirm') as HTMLElement;
    await user.click(within(popup).getByRole('button', { name: '删除' }));

    expect(await screen.findByText('该菜单下还有 1 个子项，请先删除它们')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/system/menus/1');
    expect(screen.getByText('系统配置')).toBeTruthy();
  });

  it('shows a reader the tree without any write action', async () => {
    mockApi([[rolesApi.menus, tree]]);
    renderPage(<MenuListPage />, { permissions: [Permissions.systemMenuList] });

    expect(await screen.findByText('系统配置')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新建菜单' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(新增下级|编辑|删除)：/ })).toBeNull();
    expect(screen.queryByText('操作')).toBeNull();
  });

  it('offers only icons the side menu can draw', () => {
    const fallback = menuIconComponent(undefined);
    expect(MENU_ICON_NAMES.filter((name) => menuIconComponent(name) === fallback)).toEqual([]);
  });
});
