import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, clientAddress, hashPath, presetSettings, shots, sideMenu, signIn, USER } from './support.ts';

const NOTICES = '/callPolice/callPoliceNotification';

// An address of its own: failed sign-ins of other journeys never make this one need a captcha.
test.use(clientAddress('notices'));

async function apiToken(request: APIRequestContext, account = ADMIN): Promise<string> {
  const response = await request.post('/api/user/login', { data: account });
  const body = await response.json();
  expect(body.code, body.msg).toBe(200);
  return body.data.token as string;
}

async function api<T>(request: APIRequestContext, token: string, method: string, url: string, data?: unknown) {
  const response = await request.fetch(`/api${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  const body = await response.json();
  expect(body.code, body.msg).toBe(200);
  return body.data as T;
}

/** Pastes HTML into the focused editor as a browser would from the clipboard. */
async function pasteHtml(page: Page, html: string, text: string) {
  await page.getByRole('textbox', { name: '通知正文编辑器' }).evaluate(
    (editor, { html, text }) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', text);
      editor.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { html, text },
  );
}

test('the admin writes a formatted notice with a script-bearing paste, publishes it to users with SMS: 0 of 4 read', async ({
  page,
  request,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const title = `停水通知 ${Date.now()}`;
  await signIn(page, ADMIN, NOTICES);
  await expect(page.getByRole('heading', { name: '通知公告' })).toBeVisible();

  await page.getByRole('button', { name: '新建通知' }).click();
  const drawer = page.locator('.notice-drawer');
  await expect(drawer.getByText('新建通知')).toBeVisible();

  // The contract's rule, in the console's language, before anything is sent.
  await drawer.getByRole('button', { name: '保存草稿' }).click();
  await expect(drawer.getByText('必填', { exact: true })).toBeVisible();

  await drawer.getByRole('textbox', { name: '标题' }).fill(title);
  await drawer.getByText('重要', { exact: true }).click();
  await drawer.getByText('指定角色', { exact: true }).click();
  await drawer.getByText('普通用户', { exact: true }).click();
  // Also by SMS: the four demo users of the role each have a phone, and the seeded balance pays.
  await drawer.getByText('同时发送短信（按接收人计费）', { exact: true }).click();
  await expect(drawer.getByRole('checkbox', { name: '同时发送短信（按接收人计费）' })).toBeChecked();

  const editor = drawer.getByRole('textbox', { name: '通知正文编辑器' });
  await editor.click();
  await drawer.getByRole('button', { name: '加粗' }).click();
  await editor.pressSequentially('明日停水');
  await drawer.getByRole('button', { name: '加粗' }).click();
  await editor.pressSequentially('，请提前储水。');
  await editor.press('Enter');
  await pasteHtml(
    page,
    '<p>详见<em>附件</em><script>alert("pasted")</script><img src="x" onerror="alert(\'img\')"></p>',
    '详见附件',
  );
  await editor.press('Enter');
  await editor.pressSequentially('<script>alert(1)</script>');

  await drawer.getByRole('button', { name: '保存草稿' }).click();
  await expect(drawer.getByText(/草稿已保存。以下为服务器实际保存的内容/)).toBeVisible();
  const stored = drawer.locator('.notice-content');
  await expect(stored.locator('strong')).toHaveText('明日停水');
  await expect(stored.locator('em')).toHaveText('附件');
  // Typed as text it stays text; pasted as markup it does not survive.
  await expect(stored).toContainText('<script>alert(1)</script>');
  await expect(stored.locator('script, img, [onerror]')).toHaveCount(0);
  await drawer.getByRole('button', { name: '关闭' }).click();

  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('草稿')).toBeVisible();
  await expect(row.getByText('角色：普通用户')).toBeVisible();
  await row.getByRole('button', { name: `发布：${title}` }).click();
  await page.locator('.arco-popconfirm').getByRole('button', { name: '发布' }).click();
  // The publisher learns at once how the SMS copies fared.
  await expect(page.getByText('已发布，短信已发送 4 条')).toBeVisible();
  await expect(row.getByText('已发布')).toBeVisible();
  await expect(row.getByText('0 / 4')).toBeVisible();
  await expect(row.getByRole('button', { name: `撤回：${title}` })).toBeVisible();
  await expect(row.getByRole('button', { name: `编辑：${title}` })).toHaveCount(0);

  // What the server keeps is what the preview showed.
  const token = await apiToken(request);
  const list = await api<{ list: { id: number; title: string }[] }>(
    request,
    token,
    'GET',
    `/notices?keyword=${encodeURIComponent(title)}`,
  );
  const id = list.list[0]?.id;
  const notice = await api<{ contentHtml: string; recipients: number; reads: number }>(
    request,
    token,
    'GET',
    `/notices/${id}`,
  );
  expect(notice.contentHtml).toContain('<strong>明日停水</strong>');
  expect(notice.contentHtml).not.toMatch(/<script|onerror|<img/i);
  expect(notice).toMatchObject({ recipients: 4, reads: 0 });
  expect(dialogs).toEqual([]);
});

test('a notice to a department with a PDF attached: its member downloads the file from the Workplace and it is read', async ({
  page,
  browser,
}) => {
  const title = `泵站检修通知 ${Date.now()}`;
  await signIn(page, ADMIN, NOTICES);
  await page.getByRole('button', { name: '新建通知' }).click();
  const drawer = page.locator('.notice-drawer');
  await drawer.getByRole('textbox', { name: '标题' }).fill(title);
  await drawer.getByText('指定部门', { exact: true }).click();
  // Checking 排水管理部 reaches 泵站运维班 below it, where `user` works.
  await drawer.getByRole('combobox', { name: '接收部门' }).click();
  await page
    .getByRole('treeitem', { name: /排水管理部/ })
    .locator('.arco-checkbox')
    .click();
  // Escape would close the drawer too: a click elsewhere closes the tree.
  await drawer.getByRole('textbox', { name: '标题' }).click();
  await expect(drawer.getByText('先保存草稿，再添加附件')).toBeVisible();
  const editor = drawer.getByRole('textbox', { name: '通知正文编辑器' });
  await editor.click();
  await editor.pressSequentially('1 号泵站 3 号泵本周四停机检修，详见附件。');
  await drawer.getByRole('button', { name: '保存草稿' }).click();
  await expect(drawer.getByText(/草稿已保存/)).toBeVisible();
  await expect(drawer.getByText('部门：1 个')).toBeVisible();
  await drawer.getByRole('button', { name: '继续编辑' }).click();

  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const chooser = page.waitForEvent('filechooser');
  await drawer.getByRole('button', { name: '添加附件' }).click();
  await (await chooser).setFiles({ name: '检修范围.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(drawer.getByRole('button', { name: '下载 检修范围.pdf' })).toBeVisible();
  await drawer.getByRole('button', { name: '保存草稿' }).click();
  await drawer.getByRole('button', { name: '关闭' }).click();
  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: `发布：${title}` }).click();
  await page.locator('.arco-popconfirm').getByRole('button', { name: '发布' }).click();
  await expect(row.getByText('0 / 1')).toBeVisible();

  const context = await browser.newContext(clientAddress('notices-department-user'));
  const member = await context.newPage();
  await signIn(member, USER);
  const card = member.locator('.workplace__card').filter({ hasText: '公告' }).first();
  await card.getByRole('button', { name: new RegExp(title) }).click();
  const dialog = member.getByRole('dialog', { name: title });
  const download = member.waitForEvent('download');
  await dialog.getByRole('button', { name: '下载 检修范围.pdf' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('检修范围.pdf');
  // Opening it read it: the manager's count says so.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: title }).getByText('1 / 1')).toBeVisible();
  await context.close();
});

test('a user without the notice permission is not offered the page, and the server refuses too', async ({
  page,
  request,
}) => {
  await signIn(page, USER, NOTICES);
  // Publishing is not in the plain user's menu: the address alone leads to the no-permission page.
  await expect.poll(() => hashPath(page)).toBe('/403');
  await expect(page.getByText('当前角色无权访问该页面', { exact: false })).toBeVisible();
  await expect(sideMenu(page).getByText('发布通知')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '新建通知' })).toHaveCount(0);
  const token = await apiToken(request, USER);
  const response = await request.get('/api/notices', { headers: { Authorization: `Bearer ${token}` } });
  expect((await response.json()).code).toBe(403);
});

test.describe('screenshots', () => {
  test.beforeAll(async ({ request }) => {
    const token = await apiToken(request);
    const create = (title: string, level: 0 | 1 | 3, audience: unknown) =>
      api<{ id: number }>(request, token, 'POST', '/notices', {
        title,
        level,
        audience,
        contentHtml: '<p>二次供水设施清洗消毒期间，<strong>请勿饮用</strong>自来水。</p>',
      });
    const published = await create('二次供水设施清洗消毒公告', 3, { type: 'all' });
    await api(request, token, 'POST', `/notices/${published.id}/publish`);
    const withdrawn = await create('汛期值班安排（已调整）', 1, { type: 'roles', codes: ['admin'] });
    await api(request, token, 'POST', `/notices/${withdrawn.id}/publish`);
    await api(request, token, 'POST', `/notices/${withdrawn.id}/withdraw`);
    await create('管网巡检规程修订（征求意见稿）', 0, { type: 'roles', codes: ['admin', 'user'] });
  });

  for (const locale of ['zh-CN', 'en-US'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`notices list and editor, ${locale}, ${theme}`, async ({ page }) => {
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.goto('/#/login');
        await page.evaluate((value) => localStorage.setItem('arco-locale', value), locale);
        await presetSettings(page, { theme });
        await signIn(page, ADMIN, NOTICES);
        await expect(
          page.locator('.page-host[data-page="callPoliceNotification"] .arco-table-tr').nth(3),
        ).toBeVisible();
        await page.mouse.move(0, 0);
        await page.screenshot({ path: path.join(shots, `notices-list-${locale}-${theme}.png`) });

        await page.getByRole('button', { name: locale === 'zh-CN' ? '新建通知' : 'New notice' }).click();
        const drawer = page.locator('.notice-drawer');
        const editor = drawer.getByRole('textbox', {
          name: locale === 'zh-CN' ? '通知正文编辑器' : 'Notice content editor',
        });
        await drawer
          .getByRole('textbox', { name: locale === 'zh-CN' ? '标题' : 'Title', exact: true })
          .fill(
            locale === 'zh-CN' ? '关于城东片区夜间降压供水的通知' : 'Reduced night-time pressure in the east district',
          );
        await editor.click();
        await drawer.getByRole('button', { name: locale === 'zh-CN' ? '加粗' : 'Bold' }).click();
        await editor.pressSequentially(locale === 'zh-CN' ? '11 月 25 日 22:00 起' : 'From 22:00 on 25 November');
        await drawer.getByRole('button', { name: locale === 'zh-CN' ? '加粗' : 'Bold' }).click();
        await editor.pressSequentially(
          locale === 'zh-CN' ? '，城东片区夜间降压供水。' : ', the east district is supplied at reduced pressure.',
        );
        await page.mouse.move(0, 0);
        await page.screenshot({ path: path.join(shots, `notices-editor-${locale}-${theme}.png`) });

        // After saving, the drawer shows the notice as the server stored it.
        await drawer.getByRole('button', { name: locale === 'zh-CN' ? '保存草稿' : 'Save draft' }).click();
        await expect(drawer.locator('.notice-content strong')).toBeVisible();
        await page.mouse.move(0, 0);
        await page.screenshot({ path: path.join(shots, `notices-preview-${locale}-${theme}.png`) });
      });
    }
  }
});
