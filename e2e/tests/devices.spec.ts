import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, clientAddress, presetSettings, shots, signIn } from './support.ts';

const DEVICES = '/device/deviceList';
const REGIONS = '/device/monitoRingregion';

// An address of its own: failed sign-ins of other journeys never make this one need a captcha.
test.use(clientAddress('devices'));

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let c = 0xffffffff;
  for (const byte of body) c = (CRC[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE((c ^ 0xffffffff) >>> 0);
  return Buffer.concat([head, body, tail]);
}

/** A real (decodable) 32×24 RGB PNG: a site photo as far as the server's sniffing is concerned. */
function photo(): Buffer {
  const [w, h] = [32, 24];
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) raw.set([x * 8, y * 10, 160], y * (w * 3 + 1) + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Counts window.print() calls instead of opening the browser's print dialog. */
async function stubPrint(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
}
const printed = (page: Page) => page.evaluate(() => (window as unknown as { printed: number }).printed);

/** The date `days` before today, as the console's date pickers write it. */
function daysAgo(days: number): string {
  const d = new Date(Date.now() - days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A row of the region tree by the region's name (a branch's accessible name starts with its expand icon's). */
const regionRow = (page: Page, name: string) =>
  page.getByRole('treeitem').filter({ has: page.getByText(name, { exact: true }) });

/** Clicks the visible option of the Select that is open now (closed dropdowns stay in the page). */
const pick = (page: Page, name: string) =>
  page.locator('.arco-select-popup:visible').getByRole('option', { name, exact: true }).click();

test('a new catchment with a drawn boundary, a device type with two metrics, a device in it: filtered, archived with a photo, labelled, counted', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const regionCode = `LC-E-T${stamp}`;
  const regionName = `测试片区${stamp}`;
  const typeCode = `sump_${stamp.toLowerCase()}`;
  const typeName = `集水井监测仪${stamp}`;
  const deviceCode = `SUMP-${stamp}`;
  const deviceName = `集水井 ${stamp}`;
  await stubPrint(page);
  const token = await signIn(page, ADMIN, REGIONS);
  await expect(page.getByRole('heading', { name: '监测区域' })).toBeVisible();
  const map = page.getByRole('application', { name: '区域地图' });
  // MapLibre draws through WebGL; Chromium's software fallback gives headless runs one.
  await expect(map.locator('canvas')).toBeVisible();
  await expect(page.getByText('此浏览器无法显示地图')).toHaveCount(0);

  // A catchment under 城东区, framed on the map by selecting the district first.
  await regionRow(page, '城东区').getByText('城东区', { exact: true }).click();
  await page.getByRole('button', { name: '添加下级：城东区' }).click();
  const regionDrawer = page.getByRole('dialog', { name: '新建区域' });
  await expect(regionDrawer.getByRole('combobox', { name: '上级区域' })).toContainText('城东区');
  await expect(regionDrawer.getByRole('radio', { name: '排水片区' })).toBeChecked();
  await regionDrawer.getByRole('textbox', { name: '区域编码' }).fill(regionCode);
  await regionDrawer.getByRole('textbox', { name: '区域名称' }).fill(regionName);
  await regionDrawer.getByRole('button', { name: '保存' }).click();
  await expect(regionDrawer).toHaveCount(0);
  const regionItem = regionRow(page, regionName);
  await expect(regionItem.getByTitle('0 台设备')).toBeVisible();

  // Its boundary: four clicks on the map around the district's middle, then 完成.
  await regionItem.getByText(regionName, { exact: true }).click();
  await page.getByRole('button', { name: '绘制边界' }).click();
  await expect(page.getByText(`绘制边界：${regionName}`)).toBeVisible();
  const box = await map.boundingBox();
  if (!box) throw new Error('the map has no box');
  for (const [n, [dx, dy]] of (
    [
      [-70, -50],
      [70, -50],
      [70, 50],
      [-70, 50],
    ] as const
  ).entries()) {
    await map.click({ position: { x: box.width / 2 + dx, y: box.height / 2 + dy } });
    await expect(page.getByText(`已添加 ${n + 1} 个`, { exact: false })).toBeVisible();
  }
  await page.getByRole('button', { name: '完成' }).click();
  await expect(page.getByText('边界已保存')).toBeVisible();
  await expect(page.getByRole('button', { name: '删除边界' })).toBeVisible();

  // Where the boundary went, as stored: the device goes in its middle.
  const regions = await (
    await page.request.get('/api/regions/geojson', { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  const feature = regions.data.features.find(
    (f: { properties: { code: string } }) => f.properties.code === regionCode,
  ) as { geometry: { type: string; coordinates: [number, number][][] } };
  expect(feature.geometry.type).toBe('Polygon');
  const ring = feature.geometry.coordinates[0] ?? [];
  expect(ring).toHaveLength(5);
  const corners = ring.slice(0, 4);
  const longitude = Number((corners.reduce((sum, [x]) => sum + x, 0) / 4).toFixed(6));
  const latitude = Number((corners.reduce((sum, [, y]) => sum + y, 0) / 4).toFixed(6));

  // A device type with two metrics.
  await page.goto(`/#${DEVICES}`);
  await expect(page.getByRole('heading', { name: '设备列表' })).toBeVisible();
  await page.getByRole('button', { name: '设备类型', exact: true }).click();
  const catalogue = page.getByRole('dialog', { name: '设备类型目录' });
  await catalogue.getByRole('button', { name: '新建类型' }).click();
  const editor = page.getByRole('dialog', { name: '新建设备类型' });
  await editor.getByRole('textbox', { name: '类型标识', exact: true }).fill(typeCode);
  await editor.getByRole('textbox', { name: '中文名称', exact: true }).fill(typeName);
  await editor.getByRole('textbox', { name: '英文名称', exact: true }).fill(`Sump monitor ${stamp}`);
  const metrics = [
    { key: 'level', zh: '井内液位', en: 'Sump level', unit: 'm', min: '0', max: '8' },
    { key: 'flow', zh: '出水流量', en: 'Outflow', unit: 'm³/h', min: '0', max: '1200' },
  ];
  for (const [index, m] of metrics.entries()) {
    await editor.getByRole('button', { name: '添加指标' }).click();
    const cell = (column: string) => editor.getByLabel(`指标 ${index + 1} ${column}`, { exact: true });
    await cell('标识').fill(m.key);
    await cell('中文名称').fill(m.zh);
    await cell('英文名称').fill(m.en);
    await cell('单位').fill(m.unit);
    await cell('下限').fill(m.min);
    await cell('上限').fill(m.max);
  }
  await editor.getByRole('button', { name: '保存' }).click();
  // The outcome first: a refused save keeps the editor open with its reason, which the failure then names.
  await expect(editor)
    .toHaveCount(0, { timeout: 20_000 })
    .catch(async (error: unknown) => {
      throw new Error(`the type editor stayed open: ${await editor.innerText().catch(() => '(gone)')}`, {
        cause: error,
      });
    });
  await expect(page.getByText('设备类型已创建')).toBeVisible();
  await expect(catalogue.getByText(typeName, { exact: true })).toBeVisible();
  // The catalogue's only close control is an unnamed icon; Escape closes it when focus is inside
  // (after the editor closes, focus may be left on the page instead).
  await catalogue.getByRole('button', { name: '新建类型' }).focus();
  await page.keyboard.press('Escape');
  await expect(catalogue).toHaveCount(0);

  // A device of that type in the new catchment, inside its boundary.
  await page.getByRole('button', { name: '新增设备' }).click();
  const deviceDrawer = page.getByRole('dialog', { name: '新增设备' });
  await deviceDrawer.getByRole('textbox', { name: '设备编号' }).fill(deviceCode);
  await deviceDrawer.getByRole('textbox', { name: '设备名称' }).fill(deviceName);
  await deviceDrawer.getByRole('combobox', { name: '设备类型' }).click();
  await pick(page, typeName);
  await deviceDrawer.getByRole('textbox', { name: '型号' }).fill('LS-200');
  const regionSelect = deviceDrawer.getByRole('combobox', { name: '所属区域' });
  await regionSelect.click();
  await regionSelect.locator('input').fill(stamp);
  await page.getByRole('treeitem', { name: regionName }).click();
  await expect(regionSelect).toContainText(regionName);
  await deviceDrawer.getByLabel('经度', { exact: true }).fill(String(longitude));
  await deviceDrawer.getByLabel('纬度', { exact: true }).fill(String(latitude));
  await deviceDrawer.getByRole('button', { name: '保存' }).click();
  const secret = page.getByRole('dialog', { name: '设备已创建' });
  await expect(secret).toContainText(deviceCode);
  await secret.getByRole('button', { name: '我已保存' }).click();
  await expect(secret).toHaveCount(0);

  // Found by its type, then by keyword too.
  await page.getByRole('combobox', { name: '设备类型' }).click();
  await pick(page, typeName);
  const rows = page.getByRole('table').locator('tbody').getByRole('row');
  await expect(rows).toHaveCount(1);
  const row = rows.filter({ hasText: deviceCode });
  await expect(row).toContainText(deviceName);
  await expect(page.getByText('共 1 台')).toBeVisible();
  // The region waits in the column chooser at this width; shown, it stays for this user.
  await page.getByRole('button', { name: '列设置' }).click();
  const chooser = page.getByRole('tooltip').filter({ hasText: '显示的列' });
  await chooser
    .locator('label')
    .filter({ hasText: /^区域$/ })
    .click();
  await expect(chooser.getByRole('checkbox', { name: '区域' })).toBeChecked();
  await expect(row).toContainText(regionName);
  await page.getByRole('button', { name: '列设置' }).click();
  const keyword = page.getByRole('textbox', { name: '设备编号、名称或序列号' });
  await keyword.fill(deviceName);
  await keyword.press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(row).toBeVisible();
  // The search is in the address: a reload shows the same list.
  await expect(page).toHaveURL(/keyword=/);
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(row).toContainText(regionName);
  await expect(keyword).toHaveValue(deviceName);

  // Its QR label from the list: the sheet, then the browser's print.
  await row.locator('.arco-checkbox').click();
  await page.getByRole('button', { name: '打印标签（1）' }).click();
  const sheet = page.getByRole('dialog', { name: '设备二维码标签' });
  const label = sheet.getByRole('article', { name: deviceCode });
  await expect(label).toContainText(deviceName);
  await expect(label).toContainText(`类型：${typeName}`);
  await expect(label.getByRole('img', { name: `${deviceCode} 的二维码` }).locator('path')).toHaveAttribute('d', /^M\d/);
  await sheet.getByRole('button', { name: '打印' }).click();
  expect(await printed(page)).toBe(1);
  await sheet.getByRole('button', { name: '关闭' }).click();
  await expect(sheet).toHaveCount(0);

  // The detail page: its type's two metrics and an empty archive.
  await row.getByRole('button', { name: `详情：${deviceCode}` }).click();
  await expect(page).toHaveURL(new RegExp(`deviceDetail\\?code=${deviceCode}`));
  await expect(page.getByRole('heading', { name: new RegExp(deviceCode) })).toContainText(deviceName);
  const metricTable = page.getByRole('region', { name: '监测指标' });
  await expect(metricTable.getByRole('row').filter({ hasText: '井内液位' })).toContainText('0 ~ 8');
  await expect(metricTable.getByRole('row').filter({ hasText: '出水流量' })).toContainText('m³/h');
  await expect(page.getByRole('region', { name: '基本信息' })).toContainText(regionName);
  await expect(page.getByRole('application', { name: '设备位置地图' })).toBeVisible();
  const timeline = page.getByRole('region', { name: '设备档案' });
  await expect(timeline.getByText('这台设备还没有档案记录')).toBeVisible();

  // An installation entry; the drawer stays open for the photo.
  await timeline.getByRole('button', { name: '新增记录' }).click();
  const entryDrawer = page.getByRole('dialog', { name: '新增档案记录' });
  await entryDrawer.getByRole('combobox', { name: '记录类型' }).click();
  await pick(page, '安装');
  const installed = daysAgo(3);
  await entryDrawer.getByRole('textbox', { name: '日期' }).fill(installed);
  await entryDrawer.getByRole('textbox', { name: '日期' }).press('Enter');
  await entryDrawer.getByRole('textbox', { name: '执行人' }).fill('泵站运维班 张工');
  await entryDrawer.getByRole('textbox', { name: '说明' }).fill('集水井壁挂安装，投入式液位探头下放 6.5 m');
  await entryDrawer.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已保存，现在可以上传照片或 PDF 附件')).toBeVisible();
  const entryEditor = page.getByRole('dialog', { name: '编辑档案记录' });
  await entryEditor.locator('input[type="file"]').setInputFiles({
    name: '安装照片.png',
    mimeType: 'image/png',
    buffer: photo(),
  });
  await expect(entryEditor.getByRole('button', { name: '下载 安装照片.png' })).toBeVisible();
  await entryEditor.getByRole('button', { name: '取消' }).click();
  await expect(entryEditor).toHaveCount(0);
  await expect(timeline.getByText(installed)).toBeVisible();
  await expect(timeline).toContainText('泵站运维班 张工');
  await expect(timeline).toContainText('投入式液位探头');
  const download = page.waitForEvent('download');
  await timeline.getByRole('button', { name: '下载 安装照片.png' }).click();
  expect((await download).suggestedFilename()).toBe('安装照片.png');

  // The label from the detail page too.
  await page.getByRole('button', { name: '打印标签' }).click();
  await expect(sheet.getByRole('article', { name: deviceCode })).toBeVisible();
  await sheet.getByRole('button', { name: '打印' }).click();
  expect(await printed(page)).toBe(2);
  await sheet.getByRole('button', { name: '关闭' }).click();

  // Back on the regions: the new catchment counts its device, and the map lists it.
  await page.goto(`/#${REGIONS}`);
  await expect(regionItem.getByTitle('1 台设备')).toBeVisible();
  await expect(regionItem.getByTitle('1 台设备')).toHaveText('1');
  const inRegion = page.waitForResponse((r) => r.url().includes('/api/devices') && r.url().includes('regionId='));
  await regionItem.getByText(regionName, { exact: true }).click();
  expect(JSON.stringify(await (await inRegion).json())).toContain(deviceCode);
});

test.describe('screenshots', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`devices, archives and regions, ${locale}, ${theme}`, async ({ page }) => {
        const zh = locale === 'zh-CN';
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.goto('/#/login');
        await page.evaluate((value) => localStorage.setItem('arco-locale', value), locale);
        await presetSettings(page, { theme, tabBar: true });
        const shot = async (name: string) => {
          await page.mouse.move(0, 0);
          await page.screenshot({ path: path.join(shots, `${name}-${locale}-${theme}.png`) });
        };

        await signIn(page, ADMIN, DEVICES);
        const rows = page.getByRole('table').locator('tbody').getByRole('row');
        await expect(rows).toHaveCount(10);
        await shot('devices-list');

        await rows.first().getByRole('button').first().click();
        await expect(page).toHaveURL(/deviceDetail\?code=/);
        const timeline = page.getByRole('region', { name: zh ? '设备档案' : 'Device archive' });
        await expect(timeline.locator('.arco-timeline-item').first()).toBeVisible();
        await expect(
          page.getByRole('application', { name: zh ? '设备位置地图' : 'Map of the device location' }),
        ).toBeVisible();
        // The map fits its region in 600 ms.
        await page.waitForTimeout(1000);
        await shot('devices-detail');

        await page.goto('/#/device/deviceArchives');
        await page.getByRole('tab', { name: zh ? '待校准' : 'Due calibrations' }).click();
        const due = page.getByRole('tabpanel', { name: zh ? '待校准' : 'Due calibrations' });
        await expect(due.locator('tbody').getByRole('row').first()).toBeVisible();
        await shot('devices-archives-calibrations');

        await page.goto(`/#${REGIONS}`);
        // Region names are data: the same in both languages.
        await regionRow(page, '城东区').getByText('城东区', { exact: true }).click();
        await page.waitForTimeout(1000);
        await shot('devices-regions');
      });
    }
  }
});
