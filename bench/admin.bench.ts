// npm run bench:admin — the user list over 100,000 users and the operation log over 1,000,000 rows:
// paginated, filtered requests as the console sends them, over real HTTP on loopback.
// PGlite by default; BENCH_DATABASE_URL=postgres://… measures a PostgreSQL server (its schema is
// dropped and recreated). Target: p95 at most 50 ms on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const LOG_ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const url = process.env.BENCH_DATABASE_URL;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'water-bench-'));
const database = await openDatabase(url ? { url } : { dataDir: 'memory://' });
if (url) {
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`create schema public`);
}
await database.migrate();
await seed(database.db, { demo: true, dataDir, now: new Date('2026-06-01T08:00:00Z') });

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
// Operation log rows over 180 days, ten modules, one in twenty a failure.
await database.db.execute(
  sql.raw(`
  insert into operation_log (user_id, username, module, action, target_id, method, path, result, error, duration_ms, ip, created_at)
  select null, 'bench' || (g % 500), (array['devices','users','roles','notices','content','alarms','orders','stations','regions','menus'])[1 + g % 10],
         (array['create','update','delete'])[1 + g % 3], (g % 1000)::text, 'POST', '/api/x/' || (g % 1000),
         case when g % 20 = 0 then 'failure' else 'success' end, case when g % 20 = 0 then 'in use' else '' end,
         g % 50, '10.0.0.' || (g % 250), timestamptz '2026-06-01 08:00:00+00' - ((g * 15) || ' seconds')::interval
  from generate_series(1, ${LOG_ROWS}) g`),
);
await database.db.execute(sql.raw('analyze'));
const seeded = ((performance.now() - started) / 1000).toFixed(1);

const app = await buildApp({
  config: loadConfig({ DATA_DIR: dataDir, MQTT_PORT: '0', API_RATE_LIMIT: '1000000' }),
  database,
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });

try {
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: '13800000001', password: 'Admin@2026' }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
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

  console.log(
    `database: ${database.kind}; ${USERS} users, ${LOG_ROWS} log rows (seeded in ${seeded} s); ${ROUNDS} rounds`,
  );
  let worst = 0;
  for (const [name, path_] of cases) {
    const times: number[] = [];
    for (let i = 0; i < ROUNDS + 3; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}${path_}`, { headers });
      const body = (await res.json()) as { code: number; msg: string };
      if (body.code !== 200) throw new Error(`${path_}: ${body.msg}`);
      if (i >= 3) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!;
    worst = Math.max(worst, at(0.95));
    console.log(
      `${name.padEnd(40)} median ${at(0.5).toFixed(1).padStart(6)} ms   p95 ${at(0.95).toFixed(1).padStart(6)} ms`,
    );
  }
  console.log(
    `worst p95 of the filtered, paginated admin lists: ${worst.toFixed(1)} ms (target ≤ 50 ms on PostgreSQL)`,
  );
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
