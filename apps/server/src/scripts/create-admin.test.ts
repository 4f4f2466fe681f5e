import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operationLog } from '../db/schema/index.ts';
import { createTestApp, resetDatabase, type TestApp } from '../testing/build-app.ts';
import { createAdministrator } from './create-admin.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database, { demo: false });
});

describe('create-admin', () => {
  it('creates the first administrator of an installation without demo data, who can sign in as admin', async () => {
    const result = await createAdministrator(t.database.db, {
      username: 'ops-admin',
      phone: '13611112222',
      password: 'Strong123',
    });
    expect(result.ok).toBe(true);
    const token = await t.login('ops-admin', 'Strong123');
    const info = await t.inject({
      method: 'GET',
      url: '/api/v1/remote/users/role-info',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(info.json().data.role).toBe('admin');
    const logs = await t.database.db.select().from(operationLog).where(eq(operationLog.action, 'create-admin'));
    expect(logs).toHaveLength(1);
    expect(JSON.stringify(logs)).not.toContain('Strong123');
  });

  it('refuses a weak password, a bad phone and a taken name', async () => {
    expect(await createAdministrator(t.database.db, { username: 'a1', phone: '', password: 'short' })).toMatchObject({
      ok: false,
    });
    expect(
      await createAdministrator(t.database.db, { username: 'a1', phone: '123', password: 'Strong123' }),
    ).toMatchObject({ ok: false, error: expect.stringContaining('Phone') });
    await createAdministrator(t.database.db, { username: 'a1', phone: '', password: 'Strong123' });
    expect(
      await createAdministrator(t.database.db, { username: 'A1', phone: '', password: 'Strong123' }),
    ).toMatchObject({ ok: false, error: expect.stringContaining('taken') });
  });
});
