import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { publishNoticeToUsers } from './notices-api.ts';
import { clientAddress, presetSettings, shots, signIn, USER } from './support.ts';

test.use(clientAddress('workplace'));

const workplace = (page: Page) => page.locator('.page-host[data-page="Workplace"]');

test.describe('the Workplace', () => {
  test('renders every widget from the seeded data, signed in as user', async ({ page, request }) => {
    const title = `管网巡检加密通知 第${(Date.now() % 900) + 100}号`;
    await publishNoticeToUsers(request, title, { contentHtml: '<p>管网巡检<strong>加密</strong>一周。</p>' });
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signIn(page, USER, '/dashboard/workplace');
    const wp = workplace(page);

    await expect(wp.getByRole('heading', { name: /^欢迎回来，/ })).toBeVisible();
    const panel = wp.getByRole('region', { name: '数据概览' });
    for (const label of ['待处理工单', '待续期设备', '在线内容']) {
      await expect(panel.getByText(label, { exact: true })).toBeVisible();
    }
    // The operations row (issue 14): stations by state, devices online, water pumped today.
    const ops = panel.getByRole('region', { name: '运行概况' });
    for (const label of ['运行泵站', '故障泵站', '离线泵站', '在线设备', '今日抽排水量']) {
      await expect(ops.getByText(label, { exact: true })).toBeVisible();
    }
    // The utility's SMS balance is for the roles that may see the SMS account, not the plain user.
    await expect(panel.getByText('短信账户余额', { exact: true })).toHaveCount(0);
    await expect(panel.getByText(/¥[\d,]+\.\d\d/)).toHaveCount(0);

    // Both charts draw on a canvas and carry their figures as text.
    const line = wp.getByRole('img', { name: /近 8 日内容浏览量/ });
    await expect(line.locator('canvas')).toBeVisible();
    expect((await line.getAttribute('aria-label'))?.match(/\d{4}-\d\d-\d\d/g)).toHaveLength(8);
    const donut = wp.getByRole('img', { name: /已发布内容按类别/ });
    await expect(donut.locator('canvas')).toBeVisible();

    const popular = wp.getByRole('table');
    await expect(popular.getByRole('row')).toHaveCount(6);
    const textTitles = await popular.locator('tbody tr td:nth-child(2)').allTextContents();
    await wp.getByText('视频', { exact: true }).click();
    await expect(popular.locator('tbody tr td:nth-child(2)').first()).not.toHaveText(textTitles[0] ?? '');
    // Five of each type: the seed has six videos, so the list is the five most viewed.
    await expect(popular.locator('tbody tr')).toHaveCount(5);
    const videoTitles = await popular.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(videoTitles.filter((t) => textTitles.includes(t))).toEqual([]);
    await wp.getByText('图片', { exact: true }).click();
    await expect(popular.locator('tbody tr td:nth-child(2)').first()).not.toHaveText(videoTitles[0] ?? '');
    await expect(popular.locator('tbody tr')).toHaveCount(5);

    // The notice published above reached the user: it opens with its (sanitised) HTML.
    await wp.getByRole('button', { name: new RegExp(title) }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('article', { name: '公告正文' }).locator('strong')).toHaveText('加密');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // Quick operations: chosen from the user's own menu, saved on the server.
    await wp.getByRole('button', { name: '管理' }).click();
    const picker = page.getByRole('dialog', { name: '选择快捷操作' });
    await picker.getByText('设备列表', { exact: true }).click();
    await expect(picker.getByRole('checkbox', { name: '设备列表' })).toBeChecked();
    await picker.getByRole('button', { name: '保存' }).click();
    await expect(
      wp.getByRole('navigation', { name: '快捷操作' }).getByRole('button', { name: '设备列表' }),
    ).toBeVisible();

    // Recently visited: a completed navigation is recorded and labelled from the route registry.
    await wp.getByRole('navigation', { name: '快捷操作' }).getByRole('button', { name: '设备列表' }).click();
    await expect(page).toHaveURL(/#\/device\/deviceList/);
    await page.goto('/#/dashboard/workplace');
    await page.reload();
    await expect(
      workplace(page).getByRole('navigation', { name: '最近访问' }).getByRole('button', { name: '设备列表' }),
    ).toBeVisible();
  });

  for (const locale of ['zh-CN', 'en-US'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`screenshot, ${locale}, ${theme}`, async ({ page }) => {
        await page.setViewportSize({ width: 1440, height: 1000 });
        await page.goto('/#/login');
        await page.evaluate((value) => localStorage.setItem('arco-locale', value), locale);
        await presetSettings(page, { theme, tabBar: true });
        await signIn(page, USER, '/dashboard/workplace');
        const wp = workplace(page);
        await expect(wp.getByRole('img').first().locator('canvas')).toBeVisible();
        await expect(wp.locator('.arco-skeleton')).toHaveCount(0);
        await expect(wp.getByRole('table').getByRole('row')).toHaveCount(6);
        // ECharts animates in; the picture is of the drawn chart.
        await page.waitForTimeout(1200);
        await page.mouse.move(0, 0);
        await page.screenshot({ path: path.join(shots, `workplace-${locale}-${theme}.png`), fullPage: true });
      });
    }
  }
});
