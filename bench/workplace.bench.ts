// npm run bench:workplace — the Workplace's widget requests, all at once as the page sends them,
// over real HTTP on loopback against the demo data. Target: median under 100 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import { signIn } from './harness.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'water-bench-'));
const database = await openDatabase({ dataDir: 'memory://' });
await database.migrate();
await seed(database.db, { demo: true, dataDir });
const app = await buildApp({
  config: loadConfig({ DATA_DIR: dataDir, MQTT_PORT: '0', API_RATE_LIMIT: '1000000' }),
  database,
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });

const WIDGETS = [
  '/api/workplace/overview',
  '/api/content-data',
  '/api/popular/list?type=text',
  '/api/popular/list?type=image',
  '/api/popular/list?type=video',
  '/api/content/category-share',
  '/api/notices/announcements',
  '/api/user/visits',
  '/api/user/quick-operations',
];

try {
  const headers = await signIn(base, { username: 'user', password: 'User@2026' });
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    const answers = await Promise.all(WIDGETS.map((url) => fetch(`${base}${url}`, { headers }).then((r) => r.json())));
    times.push(performance.now() - started);
    for (const [j, a] of answers.entries()) {
      if ((a as { code: number }).code !== 200) throw new Error(`${WIDGETS[j]}: ${JSON.stringify(a)}`);
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(1);
  console.log(`database: ${database.kind}; ${WIDGETS.length} widget requests in parallel, ${ROUNDS} rounds`);
  console.log(`all widgets answered: p95 ${at(0.95)} ms`);
  console.log(`all widgets answered: median ${at(0.5)} ms (target < 100 ms)`);
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
