import { expect, test } from '@playwright/test';
import { hashPath, signIn, USER } from './support.ts';

test.describe('access', () => {
  test('a route outside the role menu tree shows /403; the menu never offers it', async ({ page }) => {
    await signIn(page, USER);
    await expect(page.locator('.side-menu').getByText('泵站系统')).toBeVisible();
    for (const group of ['系统配置', '用户管理', '企业管理']) {
      await expect(page.locator('.side-menu').getByText(group, { exact: true })).toHaveCount(0);
    }
    await page.goto('/#/sys/logManager');
    await expect.poll(() => hashPath(page)).toBe('/403');
    await expect(page.getByText('当前角色无权访问该页面')).toBeVisible();
    await page.getByRole('button', { name: '返回工作台' }).click();
    await expect.poll(() => hashPath(page)).toBe('/dashboard/workplace');
  });

  test('an unknown path shows not-found, signed in or not', async ({ page }) => {
    await page.goto('/#/no/such/page');
    await expect(page.getByText('抱歉，页面不存在。')).toBeVisible();
    await signIn(page, USER);
    await page.goto('/#/also/not/here?x=1');
    await expect(page.getByText('抱歉，页面不存在。')).toBeVisible();
    await page.getByRole('button', { name: '返回首页' }).click();
    await expect.poll(() => hashPath(page)).toBe('/bz/index');
  });

  test('/ opens the public pump-station home, which needs no sign-in', async ({ page }) => {
    await page.goto('/');
    await expect.poll(() => hashPath(page)).toBe('/bz/index');
    await expect(page.getByRole('heading', { name: '泵站运行总览' })).toBeVisible();
    await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
    // The public camera page opens without sign-in; without a link's token it says the link is invalid.
    await page.goto('/#/bz/cameraDetails');
    await expect(page.getByText('链接无效', { exact: true })).toBeVisible();
    await expect(page.getByText('链接缺少令牌：请使用发送者提供的完整链接')).toBeVisible();
  });
});
