import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { presetSettings, shots, signIn } from './support.ts';

async function look(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`sign-in and layout, ${locale}, ${theme}`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/#/login');
      await page.evaluate((value) => localStorage.setItem('arco-locale', value), locale);
      await presetSettings(page, { theme, tabBar: true });
      await page.goto('/#/login');
      await expect(page.locator('.login-form')).toBeVisible();
      await look(page, `login-${locale}-${theme}`);

      await signIn(page, undefined, '/device/deviceList');
      await page.goto('/#/wellmanagement/wellList');
      await expect(page.locator('.page-host[data-page="wellList"] .arco-result')).toBeVisible();
      await look(page, `layout-${locale}-${theme}`);
    });
  }
}
