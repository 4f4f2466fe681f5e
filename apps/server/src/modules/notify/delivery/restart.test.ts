import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, notifyDeliveries, smsAccount, smsLedger, smsOutbox } from '../../../db/schema/index.ts';
import { createTestApp, resetDatabase, TEST_START, type TestApp } from '../../../testing/build-app.ts';
import { loadChannels } from '../channels.repository.ts';
import type { ChannelProvider } from '../notify-types.ts';
import { createDeliveryWorker } from './delivery-worker.ts';
import { deliveriesOf, insertDeliveries, insertPush, setChannel, startReceiver, userIds } from './outbox.fixtures.ts';
import { inAppProvider } from './providers/in-app.ts';
import type { BatchChannelProvider } from './providers/provider-env.ts';
import type { SmsProvider } from './providers/sms.ts';
import { webhookProvider } from './providers/webhook.ts';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let users: number[];
beforeAll(async () => {
  // Many webhook calls to the same four people in a minute: the per-recipient limit is not what these test.
  t = await createTestApp({ NOTIFY_RATE_PER_USER_PER_MINUTE: '1000', NOTIFY_BATCH: '200' });
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
  users = await userIds(t.database.db, '13800000001', '13800000002', '13800000003', 'user');
  await setChannel(t.database.db, 'webhook', { enabled: true, url: receiver.url('/hook'), secret: 'k' });
});

const db = () => t.database.db;
const leaseMs = () => t.app.config.NOTIFY_LEASE_SECONDS * 1000;
const phones = ['13800000001', '13800000002', '13800000003', '13900000004'];
const balance = async () => Number((await db().select().from(smsAccount))[0]!.balance);

async function until(check: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The webhook as shipped, reading the channel from the database. */
const realWebhook = () =>
  webhookProvider({
    config: t.app.config,
    channel: async (c) => (await loadChannels(db())).get(c)!,
  });

/** A push to four people: in-app ×10, SMS ×4, webhook ×40. */
async function bigPush() {
  const pushId = await insertPush(db(), t.clock.now());
  await insertDeliveries(db(), pushId, t.clock.now(), [
    ...Array.from({ length: 10 }, (_, i) => ({ channel: 'inApp' as const, userId: users[i % 4]! })),
    ...users.map((userId, i) => ({ channel: 'sms' as const, userId, address: phones[i]!, segments: 1 })),
    ...Array.from({ length: 40 }, (_, i) => ({ channel: 'webhook' as const, userId: users[i % 4]! })),
  ]);
  return pushId;
}

describe('a worker killed in the middle of a batch', () => {
  it('loses nothing and sends nothing twice: in-app and SMS exactly once, the webhook once per key', async () => {
    const pushId = await bigPush();
    const before = await balance();

    // Worker A dies mid-round: its in-app and SMS transactions die with it after writing (rolled
    // back), and its webhook sender stops answering after ten calls went out (never recorded).
    const crashed: string[] = [];
    const realInApp = inAppProvider(t.app);
    const dyingInApp: BatchChannelProvider = {
      channel: 'inApp',
      send: realInApp.send,
      async sendBatch(deliveries, ctx) {
        await realInApp.sendBatch(deliveries, ctx);
        crashed.push('inApp');
        throw new Error('worker killed');
      },
    };
    const dyingGateway: SmsProvider = {
      name: 'outbox',
      async send(batch, { db: tx, now }) {
        await tx.insert(smsOutbox).values(
          batch.map((i) => ({
            phone: i.phone,
            purpose: i.purpose,
            content: i.content,
            sender: 'outbox',
            createdAt: now,
          })),
        );
        crashed.push('sms');
        throw new Error('worker killed');
      },
    };
    const webhook = realWebhook();
    let calls = 0;
    const dyingWebhook: ChannelProvider = {
      channel: 'webhook',
      send(d, ctx) {
        if (calls >= 10) return new Promise(() => {});
        calls++;
        return webhook.send(d, ctx);
      },
    };
    const a = createDeliveryWorker(t.app, {
      providers: { inApp: dyingInApp, webhook: dyingWebhook },
      smsProvider: dyingGateway,
    });
    void a.round();
    await until(() => receiver.received.length === 10 && crashed.length === 2, 'worker A to die');
    await until(
      async () => (await deliveriesOf(db(), pushId)).every((d) => d.state === 'sending' && d.attempts === 1),
      'the rolled-back transactions',
    );
    // Nothing of the dead transactions remains.
    expect(await db().select().from(messages).where(eq(messages.source, 'notify'))).toEqual([]);
    expect(await db().select().from(smsOutbox)).toEqual([]);
    expect(await balance()).toBe(before);

    // While the lease holds, another worker leaves A's rows alone.
    const b = createDeliveryWorker(t.app);
    await b.drain();
    expect(b.stats().sent).toBe(0);
    expect(receiver.received).toHaveLength(10);

    t.clock.advance(leaseMs() + 1000);
    await b.drain();
    const rows = await deliveriesOf(db(), pushId);
    expect(rows.every((d) => d.state === 'sent' && d.attempts === 2)).toBe(true);
    // In-app and SMS: once each.
    const written = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.source, 'notify'), eq(messages.sourceId, String(pushId))));
    expect(written).toHaveLength(10);
    expect((await db().select().from(smsOutbox)).map((o) => o.phone).sort()).toEqual([...phones].sort());
    expect((await db().select().from(smsLedger)).filter((l) => l.kind === 'charge')).toHaveLength(4);
    expect(await balance()).toBeCloseTo(before - 0.05 * 4, 4);
    // The webhook: every key arrived; the ten A sent before dying arrived twice, and their key
    // lets the receiver drop the repeat.
    const keys = receiver.received.map((r) => String(r.headers['idempotency-key']));
    const webhookKeys = rows.filter((d) => d.channel === 'webhook').map((d) => d.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set(webhookKeys));
    expect(keys).toHaveLength(50);
    const repeated = keys.filter((k, i) => keys.indexOf(k) !== i);
    expect(new Set(repeated)).toEqual(new Set(keys.slice(0, 10)));
    expect(b.stats().sent).toBe(54);
  });

  it('does not let a late worker overwrite what the worker that took over recorded', async () => {
    const pushId = await insertPush(db(), t.clock.now());
    await insertDeliveries(db(), pushId, t.clock.now(), [{ channel: 'webhook', userId: users[0]! }]);
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const stalled: ChannelProvider = {
      channel: 'webhook',
      async send() {
        await gate;
        return { ok: false, code: 'http', detail: 'HTTP 500 late', retryable: true };
      },
    };
    const a = createDeliveryWorker(t.app, { providers: { webhook: stalled } });
    const late = a.round();
    await until(async () => (await deliveriesOf(db(), pushId))[0]!.state === 'sending', 'worker A’s claim');
    t.clock.advance(leaseMs() + 1000);
    const b = createDeliveryWorker(t.app);
    await b.drain();
    release();
    await late;
    const [d] = await deliveriesOf(db(), pushId);
    expect(d).toMatchObject({ state: 'sent', attempts: 2, errorCode: '', errorDetail: '' });
    expect(a.stats()).toMatchObject({ retried: 0, sent: 0 });
  });

  it('gives up a delivery whose claims kept dying until its attempts ran out', async () => {
    const pushId = await insertPush(db(), t.clock.now());
    const [row] = await insertDeliveries(db(), pushId, t.clock.now(), [{ channel: 'webhook', userId: users[0]! }]);
    await db()
      .update(notifyDeliveries)
      .set({
        state: 'sending',
        attempts: t.app.config.NOTIFY_MAX_ATTEMPTS,
        leaseUntil: new Date(TEST_START.getTime() - 1000),
      })
      .where(eq(notifyDeliveries.id, row!.id));
    await t.app.notifyDelivery.drain();
    const [d] = await deliveriesOf(db(), pushId);
    expect(d).toMatchObject({ state: 'given-up', errorCode: 'exhausted', errorDetail: 'timeout: no outcome recorded' });
    expect(receiver.received).toHaveLength(0);
  });
});

describe('two workers on one database', () => {
  it('never take the same delivery: each is sent once and claimed once', async () => {
    const pushId = await insertPush(db(), t.clock.now());
    await insertDeliveries(db(), pushId, t.clock.now(), [
      ...Array.from({ length: 60 }, (_, i) => ({ channel: 'inApp' as const, userId: users[i % 4]! })),
      ...Array.from({ length: 30 }, (_, i) => ({ channel: 'webhook' as const, userId: users[i % 4]! })),
    ]);
    // Small rounds, so that the two interleave many times.
    const one = createDeliveryWorker(t.app, { batch: 7 });
    const two = createDeliveryWorker(t.app, { batch: 7 });
    await Promise.all([one.drain(), two.drain()]);
    const rows = await deliveriesOf(db(), pushId);
    expect(rows.every((d) => d.state === 'sent' && d.attempts === 1)).toBe(true);
    const written = await db()
      .select()
      .from(messages)
      .where(eq(messages.sourceId, String(pushId)));
    expect(written).toHaveLength(60);
    const keys = receiver.received.map((r) => String(r.headers['idempotency-key']));
    expect(keys).toHaveLength(30);
    expect(new Set(keys).size).toBe(30);
    expect(one.stats().sent + two.stats().sent).toBe(90);
    expect(one.stats().sent).toBeGreaterThan(0);
    expect(two.stats().sent).toBeGreaterThan(0);
  });
});

describe('a started worker', () => {
  it('delivers what is due when it starts, at once when kicked (long before its next poll), and stops when told', async () => {
    const worker = createDeliveryWorker(t.app, { pollMs: 60_000 });
    const pushId = await insertPush(db(), t.clock.now());
    await insertDeliveries(db(), pushId, t.clock.now(), [{ channel: 'inApp', userId: users[0]! }]);
    worker.start();
    await until(async () => (await deliveriesOf(db(), pushId))[0]!.state === 'sent', 'the first round');
    const later = await insertPush(db(), t.clock.now());
    await insertDeliveries(db(), later, t.clock.now(), [{ channel: 'webhook', userId: users[1]! }]);
    worker.kick();
    await until(() => receiver.received.length === 1, 'the kick');
    await worker.stop();
    const stopped = await insertPush(db(), t.clock.now());
    await insertDeliveries(db(), stopped, t.clock.now(), [{ channel: 'inApp', userId: users[2]! }]);
    worker.kick();
    await new Promise((r) => setTimeout(r, 300));
    expect((await deliveriesOf(db(), stopped))[0]!.state).toBe('queued');
  });
});
