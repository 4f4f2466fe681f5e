import { expect, test } from '@playwright/test';

// Issue 14 part 2, journey step 1: signed out, `/` opens the live public home (/bz/index).
test('signed out, / shows the live home with its figures, map and level ranking', async ({ page }) => {
  await page.goto('/#/login');
  await page.evaluate(() => localStorage.setItem('arco-locale', 'en-US'));
  await page.goto('about:blank');
  await page.goto('/#/');
  await expect(page).toHaveURL(/#\/bz\/index$/);
  await expect(page.getByRole('heading', { name: 'Pump stations at a glance', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Running' })).toContainText(/of \d+ stations/);
  await expect(page.getByRole('region', { name: 'Pumped today' })).toContainText('m³');
  await expect(page.getByRole('img', { name: /^Station map: \d+ running/ })).toBeVisible();
  await expect(page.getByText(/^Updated /)).toBeVisible();
  // No side menu or tab bar for a visitor.
  await expect(page.locator('.side-menu')).toHaveCount(0);
  // It polls: the update time moves on without a reload.
  const first = await page.getByText(/^Updated /).textContent();
  await expect(page.getByText(/^Updated /)).not.toHaveText(first ?? '', { timeout: 25_000 });
});
