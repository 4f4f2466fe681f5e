import { type LiveEvent, messagesApi } from '@water/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { departments, messages, operationLog, users } from '../../db/schema/index.ts';
import { bearer, createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';
import { sendMessage } from './send-message.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
});

const now = (fn: () => Promise<void> | void) => void fn();
const send = (audience: Parameters<typeof sendMessage>[2], title = '泵站 3 号液位高') =>
  sendMessage(t.app, t.database.db, audience, { type: 'notice', title, content: '请及时处理', messageType: 1 }, now);
const userId = async (username: string) =>
  (await t.database.db.select().from(users).where(eq(users.username, username)))[0]!.id;
/** Bodies the contract refuses, sent as they are (a typed call would not let them through). */
const rawPost = (url: string, token: string, payload: unknown) =>
  t.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

describe('sending messages', () => {
  it('reaches users, role holders and departments with everything below them, enabled users only', async () => {
    expect((await send({ users: [await userId('user')] })).recipients).toHaveLength(1);
    expect((await send({ roles: ['admin'] })).recipients).toHaveLength(3);
    expect((await send({ roles: ['user'] })).recipients).toHaveLength(4);
    const [drainage] = await t.database.db.select().from(departments).where(eq(departments.name, '排水管理部'));
    // 排水管理部 has no direct member; 王明 (user) sits in its child 泵站运维班
    expect((await send({ departments: [drainage!.id] })).recipients).toEqual([await userId('user')]);
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'user'));
    expect((await send({ all: true })).recipients).toHaveLength(3);
    expect((await send({})).recipients).toEqual([]);
  });
});

describe('message centre API', () => {
  it('lists only the own messages with the spec fields, and keeps read state per user', async () => {
    await send({ all: true }, '停水通知');
    const userToken = await t.login('user', 'User@2026');
    const adminToken = await t.login();
    const list = (await t.call(messagesApi.list, { body: {}, token: userToken })).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      type: 'notice',
      title: '停水通知',
      messageType: 1,
      status: 0,
      subTitle: '',
      avatar: '',
    });
    expect(list[0].time).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const read = await t.call(messagesApi.read, { body: { ids: [list[0].id] }, token: userToken });
    expect(read.json()).toMatchObject({ code: 200, data: true });
    expect((await t.call(messagesApi.list, { body: {}, token: userToken })).json().data[0].status).toBe(1);
    // the administrator's copy is still unread
    const adminUnread = (await t.call(messagesApi.unread, { token: adminToken })).json();
    expect(adminUnread.data).toEqual({ message: 0, notice: 1, todo: 0, total: 1 });
    const [log] = await t.database.db.select().from(operationLog).where(eq(operationLog.module, 'messages'));
    expect(log).toMatchObject({ action: 'read', result: 'success' });
  });

  it('refuses ids that are not the caller’s, all or nothing, and bad bodies', async () => {
    await send({ all: true });
    const userToken = await t.login('user', 'User@2026');
    const adminToken = await t.login();
    const mine = (await t.call(messagesApi.list, { body: {}, token: userToken })).json().data[0].id;
    const theirs = (await t.call(messagesApi.list, { body: {}, token: adminToken })).json().data[0].id;
    const res = await t.call(messagesApi.read, { body: { ids: [mine, theirs] }, token: userToken });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(50000);
    const rows = await t.database.db.select().from(messages).where(eq(messages.status, 1));
    expect(rows).toHaveLength(0);
    for (const body of [{ ids: [] }, { ids: ['1'] }, { ids: [-1] }, {}, { ids: Array(501).fill(1) }]) {
      expect((await rawPost('/api/message/read', userToken, body)).statusCode).toBe(400);
    }
    expect((await rawPost('/api/message/list', userToken, { type: 'spam' })).statusCode).toBe(400);
    expect((await t.call(messagesApi.read, { body: { ids: [mine] }, token: 'nope' })).json().code).toBe(50008);
  });

  it('filters by type and marks all read', async () => {
    await send({ all: true });
    await sendMessage(t.app, t.database.db, { all: true }, { type: 'todo', title: '工单待处理', messageType: 3 }, now);
    const token = await t.login('user', 'User@2026');
    const todos = (await t.call(messagesApi.list, { body: { type: 'todo' }, token })).json().data;
    expect(todos.map((m: { type: string }) => m.type)).toEqual(['todo']);
    expect((await t.call(messagesApi.readAll, { body: { type: 'notice' }, token })).json().data).toEqual({
      updated: 1,
    });
    const unread = (await t.call(messagesApi.unread, { token })).json().data;
    expect(unread).toEqual({ message: 0, notice: 0, todo: 1, total: 1 });
  });
});

describe('live channel /api/ws', () => {
  function nextEvent(ws: WebSocket): Promise<LiveEvent> {
    return new Promise((resolve) => ws.once('message', (raw) => resolve(JSON.parse(String(raw)))));
  }

  it('signs in with the first frame and pushes new messages and unread counts to that user only', async () => {
    const token = await t.login('user', 'User@2026');
    const ws = await t.app.injectWS('/api/ws');
    try {
      const ready = nextEvent(ws);
      ws.send(JSON.stringify({ type: 'auth', token }));
      expect(await ready).toEqual({ type: 'ready', userId: await userId('user') });
      const pushed = nextEvent(ws);
      await send({ users: [await userId('user')] }, '管网巡检任务');
      const event = await pushed;
      expect(event).toMatchObject({ type: 'message', message: { title: '管网巡检任务' }, unread: { total: 1 } });
      await send({ roles: ['admin'] }, 'not for user');
      const afterRead = nextEvent(ws);
      const id = event.type === 'message' ? event.message.id : 0;
      await t.call(messagesApi.read, { body: { ids: [id] }, token });
      expect(await afterRead).toEqual({ type: 'unread', unread: { message: 0, notice: 0, todo: 0, total: 0 } });
    } finally {
      ws.terminate();
    }
  });

  it('refuses a bad token with the spec code and closes', async () => {
    const ws = await t.app.injectWS('/api/ws');
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    const event = nextEvent(ws);
    ws.send(JSON.stringify({ type: 'auth', token: 'forged' }));
    expect(await event).toMatchObject({ type: 'error', code: 50008 });
    expect(await closed).toBe(4401);
  });
});
