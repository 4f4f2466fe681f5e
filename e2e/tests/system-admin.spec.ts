import { expect, test } from '@playwright/test';
import { ADMIN, clientAddress, signIn } from './support.ts';

// An address of its own: failed sign-ins of other journeys never make this one need a captcha.
test.use(clientAddress('system-admin'));

test('the admin adds a menu entry, finds its operation in the log with the details, and their own sign-in', async ({
  page,
}) => {
  const stamp = Date.now();
  const title = `备份管理 ${stamp}`;
  const name = `backup${stamp}`;
  await signIn(page, ADMIN, '/sys/menuManager');
  await expect(page.getByRole('heading', { name: '菜单管理' })).toBeVisible();

  // A new menu under 系统配置.
  await page.getByRole('button', { name: '新增下级：系统配置' }).click();
  const drawer = page.getByRole('dialog', { name: '新增下级菜单' });
  await expect(drawer.getByRole('radio', { name: '菜单' })).toBeChecked();
  await drawer.getByRole('textbox', { name: '中文名称' }).fill(title);
  await drawer.getByRole('textbox', { name: '英文名称' }).fill(`Backups ${stamp}`);
  await drawer.getByRole('textbox', { name: '路由名称' }).fill(name);
  await drawer.getByRole('textbox', { name: '路由地址' }).fill(name);
  await drawer.getByRole('combobox', { name: '图标' }).click();
  await page.getByRole('option', { name: 'icon-folder' }).click();
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(drawer).toHaveCount(0);
  // In the tree, under the directory (open from the start), with its route name.
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText(name).first()).toBeVisible();
  await expect(row.getByText('菜单', { exact: true })).toBeVisible();

  // The operation log has the create, with what it wrote.
  await page.goto('/#/sys/logManager');
  await expect(page.getByRole('heading', { name: '日志管理' })).toBeVisible();
  await page.getByRole('combobox', { name: '模块' }).click();
  await page.getByRole('option', { name: '菜单', exact: true }).click();
  await page.getByRole('textbox', { name: '操作' }).fill('create');
  await page.getByRole('button', { name: /查询/ }).click();
  const entry = page.locator('.sys-log-table .arco-table-tr').filter({ hasText: '新增' }).first();
  await expect(entry).toContainText('13800000001');
  await expect(entry).toContainText('/api/system/menus');
  await entry.getByRole('button', { name: /^详情：/ }).click();
  const detail = page.getByRole('dialog', { name: '操作详情' });
  await expect(detail.locator('.sys-json')).toContainText(name);
  // A create changes the record as a whole: nothing before, the stored entry after.
  const change = detail.getByRole('row').filter({ hasText: '（整条记录）' });
  await expect(change.getByText('（无）')).toBeVisible();
  await expect(change.locator('.sys-diff--after')).toContainText(`"titleZh": "${title}"`);
  await expect(detail.getByText('成功', { exact: true })).toBeVisible();
  await detail.getByRole('button', { name: '关闭' }).click();

  // The sign-in log has the admin's sign-in of this journey.
  await page.getByRole('tab', { name: '登录日志' }).click();
  await page.getByRole('textbox', { name: '用户' }).fill(ADMIN.username);
  await page.getByRole('button', { name: /查询/ }).click();
  const signInRow = page.getByRole('row').filter({ hasText: ADMIN.username }).first();
  await expect(signInRow).toBeVisible();
  await expect(signInRow.getByText('成功', { exact: true })).toBeVisible();
});
