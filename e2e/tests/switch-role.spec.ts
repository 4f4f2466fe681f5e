import { expect, type Page, test } from '@playwright/test';
import { hashPath, signIn } from './support.ts';

/**
 * Picks a role from the user menu's 切换角色 submenu. The submenu opens on hover, and the pointer's
 * jump to the item can close it first on a busy machine (CI saw the item detach mid-click): open the
 * menu and hover again until the click lands.
 */
async function switchTo(page: Page, role: string) {
  const submenu = page.getByText('切换角色', { exact: true });
  await expect(async () => {
    if (!(await submenu.isVisible())) await page.getByRole('button', { name: '用户菜单' }).click();
    await submenu.hover();
    await page.getByRole('menuitem', { name: role }).click({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

test('switching to a role without the page sends the user on, and back again', async ({ page }) => {
  await signIn(page, undefined, '/sys/logManager');
  await expect(page.getByRole('tab', { name: '操作日志' })).toBeVisible();

  await switchTo(page, '普通用户');
  await expect(page.getByText('已切换为「普通用户」角色')).toBeVisible();
  await expect.poll(() => hashPath(page)).toBe('/403');
  await expect(page.locator('.side-menu').getByText('系统配置', { exact: true })).toHaveCount(0);

  await switchTo(page, '管理员');
  await expect(page.getByText('已切换为「管理员」角色')).toBeVisible();
  await expect(page.locator('.side-menu').getByText('系统配置', { exact: true })).toBeVisible();
});
