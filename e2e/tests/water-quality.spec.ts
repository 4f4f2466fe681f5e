import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import readXlsxFile from 'read-excel-file/node';
import { ADMIN, clientAddress, presetSettings, shots, signIn } from './support.ts';

const PAGE = '/water/waterList';
/** The demo's wastewater plant discharge, judged by GB 18918-2002 class 1-A (NH3-N ≤ 5, ≤ 8 at ≤ 12 °C). */
const WWTP = '城东污水处理厂出水';

// An address of its own: failed sign-ins of other journeys never make this one need a captcha.
test.use(clientAddress('water-quality'));

async function api<T>(page: Page, token: string, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(url, { method, data, headers: { Authorization: `Bearer ${token}` } });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(200);
  return body.data as T;
}

async function siteId(page: Page, token: string, code: string): Promise<number> {
  const sites = await api<{ list: { id: number; code: string }[] }>(
    page,
    token,
    'GET',
    `/api/water-quality/sites?keyword=${code}`,
  );
  const site = sites.list.find((s) => s.code === code);
  expect(site, `no site ${code}`).toBeTruthy();
  return site!.id;
}

/** This month in UTC+8, as the compliance table heads its column. */
function utilityMonth(): string {
  return new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
}

test('the lab enters a sample above its limit: red with its cited limit, the compliance rate falls, the monthly report lists it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const token = await signIn(page, ADMIN, `${PAGE}?tab=results`);
  // This morning's composite sample, already entered: within 1-A.
  const ww = await siteId(page, token, 'WW01-OUT');
  const morning = new Date(Date.now() - 3 * 3_600_000).toISOString();
  await api(page, token, 'POST', '/api/water-quality/results', {
    siteId: ww,
    sampleId: 'E2E-AM',
    sampledAt: morning,
    analyst: '王芳',
    values: [
      { parameter: 'nh3n', value: 3.1 },
      { parameter: 'temperature', value: 15.2 },
    ],
  });

  // The compliance table: NH3-N at the plant, this month, 1 of 1.
  await page.getByRole('tab', { name: '达标率' }).click();
  const nh3nRow = () =>
    page.getByRole('row').filter({ has: page.getByRole('button', { name: `查看 ${WWTP} 的 氨氮 历史曲线` }) });
  await expect(nh3nRow().first()).toContainText('100%');

  // The afternoon's grab sample, entered by hand: NH3-N 7.2 mg/L in water at 15.5 °C.
  await page.getByRole('tab', { name: '化验结果' }).click();
  await page.getByRole('button', { name: '录入化验结果' }).click();
  const drawer = page.getByRole('dialog', { name: '录入化验结果' });
  await drawer.getByRole('combobox', { name: '监测点' }).click();
  await page.getByRole('option', { name: new RegExp(WWTP) }).click();
  await drawer.getByRole('textbox', { name: '样品编号' }).fill('E2E-PM');
  await drawer.getByRole('textbox', { name: '化验员' }).fill('李娜');
  await drawer.getByRole('combobox', { name: '第 1 行 指标' }).click();
  await page.getByRole('option', { name: '氨氮', exact: true }).click();
  await drawer.getByLabel('第 1 行 数值').fill('7.2');
  await drawer.getByRole('button', { name: '添加指标' }).click();
  await drawer.getByRole('combobox', { name: '第 2 行 指标' }).click();
  await page.getByRole('option', { name: '水温', exact: true }).click();
  await drawer.getByLabel('第 2 行 数值').fill('15.5');
  // Red before it is saved: above the warm-water limit of 5.
  const preview = drawer.getByLabel('第 1 行 评价预览');
  await expect(preview).toContainText('超标');
  await expect(preview).toContainText('≤5');
  await drawer.getByRole('button', { name: '保存' }).click();
  const saved = page.getByRole('region', { name: '样品 E2E-PM 的评价结果（已保存）' });
  await expect(saved).toContainText('其中 1 项超标');
  await page.keyboard.press('Escape');

  // Latest: the plant's NH3-N red, with the limit that applied and the table it is cited from.
  await page.getByRole('tab', { name: '最新评价' }).click();
  const card = page.getByRole('article', { name: new RegExp(WWTP) });
  const row = card.getByRole('row').filter({ hasText: '7.2' });
  await expect(row).toContainText('超标');
  await expect(row).toContainText('≤5');
  await row.getByText('≤5').first().hover();
  await expect(page.getByRole('tooltip')).toContainText('GB 18918-2002 表1 第8项');

  // The rate falls: 1 of 2 this month.
  await page.getByRole('tab', { name: '达标率' }).click();
  await expect(nh3nRow().first()).toContainText('50.0%');

  // The monthly report: the exceeding result listed with its limit and citation.
  await page.getByRole('button', { name: '导出月报' }).click();
  const dialog = page.getByRole('dialog', { name: '导出水质月报（XLSX）' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: '下载' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`水质达标月报-${utilityMonth()}.xlsx`);
  const file = await download.path();
  // Every sheet's cells (the rates, and the exceedances with their limits).
  const cells = (await readXlsxFile(file)).flatMap((s) => s.data.flat()).map(String);
  expect(cells).toContain(WWTP);
  expect(cells.some((c) => c.includes('7.2'))).toBe(true);
  expect(cells.some((c) => c.includes('GB 18918-2002 表1 第8项'))).toBe(true);
});

test.describe('screenshots', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`water quality, ${locale}, ${theme}`, async ({ page }) => {
        const zh = locale === 'zh-CN';
        await page.setViewportSize({ width: 1366, height: 768 });
        await page.goto('/#/login');
        await page.evaluate((value) => localStorage.setItem('arco-locale', value), locale);
        await presetSettings(page, { theme, tabBar: true });
        const shot = async (name: string) => {
          await page.mouse.move(0, 0);
          await page.screenshot({ path: path.join(shots, `${name}-${locale}-${theme}.png`) });
        };
        await signIn(page, ADMIN, PAGE);
        await expect(page.getByRole('article').first()).toBeVisible();
        await shot('water-quality-latest');
        await page.getByRole('tab', { name: zh ? '限值标准' : 'Limit sets' }).click();
        await expect(page.getByText('GB 3838-2002').first()).toBeVisible();
        await shot('water-quality-limit-sets');
      });
    }
  }
});
