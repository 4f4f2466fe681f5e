// npm run bench:water — the water-quality screen's answers (issue 18) over a quarter of a mid-size
// utility's results, over real HTTP on loopback, every request made and timed by a child process:
// - data: the demo's 8 sites, each with 6 online parameters every 10 minutes for 90 days (~620,000
//   results, judged in memory by `judgedRow`: values in their limits but for ~2 % pushed beyond one)
//   and a daily lab sample (its parameters but conductivity) for 90 days, written one JSON statement
//   per 10,000 results as the demo seed writes its own, then VACUUM ANALYZE;
// - GET /api/water-quality/latest; /history of one online parameter for 7 days (raw) and for 90 days
//   (hourly buckets); /compliance over 3 months; /report for one month (XLSX, its size printed);
//   POST /api/water-quality/results (a lab sample of 5–6 values: judged, stored, audited; one in five
//   with an exceeding value, whose alarm the alarm seam raises after the answer);
// - each by 1 caller (BENCH_ROUNDS answers, 30) and by 10 concurrent callers (BENCH_CONCURRENT_CALLS,
//   100), p50 / p95 ms after warm-up. Targets at 1 caller: latest p95 ≤ 100 ms, history ≤ 300 ms,
//   compliance ≤ 1000 ms, sample POST ≤ 200 ms; exit code 1 when one is missed.
// PGlite (in memory) by default; BENCH_DATABASE_URL=postgres://… measures a PostgreSQL server (the
// database is created when missing; its public schema is dropped and recreated: give it a scratch one).
import { fork } from 'node:child_process';
import os from 'node:os';
import type { WqLimit, WqParameter, WqSiteKind } from '@water/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { seededRandom } from '../apps/server/src/db/seed/demo-water-quality.ts';
import {
  insertJudgedRows,
  judgedRow,
  loadJudging,
  type SiteJudging,
} from '../apps/server/src/modules/water-quality/wq-record.ts';
import { loadInChild, openBench, quantiles, rowsOf, signIn } from './harness.ts';

const DAYS = Number(process.env.BENCH_DAYS ?? 90);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const CONCURRENT = 10;
const CONCURRENT_CALLS = Number(process.env.BENCH_CONCURRENT_CALLS ?? 100);
const EXCEEDING_SHARE = 0.02;
const STEP_MS = 10 * 60_000;
const DAY_MS = 86_400_000;
const OFFSET_MS = 8 * 3_600_000;
const CHUNK = 10_000;

// ———————————————————————————————————————————————————————————————— the POST caller (child process)

interface PostJob {
  base: string;
  headers: Record<string, string>;
  bodies: unknown[];
  viewers: number;
  warmup: number;
}

/** Sends the job's bodies, `viewers` at a time back to back, the first `warmup` untimed; ms per answer. */
async function runPosts(job: PostJob): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const post = async (body: unknown) => {
    const t0 = performance.now();
    const res = await fetch(`${job.base}/api/water-quality/results`, {
      method: 'POST',
      headers: { ...job.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (!text.startsWith('{"code":200,')) throw new Error(`POST results: ${res.status} ${text.slice(0, 200)}`);
    return ms;
  };
  await Promise.all(
    Array.from({ length: job.viewers }, async () => {
      while (next < job.bodies.length) {
        const i = next++;
        const ms = await post(job.bodies[i]);
        if (i >= job.warmup) times.push(ms);
      }
    }),
  );
  return times;
}

function postInChild(job: PostJob): Promise<number[]> {
  const child = fork(import.meta.filename, ['--post-child'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<number[]>((resolve, reject) => {
    child.once('message', (m: { times?: number[]; error?: string }) =>
      m.times ? resolve(m.times) : reject(new Error(m.error)),
    );
    child.once('exit', (code) => reject(new Error(`the POST caller exited (${code})`)));
    child.once('error', reject);
    child.send(job);
  }).finally(() => child.kill());
}

// ———————————————————————————————————————————————————————————————————————————————— the data

/** What each kind of site measures online (the lab: the same but conductivity). */
const MEASURED: Record<string, WqParameter[]> = {
  plant_outlet: ['ph', 'turbidity', 'chlorine_free', 'chlorine_total', 'conductivity', 'temperature'],
  tap: ['ph', 'turbidity', 'chlorine_free', 'chlorine_total', 'conductivity', 'temperature'],
  wastewater_discharge: ['ph', 'cod', 'nh3n', 'tp', 'tn', 'temperature'],
  river: ['ph', 'do', 'codmn', 'nh3n', 'tp', 'temperature'],
  lake: ['ph', 'do', 'codmn', 'nh3n', 'tp', 'temperature'],
};

/** A usual value (mean, spread) by parameter and kind of site. */
function usual(p: WqParameter, kind: string): [number, number] {
  const waste = kind === 'wastewater_discharge';
  const surface = kind === 'river' || kind === 'lake';
  switch (p) {
    case 'ph':
      return [7.4, 0.3];
    case 'turbidity':
      return [0.25, 0.1];
    case 'chlorine_free':
      return kind === 'tap' ? [0.35, 0.08] : [0.65, 0.12];
    case 'chlorine_total':
      return kind === 'tap' ? [0.47, 0.08] : [0.78, 0.12];
    case 'conductivity':
      return [420, 40];
    case 'temperature':
      return [19, 3];
    case 'do':
      return [7, 0.8];
    case 'cod':
      return surface ? [15, 3] : [25, 5];
    case 'codmn':
      return [3.5, 0.8];
    case 'nh3n':
      return waste ? [2, 1] : [0.5, 0.25];
    case 'tp':
      return waste ? [0.3, 0.08] : [0.12, 0.04];
    case 'tn':
      return [10, 2];
    default:
      return [1, 0.2];
  }
}

/** The limit that decides compliance: the target class's in a graded set, else the set's one. */
function decidingLimit(site: SiteJudging, p: WqParameter): WqLimit | undefined {
  const limits = site.limits.filter((l) => l.parameter === p);
  return limits.find((l) => l.grade === null || l.grade === (site.targetGrade ?? 3));
}

/** A value of `p` at `site`: usually within its limit, beyond it when `exceed`. */
function readingOf(site: SiteJudging, kind: string, p: WqParameter, random: () => number, exceed: boolean): number {
  const [mean, spread] = usual(p, kind);
  let v = mean + (random() * 2 - 1) * spread;
  const limit = decidingLimit(site, p);
  if (limit) {
    if (exceed) {
      if (limit.upper !== null && (limit.lower === null || random() < 0.5)) v = limit.upper * 1.5 + 0.1;
      else if (limit.lower !== null) v = limit.lower * 0.5;
    } else {
      if (limit.upper !== null && v > limit.upper) v = limit.upper * 0.85;
      if (limit.lower !== null && v < limit.lower) v = limit.lower * 1.15;
    }
  }
  return Math.round(Math.max(0, v) * 1000) / 1000;
}

interface Site {
  id: number;
  code: string;
  kind: WqSiteKind;
  deviceId: number | null;
  deviceCode: string | null;
}

type Row = ReturnType<typeof judgedRow>;

// ———————————————————————————————————————————————————————————————————————————————— the bench

async function createDatabase(url: string) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (found.rowCount === 0) await admin.query(`create database "${name.replaceAll('"', '""')}"`);
  await admin.end();
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) await createDatabase(url);
  const bench = await openBench(url);
  const { database } = bench;
  try {
    // ————— the data
    const seeded = performance.now();
    const now = new Date(Math.floor(Date.now() / STEP_MS) * STEP_MS - STEP_MS);
    const start = now.getTime() - DAYS * DAY_MS;
    const sites = await rowsOf<Site>(
      database,
      sql`select s.id, s.code, s.kind, d.id as "deviceId", d.code as "deviceCode"
          from wq_sites s left join wq_site_devices sd on sd.site_id = s.id left join devices d on d.id = sd.device_id
          where s.enabled order by s.code`,
    );
    if (sites.length === 0) throw new Error('the demo seed made no water-quality site');
    const judging = await loadJudging(
      database.db,
      sites.map((s) => s.id),
    );
    const random = seededRandom(2026);
    const coldLimited = (site: SiteJudging, p: WqParameter) =>
      site.limits.some((l) => l.parameter === p && l.coldUpper !== null);
    let buffer: Row[] = [];
    let online = 0;
    let lab = 0;
    const flush = async (all = false) => {
      while (buffer.length >= CHUNK || (all && buffer.length > 0)) {
        await insertJudgedRows(database.db, buffer.slice(0, CHUNK));
        buffer = buffer.slice(CHUNK);
      }
    };
    // Time first, as results arrive: every site's parameters at each 10-minute step.
    for (let t = start + STEP_MS; t <= now.getTime(); t += STEP_MS) {
      const local = new Date(t + OFFSET_MS);
      const labTime = local.getUTCHours() === 9 && local.getUTCMinutes() === 0;
      for (const s of sites) {
        const site = judging.get(s.id)!;
        const temperature = readingOf(site, s.kind, 'temperature', random, false);
        const parameters = MEASURED[s.kind] ?? [];
        for (const p of parameters) {
          const exceed = random() < EXCEEDING_SHARE;
          const value = p === 'temperature' ? temperature : readingOf(site, s.kind, p, random, exceed);
          buffer.push(
            judgedRow(
              site,
              {
                siteId: s.id,
                parameter: p,
                source: 'online',
                sampledAt: new Date(t),
                value,
                belowDetection: false,
                deviceId: s.deviceId,
                deviceCode: s.deviceCode,
              },
              coldLimited(site, p) ? temperature : null,
            ),
          );
          online++;
        }
        if (labTime) {
          const day = local.toISOString().slice(0, 10).replaceAll('-', '');
          for (const p of parameters.filter((x) => x !== 'conductivity')) {
            const exceed = random() < EXCEEDING_SHARE;
            const value = p === 'temperature' ? temperature : readingOf(site, s.kind, p, random, exceed);
            buffer.push(
              judgedRow(
                site,
                {
                  siteId: s.id,
                  parameter: p,
                  source: 'lab',
                  sampledAt: new Date(t),
                  value,
                  belowDetection: false,
                  sampleId: `L${day}-${s.code}`,
                  analyst: '王芳',
                },
                coldLimited(site, p) ? temperature : null,
              ),
            );
            lab++;
          }
        }
      }
      await flush();
    }
    await flush(true);
    await database.db.execute(sql`vacuum analyze`);
    const mix = await rowsOf<{ verdict: string; n: number }>(
      database,
      sql`select verdict, count(*)::int as n from wq_results group by verdict order by verdict`,
    );
    const total = mix.reduce((a, m) => a + m.n, 0);
    console.log(
      `database: ${database.kind}; ${sites.length} sites, ${online.toLocaleString('en')} online results (every 10 min, ${DAYS} days) and ${lab.toLocaleString('en')} lab results, written in ${((performance.now() - seeded) / 1000).toFixed(1)} s; ${mix.map((m) => `${m.verdict} ${((m.n / total) * 100).toFixed(1)} %`).join(', ')}`,
    );

    // ————— the server and its callers
    const base = await bench.listen();
    const headers = await signIn(base);
    const month = (ms: number) => new Date(ms + OFFSET_MS).toISOString().slice(0, 7);
    const iso = (ms: number) => new Date(ms).toISOString();
    const end = now.getTime() + STEP_MS;
    const tap = sites.find((s) => s.kind === 'tap') ?? sites[0]!;
    const lastMonth = month(Date.parse(`${month(end)}-01T00:00:00Z`) - OFFSET_MS - DAY_MS);
    const cases = [
      { name: 'latest (8 sites)', path: '/api/water-quality/latest', target: 100, prefix: '{"code":200,' },
      {
        name: 'history 7 days (raw)',
        path: `/api/water-quality/history?siteId=${tap.id}&parameter=chlorine_free&from=${iso(end - 7 * DAY_MS)}&to=${iso(end)}`,
        target: 300,
        prefix: '{"code":200,',
      },
      {
        name: `history ${DAYS} days (hourly)`,
        path: `/api/water-quality/history?siteId=${tap.id}&parameter=chlorine_free&from=${iso(end - DAYS * DAY_MS)}&to=${iso(end)}`,
        target: 300,
        prefix: '{"code":200,',
      },
      {
        name: 'compliance 3 months',
        path: `/api/water-quality/compliance?fromMonth=${month(end - 60 * DAY_MS)}&toMonth=${month(end)}`,
        target: 1000,
        prefix: '{"code":200,',
      },
      {
        name: `report ${lastMonth} (XLSX)`,
        path: `/api/water-quality/report?month=${lastMonth}`,
        target: null,
        prefix: 'PK',
      },
    ];
    const report = await fetch(`${base}${cases[4]!.path}`, { headers });
    const xlsx = Buffer.from(await report.arrayBuffer());
    if (report.status !== 200 || xlsx.subarray(0, 2).toString() !== 'PK') throw new Error('the report is no XLSX');
    console.log(`report ${lastMonth}: ${(xlsx.length / 1024).toFixed(0)} KB of XLSX`);

    interface Line {
      name: string;
      target: number | null;
      one: number[];
      ten: number[];
      perSecond: number;
    }
    const lines: Line[] = [];
    for (const c of cases) {
      const job = { base, path: c.path, headers, okPrefix: c.prefix };
      const one = await loadInChild({ ...job, viewers: 1, calls: ROUNDS, warmup: 3 });
      const ten = await loadInChild({ ...job, viewers: CONCURRENT, calls: CONCURRENT_CALLS, warmup: CONCURRENT });
      lines.push({
        name: c.name,
        target: c.target,
        one: one.times,
        ten: ten.times,
        perSecond: CONCURRENT_CALLS / ten.seconds,
      });
      console.log(`  measured ${c.name}`);
    }

    // Lab samples: each site in turn, each sample its own id and minute, one in five with a value beyond its limit.
    let sample = 0;
    const bodies = (n: number) =>
      Array.from({ length: n }, () => {
        const i = sample++;
        const s = sites[i % sites.length]!;
        const site = judging.get(s.id)!;
        const parameters = (MEASURED[s.kind] ?? []).filter((p) => p !== 'conductivity');
        const bad = i % 5 === 0 ? parameters[1 + (i % (parameters.length - 1))] : undefined;
        return {
          siteId: s.id,
          sampleId: `BENCH-${i}`,
          sampledAt: iso(now.getTime() - 3_600_000 + i * 1000),
          analyst: '陈静',
          values: parameters.map((p) => ({ parameter: p, value: readingOf(site, s.kind, p, random, p === bad) })),
        };
      });
    const postOne = await postInChild({ base, headers, bodies: bodies(ROUNDS + 3), viewers: 1, warmup: 3 });
    const t0 = performance.now();
    const postTen = await postInChild({
      base,
      headers,
      bodies: bodies(CONCURRENT_CALLS + CONCURRENT),
      viewers: CONCURRENT,
      warmup: CONCURRENT,
    });
    lines.push({
      name: 'lab sample POST (5–6 values)',
      target: 200,
      one: postOne,
      ten: postTen,
      perSecond: postTen.length / ((performance.now() - t0) / 1000),
    });

    // ————— the table
    const load = os.loadavg().map((x) => x.toFixed(2));
    console.log(
      `\n${database.kind}, ${os.cpus().length} cores, load average ${load.join(' ')}; ms, 1 caller ${ROUNDS} answers, ${CONCURRENT} callers ${CONCURRENT_CALLS}`,
    );
    console.log(
      `${'case'.padEnd(30)} ${'1: p50'.padStart(8)} ${'p95'.padStart(8)}   ${'10: p50'.padStart(8)} ${'p95'.padStart(8)} ${'/s'.padStart(6)}   target (p95, 1 caller)`,
    );
    let missed = 0;
    for (const l of lines) {
      const one = quantiles(l.one);
      const ten = quantiles(l.ten);
      const met = l.target === null ? '' : one(0.95) <= l.target ? `≤ ${l.target}: met` : `≤ ${l.target}: MISSED`;
      if (l.target !== null && one(0.95) > l.target) missed++;
      const f = (x: number) => x.toFixed(1).padStart(8);
      console.log(
        `${l.name.padEnd(30)} ${f(one(0.5))} ${f(one(0.95))}   ${f(ten(0.5))} ${f(ten(0.95))} ${l.perSecond.toFixed(0).padStart(6)}   ${met}`,
      );
    }
    process.exitCode = missed ? 1 : 0;
  } finally {
    await bench.close();
  }
}

// As the POST caller's child process: one job per message; else the bench itself.
if (process.argv[2] === '--post-child') {
  process.on('message', (job: PostJob) => {
    runPosts(job).then(
      (times) => process.send!({ times }),
      (error: unknown) => process.send!({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
} else {
  await main();
}
