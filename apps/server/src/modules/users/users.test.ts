import { accountApi, authApi, noticesApi, organizationApi, ROLE_ADMIN, usersApi } from '@water/contracts';
import { and, eq } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import {
  departmentMembers,
  departments,
  menus,
  operationLog,
  roleDepartments,
  roleMenus,
  roles,
  userRoles,
  users,
} from '../../db/schema/index.ts';
import { cappedCount } from '../../lib/capped-count.ts';
import { bearer, createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';
import { multipart } from '../../testing/multipart.ts';
import { temporaryPassword } from './users.service.ts';

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

async function deptId(name: string) {
  const [d] = await t.database.db.select().from(departments).where(eq(departments.name, name));
  return d!.id;
}
const newUser = async () => ({
  username: 'sunli',
  displayName: '孙立',
  phone: '13712345678',
  email: 'sunli@example.com',
  departmentId: await deptId('管网巡检班'),
  roleCodes: ['user'],
});

describe('user management', () => {
  it('searches, filters by department and below, role and status, sorts and paginates', async () => {
    const all = (await call(usersApi.list, { query: { pageSize: 100 }, token: admin })).json().data;
    expect(all.total).toBeGreaterThanOrEqual(4);
    const byName = (await call(usersApi.list, { query: { keyword: '王' }, token: admin })).json().data;
    expect(byName.list.map((u: { username: string }) => u.username)).toEqual(['user']);
    const drainage = await deptId('排水管理部');
    const below = (
      await call(usersApi.list, { query: { departmentId: drainage, withChildren: 'true' }, token: admin })
    ).json().data;
    expect(below.list.map((u: { displayName: string }) => u.displayName)).toEqual(['王明']);
    const admins = (await call(usersApi.list, { query: { roleCode: 'admin', pageSize: 100 }, token: admin })).json()
      .data;
    expect(admins.list.every((u: { roles: { code: string }[] }) => u.roles.some((r) => r.code === 'admin'))).toBe(true);
    const sorted = (
      await call(usersApi.list, { query: { sort: 'username', order: 'asc', pageSize: 2, page: 1 }, token: admin })
    ).json().data;
    expect(sorted.list).toHaveLength(2);
    expect(sorted.list[0].username <= sorted.list[1].username).toBe(true);
    // by address: a sort field the contract's types do not offer
    expect((await call('GET', '/api/system/users?sort=password', admin)).statusCode).toBe(400);
  });

  it('creates a user with a temporary password that must be changed, and logs it without the password', async () => {
    const res = (await call(usersApi.create, { body: await newUser(), token: admin })).json();
    expect(res.code).toBe(200);
    expect(res.data.user).toMatchObject({
      username: 'sunli',
      departmentName: '管网巡检班',
      enterpriseName: '岚川市水务集团有限公司',
      mustChangePassword: true,
      roles: [{ code: 'user', name: '普通用户' }],
    });
    const password = res.data.temporaryPassword as string;
    expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{12}$/);
    const token = await t.login('sunli', password);
    const info = (await call(authApi.roleInfo, { token })).json().data;
    expect(info.userInfos.mustChangePassword).toBe(true);
    const [log] = await t.database.db.select().from(operationLog).where(eq(operationLog.module, 'users'));
    expect(JSON.stringify(log)).not.toContain(password);
    // the member list knows the new user's main department
    const members = (await call(organizationApi.members, { query: { keyword: '孙立' }, token: admin })).json().data
      .list;
    expect(members).toEqual([expect.objectContaining({ departmentName: '管网巡检班', isMain: true })]);
  });

  it('refuses bad input: phone, email, no role, unknown role or department, a taken username or phone', async () => {
    const base = await newUser();
    for (const body of [
      { ...base, phone: '12345' },
      { ...base, email: 'nope' },
      { ...base, roleCodes: [] },
      { ...base, username: 'a' },
    ]) {
      expect((await call(usersApi.create, { body, token: admin })).statusCode).toBe(400);
    }
    expect((await call(usersApi.create, { body: { ...base, roleCodes: ['wizard'] }, token: admin })).statusCode).toBe(
      400,
    );
    expect((await call(usersApi.create, { body: { ...base, departmentId: 99999 }, token: admin })).statusCode).toBe(
      400,
    );
    expect((await call(usersApi.create, { body: { ...base, username: 'USER' }, token: admin })).statusCode).toBe(409);
    expect((await call(usersApi.create, { body: { ...base, phone: '13900000004' }, token: admin })).statusCode).toBe(
      409,
    );
    expect(await t.database.db.select().from(users).where(eq(users.username, 'sunli'))).toHaveLength(0);
  });

  it('disables and enables (disabling ends sessions), and resets a password to a temporary one', async () => {
    const [wang] = await t.database.db.select().from(users).where(eq(users.username, 'user'));
    const off = (
      await call(usersApi.setStatus, { params: { id: wang!.id }, body: { status: 'disabled' }, token: admin })
    ).json();
    expect(off.data.status).toBe('disabled');
    expect((await call(authApi.roleInfo, { token: user })).json().code).toBe(50008);
    await call(usersApi.setStatus, { params: { id: wang!.id }, body: { status: 'enabled' }, token: admin });
    const reset = (await call(usersApi.resetPassword, { params: { id: wang!.id }, token: admin })).json().data;
    await expect(t.login('user', 'User@2026')).rejects.toThrow();
    const token = await t.login('user', reset.temporaryPassword);
    expect((await call(authApi.roleInfo, { token })).json().data.userInfos.mustChangePassword).toBe(true);
  });

  it('never leaves the product without an enabled administrator', async () => {
    // only one administrator left: the others lose the role
    const adminRole = (await t.database.db.select().from(roles).where(eq(roles.code, ROLE_ADMIN)))[0]!;
    const [me] = await t.database.db.select().from(users).where(eq(users.username, '13800000001'));
    const holders = await t.database.db.select().from(userRoles).where(eq(userRoles.roleId, adminRole.id));
    for (const h of holders) {
      if (h.userId !== me!.id) await t.database.db.delete(userRoles).where(eq(userRoles.userId, h.userId));
    }
    await t.database.db.update(roles).set({ dataScope: 'all' }).where(eq(roles.code, 'user'));
    const other = await t.login('user', 'User@2026');
    await t.grant('user', 'system:user:write');
    await t.grant('user', 'system:user:list');
    const current = (await call(usersApi.get, { params: { id: me!.id }, token: admin })).json().data;
    const body = {
      username: current.username,
      displayName: current.displayName,
      phone: current.phone ?? '',
      email: current.email,
      departmentId: current.departmentId,
    };
    const demote = await call(usersApi.update, {
      params: { id: me!.id },
      body: { ...body, roleCodes: ['user'] },
      token: admin,
      lang: 'en-US',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().msg).toContain('last enabled administrator');
    // A user manager outside the admin role may not touch an administrator at all.
    expect(
      (await call(usersApi.setStatus, { params: { id: me!.id }, body: { status: 'disabled' }, token: other }))
        .statusCode,
    ).toBe(403);
    expect((await call(usersApi.remove, { params: { id: me!.id }, token: other })).statusCode).toBe(403);
    expect((await call(usersApi.remove, { params: { id: me!.id }, token: admin })).statusCode).toBe(400);
    const [still] = await t.database.db.select().from(users).where(eq(users.id, me!.id));
    expect(still?.status).toBe('enabled');
  });

  it('keeps the list, details and export to the data scope of the caller', async () => {
    await t.database.db.update(roles).set({ dataScope: 'dept_and_below' }).where(eq(roles.code, 'user'));
    await t.grant('user', 'system:user:list');
    const listed = (await call(usersApi.list, { query: { pageSize: 100 }, token: user })).json().data.list;
    expect(listed.map((u: { username: string }) => u.username)).toEqual(['user']);
    const [zhang] = await t.database.db.select().from(users).where(eq(users.username, '13800000001'));
    expect((await call(usersApi.get, { params: { id: zhang!.id }, token: user })).statusCode).toBe(404);
    const file = await call(usersApi.exportXlsx, { token: user });
    const rows = await readSheet(file.rawPayload);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['user']);
  });

  it('exports the filtered list as a real workbook in the caller language', async () => {
    const file = await call(usersApi.exportXlsx, { query: { status: 'enabled' }, token: admin, lang: 'en-US' });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toContain('users.xlsx');
    const rows = await readSheet(file.rawPayload);
    expect(rows[0]?.slice(0, 3)).toEqual(['Username', 'Name', 'Phone']);
    expect(rows.length).toBeGreaterThan(4);
  });

  it('imports good rows and reports bad ones row by row, writing nothing of a bad row', async () => {
    const sheet = await writeExcelFile([
      ['用户名', '姓名', '手机号', '邮箱', '部门名称', '角色编码'],
      ['zhaolei', '赵雷', '13711110001', '', '泵站运维班', 'user'],
      ['qianfang', '钱芳', '12345', '', '泵站运维班', 'user'],
      ['sunqi', '孙琪', '13711110003', 'sunqi@example.com', '不存在的部门', 'user'],
      ['user', '重名', '13711110004', '', '', 'user'],
      ['zhouyu', '周瑜', '13711110005', '', '信息中心', 'wizard'],
      ['zhaolei', '赵雷二', '13711110006', '', '', 'user'],
      ['wuhao', '吴昊', '', '', '', 'user,admin'],
    ]).toBuffer();
    const upload = multipart(sheet, 'users.xlsx', 'application/octet-stream');
    const res = await t.inject({
      method: 'POST',
      url: '/api/system/users/import',
      headers: { ...bearer(admin), ...upload.headers },
      payload: upload.payload,
    });
    const report = res.json().data;
    expect(report.created).toBe(2);
    expect(report.passwords.map((p: { username: string }) => p.username)).toEqual(['zhaolei', 'wuhao']);
    expect(report.failed.map((f: { row: number }) => f.row)).toEqual([3, 4, 5, 6, 7]);
    expect(report.failed[0].errors[0]).toContain('手机号');
    expect(report.failed[1].errors[0]).toContain('不存在的部门');
    expect(report.failed[2].errors[0]).toBe('用户名或手机号已被使用');
    const written = await t.database.db.select({ username: users.username }).from(users);
    expect(written.map((u) => u.username)).not.toContain('qianfang');
    expect(written.map((u) => u.username)).not.toContain('zhouyu');
  });

  it('refuses a file that is neither a workbook nor a CSV table, and plain users', async () => {
    const upload = multipart('username,name\nx,y', 'users.xlsx', 'text/csv');
    const res = await t.inject({
      method: 'POST',
      url: '/api/system/users/import',
      headers: { ...bearer(admin), ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(400);
    expect((await call(usersApi.list, { token: user })).statusCode).toBe(403);
    expect((await call(usersApi.create, { body: await newUser(), token: user })).statusCode).toBe(403);
  });

  it('makes temporary passwords that pass the password rule', () => {
    for (let i = 0; i < 50; i++) expect(temporaryPassword()).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{12}$/);
  });
});

describe('a temporary password', () => {
  it('lets the user do nothing but change it; after that, everything their role allows', async () => {
    const created = (await call(usersApi.create, { body: await newUser(), token: admin })).json().data;
    const token = await t.login('sunli', created.temporaryPassword);
    expect((await call(authApi.roleInfo, { token })).json().code).toBe(200);
    expect((await call(authApi.menusTree, { token })).json().code).toBe(200);
    const refused = await call(noticesApi.announcements, { token, lang: 'en-US' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      msg: 'You signed in with a temporary password: change it first',
      data: { mustChangePassword: true },
    });
    const changed = await call(accountApi.changePassword, {
      body: {
        oldPassword: created.temporaryPassword,
        newPassword: 'Sunli@2026x',
      },
      token,
    });
    expect(changed.json().code).toBe(200);
    expect((await call(noticesApi.announcements, { token })).json().code).toBe(200);
  });
});

describe('counting a long list', () => {
  it('stops at the cap and says so', async () => {
    expect(await cappedCount(t.database.db, users, undefined, 2)).toEqual({ total: 2, capped: true });
    const all = (await t.database.db.select().from(users)).length;
    expect(await cappedCount(t.database.db, users, undefined, 1000)).toEqual({ total: all, capped: false });
    const list = (await call(usersApi.list, { token: admin })).json().data;
    expect(list).toMatchObject({ total: all, capped: false });
  });
});

describe('the last administrator, under concurrent writes', () => {
  const enabledAdmins = async () => {
    const rows = await t.database.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(roles.code, ROLE_ADMIN), eq(users.status, 'enabled')));
    return rows.length;
  };
  const bodyOf = async (id: number, token: string) => {
    const u = (await call(usersApi.get, { params: { id: id }, token })).json().data;
    return {
      username: u.username,
      displayName: u.displayName,
      phone: u.phone ?? '',
      email: u.email,
      departmentId: u.departmentId,
      roleCodes: ['user'],
    };
  };

  // Two administrators, each removing the other at the same moment. Without the lock both counts see
  // the other one still enabled and both writes pass (on PostgreSQL; PGlite runs one transaction at a
  // time anyway).
  it.each(['disable', 'demote', 'remove'] as const)(
    'two administrators who %s each other: exactly one wins',
    async (kind) => {
      const [adminRole] = await t.database.db.select().from(roles).where(eq(roles.code, ROLE_ADMIN));
      const [a] = await t.database.db.select().from(users).where(eq(users.username, '13800000001'));
      const [b] = await t.database.db.select().from(users).where(eq(users.username, '13800000002'));
      const [c] = await t.database.db.select().from(users).where(eq(users.username, '13800000003'));
      await t.database.db
        .delete(userRoles)
        .where(and(eq(userRoles.userId, c!.id), eq(userRoles.roleId, adminRole!.id)));
      const tokenB = await t.login('13800000002', 'Admin@2026');
      expect(await enabledAdmins()).toBe(2);
      const [bodyA, bodyB] = [await bodyOf(a!.id, admin), await bodyOf(b!.id, admin)];
      const hit = (token: string, target: number, body: typeof bodyA) =>
        kind === 'disable'
          ? call(usersApi.setStatus, { params: { id: target }, body: { status: 'disabled' }, token })
          : kind === 'demote'
            ? call(usersApi.update, { params: { id: target }, body, token })
            : call(usersApi.remove, { params: { id: target }, token });
      const results = await Promise.all([hit(admin, b!.id, bodyB), hit(tokenB, a!.id, bodyA)]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(
        codes.filter((c) => c === 200),
        codes.join(),
      ).toHaveLength(1);
      // The loser is refused by the count (409), or, if it came in after the winner committed, by its
      // ended session (401).
      expect([401, 409]).toContain(codes.find((c) => c !== 200));
      expect(await enabledAdmins()).toBe(1);
    },
  );
});

describe('who may hand out what (modules/roles/grants.ts)', () => {
  /** 王明 manages users (his role, "user", is not the admin role), across all departments. */
  async function userManager() {
    await t.database.db.update(roles).set({ dataScope: 'all' }).where(eq(roles.code, 'user'));
    await t.grant('user', 'system:user:write');
    await t.grant('user', 'system:user:list');
  }
  const importSheet = async (token: string, rows: string[][]) => {
    const sheet = await writeExcelFile([
      ['用户名', '姓名', '手机号', '邮箱', '部门名称', '角色编码'],
      ...rows,
    ]).toBuffer();
    const upload = multipart(sheet, 'users.xlsx', 'application/octet-stream');
    return t.inject({
      method: 'POST',
      url: '/api/system/users/import',
      headers: { ...bearer(token), ...upload.headers, 'accept-language': 'en-US' },
      payload: upload.payload,
    });
  };

  it('lets only an administrator assign the admin role: create, edit and import', async () => {
    await userManager();
    const base = await newUser();
    const refused = await call(usersApi.create, {
      body: { ...base, roleCodes: ['user', 'admin'] },
      token: user,
      lang: 'en-US',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 403,
      msg: 'You cannot assign the role "Administrator": it grants more than you hold',
      data: null,
    });
    expect(await t.database.db.select().from(users).where(eq(users.username, 'sunli'))).toHaveLength(0);
    // what he holds himself he may hand out
    const created = (await call(usersApi.create, { body: base, token: user })).json();
    expect(created.code).toBe(200);
    const id = created.data.user.id as number;
    const promote = await call(usersApi.update, {
      params: { id: id },
      body: { ...base, roleCodes: ['admin'] },
      token: user,
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().msg).toBe('不能分配角色“管理员”：它含有您自己没有的权限');
    const report = (
      await importSheet(user, [
        ['zhaolei', '赵雷', '13711110001', '', '泵站运维班', 'user'],
        ['wuhao', '吴昊', '13711110002', '', '泵站运维班', 'user,admin'],
        ['qianfang', '钱芳', '13711110003', '', '', 'user'],
      ])
    ).json().data;
    expect(report.passwords.map((p: { username: string }) => p.username)).toEqual(['zhaolei', 'qianfang']);
    expect(report.failed).toEqual([
      {
        row: 3,
        username: 'wuhao',
        errors: ['You cannot assign the role "Administrator": it grants more than you hold'],
      },
    ]);
    expect(await t.database.db.select().from(users).where(eq(users.username, 'wuhao'))).toHaveLength(0);
    // an administrator may
    expect(
      (await call(usersApi.update, { params: { id: id }, body: { ...base, roleCodes: ['admin'] }, token: admin }))
        .statusCode,
    ).toBe(200);
    expect(
      (await importSheet(admin, [['wuhao', '吴昊', '13711110002', '', '', 'user,admin']])).json().data.created,
    ).toBe(1);
  });

  it('refuses a role that grants more than the caller holds, and a user who holds one', async () => {
    await userManager();
    // A role with a button the "user" role lacks (role management).
    const [button] = await t.database.db.select().from(menus).where(eq(menus.permission, 'system:role:write'));
    const [ops] = await t.database.db
      .insert(roles)
      .values({ code: 'opsmanager', name: '运维主管', nameEn: 'Ops manager', dataScope: 'all' })
      .returning();
    await t.database.db.insert(roleMenus).values({ roleId: ops!.id, menuId: button!.id });
    const base = await newUser();
    const refused = await call(usersApi.create, {
      body: { ...base, roleCodes: ['opsmanager'] },
      token: user,
      lang: 'en-US',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toContain('Ops manager');
    // nor may he reset the password of, edit, disable or remove an administrator
    const [zhang] = await t.database.db.select().from(users).where(eq(users.username, '13800000002'));
    const reset = await call(usersApi.resetPassword, { params: { id: zhang!.id }, token: user, lang: 'en-US' });
    expect(reset.statusCode).toBe(403);
    expect(reset.json()).toEqual({
      code: 403,
      msg: 'You cannot manage this user: their roles grant more than you hold',
      data: null,
    });
    const current = (await call(usersApi.get, { params: { id: zhang!.id }, token: user })).json().data;
    const edit = await call(usersApi.update, {
      params: { id: zhang!.id },
      body: {
        username: current.username,
        displayName: '改名',
        phone: current.phone,
        email: current.email,
        departmentId: current.departmentId,
        roleCodes: ['user'],
      },
      token: user,
    });
    expect(edit.statusCode).toBe(403);
    expect(
      (await call(usersApi.setStatus, { params: { id: zhang!.id }, body: { status: 'disabled' }, token: user }))
        .statusCode,
    ).toBe(403);
    expect((await call(usersApi.remove, { params: { id: zhang!.id }, token: user })).statusCode).toBe(403);
    const [still] = await t.database.db.select().from(users).where(eq(users.id, zhang!.id));
    expect(still).toMatchObject({ displayName: '李强', status: 'enabled', mustChangePassword: false });
    // the administrator may do all of it
    expect(
      (await call(usersApi.create, { body: { ...base, roleCodes: ['opsmanager'] }, token: admin })).statusCode,
    ).toBe(200);
  });
});

describe('departments a user may be placed in: the caller data scope', () => {
  // 王明 is in 泵站运维班, under 排水管理部; 管网巡检班 is its sibling.
  async function scopedManager() {
    await t.database.db.update(roles).set({ dataScope: 'dept_and_below' }).where(eq(roles.code, 'user'));
    await t.grant('user', 'system:user:write');
    await t.grant('user', 'system:user:list');
  }

  it('refuses create and edit into a department outside it (or none), and reports such import rows', async () => {
    await scopedManager();
    const base = await newUser();
    const outside = await call(usersApi.create, { body: base, token: user, lang: 'en-US' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ code: 403, msg: 'That department is outside your data scope', data: null });
    expect((await call(usersApi.create, { body: { ...base, departmentId: null }, token: user })).statusCode).toBe(403);
    const inside = await call(usersApi.create, {
      body: { ...base, departmentId: await deptId('泵站运维班') },
      token: user,
    });
    expect(inside.statusCode).toBe(200);
    const id = inside.json().data.user.id as number;
    const moved = await call(usersApi.update, { params: { id: id }, body: base, token: user });
    expect(moved.statusCode).toBe(403);
    // a role that sees every department is beyond him too, though it grants no menu
    await t.database.db.insert(roles).values({ code: 'everywhere', name: '全局查看', dataScope: 'all' });
    const wide = await call(usersApi.update, {
      params: { id: id },
      body: {
        ...base,
        departmentId: await deptId('泵站运维班'),
        roleCodes: ['user', 'everywhere'],
      },
      token: user,
    });
    expect(wide.statusCode).toBe(403);
    expect(wide.json().msg).toBe('不能分配角色“全局查看”：它含有您自己没有的权限');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row?.departmentId).toBe(await deptId('泵站运维班'));
    // an edit that keeps the department is no placing
    const renamed = await call(usersApi.update, {
      params: { id: id },
      body: {
        ...base,
        displayName: '孙立新',
        departmentId: await deptId('泵站运维班'),
      },
      token: user,
    });
    expect(renamed.json().data.displayName).toBe('孙立新');

    const sheet = await writeExcelFile([
      ['用户名', '姓名', '手机号', '邮箱', '部门名称', '角色编码'],
      ['zhaolei', '赵雷', '13711110001', '', '泵站运维班', 'user'],
      ['qianfang', '钱芳', '13711110002', '', '管网巡检班', 'user'],
    ]).toBuffer();
    const upload = multipart(sheet, 'users.xlsx', 'application/octet-stream');
    const report = (
      await t.inject({
        method: 'POST',
        url: '/api/system/users/import',
        headers: { ...bearer(user), ...upload.headers },
        payload: upload.payload,
      })
    ).json().data;
    expect(report.created).toBe(1);
    expect(report.failed).toEqual([
      { row: 3, username: 'qianfang', errors: ['部门“管网巡检班”不在您的数据权限范围内'] },
    ]);
    expect(await t.database.db.select().from(users).where(eq(users.username, 'qianfang'))).toHaveLength(0);
    // all-scoped administrators place users anywhere
    expect(
      (await call(usersApi.create, { body: { ...base, username: 'sunli2', phone: '' }, token: admin })).statusCode,
    ).toBe(200);
  });

  it('keeps the list, details and export to the chosen departments of a custom scope', async () => {
    const [userRole] = await t.database.db.select().from(roles).where(eq(roles.code, 'user'));
    await t.database.db.update(roles).set({ dataScope: 'custom' }).where(eq(roles.id, userRole!.id));
    await t.database.db.insert(roleDepartments).values([
      { roleId: userRole!.id, departmentId: await deptId('调度中心') },
      { roleId: userRole!.id, departmentId: await deptId('信息中心') },
    ]);
    await t.grant('user', 'system:user:list');
    // 张伟 (调度中心) and 周杰 (信息中心); not 李强 (供水管理部), nor 王明 himself (泵站运维班)
    const seen = ['13800000001', '13800000003'];
    const listed = (await call(usersApi.list, { query: { pageSize: 100 }, token: user })).json().data;
    expect(listed.list.map((u: { username: string }) => u.username).sort()).toEqual(seen);
    expect(listed.total).toBe(2);
    const byId = async (username: string) =>
      (await t.database.db.select().from(users).where(eq(users.username, username)))[0]!.id;
    expect((await call(usersApi.get, { params: { id: await byId('13800000001') }, token: user })).statusCode).toBe(200);
    expect((await call(usersApi.get, { params: { id: await byId('13800000002') }, token: user })).statusCode).toBe(404);
    expect((await call(usersApi.get, { params: { id: await byId('user') }, token: user })).statusCode).toBe(404);
    const file = await call(usersApi.exportXlsx, { token: user });
    const rows = await readSheet(file.rawPayload);
    expect(
      rows
        .slice(1)
        .map((r) => String(r[0]))
        .sort(),
    ).toEqual(seen);
    // a member of a chosen department through a second membership counts too
    await t.database.db
      .insert(departmentMembers)
      .values({ userId: await byId('13800000002'), departmentId: await deptId('信息中心'), isMain: false });
    const again = (await call(usersApi.list, { query: { pageSize: 100 }, token: user })).json().data;
    expect(again.list.map((u: { username: string }) => u.username).sort()).toEqual([...seen, '13800000002'].sort());
  });
});
