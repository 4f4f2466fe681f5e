import { type NotifyChannelSettings, notifyApi } from '@water/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages, notifyChannels, operationLog, users } from '../../db/schema/index.ts';
import { createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';
import { loadChannels } from './channels.repository.ts';
import type { NotifyDelivery } from './notify-types.ts';

const SECRET = 'SEC-robot-signing-3f9a27c1';
const ROBOT = 'https://oapi.dingtalk.com/robot/send?access_token=0123456789abcdef';

let t: TestApp;
let admin: string;
let user: string;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: 'smtp://mailer:Pa55word@127.0.0.1:2525' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  admin = await t.login();
  user = await t.login('user', 'User@2026');
});
afterEach(() => {
  vi.restoreAllMocks();
});

const channels = async (token = admin, lang?: string) => {
  const res = await t.call(notifyApi.channels, { token, ...(lang ? { lang } : {}) });
  expect(res.statusCode).toBe(200);
  return { list: res.json().data as NotifyChannelSettings[], raw: res.body };
};
const one = async (channel: string, token = admin) => (await channels(token)).list.find((c) => c.channel === channel)!;

describe('the channels', () => {
  it('are listed one per channel with whether each can deliver, the SMTP server shown without its credentials', async () => {
    const { list, raw } = await channels();
    expect(list.map((c) => c.channel)).toEqual(['inApp', 'sms', 'email', 'webhook', 'wecom', 'dingtalk', 'feishu']);
    expect(list.find((c) => c.channel === 'inApp')).toMatchObject({ enabled: true, ready: true });
    expect(list.find((c) => c.channel === 'sms')).toMatchObject({ enabled: true, ready: true, provider: 'outbox' });
    expect(list.find((c) => c.channel === 'email')).toMatchObject({
      enabled: true,
      ready: true,
      url: '127.0.0.1:2525',
      provider: 'Water Ops <noreply@water.local>',
    });
    expect(raw).not.toContain('Pa55word');
    expect(raw).not.toContain('mailer');
    for (const c of ['webhook', 'wecom', 'dingtalk', 'feishu']) {
      expect(list.find((x) => x.channel === c)).toMatchObject({
        enabled: false,
        ready: false,
        url: '',
        hasSecret: false,
      });
    }
  });

  it('say e-mail cannot deliver without SMTP settings', async () => {
    const bare = await createTestApp();
    try {
      const token = await bare.login();
      const res = await bare.call(notifyApi.channels, { token });
      const email = (res.json().data as NotifyChannelSettings[]).find((c) => c.channel === 'email');
      expect(email).toMatchObject({ enabled: true, ready: false, url: '' });
    } finally {
      await bare.close();
    }
  });

  it('take a robot’s address and secret, and never answer the secret', async () => {
    const res = await t.call(notifyApi.updateChannel, {
      params: { channel: 'dingtalk' },
      token: admin,
      body: { enabled: true, url: ROBOT, secret: SECRET },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      channel: 'dingtalk',
      enabled: true,
      url: ROBOT,
      hasSecret: true,
      ready: true,
    });
    expect(res.body).not.toContain(SECRET);
    const { raw } = await channels();
    expect(raw).not.toContain(SECRET);
    expect((await loadChannels(t.database.db)).get('dingtalk')).toEqual({ enabled: true, url: ROBOT, secret: SECRET });
    // The operation log keeps that one is set, never what it is.
    const [log] = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.module, 'notify-channels'), eq(operationLog.action, 'update')))
      .orderBy(desc(operationLog.id));
    expect(log).toMatchObject({ result: 'success', targetId: 'dingtalk' });
    expect(JSON.stringify(log)).not.toContain(SECRET);
    expect(log!.before).toEqual({ enabled: false, url: '', signingKey: 'none' });
    expect(log!.after).toEqual({ enabled: true, url: ROBOT, signingKey: 'set' });
  });

  it('keep the secret when it is left out and clear it when it is empty', async () => {
    const put = (body: { enabled: boolean; url: string; secret?: string }) =>
      t.call(notifyApi.updateChannel, { params: { channel: 'webhook' }, token: admin, body });
    await put({ enabled: true, url: 'https://hooks.example.com/water', secret: SECRET });
    await put({ enabled: true, url: 'https://hooks.example.com/water2' });
    expect((await loadChannels(t.database.db)).get('webhook')).toEqual({
      enabled: true,
      url: 'https://hooks.example.com/water2',
      secret: SECRET,
    });
    const cleared = await put({ enabled: false, url: 'https://hooks.example.com/water2', secret: '' });
    expect(cleared.json().data).toMatchObject({ hasSecret: false, enabled: false, ready: false });
  });

  it('refuse a robot or the webhook switched on without an address, in-app switched off, and a bad address', async () => {
    const noUrl = await t.call(notifyApi.updateChannel, {
      params: { channel: 'wecom' },
      token: admin,
      lang: 'en-US',
      body: { enabled: true, url: '' },
    });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().data.errors).toEqual([{ field: 'url', message: 'Required' }]);
    const inApp = await t.call(notifyApi.updateChannel, {
      params: { channel: 'inApp' },
      token: admin,
      body: { enabled: false, url: '' },
    });
    expect(inApp.statusCode).toBe(400);
    expect(inApp.json().msg).toBe('站内信始终开启，不能关闭');
    for (const url of ['javascript:alert(1)', 'ftp://example.com/x', 'not a url']) {
      const bad = await t.call('PUT', '/api/notify/channels/feishu', admin, { enabled: true, url });
      expect(bad.statusCode, url).toBe(400);
    }
    expect((await t.call('PUT', '/api/notify/channels/telegram', admin, { enabled: true, url: '' })).statusCode).toBe(
      400,
    );
    const [row] = await t.database.db.select().from(notifyChannels).where(eq(notifyChannels.channel, 'wecom'));
    expect(row).toMatchObject({ enabled: false, url: '' });
  });

  it('show a robot’s address to a reader who may not edit it as its host only (its token posts to the group)', async () => {
    await t.call(notifyApi.updateChannel, {
      params: { channel: 'dingtalk' },
      token: admin,
      body: { enabled: true, url: ROBOT, secret: SECRET },
    });
    const seen = await one('dingtalk', user);
    expect(seen).toMatchObject({ url: 'https://oapi.dingtalk.com/…', hasSecret: true, ready: true });
    const { raw } = await channels(user);
    expect(raw).not.toContain('access_token');
    expect((await one('dingtalk', admin)).url).toBe(ROBOT);
  });
});

describe('the channel test', () => {
  it('sends through the delivery worker to the caller in their language and answers why it failed', async () => {
    const sendTest = vi
      .spyOn(t.app.notifyDelivery, 'sendTest')
      .mockResolvedValue({ ok: false, code: 'http', detail: '502 Bad Gateway', retryable: true, ms: 12.4 });
    const res = await t.call(notifyApi.testChannel, { params: { channel: 'webhook' }, token: admin, lang: 'en-US' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      ok: false,
      error: 'The provider answered with an error: 502 Bad Gateway',
      ms: 12,
    });
    const [me] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, '13800000001'));
    expect(sendTest).toHaveBeenCalledWith(
      'webhook',
      { userId: me!.id, locale: 'en-US' },
      { title: '[Test] Message channel test', body: expect.stringContaining('张伟') },
    );
    const zh = await t.call(notifyApi.testChannel, { params: { channel: 'webhook' }, token: admin });
    expect(zh.json().data.error).toBe('对方服务返回错误: 502 Bad Gateway');

    sendTest.mockResolvedValue({ ok: true, ms: 3 });
    const ok = await t.call(notifyApi.testChannel, { params: { channel: 'inApp' }, token: admin });
    expect(ok.json().data).toEqual({ ok: true, error: '', ms: 3 });
    const logs = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.module, 'notify-channels'), eq(operationLog.action, 'test')))
      .orderBy(operationLog.id);
    expect(logs.map((l) => [l.targetId, l.result, (l.after as { ok: boolean }).ok])).toEqual([
      ['webhook', 'success', false],
      ['webhook', 'success', false],
      ['inApp', 'success', true],
    ]);
  });

  it('reaches the caller for real on in-app (no transaction of its own holds the delivery up)', async () => {
    const res = await t.call(notifyApi.testChannel, { params: { channel: 'inApp' }, token: admin, lang: 'en-US' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ok: true, error: '' });
    const [me] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, '13800000001'));
    const box = await t.database.db.select().from(messages).where(eq(messages.userId, me!.id));
    expect(box.map((m) => m.title)).toContain('[Test] Message channel test');
    // A robot without an address says why, in the caller's words.
    const off = await t.call(notifyApi.testChannel, { params: { channel: 'feishu' }, token: admin, lang: 'en-US' });
    expect(off.json().data.ok).toBe(false);
    expect(off.json().data.error).not.toBe('');
  });

  it('answers every delivery error code in both languages', async () => {
    const codes = [
      'noBalance',
      'noAddress',
      'channelOff',
      'http',
      'rejected',
      'timeout',
      'network',
      'smtp',
      'exhausted',
    ];
    const seen = new Set<string>();
    for (const code of codes) {
      vi.spyOn(t.app.notifyDelivery, 'sendTest').mockResolvedValue({
        ok: false,
        code: code as never,
        detail: '',
        retryable: false,
        ms: 1,
      } satisfies Awaited<ReturnType<NotifyDelivery['sendTest']>>);
      for (const lang of ['zh-CN', 'en-US']) {
        const res = await t.call(notifyApi.testChannel, { params: { channel: 'sms' }, token: admin, lang });
        const error = res.json().data.error as string;
        expect(error, `${code} ${lang}`).not.toMatch(/notify\.error/);
        seen.add(error);
      }
    }
    expect(seen.size).toBe(codes.length * 2);
  });
});

describe('who may', () => {
  it('refuses the plain user every channel write and the test, and lets them read', async () => {
    const sendTest = vi.spyOn(t.app.notifyDelivery, 'sendTest');
    const update = await t.call(notifyApi.updateChannel, {
      params: { channel: 'webhook' },
      token: user,
      body: { enabled: true, url: 'https://evil.example.com/steal' },
    });
    expect(update.statusCode).toBe(403);
    const test = await t.call(notifyApi.testChannel, { params: { channel: 'sms' }, token: user });
    expect(test.statusCode).toBe(403);
    expect(sendTest).not.toHaveBeenCalled();
    expect((await loadChannels(t.database.db)).get('webhook')).toMatchObject({ enabled: false, url: '' });
    expect((await channels(user)).list).toHaveLength(7);
  });
});
