import { readFileSync } from 'node:fs';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';
import { departments, enterprises, menus, roleMenus, roles, userRoles, users } from '../schema/index.ts';
import { seed } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
});

async function counts() {
  const db = t.database.db;
  return {
    enterprises: (await db.select({ n: count() }).from(enterprises))[0]?.n,
    departments: (await db.select({ n: count() }).from(departments))[0]?.n,
    users: (await db.select({ n: count() }).from(users))[0]?.n,
    roles: (await db.select({ n: count() }).from(roles))[0]?.n,
    userRoles: (await db.select({ n: count() }).from(userRoles))[0]?.n,
    menus: (await db.select({ n: count() }).from(menus))[0]?.n,
    roleMenus: (await db.select({ n: count() }).from(roleMenus))[0]?.n,
  };
}

describe('migrations and seed', () => {
  it('migration 0020 takes Publish notices from a role without the notice permission, and only from it', async () => {
    const db = t.database.db;
    const menuId = async (name: string) => (await db.select().from(menus).where(eq(menus.name, name)))[0]!.id;
    const roleId = async (code: string) => (await db.select().from(roles).where(eq(roles.code, code)))[0]!.id;
    const page = await menuId('callPoliceNotification');
    const button = await menuId('btn:message:notice:write');
    // As an install seeded before it: the user role held the page; a custom role holds page and permission.
    const [editor] = await db.insert(roles).values({ code: 'editor', name: '编辑' }).returning({ id: roles.id });
    await db.insert(roleMenus).values([
      { roleId: await roleId('user'), menuId: page },
      { roleId: editor!.id, menuId: page },
      { roleId: editor!.id, menuId: button },
    ]);
    const file = new URL('../migrations/0020_notice_menu_grant.sql', import.meta.url);
    await db.execute(sql.raw(readFileSync(file, 'utf8')));
    const holders = await db
      .select({ code: roles.code })
      .from(roleMenus)
      .innerJoin(roles, eq(roles.id, roleMenus.roleId))
      .where(eq(roleMenus.menuId, page));
    expect(holders.map((h) => h.code).sort()).toEqual(['admin', 'editor']);
  });

  it('run twice without duplicating anything', async () => {
    const first = await counts();
    expect(first).toMatchObject({ enterprises: 1, departments: 10, users: 4, roles: 2, userRoles: 7 });
    await t.database.migrate();
    await seed(t.database.db, { demo: true });
    await seed(t.database.db, { demo: true });
    expect(await counts()).toEqual(first);
  });

  it('never puts back what an administrator changed', async () => {
    const db = t.database.db;
    await db.update(users).set({ displayName: '张伟（改）' }).where(eq(users.username, '13800000001'));
    await db.update(menus).set({ titleZh: '监测数据（改）' }).where(eq(menus.name, 'timeData'));
    const [userRole] = await db.select().from(roles).where(eq(roles.code, 'user'));
    const [water] = await db.select().from(menus).where(eq(menus.name, 'water'));
    await db.delete(roleMenus).where(and(eq(roleMenus.roleId, userRole!.id), eq(roleMenus.menuId, water!.id)));
    const [plain] = await db.select().from(users).where(eq(users.username, 'user'));
    await db.delete(userRoles).where(eq(userRoles.userId, plain!.id));
    await db.update(users).set({ passwordHash: 'changed' }).where(eq(users.username, 'user'));

    await seed(db, { demo: true });

    const [admin] = await db.select().from(users).where(eq(users.username, '13800000001'));
    expect(admin?.displayName).toBe('张伟（改）');
    const [timeData] = await db.select().from(menus).where(eq(menus.name, 'timeData'));
    expect(timeData?.titleZh).toBe('监测数据（改）');
    const grant = await db
      .select()
      .from(roleMenus)
      .where(and(eq(roleMenus.roleId, userRole!.id), eq(roleMenus.menuId, water!.id)));
    expect(grant).toHaveLength(0);
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, plain!.id))).toHaveLength(0);
    const [again] = await db.select().from(users).where(eq(users.username, 'user'));
    expect(again?.passwordHash).toBe('changed');
  });

  it('seeds roles and menus but no demo organisation or accounts with SEED_DEMO=false', async () => {
    await resetDatabase(t.database, { demo: false });
    expect(await counts()).toMatchObject({ enterprises: 0, departments: 0, users: 0, roles: 2 });
    expect((await counts()).menus).toBeGreaterThan(60);
  });

  it('does not bring back what an administrator deleted', async () => {
    const db = t.database.db;
    await db.delete(menus).where(eq(menus.name, 'arcoWebsite'));
    await db.delete(users).where(eq(users.username, '13800000003'));
    await seed(db, { demo: true });
    expect(await db.select().from(menus).where(eq(menus.name, 'arcoWebsite'))).toHaveLength(0);
    expect(await db.select().from(users).where(eq(users.username, '13800000003'))).toHaveLength(0);
  });
});
