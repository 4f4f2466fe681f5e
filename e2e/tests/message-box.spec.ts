import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { publishNoticeToUsers } from './notices-api.ts';
import { ADMIN, clientAddress, presetSettings, shots, signIn, USER } from './support.ts';

test.use(clientAddress('message-box'));

const NOTICES = '/callPolice/callPoliceNotification';
const bell = (page: Page) => page.getByRole('button', { name: /^(消息通知|Notifications)/ });

async function unreadTotal(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(label)?.[1] ?? 0);
}

test.describe('the message box', () => {
  test('an admin publishes a notice to users on the notices page: the bell rises live, the message opens, and stays read after a reload', async ({
    page,
    browser,
  }) => {
    // `user` in this context; the administrator in a browser of their own.
    await signIn(page, USER, '/dashboard/workplace');
    await expect(bell(page)).toBeVisible();
    // The live channel is up once the page has asked for the counts; give the socket its handshake.
    await page.waitForLoadState('networkidle');
    const before = await unreadTotal(page);
    // A marker that a reload would wipe: the count must rise on this very document.
    await page.evaluate(() => {
      (window as unknown as { noReload: boolean }).noReload = true;
    });

    const adminContext = await browser.newContext(clientAddress('message-box-admin'));
    try {
      const admin = await adminContext.newPage();
      // Unique within the run, and reads like a real notice in the screenshots that show it later.
      const title = `城东片区计划停水通知 第${(Date.now() % 900) + 100}号`;
      await signIn(admin, ADMIN, NOTICES);
      await admin.getByRole('button', { name: '新建通知' }).click();
      const drawer = admin.locator('.notice-drawer');
      await drawer.getByRole('textbox', { name: '标题' }).fill(title);
      await drawer.getByText('紧急', { exact: true }).click();
      await drawer.getByText('指定角色', { exact: true }).click();
      await drawer.getByText('普通用户', { exact: true }).click();
      const editor = drawer.getByRole('textbox', { name: '通知正文编辑器' });
      await editor.click();
      await editor.pressSequentially('明日 8:00 至 12:00 城东片区停水。');
      await drawer.getByRole('button', { name: '保存草稿' }).click();
      await expect(drawer.getByText(/草稿已保存/)).toBeVisible();
      await drawer.getByRole('button', { name: '关闭' }).click();

      const row = admin.getByRole('row').filter({ hasText: title });
      await expect(row.getByText('角色：普通用户')).toBeVisible();
      await row.getByRole('button', { name: `发布：${title}` }).click();
      await admin.locator('.arco-popconfirm').getByRole('button', { name: '发布' }).click();
      await expect(row.getByText('已发布')).toBeVisible();

      // The user's console, untouched since: the count rises on the same document.
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

      // The administrator's list counts the read.
      await admin.reload();
      await expect(
        admin
          .getByRole('row')
          .filter({ hasText: title })
          .getByText(/^1 \/ \d+$/),
      ).toBeVisible();
    } finally {
      await adminContext.close();
    }
  });

  test.describe('screenshots', () => {
    // Published once for the four pictures: each shows the same box, without repeats, every notice
    // worded in one language.
    test.beforeAll(async ({ request }) => {
      await publishNoticeToUsers(request, '供水管网夜间巡检安排', {
        level: 1,
        contentHtml: '<p>本周三 22:00 起，各班组按片区开展供水管网夜间巡检。</p>',
      });
      await publishNoticeToUsers(request, 'Night patrol of the mains', {
        level: 1,
        contentHtml: '<p>From 22:00 on Wednesday, each crew patrols the mains of its district.</p>',
      });
    });

    for (const locale of ['zh-CN', 'en-US'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        test(`screenshot, ${locale}, ${theme}`, async ({ page }) => {
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
});
