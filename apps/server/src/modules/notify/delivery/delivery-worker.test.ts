import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  messages,
  notifyDeliveries,
  notifyPushes,
  smsAccount,
  smsLedger,
  smsOutbox,
  users,
} from '../../../db/schema/index.ts';
import { createTestApp, resetDatabase, TEST_START, type TestApp } from '../../../testing/build-app.ts';
import { backoffMs, createDeliveryWorker, oneSmsSegment } from './delivery-worker.ts';
import { deliveriesOf, insertDeliveries, insertPush, setChannel, startReceiver, userIds } from './outbox.fixtures.ts';
import type { SmsProvider } from './providers/sms.ts';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let admin: number;
let plain: number;
beforeAll(async () => {
  t = await createTestApp();
  receiver = await startReceiver();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(async () => {
  await resetDatabase(t.database);
  t.clock.set(TEST_START);
  receiver.received.length = 0;
  receiver.answer(() => ({ status: 200, body: '{}' }));
  [admin, plain] = (await userIds(t.database.db, '13800000001', 'user')) as [number, number];
});

const db = () => t.database.db;
const now = () => t.clock.now();
const balance = async () => Number((await db().select().from(smsAccount))[0]!.balance);
const pushRow = async (id: number) => (await db().select().from(notifyPushes).where(eq(notifyPushes.id, id)))[0]!;
/** A worker whose back-off has no jitter: the waits are exactly 30 s, 2 min, 10 min … */
const steadyWorker = () => createDeliveryWorker(t.app, { random: () => 0.5 });

describe('in-app deliveries', () => {
  it('write one message-centre row each, exactly once, tell the bell, and finish the push', async () => {
    const live = vi.spyOn(t.app.realtime, 'toUser');
    const pushId = await insertPush(db(), now());
    await insertDeliveries(db(), pushId, now(), [
      { channel: 'inApp', userId: admin, title: '2 号泵跳闸', body: '城东泵站 2 号泵 08:00 跳闸' },
      { channel: 'inApp', userId: plain, title: 'Pump 2 tripped', body: 'At 08:00', locale: 'en-US' },
    ]);
    await t.app.notifyDelivery.drain();
    await t.app.notifyDelivery.drain();

    const rows = await db().select().from(messages).where(eq(messages.source, 'notify')).orderBy(messages.id);
    expect(rows.map((m) => [m.userId, m.type, m.title, m.content, m.link, m.sourceId, m.status])).toEqual([
      [admin, 'message', '2 号泵跳闸', '城东泵站 2 号泵 08:00 跳闸', '/bz/alarm?alarm=7', String(pushId), 0],
      [plain, 'message', 'Pump 2 tripped', 'At 08:00', '/bz/alarm?alarm=7', String(pushId), 0],
    ]);
    const deliveries = await deliveriesOf(db(), pushId);
    expect(deliveries.map((d) => [d.state, d.attempts, d.leaseUntil, d.sentAt?.toISOString()])).toEqual([
      ['sent', 1, null, TEST_START.toISOString()],
      ['sent', 1, null, TEST_START.toISOString()],
    ]);
    expect(await pushRow(pushId)).toMatchObject({ state: 'done', finishedAt: TEST_START });
    // Each bell hears of its message with the unread count that includes it.
    const told = live.mock.calls.filter(([, e]) => e.type === 'message');
    expect(told.map(([userId]) => userId).sort()).toEqual([admin, plain].sort());
    const adminEvent = told.find(([userId]) => userId === admin)![1] as { unread: { message: number } };
    const unread = await db().select().from(messages).where(eq(messages.userId, admin));
    expect(adminEvent.unread.message).toBe(unread.filter((m) => m.type === 'message' && m.status === 0).length);
    live.mockRestore();
  });

  it('leaves a push open while one of its deliveries is still to try, and one not yet fully planned', async () => {
    const pushId = await insertPush(db(), now());
    await insertDeliveries(db(), pushId, now(), [
      { channel: 'inApp', userId: admin },
      { channel: 'inApp', userId: plain, nextAttemptAt: new Date(TEST_START.getTime() + 60_000) },
    ]);
    const planning = await insertPush(db(), now(), { plannedAt: null });
    await insertDeliveries(db(), planning, now(), [{ channel: 'inApp', userId: admin }]);
    await t.app.notifyDelivery.drain();
    expect((await pushRow(pushId)).state).toBe('sending');
    expect((await pushRow(planning)).state).toBe('sending');
    t.clock.advance(60_000);
    await t.app.notifyDelivery.drain();
    expect(await pushRow(pushId)).toMatchObject({ state: 'done', finishedAt: now() });
    // Its planner done writing, the push still being planned is finished by the next round, with nothing left to claim.
    await db().update(notifyPushes).set({ plannedAt: now() }).where(eq(notifyPushes.id, planning));
    await t.app.notifyDelivery.drain();
    expect(await pushRow(planning)).toMatchObject({ state: 'done', finishedAt: now() });
  });
});

describe('SMS deliveries', () => {
  it('charge each its segments at the account price, queue it in the SMS outbox and add the cost to the push', async () => {
    const pushId = await insertPush(db(), now());
    const long = '城东泵站2号泵跳闸'.repeat(10); // 90 characters: two segments
    await insertDeliveries(db(), pushId, now(), [
      { channel: 'sms', userId: admin, address: '13800000001', body: long, segments: 2 },
      { channel: 'sms', userId: plain, address: '13900000004', body: '2号泵跳闸', segments: 1 },
    ]);
    const before = await balance();
    await t.app.notifyDelivery.drain();

    const deliveries = await deliveriesOf(db(), pushId);
    expect(deliveries.map((d) => d.state)).toEqual(['sent', 'sent']);
    const outbox = await db().select().from(smsOutbox).orderBy(smsOutbox.id);
    expect(outbox.map((o) => [o.phone, o.content, o.status, o.purpose])).toEqual([
      ['13800000001', long, 'queued', 'manual'],
      ['13900000004', '2号泵跳闸', 'queued', 'manual'],
    ]);
    expect(await balance()).toBeCloseTo(before - 0.05 * 3, 4);
    const ledger = (await db().select().from(smsLedger).orderBy(smsLedger.id)).filter((l) => l.kind === 'charge');
    expect(ledger.map((l) => [Number(l.amount), l.outboxId])).toEqual([
      [-0.1, outbox[0]!.id],
      [-0.05, outbox[1]!.id],
    ]);
    expect(await pushRow(pushId)).toMatchObject({ smsCount: 3, smsCost: '0.1500', state: 'done' });
    // Drained again: nothing more is sent or charged.
    await t.app.notifyDelivery.drain();
    expect(await db().select().from(smsOutbox)).toHaveLength(2);
    expect(await balance()).toBeCloseTo(before - 0.15, 4);
  });

  it("fail as 'no balance' when the account cannot pay, never as sent, and charge nothing", async () => {
    await db().update(smsAccount).set({ balance: '0.05' });
    const pushId = await insertPush(db(), now());
    await insertDeliveries(db(), pushId, now(), [
      { channel: 'sms', userId: admin, address: '13800000001', body: 'first', segments: 1 },
      { channel: 'sms', userId: plain, address: '13900000004', body: 'second', segments: 1 },
    ]);
    await t.app.notifyDelivery.drain();
    const deliveries = await deliveriesOf(db(), pushId);
    expect(deliveries.map((d) => [d.state, d.errorCode, d.sentAt === null])).toEqual([
      ['sent', '', false],
      ['failed', 'noBalance', true],
    ]);
    expect(await balance()).toBe(0);
    expect((await db().select().from(smsOutbox)).map((o) => o.content)).toEqual(['first']);

    await db().update(smsAccount).set({ balance: '0' });
    const empty = await insertPush(db(), now());
    await insertDeliveries(db(), empty, now(), [
      { channel: 'sms', userId: admin, address: '13800000001', segments: 1 },
    ]);
    await t.app.notifyDelivery.drain();
    expect((await deliveriesOf(db(), empty)).map((d) => [d.state, d.errorCode])).toEqual([['failed', 'noBalance']]);
    expect(await pushRow(empty)).toMatchObject({ smsCount: 0, smsCost: '0.0000', state: 'done' });
    expect(await db().select().from(smsOutbox)).toHaveLength(1);
  });

  it('refuse a number that is not a mobile phone, and the channel turned off', async () => {
    const pushId = await insertPush(db(), now());
    await insertDeliveries(db(), pushId, now(), [
      { channel: 'sms', userId: admin, address: '010-12345678', segments: 1 },
      { channel: 'sms', userId: plain, address: '', segments: 1 },
    ]);
    await t.app.notifyDelivery.drain();
    expect((await deliveriesOf(db(), pushId)).map((d) => [d.state, d.errorCode])).toEqual([
      ['failed', 'noAddress'],
      ['failed', 'noAddress'],
    ]);
    await setChannel(db(), 'sms', { enabled: false });
    const off = await insertPush(db(), now());
    await insertDeliveries(db(), off, now(), [{ channel: 'sms', userId: admin, address: '13800000001', segments: 1 }]);
    await t.app.notifyDelivery.drain();
    expect((await deliveriesOf(db(), off)).map((d) => [d.state, d.errorCode])).toEqual([['failed', 'channelOff']]);
    expect(await db().select().from(smsOutbox)).toHaveLength(0);
  });

  it('go through a gateway behind the SmsProvider interface; what it fails is neither charged nor sent', async () => {
    const seen: string[] = [];
    const gateway: SmsProvider = {
      name: 'fake-gateway',
      async send(batch, { db: tx, now: at }) {
        seen.push(...batch.map((i) => i.idempotencyKey));
        const rows = await tx
          .insert(smsOutbox)
          .values(
            batch.map((i) => ({
              phone: i.phone,
              purpose: i.purpose,
              content: i.content,
              sender: 'fake',
              createdAt: at,
            })),
          )
          .returning({ id: smsOutbox.id });
        return batch.map((i, k) =>
          i.phone === '13900000004'
            ? { ok: false, code: 'rejected', detail: 'isv.MOBILE_NUMBER_ILLEGAL', retryable: false }
            : { ok: true, outboxId: rows[k]!.id },
        );
      },
    };
    const worker = createDeliveryWorker(t.app, { smsProvider: gateway });
    const pushId = await insertPush(db(), now());
    const rows = await insertDeliveries(db(), pushId, now(), [
      { channel: 'sms', userId: admin, address: '13800000001', segments: 1 },
      { channel: 'sms', userId: plain, address: '13900000004', segments: 1 },
    ]);
    const before = await balance();
    await worker.drain();
    expect(seen).toEqual(rows.map((r) => r.idempotencyKey));
    expect((await deliveriesOf(db(), pushId)).map((d) => [d.state, d.errorCode, d.errorDetail])).toEqual([
      ['sent', '', ''],
      ['failed', 'rejected', 'isv.MOBILE_NUMBER_ILLEGAL'],
    ]);
    expect(await balance()).toBeCloseTo(before - 0.05, 4);
    expect(await pushRow(pushId)).toMatchObject({ smsCount: 1, smsCost: '0.0500' });
  });
});

describe('retries', () => {
  it('back off 30 s, 2 min, 10 min, 30 min, then give up, keeping the last error; a 400 fails at once', async () => {
    await setChannel(db(), 'webhook', { enabled: true, url: receiver.url('/hook'), secret: 's' });
    receiver.answer((r) =>
      r.body.includes('"bad"') ? { status: 400, body: 'no such user' } : { status: 500, body: 'down' },
    );
    const worker = steadyWorker();
    const pushId = await insertPush(db(), now());
    await insertDeliveries(db(), pushId, now(), [
      { channel: 'webhook', userId: admin, address: receiver.url('/hook') },
      { channel: 'webhook', userId: plain, address: receiver.url('/hook'), title: 'bad' },
    ]);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      await worker.drain();
      const [d, bad] = await deliveriesOf(db(), pushId);
      expect(bad).toMatchObject({ state: 'failed', errorCode: 'rejected', attempts: 1 });
      expect(bad!.errorDetail).toContain('HTTP 400');
      expect(d).toMatchObject({ state: 'retrying', attempts: attempt, errorCode: 'http', leaseUntil: null });
      expect(d!.errorDetail).toBe('HTTP 500 down');
      waits.push(d!.nextAttemptAt.getTime() - now().getTime());
      // Not before its time.
      t.clock.advance(waits.at(-1)! - 1000);
      await worker.drain();
      expect((await deliveriesOf(db(), pushId))[0]!.attempts).toBe(attempt);
      t.clock.advance(1000);
    }
    expect(waits).toEqual([30_000, 120_000, 600_000, 1_800_000]);
    await worker.drain();
    const [d] = await deliveriesOf(db(), pushId);
    expect(d).toMatchObject({
      state: 'given-up',
      attempts: 5,
      errorCode: 'exhausted',
      errorDetail: 'http: HTTP 500 down',
    });
    expect(receiver.received.filter((r) => !r.body.includes('"bad"'))).toHaveLength(5);
    expect(worker.stats()).toMatchObject({ retried: 4, givenUp: 1, failed: 1, sent: 0 });
    expect((await pushRow(pushId)).state).toBe('done');
  });

  it("honour the receiver's Retry-After when it asks for longer than the back-off", async () => {
    await setChannel(db(), 'webhook', { enabled: true, url: receiver.url('/hook') });
    receiver.answer(() => ({ status: 429, body: 'slow down', headers: { 'retry-after': '300' } }));
    const pushId = await insertPush(db(), now());
    await insertDeliveries(db(), pushId, now(), [{ channel: 'webhook', userId: admin }]);
    await steadyWorker().drain();
    const [d] = await deliveriesOf(db(), pushId);
    expect(d).toMatchObject({ state: 'retrying', errorCode: 'http' });
    expect(d!.nextAttemptAt.getTime() - now().getTime()).toBe(300_000);
  });

  it('jitter the back-off by at most a tenth either way', () => {
    expect(backoffMs(1, () => 0)).toBe(27_000);
    expect(backoffMs(1, () => 1)).toBe(33_000);
    expect(backoffMs(3, () => 0.5)).toBe(600_000);
    expect(backoffMs(9, () => 0.5)).toBe(7_200_000);
  });
});

describe('fallback', () => {
  it('tries the recipient’s fallback channel when a delivery ends failed, once, addressed as the user is now', async () => {
    await setChannel(db(), 'webhook', { enabled: true, url: receiver.url('/hook') });
    receiver.answer(() => ({ status: 404, body: 'unknown recipient' }));
    const pushId = await insertPush(db(), now());
    const long = '城东泵站2号泵跳闸，出水压力降至0.12MPa，请值班人员立即到场处理并反馈。'.repeat(3);
    const [original] = await insertDeliveries(db(), pushId, now(), [
      { channel: 'webhook', userId: admin, title: '2 号泵跳闸', body: long, fallback: 'sms' },
      { channel: 'webhook', userId: plain, fallback: 'email' },
    ]);
    await db().update(users).set({ email: '' }).where(eq(users.id, plain));
    await t.app.notifyDelivery.drain();

    const rows = await deliveriesOf(db(), pushId);
    expect(rows.map((d) => [d.channel, d.state, d.errorCode, d.fallbackOf])).toEqual([
      ['webhook', 'failed', 'rejected', null],
      ['webhook', 'failed', 'rejected', null],
      ['sms', 'sent', '', 'webhook'],
      ['email', 'failed', 'noAddress', 'webhook'],
    ]);
    const sms = rows[2]!;
    expect(sms).toMatchObject({
      userId: admin,
      address: '13800000001',
      idempotencyKey: `${original!.idempotencyKey}:fb:sms`,
      segments: 1,
      title: '2 号泵跳闸',
    });
    expect(sms.body).toBe(oneSmsSegment(long));
    expect(Array.from(sms.body)).toHaveLength(70);
    expect(sms.body.endsWith('…')).toBe(true);
    expect((await db().select().from(smsOutbox)).map((o) => o.content)).toEqual([sms.body]);
    // A resend of the original fails again without a second fallback.
    await db()
      .update(notifyDeliveries)
      .set({ state: 'queued', attempts: 0, nextAttemptAt: now() })
      .where(eq(notifyDeliveries.id, original!.id));
    await t.app.notifyDelivery.drain();
    expect(await deliveriesOf(db(), pushId)).toHaveLength(4);
  });
});

describe('rate limits', () => {
  it('hold back a recipient’s seventh SMS in a minute until the next minute, never dropping it', async () => {
    const pushId = await insertPush(db(), now());
    await insertDeliveries(
      db(),
      pushId,
      now(),
      Array.from({ length: 8 }, () => ({
        channel: 'sms' as const,
        userId: admin,
        address: '13800000001',
        segments: 1,
      })),
    );
    t.clock.set(new Date(TEST_START.getTime() + 25_000));
    await t.app.notifyDelivery.drain();
    let rows = await deliveriesOf(db(), pushId);
    expect(rows.filter((d) => d.state === 'sent')).toHaveLength(6);
    const held = rows.filter((d) => d.state !== 'sent');
    // Back in the queue for the next minute, the attempt not counted.
    expect(held.map((d) => [d.state, d.attempts, d.nextAttemptAt.toISOString()])).toEqual([
      ['queued', 0, '2026-06-01T08:01:00.000Z'],
      ['queued', 0, '2026-06-01T08:01:00.000Z'],
    ]);
    expect((await pushRow(pushId)).state).toBe('sending');
    t.clock.set(new Date('2026-06-01T08:01:00Z'));
    await t.app.notifyDelivery.drain();
    rows = await deliveriesOf(db(), pushId);
    expect(rows.every((d) => d.state === 'sent' && d.attempts === 1)).toBe(true);
    expect(await db().select().from(smsOutbox)).toHaveLength(8);
  });

  it('keep each robot to 20 messages a minute, as its docs say; in-app has no limit', async () => {
    await setChannel(db(), 'wecom', { enabled: true, url: receiver.url('/wecom') });
    receiver.answer(() => ({ status: 200, body: '{"errcode":0,"errmsg":"ok"}' }));
    const pushId = await insertPush(db(), now());
    await insertDeliveries(db(), pushId, now(), [
      ...Array.from({ length: 25 }, () => ({ channel: 'wecom' as const, userId: null })),
      ...Array.from({ length: 30 }, () => ({ channel: 'inApp' as const, userId: admin })),
    ]);
    await t.app.notifyDelivery.drain();
    const rows = await deliveriesOf(db(), pushId);
    expect(rows.filter((d) => d.channel === 'wecom' && d.state === 'sent')).toHaveLength(20);
    expect(rows.filter((d) => d.channel === 'wecom' && d.state === 'queued')).toHaveLength(5);
    expect(rows.filter((d) => d.channel === 'inApp' && d.state === 'sent')).toHaveLength(30);
    expect(receiver.received).toHaveLength(20);
    t.clock.advance(60_000);
    await t.app.notifyDelivery.drain();
    expect(receiver.received).toHaveLength(25);
  });
});

describe('channels', () => {
  it('read the webhook’s URL and secret at send time: turned off meanwhile fails channelOff, no URL noAddress', async () => {
    const pushId = await insertPush(db(), now());
    await insertDeliveries(db(), pushId, now(), [{ channel: 'webhook', userId: admin, address: receiver.url('/old') }]);
    await setChannel(db(), 'webhook', { enabled: false, url: receiver.url('/hook') });
    await t.app.notifyDelivery.drain();
    expect((await deliveriesOf(db(), pushId)).map((d) => [d.state, d.errorCode])).toEqual([['failed', 'channelOff']]);
    await setChannel(db(), 'feishu', { enabled: true, url: '' });
    const robot = await insertPush(db(), now());
    await insertDeliveries(db(), robot, now(), [{ channel: 'feishu', userId: null }]);
    await t.app.notifyDelivery.drain();
    expect((await deliveriesOf(db(), robot)).map((d) => [d.state, d.errorCode])).toEqual([['failed', 'noAddress']]);
    expect(receiver.received).toHaveLength(0);
  });

  it('sendTest sends one message now outside the outbox and says how it went', async () => {
    const inApp = await t.app.notifyDelivery.sendTest(
      'inApp',
      { userId: plain, locale: 'en-US' },
      { title: 'Test', body: 'Hello' },
    );
    expect(inApp).toMatchObject({ ok: true });
    expect(inApp.ms).toBeGreaterThanOrEqual(0);
    expect((await db().select().from(messages).where(eq(messages.userId, plain))).map((m) => m.title)).toContain(
      'Test',
    );
    const before = await balance();
    expect(
      await t.app.notifyDelivery.sendTest('sms', { userId: plain, locale: 'zh-CN' }, { title: '', body: '测试短信' }),
    ).toMatchObject({ ok: true });
    expect((await db().select().from(smsOutbox)).map((o) => [o.phone, o.content])).toEqual([
      ['13900000004', '测试短信'],
    ]);
    expect(await balance()).toBeCloseTo(before - 0.05, 4);
    // No SMTP settings in this app: e-mail is off.
    expect(
      await t.app.notifyDelivery.sendTest('email', { userId: plain, locale: 'zh-CN' }, { title: 'T', body: 'B' }),
    ).toMatchObject({
      ok: false,
      code: 'channelOff',
    });
    await setChannel(db(), 'dingtalk', {
      enabled: true,
      url: receiver.url('/robot/send?access_token=abc'),
      secret: 'SECx',
    });
    receiver.answer(() => ({ status: 200, body: '{"errcode":310000,"errmsg":"sign not match"}' }));
    expect(
      await t.app.notifyDelivery.sendTest('dingtalk', { userId: admin, locale: 'zh-CN' }, { title: 'T', body: 'B' }),
    ).toMatchObject({ ok: false, code: 'rejected', retryable: false });
    expect(await db().select().from(notifyDeliveries)).toEqual([]);
  });
});
