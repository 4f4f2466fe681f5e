import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ADMIN, clientAddress, ingest, openMenuItem, signIn } from './support.ts';

// An address of its own: failed sign-ins of other journeys never make this one need a captcha.
test.use(clientAddress('pump-stations'));

interface LiveStation {
  id: number;
  code: string;
  name: string;
}

/**
 * Issue 14's journey after the public home (public-home.spec.ts): an operator signs in, watches a
 * station's level move on the real-time list without a reload, opens its mimic, finds it on the map,
 * reads its history and exports the daily table. The e2e server runs no simulator: the station's
 * devices report through the HTTP ingest as a gateway would.
 */
test('an operator follows a station live, opens its mimic, the map and its history, and exports the daily table', async ({
  page,
}) => {
  const now = Date.now();
  // A pump that ran and a flow that was measured this last hour, so the daily table has figures.
  await ingest(page.request, 'PS01-P1', {
    points: [
      { ts: now - 50 * 60_000, values: { running: true } },
      { ts: now - 20 * 60_000, values: { running: false } },
    ],
  });
  await ingest(page.request, 'PS01-FM01', { points: [{ ts: now - 40 * 60_000, values: { flow: 900 } }] });
  await ingest(page.request, 'PS01-LT01', { values: { level: 1.5 } });

  const token = await signIn(page, ADMIN, '/bz/pumpStationList');
  const answer = await page.request.get('/api/pump-stations/live?keyword=PS01', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const ps01 = ((await answer.json()).data.list as LiveStation[]).find((s) => s.code === 'PS01');
  expect(ps01, 'the demo city has PS01').toBeTruthy();
  const { id, name } = ps01 as LiveStation;

  // The list, live: the level a gateway reports moves the station's bar without a reload.
  await expect(page.getByRole('heading', { name: '实时数据', level: 1 })).toBeVisible();
  const level = page.getByRole('meter', { name: `${name} 液位` }).first();
  await expect(level).toHaveAttribute('aria-valuenow', '1.5');
  await expect(page.getByRole('status', { name: '实时通道' })).toContainText('实时推送中');
  await ingest(page.request, 'PS01-LT01', { values: { level: 2.75 } });
  await expect(level).toHaveAttribute('aria-valuenow', '2.75');

  // The table shows the same station; the choice of view survives a reload.
  await page.getByText('表格', { exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await page.getByText('卡片', { exact: true }).click();

  // The detail: the mimic drawn from the station's configuration, in the list's own address.
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`station=${id}`));
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const mimic = page.getByRole('img', { name: new RegExp(`^${name} 工艺图`) });
  await expect(mimic).toBeVisible();
  await expect(mimic.getByRole('group').first()).toBeVisible();
  // Its open alarms are the alarm records (none, or the list), not derived from the live state.
  await expect(page.getByText('无活动告警').or(page.getByRole('list', { name: '本站活动告警' }))).toBeVisible();
  await expect(page.getByText('由实时状态推算')).toHaveCount(0);
  await page.getByRole('link', { name: '返回列表' }).click();
  await expect(page.getByRole('meter', { name: `${name} 液位` }).first()).toBeVisible();

  // The map: the station from the list beside it opens its popup, whose link leads back to the detail.
  await openMenuItem(page, '泵站系统', '云图');
  await expect(page.getByRole('application', { name: /^泵站云图/ })).toBeVisible();
  await page
    .getByRole('region', { name: '泵站列表' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  const popup = page.getByRole('region', { name, exact: true });
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('link', { name: '查看详情' })).toHaveAttribute(
    'href',
    new RegExp(`pumpStationList\\?station=${id}$`),
  );

  // The history: the station's chart and its daily table, exported as CSV.
  await page.goto(`/#/bz/history-data?station=${id}`);
  await expect(page.getByRole('heading', { name: '每日统计' })).toBeVisible();
  await page.getByRole('button', { name: '导出日报' }).click();
  const downloaded = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: '导出 CSV' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await download.path()) as string, 'utf8');
  // A BOM for Excel, the header in the operator's language, one row per utility day and the totals.
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv.split('\n')[0]).toContain('日期');
  expect(csv.trim().split('\n').length).toBeGreaterThanOrEqual(3);
});
