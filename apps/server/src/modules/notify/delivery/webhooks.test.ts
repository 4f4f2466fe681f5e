import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_IDEMPOTENCY_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@water/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, resetDatabase, TEST_START, type TestApp } from '../../../testing/build-app.ts';
import {
  deliveriesOf,
  insertDeliveries,
  insertPush,
  type ReceivedRequest,
  setChannel,
  startReceiver,
  userIds,
} from './outbox.fixtures.ts';
import { webhookProvider } from './providers/webhook.ts';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let admin: number;
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
  receiver.answer(() => ({ status: 200, body: '{"errcode":0,"errmsg":"ok","code":0,"msg":"success"}' }));
  [admin] = (await userIds(t.database.db, '13800000001')) as [number];
});

const db = () => t.database.db;
const seconds = TEST_START.getTime() / 1000;

/** What a receiver does with our signature: recompute it over the raw body with the shared secret. */
function verify(req: ReceivedRequest, secret: string, toleranceSeconds = 300): boolean {
  const header = String(req.headers[WEBHOOK_SIGNATURE_HEADER] ?? '');
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const stamp = Number(match[1]);
  if (Math.abs(stamp - seconds) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${stamp}.${req.body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}

async function deliverOne(channel: 'webhook' | 'wecom' | 'dingtalk' | 'feishu', extra = {}) {
  const pushId = await insertPush(db(), t.clock.now());
  const [row] = await insertDeliveries(db(), pushId, t.clock.now(), [
    {
      channel,
      userId: channel === 'webhook' ? admin : null,
      title: '【严重】城东泵站 2 号泵跳闸',
      body: '### 2 号泵跳闸\n> 出水压力 0.12 MPa\n[查看告警](/bz/alarm?alarm=7)',
      critical: true,
      ...extra,
    },
  ]);
  await t.app.notifyDelivery.drain();
  return { pushId, row: row!, rows: await deliveriesOf(db(), pushId) };
}

describe('the generic webhook', () => {
  it('POSTs signed JSON with the idempotency key, which a receiver verifies', async () => {
    await setChannel(db(), 'webhook', { enabled: true, url: receiver.url('/bridge/notify'), secret: 'whsec-城东' });
    const { row, rows } = await deliverOne('webhook');
    expect(rows.map((d) => d.state)).toEqual(['sent']);
    expect(receiver.received).toHaveLength(1);
    const req = receiver.received[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/bridge/notify');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers[WEBHOOK_IDEMPOTENCY_HEADER]).toBe(row.idempotencyKey);
    expect(verify(req, 'whsec-城东')).toBe(true);
    expect(verify(req, 'another secret')).toBe(false);
    expect(verify({ ...req, body: req.body.replace('2 号泵', '3 号泵') }, 'whsec-城东')).toBe(false);
    expect(JSON.parse(req.body)).toEqual({
      id: row.idempotencyKey,
      purpose: 'manual',
      critical: true,
      title: '【严重】城东泵站 2 号泵跳闸',
      body: '### 2 号泵跳闸\n> 出水压力 0.12 MPa\n[查看告警](/bz/alarm?alarm=7)',
      link: '/bz/alarm?alarm=7',
      locale: 'zh-CN',
      recipient: {
        userId: admin,
        name: '张伟',
        phone: '13800000001',
        email: 'zhangwei@lanchuan-water.example',
      },
      sentAt: TEST_START.toISOString(),
    });
  });

  it('goes unsigned without a secret, and reads the URL as it is when sending', async () => {
    await setChannel(db(), 'webhook', { enabled: true, url: receiver.url('/now') });
    const { rows } = await deliverOne('webhook', { address: receiver.url('/planned') });
    expect(rows.map((d) => d.state)).toEqual(['sent']);
    expect(receiver.received.map((r) => [r.url, r.headers[WEBHOOK_SIGNATURE_HEADER]])).toEqual([['/now', undefined]]);
  });

  it('retries 408, 425, 429 and 5xx and no answer at all; fails other 4xx and redirects for good', async () => {
    await setChannel(db(), 'webhook', { enabled: true, url: receiver.url('/hook') });
    const cases: [number, string, string][] = [
      [408, 'retrying', 'http'],
      [425, 'retrying', 'http'],
      [503, 'retrying', 'http'],
      [401, 'failed', 'rejected'],
      [410, 'failed', 'rejected'],
      [302, 'failed', 'rejected'],
    ];
    for (const [status, state, code] of cases) {
      receiver.answer(() => ({
        status,
        body: 'x',
        headers: status === 302 ? { location: '/elsewhere' } : ({} as Record<string, string>),
      }));
      const { rows } = await deliverOne('webhook');
      expect([status, rows[0]!.state, rows[0]!.errorCode]).toEqual([status, state, code]);
    }
    await setChannel(db(), 'webhook', { enabled: true, url: 'http://127.0.0.1:1/closed' });
    const { rows } = await deliverOne('webhook');
    expect(rows.map((d) => [d.state, d.errorCode])).toEqual([['retrying', 'network']]);
  });

  it('gives up waiting after NOTIFY_HTTP_TIMEOUT_MS and tries again later', async () => {
    receiver.answer(() => new Promise((resolve) => setTimeout(() => resolve({ status: 200, body: '{}' }), 1500)));
    const hasty = webhookProvider({
      config: { ...t.app.config, NOTIFY_HTTP_TIMEOUT_MS: 200 },
      channel: async () => ({ enabled: true, url: receiver.url('/slow'), secret: '' }),
    });
    const started = Date.now();
    const outcome = await hasty.send(
      {
        id: 1,
        pushId: 1,
        purpose: 'manual',
        userId: admin,
        channel: 'webhook',
        address: '',
        locale: 'zh-CN',
        title: 'T',
        body: 'B',
        link: '',
        idempotencyKey: 'p1:u1:webhook',
        segments: 0,
        critical: false,
      },
      { db: db(), now: t.clock.now() },
    );
    expect(outcome).toEqual({ ok: false, code: 'timeout', detail: '200 ms', retryable: true });
    expect(Date.now() - started).toBeLessThan(1400);
  });
});

describe('group robots, each in its own format', () => {
  it('WeCom: markdown with the title and body, errcode 0 delivered, 45009 (its rate limit) retried', async () => {
    await setChannel(db(), 'wecom', { enabled: true, url: receiver.url('/cgi-bin/webhook/send?key=693a91f6') });
    const { rows } = await deliverOne('wecom');
    expect(rows.map((d) => d.state)).toEqual(['sent']);
    const req = receiver.received[0]!;
    expect(req.url).toBe('/cgi-bin/webhook/send?key=693a91f6');
    expect(JSON.parse(req.body)).toEqual({
      msgtype: 'markdown',
      markdown: {
        content: '【严重】城东泵站 2 号泵跳闸\n### 2 号泵跳闸\n> 出水压力 0.12 MPa\n[查看告警](/bz/alarm?alarm=7)',
      },
    });
    receiver.answer(() => ({ status: 200, body: '{"errcode":45009,"errmsg":"api freq out of limit"}' }));
    expect((await deliverOne('wecom')).rows.map((d) => [d.state, d.errorCode])).toEqual([['retrying', 'http']]);
    receiver.answer(() => ({ status: 200, body: '{"errcode":93000,"errmsg":"invalid webhook url"}' }));
    const bad = (await deliverOne('wecom')).rows[0]!;
    expect([bad.state, bad.errorCode]).toEqual(['failed', 'rejected']);
    expect(bad.errorDetail).toContain('93000');
  });

  it('DingTalk: signed URL (timestamp in ms, sign as documented), markdown with a title; errcode 130101 retried', async () => {
    const secret = 'SECb5e1f0a4c3d2';
    await setChannel(db(), 'dingtalk', {
      enabled: true,
      url: receiver.url('/robot/send?access_token=7d3f'),
      secret,
    });
    const { rows } = await deliverOne('dingtalk');
    expect(rows.map((d) => d.state)).toEqual(['sent']);
    const req = receiver.received[0]!;
    const url = new URL(req.url, 'http://robot');
    expect(url.pathname).toBe('/robot/send');
    expect(url.searchParams.get('access_token')).toBe('7d3f');
    expect(url.searchParams.get('timestamp')).toBe(String(TEST_START.getTime()));
    // The robot's check: HmacSHA256 keyed with the secret over "timestamp\nsecret", Base64.
    const expected = createHmac('sha256', secret).update(`${TEST_START.getTime()}\n${secret}`).digest('base64');
    expect(url.searchParams.get('sign')).toBe(expected);
    expect(JSON.parse(req.body)).toEqual({
      msgtype: 'markdown',
      markdown: {
        title: '【严重】城东泵站 2 号泵跳闸',
        text: '### 2 号泵跳闸\n> 出水压力 0.12 MPa\n[查看告警](/bz/alarm?alarm=7)',
      },
    });
    receiver.answer(() => ({ status: 200, body: '{"errcode":130101,"errmsg":"send too fast"}' }));
    expect((await deliverOne('dingtalk')).rows.map((d) => [d.state, d.errorCode])).toEqual([['retrying', 'http']]);
    receiver.answer(() => ({ status: 200, body: '{"errcode":310000,"errmsg":"sign not match"}' }));
    expect((await deliverOne('dingtalk')).rows.map((d) => [d.state, d.errorCode])).toEqual([['failed', 'rejected']]);
  });

  it('Feishu: timestamp (seconds) and sign in the body as documented, a card with the title and markdown; code 0 delivered', async () => {
    const secret = 'qL9xW2feishu';
    await setChannel(db(), 'feishu', { enabled: true, url: receiver.url('/open-apis/bot/v2/hook/4f1c'), secret });
    const { rows } = await deliverOne('feishu');
    expect(rows.map((d) => d.state)).toEqual(['sent']);
    const body = JSON.parse(receiver.received[0]!.body);
    expect(body.timestamp).toBe(String(seconds));
    // The bot's check: HmacSHA256 KEYED with "timestamp\nsecret" over nothing, Base64.
    expect(body.sign).toBe(createHmac('sha256', `${seconds}\n${secret}`).update('').digest('base64'));
    expect(body.msg_type).toBe('interactive');
    expect(body.card.header).toEqual({
      title: { tag: 'plain_text', content: '【严重】城东泵站 2 号泵跳闸' },
      template: 'red',
    });
    expect(body.card.elements).toEqual([
      { tag: 'markdown', content: '### 2 号泵跳闸\n> 出水压力 0.12 MPa\n[查看告警](/bz/alarm?alarm=7)' },
    ]);
    receiver.answer(() => ({
      status: 200,
      body: '{"code":19021,"msg":"sign match fail or timestamp is not within one hour from current time"}',
    }));
    expect((await deliverOne('feishu')).rows.map((d) => [d.state, d.errorCode])).toEqual([['failed', 'rejected']]);
    receiver.answer(() => ({ status: 200, body: '<html>proxy</html>' }));
    expect((await deliverOne('feishu')).rows.map((d) => [d.state, d.errorCode])).toEqual([['retrying', 'http']]);
  });

  it('cut a robot message to the robot’s documented size', async () => {
    await setChannel(db(), 'wecom', { enabled: true, url: receiver.url('/wecom') });
    await deliverOne('wecom', { title: '', body: '水'.repeat(2000) });
    const content: string = JSON.parse(receiver.received[0]!.body).markdown.content;
    expect(Buffer.byteLength(content, 'utf8')).toBeLessThanOrEqual(4096);
    expect(content.endsWith('…')).toBe(true);
  });
});
