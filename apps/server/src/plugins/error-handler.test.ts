import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createTestApp, resetDatabase, type TestApp } from '../testing/build-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
});

describe('envelope and errors', () => {
  it('answers an unknown API path with 404 in the envelope, in the caller language', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-language': 'en-US' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: 'Not found', data: null });
  });

  it('hides internals of a 500: no stack, no SQL, no table names', async () => {
    await t.database.db.execute(sql`alter table captchas rename to captchas_moved`);
    try {
      const res = await t.inject({ method: 'GET', url: '/api/user/pc/captcha' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 500, msg: '服务器内部错误，请稍后再试', data: null });
      expect(res.body).not.toMatch(/captchas|insert|stack|at /i);
    } finally {
      await t.database.db.execute(sql`alter table captchas_moved rename to captchas`);
    }
  });

  it('gives every answer a request id, keeping a sane one the caller sent', async () => {
    const res = await t.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-123' } });
    expect(res.headers['x-request-id']).toBe('lb-123');
    const odd = await t.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': '<script>' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('answers /readyz with 503 when the database is unreachable', async () => {
    const database = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/none' });
    const app = await buildApp({ config: loadConfig({}), database });
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'postgres' });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('API documentation', () => {
  it('publishes an OpenAPI document built from the contracts, and the browsable docs', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/api/user/login',
      '/api/user/logout',
      '/api/user/pc/captcha',
      '/api/user/sms',
      '/api/v1/remote/users/role-info',
      '/api/v1/roles/menusTree',
      '/api/user/menu',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(doc.paths['/api/user/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'username',
    );
    const ui = await t.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
