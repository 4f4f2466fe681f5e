import {
  type AdminMenu,
  accountApi,
  authApi,
  type MenuInput,
  type MenuNode,
  type RoleInput,
  rolesApi,
  usersApi,
} from '@water/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { departments, menus, operationLog, roles, userRoles, users } from '../../db/schema/index.ts';
import { createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';

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

const menuId = async (name: string) => (await t.database.db.select().from(menus).where(eq(menus.name, name)))[0]!.id;
const names = (tree: MenuNode[]): string[] => tree.flatMap((n) => [n.name, ...names(n.children)]);
const inspector = async (): Promise<RoleInput> => ({
  code: 'inspector',
  name: '巡检员',
  nameEn: 'Inspector',
  dataScope: 'custom',
  departmentIds: [(await t.database.db.select().from(departments).where(eq(departments.name, '管网巡检班')))[0]!.id],
  // a button only: its menu and directory come with it
  menuIds: [await menuId('btn:system:user:list')],
});

describe('roles', () => {
  it('creates a role with a button grant that brings its menu and directory, and a custom data scope', async () => {
    const created = (await call(rolesApi.create, { body: await inspector(), token: admin })).json();
    expect(created.code).toBe(200);
    const expected = [await menuId('uuuser'), await menuId('manager'), await menuId('btn:system:user:list')].sort(
      (a, b) => a - b,
    );
    expect(created.data.menuIds).toEqual(expected);
    expect(created.data.departmentIds).toHaveLength(1);
    const listed = (await call(rolesApi.list, { token: admin })).json().data;
    expect(listed.map((r: { code: string }) => r.code)).toContain('inspector');
    const options = (await call(rolesApi.options, { token: user, lang: 'en-US' })).json().data;
    expect(options).toContainEqual({ code: 'inspector', name: 'Inspector' });
  });

  it('gives holders the new menus at once: the menu tree follows a grant', async () => {
    const role = (await call(rolesApi.create, { body: await inspector(), token: admin })).json().data;
    const [wang] = await t.database.db.select().from(users).where(eq(users.username, 'user'));
    await t.database.db.insert(userRoles).values({ userId: wang!.id, roleId: role.id });
    const switched = await call(accountApi.switchRole, { body: { role: 'inspector' }, token: user });
    expect(switched.json().code).toBe(200);
    const tree = (await call(authApi.menusTree, { token: user })).json().data as MenuNode[];
    expect(names(tree)).toEqual(['uuuser', 'manager', 'btn:system:user:list']);
    expect((await call(usersApi.list, { token: user })).json().code).toBe(200);
    // the grant is taken away: the next call is refused, the tree is empty
    await call(rolesApi.update, {
      params: { id: role.id },
      body: { ...(await inspector()), menuIds: [] },
      token: admin,
    });
    expect((await call(usersApi.list, { token: user })).statusCode).toBe(403);
    expect((await call(authApi.menusTree, { token: user })).json().data).toEqual([]);
  });

  it('asks for confirmation before removing a role in use, naming its users', async () => {
    const role = (await call(rolesApi.create, { body: await inspector(), token: admin })).json().data;
    const [wang] = await t.database.db.select().from(users).where(eq(users.username, 'user'));
    await t.database.db.insert(userRoles).values({ userId: wang!.id, roleId: role.id });
    const refused = await call(rolesApi.remove, { params: { id: role.id }, token: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toContain('王明');
    expect(refused.json().data.users).toEqual([{ id: wang!.id, displayName: '王明', username: 'user' }]);
    expect(
      (await call(rolesApi.remove, { params: { id: role.id }, query: { confirm: 'true' }, token: admin })).json().code,
    ).toBe(200);
    expect(await t.database.db.select().from(roles).where(eq(roles.code, 'inspector'))).toHaveLength(0);
    const log = await t.database.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.module, 'roles'))
      .orderBy(operationLog.id);
    expect(log.map((l) => `${l.action}:${l.result}`)).toEqual(['create:success', 'delete:failure', 'delete:success']);
  });

  it('a write that fails half-way leaves no record and no success row, only the failure on record', async () => {
    // The role row is written before the grants are checked: the unknown menu rolls it back.
    const res = await call(rolesApi.create, { body: { ...(await inspector()), menuIds: [999999] }, token: admin });
    expect(res.statusCode).toBe(400);
    expect(await t.database.db.select().from(roles).where(eq(roles.code, 'inspector'))).toHaveLength(0);
    const log = await t.database.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.module, 'roles'))
      .orderBy(operationLog.id);
    expect(log.map((l) => l.result)).toEqual(['failure']);
    expect(log[0]?.after).toBeNull();
  });

  it('protects the built-in roles and validates input', async () => {
    const [adminRole] = await t.database.db.select().from(roles).where(eq(roles.code, 'admin'));
    expect(
      (await call(rolesApi.remove, { params: { id: adminRole!.id }, query: { confirm: 'true' }, token: admin }))
        .statusCode,
    ).toBe(400);
    const body: RoleInput = { code: 'admin', name: '管理员', dataScope: 'all', status: 'disabled', menuIds: [] };
    expect((await call(rolesApi.update, { params: { id: adminRole!.id }, body, token: admin })).statusCode).toBe(400);
    expect(
      (await call(rolesApi.update, { params: { id: adminRole!.id }, body: { ...body, code: 'root' }, token: admin }))
        .statusCode,
    ).toBe(400);
    const base = await inspector();
    const bads: RoleInput[] = [
      { ...base, code: 'Bad Code' },
      { ...base, dataScope: 'custom', departmentIds: [] },
      { ...base, dataScope: 'planet' as never },
      { ...base, name: '' },
    ];
    for (const bad of bads) {
      expect((await call(rolesApi.create, { body: bad, token: admin })).statusCode).toBe(400);
    }
    expect((await call(rolesApi.create, { body: { ...base, menuIds: [999999] }, token: admin })).statusCode).toBe(400);
    expect((await call(rolesApi.create, { body: { ...base, code: 'user' }, token: admin })).statusCode).toBe(409);
    expect((await call(rolesApi.create, { body: base, token: user })).statusCode).toBe(403);
  });
});

describe('role grants by a role manager outside the admin role (grants.ts)', () => {
  /** 王明's role "user" manages roles; it holds the operators' menus, none of system administration. */
  async function roleManager() {
    await t.grant('user', 'system:role:write');
    await t.grant('user', 'system:role:list');
  }
  const body = async (menuIds: number[]): Promise<RoleInput> => ({
    code: 'shift',
    name: '值班',
    nameEn: 'Shift',
    dataScope: 'self',
    menuIds,
  });

  it('grants only what the manager holds, never edits a role they hold or the admin role; an administrator can', async () => {
    await roleManager();
    const held = await menuId('realTimeData');
    const notHeld = await menuId('btn:system:user:list');
    const refused = await call(rolesApi.create, { body: await body([held, notHeld]), token: user, lang: 'en-US' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 403,
      msg: 'You cannot grant menus or permissions you do not hold yourself',
      data: null,
    });
    expect(await t.database.db.select().from(roles).where(eq(roles.code, 'shift'))).toHaveLength(0);
    const created = (await call(rolesApi.create, { body: await body([held]), token: user })).json();
    expect(created.code).toBe(200);
    const id = created.data.id as number;
    // adding a grant beyond his own: refused; taking grants away: allowed
    expect(
      (await call(rolesApi.update, { params: { id }, body: await body([held, notHeld]), token: user })).statusCode,
    ).toBe(403);
    expect((await call(rolesApi.update, { params: { id }, body: await body([]), token: user })).json().code).toBe(200);
    // the role he holds himself, and the admin role, are out of his reach
    const [userRole] = await t.database.db.select().from(roles).where(eq(roles.code, 'user'));
    const own = await call(rolesApi.update, {
      params: { id: userRole!.id },
      body: {
        code: 'user',
        name: '普通用户',
        dataScope: 'all',
        menuIds: [held],
      },
      token: user,
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().msg).toBe('不能修改您自己持有的角色');
    const [adminRole] = await t.database.db.select().from(roles).where(eq(roles.code, 'admin'));
    const adminBody: RoleInput = { code: 'admin', name: '管理员', dataScope: 'all', menuIds: [] };
    expect(
      (await call(rolesApi.update, { params: { id: adminRole!.id }, body: adminBody, token: user })).statusCode,
    ).toBe(403);
    const [still] = await t.database.db.select().from(roles).where(eq(roles.id, userRole!.id));
    expect(still?.dataScope).toBe('dept_and_below');
    // nor a data reach beyond his own (his department and below: 泵站运维班)
    const wide = await call(rolesApi.create, {
      body: { ...(await body([held])), code: 'wide', dataScope: 'all' },
      token: user,
      lang: 'en-US',
    });
    expect(wide.statusCode).toBe(403);
    expect(wide.json().msg).toBe('You cannot give a role a data scope wider than your own');
    const dept = async (name: string) =>
      (await t.database.db.select().from(departments).where(eq(departments.name, name)))[0]!.id;
    const chosen = (departmentIds: number[]) => ({ dataScope: 'custom' as const, departmentIds });
    const base = await body([held]);
    expect(
      (
        await call(rolesApi.update, {
          params: { id },
          body: { ...base, ...chosen([await dept('管网巡检班')]) },
          token: user,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(rolesApi.update, {
          params: { id },
          body: { ...base, ...chosen([await dept('泵站运维班')]) },
          token: user,
        })
      ).json().code,
    ).toBe(200);
    // an administrator grants anything
    expect(
      (await call(rolesApi.update, { params: { id }, body: await body([held, notHeld]), token: admin })).json().code,
    ).toBe(200);
    // once he holds the new role too, he can neither edit nor remove it
    const [wang] = await t.database.db.select().from(users).where(eq(users.username, 'user'));
    await t.database.db.insert(userRoles).values({ userId: wang!.id, roleId: id });
    expect((await call(rolesApi.update, { params: { id }, body: await body([held]), token: user })).statusCode).toBe(
      403,
    );
    expect((await call(rolesApi.remove, { params: { id }, query: { confirm: 'true' }, token: user })).statusCode).toBe(
      403,
    );
    expect(
      (await call(rolesApi.remove, { params: { id }, query: { confirm: 'true' }, token: admin })).json().code,
    ).toBe(200);
  });
});

describe('menus', () => {
  const flat = (tree: AdminMenu[]): AdminMenu[] => tree.flatMap((n) => [n, ...flat(n.children)]);
  const entry = async (): Promise<MenuInput> => ({
    parentId: await menuId('sys'),
    type: 'menu',
    path: 'backupManager',
    name: 'backupManager',
    titleZh: '备份管理',
    titleEn: 'Backups',
    icon: 'icon-storage',
    orderNum: 9,
  });

  it('adds, edits and removes entries; the change shows in the menu tree users receive', async () => {
    const created = (await call(rolesApi.createMenu, { body: await entry(), token: admin })).json();
    expect(created.code).toBe(200);
    const tree = (await call(rolesApi.menus, { token: admin })).json().data as AdminMenu[];
    expect(flat(tree).find((m) => m.name === 'backupManager')?.parentId).toBe(await menuId('sys'));
    // granted to the admin role: its holders see it
    const [adminRole] = await t.database.db.select().from(roles).where(eq(roles.code, 'admin'));
    const role = (await call(rolesApi.get, { params: { id: adminRole!.id }, token: admin })).json().data;
    await call(rolesApi.update, {
      params: { id: adminRole!.id },
      body: {
        code: 'admin',
        name: role.name,
        nameEn: role.nameEn,
        dataScope: 'all',
        menuIds: [...role.menuIds, created.data.id],
      },
      token: admin,
    });
    expect(names((await call(authApi.menusTree, { token: admin })).json().data)).toContain('backupManager');
    // the server menu (menuFromServer) follows too
    const serverMenu = async () => names((await call(authApi.serverMenu, { token: admin })).json().data);
    expect(await serverMenu()).toContain('backupManager');
    const hidden = await call(rolesApi.updateMenu, {
      params: { id: created.data.id },
      body: {
        ...(await entry()),
        status: 'disabled',
      },
      token: admin,
    });
    expect(hidden.json().data.status).toBe('disabled');
    expect(names((await call(authApi.menusTree, { token: admin })).json().data)).not.toContain('backupManager');
    expect(await serverMenu()).not.toContain('backupManager');
    expect(await serverMenu()).toContain('menuManager');
    expect((await call(rolesApi.removeMenu, { params: { id: created.data.id }, token: admin })).json().code).toBe(200);
  });

  it('refuses a bad placement, a move under itself, a duplicate name, a button without permission, a parent with children', async () => {
    const sys = await menuId('sys');
    const base = await entry();
    expect((await call(rolesApi.createMenu, { body: { ...base, name: 'menuManager' }, token: admin })).statusCode).toBe(
      409,
    );
    expect(
      (
        await call(rolesApi.createMenu, {
          body: { ...base, type: 'button', name: 'btn:x', permission: '' },
          token: admin,
        })
      ).statusCode,
    ).toBe(400);
    const manager = await menuId('menuManager');
    expect(
      (await call(rolesApi.createMenu, { body: { ...base, type: 'menu', parentId: manager, name: 'x' }, token: admin }))
        .statusCode,
    ).toBe(400);
    const sysEntry = flat((await call(rolesApi.menus, { token: admin })).json().data).find((m) => m.id === sys)!;
    // the entry as edited: without its id and children
    const { id: _id, children: _children, ...fields } = sysEntry;
    const moved = await call(rolesApi.updateMenu, {
      params: { id: sys },
      body: { ...fields, parentId: null, type: 'directory' },
      token: admin,
    });
    expect(moved.statusCode).toBe(200);
    const removeParent = await call(rolesApi.removeMenu, { params: { id: sys }, token: admin });
    expect(removeParent.statusCode).toBe(409);
    expect((await call(rolesApi.createMenu, { body: base, token: user })).statusCode).toBe(403);
  });
});
