import { expect, test } from '@playwright/test';
import { ADMIN, clientAddress, fillSignIn, hashPath, passwordBox, USER, usernameBox } from './support.ts';

test.describe('sign-in', () => {
  test.use(clientAddress('sign-in'));
  test('a signed-out visit goes to sign in, and back to the page with its query kept', async ({ page, request }) => {
    await page.goto('/#/device/deviceList?region=3&page=2');
    await expect(page).toHaveURL(/#\/login\?redirect=%2Fdevice%2FdeviceList&region=3&page=2$/);
    await expect(page.getByRole('heading', { name: '登录水务运营控制台' })).toBeVisible();
    await expect(usernameBox(page)).toHaveAttribute('autocomplete', 'username');
    await expect(passwordBox(page)).toHaveAttribute('autocomplete', 'current-password');

    await fillSignIn(page, ADMIN);
    await expect(page.getByText('欢迎使用')).toBeVisible();
    await expect.poll(() => hashPath(page)).toBe('/device/deviceList?region=3&page=2');
    await expect(page.locator('.side-menu')).toBeVisible();
    await expect(page.getByRole('heading', { name: '设备列表', level: 1 })).toBeVisible();

    const token = await page.evaluate(() => localStorage.getItem('token'));
    const me = await request.get('/api/v1/remote/users/role-info', { headers: { Authorization: `Bearer ${token}` } });
    expect((await me.json()).data.role).toBe('admin');
  });

  test('empty fields are refused before any call', async ({ page }) => {
    await page.goto('/#/login');
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/user/login')) calls++;
    });
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText('用户名不能为空')).toBeVisible();
    await expect(page.getByText('密码不能为空')).toBeVisible();
    expect(calls).toBe(0);
  });

  test.describe('with failures', () => {
    test.use(clientAddress('sign-in wrong pair'));
    test("a wrong pair shows the server's message and keeps no token", async ({ page }) => {
      await page.goto('/#/login');
      await fillSignIn(page, { username: '13800000002', password: 'not-the-password' });
      await expect(page.getByRole('alert').filter({ hasText: '账号或者密码错误' })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      await expect(page).toHaveURL(/#\/login$/);
    });
  });

  test.describe('lockout', () => {
    test.use(clientAddress('sign-in lockout'));
    // The only journey that locks an account: 13800000003 is used nowhere else.
    test('five wrong passwords lock the account, even against the right one', async ({ page }) => {
      await page.goto('/#/login');
      for (let attempt = 1; attempt <= 4; attempt++) {
        await fillSignIn(page, { username: '13800000003', password: `wrong-${attempt}` });
        await expect(page.getByRole('alert').filter({ hasText: '账号或者密码错误' })).toBeVisible();
      }
      await fillSignIn(page, { username: '13800000003', password: 'wrong-5' });
      await expect(page.getByRole('alert').filter({ hasText: '账号已锁定' })).toBeVisible();
      // The locked account is refused before its captcha is even looked at.
      await page.getByRole('textbox', { name: '验证码' }).fill('abcd');
      await fillSignIn(page, { username: '13800000003', password: 'Admin@2026' });
      await expect(page.getByRole('alert').filter({ hasText: '账号已锁定' })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    });
  });

  test.describe('captcha', () => {
    test.use(clientAddress('sign-in captcha'));
    test('after repeated failures from one address the captcha appears, refreshes and is sent', async ({ page }) => {
      await page.goto('/#/login');
      // An unknown name: failures count against it and against the address, no demo account is touched.
      for (let attempt = 1; attempt <= 5; attempt++) {
        await fillSignIn(page, { username: 'nobody-here', password: `wrong-${attempt}` });
        await expect(page.getByRole('alert')).toBeVisible();
      }
      const image = page.getByRole('img', { name: '验证码图片' });
      await expect(image).toBeVisible();
      const first = await image.getAttribute('src');
      expect(first).toMatch(/^data:image\/png;base64,/);
      await page.getByRole('button', { name: '换一张' }).click();
      await expect.poll(() => image.getAttribute('src')).not.toBe(first);

      // Without the code the form refuses; with a wrong one the server does.
      await fillSignIn(page, USER);
      await expect(page.getByText('验证码不能为空')).toBeVisible();
      await page.getByRole('textbox', { name: '验证码' }).fill('zzzz');
      let sent: Record<string, unknown> = {};
      page.on('request', (r) => {
        if (r.url().endsWith('/api/user/login')) sent = r.postDataJSON();
      });
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: '验证码错误' })).toBeVisible();
      expect(sent).toMatchObject({ username: 'user', captchaCode: 'zzzz' });
      expect(sent.captchaId).toEqual(expect.any(String));

      // A visit later asks the server straight away, and shows the captcha before any failure.
      await page.reload();
      await expect(page.getByRole('img', { name: '验证码图片' })).toBeVisible();
    });
  });

  test('remember keeps the username only, and logout revokes the session', async ({ page, request }) => {
    await page.goto('/#/login');
    await page.getByText('记住用户名', { exact: true }).click();
    await expect(page.getByRole('checkbox', { name: '记住用户名' })).toBeChecked();
    await fillSignIn(page, USER);
    await expect.poll(() => hashPath(page)).toBe('/dashboard/workplace');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).toContain('"login-username":"user"');
    expect(stored).not.toContain(USER.password);

    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/#\/login\?redirect=%2Fdashboard%2Fworkplace$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect(usernameBox(page)).toHaveValue('user');
    await expect(page.getByRole('checkbox', { name: '记住用户名' })).toBeChecked();

    const after = await request.get('/api/v1/remote/users/role-info', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect((await after.json()).code).toBe(50008);
  });

  test('/logins is the same sign-in flow in a second layout', async ({ page }) => {
    await page.goto('/#/logins?redirect=%2Fbz%2FpumpStationList');
    await expect(page.locator('.logins-page__card')).toBeVisible();
    await fillSignIn(page, ADMIN);
    await expect.poll(() => hashPath(page)).toBe('/bz/pumpStationList');
  });
});
