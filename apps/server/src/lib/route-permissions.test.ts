import { ALL_PERMISSIONS } from '@water/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, userRoles, users } from '../db/schema/index.ts';
import { bearer, createTestApp, resetDatabase, type TestApp } from '../testing/build-app.ts';
import { hashPassword } from './passwords.ts';

/**
 * Generated from the route table the server registered, not from a list kept by hand: a new route
 * is covered the day it is added, and one that declares no access rule stops the server at start
 * (plugins/auth.ts), which this file would also report.
 */

// Routes anyone may call, reviewed one by one: signing in and its helpers, health, docs, the socket
// (which authenticates in its first frame).
const PUBLIC = new Set([
  'POST /api/user/login',
  // Signing out must work with an expired or revoked token too.
  'POST /api/user/logout',
  'GET /api/user/pc/captcha',
  'POST /api/user/sms',
  'POST /api/user/register',
  'POST /api/user/password/reset',
  'GET /api/openapi.json',
  'GET /api/ws',
  // Devices and gateways: the handler checks the device secret (modules/telemetry).
  'POST /api/ingest/:code',
]);

let t: TestApp;
let nobody: string;
beforeAll(async () => {
  t = await createTestApp();
  await resetDatabase(t.database);
  // A signed-in user whose only role grants nothing at all.
  const [role] = await t.database.db
    .insert(roles)
    .values({ code: 'nobody', name: '无权限', dataScope: 'self' })
    .returning({ id: roles.id });
  const [user] = await t.database.db
    .insert(users)
    .values({ username: 'nobody', passwordHash: await hashPassword('Nobody@2026'), displayName: '无权限用户' })
    .returning({ id: users.id });
  await t.database.db.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
  nobody = await t.login('nobody', 'Nobody@2026');
});
afterAll(() => t.close());

const routes = () => t.app.apiRoutes.filter((r) => !r.url.startsWith('/api/docs'));
const fill = (url: string) => url.replace(/:(\w+)/g, '1');

describe('the route table', () => {
  it('has every route declaring public, any signed-in user, or a permission', () => {
    expect(routes().length).toBeGreaterThan(60);
    for (const r of routes()) {
      const ok =
        r.access === 'public' ||
        r.access === 'session' ||
        (typeof r.access === 'object' && /^[a-z]+(:[a-z*-]+){2}$/.test(r.access.permission));
      expect(ok, `${r.method} ${r.url}`).toBe(true);
    }
  });

  it('opens to anyone only the reviewed public routes', () => {
    const open = routes()
      .filter((r) => r.access === 'public')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(open).toEqual([...PUBLIC].sort());
  });

  it('never grants the everything-permission to a route', () => {
    for (const r of routes()) {
      if (typeof r.access === 'object') expect(r.access.permission, r.url).not.toBe(ALL_PERMISSIONS);
    }
  });
});

describe('a signed-in user without permissions', () => {
  it('is refused every guarded route with 403 and the envelope, before any input is read', async () => {
    const guarded = routes().filter((r) => typeof r.access === 'object');
    expect(guarded.length).toBeGreaterThan(30);
    for (const r of guarded) {
      const res = await t.inject({
        method: r.method as 'GET',
        url: fill(r.url),
        headers: bearer(nobody),
        ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json(), `${r.method} ${r.url}`).toEqual({ code: 403, msg: expect.any(String), data: null });
    }
  });

  it('is refused as a stranger everywhere a session is needed (401, never a 500)', async () => {
    for (const r of routes().filter((x) => x.access !== 'public')) {
      const res = await t.inject({ method: r.method as 'GET', url: fill(r.url) });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().code, `${r.method} ${r.url}`).toBe(50008);
    }
  });
});
