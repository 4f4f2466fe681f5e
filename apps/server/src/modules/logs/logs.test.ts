import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginLog, operationLog } from '../../db/schema/index.ts';
import { bearer, createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';
import { diffRecords, purgeLogs } from './logs.service.ts';

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

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

describe('operation log', () => {
  it('records a write with its user and its parameters, secrets masked', async () => {
    const changed = await call('POST', '/api/user/password', admin, {
      oldPassword: 'Admin@2026',
      newPassword: 'Water@20261',
    });
    expect(changed.json().code).toBe(200);
    const list = (await call('GET', '/api/system/logs/operations?pageSize=50', admin)).json().data;
    const change = list.list.find((l: { path: string }) => l.path === '/api/user/password');
    expect(change).toMatchObject({ username: '13800000001', result: 'success' });
    const detail = (await call('GET', `/api/system/logs/operations/${change.id}`, admin)).json().data;
    expect(JSON.stringify(detail.params)).not.toContain('Water@20261');
    expect(JSON.stringify(detail.params)).toContain('******');
  });

  it('shows the before and after of an edit as field changes', async () => {
    const [owner] = (await call('GET', '/api/enterprises', admin)).json().data.list;
    const body = {
      name: owner.name,
      creditCode: owner.creditCode,
      type: owner.type,
      contact: '新联系人',
      phone: owner.phone,
      address: owner.address,
    };
    await call('PUT', `/api/enterprises/${owner.id}`, admin, body);
    const list = (
      await call('GET', '/api/system/logs/operations?module=organization&action=enterprise.update', admin)
    ).json().data;
    expect(list.total).toBe(1);
    expect(list.list[0].targetId).toBe(String(owner.id));
    const detail = (await call('GET', `/api/system/logs/operations/${list.list[0].id}`, admin)).json().data;
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
    const failures = (await call('GET', '/api/system/logs/operations?result=failure&module=devices', admin)).json()
      .data;
    expect(failures.list.map((l: { username: string }) => l.username)).toEqual(['bob']);
    const recent = (
      await call(
        'GET',
        `/api/system/logs/operations?module=devices&from=${encodeURIComponent(new Date(now.getTime() - 86_400_000).toISOString())}`,
        admin,
      )
    ).json().data;
    expect(recent.list.map((l: { username: string }) => l.username)).toEqual(['alice']);
    expect((await call('GET', '/api/system/logs/modules', admin)).json().data).toContain('devices');
    const file = await call('GET', '/api/system/logs/operations/export?module=devices', admin);
    const rows = await readSheet(file.rawPayload);
    expect(rows).toHaveLength(3);
    expect((await call('GET', '/api/system/logs/operations?from=yesterday', admin)).statusCode).toBe(400);
  });
});

describe('sign-in log', () => {
  it('lists every attempt with the reason of a failure', async () => {
    await t.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'user', password: 'wrong-1' } });
    const failed = (await call('GET', '/api/system/logs/logins?success=false&username=user', admin)).json().data;
    expect(failed.list[0]).toMatchObject({ username: 'user', success: false, reason: 'bad_credentials' });
    const ok = (await call('GET', '/api/system/logs/logins?success=true', admin)).json().data;
    expect(ok.total).toBeGreaterThanOrEqual(2);
    const file = await call('GET', '/api/system/logs/logins/export?success=false', admin);
    expect((await readSheet(file.rawPayload)).length).toBe(2);
  });
});

describe('retention', () => {
  it('keeps 180/90 days by default, takes a new setting, and the daily job removes what is older', async () => {
    expect((await call('GET', '/api/system/logs/retention', admin)).json().data).toEqual({
      operationDays: 180,
      loginDays: 90,
    });
    expect(
      (await call('PUT', '/api/system/logs/retention', admin, { operationDays: 3, loginDays: 30 })).statusCode,
    ).toBe(400);
    await call('PUT', '/api/system/logs/retention', admin, { operationDays: 30, loginDays: 7 });
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
    const modules = (await call('GET', '/api/system/logs/modules', admin)).json().data;
    expect(modules).toContain('new');
    expect(modules).not.toContain('old');
  });

  it('keeps the logs to their permission holders', async () => {
    expect((await call('GET', '/api/system/logs/operations', user)).statusCode).toBe(403);
    expect((await call('GET', '/api/system/logs/logins/export', user)).statusCode).toBe(403);
    expect(
      (await call('PUT', '/api/system/logs/retention', user, { operationDays: 30, loginDays: 30 })).statusCode,
    ).toBe(403);
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
