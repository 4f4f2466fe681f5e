import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';

const shots = path.resolve(import.meta.dirname, '../../screenshots');

async function signIn(page: Page, username: string, password: string, labels = { user: '用户名', pass: '密码' }) {
  await page.getByLabel(labels.user).fill(username);
  await page.getByLabel(labels.pass, { exact: true }).fill(password);
  await page.getByRole('button', { name: labels.user === '用户名' ? '登录' : 'Sign in', exact: true }).click();
}

async function switchToEnglish(page: Page) {
  await page.getByRole('combobox', { name: '界面语言' }).click();
  await page.getByRole('option', { name: 'English' }).click();
}

test.describe('platform foundation', () => {
  test('the start page shows the live server and database status', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('水务运营控制台');
    await expect(page.getByRole('heading', { level: 1, name: '水务运营控制台' })).toBeVisible();
    await expect(page.getByText('运行正常')).toBeVisible();
    await expect(page.getByTestId('database-kind')).toHaveText('内嵌 PGlite');
    await expect(page.getByRole('link', { name: 'API 文档' })).toHaveAttribute('href', '/api/docs');
    await page.screenshot({ path: path.join(shots, 'foundation-zh-CN-light.png'), fullPage: true });

    await page.getByRole('button', { name: '切换到暗色主题' }).click();
    await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
    await page.mouse.move(0, 0); // let the tooltip close before the picture
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await page.screenshot({ path: path.join(shots, 'foundation-zh-CN-dark.png'), fullPage: true });

    await page.reload();
    await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(shots, 'foundation-zh-CN-dark-phone.png'), fullPage: true });
  });

  test("a wrong password shows the server's message and keeps no token", async ({ page }) => {
    await page.goto('/');
    await signIn(page, '13800000001', 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: '账号或者密码错误' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('signing in as the demo admin welcomes the user and stores a working token', async ({ page, request }) => {
    await page.goto('/');
    await signIn(page, '13800000001', 'Admin@2026');
    await expect(page.getByRole('alert').filter({ hasText: '欢迎使用' })).toBeVisible();
    await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
    await page.screenshot({ path: path.join(shots, 'foundation-zh-CN-signed-in.png'), fullPage: true });

    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const me = await request.get('/api/v1/remote/users/role-info', { headers: { Authorization: `Bearer ${token}` } });
    expect((await me.json()).code).toBe(200);
  });

  test('switching to English changes the texts and the server answers in English', async ({ page }) => {
    await page.goto('/');
    await switchToEnglish(page);

    await expect(page.getByRole('heading', { level: 1, name: 'Water Ops Console' })).toBeVisible();
    await expect(page).toHaveTitle('Water Ops Console');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByTestId('database-kind')).toHaveText('Embedded PGlite');
    await expect(page.getByRole('link', { name: 'API documentation' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('arco-locale'))).toBe('en-US');

    await signIn(page, 'user', 'wrong-password', { user: 'Username', pass: 'Password' });
    await expect(page.getByRole('alert').filter({ hasText: 'Incorrect username or password' })).toBeVisible();
    await page.screenshot({ path: path.join(shots, 'foundation-en-US-light.png'), fullPage: true });

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Water Ops Console' })).toBeVisible();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await page.screenshot({ path: path.join(shots, 'foundation-en-US-dark.png'), fullPage: true });
  });
});
