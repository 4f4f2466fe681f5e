import { creditCodeCheckChar, type DepartmentNode, type EnterpriseInput, organizationApi } from '@water/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { departmentMembers, departments, operationLog, roleDepartments, roles, users } from '../../db/schema/index.ts';
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

const code = (first17: string) => first17 + creditCodeCheckChar(first17);
const contractor: EnterpriseInput = {
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
const tree = async (token = admin) =>
  (await call(organizationApi.departmentTree, { token })).json().data as DepartmentNode[];

describe('enterprises', () => {
  it('adds, lists, edits and removes an enterprise, each write logged', async () => {
    const created = (await call(organizationApi.createEnterprise, { body: contractor, token: admin })).json();
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({ ...contractor, status: 'enabled', departments: 0, users: 0 });
    const listed = (await call(organizationApi.enterprises, { query: { keyword: '市政' }, token: admin })).json().data;
    expect(listed.list.map((e: { name: string }) => e.name)).toEqual([contractor.name]);
    const edited = (
      await call(organizationApi.updateEnterprise, {
        params: { id: created.data.id },
        body: { ...contractor, status: 'disabled' },
        token: admin,
      })
    ).json().data;
    expect(edited.status).toBe('disabled');
    expect(
      (await call(organizationApi.removeEnterprise, { params: { id: created.data.id }, token: admin })).json().code,
    ).toBe(200);
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
      const res = await call(organizationApi.createEnterprise, {
        body: { ...contractor, creditCode },
        token: admin,
        lang: 'en-US',
      });
      expect(res.statusCode, creditCode).toBe(400);
      expect(res.json().msg).toContain('check character');
    }
    const lower = await call(organizationApi.createEnterprise, {
      body: {
        ...contractor,
        creditCode: contractor.creditCode.toLowerCase(),
      },
      token: admin,
    });
    expect(lower.json().data.creditCode).toBe(contractor.creditCode);
    const twice = await call(organizationApi.createEnterprise, {
      body: { ...contractor, name: '另一家' },
      token: admin,
    });
    expect(twice.statusCode).toBe(409);
    expect(
      (await call(organizationApi.createEnterprise, { body: { ...contractor, phone: 'call me' }, token: admin }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses to remove an enterprise that still has departments or users, saying how many', async () => {
    const [owner] = (await call(organizationApi.enterprises, { token: admin })).json().data.list;
    const res = await call(organizationApi.removeEnterprise, { params: { id: owner.id }, token: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain(`${owner.departments} 个部门`);
  });

  it('keeps enterprise management to its permission holders; names stay readable for pickers', async () => {
    expect((await call(organizationApi.enterprises, { token: user })).statusCode).toBe(403);
    expect((await call(organizationApi.createEnterprise, { body: contractor, token: user })).statusCode).toBe(403);
    const options = (await call(organizationApi.enterpriseOptions, { token: user })).json().data;
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
    const child = (await call(organizationApi.createDepartment, { body, token: admin })).json().data;
    expect(child).toMatchObject({ parentId: station.id, name: '一号泵站', members: 0 });
    // the same name twice at one level
    expect((await call(organizationApi.createDepartment, { body, token: admin })).statusCode).toBe(409);
    // move 泵站运维班 (with 一号泵站 under it) to the root, renamed
    const supply = find(forest, '供水管理部')!;
    const moved = await call(organizationApi.updateDepartment, {
      params: { id: station.id },
      body: {
        enterpriseId: station.enterpriseId,
        parentId: supply.id,
        name: '泵站运行班',
        orderNum: 3,
      },
      token: admin,
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
      const res = await call(organizationApi.updateDepartment, {
        params: { id: drainage.id },
        body: { ...base, parentId },
        token: admin,
        lang: 'en-US',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('under itself');
    }
    const other = (await call(organizationApi.createEnterprise, { body: contractor, token: admin })).json().data;
    expect(
      (
        await call(organizationApi.updateDepartment, {
          params: { id: drainage.id },
          body: { ...base, enterpriseId: other.id },
          token: admin,
        })
      ).statusCode,
    ).toBe(400);
    // a parent from another enterprise
    expect(
      (
        await call(organizationApi.createDepartment, {
          body: {
            enterpriseId: other.id,
            parentId: drainage.id,
            name: '项目部',
          },
          token: admin,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('refuses to delete a department with children or members, and says why', async () => {
    const forest = await tree();
    const drainage = find(forest, '排水管理部')!;
    const res = await call(organizationApi.removeDepartment, { params: { id: drainage.id }, token: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('该部门下还有 2 个下级部门，请先移走或删除它们');
    const station = find(forest, '泵站运维班')!;
    const members = await call(organizationApi.removeDepartment, {
      params: { id: station.id },
      token: admin,
      lang: 'en-US',
    });
    expect(members.json().msg).toBe('This department still has 1 members: move them out first');
    const patrol = find(forest, '管网巡检班')!;
    expect(
      (await call(organizationApi.removeDepartment, { params: { id: patrol.id }, token: admin })).json().code,
    ).toBe(200);
    expect(find(await tree(), '管网巡检班')).toBeUndefined();
  });

  it('keeps department writes to their permission holders', async () => {
    const forest = await tree();
    const body = { enterpriseId: forest[0]!.enterpriseId, parentId: null, name: '新部门' };
    expect((await call(organizationApi.createDepartment, { body, token: user })).statusCode).toBe(403);
    expect(
      (await call(organizationApi.removeDepartment, { params: { id: forest[0]!.id }, token: user })).statusCode,
    ).toBe(403);
  });
});

describe('department members', () => {
  it('adds a second department to a user; the main one follows the flag and the user record', async () => {
    const forest = await tree();
    const patrol = find(forest, '管网巡检班')!;
    const [wang] = await t.database.db.select().from(users).where(eq(users.username, 'user'));
    const added = (
      await call(organizationApi.saveMember, {
        body: { userId: wang!.id, departmentId: patrol.id, position: '兼职巡检员' },
        token: admin,
      })
    ).json().data;
    expect(added).toMatchObject({ departmentName: '管网巡检班', position: '兼职巡检员', isMain: false });
    await call(organizationApi.saveMember, {
      body: { userId: wang!.id, departmentId: patrol.id, isMain: true },
      token: admin,
    });
    const listed = (
      await call(organizationApi.members, { query: { keyword: '王明', pageSize: 50 }, token: admin })
    ).json().data.list;
    expect(listed.map((m: { departmentName: string; isMain: boolean }) => [m.departmentName, m.isMain])).toEqual([
      ['管网巡检班', true],
      ['泵站运维班', false],
    ]);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, wang!.id));
    expect(after?.departmentId).toBe(patrol.id);
    // leaving the main department hands "main" to the other one
    expect(
      (
        await call(organizationApi.removeMember, {
          params: { departmentId: patrol.id, userId: wang!.id },
          token: admin,
        })
      ).json().code,
    ).toBe(200);
    const [last] = (await call(organizationApi.members, { query: { keyword: '王明' }, token: admin })).json().data.list;
    expect(last).toMatchObject({ departmentName: '泵站运维班', isMain: true });
  });

  it('lists a department with everything below it', async () => {
    const drainage = find(await tree(), '排水管理部')!;
    const own = (await call(organizationApi.members, { query: { departmentId: drainage.id }, token: admin })).json()
      .data;
    const below = (
      await call(organizationApi.members, { query: { departmentId: drainage.id, withChildren: 'true' }, token: admin })
    ).json().data;
    expect(own.total).toBe(0);
    expect(below.list.map((m: { displayName: string }) => m.displayName)).toEqual(['王明']);
  });

  it('applies the data scope: a role limited to its own department sees only that one', async () => {
    const forest = await tree();
    // give the user role "own department" and the member-list permission through its menu
    await t.database.db.update(roles).set({ dataScope: 'dept' }).where(eq(roles.code, 'user'));
    await t.grant('user', 'system:member:list');
    const listed = (await call(organizationApi.members, { query: { pageSize: 100 }, token: user })).json().data;
    expect(listed.list.map((m: { departmentName: string }) => m.departmentName)).toEqual(['泵站运维班']);
    const other = find(forest, '调度中心')!;
    expect(
      (await call(organizationApi.members, { query: { departmentId: other.id }, token: user })).json().data.total,
    ).toBe(0);
    await t.database.db.update(roles).set({ dataScope: 'self' }).where(eq(roles.code, 'user'));
    const self = (await call(organizationApi.members, { token: user })).json().data;
    expect(self.list.map((m: { username: string }) => m.username)).toEqual(['user']);
  });

  it('refuses unknown users and departments, and plain users writing', async () => {
    const station = find(await tree(), '泵站运维班')!;
    expect(
      (await call(organizationApi.saveMember, { body: { userId: 99999, departmentId: station.id }, token: admin }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(organizationApi.saveMember, { body: { userId: 1, departmentId: 99999 }, token: admin })).statusCode,
    ).toBe(400);
    expect(
      (await call(organizationApi.saveMember, { body: { userId: 1, departmentId: station.id }, token: user }))
        .statusCode,
    ).toBe(403);
    expect((await call(organizationApi.members, { token: user })).statusCode).toBe(403);
  });
});

describe('data scope', () => {
  const setScope = (dataScope: string) => t.database.db.update(roles).set({ dataScope }).where(eq(roles.code, 'user'));
  async function chooseDepartments(...names: string[]) {
    await setScope('custom');
    const [role] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'user'));
    const forest = await tree();
    await t.database.db
      .insert(roleDepartments)
      .values(names.map((name) => ({ roleId: role!.id, departmentId: find(forest, name)!.id })));
  }
  /** The tree as [name, inScope, members, leader] rows, depth-first. */
  const outline = (forest: DepartmentNode[]): [string, boolean | undefined, number, string][] =>
    forest.flatMap((n) => [[n.name, n.inScope, n.members, n.leader] as const, ...outline(n.children)]) as [
      string,
      boolean | undefined,
      number,
      string,
    ][];
  const userId = async (username: string) =>
    (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

  it('the tree of a scoped caller: its departments, and the ones above them for context, names only', async () => {
    // user role: own department and below; 王明 is in 泵站运维班 (a leaf under 排水管理部)
    expect(outline(await tree(user))).toEqual([
      ['排水管理部', false, 0, ''],
      ['泵站运维班', true, 1, ''],
    ]);
    await setScope('self');
    expect(outline(await tree(user))).toEqual([
      ['排水管理部', false, 0, ''],
      ['泵站运维班', false, 0, ''],
    ]);
    await chooseDepartments('调度中心', '管网巡检班');
    expect(outline(await tree(user))).toEqual([
      ['调度中心', true, 1, '张伟'],
      ['排水管理部', false, 0, ''],
      ['管网巡检班', true, 0, ''],
    ]);
    // the unlimited administrator: everything, in scope
    const all = outline(await tree(admin));
    expect(all).toHaveLength(10);
    expect(all.every(([, inScope]) => inScope === true)).toBe(true);
    expect(all).toContainEqual(['排水管理部', true, 0, '刘洋']);
  });

  it('enterprises: a scoped caller sees those holding its departments, counted within its scope', async () => {
    const other = (await call(organizationApi.createEnterprise, { body: contractor, token: admin })).json().data;
    await call(organizationApi.createDepartment, {
      body: { enterpriseId: other.id, parentId: null, name: '项目部' },
      token: admin,
    });
    await t.grant('user', 'system:enterprise:list');
    const names = (list: { name: string }[]) => list.map((e) => e.name);
    expect(names((await call(organizationApi.enterpriseOptions, { token: admin })).json().data)).toHaveLength(2);
    expect(names((await call(organizationApi.enterpriseOptions, { token: user })).json().data)).toEqual([
      '岚川市水务集团有限公司',
    ]);
    const [owner] = (await call(organizationApi.enterprises, { token: user })).json().data.list;
    expect(owner).toMatchObject({ name: '岚川市水务集团有限公司', departments: 1, users: 1 });
    const [whole] = (await call(organizationApi.enterprises, { token: admin })).json().data.list;
    expect(whole.departments).toBe(10);
    expect(whole.users).toBe(4);
    // chosen departments: the contractor's 项目部 brings the contractor in
    await chooseDepartments('项目部');
    const listed = (await call(organizationApi.enterprises, { token: user })).json().data.list;
    expect(
      listed.map((e: { name: string; departments: number; users: number }) => [e.name, e.departments, e.users]),
    ).toEqual([
      ['岚川市水务集团有限公司', 0, 0],
      [contractor.name, 1, 0],
    ]);
    // enterprises span departments beyond any department scope: only "all" writes them
    await t.grant('user', 'system:enterprise:write');
    const refused = await call(organizationApi.updateEnterprise, {
      params: { id: other.id },
      body: contractor,
      token: user,
      lang: 'en-US',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 403, msg: expect.stringContaining('data scope "all"'), data: null });
    expect(
      (await call(organizationApi.createEnterprise, { body: { ...contractor, name: 'x' }, token: user })).statusCode,
    ).toBe(403);
    expect((await call(organizationApi.removeEnterprise, { params: { id: other.id }, token: user })).statusCode).toBe(
      403,
    );
  });

  it('department writes stay within the scope: add, edit, move and remove', async () => {
    await t.grant('user', 'system:dept:write');
    const forest = await tree();
    const station = find(forest, '泵站运维班')!;
    const patrol = find(forest, '管网巡检班')!;
    const dispatch = find(forest, '调度中心')!;
    const enterpriseId = station.enterpriseId;
    const add = (parentId: number | null, name: string, lang?: string) =>
      call(organizationApi.createDepartment, { body: { enterpriseId, parentId, name }, token: user, lang });
    const x = (await add(station.id, '一号泵站')).json().data;
    const y = (await add(station.id, '二号泵站')).json().data;
    expect([x.parentId, y.parentId]).toEqual([station.id, station.id]);
    const outside = await add(dispatch.id, '夜班');
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 403, msg: '该部门不在您的数据权限范围内，不能修改它或它的成员' });
    expect((await add(dispatch.id, '夜班', 'en-US')).json().msg).toBe(
      'This department is outside your data scope: you cannot change it or its members',
    );
    expect((await add(null, '顶层', 'en-US')).json()).toMatchObject({
      code: 403,
      msg: expect.stringContaining('top level'),
    });
    const edit = (d: DepartmentNode | { id: number; name: string }, parentId: number | null, name = d.name) =>
      call(organizationApi.updateDepartment, {
        params: { id: d.id },
        body: { enterpriseId, parentId, name },
        token: user,
      });
    // its own department may be renamed where it stands, its parent outside the scope notwithstanding
    const drainage = find(forest, '排水管理部')!;
    expect((await edit(station, drainage.id, '泵站运行班')).statusCode).toBe(200);
    // moves within the scope go; out of it, or of a department outside it, are refused
    expect((await edit(y, x.id)).json().data.parentId).toBe(x.id);
    expect((await edit(x, patrol.id)).statusCode).toBe(403);
    expect((await edit(patrol, station.id)).statusCode).toBe(403);
    expect((await edit(dispatch, null, '调度')).statusCode).toBe(403);
    // removal: outside refused before anything is said about its members
    expect(
      (await call(organizationApi.removeDepartment, { params: { id: dispatch.id }, token: user })).statusCode,
    ).toBe(403);
    expect((await call(organizationApi.removeDepartment, { params: { id: y.id }, token: user })).json().code).toBe(200);
    const [row] = await t.database.db.select().from(departments).where(eq(departments.id, dispatch.id));
    expect(row?.name).toBe('调度中心');
    // a self-only scope writes no department at all
    await setScope('self');
    expect((await edit(x, station.id, '改名')).statusCode).toBe(403);
  });

  it('member writes stay within the scope: the department and the user must both be in it', async () => {
    await t.grant('user', 'system:member:write');
    const forest = await tree();
    const station = find(forest, '泵站运维班')!;
    const dispatch = find(forest, '调度中心')!;
    const wang = await userId('user');
    const zhang = await userId('13800000001');
    const child = (
      await call(organizationApi.createDepartment, {
        body: {
          enterpriseId: station.enterpriseId,
          parentId: station.id,
          name: '一号泵站',
        },
        token: admin,
      })
    ).json().data;
    const save = (uid: number, departmentId: number, lang?: string) =>
      call(organizationApi.saveMember, { body: { userId: uid, departmentId, position: '值班' }, token: user, lang });
    expect((await save(wang, child.id)).json().data).toMatchObject({ departmentName: '一号泵站', isMain: false });
    expect((await save(wang, dispatch.id)).statusCode).toBe(403);
    const stranger = await save(zhang, station.id, 'en-US');
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().msg).toBe('This user is outside your data scope');
    expect(
      (await call(organizationApi.removeMember, { params: { departmentId: dispatch.id, userId: zhang }, token: user }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call(organizationApi.removeMember, { params: { departmentId: child.id, userId: wang }, token: user })
      ).json().code,
    ).toBe(200);
    const memberships = await t.database.db
      .select({ departmentId: departmentMembers.departmentId })
      .from(departmentMembers)
      .where(eq(departmentMembers.userId, zhang));
    expect(memberships.map((m) => m.departmentId)).toEqual([dispatch.id]);
  });

  it('chosen departments: the member list holds the members of those departments only', async () => {
    await t.grant('user', 'system:member:list');
    await chooseDepartments('调度中心');
    const names = async () =>
      (await call(organizationApi.members, { query: { pageSize: 100 }, token: user }))
        .json()
        .data.list.map((m: { username: string }) => m.username);
    expect(await names()).toEqual(['13800000001']);
    await chooseDepartments('供水管理部');
    expect((await names()).sort()).toEqual(['13800000001', '13800000002']);
    const station = find(await tree(), '泵站运维班')!;
    expect(
      (await call(organizationApi.members, { query: { departmentId: station.id }, token: user })).json().data.total,
    ).toBe(0);
  });
});

describe('concurrent moves', () => {
  it('A under B while B goes under A: the tree lock lets one through and the other sees the loop', async () => {
    const forest = await tree();
    const enterpriseId = forest[0]!.enterpriseId;
    const add = async (name: string) =>
      (
        await call(organizationApi.createDepartment, { body: { enterpriseId, parentId: null, name }, token: admin })
      ).json().data;
    for (let round = 0; round < 3; round++) {
      const a = await add(`甲${round}`);
      const b = await add(`乙${round}`);
      const [first, second] = await Promise.all([
        call(organizationApi.updateDepartment, {
          params: { id: a.id },
          body: { enterpriseId, parentId: b.id, name: a.name },
          token: admin,
          lang: 'en-US',
        }),
        call(organizationApi.updateDepartment, {
          params: { id: b.id },
          body: { enterpriseId, parentId: a.id, name: b.name },
          token: admin,
          lang: 'en-US',
        }),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
      const loser = first.statusCode === 400 ? first : second;
      expect(loser.json().msg).toContain('under itself');
      const rows = await t.database.db.select().from(departments);
      for (const d of rows) expect(d.ancestors.split(',')).not.toContain(String(d.id));
    }
  });
});
