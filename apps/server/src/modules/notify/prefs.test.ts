import { type NotifyPrefs, notifyApi } from '@water/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifyPrefs, operationLog, users } from '../../db/schema/index.ts';
import { createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';
import { loadPrefs } from './prefs.repository.ts';

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

const idOf = async (username: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

const get = async (token: string) => {
  const res = await t.call(notifyApi.prefs, { token });
  expect(res.statusCode).toBe(200);
  return res.json().data as NotifyPrefs;
};

describe('notification preferences', () => {
  it('are the defaults until set, with where SMS and e-mail would go', async () => {
    expect(await get(user)).toEqual({
      channels: ['inApp', 'sms', 'email'],
      locale: 'zh-CN',
      quietHours: { enabled: false, start: '22:00', end: '07:00' },
      phone: '13900000004',
      email: 'wangming@lanchuan-water.example',
    });
  });

  it('round-trip, with in-app always kept first (and stored without it), and leave an operation-log row', async () => {
    const body = {
      channels: ['email', 'webhook', 'email'] as const,
      locale: 'en-US' as const,
      quietHours: { enabled: true, start: '23:00', end: '06:30' },
    };
    const res = await t.call(notifyApi.updatePrefs, { token: user, body: { ...body, channels: [...body.channels] } });
    expect(res.statusCode).toBe(200);
    const saved = res.json().data as NotifyPrefs;
    expect(saved).toMatchObject({
      channels: ['inApp', 'email', 'webhook'],
      locale: 'en-US',
      quietHours: body.quietHours,
    });
    expect(await get(user)).toEqual(saved);
    const id = await idOf('user');
    const [row] = await t.database.db.select().from(notifyPrefs).where(eq(notifyPrefs.userId, id));
    expect(row?.channels).toEqual(['email', 'webhook']);
    const [log] = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.module, 'account'), eq(operationLog.action, 'notify-prefs')));
    expect(log).toMatchObject({ result: 'success', username: 'user', targetId: String(id) });

    // Nothing but in-app: the user still hears in the console.
    const none = await t.call(notifyApi.updatePrefs, { token: user, body: { ...body, channels: [] } });
    expect(none.json().data.channels).toEqual(['inApp']);
  });

  it('are each user’s own: one user’s settings are not another’s', async () => {
    await t.call(notifyApi.updatePrefs, {
      token: admin,
      body: { channels: ['inApp'], locale: 'en-US', quietHours: { enabled: true, start: '21:00', end: '08:00' } },
    });
    const mine = await get(user);
    expect(mine.locale).toBe('zh-CN');
    expect(mine.channels).toEqual(['inApp', 'sms', 'email']);
    expect(mine.phone).toBe('13900000004');
    expect((await get(admin)).phone).toBe('13800000001');
    // The body cannot name another user: an unknown key is dropped, the caller's own row is written.
    const sneaky = await t.call('PUT', '/api/account/notify-prefs', user, {
      userId: await idOf('13800000001'),
      channels: ['sms'],
      locale: 'zh-CN',
      quietHours: { enabled: false, start: '22:00', end: '07:00' },
    });
    expect(sneaky.statusCode).toBe(200);
    expect((await get(admin)).locale).toBe('en-US');
  });

  it('refuse a clock that is no time of day, a channel that is not personal, and an unknown language', async () => {
    const base = { channels: ['sms'], locale: 'zh-CN', quietHours: { enabled: true, start: '22:00', end: '07:00' } };
    for (const [start, end] of [
      ['25:00', '07:00'],
      ['22:00', '7:00'],
      ['22:60', '07:00'],
      ['', '07:00'],
      ['22:00:00', '07:00'],
    ]) {
      const res = await t.call(
        'PUT',
        '/api/account/notify-prefs',
        user,
        {
          ...base,
          quietHours: { enabled: true, start, end },
        },
        'en-US',
      );
      expect(res.statusCode, `${start}–${end}`).toBe(400);
      expect(res.json().msg).toContain('HH:mm');
    }
    expect((await t.call('PUT', '/api/account/notify-prefs', user, { ...base, channels: ['wecom'] })).statusCode).toBe(
      400,
    );
    expect((await t.call('PUT', '/api/account/notify-prefs', user, { ...base, locale: 'fr-FR' })).statusCode).toBe(400);
    expect(
      (await t.call('PUT', '/api/account/notify-prefs', user, { ...base, channels: Array(20).fill('sms') })).statusCode,
    ).toBe(400);
    expect((await get(user)).quietHours.enabled).toBe(false);
  });

  it('need a session', async () => {
    expect((await t.call(notifyApi.prefs, {})).statusCode).toBe(401);
  });

  it('are read for many users at once by the planner, defaults for those without a row', async () => {
    const admin1 = await idOf('13800000001');
    const plain = await idOf('user');
    await t.call(notifyApi.updatePrefs, {
      token: user,
      body: { channels: ['sms'], locale: 'en-US', quietHours: { enabled: true, start: '22:30', end: '06:00' } },
    });
    const prefs = await loadPrefs(t.database.db, [admin1, plain, plain, 99_999]);
    expect([...prefs.keys()]).toEqual([admin1, plain, 99_999]);
    expect(prefs.get(plain)).toEqual({
      channels: ['inApp', 'sms'],
      locale: 'en-US',
      quiet: { enabled: true, start: '22:30', end: '06:00' },
    });
    expect(prefs.get(admin1)).toEqual({
      channels: ['inApp', 'sms', 'email'],
      locale: 'zh-CN',
      quiet: { enabled: false, start: '22:00', end: '07:00' },
    });
    expect((await loadPrefs(t.database.db, [])).size).toBe(0);
  });
});
