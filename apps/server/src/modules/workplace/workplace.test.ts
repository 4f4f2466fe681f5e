import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { devices, smsAccount, smsLedger, smsOutbox, users, workOrders } from '../../db/schema/index.ts';
import { createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';

let t: TestApp;
let admin: string;
let user: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  admin = await t.login();
  user = await t.login('user', 'User@2026');
});

const call: TestApp['call'] = (...args) => t.call(...args);
describe('Workplace data panel', () => {
  it('counts from the database: balance, the user’s pending orders, renewals within 30 days, published content', async () => {
    // The demo city's devices whose warranty ends within 30 days of the seed's "now".
    const soon = (await t.database.db.select().from(devices)).filter(
      (d) => d.warrantyEnd && d.warrantyEnd >= '2026-06-01' && d.warrantyEnd <= '2026-07-01',
    ).length;
    expect(soon).toBeGreaterThan(3);
    const empty = (await call('GET', '/api/workplace/overview', user)).json().data;
    // The plain user is not told the utility's SMS balance; an administrator is.
    expect(empty).toEqual({
      balance: null,
      pendingOrders: 0,
      renewalOrders: soon,
      onlineContent: 20,
      // The operations row (issue 14); its figures are tested in modules/station-live.
      operations: expect.objectContaining({ stationsTotal: expect.any(Number), devicesOnline: expect.any(Number) }),
    });
    expect((await call('GET', '/api/workplace/overview', admin)).json().data.balance).toEqual({
      amount: 200,
      currency: 'CNY',
      low: false,
      lowThreshold: 50,
      price: 0.05,
    });
    const [me] = await t.database.db.select().from(users).where(eq(users.username, 'user'));
    await t.database.db.insert(workOrders).values([
      { code: 'WO-1', title: '3 号泵异响', status: 'dispatched', assigneeId: me!.id },
      { code: 'WO-2', title: '井盖缺失', status: 'closed', assigneeId: me!.id },
      { code: 'WO-3', title: '管道渗漏', status: 'handling', assigneeId: null },
    ]);
    await t.database.db.insert(devices).values([
      { code: 'LT-001', name: '前池液位计', warrantyEnd: '2026-06-20' },
      { code: 'FM-001', name: '出水流量计', serviceEnd: '2026-06-30' },
      { code: 'PT-001', name: '压力变送器', warrantyEnd: '2026-08-01' },
      { code: 'PT-002', name: '过保压力变送器', warrantyEnd: '2026-05-01' },
    ]);
    const data = (await call('GET', '/api/workplace/overview', user)).json().data;
    expect(data).toMatchObject({ pendingOrders: 1, renewalOrders: soon + 2 });
    expect((await call('GET', '/api/workplace/overview', admin)).json().data.pendingOrders).toBe(0);
  });

  it('charges each SMS, warns on a low balance, and refuses to send (not to answer) when empty', async () => {
    await call('PUT', '/api/sms/account', admin, { price: 0.05, lowThreshold: 500 });
    expect((await call('GET', '/api/workplace/overview', admin)).json().data.balance.low).toBe(true);
    // A reset code, with the solved captcha every send needs (the test app's captchas read AB2C).
    const sendCode = async () => {
      const captchaId = (await t.inject({ method: 'GET', url: '/api/user/pc/captcha' })).json().data.captchaId;
      return t.inject({
        method: 'POST',
        url: '/api/user/sms',
        payload: { action: 'send', phone: '13900000004', purpose: 'reset-password', captchaId, captchaCode: 'AB2C' },
      });
    };
    await sendCode();
    const [account] = await t.database.db.select().from(smsAccount);
    expect(Number(account!.balance)).toBeCloseTo(199.95, 2);
    await t.database.db.update(smsAccount).set({ balance: '0.01' });
    t.clock.advance(61_000);
    const res = await sendCode();
    expect(res.json().code).toBe(200);
    const outbox = await t.database.db.select().from(smsOutbox).orderBy(smsOutbox.id);
    expect(outbox.map((o) => o.status)).toEqual(['queued', 'failed']);
    expect((await t.database.db.select().from(smsLedger)).filter((l) => l.kind === 'charge')).toHaveLength(1);
  });

  it('lets an administrator record a top-up (two decimals at most), never a plain user', async () => {
    const res = await call('POST', '/api/sms/topups', admin, { amount: 100.5, note: '11 月充值' });
    expect(res.json().data.balance).toBe(300.5);
    expect(res.json().data.ledger[0]).toMatchObject({
      kind: 'topup',
      amount: 100.5,
      note: '11 月充值',
      userName: '张伟',
    });
    expect((await call('POST', '/api/sms/topups', admin, { amount: 1.234 })).statusCode).toBe(400);
    expect((await call('POST', '/api/sms/topups', admin, { amount: -5 })).statusCode).toBe(400);
    expect((await call('POST', '/api/sms/topups', user, { amount: 5 })).statusCode).toBe(403);
    expect((await call('GET', '/api/sms/account', user)).statusCode).toBe(403);
  });
});

describe('recently visited and quick operations', () => {
  it('keeps the user’s own last pages, newest first, one row per page', async () => {
    await call('POST', '/api/user/visits', user, { routeName: 'deviceList', path: '/device/deviceList?status=online' });
    t.clock.advance(1000);
    await call('POST', '/api/user/visits', user, { routeName: 'realTimeData', path: '/timeData/realTimeData' });
    t.clock.advance(1000);
    await call('POST', '/api/user/visits', user, { routeName: 'deviceList', path: '/device/deviceList' });
    const visits = (await call('GET', '/api/user/visits', user)).json().data;
    expect(visits.map((v: { routeName: string }) => v.routeName)).toEqual(['deviceList', 'realTimeData']);
    expect((await call('GET', '/api/user/visits', admin)).json().data).toEqual([]);
    expect((await call('POST', '/api/user/visits', user, { routeName: 'x', path: 'javascript:1' })).statusCode).toBe(
      400,
    );
  });

  it('saves shortcuts from the user’s own menu only, at most 8', async () => {
    const ok = await call('PUT', '/api/user/quick-operations', user, { routeNames: ['deviceList', 'realTimeData'] });
    expect(ok.json().data).toEqual({ routeNames: ['deviceList', 'realTimeData'] });
    expect((await call('GET', '/api/user/quick-operations', user)).json().data.routeNames).toEqual([
      'deviceList',
      'realTimeData',
    ]);
    const forbidden = await call('PUT', '/api/user/quick-operations', user, { routeNames: ['logManager'] });
    expect(forbidden.json().code).toBe(50000);
    const many = await call('PUT', '/api/user/quick-operations', user, { routeNames: Array(9).fill('deviceList') });
    expect(many.statusCode).toBe(400);
    expect((await call('PUT', '/api/user/quick-operations', admin, { routeNames: ['logManager'] })).json().code).toBe(
      200,
    );
  });
});
