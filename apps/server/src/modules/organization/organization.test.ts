import { creditCodeCheckChar, type DepartmentNode } from '@water/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { departments, operationLog, roles, users } from '../../db/schema/index.ts';
import { bearer, createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';

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

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: unknown,
  lang?: string,
) =>
  t.inject({
    method,
    url,
    headers: { ...bearer(token), ...(lang ? { 'accept-language': lang } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const code = (first17: string) => first17 + creditCodeCheckChar(first17);
const contractor = {
  name: '岚川市政工程有限公司',
  creditCode: code('91330781MA2LD9QX1'),
  type: 'contractor',
  contact: '孙立',
  phone: '0579-88112233',
  address: '岚川市工业园区 6 号',
};

function find(tree: DepartmentNode[], name: string): DepartmentNode | undefined {
  for (const node of tree) {
    if (node.name === name) return node;
    const hit = find(node.children, name);
    if (hit) return hit;
  }
  return undefined;
}
const tree = async () => (await call('GET', '/api/departments/tree', user)).json().data as DepartmentNode[];

describe('enterprises', () => {
  it('adds, lists, edits and removes an enterprise, each write logged', async () => {
    const created = (await call('POST', '/api/enterprises', admin, contractor)).json();
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({ ...contractor, status: 'enabled', departments: 0, users: 0 });
    const listed = (await call('GET', '/api/enterprises?keyword=市政', admin)).json().data;
    expect(listed.list.map((e: { name: string }) => e.name)).toEqual([contractor.name]);
    const edited = (
      await call('PUT', `/api/enterprises/${created.data.id}`, admin, { ...contractor, status: 'disabled' })
    ).json().data;
    expect(edited.status).toBe('disabled');
    expect((await call('DELETE', `/api/enterprises/${created.data.id}`, admin)).json().code).toBe(200);
    const logs = await t.database.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.module, 'organization'))
      .orderBy(operationLog.id);
    expect(logs.map((l) => l.action)).toEqual(['enterprise.create', 'enterprise.update', 'enterprise.delete']);
    expect(logs[1]?.before).toMatchObject({ status: 'enabled' });
    expect(logs[1]?.after).toMatchObject({ status: 'disabled' });
  });

  it('checks the credit code: length, check character, lower case accepted, duplicates refused', async () => {
    const wrongCheck = contractor.creditCode.slice(0, 17) + (contractor.creditCode[17] === '0' ? '1' : '0');
    for (const creditCode of ['123', wrongCheck, `${contractor.creditCode}X`]) {
      const res = await call('POST', '/api/enterprises', admin, { ...contractor, creditCode }, 'en-US');
      expect(res.statusCode, creditCode).toBe(400);
      expect(res.json().msg).toContain('check character');
    }
    const lower = await call('POST', '/api/enterprises', admin, {
      ...contractor,
      creditCode: contractor.creditCode.toLowerCase(),
    });
    expect(lower.json().data.creditCode).toBe(contractor.creditCode);
    const twice = await call('POST', '/api/enterprises', admin, { ...contractor, name: '另一家' });
    expect(twice.statusCode).toBe(409);
    expect((await call('POST', '/api/enterprises', admin, { ...contractor, phone: 'call me' })).statusCode).toBe(400);
  });

  it('refuses to remove an enterprise that still has departments or users, saying how many', async () => {
    const [owner] = (await call('GET', '/api/enterprises', admin)).json().data.list;
    const res = await call('DELETE', `/api/enterprises/${owner.id}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain(`${owner.departments} 个部门`);
  });

  it('keeps enterprise management to its permission holders; names stay readable for pickers', async () => {
    expect((await call('GET', '/api/enterprises', user)).statusCode).toBe(403);
    expect((await call('POST', '/api/enterprises', user, contractor)).statusCode).toBe(403);
    const options = (await call('GET', '/api/enterprises/options', user)).json().data;
    expect(options[0]).toEqual({ id: expect.any(Number), name: '岚川市水务集团有限公司', status: 'enabled' });
  });
});

describe('departments', () => {
  it('gives the tree in order, with member counts', async () => {
    const forest = await tree();
    expect(forest.map((d) => d.name)).toEqual([
      '集团领导',
      '调度中心',
      '供水管理部',
      '排水管理部',
      '水质检测中心',
      '信息中心',
    ]);
    expect(find(forest, '排水管理部')?.children.map((d) => d.name)).toEqual(['泵站运维班', '管网巡检班']);
    expect(find(forest, '泵站运维班')?.members).toBe(1);
  });

  it('creates, renames and moves a department with its whole subtree', async () => {
    const forest = await tree();
    const drainage = find(forest, '排水管理部')!;
    const station = find(forest, '泵站运维班')!;
    const body = { enterpriseId: drainage.enterpriseId, parentId: station.id, name: '一号泵站' };
    const child = (await call('POST', '/api/departments', admin, body)).json().data;
    expect(child).toMatchObject({ parentId: station.id, name: '一号泵站', members: 0 });
    // the same name twice at one level
    expect((await call('POST', '/api/departments', admin, body)).statusCode).toBe(409);
    // move 泵站运维班 (with 一号泵站 under it) to the root, renamed
    const supply = find(forest, '供水管理部')!;
    const moved = await call('PUT', `/api/departments/${station.id}`, admin, {
      enterpriseId: station.enterpriseId,
      parentId: supply.id,
      name: '泵站运行班',
      orderNum: 3,
    });
    expect(moved.json().data).toMatchObject({ parentId: supply.id, name: '泵站运行班' });
    const after = await tree();
    expect(find(after, '供水管理部')?.children.map((d) => d.name)).toContain('泵站运行班');
    expect(find(after, '泵站运行班')?.children.map((d) => d.name)).toEqual(['一号泵站']);
    const [row] = await t.database.db.select().from(departments).where(eq(departments.id, child.id));
    expect(row?.ancestors).toBe(`0,${supply.id},${station.id}`);
  });

  it('never moves a department under itself or its descendants, nor to another enterprise', async () => {
    const forest = await tree();
    const drainage = find(forest, '排水管理部')!;
    const station = find(forest, '泵站运维班')!;
    const base = { enterpriseId: drainage.enterpriseId, name: drainage.name };
    for (const parentId of [drainage.id, station.id]) {
      const res = await call('PUT', `/api/departments/${drainage.id}`, admin, { ...base, parentId }, 'en-US');
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('under itself');
    }
    const other = (await call('POST', '/api/enterprises', admin, contractor)).json().data;
    expect(
      (await call('PUT', `/api/departments/${drainage.id}`, admin, { ...base, enterpriseId: other.id })).statusCode,
    ).toBe(400);
    // a parent from another enterprise
    expect(
      (
        await call('POST', '/api/departments', admin, {
          enterpriseId: other.id,
          parentId: drainage.id,
          name: '项目部',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('refuses to delete a department with children or members, and says why', async () => {
    const forest = await tree();
    const drainage = find(forest, '排水管理部')!;
    const res = await call('DELETE', `/api/departments/${drainage.id}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('该部门下还有 2 个下级部门，请先移走或删除它们');
    const station = find(forest, '泵站运维班')!;
    const members = await call('DELETE', `/api/departments/${station.id}`, admin, undefined, 'en-US');
    expect(members.json().msg).toBe('This department still has 1 members: move them out first');
    const patrol = find(forest, '管网巡检班')!;
    expect((await call('DELETE', `/api/departments/${patrol.id}`, admin)).json().code).toBe(200);
    expect(find(await tree(), '管网巡检班')).toBeUndefined();
  });

  it('keeps department writes to their permission holders', async () => {
    const forest = await tree();
    const body = { enterpriseId: forest[0]!.enterpriseId, parentId: null, name: '新部门' };
    expect((await call('POST', '/api/departments', user, body)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/departments/${forest[0]!.id}`, user)).statusCode).toBe(403);
  });
});

describe('department members', () => {
  it('adds a second department to a user; the main one follows the flag and the user record', async () => {
    const forest = await tree();
    const patrol = find(forest, '管网巡检班')!;
    const [wang] = await t.database.db.select().from(users).where(eq(users.username, 'user'));
    const added = (
      await call('PUT', '/api/members', admin, { userId: wang!.id, departmentId: patrol.id, position: '兼职巡检员' })
    ).json().data;
    expect(added).toMatchObject({ departmentName: '管网巡检班', position: '兼职巡检员', isMain: false });
    await call('PUT', '/api/members', admin, { userId: wang!.id, departmentId: patrol.id, isMain: true });
    const listed = (await call('GET', `/api/members?keyword=王明&pageSize=50`, admin)).json().data.list;
    expect(listed.map((m: { departmentName: string; isMain: boolean }) => [m.departmentName, m.isMain])).toEqual([
      ['管网巡检班', true],
      ['泵站运维班', false],
    ]);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, wang!.id));
    expect(after?.departmentId).toBe(patrol.id);
    // leaving the main department hands "main" to the other one
    expect((await call('DELETE', `/api/members/${patrol.id}/${wang!.id}`, admin)).json().code).toBe(200);
    const [last] = (await call('GET', '/api/members?keyword=王明', admin)).json().data.list;
    expect(last).toMatchObject({ departmentName: '泵站运维班', isMain: true });
  });

  it('lists a department with everything below it', async () => {
    const drainage = find(await tree(), '排水管理部')!;
    const own = (await call('GET', `/api/members?departmentId=${drainage.id}`, admin)).json().data;
    const below = (await call('GET', `/api/members?departmentId=${drainage.id}&withChildren=true`, admin)).json().data;
    expect(own.total).toBe(0);
    expect(below.list.map((m: { displayName: string }) => m.displayName)).toEqual(['王明']);
  });

  it('applies the data scope: a role limited to its own department sees only that one', async () => {
    const forest = await tree();
    // give the user role "own department" and the member-list permission through its menu
    await t.database.db.update(roles).set({ dataScope: 'dept' }).where(eq(roles.code, 'user'));
    await t.grant('user', 'system:member:list');
    const listed = (await call('GET', '/api/members?pageSize=100', user)).json().data;
    expect(listed.list.map((m: { departmentName: string }) => m.departmentName)).toEqual(['泵站运维班']);
    const other = find(forest, '调度中心')!;
    expect((await call('GET', `/api/members?departmentId=${other.id}`, user)).json().data.total).toBe(0);
    await t.database.db.update(roles).set({ dataScope: 'self' }).where(eq(roles.code, 'user'));
    const self = (await call('GET', '/api/members', user)).json().data;
    expect(self.list.map((m: { username: string }) => m.username)).toEqual(['user']);
  });

  it('refuses unknown users and departments, and plain users writing', async () => {
    const station = find(await tree(), '泵站运维班')!;
    expect((await call('PUT', '/api/members', admin, { userId: 99999, departmentId: station.id })).statusCode).toBe(
      400,
    );
    expect((await call('PUT', '/api/members', admin, { userId: 1, departmentId: 99999 })).statusCode).toBe(400);
    expect((await call('PUT', '/api/members', user, { userId: 1, departmentId: station.id })).statusCode).toBe(403);
    expect((await call('GET', '/api/members', user)).statusCode).toBe(403);
  });
});
