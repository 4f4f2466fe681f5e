import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { publishNoticeToUsers } from './notices-api.ts';
import { clientAddress, presetSettings, shots, signIn, USER } from './support.ts';

test.use(clientAddress('message-box'));

const bell = (page: Page) => page.getByRole('button', { name: /^(消息通知|Notifications)/ });

async function unreadTotal(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(label)?.[1] ?? 0);
}

test.describe('the message box', () => {
  test('a published notice raises the bell live, opens, and stays read after a reload', async ({ page, request }) => {
    await signIn(page, USER, '/dashboard/workplace');
    await expect(bell(page)).toBeVisible();
    // The live channel is up once the page has asked for the counts; give the socket its handshake.
    await page.waitForLoadState('networkidle');
    const before = await unreadTotal(page);
    // A marker that a reload would wipe: the count must rise on this very document.
    await page.evaluate(() => {
      (window as unknown as { noReload: boolean }).noReload = true;
    });

    const title = `停水通知 ${Date.now()}`;
    await publishNoticeToUsers(request, title, { level: 3, contentHtml: '<p>明日 8:00 至 12:00 城东片区停水。</p>' });

    await expect(bell(page)).toHaveAttribute('aria-label', `消息通知，${before + 1} 条未读`);
    expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);

    await bell(page).click();
    await page.getByRole('tab', { name: /^通知 \(\d+\)$/ }).click();
    const item = page.getByRole('list', { name: '通知' }).getByRole('button', { name: new RegExp(title) });
    await expect(item.getByText('紧急')).toBeVisible();
    await expect(item.getByText('未读')).toBeAttached();
    await item.click();
    const detail = page.getByRole('article', { name: title });
    await expect(detail.getByText('明日 8:00 至 12:00 城东片区停水。')).toBeVisible();
    await expect(bell(page)).toHaveAttribute('aria-label', before === 0 ? '消息通知' : `消息通知，${before} 条未读`);

    await page.reload();
    await bell(page).click();
    await page.getByRole('tab', { name: /^通知/ }).click();
    const again = page.getByRole('list', { name: '通知' }).getByRole('button', { name: new RegExp(title) });
    await expect(again).toHaveClass(/message-box__item--read/);
    await expect(again.getByText('未读')).toHaveCount(0);
  });

  for (const locale of ['zh-CN', 'en-US'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`screenshot, ${locale}, ${theme}`, async ({ page, request }) => {
        await publishNoticeToUsers(request, locale === 'zh-CN' ? '供水管网夜间巡检安排' : 'Night patrol of the mains', {
          level: 1,
        });
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.goto('/#/login');
        await page.evaluate((value) => localStorage.setItem('arco-locale', value), locale);
        await presetSettings(page, { theme, tabBar: true });
        await signIn(page, USER, '/dashboard/workplace');
        await bell(page).click();
        await page.getByRole('tab', { name: /^(通知|Notice)/ }).click();
        await expect(page.locator('.message-box__item').first()).toBeVisible();
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(shots, `message-box-${locale}-${theme}.png`) });
      });
    }
  }
});
