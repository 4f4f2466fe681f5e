import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, clientAddress, ingest, signIn } from './support.ts';

// An address of its own: failed sign-ins of other journeys never make this one need a captcha.
test.use(clientAddress('alarms'));

/** Picks an option of an Arco select by the select's accessible name. */
async function choose(page: Page, scope: Locator, box: string, option: string) {
  await scope.getByRole('combobox', { name: box }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Issue 15's journey: the administrator writes a rule; a device's reading trips it (the e2e server
 * runs no simulator: the level gauge reports through the HTTP ingest as it would); the navbar's
 * count and the open list show the alarm live; the administrator acknowledges, comments and clears
 * it; the records list it and export it.
 */
test('an administrator writes a rule, a reading trips it, and the alarm is handled from live list to records', async ({
  page,
}) => {
  const name = `E2E 前池超高液位 ${Date.now() % 100_000}`;
  await ingest(page.request, 'PS03-LT01', { values: { level: 1.4 } });
  await signIn(page, ADMIN, '/sys/callPoliceRule');

  // The rule, written in its drawer: any level gauge at 6.8 m or more.
  await page.getByRole('button', { name: '新增规则' }).click();
  const drawer = page.getByRole('dialog', { name: '新增告警规则' });
  await drawer.getByRole('textbox', { name: '规则名称' }).fill(name);
  await choose(page, drawer, '设备类型', '液位计');
  await choose(page, drawer, '条件组 1 · 条件 1：监测项', '液位 (m)');
  await drawer.getByRole('spinbutton', { name: '条件组 1 · 条件 1：阈值' }).fill('6.8');
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('规则已创建')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  // The open list, live: the gauge's reading raises the alarm without a reload.
  await page.goto('/#/bz/alarm');
  await expect(page.getByRole('heading', { name: '告警预警', level: 1 })).toBeVisible();
  // The navbar's count of active unacknowledged alarms ("告警" alone when there are none).
  const bell = page.getByRole('button', { name: /^告警(：\d+ 条未确认)?$/ });
  const bellName = (n: number) => (n === 0 ? '告警' : `告警：${n} 条未确认`);
  const before = Number((await bell.getAttribute('aria-label'))?.match(/\d+/)?.[0] ?? 0);
  await ingest(page.request, 'PS03-LT01', { values: { level: 7.05 } });
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('PS03-LT01');
  await expect(page.getByRole('button', { name: bellName(before + 1), exact: true })).toBeVisible();

  // Its drawer: acknowledge, comment, clear with a reason; each on the timeline.
  await row.getByRole('button', { name: new RegExp(`查看告警：${name}`) }).click();
  const detail = page.getByRole('dialog', { name: '告警详情' });
  await expect(detail.getByRole('heading', { name })).toBeVisible();
  await detail.getByRole('button', { name: '确认', exact: true }).click();
  await expect(page.getByText('已确认', { exact: true }).first()).toBeVisible();
  await detail.getByRole('button', { name: '添加评论' }).click();
  await detail.getByRole('textbox', { name: '评论' }).fill('已通知泵站值班员到场查看');
  await detail.getByRole('button', { name: '添加评论' }).click();
  const timeline = detail.getByRole('region', { name: '处理记录' });
  // The timeline's entry (the box keeps the text until the answer comes, then empties).
  await expect(timeline.getByRole('paragraph').filter({ hasText: '已通知泵站值班员到场查看' })).toBeVisible();
  await expect(detail.getByRole('textbox', { name: '评论' })).toHaveValue('');
  await detail.getByRole('button', { name: '解除', exact: true }).click();
  const clear = page.getByRole('dialog', { name: `解除告警：${name}` });
  await clear.getByRole('textbox', { name: '解除原因' }).fill('现场确认：液位计探头被杂物遮挡，已清理');
  await clear.getByRole('button', { name: '解除', exact: true }).click();
  await expect(timeline.getByText('现场确认：液位计探头被杂物遮挡，已清理')).toBeVisible();
  await expect(page.getByRole('button', { name: bellName(before), exact: true })).toBeVisible();

  // The records: the alarm is there, cleared and acknowledged, and the export opens.
  await page.goto('/#/bz/pumpLog');
  await expect(page.getByRole('heading', { name: '告警记录', level: 1 })).toBeVisible();
  const record = page.getByRole('row', { name: new RegExp(name) });
  await expect(record).toBeVisible();
  await expect(record).toContainText('已解除');
  await page.getByRole('button', { name: '导出' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: '导出 Excel（XLSX）' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = await download.path();
  expect(file).toBeTruthy();
});
