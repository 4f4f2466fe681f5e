import { expect, test } from '@playwright/test';
import { hashPath, signIn } from './support.ts';

test('switching to a role without the page sends the user on, and back again', async ({ page }) => {
  await signIn(page, undefined, '/sys/logManager');
  await expect(page.getByRole('tab', { name: '操作日志' })).toBeVisible();

  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByText('切换角色', { exact: true }).hover();
  await page.getByRole('menuitem', { name: '普通用户' }).click();
  await expect(page.getByText('已切换为「普通用户」角色')).toBeVisible();
  await expect.poll(() => hashPath(page)).toBe('/403');
  await expect(page.locator('.side-menu').getByText('系统配置', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByText('切换角色', { exact: true }).hover();
  await page.getByRole('menuitem', { name: '管理员' }).click();
  await expect(page.getByText('已切换为「管理员」角色')).toBeVisible();
  await expect(page.locator('.side-menu').getByText('系统配置', { exact: true })).toBeVisible();
});
