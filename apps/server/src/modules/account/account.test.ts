import { accountApi, authApi, messagesApi } from '@water/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operationLog, sessions, smsOutbox, users } from '../../db/schema/index.ts';
import { bearer, createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';
import { multipart } from '../../testing/multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
});

const call: TestApp['call'] = (...args) => t.call(...args);
const roleInfo = async (token: string) => (await call(authApi.roleInfo, { token })).json();

describe('switch role', () => {
  it('switches among the roles the user holds, per session, and logs it', async () => {
    const token = await t.login();
    const other = await t.login();
    const res = await call(accountApi.switchRole, { body: { role: 'user' }, token });
    expect(res.json()).toMatchObject({ code: 200, data: { role: 'user' } });
    const info = await roleInfo(token);
    expect(info.data.role).toBe('user');
    expect(info.data.menus).not.toContain('logManager');
    // An operator's role: it sees and handles alarms, reads message templates and the push log,
    // commands pumps (approving them is a supervisor's), and nothing of administration.
    expect([...info.data.permissions].sort()).toEqual(['alarm:handle', 'alarm:view', 'notify:view', 'pump:control']);
    expect((await roleInfo(other)).data.role).toBe('admin'); // the other session keeps its role
    const tree = (await call(authApi.menusTree, { token })).json().data as { name: string }[];
    expect(tree.map((n) => n.name)).not.toContain('sys');
    const [log] = await t.database.db.select().from(operationLog).where(eq(operationLog.action, 'switch-role'));
    expect(log).toMatchObject({ before: { role: 'admin' }, after: { role: 'user' } });
  });

  it('refuses a role the user does not hold', async () => {
    const token = await t.login('user', 'User@2026');
    const res = await call(accountApi.switchRole, { body: { role: 'admin' }, token });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(50000);
    expect((await roleInfo(token)).data.role).toBe('user');
    expect((await call(accountApi.switchRole, { body: { role: 'user' } })).json().code).toBe(50008);
  });
});

describe('register', () => {
  const body = { username: 'newop', displayName: '新运行员', phone: '13712345678', password: 'Pump2026x' };

  it('creates a disabled account that cannot sign in until enabled', async () => {
    const res = await call(accountApi.register, { body });
    expect(res.json()).toMatchObject({ code: 200, data: { status: 'disabled' } });
    const denied = await t.call(authApi.login, { body: { username: 'newop', password: 'Pump2026x' } });
    expect(denied.json()).toMatchObject({ code: 50000, msg: '账号已停用，请联系管理员' });
    await t.database.db.update(users).set({ status: 'enabled' }).where(eq(users.username, 'newop'));
    const token = await t.login('newop', 'Pump2026x');
    expect((await roleInfo(token)).data.role).toBe('user');
    const [log] = await t.database.db.select().from(operationLog).where(eq(operationLog.action, 'register'));
    expect(JSON.stringify(log)).not.toContain('Pump2026x');
    // every administrator has a to-do to review it
    const admin = await t.login();
    const todos = (await call(messagesApi.list, { body: { type: 'todo' }, token: admin })).json().data;
    expect(todos).toEqual([expect.objectContaining({ title: '新账号待审核：新运行员', link: '/uuuser/manager' })]);
  });

  it('refuses a taken username or phone with 409, and weak input per field', async () => {
    const taken = await call(accountApi.register, { body: { ...body, username: 'USER' } });
    expect(taken.statusCode).toBe(409);
    const phone = await call(accountApi.register, { body: { ...body, phone: '13800000001' } });
    expect(phone.statusCode).toBe(409);
    const weak = await t.call(accountApi.register, {
      body: { ...body, password: 'short', username: 'a b' },
      lang: 'en-US',
    });
    expect(weak.statusCode).toBe(400);
    const fields = weak.json().data.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['password', 'username']));
    expect(await t.database.db.select().from(users).where(eq(users.username, 'a b'))).toHaveLength(0);
  });
});

describe('password reset by SMS', () => {
  async function ticketFor(phone: string) {
    // build-app's captcha always reads AB2C
    const captchaId = (await call(authApi.captcha)).json().data.captchaId;
    await call(authApi.sms, {
      body: {
        action: 'send',
        phone,
        purpose: 'reset-password',
        captchaId,
        captchaCode: 'AB2C',
      },
    });
    const [row] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
    const code = /(\d{6})/.exec(row!.content)![1]!;
    const res = await call(authApi.sms, {
      body: {
        action: 'verify',
        phone,
        purpose: 'reset-password',
        code,
      },
    });
    return res.json().data.ticket as string;
  }

  it('sets a new password with a verified ticket, once, and ends the old sessions', async () => {
    const old = await t.login('user', 'User@2026');
    const ticket = await ticketFor('13900000004');
    const res = await call(accountApi.resetPassword, {
      body: {
        phone: '13900000004',
        ticket,
        password: 'NewPass2026',
      },
    });
    expect(res.json().code).toBe(200);
    expect((await roleInfo(old)).code).toBe(50008);
    await t.login('user', 'NewPass2026');
    const again = await call(accountApi.resetPassword, {
      body: {
        phone: '13900000004',
        ticket,
        password: 'Other2026x',
      },
    });
    expect(again.json()).toMatchObject({ code: 50000, msg: '验证已失效，请重新获取短信验证码' });
  });

  it('unlocks the names the account is signed in with, username and phone', async () => {
    const wrong = (username: string) => t.call(authApi.login, { body: { username, password: 'nope' } });
    const lock = async (name: string) => {
      for (let i = 0; i < 5; i++) {
        const captchaId = (await call(authApi.captcha)).json().data.captchaId;
        await t.call(authApi.login, { body: { username: name, password: 'nope', captchaId, captchaCode: 'AB2C' } });
      }
      expect((await wrong(name)).statusCode).toBe(423);
    };
    await lock('user');
    await lock('13900000004');
    const ticket = await ticketFor('13900000004');
    await call(accountApi.resetPassword, {
      body: {
        phone: '13900000004',
        ticket,
        password: 'NewPass2026',
      },
    });
    await t.login('user', 'NewPass2026');
    await t.login('13900000004', 'NewPass2026');
  });

  it('refuses a made-up ticket or another phone', async () => {
    const ticket = await ticketFor('13900000004');
    const forged = await call(accountApi.resetPassword, {
      body: {
        phone: '13900000004',
        ticket: 'x'.repeat(43),
        password: 'NewPass2026',
      },
    });
    expect(forged.json().code).toBe(50000);
    const otherPhone = await call(accountApi.resetPassword, {
      body: {
        phone: '13800000001',
        ticket,
        password: 'NewPass2026',
      },
    });
    expect(otherPhone.json().code).toBe(50000);
    await t.login('13800000001', 'Admin@2026');
  });
});

describe('profile, password, history, sessions', () => {
  it('shows and edits the own profile, validating fields', async () => {
    const token = await t.login('user', 'User@2026');
    const profile = (await call(accountApi.profile, { token })).json().data;
    expect(profile).toMatchObject({ username: 'user', displayName: '王明', departmentName: '泵站运维班' });
    expect(profile.lastLoginAt).not.toBeNull();
    const update = {
      displayName: '王明明',
      email: 'wm@example.com',
      jobName: '泵站值班长',
      locationName: '岚川市',
      introduction: '负责 3 号泵站',
      personalWebsite: '',
    };
    const res = await call(accountApi.updateProfile, { body: update, token });
    expect(res.json().data).toMatchObject(update);
    const bad = await t.call(accountApi.updateProfile, {
      body: { ...update, email: 'not-mail', personalWebsite: 'javascript:alert(1)' },
      token,
      lang: 'en-US',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Enter a valid email address' },
        { field: 'personalWebsite', message: 'Enter a URL starting with http(s)://' },
      ]),
    );
    const [log] = await t.database.db.select().from(operationLog).where(eq(operationLog.action, 'update-profile'));
    expect(log?.before).toMatchObject({ displayName: '王明' });
    expect(log?.after).toMatchObject({ displayName: '王明明' });
  });

  it('changes the password with the old one, ending the other sessions but not this one', async () => {
    const token = await t.login('user', 'User@2026');
    const other = await t.login('user', 'User@2026');
    const wrong = await call(accountApi.changePassword, {
      body: { oldPassword: 'nope', newPassword: 'Fresh2026x' },
      token,
    });
    expect(wrong.json()).toMatchObject({ code: 50000, msg: '原密码不正确' });
    const ok = await call(accountApi.changePassword, {
      body: { oldPassword: 'User@2026', newPassword: 'Fresh2026x' },
      token,
    });
    expect(ok.json().code).toBe(200);
    expect((await roleInfo(token)).code).toBe(200);
    expect((await roleInfo(other)).code).toBe(50008);
    await t.login('user', 'Fresh2026x');
  });

  it('lists the own sign-in history, newest first, paged', async () => {
    await t.call(authApi.login, { body: { username: 'user', password: 'bad' } });
    const token = await t.login('user', 'User@2026');
    const res = (await call(accountApi.loginHistory, { query: { page: 1, pageSize: 1 }, token })).json().data;
    expect(res.total).toBe(2);
    expect(res.list).toHaveLength(1);
    expect(res.list[0]).toMatchObject({ success: true });
    const second = (await call(accountApi.loginHistory, { query: { page: 2, pageSize: 1 }, token })).json().data;
    expect(second.list[0]).toMatchObject({ success: false, reason: 'bad_credentials' });
    const bad = await call(accountApi.loginHistory, { query: { pageSize: 100000 }, token });
    expect(bad.statusCode).toBe(400);
  });

  it('lists live sessions and ends another one, never the current one nor someone else’s', async () => {
    const token = await t.login('user', 'User@2026');
    const other = await t.login('user', 'User@2026');
    const adminToken = await t.login();
    const list = (await call(accountApi.sessions, { token })).json().data as { id: number; current: boolean }[];
    expect(list).toHaveLength(2);
    const current = list.find((s) => s.current)!;
    const otherId = list.find((s) => !s.current)!.id;
    expect((await call(accountApi.endSession, { params: { id: current.id }, token })).json().code).toBe(50000);
    const [adminSession] = await t.database.db.select().from(sessions).where(eq(sessions.userId, 1));
    const foreign = await call(accountApi.endSession, { params: { id: adminSession!.id }, token });
    expect(foreign.statusCode).toBe(404);
    expect((await roleInfo(adminToken)).code).toBe(200);
    expect((await call(accountApi.endSession, { params: { id: otherId }, token })).json().code).toBe(200);
    expect((await roleInfo(other)).code).toBe(50008);
    expect((await call(accountApi.endSession, { params: { id: 'abc' }, token })).statusCode).toBe(400);
  });
});

describe('avatar upload', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
  it('stores a real image and serves it; refuses a script dressed as an image and an oversized file', async () => {
    const token = await t.login('user', 'User@2026');
    const ok = multipart(png, 'me.png', 'image/png');
    const res = await t.inject({
      method: 'POST',
      url: '/api/user/avatar',
      payload: ok.payload,
      headers: { ...ok.headers, ...bearer(token) },
    });
    expect(res.json().code).toBe(200);
    const url = res.json().data.avatar as string;
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.png$/);
    const served = await t.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await call(accountApi.profile, { token })).json().data.avatar).toBe(url);

    const fake = multipart(Buffer.from('<script>alert(1)</script>'), 'x.png', 'image/png');
    const refused = await t.inject({
      method: 'POST',
      url: '/api/user/avatar',
      payload: fake.payload,
      headers: { ...fake.headers, ...bearer(token) },
    });
    expect(refused.statusCode).toBe(415);
    const big = multipart(Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), 'big.png', 'image/png');
    const tooBig = await t.inject({
      method: 'POST',
      url: '/api/user/avatar',
      payload: big.payload,
      headers: { ...big.headers, ...bearer(token) },
    });
    expect(tooBig.statusCode).toBe(413);
    const none = await t.inject({ method: 'POST', url: '/api/user/avatar', headers: bearer(token), payload: {} });
    expect(none.statusCode).toBe(400);
    expect((await call(accountApi.profile, { token })).json().data.avatar).toBe(url);
  });
});
