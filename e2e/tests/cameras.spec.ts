import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { shots, signIn } from './support.ts';

/**
 * Cameras (issue 19), one journey: an operator watches four demo cameras in the live grid (each
 * tile's video time runs on), takes a snapshot (a PNG downloads), shares one camera from the registry
 * with a public link that plays without sign-in, and the public page refuses the link once its time
 * is over, once revoked, and when forged.
 */

interface CameraRow {
  id: number;
  code: string;
  name: string;
}

async function demoCameras(request: APIRequestContext, token: string): Promise<CameraRow[]> {
  const res = await request.get('/api/cameras?keyword=PS0&pageSize=50', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(200);
  return (body.data.list as CameraRow[])
    .filter((c) => /^PS0[1-4]-CAM01$/.test(c.code))
    .sort((a, b) => a.code.localeCompare(b.code));
}

const videoTimes = (page: Page) =>
  page.evaluate(() => Array.from(document.querySelectorAll('video'), (v) => v.currentTime));

test('the live grid plays, a snapshot downloads, and a public link plays until it is over', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const token = await signIn(page, undefined, '/dashboard/workplace');
  const four = await demoCameras(page.request, token);
  expect(four.map((c) => c.code)).toEqual(['PS01-CAM01', 'PS02-CAM01', 'PS03-CAM01', 'PS04-CAM01']);

  // The live grid, as a deep link (the station detail and the registry open it so).
  await page.goto(`/#/bz/camera?grid=4&cameras=${four.map((c) => c.id).join(',')}`);
  await expect(page.locator('video')).toHaveCount(4);
  for (const c of four) await expect(page.locator(`video[aria-label="${c.name}"]`)).toBeVisible();
  await expect.poll(async () => Math.min(...(await videoTimes(page))), { timeout: 30_000 }).toBeGreaterThan(0.5);
  const first = await videoTimes(page);
  await expect
    .poll(async () => (await videoTimes(page)).every((t, i) => t > (first[i] ?? 0) + 1.5), { timeout: 20_000 })
    .toBe(true);
  await page.screenshot({ path: `${shots}/cameras-live-grid.png` });

  // A snapshot of the first tile: a PNG named after the camera and the moment.
  const tile = page.locator('video').first();
  await tile.hover();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '截图' }).first().click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^PS01-CAM01-\d{8}-\d{6}\.png$/);
  const png = await readFile(await download.path());
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.length).toBeGreaterThan(5_000);

  // A public link to PS01's camera, made in the registry for the emergency office.
  const ps01 = four[0] as CameraRow;
  await page.goto('/#/bz/cameraList?keyword=PS01-CAM01');
  await page.getByRole('button', { name: `摄像头 ${ps01.name} 的公开链接` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: '发给谁' }).fill('应急办 王科长');
  await dialog.getByRole('button', { name: '生成链接' }).click();
  const made = dialog.getByRole('region', { name: '链接已生成' });
  await expect(made).toBeVisible();
  const link = (await made.locator('code').textContent()) ?? '';
  expect(link).toMatch(/#\/bz\/cameraDetails\?token=\d+\.\d+\.\d+\.[\w-]{32}$/);
  const path = link.slice(link.indexOf('#'));

  // Opened by someone without an account: that camera plays, and nothing else of the console shows.
  const visitor = await browser.newContext({ baseURL });
  const outside = await visitor.newPage();
  await outside.goto(`/${path}`);
  await expect(outside.getByRole('heading', { name: ps01.name })).toBeVisible();
  await expect(outside.getByText(/链接有效至/)).toBeVisible();
  await expect.poll(async () => (await videoTimes(outside))[0] ?? 0, { timeout: 30_000 }).toBeGreaterThan(1);
  await expect(outside.locator('.navbar__user')).toHaveCount(0);
  await outside.screenshot({ path: `${shots}/cameras-public-playing.png` });

  // The same link an hour and a minute later (the visitor's clock; the server refuses an expired link
  // by its own clock in the API tests): the page says it is over and plays nothing.
  const later = await browser.newContext({ baseURL });
  await later.clock.install({ time: Date.now() + 61 * 60_000 });
  const late = await later.newPage();
  await late.goto(`/${path}`);
  await expect(late.getByText('链接已失效', { exact: true })).toBeVisible();
  await expect(late.locator('video')).toHaveCount(0);
  await later.close();

  // A forged link (one digit of the expiry changed): refused by the server.
  const forged = path.replace(
    /(token=\d+\.\d+\.)(\d)/,
    (_all, head: string, d: string) => `${head}${(Number(d) + 1) % 10}`,
  );
  await outside.goto('about:blank');
  await outside.goto(`/${forged}`);
  await expect(outside.getByText('链接无效', { exact: true })).toBeVisible();
  await expect(outside.getByText('链接无效：它不是本系统生成的，或已被改动')).toBeVisible();
  await expect(outside.locator('video')).toHaveCount(0);

  // Revoked in the registry: the genuine link no longer opens.
  await dialog.getByRole('button', { name: /^撤销 .* 到期的链接$/ }).click();
  await page.getByRole('button', { name: '撤销', exact: true }).click();
  await expect(dialog.getByText('已撤销')).toBeVisible();
  await outside.goto('about:blank');
  await outside.goto(`/${path}`);
  await expect(outside.getByText('链接已失效', { exact: true })).toBeVisible();
  await expect(outside.getByText('链接已被撤销')).toBeVisible();
  await expect(outside.locator('video')).toHaveCount(0);
  await visitor.close();
});
