import { creditCodeCheckChar, ROLE_ADMIN, ROLE_USER } from '@water/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.ts';
import { createSmsAccountRepository } from '../../modules/workplace/sms-account.ts';
import type { Queryable } from '../client.ts';
import { departmentMembers, departments, enterprises, roles, userRoles, users } from '../schema/index.ts';
import { markSeeded, seededKeys } from './marks.ts';

const CREDIT_BASE = '91330781MA2LC8QX7'; // fictional; the check character is computed below
export const DEMO_ENTERPRISE_CREDIT_CODE = CREDIT_BASE + creditCodeCheckChar(CREDIT_BASE);

interface DemoDept {
  name: string;
  leader?: string;
  children?: DemoDept[];
}

const demoDepartments: DemoDept[] = [
  { name: '集团领导', leader: '陈建国' },
  { name: '调度中心', leader: '张伟' },
  {
    name: '供水管理部',
    leader: '李强',
    children: [{ name: '第一水厂' }, { name: '加压泵站班组' }],
  },
  {
    name: '排水管理部',
    leader: '刘洋',
    children: [{ name: '泵站运维班' }, { name: '管网巡检班' }],
  },
  { name: '水质检测中心', leader: '赵敏' },
  { name: '信息中心', leader: '周杰' },
];

interface DemoUser {
  username: string;
  phone: string | null;
  password: string;
  displayName: string;
  job: string;
  jobName: string;
  department: string;
  roles: string[];
  email: string;
}

/** The demo accounts the README lists. */
export const demoUsers: DemoUser[] = [
  {
    username: '13800000001',
    phone: '13800000001',
    password: 'Admin@2026',
    displayName: '张伟',
    job: 'dispatcher',
    jobName: '调度主管',
    department: '调度中心',
    roles: [ROLE_ADMIN, ROLE_USER],
    email: 'zhangwei@lanchuan-water.example',
  },
  {
    username: '13800000002',
    phone: '13800000002',
    password: 'Admin@2026',
    displayName: '李强',
    job: 'manager',
    jobName: '供水部经理',
    department: '供水管理部',
    roles: [ROLE_ADMIN, ROLE_USER],
    email: 'liqiang@lanchuan-water.example',
  },
  {
    username: '13800000003',
    phone: '13800000003',
    password: 'Admin@2026',
    displayName: '周杰',
    job: 'it',
    jobName: '信息中心工程师',
    department: '信息中心',
    roles: [ROLE_ADMIN, ROLE_USER],
    email: 'zhoujie@lanchuan-water.example',
  },
  {
    username: 'user',
    phone: '13900000004',
    password: 'User@2026',
    displayName: '王明',
    job: 'operator',
    jobName: '泵站运行工',
    department: '泵站运维班',
    roles: [ROLE_USER],
    email: 'wangming@lanchuan-water.example',
  },
];

// Hashing is deliberately slow; tests reseed often, so one hash per password per process.
const hashes = new Map<string, Promise<string>>();
const cachedHash = (password: string) => {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password);
    hashes.set(password, h);
  }
  return h;
};

/** The demo city's organisation and accounts. Inserts what is missing, edits nothing. */
export async function seedDemo(db: Queryable, now = new Date()): Promise<void> {
  if (!(await seededKeys(db, ['enterprise:demo'])).has('enterprise:demo')) {
    await markSeeded(db, ['enterprise:demo']);
    await db
      .insert(enterprises)
      .values({
        name: '岚川市水务集团有限公司',
        creditCode: DEMO_ENTERPRISE_CREDIT_CODE,
        type: 'owner',
        contact: '陈建国',
        phone: '0579-88001234',
        address: '岚川市滨江大道 88 号',
      })
      .onConflictDoNothing();
  }
  const [enterprise] = await db
    .select({ id: enterprises.id })
    .from(enterprises)
    .where(eq(enterprises.creditCode, DEMO_ENTERPRISE_CREDIT_CODE));

  const deptIds = new Map<string, number>();
  async function walk(enterpriseId: number, items: DemoDept[], parentId: number | null, ancestors: string) {
    const done = await seededKeys(
      db,
      items.map((d) => `dept:${d.name}`),
    );
    for (const [index, item] of items.entries()) {
      if (!done.has(`dept:${item.name}`)) {
        await markSeeded(db, [`dept:${item.name}`]);
        await db
          .insert(departments)
          .values({
            enterpriseId,
            parentId,
            ancestors,
            name: item.name,
            orderNum: index + 1,
            leader: item.leader ?? '',
          })
          .onConflictDoNothing();
      }
      const [row] = await db
        .select({ id: departments.id })
        .from(departments)
        .where(
          and(
            eq(departments.enterpriseId, enterpriseId),
            parentId === null ? isNull(departments.parentId) : eq(departments.parentId, parentId),
            eq(departments.name, item.name),
          ),
        );
      if (!row) continue;
      deptIds.set(item.name, row.id);
      if (item.children) await walk(enterpriseId, item.children, row.id, `${ancestors},${row.id}`);
    }
  }
  // An administrator who removed the demo enterprise keeps it removed, departments and all.
  if (enterprise) await walk(enterprise.id, demoDepartments, null, '0');

  if (!(await seededKeys(db, ['sms:topup'])).has('sms:topup')) {
    await markSeeded(db, ['sms:topup']);
    await createSmsAccountRepository(db).topup(200, '演示账户初始充值', null, now);
  }

  const roleRows = await db
    .select({ id: roles.id, code: roles.code })
    .from(roles)
    .where(inArray(roles.code, [ROLE_ADMIN, ROLE_USER]));
  const usersDone = await seededKeys(
    db,
    demoUsers.map((u) => `user:${u.username}`),
  );
  for (const u of demoUsers) {
    if (usersDone.has(`user:${u.username}`)) continue;
    await markSeeded(db, [`user:${u.username}`]);
    const departmentId = deptIds.get(u.department) ?? null;
    const [created] = await db
      .insert(users)
      .values({
        username: u.username,
        phone: u.phone,
        passwordHash: await cachedHash(u.password),
        displayName: u.displayName,
        email: u.email,
        job: u.job,
        jobName: u.jobName,
        location: 'lanchuan',
        locationName: '岚川市',
        certification: 1,
        enterpriseId: enterprise?.id ?? null,
        departmentId,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!created) continue; // exists: whatever an administrator changed stays
    const ids = roleRows.filter((r) => u.roles.includes(r.code)).map((r) => r.id);
    if (ids.length) await db.insert(userRoles).values(ids.map((roleId) => ({ userId: created.id, roleId })));
    if (departmentId !== null) {
      await db
        .insert(departmentMembers)
        .values({ userId: created.id, departmentId, position: u.jobName, isMain: true });
    }
  }
}
