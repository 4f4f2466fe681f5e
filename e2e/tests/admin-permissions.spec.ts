import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN, clientAddress, fillSignIn, sideMenu } from './support.ts';

// The screens that create departments, users and roles have journeys of their own
// (organization.spec.ts, users.spec.ts); this one sets them up through the same API and follows
// what the new user can and cannot do.
test.use(clientAddress('admin-permissions'));

interface MenuEntry {
  id: number;
  name: string;
  children: MenuEntry[];
}

async function admin(request: APIRequestContext) {
  const login = await (await request.post('/api/user/login', { data: ADMIN })).json();
  expect(login.code, login.msg).toBe(200);
  const headers = { Authorization: `Bearer ${login.data.token}` };
  return async <T>(method: string, url: string, data?: unknown): Promise<T> => {
    const res = await request.fetch(`/api${url}`, { method, headers, ...(data === undefined ? {} : { data }) });
    const body = await res.json();
    expect(body.code, `${method} ${url}: ${body.msg}`).toBe(200);
    return body.data as T;
  };
}

test('a user whose role grants two pages sees only those; everything else is /403 and refused by the API', async ({
  page,
  request,
}) => {
  const call = await admin(request);
  const stamp = Date.now() % 100_000;
  const tree = await call<{ id: number; name: string; enterpriseId: number; children: unknown[] }[]>(
    'GET',
    '/departments/tree',
  );
  const dept = await call<{ id: number }>('POST', '/departments', {
    enterpriseId: tree[0]!.enterpriseId,
    parentId: null,
    name: `应急抢修队 ${stamp}`,
  });
  const menus = await call<MenuEntry[]>('GET', '/system/menus');
  const flat = (list: MenuEntry[]): MenuEntry[] => list.flatMap((m) => [m, ...flat(m.children)]);
  const id = (name: string) => flat(menus).find((m) => m.name === name)!.id;
  await call('POST', '/system/roles', {
    code: `repair${stamp}`,
    name: `抢修员 ${stamp}`,
    dataScope: 'dept',
    menuIds: [id('Workplace'), id('realTimeData')],
  });
  const created = await call<{ temporaryPassword: string }>('POST', '/system/users', {
    username: `repair${stamp}`,
    displayName: `抢修员${stamp}`,
    departmentId: dept.id,
    roleCodes: [`repair${stamp}`],
  });

  // The new user signs in, replaces the temporary password, and sees the two granted pages only.
  await page.goto('/#/login');
  await fillSignIn(page, { username: `repair${stamp}`, password: created.temporaryPassword });
  await expect.poll(() => new URL(page.url()).hash).toContain('/user/settings');
  await page.getByLabel('当前密码', { exact: true }).fill(created.temporaryPassword);
  await page.getByLabel('新密码', { exact: true }).fill('Repair@2026x');
  await page.getByLabel('确认密码', { exact: true }).fill('Repair@2026x');
  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByText(/您正在使用管理员设置的临时密码/)).toHaveCount(0);

  await page.goto('/#/dashboard/workplace');
  const groups = sideMenu(page).locator('.arco-menu-inline-header, .arco-menu-item');
  await expect(sideMenu(page).getByText('仪表盘', { exact: true })).toBeVisible();
  await expect(sideMenu(page).getByText('数据监测', { exact: true })).toBeVisible();
  for (const hidden of ['设备管理', '用户管理', '系统配置', '企业管理', '消息管理']) {
    await expect(sideMenu(page).getByText(hidden, { exact: true })).toHaveCount(0);
  }
  expect(await groups.count()).toBeLessThanOrEqual(4);

  for (const route of ['/uuuser/manager', '/sys/logManager', '/device/deviceList']) {
    await page.goto(`/#${route}`);
    await expect.poll(() => new URL(page.url()).hash).toBe('#/403');
  }

  // The server agrees, with the user's own token.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  for (const url of ['/api/system/users', '/api/system/logs/operations', '/api/enterprises']) {
    const res = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status(), url).toBe(403);
    expect((await res.json()).code, url).toBe(403);
  }
  const own = await request.get('/api/v1/roles/menusTree', { headers: { Authorization: `Bearer ${token}` } });
  const names = JSON.stringify((await own.json()).data);
  expect(names).toContain('realTimeData');
  expect(names).not.toContain('deviceList');
});
