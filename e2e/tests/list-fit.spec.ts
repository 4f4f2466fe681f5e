import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

// Issue 13: at 1366×768, in both languages, every list shows its default columns without a
// horizontal scroll (less important ones wait in the column chooser).
const LISTS = [
  '/device/deviceList',
  '/device/deviceArchives',
  '/organizationss/organManagers',
  '/organizationss/deptManager',
  '/organizationss/memberManager',
  '/dashboard/content',
  '/callPolice/callPoliceMessage',
  '/callPolice/callPoliceNotification',
  '/callPolice/callPolicePush',
  '/uuuser/manager',
  '/uuuser/roleManager',
  '/sys/menuManager',
  '/sys/logManager',
  '/sys/pumpingSystem',
  '/sys/callPoliceRule',
  '/sys/device-offline-alarm-rule',
  '/bz/pumpStationList',
  '/bz/alarm',
  '/bz/pumpLog',
  '/water/waterList?tab=results',
  '/water/waterList?tab=sites',
  '/bz/cameraList',
  '/bz/cameraList?tab=platforms',
];
/** Lists that show cards until the table is chosen: the label of that choice. */
const TABLE_VIEW: Record<string, Record<'zh-CN' | 'en-US', string>> = {
  '/bz/pumpStationList': { 'zh-CN': '表格', 'en-US': 'Table' },
};

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`every list's default columns fit 1366×768 without scrolling, ${locale}`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/#/login');
    await page.evaluate((value) => localStorage.setItem('arco-locale', value), locale);
    await signIn(page, undefined, '/dashboard/workplace');
    for (const path of LISTS) {
      await page.goto(`/#${path}`);
      const tableView = TABLE_VIEW[path]?.[locale];
      if (tableView) await page.locator('.page-host:not([hidden])').getByText(tableView, { exact: true }).click();
      const table = page.locator('.page-host:not([hidden]) .arco-table-container').first();
      await expect(table.locator('tbody tr').first()).toBeVisible();
      const { content, room } = await table.evaluate((el) => ({
        content: Math.max(...Array.from(el.querySelectorAll('table'), (t) => t.offsetWidth)),
        room: el.clientWidth,
      }));
      expect(content, `${path} in ${locale}: the table is ${content} px wide in ${room} px`).toBeLessThanOrEqual(room);
    }
  });
}
