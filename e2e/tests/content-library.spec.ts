import { expect, type Page, test } from '@playwright/test';
import { ADMIN, clientAddress, signIn, USER } from './support.ts';

const LIBRARY = '/dashboard/content';

// An address of its own: failed sign-ins of other journeys never make this one need a captcha.
test.use(clientAddress('content-library'));

/** The row of the list whose title is `title`. */
const rowOf = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

test('the admin opens a picture, writes and publishes an article, and a plain user reads it', async ({
  page,
  browser,
}) => {
  const title = `加氯间安全操作要点 ${Date.now()}`;
  await signIn(page, ADMIN, LIBRARY);
  await expect(page.getByRole('heading', { name: '内容库' })).toBeVisible();

  // Images only: each row has its thumbnail, and an opened one shows the picture itself.
  await page.getByRole('radiogroup', { name: '内容类型' }).getByText('图片', { exact: true }).click();
  const firstImage = page
    .locator('.page-host[data-page="contentLibrary"] .arco-table-tr')
    .filter({ has: page.locator('img.content-thumb') });
  await expect(firstImage.first()).toBeVisible();
  await expect(
    page.locator('.page-host[data-page="contentLibrary"] .arco-table-body .arco-tag').filter({ hasText: '图文' }),
  ).toHaveCount(0);
  await firstImage
    .first()
    .getByRole('button', { name: /^查看：/ })
    .click();
  const viewer = page.getByRole('dialog', { name: '查看内容' });
  const picture = viewer.locator('img.content-media');
  await expect(picture).toBeVisible();
  // Loaded, not a broken-image box.
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await viewer.getByRole('button', { name: '关闭' }).click();

  // A new article, saved as a draft first.
  await page.getByRole('button', { name: '新建内容' }).click();
  const drawer = page.getByRole('dialog', { name: '新建内容' });
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(drawer.getByText('必填', { exact: true }).first()).toBeVisible();
  await drawer.getByRole('combobox', { name: '分类' }).click();
  await page.getByRole('option').first().click();
  await drawer.getByRole('textbox', { name: '标题', exact: true }).fill(title);
  await drawer.getByRole('textbox', { name: '摘要' }).fill('进入加氯间前的检查与个人防护。');
  const editor = drawer.getByRole('textbox', { name: '正文编辑器' });
  await editor.click();
  await drawer.getByRole('button', { name: '加粗' }).click();
  await editor.pressSequentially('先通风 15 分钟');
  await drawer.getByRole('button', { name: '加粗' }).click();
  await editor.pressSequentially('，再佩戴防毒面具进入。');
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(drawer).toHaveCount(0);

  // Back to all types: the draft is listed for the editor, then published from its row.
  await page.getByRole('radiogroup', { name: '内容类型' }).getByText('全部', { exact: true }).click();
  const row = rowOf(page, title);
  await expect(row.getByText('草稿')).toBeVisible();
  await row.getByRole('button', { name: `发布：${title}` }).click();
  await page.locator('.arco-popconfirm').getByRole('button', { name: '发布' }).click();
  await expect(row.getByText('已发布')).toBeVisible();
  await expect(row.getByRole('button', { name: `撤回：${title}` })).toBeVisible();

  // The plain user: no editor controls, and the article opens with its formatting.
  const context = await browser.newContext(clientAddress('content-library-user'));
  const reader = await context.newPage();
  await signIn(reader, USER, LIBRARY);
  await expect(reader.getByRole('heading', { name: '内容库' })).toBeVisible();
  await expect(reader.getByRole('button', { name: '新建内容' })).toHaveCount(0);
  const search = reader.getByRole('textbox', { name: '搜索标题' });
  await search.fill(title);
  await search.press('Enter');
  await expect(rowOf(reader, title).getByRole('button', { name: /^(编辑|发布|撤回|删除)：/ })).toHaveCount(0);
  await rowOf(reader, title)
    .getByRole('button', { name: `查看：${title}` })
    .click();
  const article = reader.getByRole('dialog', { name: '查看内容' });
  await expect(article.getByRole('heading', { name: title })).toBeVisible();
  await expect(article.locator('.content-body strong')).toHaveText('先通风 15 分钟');
  // This opening was the first view.
  await expect(article.locator('.content-view__facts')).toContainText(/浏览量：\s*1(?!\d)/);
  await context.close();
});
