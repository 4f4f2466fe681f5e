import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, clientAddress, ingest, presetSettings, shots, signIn } from './support.ts';

const REAL_TIME = '/timeData/realTimeData';
const HISTORY = '/timeData/historyData';
const HOUR = 3_600_000;

// An address of its own: failed sign-ins of other journeys never make this one need a captcha.
test.use(clientAddress('monitoring'));

/** The monitoring point of a device, as the board's snapshot gives it. */
async function pointOf(page: Page, token: string, code: string) {
  const response = await page.request.get(`/api/monitoring/points?keyword=${code}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = await response.json();
  const point = body.data.list.find((p: { code: string }) => p.code === code);
  expect(point, `no monitoring point ${code}`).toBeTruthy();
  return point as { deviceId: number; stationId: number; stationName: string };
}

/** ISO 8601 in the utility's zone, as the export writes it. */
const beijing = (ms: number) => {
  const wall = new Date(ms + 8 * HOUR).toISOString();
  return `${wall.slice(0, new Date(ms).getUTCMilliseconds() ? 23 : 19)}+08:00`;
};

/**
 * 30 days of hourly wet-well levels for PS02-LT01, on whole hours: posting again within the hour
 * adds nothing (the same device, metric and time is a duplicate), so every test may ask for them.
 */
const HISTORY_DEVICE = 'PS02-LT01';
function thirtyDays() {
  const last = Math.floor(Date.now() / HOUR) * HOUR;
  return Array.from({ length: 720 }, (_, i) => ({
    ts: last - (719 - i) * HOUR,
    level: Number((2 + Math.sin(i / 12) + (i % 5) / 100).toFixed(2)),
  }));
}
const postThirtyDays = (request: APIRequestContext, points: ReturnType<typeof thirtyDays>) =>
  ingest(request, HISTORY_DEVICE, { points: points.map((p) => ({ ts: p.ts, values: { level: p.level } })) });

test('the real-time board shows a published level within seconds, flashing', async ({ page }) => {
  // A first reading, so the card has a value to change from.
  await ingest(page.request, 'PS01-LT01', { values: { level: 2.35 } });
  const token = await signIn(page, ADMIN, REAL_TIME);
  const point = await pointOf(page, token, 'PS01-LT01');
  await page.goto(`/#${REAL_TIME}?stationId=${point.stationId}`);
  await expect(page.getByRole('heading', { name: '实时数据' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: '站点' })).toContainText(point.stationName);

  const card = page.getByRole('article', { name: /PS01-LT01/ });
  const level = card.locator('.monitoring-metric').filter({ has: page.getByText('液位', { exact: true }) });
  const value = level.locator('.monitoring-metric__number');
  await expect(value).toHaveText('2.35');
  await expect(value).not.toHaveAttribute('data-flash', 'true');
  // Only the station's devices are on the board.
  for (const code of await page.locator('.monitoring-card__code').allTextContents()) {
    expect(code).toMatch(/^PS01-/);
  }

  // The live channel has subscribed once the board is drawn; a new reading then arrives within seconds.
  await page.waitForTimeout(500);
  const published = Date.now();
  await ingest(page.request, 'PS01-LT01', { values: { level: 3.17 } });
  await expect(value).toHaveText('3.17', { timeout: 5000 });
  expect(Date.now() - published).toBeLessThan(5000);
  await expect(value).toHaveClass(/monitoring-metric__number--flash/);
  await expect(value).toHaveAttribute('data-flash', 'true');
});

test('the history page draws 30 days of hourly readings, lists them and exports a CSV that holds them', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const points = thirtyDays();
  const first = await postThirtyDays(page.request, points);
  expect(first.accepted + first.duplicates).toBe(720);
  expect(first.rejected).toBe(0);

  const token = await signIn(page, ADMIN, HISTORY);
  const { deviceId } = await pointOf(page, token, HISTORY_DEVICE);
  await page.goto(`/#${HISTORY}?devices=${deviceId}&series=${deviceId}:level&range=30d`);
  await expect(page.getByRole('heading', { name: '历史数据' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '近 30 天' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: '液位 (m)' })).toBeChecked();

  // 720 points fit under the chart's 2,000: raw readings, drawn on a canvas (legend included).
  await expect(page.getByText('数据粒度：原始数据')).toBeVisible();
  const chart = page.getByRole('img', { name: /^1 条历史曲线/ });
  await expect(chart.locator('canvas').first()).toBeVisible();
  const box = await chart.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThan(300);

  // The table: newest first, 20 to a page. The demo seed gave the device its last hours of raw
  // readings too, so the total is ours (720) and theirs: the export must hold exactly as many.
  await page.getByRole('tab', { name: '表格' }).click();
  const table = page.locator('.monitoring-history__table');
  await expect(table.locator('tbody tr')).toHaveCount(20);
  const totalText = await table.getByText(/^共 \d+ 条$/).textContent();
  const total = Number(/\d+/.exec(totalText ?? '')?.[0]);
  expect(total).toBeGreaterThanOrEqual(720);

  // Every raw reading as CSV, through the Export menu; the progress dialog closes when it is saved.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  await page.getByRole('menuitem', { name: 'CSV：全部原始数据' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^历史数据-\d{8}-\d{8}\.csv$/);
  await expect(page.getByText('导出完成')).toBeVisible();
  await expect(page.getByRole('dialog', { name: /正在导出/ })).toHaveCount(0);

  const text = await readFile(await file.path(), 'utf8');
  expect(text.startsWith('\uFEFF"时间","设备编码","设备名称","指标","单位","数值"\r\n')).toBe(true);
  const lines = text.slice(1).split('\r\n').filter(Boolean);
  expect(lines).toHaveLength(1 + total);
  // Every one of the 30 days' hours is in it; a reading from days ago with its value as posted.
  const times = new Set(lines.slice(1).map((line) => line.slice(1, line.indexOf('"', 1))));
  expect(points.filter((p) => !times.has(beijing(p.ts)))).toEqual([]);
  const known = points[500]!;
  const row = lines.find((line) => line.startsWith(`"${beijing(known.ts)}"`));
  expect(row).toMatch(new RegExp(`^"[^"]+","${HISTORY_DEVICE}","[^"]+","液位","m","${known.level}"$`));
  // In time order.
  expect([...times]).toEqual([...times].sort());
});

test.describe('screenshots', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`real-time board and history, ${locale}, ${theme}`, async ({ page }) => {
        // Two shared cores: the board of a whole station and the chart take their time to draw.
        test.setTimeout(90_000);
        const zh = locale === 'zh-CN';
        await page.setViewportSize({ width: 1440, height: 900 });
        // Readings for the station's board, and the 30 days for the chart (duplicates after the first run).
        const now = Date.now();
        await ingest(page.request, 'PS01-LT01', { ts: now - 60_000, values: { level: 2.86 } });
        await ingest(page.request, 'PS01-FM01', {
          ts: now - 60_000,
          values: { flow: 812.4, total: 1_284_330, velocity: 1.32 },
        });
        await ingest(page.request, 'PS01-P1', {
          ts: now - 60_000,
          values: {
            running: true,
            frequency: 45.5,
            current: 182.3,
            voltage: 398,
            power: 90.2,
            run_hours: 12_870,
            fault: false,
          },
        });
        await postThirtyDays(page.request, thirtyDays());

        await page.goto('/#/login');
        await page.evaluate((value) => localStorage.setItem('arco-locale', value), locale);
        await presetSettings(page, { theme, tabBar: true });
        const shot = async (name: string) => {
          await page.mouse.move(0, 0);
          await page.screenshot({ path: path.join(shots, `${name}-${locale}-${theme}.png`) });
        };

        const token = await signIn(page, ADMIN, REAL_TIME);
        const station = await pointOf(page, token, 'PS01-LT01');
        await page.goto(`/#${REAL_TIME}?stationId=${station.stationId}`);
        await expect(page.getByRole('article', { name: /PS01-LT01/ })).toBeVisible();
        await expect(page.locator('.monitoring-metric__number').first()).toBeVisible();
        await shot('monitoring-realtime');

        const { deviceId } = await pointOf(page, token, HISTORY_DEVICE);
        await page.goto(`/#${HISTORY}?devices=${deviceId}&series=${deviceId}:level&range=30d`);
        await expect(page.getByText(zh ? '数据粒度：原始数据' : 'Resolution: raw')).toBeVisible();
        await expect(page.locator('.monitoring-history__chart canvas').first()).toBeVisible();
        // ECharts animates the line in.
        await page.waitForTimeout(1200);
        await shot('monitoring-history');

        await page.getByRole('tab', { name: zh ? '表格' : 'Table' }).click();
        await expect(page.locator('.monitoring-history__table tbody tr')).toHaveCount(20);
        await page.getByRole('button', { name: zh ? '导出' : 'Export' }).click();
        await expect(page.getByRole('menuitem', { name: zh ? 'XLSX：当前粒度' : 'XLSX, as shown' })).toBeVisible();
        await shot('monitoring-history-table');
      });
    }
  }
});
