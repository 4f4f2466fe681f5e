import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginLog, sessions, users } from '../../db/schema/index.ts';
import { createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';

let t: TestApp;
let ipSeq = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
});

const login = (payload: unknown, options: { ip?: string; lang?: string } = {}) =>
  t.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: payload as object,
    remoteAddress: options.ip ?? `10.1.0.${++ipSeq % 250}`,
    headers: options.lang ? { 'accept-language': options.lang } : {},
  });

describe('POST /api/user/login', () => {
  it('signs in an administrator by phone and answers an opaque token, leaving a session and a login-log row', async () => {
    const res = await login({ username: '13800000001', password: 'Admin@2026' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.msg).toBe('请求成功');
    expect(body.data.token).toMatch(/^[\w-]{43}$/);
    const rows = await t.database.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toBe(body.data.token); // only a hash is kept
    const log = await t.database.db.select().from(loginLog);
    expect(log).toMatchObject([{ username: '13800000001', success: true }]);
  });

  it('signs in the plain user by username, case-insensitively', async () => {
    const res = await login({ username: 'USER', password: 'User@2026' });
    expect(res.json().code).toBe(200);
  });

  it('refuses an empty username with 50000 and the spec text, in both languages', async () => {
    const zh = await login({ username: '', password: 'x' });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({ code: 50000, msg: '用户名不能为空' });
    const en = await login({ username: '   ', password: 'x' }, { lang: 'en-US,en;q=0.9' });
    expect(en.json()).toMatchObject({ code: 50000, msg: 'Username cannot be empty' });
    const missing = await login({ password: 'x' });
    expect(missing.json()).toMatchObject({ code: 50000, msg: '用户名不能为空' });
  });

  it('refuses an empty password with 50000 and the spec text', async () => {
    const zh = await login({ username: 'user', password: '' });
    expect(zh.json()).toMatchObject({ code: 50000, msg: '密码不能为空' });
    const en = await login({ username: 'user' }, { lang: 'en' });
    expect(en.json()).toMatchObject({ code: 50000, msg: 'Password cannot be empty' });
  });

  it('answers a wrong pair and an unknown user the same way: 50000, 账号或者密码错误', async () => {
    const wrong = await login({ username: 'user', password: 'nope' });
    const unknown = await login({ username: 'nobody', password: 'nope' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 50000, msg: '账号或者密码错误', data: { captchaRequired: false } });
    }
    const en = await login({ username: 'user', password: 'nope' }, { lang: 'en-US' });
    expect(en.json().msg).toBe('Incorrect username or password');
    const failures = await t.database.db.select().from(loginLog).where(eq(loginLog.success, false));
    expect(failures).toHaveLength(3);
    expect(await t.database.db.select().from(sessions)).toHaveLength(0);
  });

  it('locks an account after 5 failures for 15 minutes, even for the right password, then lets it in', async () => {
    for (let i = 1; i <= 5; i++) {
      // from different addresses each time, with captchas answered, to isolate the account rule
      const res = await loginWithCaptcha({ username: 'user', password: `wrong${i}` }, `10.2.0.${i}`);
      expect(res.json().code).toBe(50000);
      if (i < 5) expect(res.statusCode).toBe(401);
      else expect(res.statusCode).toBe(423);
    }
    const locked = await loginWithCaptcha({ username: 'user', password: 'User@2026' }, '10.2.0.9');
    expect(locked.statusCode).toBe(423);
    expect(locked.json().msg).toContain('15');
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'user'));
    expect(row?.lockedUntil).toBeInstanceOf(Date);

    t.clock.advance(14 * 60_000);
    expect((await loginWithCaptcha({ username: 'user', password: 'User@2026' }, '10.2.0.10')).statusCode).toBe(423);
    t.clock.advance(61_000);
    const ok = await login({ username: 'user', password: 'User@2026' }, { ip: '10.2.0.11' });
    expect(ok.json().code).toBe(200);
    const [after] = await t.database.db.select().from(users).where(eq(users.username, 'user'));
    expect(after).toMatchObject({ failedLoginCount: 0, lockedUntil: null });
  });

  it('asks for a captcha after 3 failures of an account, and accepts a right one only once', async () => {
    for (let i = 0; i < 3; i++) await login({ username: 'user', password: 'bad' }, { ip: `10.3.0.${i}` });
    const gated = await login({ username: 'user', password: 'User@2026' }, { ip: '10.3.0.50' });
    expect(gated.statusCode).toBe(400);
    expect(gated.json()).toMatchObject({ code: 50000, msg: '请输入验证码', data: { captchaRequired: true } });

    const captcha = await getCaptcha('10.3.0.50', 'user');
    expect(captcha.required).toBe(true);
    expect(captcha.image).toMatch(/^data:image\/png;base64,/);
    const wrong = await login(
      { username: 'user', password: 'User@2026', captchaId: captcha.captchaId, captchaCode: 'zzzz' },
      { ip: '10.3.0.50' },
    );
    expect(wrong.json()).toMatchObject({ code: 50000, msg: '验证码错误或已过期，请重新输入' });
    // the same captcha cannot be tried twice, even with the right answer
    const reused = await login(
      { username: 'user', password: 'User@2026', captchaId: captcha.captchaId, captchaCode: 'AB2C' },
      { ip: '10.3.0.50' },
    );
    expect(reused.json().msg).toBe('验证码错误或已过期，请重新输入');

    const fresh = await getCaptcha('10.3.0.50', 'user');
    const ok = await login(
      { username: 'user', password: 'User@2026', captchaId: fresh.captchaId, captchaCode: 'ab2c' },
      { ip: '10.3.0.50' },
    );
    expect(ok.json().code).toBe(200);
  });

  it("does not put a captcha in front of everyone behind an address for one person's typos", async () => {
    // a control room behind one shared address: one operator mistypes four times
    const ip = '10.4.0.1';
    for (let i = 0; i < 4; i++) await loginWithCaptcha({ username: 'user', password: `typo${i}` }, ip);
    expect((await getCaptcha(ip)).required).toBe(false);
    expect((await getCaptcha(ip, 'user')).required).toBe(true);
    const colleague = await login({ username: '13800000002', password: 'Admin@2026' }, { ip });
    expect(colleague.json().code).toBe(200);
  });

  it('asks everyone behind an address for a captcha after 20 wrong passwords for several names (credential stuffing)', async () => {
    const ip = '10.4.1.1';
    for (let i = 0; i < 20; i++) {
      const res = await loginWithCaptcha({ username: `name${i % 7}`, password: 'guess' }, ip);
      expect(res.json().code).toBe(50000);
    }
    expect((await getCaptcha(ip)).required).toBe(true);
    expect((await getCaptcha('10.4.1.2')).required).toBe(false);
    const res = await login({ username: '13800000002', password: 'Admin@2026' }, { ip });
    expect(res.json()).toMatchObject({ code: 50000, data: { captchaRequired: true } });
    // the window is the lock window: 15 minutes later the address is trusted again
    t.clock.advance(16 * 60_000);
    expect((await login({ username: '13800000002', password: 'Admin@2026' }, { ip })).json().code).toBe(200);
  });

  it('answers an unknown name exactly like an existing account: captchaRequired, the captcha call, the lock', async () => {
    const answers = async (username: string, ip: string) => {
      const seen: unknown[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await loginWithCaptcha({ username, password: `wrong${i}` }, ip);
        seen.push([res.statusCode, res.json()]);
        const captcha = await getCaptcha(`${ip}9`, username);
        seen.push(captcha.required);
      }
      const plain = await login({ username, password: 'wrong' }, { ip: `${ip}8` });
      seen.push([plain.statusCode, plain.json()]);
      return seen;
    };
    const real = await answers('user', '10.7.0.1');
    const unknown = await answers('no-such-user', '10.7.0.2');
    expect(unknown).toEqual(real);
    expect(real.at(-1)).toEqual([423, expect.objectContaining({ code: 50000, msg: expect.stringContaining('15') })]);
    // the name is remembered as typed, whatever its case or surrounding spaces
    expect((await login({ username: ' NO-SUCH-USER ', password: 'x' }, { ip: '10.7.0.3' })).statusCode).toBe(423);
  });

  it('refuses an expired captcha', async () => {
    const ip = '10.5.0.1';
    for (let i = 0; i < 3; i++) await login({ username: 'user', password: 'bad' }, { ip });
    const captcha = await getCaptcha(ip, 'user');
    t.clock.advance(121_000);
    const res = await login(
      { username: 'user', password: 'User@2026', captchaId: captcha.captchaId, captchaCode: 'AB2C' },
      { ip },
    );
    expect(res.json().msg).toBe('验证码错误或已过期，请重新输入');
  });

  it('refuses a disabled account after a right password, and logs why', async () => {
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'user'));
    const res = await login({ username: 'user', password: 'User@2026' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(50000);
    const [row] = await t.database.db
      .select()
      .from(loginLog)
      .where(and(eq(loginLog.username, 'user'), eq(loginLog.reason, 'disabled')));
    expect(row).toBeDefined();
  });
});

describe('per-IP rate limit on login', () => {
  it('answers 429 in the envelope past the limit, for that IP only', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
    try {
      const send = (ip: string) =>
        limited.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { username: 'user', password: 'User@2026' },
          remoteAddress: ip,
        });
      for (let i = 0; i < 3; i++) expect((await send('10.6.0.1')).statusCode).toBe(200);
      const blocked = await send('10.6.0.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 429, data: null });
      expect(blocked.json().msg).toMatch(/请求过于频繁/);
      expect((await send('10.6.0.2')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

async function getCaptcha(ip: string, username?: string) {
  const res = await t.inject({
    method: 'GET',
    url: `/api/user/pc/captcha${username ? `?username=${username}` : ''}`,
    remoteAddress: ip,
  });
  expect(res.json().code).toBe(200);
  return res.json().data as { captchaId: string; image: string; required: boolean };
}

async function loginWithCaptcha(payload: Record<string, string>, ip: string) {
  const captcha = await getCaptcha(ip);
  return login({ ...payload, captchaId: captcha.captchaId, captchaCode: 'AB2C' }, { ip });
}
