import { expect, test } from '@playwright/test';
import { ADMIN, clientAddress, fillSignIn, signIn } from './support.ts';

// An address of its own: failed sign-ins of other journeys never make this one need a captcha.
test.use(clientAddress('users'));

test('the admin creates a user who signs in with the temporary password, exports the list and adds a role', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const username = `pump_${stamp}`;
  await signIn(page, ADMIN, '/uuuser/manager');
  await expect(page.getByRole('heading', { name: '用户列表' })).toBeVisible();

  // Picking the crew in the tree filters the list and becomes the new user's department.
  await page.getByRole('complementary', { name: '组织架构' }).getByText('泵站运维班', { exact: true }).click();
  await page.getByRole('button', { name: '新增用户' }).click();
  const drawer = page.getByRole('dialog', { name: '新增用户' });
  await drawer.getByRole('textbox', { name: '用户名' }).fill(username);
  await drawer.getByRole('textbox', { name: '姓名' }).fill('泵站新员工');
  await expect(drawer.getByRole('combobox', { name: '所属部门' })).toContainText('泵站运维班');
  await drawer.getByRole('combobox', { name: '角色' }).click();
  await page.getByRole('option', { name: '普通用户' }).click();
  await drawer.getByRole('button', { name: '保存' }).click();

  const shown = page.getByRole('dialog', { name: '用户已创建' });
  await expect(shown).toBeVisible();
  await expect(shown).toContainText('首次登录时必须修改密码');
  const password = (await shown.locator('.copyable-secret__value').textContent())?.trim() ?? '';
  expect(password).toMatch(/^[A-Za-z\d]{12}$/);
  await shown.getByRole('button', { name: '我已记下' }).click();
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('泵站运维班');
  await expect(row).toContainText('普通用户');

  // The new user signs in with the temporary password in a browser of their own.
  const context = await browser.newContext(clientAddress('users-new-user'));
  const newcomer = await context.newPage();
  await newcomer.goto('/#/login');
  await fillSignIn(newcomer, { username, password });
  await expect(newcomer.locator('.navbar__user')).toBeVisible();
  // A temporary password opens only its own change, and the server refuses the rest too.
  await expect.poll(() => new URL(newcomer.url()).hash).toContain('/user/settings');
  await expect(newcomer.getByText(/您正在使用管理员设置的临时密码/)).toBeVisible();
  await newcomer.goto('/#/dashboard/workplace');
  await expect.poll(() => new URL(newcomer.url()).hash).toContain('/user/settings');
  await newcomer.getByLabel('当前密码', { exact: true }).fill(password);
  await newcomer.getByLabel('新密码', { exact: true }).fill('Pump@2026new');
  await newcomer.getByLabel('确认密码', { exact: true }).fill('Pump@2026new');
  await newcomer.getByRole('button', { name: '修改密码' }).click();
  await expect(newcomer.getByText(/您正在使用管理员设置的临时密码/)).toHaveCount(0);
  await newcomer.goto('/#/dashboard/workplace');
  await expect(newcomer.getByText(/欢迎回来/)).toBeVisible();
  await context.close();

  // Back as the admin: the filtered list downloads as a workbook.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  // A role granted one button: the server adds its menu and directory.
  await page.goto('/#/uuuser/roleManager');
  await expect(page.getByRole('heading', { name: '角色列表' })).toBeVisible();
  await page.getByRole('button', { name: '新增角色' }).click();
  const roleDrawer = page.getByRole('dialog', { name: '新增角色' });
  const code = `insp_${stamp}`;
  await roleDrawer.getByRole('textbox', { name: '角色编码' }).fill(code);
  await roleDrawer.getByRole('textbox', { name: '角色名称' }).fill('巡查员');
  await roleDrawer.getByRole('textbox', { name: '英文名称' }).fill('Patroller');
  await roleDrawer.getByRole('button', { name: '展开全部' }).click();
  const grant = roleDrawer.locator('.arco-tree-node').filter({ hasText: 'system:user:list' });
  // While the tree's expand animation runs, the opening branch is drawn twice (and a re-render of
  // the drawer can start it again): tick the one node once the animation has settled.
  await expect(async () => {
    await expect(grant).toHaveCount(1, { timeout: 1000 });
    await expect(grant).toContainText('查看用户', { timeout: 1000 });
    const box = grant.locator('.arco-checkbox input');
    if (!(await box.isChecked())) await grant.locator('.arco-checkbox').click({ timeout: 1000 });
    await expect(box).toBeChecked({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await roleDrawer.getByRole('button', { name: '保存' }).click();
  await expect(roleDrawer).toHaveCount(0);
  const roleRow = page.getByRole('row').filter({ hasText: code });
  await expect(roleRow).toContainText('巡查员');

  // Its grants as stored: the button, its menu and directory are checked or half-checked.
  await roleRow.getByRole('button', { name: '编辑：巡查员' }).click();
  const editor = page.getByRole('dialog', { name: '编辑角色' });
  await editor.getByRole('button', { name: '展开全部' }).click();
  await expect(editor.locator('.arco-tree-node').filter({ hasText: 'system:user:list' })).toHaveCount(1);
  await expect(
    editor.locator('.arco-tree-node').filter({ hasText: 'system:user:list' }).locator('.arco-checkbox-checked'),
  ).toHaveCount(1);
  await expect(
    editor.locator('.arco-tree-node').filter({ hasText: 'system:user:write' }).locator('.arco-checkbox-checked'),
  ).toHaveCount(0);
});
