import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, operationLog, smsCodes, smsLedger, smsOutbox, users } from '../../db/schema/index.ts';
import { createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
});

/** A captcha the test app answers with AB2C (build-app's captchaText). */
async function captchaId(app: TestApp, ip: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/user/pc/captcha', remoteAddress: ip });
  return res.json().data.captchaId as string;
}

/** POST /api/user/sms; a send carries a solved captcha unless `captcha` says otherwise. */
async function smsOn(
  app: TestApp,
  payload: Record<string, unknown>,
  options: { lang?: string; ip?: string; captcha?: 'solved' | 'none' } = {},
) {
  const ip = options.ip ?? '10.9.0.1';
  const solved =
    payload.action === 'send' && options.captcha !== 'none'
      ? { captchaId: await captchaId(app, ip), captchaCode: 'ab2c' }
      : {};
  return app.inject({
    method: 'POST',
    url: '/api/user/sms',
    payload: { ...solved, ...payload },
    remoteAddress: ip,
    headers: options.lang ? { 'accept-language': options.lang } : {},
  });
}
const sms = (payload: Record<string, unknown>, lang?: string) => smsOn(t, payload, lang ? { lang } : {});

async function sentCode(): Promise<string> {
  const [row] = await t.database.db.select().from(smsOutbox);
  const code = /(\d{6})/.exec(row?.content ?? '')?.[1];
  if (!code) throw new Error('no code in the outbox');
  return code;
}

describe('POST /api/user/sms', () => {
  it('queues a code for a known phone in the outbox (never claiming delivery), hashed in the codes table', async () => {
    const res = await sms({ action: 'send', phone: '13900000004', purpose: 'reset-password' });
    expect(res.json()).toMatchObject({ code: 200, data: { sent: true, expiresIn: 300, resendAfter: 60 } });
    const outbox = await t.database.db.select().from(smsOutbox);
    expect(outbox).toMatchObject([{ phone: '13900000004', status: 'queued', sender: 'outbox' }]);
    expect(outbox[0]?.content).toMatch(/验证码为 \d{6}/);
    const [code] = await t.database.db.select().from(smsCodes);
    expect(code?.codeHash).not.toContain(await sentCode());
    const [log] = await t.database.db.select().from(operationLog);
    expect(log).toMatchObject({ module: 'auth', action: 'sms', result: 'success' });
  });

  it('answers an unknown phone exactly like a known one, but sends nothing', async () => {
    const res = await sms({ action: 'send', phone: '13700000000', purpose: 'reset-password' });
    expect(res.json()).toMatchObject({ code: 200, data: { sent: true } });
    expect(await t.database.db.select().from(smsOutbox)).toHaveLength(0);
  });

  it('refuses a second code within the resend gap', async () => {
    await sms({ action: 'send', phone: '13900000004', purpose: 'reset-password' });
    t.clock.advance(20_000);
    const again = await sms({ action: 'send', phone: '13900000004', purpose: 'reset-password' }, 'en-US');
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 50000, msg: 'Too many codes: try again in 40 s' });
    t.clock.advance(41_000);
    expect((await sms({ action: 'send', phone: '13900000004', purpose: 'reset-password' })).json().code).toBe(200);
  });

  it('verifies the right code once, giving a ticket; a used, wrong or expired code fails', async () => {
    await sms({ action: 'send', phone: '13900000004', purpose: 'reset-password' });
    const code = await sentCode();
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await sms({ action: 'verify', phone: '13900000004', purpose: 'reset-password', code: wrongCode });
    expect(wrong.json()).toMatchObject({ code: 50000, msg: '短信验证码错误或已过期' });
    const ok = await sms({ action: 'verify', phone: '13900000004', purpose: 'reset-password', code });
    expect(ok.json()).toMatchObject({ code: 200, data: { verified: true } });
    expect(ok.json().data.ticket).toMatch(/^[\w-]{43}$/);
    const reused = await sms({ action: 'verify', phone: '13900000004', purpose: 'reset-password', code });
    expect(reused.json().code).toBe(50000);
    // the operation log never holds the code
    const logs = await t.database.db.select().from(operationLog);
    expect(JSON.stringify(logs)).not.toContain(code);

    t.clock.advance(61_000);
    await sms({ action: 'send', phone: '13900000004', purpose: 'reset-password' });
    t.clock.advance(301_000);
    const expired = await sms({
      action: 'verify',
      phone: '13900000004',
      purpose: 'reset-password',
      code: await sentCode(),
    });
    expect(expired.json().code).toBe(50000);
  });

  it('stops accepting guesses after 5 wrong codes', async () => {
    await sms({ action: 'send', phone: '13900000004', purpose: 'reset-password' });
    const code = await sentCode();
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await sms({ action: 'verify', phone: '13900000004', purpose: 'reset-password', code: wrongCode });
    }
    const right = await sms({ action: 'verify', phone: '13900000004', purpose: 'reset-password', code });
    expect(right.json().code).toBe(50000);
  });

  it('validates phone and code with field messages in the caller language', async () => {
    const bad = await sms({ action: 'send', phone: '12345', purpose: 'reset-password' }, 'en-US');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors).toEqual([{ field: 'phone', message: 'Enter a valid mainland China mobile number' }]);
    const zh = await sms({ action: 'verify', phone: '13900000004', purpose: 'reset-password', code: '12ab' });
    expect(zh.json().data.errors).toEqual([{ field: 'code', message: '验证码为 6 位数字' }]);
    const unknownAction = await sms({ action: 'steal', phone: '13900000004' });
    expect(unknownAction.statusCode).toBe(400);
    expect(await t.database.db.select().from(smsCodes)).toHaveLength(0);
  });
});

describe('what an SMS code costs, and who may make the server pay', () => {
  const send = (phone: string) => ({ action: 'send', phone, purpose: 'reset-password' });

  it('sends nothing without a solved captcha, and a captcha serves one request only', async () => {
    const none = await smsOn(t, send('13900000004'), { captcha: 'none', lang: 'en-US' });
    expect(none.statusCode).toBe(400);
    const id = await captchaId(t, '10.9.0.1');
    const wrong = await smsOn(t, { ...send('13900000004'), captchaId: id, captchaCode: 'zzzz' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 50000, msg: '验证码错误或已过期，请重新输入' });
    // the wrong answer spent it: the right one no longer works
    const reused = await smsOn(t, { ...send('13900000004'), captchaId: id, captchaCode: 'AB2C' });
    expect(reused.json().code).toBe(50000);
    expect(await t.database.db.select().from(smsOutbox)).toHaveLength(0);
    expect(await t.database.db.select().from(smsCodes)).toHaveLength(0);
    expect((await smsOn(t, send('13900000004'))).json().code).toBe(200);
  });

  it('sends a phone at most 10 codes a day, known or not, answering 429 in the caller language', async () => {
    for (const phone of ['13900000004', '13700000000']) {
      for (let i = 0; i < 10; i++) {
        const ok = await smsOn(t, send(phone), { ip: `10.9.1.${i}` });
        expect(ok.json().code).toBe(200);
        t.clock.advance(61_000);
      }
      const capped = await smsOn(t, send(phone), { ip: '10.9.1.99', lang: 'en-US' });
      expect(capped.statusCode).toBe(429);
      expect(capped.json()).toMatchObject({
        code: 50000,
        msg: 'This phone has had its 10 codes for today; try again tomorrow',
        data: null,
      });
      const zh = await smsOn(t, send(phone), { ip: '10.9.1.98' });
      expect(zh.json().msg).toBe('该手机号今日接收验证码已达上限（10 条），请明天再试');
    }
    expect(await t.database.db.select().from(smsOutbox)).toHaveLength(10);
    t.clock.advance(24 * 3_600_000);
    expect((await smsOn(t, send('13900000004'))).json().code).toBe(200);
  });

  it('lets one IP ask for at most 30 codes a day, whichever phones', async () => {
    for (let i = 0; i < 30; i++) {
      const ok = await smsOn(t, send(`1370000${String(i).padStart(4, '0')}`), { ip: '10.9.2.1' });
      expect(ok.json().code).toBe(200);
    }
    const capped = await smsOn(t, send('13900000004'), { ip: '10.9.2.1', lang: 'en-US' });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().msg).toBe(
      'This network has asked for its 30 codes for today; try again tomorrow or ask an administrator',
    );
    expect((await smsOn(t, send('13900000004'), { ip: '10.9.2.2' })).json().code).toBe(200);
  });

  it('records the requesting IP in the SMS ledger', async () => {
    await smsOn(t, send('13900000004'), { ip: '10.9.3.7' });
    const [charge] = await t.database.db.select().from(smsLedger).where(eq(smsLedger.kind, 'charge'));
    expect(charge).toMatchObject({ ip: '10.9.3.7', amount: '-0.0500' });
  });

  it('stops at the hourly cap for the whole system and tells the administrators once an hour', async () => {
    const capped = await createTestApp({ SMS_HOURLY_LIMIT: '2' });
    try {
      const phones = (await t.database.db.select({ phone: users.phone }).from(users))
        .map((u) => u.phone)
        .filter((p): p is string => !!p);
      expect((await smsOn(capped, send(phones[0] as string), { ip: '10.9.4.1' })).json().code).toBe(200);
      expect((await smsOn(capped, send(phones[1] as string), { ip: '10.9.4.2' })).json().code).toBe(200);
      const alertsFor = async () =>
        (await capped.database.db.select().from(messages)).filter((m) => m.source === 'sms-hourly-cap');
      const refused = [];
      for (let i = 0; i < 3; i++) {
        refused.push(await smsOn(capped, send(`137000000${10 + i}`), { ip: `10.9.4.${10 + i}`, lang: 'en-US' }));
      }
      for (const res of refused) {
        expect(res.statusCode).toBe(429);
        expect(res.json().msg).toBe(
          'The SMS codes for this hour have run out; try again later or ask an administrator',
        );
      }
      // a phone with an account is refused alike
      expect((await smsOn(capped, send(phones[2] as string), { ip: '10.9.4.20' })).statusCode).toBe(429);
      const alerts = await alertsFor();
      const admins = new Set(alerts.map((m) => m.userId));
      expect(admins.size).toBeGreaterThan(0);
      expect(alerts).toHaveLength(admins.size); // one message per administrator, not per refusal
      expect(alerts[0]?.title).toBe('验证码短信已达每小时上限（2 条）');
      expect(await capped.database.db.select().from(smsOutbox)).toHaveLength(2);

      // still capped 30 minutes later: no second message within the hour
      capped.clock.advance(30 * 60_000);
      expect((await smsOn(capped, send('13700000030'), { ip: '10.9.4.30' })).statusCode).toBe(429);
      expect(await alertsFor()).toHaveLength(admins.size);
      // an hour on, the codes flow again
      capped.clock.advance(31 * 60_000);
      expect((await smsOn(capped, send(phones[0] as string), { ip: '10.9.4.31' })).json().code).toBe(200);
    } finally {
      await capped.close();
    }
  });
});
