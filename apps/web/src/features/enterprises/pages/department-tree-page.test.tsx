import { screen, waitFor, within } from '@testing-library/react';
import { type DepartmentNode, organizationApi } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { DepartmentTreePage } from './department-tree-page.tsx';

const dept = (
  id: number,
  name: string,
  parentId: number | null,
  children: DepartmentNode[] = [],
  members = 0,
): DepartmentNode => ({
  id,
  enterpriseId: 1,
  parentId,
  name,
  orderNum: id,
  leader: id === 4 ? '刘洋' : '',
  phone: '',
  status: 'enabled',
  members,
  children,
});

const tree = [
  dept(1, '调度中心', null, [], 2),
  dept(4, '排水管理部', null, [dept(5, '泵站运维班', 4, [dept(7, '夜班', 5)], 1), dept(6, '管网巡检班', 4)]),
];
const options = reply(organizationApi.enterpriseOptions, [
  { id: 1, name: '岚川市水务集团有限公司', status: 'enabled' },
  { id: 2, name: '岚川管网工程有限公司', status: 'enabled' },
]);

describe('DepartmentTreePage', () => {
  it("shows the first enterprise's tree with leaders and member counts, and switches enterprise", async () => {
    const { calls } = mockApi([
      options,
      [organizationApi.departmentTree, (call) => (call.query.get('enterpriseId') === '1' ? tree : [])],
    ]);
    const { user } = renderPage(<DepartmentTreePage />);

    const row = (await screen.findByText('排水管理部')).closest('tr') as HTMLElement;
    expect(within(row).getByText('刘洋')).toBeTruthy();
    // Open by default: the grandchild is visible.
    expect(screen.getByText('夜班')).toBeTruthy();
    expect(within(screen.getByText('调度中心').closest('tr') as HTMLElement).getByText('2')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: '所属企业' }));
    await user.click(await screen.findByRole('option', { name: '岚川管网工程有限公司' }));
    expect(await screen.findByText('该企业还没有部门')).toBeTruthy();
    expect(calls.at(-1)?.query.get('enterpriseId')).toBe('2');
  });

  it('opens on the enterprise its address names', async () => {
    const { calls } = mockApi([
      options,
      [
        organizationApi.departmentTree,
        (call) => (call.query.get('enterpriseId') === '2' ? [dept(8, '工程部', null)] : tree),
      ],
    ]);
    renderPage(<DepartmentTreePage />, { route: '/?enterpriseId=2' });

    expect(await screen.findByText('工程部')).toBeTruthy();
    expect(screen.queryByText('排水管理部')).toBeNull();
    expect(calls.filter((c) => c.path === '/api/departments/tree').map((c) => c.query.get('enterpriseId'))).toEqual([
      '2',
    ]);
    expect(screen.getByRole('combobox', { name: '所属企业' }).textContent).toContain('岚川管网工程有限公司');
  });

  it('adds a child department: the POST names the enterprise and the parent', async () => {
    const { calls } = mockApi([
      options,
      [organizationApi.departmentTree, tree],
      [organizationApi.createDepartment, (call) => ({ ...dept(9, '雨污分流班', 4), ...(call.body as object) })],
    ]);
    const { user } = renderPage(<DepartmentTreePage />);

    await user.click(await screen.findByRole('button', { name: '添加下级：排水管理部' }));
    const drawer = await screen.findByRole('dialog', { name: '新建部门' });
    await user.type(within(drawer).getByRole('textbox', { name: '部门名称' }), '雨污分流班');
    await user.type(within(drawer).getByRole('textbox', { name: '负责人' }), '孙丽');
    await user.click(within(drawer).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      enterpriseId: 1,
      parentId: 4,
      name: '雨污分流班',
      orderNum: 0,
      leader: '孙丽',
      phone: '',
      status: 'enabled',
    });
    expect(await screen.findByText('已保存')).toBeTruthy();
  });

  it('offers no move under the department itself or its descendants', async () => {
    mockApi([options, [organizationApi.departmentTree, tree]]);
    const { user } = renderPage(<DepartmentTreePage />);

    await user.click(await screen.findByRole('button', { name: '编辑：泵站运维班' }));
    const drawer = await screen.findByRole('dialog', { name: '编辑部门' });
    await user.click(within(drawer).getByText('排水管理部'));

    const item = async (name: string) =>
      (await screen.findAllByRole('treeitem')).find((node) => node.textContent === name) as HTMLElement;
    expect((await item('泵站运维班')).getAttribute('aria-disabled')).toBe('true');
    expect((await item('夜班')).getAttribute('aria-disabled')).toBe('true');
    expect((await item('排水管理部')).getAttribute('aria-disabled')).not.toBe('true');
    expect((await item('管网巡检班')).getAttribute('aria-disabled')).not.toBe('true');
    expect((await item('调度中心')).getAttribute('aria-disabled')).not.toBe('true');
  });

  it("shows the server's refusal to delete a department with sub-departments", async () => {
    const { calls } = mockApi([
      options,
      [organizationApi.departmentTree, tree],
      [organizationApi.removeDepartment, fail(409, '该部门下还有 2 个下级部门，请先移走或删除它们', { n: 2 })],
    ]);
    const { user } = renderPage(<DepartmentTreePage />);

    await user.click(await screen.findByRole('button', { name: '删除：排水管理部' }));
    const popup = (await screen.findByText(/确定删除部门“排水管理部”/)).closest('.arco-popconfirm') as HTMLElement;
    await user.click(within(popup).getByRole('button', { name: '删除' }));

    expect(await screen.findByText('该部门下还有 2 个下级部门，请先移走或删除它们')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/departments/4');
  });

  it('shows a user without the department permission the tree but no write buttons', async () => {
    mockApi([options, [organizationApi.departmentTree, tree]]);
    renderPage(<DepartmentTreePage />, { locale: 'en-US', permissions: [] });

    expect(await screen.findByText('排水管理部')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New department' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete|Add sub-department): / })).toBeNull();
    expect(screen.queryByText('Actions')).toBeNull();
  });
});
