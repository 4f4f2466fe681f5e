import { expect, test } from '@playwright/test';
import { hashPath, signIn } from './support.ts';

test('a revoked session opens the Re-Login modal on the next navigation', async ({ page, playwright, baseURL }) => {
  const token = await signIn(page);
  // Revoked from somewhere else (another browser, an administrator): a separate request context.
  const other = await playwright.request.newContext({ baseURL });
  const revoked = await other.post('/api/user/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect((await revoked.json()).code).toBe(200);
  await other.dispose();

  // The next call to the server meets the revoked session: the Workplace's own requests may get there
  // first, so the page moves by address rather than by a click the modal could cover.
  await page.evaluate(() => {
    location.hash = '#/device/deviceList';
  });
  const modal = page.getByRole('dialog').filter({ hasText: '确认登出' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('您已被登出，可以取消继续留在该页面，或者重新登录');
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await modal.getByRole('button', { name: '重新登录' }).click();
  await expect(page).toHaveURL(/#\/login\?redirect=%2Fdevice%2FdeviceList$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(hashPath(page)).toContain('/login');
});
