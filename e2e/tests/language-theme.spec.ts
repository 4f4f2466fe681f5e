import { expect, test } from '@playwright/test';
import { clientAddress, fillSignIn, signIn } from './support.ts';

test.describe('language and theme', () => {
  test.use(clientAddress('language and theme'));

  test('the sign-in screen switches language and theme, and the server answers in English', async ({ page }) => {
    await page.goto('/#/login');
    await expect(page).toHaveTitle('登录 · 水务运营控制台');
    await page.getByRole('group', { name: '界面语言' }).getByText('English', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to Water Ops Console' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page).toHaveTitle('Sign in · Water Ops Console');
    expect(await page.evaluate(() => localStorage.getItem('arco-locale'))).toBe('en-US');

    await fillSignIn(
      page,
      { username: 'user', password: 'wrong-password' },
      { user: 'Username', pass: 'Password', submit: 'Sign in' },
    );
    await expect(page.getByRole('alert').filter({ hasText: 'Incorrect username or password' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
    await page.reload();
    await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
    await expect(page.getByRole('heading', { name: 'Sign in to Water Ops Console' })).toBeVisible();
  });

  test('the console switches language and theme; Arco texts follow', async ({ page }) => {
    await signIn(page);
    await expect(page.locator('.side-menu').getByText('设备管理')).toBeVisible();
    await page.getByRole('group', { name: '界面语言' }).getByText('English', { exact: true }).click();
    await expect(page.locator('.side-menu').getByText('Devices', { exact: true })).toBeVisible();
    await expect(page.getByText('SMS balance')).toBeVisible();
    await expect(page).toHaveTitle('Workplace · Water Ops Console');

    // Arco's own component texts (here the colour picker's and the drawer's) are in English too.
    await page.getByRole('button', { name: 'Page settings' }).click();
    await expect(page.locator('.arco-drawer').getByText('Settings', { exact: true })).toBeVisible();
    await page.locator('.arco-drawer').getByRole('button', { name: 'Close', exact: true }).click();

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('body')).not.toHaveAttribute('arco-theme', 'dark');
  });
});
