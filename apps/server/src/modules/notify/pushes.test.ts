import {
  type AlarmCondition,
  alarmsApi,
  type Delivery,
  type Locale,
  type NotifyChannel,
  notifyApi,
  type Push,
  type PushCreateBody,
  type PushEstimate,
  renderTemplate,
  smsSize,
} from '@water/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  alarmOfflineRules,
  alarmRules,
  alarms,
  departments,
  devices,
  messages,
  notifyChannels,
  notifyDeliveries,
  notifyPrefs,
  notifyPushes,
  operationLog,
  regions,
  roles,
  smsAccount,
  smsOutbox,
  userRoles,
  users,
} from '../../db/schema/index.ts';
import { demoDeviceSecret } from '../../db/seed/demo-secrets.ts';
import { defaultTemplate } from '../../db/seed/notify-templates.ts';
import { createTestApp, resetDatabase, TEST_START, type TestApp } from '../../testing/build-app.ts';
import { limitRoleToRegions } from '../../testing/fixtures.ts';
import { planPush } from './push-planner.ts';
import { countAudience } from './pushes.repository.ts';
import { PLAN_IN_REQUEST_MAX, planDuePushes, resolveAudience } from './pushes.service.ts';

const HOUR = 3_600_000;
let t: TestApp;
let admin: string;
/** The demo's three administrators and the operator 'user' (王明, 13900000004). */
let ids: { admin1: number; admin2: number; admin3: number; user: number };

const userId = async (username: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

const body = (extra: Partial<PushCreateBody> = {}): PushCreateBody => ({
  title: '停水通知',
  content: '明日 9:00-12:00 滨江泵站检修',
  useTemplate: true,
  channels: ['inApp', 'sms'],
  audience: { userIds: [ids.admin1, ids.admin2, ids.user], roleCodes: [], departmentIds: [] },
  scheduledAt: null,
  link: '/bz/alarm',
  ...extra,
});

/** The seeded manual-notice template rendered as the planner should, for the default push body. */
const manual = (channel: NotifyChannel, locale: Locale, values: Record<string, string> = {}) => {
  const template = defaultTemplate('manual', channel);
  const all = {
    title: '停水通知',
    content: '明日 9:00-12:00 滨江泵站检修',
    sender: '张伟',
    time: '2026-06-01 16:00',
    link: '/#/bz/alarm',
    ...values,
  };
  return { title: renderTemplate(template.title[locale], all), body: renderTemplate(template.body[locale], all) };
};

async function create(extra: Partial<PushCreateBody> = {}, token = admin, lang?: string) {
  return t.call(notifyApi.create, { body: body(extra), token, ...(lang ? { lang } : {}) });
}

const deliveriesOf = (pushId: number) =>
  t.database.db
    .select()
    .from(notifyDeliveries)
    .where(eq(notifyDeliveries.pushId, pushId))
    .orderBy(asc(notifyDeliveries.userId), asc(notifyDeliveries.channel));

async function prefs(id: number, values: Partial<typeof notifyPrefs.$inferInsert>) {
  const row = { channels: ['sms', 'email'], locale: 'zh-CN', updatedAt: TEST_START, ...values };
  await t.database.db
    .insert(notifyPrefs)
    .values({ userId: id, ...row })
    .onConflictDoUpdate({
      target: notifyPrefs.userId,
      set: row,
    });
}

async function robot(channel: 'wecom' | 'webhook', url = 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k') {
  await t.database.db
    .insert(notifyChannels)
    .values({ channel, enabled: true, url })
    .onConflictDoUpdate({ target: notifyChannels.channel, set: { enabled: true, url } });
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await resetDatabase(t.database);
  t.clock.set(TEST_START);
  admin = await t.login();
  ids = {
    admin1: await userId('13800000001'),
    admin2: await userId('13800000002'),
    admin3: await userId('13800000003'),
    user: await userId('user'),
  };
  await t.database.db.update(smsAccount).set({ balance: '100', price: '0.05' });
});

describe('pushing a message', () => {
  it('plans one delivery per recipient and channel they take, each in their own language', async () => {
    await prefs(ids.user, { locale: 'en-US', channels: ['sms'] });
    await prefs(ids.admin2, { channels: [] }); // in-app only
    const res = await create();
    expect(res.statusCode).toBe(200);
    const push = res.json().data as Push;
    expect(push).toMatchObject({ state: 'sending', recipients: 3, source: 'manual', createdBy: '张伟' });
    expect(push.counts).toMatchObject({ total: 5, queued: 5 });

    const rows = await deliveriesOf(push.id);
    expect(rows.map((r) => [r.userId, r.channel])).toEqual([
      [ids.admin1, 'inApp'],
      [ids.admin1, 'sms'],
      [ids.admin2, 'inApp'],
      [ids.user, 'inApp'],
      [ids.user, 'sms'],
    ]);
    const of = (u: number, c: string) => rows.find((r) => r.userId === u && r.channel === c)!;
    // The manual-notice template, in each recipient's language.
    expect(of(ids.admin1, 'sms')).toMatchObject({
      locale: 'zh-CN',
      address: '13800000001',
      body: manual('sms', 'zh-CN').body,
      idempotencyKey: `p${push.id}:u${ids.admin1}:sms`,
    });
    expect(of(ids.user, 'sms')).toMatchObject({
      locale: 'en-US',
      address: '13900000004',
      body: manual('sms', 'en-US').body,
    });
    expect(of(ids.user, 'inApp')).toMatchObject(manual('inApp', 'en-US'));
    expect(of(ids.admin1, 'inApp')).toMatchObject(manual('inApp', 'zh-CN'));
    expect(of(ids.admin1, 'inApp').body).toContain('2026-06-01 16:00'); // 08:00Z on the utility's clock
    expect(of(ids.admin1, 'sms').segments).toBe(smsSize(of(ids.admin1, 'sms').body).segments);
    // The SMS it should cost, recorded on the push.
    const segments = rows.filter((r) => r.channel === 'sms').reduce((n, r) => n + r.segments, 0);
    expect(push.smsEstimate).toBeCloseTo(segments * 0.05, 4);

    const log = await t.database.db.select().from(operationLog).where(eq(operationLog.module, 'notify-pushes'));
    expect(log).toMatchObject([{ action: 'push', result: 'success', targetId: String(push.id) }]);
  });

  it('is delivered by the worker: the message centre of each recipient in their language, the SMS charged', async () => {
    await prefs(ids.user, { locale: 'en-US', channels: ['sms'] });
    const push = (await create()).json().data as Push;
    await t.app.notifyDelivery.drain();
    const inbox = await t.database.db.select().from(messages).where(eq(messages.userId, ids.user));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.content).toBe(manual('inApp', 'en-US').body);
    const after = (await t.call(notifyApi.push, { params: { id: push.id }, token: admin })).json().data as Push;
    expect(after).toMatchObject({ state: 'done', counts: { total: 6, sent: 6 } });
    expect(after.smsCount).toBe(3);
    expect(after.smsCost).toBeCloseTo(after.smsEstimate, 4);
  });

  it('sends title and content as written without the template', async () => {
    const push = (await create({ useTemplate: false })).json().data as Push;
    const rows = await deliveriesOf(push.id);
    const inApp = rows.find((r) => r.channel === 'inApp')!;
    expect(inApp).toMatchObject({ title: '停水通知', body: '明日 9:00-12:00 滨江泵站检修' });
    expect(rows.find((r) => r.channel === 'sms')!.body).toBe('停水通知\n明日 9:00-12:00 滨江泵站检修');
  });

  it('refuses an unknown channel, a channel that is off, a time past or too far, and an audience of nobody', async () => {
    const unknown = await t.call('POST', '/api/notify/pushes', admin, { ...body(), channels: ['pigeon'] });
    expect(unknown.statusCode).toBe(400);

    const off = await create({ channels: ['inApp', 'webhook'] }, admin, 'en-US');
    expect(off.statusCode).toBe(400);
    expect(off.json().msg).toContain('Channel off or not set up: Webhook');
    const offZh = await create({ channels: ['wecom'] });
    expect(offZh.json().msg).toContain('企业微信群机器人');

    const past = await create({ scheduledAt: new Date(TEST_START.getTime() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().msg).toContain('30 天');
    const far = await create({ scheduledAt: new Date(TEST_START.getTime() + 31 * 24 * HOUR).toISOString() });
    expect(far.statusCode).toBe(400);

    const nobody = await create({ audience: { userIds: [], roleCodes: ['no-such-role'], departmentIds: [] } });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().msg).toContain('没有可接收消息的用户');
    // A disabled account is nobody too.
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, ids.user));
    const disabled = await create({ audience: { userIds: [ids.user], roleCodes: [], departmentIds: [] } });
    expect(disabled.statusCode).toBe(400);

    expect(await t.database.db.select().from(notifyPushes)).toHaveLength(0);
    expect(await t.database.db.select().from(notifyDeliveries)).toHaveLength(0);
  });

  it('reaches a role and a department with those below it, once each', async () => {
    const push = (await create({ audience: { userIds: [ids.admin1], roleCodes: ['admin'], departmentIds: [] } })).json()
      .data as Push;
    expect(push.recipients).toBe(3);
    const inApp = (await deliveriesOf(push.id)).filter((r) => r.channel === 'inApp');
    expect(inApp.map((r) => r.userId).sort()).toEqual([ids.admin1, ids.admin2, ids.admin3].sort());
  });

  it('counts an audience as the planner resolves it: users, roles, departments with those below', async () => {
    const depts = await t.database.db
      .select({ id: departments.id, ancestors: departments.ancestors })
      .from(departments);
    // A department with others below it.
    const parent = depts.find((d) => depts.some((c) => c.ancestors.split(',').includes(String(d.id))))!;
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, ids.admin3));
    const audiences = [
      { userIds: [ids.admin1, ids.admin3], roleCodes: [], departmentIds: [] },
      { userIds: [], roleCodes: ['admin', 'user'], departmentIds: [] },
      { userIds: [], roleCodes: [], departmentIds: [parent.id] },
      { userIds: [ids.user], roleCodes: ['admin'], departmentIds: [parent.id] },
      { userIds: [], roleCodes: ['nobody-has-this'], departmentIds: [] },
    ];
    for (const audience of audiences) {
      const ids = await resolveAudience(t.database.db, audience);
      expect(await countAudience(t.database.db, audience), JSON.stringify(audience)).toBe(ids.length);
    }
    expect((await resolveAudience(t.database.db, audiences[2]!)).length).toBeGreaterThan(0);
  });

  it('writes a delivery that cannot go as failed, saying why: no phone', async () => {
    await t.database.db.update(users).set({ phone: null }).where(eq(users.id, ids.admin2));
    const push = (await create()).json().data as Push;
    const sms = (await deliveriesOf(push.id)).find((r) => r.userId === ids.admin2 && r.channel === 'sms');
    expect(sms).toMatchObject({ state: 'failed', errorCode: 'noAddress', address: '' });
    expect(push.counts).toMatchObject({ failed: 1 });
    const list = (
      await t.call(notifyApi.deliveries, {
        params: { id: push.id },
        query: { state: 'failed' },
        token: admin,
        lang: 'en-US',
      })
    ).json().data.list as Delivery[];
    expect(list).toHaveLength(1);
    expect(list[0]!.error).toMatch(/\S/);
    expect(list[0]!.recipient).toBe('李强');
  });

  it('posts one message to a group robot, in the utility language', async () => {
    await robot('wecom');
    await prefs(ids.user, { locale: 'en-US' });
    const push = (await create({ channels: ['wecom'] })).json().data as Push;
    const rows = await deliveriesOf(push.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: null,
      channel: 'wecom',
      locale: 'zh-CN',
      idempotencyKey: `p${push.id}:wecom`,
      address: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k',
    });
    expect(rows[0]!.title).toContain('停水通知');
    expect(rows[0]!.body).toContain('明日 9:00-12:00 滨江泵站检修');
    expect(rows[0]!.body).toContain('张伟');
    const [d] = (await t.call(notifyApi.deliveries, { params: { id: push.id }, token: admin, lang: 'en-US' })).json()
      .data.list as Delivery[];
    // The robot by name; its address reduced to the host, its key not shown.
    expect(d).toMatchObject({ recipient: 'WeCom group robot', address: 'qyapi.weixin.qq.com', userId: null });
  });

  it('masks addresses in the delivery list and filters it', async () => {
    await robot('webhook', 'https://bridge.example.com/hook?token=secret');
    await prefs(ids.admin1, { channels: ['sms', 'email', 'webhook'] });
    const push = (
      await create({
        channels: ['inApp', 'sms', 'webhook'],
        audience: { userIds: [ids.admin1], roleCodes: [], departmentIds: [] },
      })
    ).json().data as Push;
    const list = (await t.call(notifyApi.deliveries, { params: { id: push.id }, token: admin })).json().data
      .list as Delivery[];
    const by = (c: string) => list.find((d) => d.channel === c)!;
    expect(by('sms').address).toBe('138****0001');
    expect(by('webhook').address).toBe('bridge.example.com');
    expect(by('inApp').address).toBe('');
    const smsOnly = (
      await t.call(notifyApi.deliveries, { params: { id: push.id }, query: { channel: 'sms' }, token: admin })
    ).json().data;
    expect(smsOnly.total).toBe(1);
    const none = (
      await t.call(notifyApi.deliveries, { params: { id: push.id }, query: { keyword: '李强' }, token: admin })
    ).json().data;
    expect(none.total).toBe(0);
    expect((await t.call(notifyApi.deliveries, { params: { id: 999 }, token: admin })).statusCode).toBe(404);
  });

  it('lists pushes newest first with counts per state, and filters them', async () => {
    const first = (await create({ title: '第一条' })).json().data as Push;
    t.clock.advance(60_000);
    const second = (await create({ title: '第二条', channels: ['inApp'] })).json().data as Push;
    await t.database.db
      .update(notifyDeliveries)
      .set({ state: 'sent' })
      .where(and(eq(notifyDeliveries.pushId, first.id), eq(notifyDeliveries.channel, 'inApp')));
    const page = (await t.call(notifyApi.pushes, { token: admin })).json().data;
    expect(page.total).toBe(2);
    expect(page.list.map((p: Push) => p.id)).toEqual([second.id, first.id]);
    expect(page.list[1].counts).toMatchObject({ total: 6, sent: 3, queued: 3 });
    const bySms = (await t.call(notifyApi.pushes, { query: { channel: 'sms' }, token: admin })).json().data;
    expect(bySms.list.map((p: Push) => p.id)).toEqual([first.id]);
    const byWord = (await t.call(notifyApi.pushes, { query: { keyword: '第二' }, token: admin })).json().data;
    expect(byWord.list.map((p: Push) => p.id)).toEqual([second.id]);
    const alarmsOnly = (await t.call(notifyApi.pushes, { query: { source: 'alarm' }, token: admin })).json().data;
    expect(alarmsOnly.total).toBe(0);
    const one = (await t.call(notifyApi.push, { params: { id: first.id }, token: admin })).json().data as Push;
    expect(one.counts.sent).toBe(3);
    expect((await t.call(notifyApi.push, { params: { id: 12345 }, token: admin })).statusCode).toBe(404);
  });

  it('estimates the SMS cost against the balance before sending', async () => {
    // One recipient without a phone, one who does not take SMS: neither is billed.
    await t.database.db.update(users).set({ phone: null }).where(eq(users.id, ids.admin2));
    await prefs(ids.admin3, { channels: ['email'] });
    const long = '检修'.repeat(60); // two segments at least
    const estimate = async () =>
      (
        await t.call(notifyApi.estimate, {
          body: body({
            content: long,
            channels: ['inApp', 'sms', 'wecom'],
            audience: { userIds: [], roleCodes: ['admin', 'user'], departmentIds: [] },
          }),
          token: admin,
        })
      ).json().data as PushEstimate;
    const e = await estimate();
    const perSms = smsSize(manual('sms', 'zh-CN', { content: long }).body).segments;
    expect(perSms).toBeGreaterThan(1);
    expect(e.recipients).toBe(4);
    expect(e.sms).toMatchObject({ recipients: 2, segments: perSms, count: 2 * perSms, price: 0.05 });
    expect(e.sms.cost).toBeCloseTo(2 * perSms * 0.05, 4);
    expect(e.sms.enough).toBe(true);
    expect(e.deliveries).toEqual({ inApp: 4, sms: 2 });
    expect(e.channelsOff).toEqual(['wecom']);

    await t.database.db.update(smsAccount).set({ balance: '0.05' });
    expect((await estimate()).sms).toMatchObject({ balance: 0.05, enough: false });
    // An estimate writes nothing.
    expect(await t.database.db.select().from(notifyPushes)).toHaveLength(0);
  });

  it('refuses the plain user every push write, and lets them read the log', async () => {
    const push = (await create({ scheduledAt: new Date(TEST_START.getTime() + HOUR).toISOString() })).json()
      .data as Push;
    const user = await t.login('user', 'User@2026');
    expect((await create({}, user)).statusCode).toBe(403);
    expect((await t.call(notifyApi.estimate, { body: body(), token: user })).statusCode).toBe(403);
    expect((await t.call(notifyApi.resend, { params: { id: push.id }, token: user })).statusCode).toBe(403);
    expect((await t.call(notifyApi.cancel, { params: { id: push.id }, token: user })).statusCode).toBe(403);
    expect((await t.call(notifyApi.pushes, { token: user })).statusCode).toBe(200);
    expect((await t.database.db.select().from(notifyPushes))[0]!.state).toBe('scheduled');
    const denied = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.module, 'notify-pushes'), eq(operationLog.result, 'denied')));
    expect(denied.map((r) => r.action).sort()).toEqual(['cancel', 'push', 'resend']);
  });
});

describe('scheduled pushes', () => {
  it('waits for its time, then planDuePushes plans it with the audience as it is then', async () => {
    const at = new Date(TEST_START.getTime() + 2 * HOUR);
    const push = (await create({ scheduledAt: at.toISOString() })).json().data as Push;
    expect(push).toMatchObject({ state: 'scheduled', scheduledAt: at.toISOString(), counts: { total: 0 } });
    expect(await planDuePushes(t.app, new Date(at.getTime() - 1000))).toBe(0);
    expect(await deliveriesOf(push.id)).toHaveLength(0);

    await prefs(ids.user, { locale: 'en-US' });
    t.clock.set(new Date(at.getTime() + 5000));
    expect(await planDuePushes(t.app, t.clock.now())).toBe(1);
    const rows = await deliveriesOf(push.id);
    expect(rows.filter((r) => r.channel === 'inApp')).toHaveLength(3);
    // Worded at its time, in the language the user has then.
    expect(rows.find((r) => r.userId === ids.user && r.channel === 'inApp')!.body).toContain('2026-06-01 18:00');
    expect(rows.find((r) => r.userId === ids.user)!.locale).toBe('en-US');
    const [row] = await t.database.db.select().from(notifyPushes).where(eq(notifyPushes.id, push.id));
    expect(row).toMatchObject({ state: 'sending' });
    expect(row!.plannedAt).not.toBeNull();
    // Planned once: a second sweep finds nothing.
    expect(await planDuePushes(t.app, t.clock.now())).toBe(0);
    expect(await deliveriesOf(push.id)).toHaveLength(rows.length);
  });

  it('is cancelled before its time, and only then', async () => {
    const at = new Date(TEST_START.getTime() + HOUR);
    const push = (await create({ scheduledAt: at.toISOString() })).json().data as Push;
    const cancelled = await t.call(notifyApi.cancel, { params: { id: push.id }, token: admin });
    expect(cancelled.json().data).toMatchObject({ state: 'cancelled' });
    const again = await t.call(notifyApi.cancel, { params: { id: push.id }, token: admin, lang: 'en-US' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('Only a scheduled push that has not gone out can be cancelled');
    expect(await planDuePushes(t.app, new Date(at.getTime() + HOUR))).toBe(0);
    expect(await deliveriesOf(push.id)).toHaveLength(0);
    // A push sent now cannot be cancelled.
    const now = (await create()).json().data as Push;
    expect((await t.call(notifyApi.cancel, { params: { id: now.id }, token: admin })).statusCode).toBe(409);
    expect((await t.call(notifyApi.cancel, { params: { id: 999 }, token: admin })).statusCode).toBe(404);
    const log = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.module, 'notify-pushes'), eq(operationLog.action, 'cancel')));
    expect(log.map((r) => r.result).sort()).toEqual(['failure', 'failure', 'failure', 'success']);
  });
});

describe('resending', () => {
  it('queues the failed and given-up deliveries again; one still without an address stays failed', async () => {
    await t.database.db.update(users).set({ phone: null }).where(eq(users.id, ids.admin2));
    const push = (await create()).json().data as Push;
    const rows = await deliveriesOf(push.id);
    const admin1Sms = rows.find((r) => r.userId === ids.admin1 && r.channel === 'sms')!;
    const userSms = rows.find((r) => r.userId === ids.user && r.channel === 'sms')!;
    await t.database.db
      .update(notifyDeliveries)
      .set({ state: 'given-up', attempts: 5, errorCode: 'exhausted', errorDetail: 'http 500' })
      .where(eq(notifyDeliveries.id, admin1Sms.id));
    await t.database.db
      .update(notifyDeliveries)
      .set({ state: 'failed', attempts: 1, errorCode: 'noBalance' })
      .where(eq(notifyDeliveries.id, userSms.id));
    await t.database.db.update(notifyPushes).set({ state: 'done' }).where(eq(notifyPushes.id, push.id));

    t.clock.advance(HOUR);
    const res = await t.call(notifyApi.resend, { params: { id: push.id }, token: admin });
    expect(res.json().data).toEqual({ requeued: 2 });
    const after = await deliveriesOf(push.id);
    for (const id of [admin1Sms.id, userSms.id]) {
      expect(after.find((r) => r.id === id)).toMatchObject({
        state: 'queued',
        attempts: 0,
        errorCode: '',
        nextAttemptAt: t.clock.now(),
      });
    }
    expect(after.find((r) => r.userId === ids.admin2 && r.channel === 'sms')).toMatchObject({
      state: 'failed',
      errorCode: 'noAddress',
    });
    expect((await t.call(notifyApi.push, { params: { id: push.id }, token: admin })).json().data.state).toBe('sending');

    // The phone added since: the next resend takes it.
    await t.database.db.update(users).set({ phone: '13800000099' }).where(eq(users.id, ids.admin2));
    expect((await t.call(notifyApi.resend, { params: { id: push.id }, token: admin })).json().data).toEqual({
      requeued: 1,
    });
    expect((await deliveriesOf(push.id)).find((r) => r.userId === ids.admin2 && r.channel === 'sms')).toMatchObject({
      state: 'queued',
      address: '13800000099',
    });
    const log = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.module, 'notify-pushes'), eq(operationLog.action, 'resend')));
    expect(log).toHaveLength(2);
  });
});

describe('planning', () => {
  async function pushRow(critical: boolean) {
    const [row] = await t.database.db
      .insert(notifyPushes)
      .values({
        purpose: 'manual',
        title: '夜间检修',
        content: '今晚管网冲洗',
        channels: ['inApp', 'sms', 'email', 'webhook'],
        audience: { userIds: [ids.user], roleCodes: [], departmentIds: [] },
        critical,
        state: 'sending',
        createdAt: t.clock.now(),
      })
      .returning();
    return row!;
  }

  it('holds a non-critical SMS through quiet hours, never in-app; a critical one goes now', async () => {
    await robot('webhook', 'https://bridge.example.com/hook');
    await prefs(ids.user, {
      channels: ['sms', 'webhook'],
      quietEnabled: true,
      quietStart: '22:00',
      quietEnd: '07:00',
    });
    // 23:30 on the utility's clock (UTC+8): inside the window that crosses midnight.
    const late = new Date('2026-06-01T15:30:00Z');
    t.clock.set(late);
    const calm = await pushRow(false);
    await planPush(t.app, t.database.db, calm, [ids.user], late);
    const rows = await deliveriesOf(calm.id);
    const until = new Date('2026-06-01T23:00:00Z'); // 07:00 the next morning, UTC+8
    expect(rows.find((r) => r.channel === 'sms')).toMatchObject({ quiet: true, nextAttemptAt: until });
    expect(rows.find((r) => r.channel === 'webhook')).toMatchObject({ quiet: true, nextAttemptAt: until });
    expect(rows.find((r) => r.channel === 'inApp')).toMatchObject({ quiet: false, nextAttemptAt: late });

    const urgent = await pushRow(true);
    await planPush(t.app, t.database.db, urgent, [ids.user], late);
    for (const r of await deliveriesOf(urgent.id)) {
      expect(r).toMatchObject({ quiet: false, nextAttemptAt: late, critical: true });
    }

    // 07:00 sharp: the window is over.
    const morning = await pushRow(false);
    await planPush(t.app, t.database.db, morning, [ids.user], until);
    expect((await deliveriesOf(morning.id)).every((r) => !r.quiet)).toBe(true);
  });

  it('queues nothing twice when a push is planned twice', async () => {
    const row = await pushRow(false);
    const first = await planPush(t.app, t.database.db, row, [ids.user, ids.admin1], t.clock.now());
    const second = await planPush(t.app, t.database.db, row, [ids.user, ids.admin1], t.clock.now());
    // In-app, SMS, and e-mail failed for want of SMTP settings, for each of the two.
    expect(first.inserted).toBe(6);
    expect(second.inserted).toBe(0);
    expect(await deliveriesOf(row.id)).toHaveLength(6);
    expect((await deliveriesOf(row.id)).filter((r) => r.channel === 'email').map((r) => r.errorCode)).toEqual([
      'channelOff',
      'channelOff',
    ]);
  });

  it('sets the fallback only when the recipient takes that channel', async () => {
    await t.database.db.execute(
      sql`update notify_templates set fallback = 'email' where purpose = 'manual' and channel = 'sms'`,
    );
    await prefs(ids.user, { channels: ['sms', 'email'] });
    await prefs(ids.admin1, { channels: ['sms'] });
    const row = await pushRow(false);
    await planPush(t.app, t.database.db, row, [ids.user, ids.admin1], t.clock.now());
    const rows = await deliveriesOf(row.id);
    expect(rows.find((r) => r.userId === ids.user && r.channel === 'sms')!.fallback).toBe('email');
    expect(rows.find((r) => r.userId === ids.admin1 && r.channel === 'sms')!.fallback).toBeNull();
  });

  it(`plans a push to more than ${PLAN_IN_REQUEST_MAX} recipients after answering`, async () => {
    const many = PLAN_IN_REQUEST_MAX + 50;
    const inserted = await t.database.db
      .insert(users)
      .values(
        Array.from({ length: many }, (_, i) => ({
          username: `bulk${i}`,
          passwordHash: 'x',
          displayName: `批量${i}`,
        })),
      )
      .returning({ id: users.id });
    const [role] = await t.database.db.insert(roles).values({ code: 'bulk', name: '批量' }).returning({ id: roles.id });
    await t.database.db.insert(userRoles).values(inserted.map((u) => ({ userId: u.id, roleId: role!.id })));
    const res = await create({
      channels: ['inApp'],
      audience: { userIds: [], roleCodes: ['bulk'], departmentIds: [] },
    });
    const push = res.json().data as Push;
    expect(push.recipients).toBe(many);
    await t.app.notifyPushes.idle();
    const after = (await t.call(notifyApi.push, { params: { id: push.id }, token: admin })).json().data as Push;
    expect(after.counts.total).toBe(many);
    const [row] = await t.database.db.select().from(notifyPushes).where(eq(notifyPushes.id, push.id));
    expect(row!.plannedAt).not.toBeNull();
  });
});

describe('alarm notifications', () => {
  const GAUGE = 'PS01-LT01';
  const above = (value: number): AlarmCondition => ({
    kind: 'compare',
    metric: 'level',
    op: 'ge',
    value,
    setpoint: null,
  });

  async function ingest(values: Record<string, unknown>) {
    t.clock.advance(1000);
    const res = await t.inject({
      method: 'POST',
      url: `/api/ingest/${GAUGE}`,
      headers: { authorization: `Device ${demoDeviceSecret(GAUGE)}`, 'content-type': 'application/json' },
      payload: { ts: t.clock.now().getTime(), values },
    });
    expect(res.statusCode).toBe(200);
    await t.app.alarmEngine.idle();
  }

  beforeEach(async () => {
    await t.database.db.delete(alarmRules);
    await t.database.db.delete(alarmOfflineRules);
    await t.app.alarmEngine.restart();
  });

  it('raises a push from the alarm, worded per recipient, and another when it clears', async () => {
    await prefs(ids.admin2, { locale: 'en-US' });
    const [gauge] = await t.database.db
      .select({ id: devices.id, typeId: devices.typeId })
      .from(devices)
      .where(eq(devices.code, GAUGE));
    await t.database.db.insert(alarmRules).values({
      name: '前池高液位',
      severity: 'critical',
      deviceTypeId: gauge!.typeId!,
      scope: 'devices',
      deviceIds: [gauge!.id],
      groups: [{ conditions: [above(4)] }],
      recipients: { userIds: [], roleCodes: ['admin'], departmentIds: [] },
      sms: true,
      clearDeadband: 0.2,
    });
    await t.app.alarmEngine.reload();
    await ingest({ level: 4.6 });
    const [alarm] = await t.database.db.select().from(alarms).where(eq(alarms.deviceId, gauge!.id));
    const pushes = (await t.call(notifyApi.pushes, { query: { source: 'alarm' }, token: admin })).json().data
      .list as Push[];
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({
      purpose: 'alarm.raised',
      source: 'alarm',
      sourceId: String(alarm!.id),
      recipients: 3,
      channels: ['inApp', 'sms'],
    });
    const rows = await deliveriesOf(pushes[0]!.id);
    expect(rows.filter((r) => r.channel === 'inApp')).toHaveLength(3);
    expect(rows.filter((r) => r.channel === 'sms')).toHaveLength(3);
    expect(rows.every((r) => r.critical)).toBe(true);
    const zh = rows.find((r) => r.userId === ids.admin1 && r.channel === 'inApp')!;
    const en = rows.find((r) => r.userId === ids.admin2 && r.channel === 'inApp')!;
    expect(zh.title).toContain('严重');
    expect(zh.title).toContain('前池高液位');
    expect(en.title).toContain('Critical');
    expect(zh.body).toContain('4.6');
    const sms = rows.find((r) => r.userId === ids.admin1 && r.channel === 'sms')!;
    expect(sms.body).toContain(GAUGE);
    expect(sms.body).toContain('2026-06-01 16:00');

    // Delivered: the message centre has it, opening the alarm; the SMS went through the outbox.
    await t.app.notifyDelivery.drain();
    const inbox = await t.database.db.select().from(messages).where(eq(messages.userId, ids.admin2));
    expect(inbox).toMatchObject([{ title: en.title, link: `/bz/alarm?alarm=${alarm!.id}` }]);
    expect((await deliveriesOf(pushes[0]!.id)).every((r) => r.state === 'sent')).toBe(true);
    const outbox = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, '13800000001'));
    expect(outbox).toHaveLength(1);

    // Assigned to the operator: an in-app message to them alone, marked so.
    await t.call(alarmsApi.assign, { params: { id: alarm!.id }, body: { userId: ids.user }, token: admin });
    const assigned = (await t.call(notifyApi.pushes, { query: { source: 'alarm' }, token: admin })).json().data
      .list[0] as Push;
    expect(assigned).toMatchObject({ channels: ['inApp'], recipients: 1 });
    const [toUser] = await deliveriesOf(assigned.id);
    expect(toUser).toMatchObject({ userId: ids.user, channel: 'inApp' });
    expect(toUser!.title).toContain('【指派给您】前池高液位');

    await ingest({ level: 3.5 });
    const all = (await t.call(notifyApi.pushes, { query: { source: 'alarm' }, token: admin })).json().data
      .list as Push[];
    expect(all.map((p) => p.purpose)).toEqual(['alarm.cleared', 'alarm.raised', 'alarm.raised']);
    // SMS for a clearing only if its template says so (the default does not).
    expect(all[0]!.channels).toEqual(['inApp']);
    const cleared = await deliveriesOf(all[0]!.id);
    expect(cleared).toHaveLength(3);
    const clearedInApp = cleared.find((r) => r.userId === ids.admin1)!;
    expect(clearedInApp.body).toContain('解除原因：恢复正常');
    expect(clearedInApp.body).toContain('持续时长：0 分钟');
  });

  it('does not tell of a clearing when the raising was not told (throttled)', async () => {
    const [gauge] = await t.database.db
      .select({ id: devices.id, typeId: devices.typeId })
      .from(devices)
      .where(eq(devices.code, GAUGE));
    await t.database.db.insert(alarmRules).values({
      name: '前池高液位',
      severity: 'major',
      deviceTypeId: gauge!.typeId!,
      scope: 'devices',
      deviceIds: [gauge!.id],
      groups: [{ conditions: [above(4)] }],
      recipients: { userIds: [ids.user], roleCodes: [], departmentIds: [] },
    });
    await t.app.alarmEngine.reload();
    await ingest({ level: 4.6 });
    await t.database.db.update(alarms).set({ notifiedAt: null });
    await ingest({ level: 3.5 });
    const all = (await t.call(notifyApi.pushes, { query: { source: 'alarm' }, token: admin })).json().data
      .list as Push[];
    expect(all.map((p) => p.purpose)).toEqual(['alarm.raised']);
  });
});

describe('links that leave the console', () => {
  it('start with PUBLIC_URL when it is set, and are paths when it is not', async () => {
    await robot('wecom');
    const config = t.app.config as { PUBLIC_URL?: string | undefined };
    const bodyOf = async () => {
      const push = (await create({ channels: ['inApp', 'wecom'] })).json().data as Push;
      const rows = await deliveriesOf(push.id);
      return rows.find((r) => r.channel === 'wecom')?.body ?? '';
    };
    expect(await bodyOf()).toContain('(/#/bz/alarm)');
    config.PUBLIC_URL = 'https://ops.lanchuan-water.example';
    try {
      expect(await bodyOf()).toContain('(https://ops.lanchuan-water.example/#/bz/alarm)');
    } finally {
      config.PUBLIC_URL = undefined;
    }
  });
});

describe('the push log within a region limit', () => {
  it("shows a role limited to regions the alarms of its regions and every manual push, and nothing else's", async () => {
    // Two districts of the city: neither is below the other.
    const [city] = await t.database.db.select({ id: regions.id }).from(regions).where(isNull(regions.parentId));
    const [east, west] = await t.database.db
      .select({ id: regions.id })
      .from(regions)
      .where(eq(regions.parentId, city!.id))
      .orderBy(asc(regions.id))
      .limit(2);
    const push = (title: string, regionId: number | null, source = 'alarm') => ({
      purpose: 'alarm.raised',
      title,
      channels: ['inApp'],
      audience: { userIds: [], roleCodes: [], departmentIds: [] },
      source,
      regionId,
      state: 'done',
      createdAt: TEST_START,
      plannedAt: TEST_START,
    });
    const [ours, theirs, manual] = await t.database.db
      .insert(notifyPushes)
      .values([push('本片区告警', east!.id), push('他片区告警', west!.id), push('全员通知', null, 'manual')])
      .returning({ id: notifyPushes.id });
    await limitRoleToRegions(t.database.db, 'user', [east!.id]);
    const user = await t.login('user', 'User@2026');
    const page = (await t.call(notifyApi.pushes, { token: user, query: { page: 1, pageSize: 50 } })).json().data;
    expect((page.list as Push[]).map((p) => p.title).sort()).toEqual(['全员通知', '本片区告警'].sort());
    expect(page.total).toBe(2);
    for (const id of [ours!.id, manual!.id]) {
      expect((await t.call(notifyApi.push, { token: user, params: { id } })).statusCode).toBe(200);
    }
    // Another region's push is not there at all: not its facts, nor its deliveries.
    expect((await t.call(notifyApi.push, { token: user, params: { id: theirs!.id } })).statusCode).toBe(404);
    const deliveries = await t.call(notifyApi.deliveries, {
      token: user,
      params: { id: theirs!.id },
      query: { page: 1, pageSize: 20 },
    });
    expect(deliveries.statusCode).toBe(404);
    // The administrator's role has no limit: all three.
    const all = (await t.call(notifyApi.pushes, { token: admin, query: { page: 1, pageSize: 50 } })).json().data;
    expect(all.total).toBe(3);
  });
});
