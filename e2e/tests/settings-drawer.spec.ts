import { expect, type Page, test } from '@playwright/test';
import { hashPath, sideMenu, signIn, tabBar } from './support.ts';

const drawer = (page: Page) => page.locator('.arco-drawer').filter({ hasText: '页面配置' });
const toggle = (page: Page, name: string) => drawer(page).getByRole('switch', { name, exact: true });

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: '页面配置' }).click();
  await expect(drawer(page)).toBeVisible();
}

test.describe('settings drawer', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('every switch works, copy settings, and all of it survives a reload', async ({ page }) => {
    await signIn(page);
    await openDrawer(page);
    await expect.poll(async () => Math.round((await drawer(page).boundingBox())?.width ?? 0)).toBe(300);
    await expect(drawer(page).getByRole('alert')).toContainText('复制配置');
    for (const [name, on] of [
      ['导航栏', true],
      ['菜单栏', true],
      ['顶部菜单栏', false],
      ['底部', true],
      ['多页签', false],
      ['菜单来源于后台', false],
      ['色弱模式', false],
    ] as const) {
      await expect(toggle(page, name)).toHaveAttribute('aria-checked', String(on));
    }

    await toggle(page, '多页签').click();
    await expect(tabBar(page)).toBeVisible();
    await toggle(page, '底部').click();
    await expect(page.locator('.console-layout__footer')).toHaveCount(0);

    const width = drawer(page).getByRole('spinbutton', { name: '菜单宽度 (px)' });
    expect(
      (await width.locator('xpath=ancestor::*[contains(@class,"arco-input-number")][1]').boundingBox())?.width,
    ).toBe(80);
    await width.fill('300');
    await width.press('Enter');
    await expect.poll(async () => Math.round((await sideMenu(page).boundingBox())?.width ?? 0)).toBe(300);

    // A slow answer, so the 'loading' notice can be seen before the result replaces it.
    await page.route('**/api/user/menu', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await toggle(page, '菜单来源于后台').click();
    await expect(page.getByText('正在从后台加载菜单')).toBeVisible();
    await expect(page.getByText('菜单加载成功')).toBeVisible();

    await toggle(page, '色弱模式').click();
    await expect(page.locator('body')).toHaveCSS('filter', 'invert(0.8)');

    await toggle(page, '顶部菜单栏').click();
    await expect(sideMenu(page)).toHaveCount(0);
    await expect(page.locator('.navbar__top-menu')).toBeVisible();
    await toggle(page, '顶部菜单栏').click();
    await toggle(page, '菜单栏').click();
    await expect(sideMenu(page)).toHaveCount(0);
    await toggle(page, '菜单栏').click();
    await expect(sideMenu(page)).toBeVisible();

    // Without the navbar the fixed button opens the drawer.
    await toggle(page, '导航栏').click();
    await expect(page.locator('header.navbar')).toHaveCount(0);
    await drawer(page).getByRole('button', { name: '关闭', exact: true }).click();
    await expect(drawer(page)).toBeHidden();
    await page.getByRole('button', { name: '打开页面配置' }).click();
    await expect(drawer(page)).toBeVisible();

    await drawer(page).getByRole('button', { name: '复制配置' }).click();
    await expect(page.getByText('复制成功，请粘贴到 apps/web/src/shared/settings/settings.json 文件中')).toBeVisible();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied).toMatchObject({
      navbar: false,
      tabBar: true,
      footer: false,
      menuWidth: 300,
      colorWeak: true,
      menuFromServer: true,
      themeColor: '#165DFF',
      globalSettings: false,
    });

    await page.reload();
    await expect(page.locator('header.navbar')).toHaveCount(0);
    await expect(drawer(page)).toBeHidden();
    await expect(tabBar(page)).toBeVisible();
    await expect(page.locator('body')).toHaveCSS('filter', 'invert(0.8)');
    await expect.poll(async () => Math.round((await sideMenu(page).boundingBox())?.width ?? 0)).toBe(300);
    await page.getByRole('button', { name: '打开页面配置' }).click();
    await toggle(page, '导航栏').click();
    await toggle(page, '色弱模式').click();
    await expect(page.locator('header.navbar')).toBeVisible();
    await expect(page.locator('body')).toHaveCSS('filter', 'none');
    expect(hashPath(page)).toBe('/dashboard/workplace');
  });

  test('the theme colour sets the whole palette', async ({ page }) => {
    await signIn(page);
    const before = await page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--arcoblue-6').trim());
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('arco-settings') ?? '{}');
      localStorage.setItem('arco-settings', JSON.stringify({ ...stored, themeColor: '#00B42A' }));
    });
    await page.reload();
    await expect(page.locator('.navbar__user')).toBeVisible();
    const palette = await page.evaluate(() =>
      Array.from({ length: 10 }, (_, i) =>
        getComputedStyle(document.body)
          .getPropertyValue(`--arcoblue-${i + 1}`)
          .trim(),
      ),
    );
    expect(before).toBe('22,93,255');
    expect(palette[5]).toBe('0,180,42');
    expect(new Set(palette).size).toBe(10);
  });
});
