import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operationLog, smsCodes, smsOutbox } from '../../db/schema/index.ts';
import { createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
});

const sms = (payload: object, lang?: string) =>
  t.inject({
    method: 'POST',
    url: '/api/user/sms',
    payload,
    headers: lang ? { 'accept-language': lang } : {},
  });

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
