// npm run bench:api — the API's hot paths on this machine, over real HTTP on loopback:
// a signed-in call (session check + role-info) and a sign-in (argon2id verification).
// Bounded: a fixed number of requests, then it stops.
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 30);

// BENCH_DATABASE_URL: a PostgreSQL database the bench may empty (e.g. createdb water_bench).
const url = process.env.BENCH_DATABASE_URL;
const database = await openDatabase(url ? { url } : { dataDir: 'memory://' });
if (url) {
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`create schema public`);
}
await database.migrate();
await seed(database.db, { demo: true });
const app = await buildApp({
  config: loadConfig({ LOGIN_RATE_LIMIT: '10000', API_RATE_LIMIT: '1000000', CAPTCHA_AFTER_FAILURES: '100' }),
  database,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function login(): Promise<string> {
  const res = await fetch(`${address}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: '13800000001', password: 'Admin@2026' }),
  });
  const body = (await res.json()) as { code: number; data: { token: string } };
  if (body.code !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

try {
  const loginTimes: number[] = [];
  let token = '';
  for (let i = 0; i < LOGINS; i++) {
    const started = performance.now();
    token = await login();
    loginTimes.push(performance.now() - started);
  }
  loginTimes.sort((a, b) => a - b);

  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < CALLS) {
        next++;
        const t0 = performance.now();
        const res = await fetch(`${address}/api/v1/remote/users/role-info`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = (await res.json()) as { code: number };
        if (body.code !== 200) throw new Error(`role-info failed: ${JSON.stringify(body)}`);
        times.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);

  console.log(`database: ${database.kind}; ${CALLS} calls, ${CONCURRENCY} concurrent; ${LOGINS} sign-ins`);
  console.log(`sign-in (argon2id) p50 ${fmt(percentile(loginTimes, 0.5))}, p95 ${fmt(percentile(loginTimes, 0.95))}`);
  console.log(
    `role-info p50 ${fmt(percentile(times, 0.5))}, p95 ${fmt(percentile(times, 0.95))}, p99 ${fmt(percentile(times, 0.99))}`,
  );
  console.log(`signed-in calls: ${Math.round(CALLS / seconds)} req/s`);
} finally {
  await app.close();
  await database.close();
}
