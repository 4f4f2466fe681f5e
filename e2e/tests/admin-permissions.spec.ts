import { expect, type Locator, test } from '@playwright/test';
import { ADMIN, clientAddress, fillSignIn, sideMenu, signIn } from './support.ts';

// The admin sets everything up on the screens, as an operator would: a department, a role granted
// two pages in the role list's checkable tree, and a user in that department with that role. Then
// the new user signs in with the one-time password and meets the limits, in the console and in the API.
test.use(clientAddress('admin-permissions'));

const DEMO = '岚川市水务集团有限公司';

/**
 * Checks a menu entry's box in the role drawer's grant tree, by its title: the first entry of that
 * title (the pump-station system has a 实时数据 of its own, after 数据监测's).
 */
async function grant(drawer: Locator, title: string) {
  const node = drawer
    .getByRole('tree', { name: '菜单权限' })
    .getByRole('treeitem')
    .filter({ has: drawer.page().getByText(title, { exact: true }) })
    .first();
  await node.locator('.arco-checkbox').click();
  await expect(node.locator('.arco-checkbox-checked')).toHaveCount(1);
}

test('a user whose role grants two pages sees only those; everything else is /403 and refused by the API', async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36).slice(-6);
  const department = `应急抢修队 ${stamp}`;
  const roleName = `抢修员 ${stamp}`;
  const username = `repair_${stamp}`;

  // A department at the top of the demo enterprise's tree.
  await signIn(page, ADMIN, '/organizationss/deptManager');
  await expect(page.getByRole('heading', { name: '部门管理' })).toBeVisible();
  await page.getByRole('combobox', { name: '所属企业' }).click();
  await page.getByRole('option', { name: DEMO, exact: true }).click();
  await page.getByRole('button', { name: '新建部门' }).click();
  const deptForm = page.getByRole('dialog', { name: '新建部门' });
  await deptForm.getByRole('textbox', { name: '部门名称' }).fill(department);
  await deptForm.getByRole('textbox', { name: '负责人' }).fill('赵刚');
  await deptForm.getByRole('button', { name: '保存' }).click();
  await expect(deptForm).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: department })).toContainText('赵刚');

  // A role with two pages ticked in the checkable tree, limited to its own department's data.
  await page.goto('/#/uuuser/roleManager');
  await expect(page.getByRole('heading', { name: '角色列表' })).toBeVisible();
  await page.getByRole('button', { name: '新增角色' }).click();
  const roleForm = page.getByRole('dialog', { name: '新增角色' });
  await roleForm.getByRole('textbox', { name: '角色编码' }).fill(`repair_${stamp}`);
  await roleForm.getByRole('textbox', { name: '角色名称' }).fill(roleName);
  await roleForm.getByRole('textbox', { name: '英文名称' }).fill(`Repair crew ${stamp}`);
  await roleForm.getByRole('combobox', { name: '数据范围' }).click();
  await page.getByRole('option', { name: '本部门', exact: true }).click();
  await grant(roleForm, '工作台');
  await grant(roleForm, '实时数据');
  await roleForm.getByRole('button', { name: '保存' }).click();
  await expect(roleForm).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: `repair_${stamp}` })).toContainText('本部门');

  // The user, in that department (picked in the list's tree) with that role; the one-time password
  // is read off the screen that shows it.
  await page.goto('/#/uuuser/manager');
  await expect(page.getByRole('heading', { name: '用户列表' })).toBeVisible();
  await page.getByRole('complementary', { name: '组织架构' }).getByText(department, { exact: true }).click();
  await page.getByRole('button', { name: '新增用户' }).click();
  const userForm = page.getByRole('dialog', { name: '新增用户' });
  await userForm.getByRole('textbox', { name: '用户名' }).fill(username);
  await userForm.getByRole('textbox', { name: '姓名' }).fill(`抢修员${stamp}`);
  await expect(userForm.getByRole('combobox', { name: '所属部门' })).toContainText(department);
  await userForm.getByRole('combobox', { name: '角色' }).click();
  await page.getByRole('option', { name: roleName }).click();
  await userForm.getByRole('button', { name: '保存' }).click();
  const shown = page.getByRole('dialog', { name: '用户已创建' });
  await expect(shown).toBeVisible();
  const password = (await shown.locator('.copyable-secret__value').textContent())?.trim() ?? '';
  expect(password).toMatch(/^[A-Za-z\d]{12}$/);
  await shown.getByRole('button', { name: '我已记下' }).click();
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText(department);
  await expect(row).toContainText(roleName);

  // The new user, in a browser of their own, replaces the temporary password and sees the two pages only.
  const context = await browser.newContext(clientAddress('admin-permissions-new-user'));
  const user = await context.newPage();
  await user.goto('/#/login');
  await fillSignIn(user, { username, password });
  await expect.poll(() => new URL(user.url()).hash).toContain('/user/settings');
  await user.getByLabel('当前密码', { exact: true }).fill(password);
  await user.getByLabel('新密码', { exact: true }).fill('Repair@2026x');
  await user.getByLabel('确认密码', { exact: true }).fill('Repair@2026x');
  await user.getByRole('button', { name: '修改密码' }).click();
  await expect(user.getByText(/您正在使用管理员设置的临时密码/)).toHaveCount(0);

  await user.goto('/#/dashboard/workplace');
  const menu = sideMenu(user);
  await expect(menu.getByText('仪表盘', { exact: true })).toBeVisible();
  await expect(menu.getByText('数据监测', { exact: true })).toBeVisible();
  for (const hidden of ['设备管理', '用户管理', '系统配置', '企业管理', '消息管理']) {
    await expect(menu.getByText(hidden, { exact: true })).toHaveCount(0);
  }
  expect(await menu.locator('.arco-menu-inline-header, .arco-menu-item').count()).toBeLessThanOrEqual(4);

  for (const route of ['/uuuser/manager', '/sys/logManager', '/device/deviceList', '/timeData/historyData']) {
    await user.goto(`/#${route}`);
    await expect.poll(() => new URL(user.url()).hash, route).toBe('#/403');
  }

  // The server agrees, with the new user's own token.
  const token = await user.evaluate(() => localStorage.getItem('token'));
  const auth = { Authorization: `Bearer ${token}` };
  for (const url of ['/api/system/users', '/api/system/logs/operations', '/api/enterprises', '/api/system/roles']) {
    const res = await request.get(url, { headers: auth });
    expect(res.status(), url).toBe(403);
    expect((await res.json()).code, url).toBe(403);
  }
  const own = await request.get('/api/v1/roles/menusTree', { headers: auth });
  const names = JSON.stringify((await own.json()).data);
  expect(names).toContain('realTimeData');
  expect(names).not.toContain('historyData');
  expect(names).not.toContain('deviceList');
  await context.close();
});
