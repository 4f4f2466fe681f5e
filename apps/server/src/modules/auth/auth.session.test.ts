import { authApi, type MenuNode } from '@water/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operationLog, sessions, userRoles, users } from '../../db/schema/index.ts';
import { createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
});

const roleInfo = (token?: string, lang?: string) => t.call(authApi.roleInfo, { token, lang });

const names = (tree: MenuNode[]): string[] => tree.flatMap((n) => [n.name, ...names(n.children)]);

describe('sessions', () => {
  it('answers role-info with the spec §3 fields and the active role', async () => {
    const token = await t.login();
    const res = await roleInfo(token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: '张伟',
      phone: '13800000001',
      role: 'admin',
      certification: 1,
      roles: [
        { code: 'admin', name: '管理员' },
        { code: 'user', name: '普通用户' },
      ],
      permissions: ['*:*:*'],
    });
    for (const key of ['avatar', 'job', 'organization', 'location', 'email', 'introduction', 'personalWebsite']) {
      expect(data).toHaveProperty(key);
    }
    expect(data.menus).toContain('logManager');
    const en = await roleInfo(token, 'en-US');
    expect(en.json().data.roles[0].name).toBe('Administrator');
  });

  it('refuses calls without a token (50008 未登录), with a forged one (50008)', async () => {
    const none = await roleInfo();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 50008, msg: '未登录', data: null });
    const forged = await roleInfo('x'.repeat(43));
    expect(forged.json().code).toBe(50008);
    const malformed = await t.inject({
      method: 'GET',
      url: '/api/v1/roles/menusTree',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(malformed.json().code).toBe(50008);
  });

  it('revokes the session on logout (50008 afterwards) and logs the write', async () => {
    const token = await t.login();
    const out = await t.call(authApi.logout, { token });
    expect(out.json()).toMatchObject({ code: 200, data: null });
    expect((await roleInfo(token)).json().code).toBe(50008);
    const [row] = await t.database.db.select().from(sessions);
    expect(row).toMatchObject({ revokedReason: 'logout' });
    const logs = await t.database.db.select().from(operationLog);
    expect(logs).toMatchObject([{ module: 'auth', action: 'logout', result: 'success', username: '13800000001' }]);
    // logging out again, or without a token, is harmless
    expect((await t.call(authApi.logout, { token })).json().code).toBe(200);
    expect((await t.call(authApi.logout)).json().code).toBe(200);
  });

  it('expires an idle session (50014), and slides the expiry on use', async () => {
    const token = await t.login();
    t.clock.advance(700 * 60_000); // 11 h 40 min of a 12 h idle limit
    expect((await roleInfo(token)).json().code).toBe(200); // this use extends it
    t.clock.advance(700 * 60_000);
    expect((await roleInfo(token)).json().code).toBe(200);
    t.clock.advance(721 * 60_000);
    const expired = await roleInfo(token, 'en-US');
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 50014, msg: 'Your session has expired: please log in again' });
  });

  it('keeps several sessions by default', async () => {
    const first = await t.login();
    const second = await t.login();
    expect((await roleInfo(first)).json().code).toBe(200);
    expect((await roleInfo(second)).json().code).toBe(200);
  });

  it('ends the older session under the single-session policy (50012 there)', async () => {
    const single = await createTestApp({ SESSION_SINGLE: 'true' });
    try {
      const first = await single.login('user', 'User@2026');
      const second = await single.login('user', 'User@2026');
      const call = (token: string) => single.call(authApi.roleInfo, { token });
      const old = await call(first);
      expect(old.statusCode).toBe(401);
      expect(old.json()).toMatchObject({ code: 50012, msg: '账号已在其他地方登录，请重新登录' });
      expect((await call(second)).json().code).toBe(200);
      // another account's session is untouched
      const admin = await single.login();
      expect((await call(second)).json().code).toBe(200);
      expect((await call(admin)).json().code).toBe(200);
    } finally {
      await single.close();
    }
  });

  it('ends the sessions of an account an administrator disables', async () => {
    const token = await t.login('user', 'User@2026');
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'user'));
    expect((await roleInfo(token)).json().code).toBe(50008);
  });

  it('refuses an account without a role', async () => {
    const [u] = await t.database.db.select().from(users).where(eq(users.username, 'user'));
    await t.database.db.delete(userRoles).where(eq(userRoles.userId, u!.id));
    const res = await t.call(authApi.login, { body: { username: 'user', password: 'User@2026' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(50000);
  });
});

describe('menus', () => {
  it("gives an administrator every area, and the user role's tree leaves the administration areas out", async () => {
    const admin = await t.login();
    const user = await t.login('user', 'User@2026');
    const tree = async (token: string) => (await t.call(authApi.menusTree, { token })).json().data as MenuNode[];
    const adminTree = await tree(admin);
    const userTree = await tree(user);
    for (const area of ['uuuser', 'sys', 'organizationss']) {
      expect(adminTree.map((n) => n.name)).toContain(area);
      expect(userTree.map((n) => n.name)).not.toContain(area);
    }
    expect(names(adminTree)).toContain('btn:system:user:write');
    // No entry whose page the role cannot use: publishing notices takes the notice permission.
    expect(names(adminTree)).toContain('callPoliceNotification');
    expect(names(userTree)).not.toContain('callPoliceNotification');
    const bz = userTree.find((n) => n.name === 'bz');
    expect(bz?.meta).toMatchObject({ order: 9, title: { 'zh-CN': '泵站系统', 'en-US': 'Pump stations' } });
    const home = bz?.children.find((n) => n.path === 'index');
    expect(home).toMatchObject({ name: 'monitorMange', meta: { requiresAuth: false } });
    expect(bz?.children.find((n) => n.name === 'cameraDetails')?.meta.hideInMenu).toBe(true);
    const orders = Object.fromEntries(adminTree.map((n) => [n.name, n.meta.order]));
    expect(orders).toMatchObject({
      timeData: 1,
      report: 2,
      device: 3,
      wellmanagement: 4,
      qrcode: 5,
      callPolice: 6,
      project: 7,
      water: 8,
      bz: 9,
      organizationss: 10,
      uuuser: 11,
      'patrol-inspection': 12,
      sys: 12,
    });
  });

  it('answers the server menu (POST /api/user/menu) without buttons, and 50008 without a session', async () => {
    const token = await t.login();
    const res = await t.call(authApi.serverMenu, { token });
    const all = names(res.json().data);
    expect(all).toContain('Workplace');
    expect(all.some((n) => n.startsWith('btn:'))).toBe(false);
    const anon = await t.call(authApi.serverMenu);
    expect(anon.json().code).toBe(50008);
  });
});
