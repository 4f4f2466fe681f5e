import { expect, type Page, test } from '@playwright/test';
import { hashPath, openMenuItem, presetSettings, signIn, tab, tabBar } from './support.ts';

const tabNames = (page: Page) => tabBar(page).getByRole('tab').allTextContents();

/** Marks the DOM node of a page: a kept-alive page keeps it, a re-mounted one loses it. */
async function mark(page: Page, name: string) {
  await page.locator(`.page-host[data-page="${name}"]`).evaluate((node) => {
    (node as HTMLElement & { marked?: boolean }).marked = true;
  });
}
const isMarked = (page: Page, name: string) =>
  page
    .locator(`.page-host[data-page="${name}"]`)
    .evaluate((node) => Boolean((node as HTMLElement & { marked?: boolean }).marked));

test.describe('tab bar', () => {
  test.beforeEach(async ({ page }) => {
    await presetSettings(page, { tabBar: true });
    await signIn(page);
  });

  test('opens a tab per page, no duplicates, keeps each tab query, closes and scrolls', async ({ page }) => {
    await expect(tabBar(page)).toBeVisible();
    await expect.poll(() => tabNames(page)).toEqual(['工作台']);
    await expect(tab(page, '工作台')).toHaveAttribute('aria-selected', 'true');

    await page.goto('/#/device/deviceList?region=3');
    // Its tab first: a menu click racing the page's own load put the tabs out of order (flaky once).
    await expect.poll(() => tabNames(page)).toEqual(['工作台', '设备列表']);
    await openMenuItem(page, '管网管理', '检查井');
    await openMenuItem(page, '设备管理', '设备列表');
    await openMenuItem(page, '二维码', '扫码记录');
    await expect.poll(() => tabNames(page)).toEqual(['工作台', '设备列表', '检查井', '扫码记录']);

    // The menu and the tab both go back to the page as it was left, query and all.
    await tab(page, '设备列表').click();
    await expect.poll(() => hashPath(page)).toBe('/device/deviceList?region=3');
    await tab(page, '检查井').click();
    await openMenuItem(page, '设备管理', '设备列表');
    await expect.poll(() => hashPath(page)).toBe('/device/deviceList?region=3');
    await expect.poll(() => tabNames(page)).toHaveLength(4);

    // Closing the active tab shows its left neighbour; Workplace has no close button.
    await tab(page, '扫码记录').click();
    await page.getByRole('button', { name: '关闭 扫码记录' }).click();
    await expect.poll(() => hashPath(page)).toBe('/wellmanagement/wellList');
    await expect(page.getByRole('button', { name: '关闭 工作台' })).toHaveCount(0);

    // Many tabs: the active one is scrolled into view.
    for (const [group, item] of [
      ['数据监测', '实时数据'],
      ['数据监测', '历史数据'],
      ['统计分析', '综合分析'],
      ['统计分析', '多维分析'],
      ['消息管理', '消息模板'],
      ['消息管理', '消息推送'],
      ['消息管理', '发布通知'],
      ['项目管理', '项目信息'],
      ['项目管理', '站点管理'],
      ['水质监测', '监测数据'],
    ] as const) {
      await openMenuItem(page, group, item);
    }
    await page.setViewportSize({ width: 900, height: 700 });
    await tab(page, '工作台').click();
    await expect(tab(page, '工作台')).toBeInViewport();
    await tab(page, '监测数据').click();
    await expect(tab(page, '监测数据')).toBeInViewport();
  });

  test('the context menu closes left, right, others and all, in the current language', async ({ page }) => {
    for (const [group, item] of [
      ['设备管理', '设备列表'],
      ['管网管理', '检查井'],
      ['二维码', '扫码记录'],
      ['项目管理', '站点管理'],
    ] as const) {
      await openMenuItem(page, group, item);
    }
    const menuAction = async (on: string, action: string) => {
      await tab(page, on).click({ button: 'right' });
      await page.getByRole('menuitem', { name: action }).filter({ visible: true }).click();
      // One context menu at a time: wait for this one to be gone.
      await expect(page.locator('.arco-dropdown').getByRole('menuitem').filter({ visible: true })).toHaveCount(0);
    };
    await menuAction('检查井', '关闭左侧标签页');
    await expect.poll(() => tabNames(page)).toEqual(['工作台', '检查井', '扫码记录', '站点管理']);
    await menuAction('扫码记录', '关闭右侧标签页');
    await expect.poll(() => tabNames(page)).toEqual(['工作台', '检查井', '扫码记录']);
    // The page shown (站点管理) closed: the console moves to the tab acted on.
    await expect.poll(() => hashPath(page)).toBe('/qrcode/scanRecord');
    await menuAction('检查井', '关闭其它标签页');
    await expect.poll(() => tabNames(page)).toEqual(['工作台', '检查井']);
    await menuAction('检查井', '关闭全部标签页');
    await expect.poll(() => tabNames(page)).toEqual(['工作台']);
    await expect.poll(() => hashPath(page)).toBe('/dashboard/workplace');

    await page.getByRole('group', { name: '界面语言' }).getByText('English', { exact: true }).click();
    await openMenuItem(page, 'Devices', 'Device list');
    await tab(page, 'Device list').click({ button: 'right' });
    for (const text of [
      'Reload',
      'Close this tab',
      'Close tabs to the left',
      'Close tabs to the right',
      'Close other tabs',
      'Close all tabs',
    ]) {
      await expect(page.getByRole('menuitem', { name: text }).filter({ visible: true })).toBeVisible();
    }
  });

  test('keeps pages alive: typed text survives a tab switch; refresh re-mounts', async ({ page }) => {
    await page.goto('/#/user/settings');
    const field = page.locator('.page-host[data-page="userSettings"] input[type="password"]').first();
    await field.fill('typed before switching');
    await mark(page, 'userSettings');
    await openMenuItem(page, '设备管理', '设备列表');
    await expect(page.locator('.page-host[data-page="userSettings"]')).toBeHidden();
    await tab(page, '用户设置').click();
    await expect(field).toHaveValue('typed before switching');
    expect(await isMarked(page, 'userSettings')).toBe(true);

    // The redirect helper never becomes a tab, and the refreshed page starts empty.
    await tab(page, '用户设置').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '重新加载' }).click();
    await expect.poll(() => hashPath(page)).toBe('/user/settings');
    await expect(field).toHaveValue('');
    expect(await isMarked(page, 'userSettings')).toBe(false);
    await expect.poll(() => tabNames(page)).toEqual(['工作台', '用户设置', '设备列表']);

    // The refresh button of the bar does the same for the page shown.
    await mark(page, 'userSettings');
    await page.getByRole('button', { name: '重新加载' }).click();
    await expect.poll(() => isMarked(page, 'userSettings')).toBe(false);
  });
});
