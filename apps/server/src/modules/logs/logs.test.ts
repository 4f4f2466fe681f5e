import { accountApi, logsApi, organizationApi } from '@water/contracts';
import { eq, inArray } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  departmentMembers,
  departments,
  loginLog,
  operationLog,
  roleDepartments,
  roles,
  users,
} from '../../db/schema/index.ts';
import { createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';
import { LOG_PURGE_SLICE } from './logs.repository.ts';
import {
  diffRecords,
  type JobTimers,
  purgeLogs,
  RETENTION_EVERY_MS,
  RETENTION_FIRST_RUN_MS,
  startLogRetentionJob,
} from './logs.service.ts';

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

describe('operation log', () => {
  it('records a write with its user and its parameters, secrets masked', async () => {
    const changed = await call(accountApi.changePassword, {
      body: {
        oldPassword: 'Admin@2026',
        newPassword: 'Water@20261',
      },
      token: admin,
    });
    expect(changed.json().code).toBe(200);
    const list = (await call(logsApi.operations, { query: { pageSize: 50 }, token: admin })).json().data;
    const change = list.list.find((l: { path: string }) => l.path === '/api/user/password');
    // The name people know beside the account name it was written with (张伟 signs in with a phone).
    expect(change).toMatchObject({ username: '13800000001', displayName: '张伟', result: 'success' });
    const detail = (await call(logsApi.operation, { params: { id: change.id }, token: admin })).json().data;
    expect(detail.displayName).toBe('张伟');
    expect(JSON.stringify(detail.params)).not.toContain('Water@20261');
    expect(JSON.stringify(detail.params)).toContain('******');
  });

  it('shows the before and after of an edit as field changes', async () => {
    const [owner] = (await call(organizationApi.enterprises, { token: admin })).json().data.list;
    const body = {
      name: owner.name,
      creditCode: owner.creditCode,
      type: owner.type,
      contact: '新联系人',
      phone: owner.phone,
      address: owner.address,
    };
    await call(organizationApi.updateEnterprise, { params: { id: owner.id }, body, token: admin });
    const list = (
      await call(logsApi.operations, { query: { module: 'organization', action: 'enterprise.update' }, token: admin })
    ).json().data;
    expect(list.total).toBe(1);
    expect(list.list[0].targetId).toBe(String(owner.id));
    const detail = (await call(logsApi.operation, { params: { id: list.list[0].id }, token: admin })).json().data;
    expect(detail.changes).toContainEqual({ path: 'contact', before: owner.contact, after: '新联系人' });
    expect(detail.changes.map((c: { path: string }) => c.path)).not.toContain('name');
  });

  it('filters by user, result and time, lists its modules, and exports', async () => {
    const now = new Date('2026-06-01T08:00:00Z');
    await t.database.db.insert(operationLog).values([
      {
        username: 'alice',
        module: 'devices',
        action: 'create',
        method: 'POST',
        path: '/api/devices',
        result: 'success',
        createdAt: new Date(now.getTime() - 3_600_000),
      },
      {
        username: 'bob',
        module: 'devices',
        action: 'delete',
        method: 'DELETE',
        path: '/api/devices/3',
        result: 'failure',
        error: 'in use',
        createdAt: new Date(now.getTime() - 86_400_000 * 3),
      },
    ]);
    const failures = (
      await call(logsApi.operations, { query: { result: 'failure', module: 'devices' }, token: admin })
    ).json().data;
    expect(failures.list.map((l: { username: string }) => l.username)).toEqual(['bob']);
    const recent = (
      await call(logsApi.operations, {
        query: { module: 'devices', from: new Date(now.getTime() - 86_400_000).toISOString() },
        token: admin,
      })
    ).json().data;
    expect(recent.list.map((l: { username: string }) => l.username)).toEqual(['alice']);
    expect((await call(logsApi.modules, { token: admin })).json().data).toContain('devices');
    const file = await call(logsApi.exportOperations, { query: { module: 'devices' }, token: admin });
    const rows = await readSheet(file.rawPayload);
    expect(rows).toHaveLength(3);
    // Modules and actions in the caller's words, as on the screen.
    expect(rows[1]?.slice(2, 4)).toEqual(['设备', '新增']);
    expect((await call(logsApi.operations, { query: { from: 'yesterday' }, token: admin })).statusCode).toBe(400);
  });
});

describe('sign-in log', () => {
  it('lists every attempt with the reason of a failure', async () => {
    await t.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'user', password: 'wrong-1' } });
    const failed = (await call(logsApi.logins, { query: { success: 'false', username: 'user' }, token: admin })).json()
      .data;
    expect(failed.list[0]).toMatchObject({ username: 'user', success: false, reason: 'bad_credentials' });
    const ok = (await call(logsApi.logins, { query: { success: 'true' }, token: admin })).json().data;
    expect(ok.total).toBeGreaterThanOrEqual(2);
    const file = await call(logsApi.exportLogins, { query: { success: 'false' }, token: admin });
    expect((await readSheet(file.rawPayload)).length).toBe(2);
  });
});

describe('retention', () => {
  it('keeps 180/90 days by default, takes a new setting, and the daily job removes what is older', async () => {
    expect((await call(logsApi.retention, { token: admin })).json().data).toEqual({
      operationDays: 180,
      loginDays: 90,
    });
    expect(
      (await call(logsApi.setRetention, { body: { operationDays: 3, loginDays: 30 }, token: admin })).statusCode,
    ).toBe(400);
    await call(logsApi.setRetention, { body: { operationDays: 30, loginDays: 7 }, token: admin });
    const now = new Date('2026-06-01T08:00:00Z');
    const day = 86_400_000;
    await t.database.db.insert(operationLog).values([
      {
        module: 'old',
        action: 'x',
        method: 'POST',
        path: '/x',
        result: 'success',
        createdAt: new Date(now.getTime() - 31 * day),
      },
      {
        module: 'new',
        action: 'x',
        method: 'POST',
        path: '/x',
        result: 'success',
        createdAt: new Date(now.getTime() - 29 * day),
      },
    ]);
    await t.database.db
      .insert(loginLog)
      .values([{ username: 'old', success: true, createdAt: new Date(now.getTime() - 8 * day) }]);
    const removed = await purgeLogs(t.database.db, now);
    expect(removed).toEqual({ operations: 1, logins: 1 });
    const modules = (await call(logsApi.modules, { token: admin })).json().data;
    expect(modules).toContain('new');
    expect(modules).not.toContain('old');
  });

  it('purges in slices: more rows than one slice all go, the younger ones stay', async () => {
    await call(logsApi.setRetention, { body: { operationDays: 30, loginDays: 7 }, token: admin });
    const now = new Date('2026-06-01T08:00:00Z');
    const old = new Date(now.getTime() - 40 * 86_400_000);
    const rows = Array.from({ length: 25 }, (_, i) => ({
      module: i < 23 ? 'old' : 'new',
      action: 'x',
      method: 'POST',
      path: '/x',
      result: 'success',
      createdAt: i < 23 ? old : now,
    }));
    await t.database.db.insert(operationLog).values(rows);
    // a slice of 10: three statements for 23 rows
    expect(await purgeLogs(t.database.db, now, 10)).toMatchObject({ operations: 23 });
    const left = await t.database.db.select({ module: operationLog.module }).from(operationLog);
    expect(left.filter((r) => r.module === 'old')).toEqual([]);
    expect(left.filter((r) => r.module === 'new')).toHaveLength(2);
    expect(LOG_PURGE_SLICE).toBeGreaterThan(1000);
  });

  it('the daily job runs a minute after start and then every day, on the app clock, and stops', async () => {
    const scheduled: { kind: 'after' | 'every'; ms: number; run: () => unknown; cancelled: boolean }[] = [];
    const timers: JobTimers = {
      after(ms, run) {
        const entry = { kind: 'after' as const, ms, run, cancelled: false };
        scheduled.push(entry);
        return () => {
          entry.cancelled = true;
        };
      },
      every(ms, run) {
        const entry = { kind: 'every' as const, ms, run, cancelled: false };
        scheduled.push(entry);
        return () => {
          entry.cancelled = true;
        };
      },
    };
    const stop = startLogRetentionJob(t.app, timers);
    expect(scheduled.map((s) => [s.kind, s.ms])).toEqual([
      ['after', RETENTION_FIRST_RUN_MS],
      ['every', RETENTION_EVERY_MS],
    ]);
    expect(RETENTION_EVERY_MS).toBe(86_400_000);
    const day = 86_400_000;
    const entry = (module: string, createdAt: Date) => ({
      module,
      action: 'x',
      method: 'POST',
      path: '/x',
      result: 'success',
      createdAt,
    });
    // the app clock says 2026-06-01; the default keeps 180 days of operations
    t.clock.set(new Date('2026-06-01T08:00:00Z'));
    await t.database.db.insert(operationLog).values([entry('aged', new Date(t.clock.now().getTime() - 170 * day))]);
    await scheduled[0]!.run();
    expect(await t.database.db.select().from(operationLog).where(eq(operationLog.module, 'aged'))).toHaveLength(1);
    // eleven days later the daily run removes it: the job reads the app clock, not the wall clock
    t.clock.advance(11 * day);
    const daily = scheduled[1]!;
    // two runs due at once share one purge instead of piling up
    await Promise.all([daily.run(), daily.run()]);
    expect(await t.database.db.select().from(operationLog).where(eq(operationLog.module, 'aged'))).toEqual([]);
    await stop();
    expect(scheduled.every((s) => s.cancelled)).toBe(true);
    t.clock.set(new Date('2026-06-01T08:00:00Z'));
  });

  it('keeps the logs to their permission holders', async () => {
    expect((await call(logsApi.operations, { token: user })).statusCode).toBe(403);
    expect((await call(logsApi.exportLogins, { token: user })).statusCode).toBe(403);
    expect(
      (await call(logsApi.setRetention, { body: { operationDays: 30, loginDays: 30 }, token: user })).statusCode,
    ).toBe(403);
  });
});

describe('data scope', () => {
  /**
   * 王明 (user role) works in 泵站运维班; 李强 also belongs to it besides his main department;
   * 张伟 is in 调度中心. Each leaves one operation row, and a system row has no actor.
   */
  async function setUp() {
    await t.grant('user', 'system:log:list');
    const people = await t.database.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.username, ['13800000001', '13800000002', 'user']));
    const id = (username: string) => people.find((p) => p.username === username)!.id;
    const depts = await t.database.db.select({ id: departments.id, name: departments.name }).from(departments);
    const dept = (name: string) => depts.find((d) => d.name === name)!.id;
    await t.database.db
      .insert(departmentMembers)
      .values({ userId: id('13800000002'), departmentId: dept('泵站运维班'), position: '兼职', isMain: false });
    const at = new Date('2026-06-01T07:00:00Z');
    const row = (username: string, userId: number | null) => ({
      userId,
      username,
      module: 'scope-test',
      action: 'x',
      method: 'POST',
      path: '/api/x',
      result: 'success',
      before: { secret: `${username} before` },
      createdAt: at,
    });
    const inserted = await t.database.db
      .insert(operationLog)
      .values([
        row('13800000001', id('13800000001')),
        row('13800000002', id('13800000002')),
        row('user', id('user')),
        row('', null),
      ])
      .returning({ id: operationLog.id, username: operationLog.username });
    const logId = (username: string) => inserted.find((r) => r.username === username)!.id;
    await t.database.db.insert(loginLog).values([
      { userId: id('13800000002'), username: '13800000002', success: true, createdAt: at },
      { userId: null, username: 'nobody', success: false, reason: 'bad_credentials', createdAt: at },
    ]);
    return { id, dept, logId };
  }
  const usernames = (list: { username: string }[]) => [...new Set(list.map((l) => l.username))].sort();
  const setScope = (dataScope: string) => t.database.db.update(roles).set({ dataScope }).where(eq(roles.code, 'user'));
  const operationNames = async (token: string) =>
    usernames((await call(logsApi.operations, { query: { module: 'scope-test' }, token })).json().data.list);
  const loginNames = async (token: string) =>
    usernames((await call(logsApi.logins, { query: { pageSize: 100 }, token })).json().data.list);

  it('own department and below: rows of the users in it, nothing of other departments', async () => {
    const { logId } = await setUp();
    expect(await operationNames(user)).toEqual(['13800000002', 'user']);
    expect(await loginNames(user)).toEqual(['13800000002', 'user']);
    // the detail of a row outside the scope does not exist for this caller, before/after included
    const outside = await call(logsApi.operation, { params: { id: logId('13800000001') }, token: user });
    expect(outside.statusCode).toBe(404);
    expect(outside.body).not.toContain('13800000001 before');
    expect((await call(logsApi.operation, { params: { id: logId('') }, token: user })).statusCode).toBe(404);
    const inside = (await call(logsApi.operation, { params: { id: logId('13800000002') }, token: user })).json().data;
    expect(inside.before).toEqual({ secret: '13800000002 before' });
    // exports follow the list
    const sheet = await readSheet(
      (await call(logsApi.exportOperations, { query: { module: 'scope-test' }, token: user })).rawPayload,
    );
    expect(
      sheet
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['李强 (13800000002)', '王明 (user)']);
    const logins = await readSheet((await call(logsApi.exportLogins, { token: user })).rawPayload);
    expect([...new Set(logins.slice(1).map((r) => r[1]))].sort()).toEqual(['13800000002', 'user']);
    // the unlimited administrator sees every row, those without an actor too
    expect(await operationNames(admin)).toEqual(['', '13800000001', '13800000002', 'user']);
    expect(await loginNames(admin)).toContain('nobody');
  });

  it('self only: the caller’s own rows', async () => {
    const { logId } = await setUp();
    await setScope('self');
    expect(await operationNames(user)).toEqual(['user']);
    expect(await loginNames(user)).toEqual(['user']);
    expect((await call(logsApi.operation, { params: { id: logId('13800000002') }, token: user })).statusCode).toBe(404);
    expect((await call(logsApi.operation, { params: { id: logId('user') }, token: user })).statusCode).toBe(200);
    const sheet = await readSheet(
      (await call(logsApi.exportOperations, { query: { module: 'scope-test' }, token: user })).rawPayload,
    );
    expect(sheet.slice(1).map((r) => r[1])).toEqual(['王明 (user)']);
  });

  it('chosen departments: the rows of the users of those departments only', async () => {
    const { dept, logId } = await setUp();
    await setScope('custom');
    const [role] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'user'));
    // none chosen: nothing at all, not even the caller's own rows
    expect(await operationNames(user)).toEqual([]);
    await t.database.db.insert(roleDepartments).values([
      { roleId: role!.id, departmentId: dept('调度中心') },
      { roleId: role!.id, departmentId: dept('供水管理部') },
    ]);
    expect(await operationNames(user)).toEqual(['13800000001', '13800000002']);
    expect(await loginNames(user)).toEqual(['13800000001', '13800000002']);
    expect((await call(logsApi.operation, { params: { id: logId('user') }, token: user })).statusCode).toBe(404);
    expect((await call(logsApi.operation, { params: { id: logId('13800000001') }, token: user })).statusCode).toBe(200);
  });
});

describe('diffRecords', () => {
  it('gives leaf paths of what changed, arrays element by element', () => {
    expect(diffRecords({ a: 1, b: { c: 2, d: [1, 2] } }, { a: 1, b: { c: 3, d: [1, 3] }, e: 'x' })).toEqual([
      { path: 'b.c', before: 2, after: 3 },
      { path: 'b.d.1', before: 2, after: 3 },
      { path: 'e', before: null, after: 'x' },
    ]);
    expect(diffRecords(null, { a: 1 })).toEqual([{ path: '', before: null, after: { a: 1 } }]);
  });
});
