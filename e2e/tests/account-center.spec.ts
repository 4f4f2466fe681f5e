import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { clientAddress, shots } from './support.ts';

const FIREFOX_UBUNTU = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

async function apiSignIn(request: APIRequestContext, username: string, password: string, userAgent?: string) {
  const response = await request.post('/api/user/login', {
    data: { username, password },
    headers: userAgent ? { 'User-Agent': userAgent } : {},
  });
  const body = await response.json();
  expect(body.code, body.msg).toBe(200);
  return body.data.token as string;
}

async function profileCode(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/user/profile', { headers: { Authorization: `Bearer ${token}` } });
  return (await response.json()).code;
}

/** Signs the browser in with an API token: the sign-in screen is the shell's journey, not this one. */
async function openSignedIn(page: Page, token: string, hashPath: string) {
  await page.goto('/#/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(`/#${hashPath}`);
}

// An address of its own: failed sign-ins of other journeys never make this one need a captcha.
test.use(clientAddress('account-center'));

test.describe('user centre and user settings', () => {
  test('the user edits the display name and it is saved', async ({ page, request }) => {
    const token = await apiSignIn(request, 'user', 'User@2026');
    await openSignedIn(page, token, '/user/center');

    const heading = page.getByRole('heading', { level: 2 });
    await expect(heading).toBeVisible();
    const original = (await heading.textContent()) ?? '';
    await expect(page.getByText('泵站运维班').first()).toBeVisible();
    await page.screenshot({ path: path.join(shots, 'account-center-zh-CN-light.png'), fullPage: true });

    await page.getByRole('button', { name: '编辑资料' }).click();
    const name = page.getByRole('textbox', { name: '显示名称' });
    await name.fill('');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('必填', { exact: true })).toBeVisible();

    await name.fill('王明（夜班）');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('资料已保存')).toBeVisible();
    await expect(heading).toHaveText('王明（夜班）');

    await page.reload();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('王明（夜班）');

    // Later journeys expect the seed's name.
    const restore = await request.put('/api/user/profile', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        displayName: original,
        email: 'wangming@lanchuan-water.example',
        jobName: '泵站运行工',
        locationName: '岚川市',
        introduction: '',
        personalWebsite: '',
      },
    });
    expect((await restore.json()).code).toBe(200);
  });

  test('sign-in history and sessions: another session is ended after confirmation', async ({ page, request }) => {
    const token = await apiSignIn(request, 'user', 'User@2026');
    const other = await apiSignIn(request, 'user', 'User@2026', FIREFOX_UBUNTU);
    await openSignedIn(page, token, '/user/settings');

    await page.getByRole('tab', { name: '登录记录' }).click();
    const history = page.getByRole('table');
    await expect(history.getByText('Firefox 128').first()).toBeVisible();
    await expect(history.getByText('Ubuntu').first()).toBeVisible();
    await expect(history.getByText('成功').first()).toBeVisible();

    await page.getByRole('tab', { name: '在线会话' }).click();
    await expect(page.getByText('当前会话', { exact: true })).toBeVisible();
    await page.screenshot({ path: path.join(shots, 'account-sessions-zh-CN-light.png'), fullPage: true });

    await page.getByRole('button', { name: '结束会话：Firefox 128 · Ubuntu' }).first().click();
    await page.getByRole('tooltip').getByRole('button', { name: '结束', exact: true }).click();
    await expect(page.getByText('会话已结束')).toBeVisible();

    expect(await profileCode(request, other)).not.toBe(200);
    expect(await profileCode(request, token)).toBe(200);
  });

  test('changing the password ends the other sessions; the new password signs in', async ({ page, request }) => {
    // An administrator no other journey signs in as, so the new password breaks nobody.
    const username = '13800000002';
    const token = await apiSignIn(request, username, 'Admin@2026');
    const other = await apiSignIn(request, username, 'Admin@2026', FIREFOX_UBUNTU);
    await openSignedIn(page, token, '/user/settings');

    await expect(page.getByText(/其他设备和浏览器上的登录会话将全部结束/)).toBeVisible();
    await page.getByLabel('当前密码').fill('not-the-password');
    await page.getByLabel('新密码').fill('Water@2027x');
    await page.getByLabel('确认密码').fill('Water@2027x');
    await page.getByRole('button', { name: '修改密码' }).click();
    await expect(page.getByText('原密码不正确')).toBeVisible();
    expect(await profileCode(request, other)).toBe(200);

    await page.getByLabel('当前密码').fill('Admin@2026');
    await page.getByRole('button', { name: '修改密码' }).click();
    await expect(page.getByText('密码已修改，你的其他会话已退出登录').first()).toBeVisible();

    expect(await profileCode(request, other)).not.toBe(200);
    expect(await profileCode(request, token)).toBe(200);

    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto('/#/login');
    await page.getByRole('textbox', { name: '用户名' }).fill(username);
    await page.getByLabel('密码', { exact: true }).fill('Water@2027x');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).not.toHaveURL(/#\/login/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });
});
