// npm run bench:admin — the user list over 100,000 users and the operation log over 1,000,000 rows:
// paginated, filtered requests as the console sends them, over real HTTP on loopback.
// PGlite by default; BENCH_DATABASE_URL=postgres://… measures a PostgreSQL server (its schema is
// dropped and recreated). Target: p95 at most 50 ms on PostgreSQL.
import { sql } from 'drizzle-orm';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { openBench, rowsOf, signIn, timeGet } from './harness.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const LOG_ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);

const bench = await openBench();
const { database } = bench;

const started = performance.now();
// Users spread over the demo departments, one in ten disabled, all holding the user role.
await database.db.execute(
  sql.raw(`
  insert into users (username, phone, password_hash, display_name, email, department_id, enterprise_id, status, created_at, updated_at)
  select 'bench' || g, (15000000000 + g)::text, 'x', '用户' || g, 'u' || g || '@example.com',
         (select id from departments order by id offset (g % (select count(*) from departments)) limit 1),
         (select id from enterprises order by id limit 1),
         case when g % 10 = 0 then 'disabled' else 'enabled' end,
         now() - (g || ' minutes')::interval, now()
  from generate_series(1, ${USERS}) g`),
);
await database.db.execute(
  sql.raw(`
  insert into user_roles (user_id, role_id)
  select u.id, (select id from roles where code = 'user') from users u where u.username like 'bench%'`),
);
await database.db.execute(
  sql.raw(`
  insert into department_members (user_id, department_id, is_main)
  select id, department_id, true from users where username like 'bench%' and department_id is not null`),
);
// Operation log rows over 180 days by 500 of the users, ten modules, one in twenty a failure.
await database.db.execute(
  sql.raw(`
  insert into operation_log (user_id, username, module, action, target_id, method, path, result, error, duration_ms, ip, created_at)
  select (select min(id) - 1 from users where username like 'bench%') + 1 + g % 500, 'bench' || (1 + g % 500), (array['devices','users','roles','notices','content','alarms','orders','stations','regions','menus'])[1 + g % 10],
         (array['create','update','delete'])[1 + g % 3], (g % 1000)::text, 'POST', '/api/x/' || (g % 1000),
         case when g % 20 = 0 then 'failure' else 'success' end, case when g % 20 = 0 then 'in use' else '' end,
         g % 50, '10.0.0.' || (g % 250), timestamptz '2026-06-01 08:00:00+00' - ((g * 15) || ' seconds')::interval
  from generate_series(1, ${LOG_ROWS}) g`),
);
// Callers whose role limits what they see (the admin's scope is "all"): one of 排水管理部 and below,
// and one who sees only their own rows (bench42, who wrote 2,000 of the log rows). Both may read the
// user list and the logs, nothing else.
const SCOPED_PASSWORD = 'Bench@2026';
const scopedHash = await hashPassword(SCOPED_PASSWORD);
await database.db.execute(
  sql.raw(`
  insert into roles (code, name, name_en, data_scope, sort)
  values ('bench_dept', '部门管理员', 'Department admin', 'dept_and_below', 90),
         ('bench_self', '本人', 'Self only', 'self', 91)`),
);
// The two list buttons and the menus and directories above them.
await database.db.execute(
  sql.raw(`
  with recursive granted as (
    select id, parent_id from menus where permission in ('system:user:list', 'system:log:list')
    union
    select m.id, m.parent_id from menus m join granted g on m.id = g.parent_id
  )
  insert into role_menus (role_id, menu_id)
  select r.id, g.id from roles r, granted g where r.code in ('bench_dept', 'bench_self')`),
);
await database.db.execute(sql`
  insert into users (username, phone, password_hash, display_name, department_id, enterprise_id, status, created_at, updated_at)
  select 'bench_dept_admin', '14900000001', ${scopedHash}, '排水部管理员', d.id, d.enterprise_id, 'enabled', now(), now()
  from departments d where d.name = '排水管理部'`);
await database.db.execute(sql`
  insert into department_members (user_id, department_id, is_main)
  select id, department_id, true from users where username = 'bench_dept_admin'`);
await database.db.execute(sql`update users set password_hash = ${scopedHash} where username = 'bench42'`);
await database.db.execute(
  sql.raw(`delete from user_roles where user_id = (select id from users where username = 'bench42')`),
);
await database.db.execute(
  sql.raw(`
  insert into user_roles (user_id, role_id)
  select u.id, r.id from users u, roles r
  where (u.username, r.code) in (('bench_dept_admin', 'bench_dept'), ('bench42', 'bench_self'))`),
);
// The log's rows are dated before 2026-06-01; the daily retention job (first run a minute after start,
// by the real clock) would otherwise purge most of them while the cases run.
await database.db.execute(sql`
  insert into app_settings (key, value, updated_at)
  values ('logs.retention', ${JSON.stringify({ operationDays: 3650, loginDays: 3650 })}::jsonb, now())
  on conflict (key) do update set value = excluded.value`);
await database.db.execute(sql.raw('analyze'));
const seeded = ((performance.now() - started) / 1000).toFixed(1);

try {
  const base = await bench.listen();
  const headers = await signIn(base);
  const tree = (await (await fetch(`${base}/api/departments/tree`, { headers })).json()) as {
    data: { id: number; name: string }[];
  };
  const drainage = tree.data.find((d) => d.name === '排水管理部')?.id;
  const week = encodeURIComponent(new Date('2026-05-25T08:00:00Z').toISOString());

  const cases: [string, string][] = [
    ['users: first page, newest first', '/api/system/users?page=1&pageSize=20'],
    [
      'users: page 200, enabled, by name',
      '/api/system/users?status=enabled&sort=displayName&order=asc&page=200&pageSize=20',
    ],
    ['users: department and below', `/api/system/users?departmentId=${drainage}&withChildren=true&page=3&pageSize=20`],
    ['users: keyword (name, username, phone)', '/api/system/users?keyword=1234&page=1&pageSize=20'],
    ['users: role and status', '/api/system/users?roleCode=user&status=disabled&page=5&pageSize=20'],
    ['log: first page', '/api/system/logs/operations?page=1&pageSize=20'],
    ['log: module in the last week', `/api/system/logs/operations?module=devices&from=${week}&page=2&pageSize=20`],
    ['log: failures of a module', '/api/system/logs/operations?module=users&result=failure&page=1&pageSize=20'],
    ['log: one user', '/api/system/logs/operations?username=bench42&page=1&pageSize=20'],
    ['log: page 500', '/api/system/logs/operations?page=500&pageSize=20'],
  ];

  // As a department-scoped caller (排水管理部 and below) and a self-only one (bench42).
  const deptHeaders = await signIn(base, { username: 'bench_dept_admin', password: SCOPED_PASSWORD });
  const selfHeaders = await signIn(base, { username: 'bench42', password: SCOPED_PASSWORD });
  const scoped: [string, Record<string, string>, string][] = [
    ['users, dept and below: first page', deptHeaders, '/api/system/users?page=1&pageSize=20'],
    [
      'users, dept and below: enabled, by name',
      deptHeaders,
      '/api/system/users?status=enabled&sort=displayName&order=asc&page=20&pageSize=20',
    ],
    ['users, dept and below: keyword', deptHeaders, '/api/system/users?keyword=1234&page=1&pageSize=20'],
    ['users, self: first page', selfHeaders, '/api/system/users?page=1&pageSize=20'],
    ['log, dept and below: first page', deptHeaders, '/api/system/logs/operations?page=1&pageSize=20'],
    [
      'log, dept and below: module, last week',
      deptHeaders,
      `/api/system/logs/operations?module=devices&from=${week}&page=1&pageSize=20`,
    ],
    ['log, self: first page', selfHeaders, '/api/system/logs/operations?page=1&pageSize=20'],
    ['log, self: failures', selfHeaders, '/api/system/logs/operations?result=failure&page=1&pageSize=20'],
  ];
  // A scoped caller must see only their rows: a check, so a case never times an unscoped query.
  const seen = async (h: Record<string, string>, url: string) =>
    ((await (await fetch(`${base}${url}`, { headers: h })).json()) as { data: { list: { username: string }[] } }).data
      .list;
  const ownUsers = await seen(selfHeaders, '/api/system/users?page=1&pageSize=20');
  const ownLog = await seen(selfHeaders, '/api/system/logs/operations?page=1&pageSize=20');
  const logScoped = ownLog.every((r) => r.username === 'bench42');
  if (ownUsers.length !== 1) throw new Error(`a self-scoped caller lists ${ownUsers.length} users`);
  if (!logScoped)
    console.log('note: the operation log does not apply the data scope yet; its scoped cases time the unscoped list');

  console.log(
    `database: ${database.kind}; ${USERS} users, ${LOG_ROWS} log rows (seeded in ${seeded} s); ${ROUNDS} rounds`,
  );
  let worst = 0;
  for (const [name, url] of cases) worst = Math.max(worst, await timeGet(base, headers, name, url, ROUNDS));
  for (const [name, as, url] of scoped) worst = Math.max(worst, await timeGet(base, as, name, url, ROUNDS));
  const [left] = await rowsOf<{ n: number }>(database, sql`select count(*)::int as n from operation_log`);
  if (Number(left?.n) < LOG_ROWS) throw new Error(`the log lost rows while measured: ${left?.n} of ${LOG_ROWS}`);
  console.log(
    `worst p95 of the filtered, paginated admin lists: ${worst.toFixed(1)} ms (target ≤ 50 ms on PostgreSQL)`,
  );
} finally {
  await bench.close();
}
