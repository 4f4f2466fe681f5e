import { messagesApi, type NoticeInput, noticesApi, workplaceApi } from '@water/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operationLog, smsAccount, smsLedger, smsOutbox, users } from '../../db/schema/index.ts';
import { createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';
import { SMS_TEXT_MAX, sendMessage, smsText } from './send-message.ts';

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

const notice: NoticeInput = {
  title: '关于城东片区 11 月 25 日计划停水的通知',
  contentHtml: '<p>因管网改造，11 月 25 日 8:00–18:00 停水。</p>',
  level: 1,
  // The four demo users hold the user role, each with a phone.
  audience: { type: 'roles', codes: ['user'] },
};

async function publish(body: NoticeInput) {
  const created = (await call(noticesApi.create, { body, token: admin })).json();
  expect(created.code).toBe(200);
  const published = await call(noticesApi.publish, { params: { id: created.data.id }, token: admin });
  expect(published.statusCode).toBe(200);
  return published.json().data;
}

const balance = async () => Number((await t.database.db.select().from(smsAccount))[0]!.balance);
const outbox = () => t.database.db.select().from(smsOutbox).orderBy(smsOutbox.id);
const charges = async () => (await t.database.db.select().from(smsLedger)).filter((l) => l.kind === 'charge');

describe('the message centre’s SMS channel', () => {
  it('keeps a notice console-only unless asked, and says so in its contract', async () => {
    const created = (await call(noticesApi.create, { body: notice, token: admin })).json().data;
    expect(created.sms).toBe(false);
    const published = (await call(noticesApi.publish, { params: { id: created.id }, token: admin })).json().data;
    expect(published.smsDelivery).toBeNull();
    expect(await outbox()).toEqual([]);
    expect(await balance()).toBe(200);
  });

  it('charges one SMS per recipient with a phone at the configured price, skipping those without', async () => {
    await call(workplaceApi.smsSettings, { body: { price: 0.08, lowThreshold: 50 }, token: admin });
    await t.database.db.update(users).set({ phone: null }).where(eq(users.username, 'user'));
    const published = await publish({ ...notice, sms: true });
    expect(published).toMatchObject({ status: 'published', recipients: 4, sms: true });
    // The publisher is told at once how the SMS copies fared.
    expect(published.smsDelivery).toEqual({ queued: 3, failed: 0, skipped: 1 });

    const sent = await outbox();
    expect(sent.map((s) => s.phone).sort()).toEqual(['13800000001', '13800000002', '13800000003']);
    // Queued for a gateway, never claimed as delivered.
    expect(sent.every((s) => s.status === 'queued' && s.sentAt === null && s.purpose === 'notice')).toBe(true);
    expect(sent[0]!.content).toBe(notice.title);
    expect(await balance()).toBeCloseTo(200 - 0.08 * 3, 2);
    const ledger = await charges();
    expect(ledger.map((l) => Number(l.amount))).toEqual([-0.08, -0.08, -0.08]);
    expect(new Set(ledger.map((l) => l.outboxId))).toEqual(new Set(sent.map((s) => s.id)));
    const listed = (await call(workplaceApi.smsLedger, { query: { kind: 'charge', limit: 2 }, token: admin })).json()
      .data;
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ kind: 'charge', amount: -0.08, purpose: 'notice' });
    expect(listed[0].phone).toMatch(/^138\*{4}\d{4}$/);
    // Only the seed's opening top-up.
    expect((await call(workplaceApi.smsLedger, { query: { kind: 'topup' }, token: admin })).json().data).toEqual([
      expect.objectContaining({ kind: 'topup', amount: 200 }),
    ]);
    expect((await call(workplaceApi.smsLedger, { token: user })).statusCode).toBe(403);
    for (const bad of ['kind=refund', 'limit=0', 'limit=51', 'limit=x']) {
      // Raw query strings, some of which the contract's types refuse (an unknown kind, a limit that is no number).
      const res = await call('GET', `/api/sms/ledger?${bad}`, admin);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, msg: expect.any(String) });
    }
    // Everyone still has the notice in the console, the phoneless user too.
    expect((await call(messagesApi.list, { body: {}, token: user })).json().data).toHaveLength(1);

    const logs = await t.database.db.select().from(operationLog).where(eq(operationLog.module, 'notices'));
    const row = logs.find((l) => l.action === 'publish');
    expect(row).toMatchObject({ result: 'success' });
    expect(row!.after).toMatchObject({ recipients: 4, sms: { queued: 3, failed: 0, skipped: 1 } });
  });

  it('records an SMS the balance cannot pay for as failed, still delivers the message, and warns', async () => {
    // Enough for two of four.
    await t.database.db.update(smsAccount).set({ balance: '0.10' });
    expect((await publish({ ...notice, sms: true })).smsDelivery).toEqual({ queued: 2, failed: 2, skipped: 0 });

    const sent = await outbox();
    expect(sent.map((s) => s.status)).toEqual(['queued', 'queued', 'failed', 'failed']);
    expect(sent.filter((s) => s.status === 'failed').every((s) => s.error === 'insufficient SMS balance')).toBe(true);
    expect(await charges()).toHaveLength(2);
    expect(await balance()).toBe(0);
    expect((await call(messagesApi.list, { body: {}, token: user })).json().data).toEqual([
      expect.objectContaining({ type: 'notice', title: notice.title }),
    ]);
    // The balance is the SMS account's business: an administrator reads it.
    const overview = (await call(workplaceApi.overview, { token: admin })).json().data;
    expect(overview.balance).toMatchObject({ amount: 0, low: true });

    const logs = await t.database.db.select().from(operationLog).where(eq(operationLog.module, 'notices'));
    expect(logs.find((l) => l.action === 'publish')!.after).toMatchObject({
      sms: { queued: 2, failed: 2, skipped: 0 },
    });
  });

  it('turns the low-balance warning on once the SMS spend crosses the threshold', async () => {
    await call(workplaceApi.smsSettings, { body: { price: 0.05, lowThreshold: 199.9 }, token: admin });
    expect((await call(workplaceApi.overview, { token: admin })).json().data.balance.low).toBe(false);
    await publish({ ...notice, sms: true });
    const after = (await call(workplaceApi.overview, { token: admin })).json().data.balance;
    expect(after).toMatchObject({ amount: 199.8, low: true });
  });

  it('is one function any module calls: sendMessage with sms', async () => {
    const [me] = await t.database.db.select().from(users).where(eq(users.username, 'user'));
    const hooks: (() => unknown)[] = [];
    const result = await t.database.db.transaction((tx) =>
      sendMessage(
        t.app,
        tx,
        { users: [me!.id] },
        { type: 'message', title: '3 号泵站前池液位超高'.repeat(8), sms: true },
        (fn) => hooks.push(fn),
      ),
    );
    expect(result).toEqual({ recipients: [me!.id], sms: { queued: 1, failed: 0, skipped: 0 } });
    const [sms] = await outbox();
    expect(sms).toMatchObject({ phone: '13900000004', purpose: 'message', status: 'queued' });
    expect(Array.from(sms!.content)).toHaveLength(SMS_TEXT_MAX);
    expect(sms!.content.endsWith('…')).toBe(true);
    expect(smsText('  短标题 ')).toBe('短标题');
  });

  it('lets only the SMS account permission top up or change the price', async () => {
    expect((await call(workplaceApi.smsTopup, { body: { amount: 10, note: '' }, token: user })).statusCode).toBe(403);
    expect(
      (await call(workplaceApi.smsSettings, { body: { price: 0.01, lowThreshold: 0 }, token: user })).statusCode,
    ).toBe(403);
    expect(await balance()).toBe(200);
    const topped = (await call(workplaceApi.smsTopup, { body: { amount: 50, note: '11 月' }, token: admin })).json()
      .data;
    expect(topped.balance).toBe(250);
    const topups = (await call(workplaceApi.smsLedger, { query: { kind: 'topup' }, token: admin })).json().data;
    expect(topups).toHaveLength(2);
    expect(topups[0]).toMatchObject({ kind: 'topup', amount: 50, note: '11 月', userName: '张伟' });
    expect(topups[0].phone).toBeUndefined();
    expect((await call(workplaceApi.smsTopup, { body: { amount: 0 }, token: admin })).statusCode).toBe(400);
  });
});
