// npm run bench:alarm-preview — the alarm-rule preview (issue 15): POST /api/alarm-rules/preview replays
// the last 24 h of raw readings of every device a rule watches through the engine's evaluator. The
// demo city (12 stations) gets 24 h of raw points for its station devices (a reading a device a
// minute, as a running installation keeps for TELEMETRY_RAW_DAYS), then each rule below is
// previewed ROUNDS times after two warm-ups, over HTTP on loopback. Target: a rule on the 12 stations'
// wet wells, p95 ≤ 1000 ms ("well under a second"); the pump rule (36 controllers, three metrics, nine
// times the readings) is measured beside it. PGlite by default; BENCH_DATABASE_URL=postgres://… measures a PostgreSQL server. Beside
// the times it prints the CPU the bench's process spent a preview (the server and, on PGlite, the
// database): on a loaded machine the times follow the load, the CPU much less.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { seedDemoHistory } from '../apps/server/src/db/seed/demo-history.ts';
import { openBench, quantiles, rowsOf, signIn } from './harness.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const TARGET = 1000;

const bench = await openBench();
const { database } = bench;
try {
  const codes = (
    await rowsOf<{ code: string }>(database, sql`select code from devices where code like 'PS%' order by code`)
  ).map((r) => r.code);
  const seeded = await database.db.transaction((tx) =>
    seedDemoHistory(tx, new Date(), { days: 1, minuteHours: 24, rawHours: 24, codes }),
  );
  console.log(
    `raw points: ${seeded?.rows.raw ?? 0} for ${seeded?.devices ?? 0} station devices (${codes.length} codes) on ${database.kind}`,
  );
  const typeId = async (code: string) =>
    (await rowsOf<{ id: number }>(database, sql`select id from device_types where code = ${code}`))[0]!.id;
  const level = await typeId('level_gauge');
  const pump = await typeId('pump_controller');
  const rules = [
    {
      name: 'wet wells over their high-level set-point for 5 min',
      target: true,
      body: {
        name: 'bench',
        severity: 'major',
        deviceTypeId: level,
        groups: [
          { conditions: [{ kind: 'compare', metric: 'level', op: 'ge', value: 4, setpoint: 'highAlarmLevel' }] },
        ],
        durationMinutes: 5,
      },
    },
    {
      name: 'wet wells rising fast, or silent (rate, nodata)',
      target: true,
      body: {
        name: 'bench',
        severity: 'minor',
        deviceTypeId: level,
        groups: [
          { conditions: [{ kind: 'rate', metric: 'level', direction: 'rise', amount: 0.3, windowMinutes: 15 }] },
          { conditions: [{ kind: 'nodata', metric: 'level', minutes: 10 }] },
        ],
        clearDeadband: 0.05,
      },
    },
    {
      name: 'pumps stopped at high frequency or faulted',
      target: false,
      body: {
        name: 'bench',
        severity: 'critical',
        deviceTypeId: pump,
        groups: [
          {
            conditions: [
              { kind: 'compare', metric: 'running', op: 'eq', value: true },
              { kind: 'compare', metric: 'frequency', op: 'gt', value: 45 },
            ],
          },
          { conditions: [{ kind: 'compare', metric: 'fault', op: 'eq', value: true }] },
          { conditions: [{ kind: 'event', event: 'pump_fault' }] },
        ],
        repeat: { count: 3, withinMinutes: 60 },
      },
    },
  ];

  const base = await bench.listen();
  const headers = { ...(await signIn(base)), 'content-type': 'application/json' };
  let worst = 0;
  console.log(`load ${os.loadavg()[0]!.toFixed(2)}`);
  for (const rule of rules) {
    const times: number[] = [];
    const cpu: number[] = [];
    let answer: { replayed: number; points: number; raised: number } | undefined;
    for (let i = 0; i < ROUNDS + 2; i++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const res = await fetch(`${base}/api/alarm-rules/preview`, {
        method: 'POST',
        headers,
        body: JSON.stringify(rule.body),
      });
      const body = (await res.json()) as { code: number; msg: string; data: typeof answer };
      if (body.code !== 200) throw new Error(`${rule.name}: ${body.msg}`);
      const c = process.cpuUsage(c0);
      if (i >= 2) {
        times.push(performance.now() - t0);
        cpu.push((c.user + c.system) / 1000);
      }
      answer = body.data;
    }
    const at = quantiles(times);
    const cpuAt = quantiles(cpu);
    if (rule.target) worst = Math.max(worst, at(0.95));
    console.log(
      `${rule.name.padEnd(52)} ${String(answer!.replayed).padStart(3)} devices ${String(answer!.points).padStart(6)} points ${String(answer!.raised).padStart(4)} raised   median ${at(0.5).toFixed(0).padStart(5)} ms   p95 ${at(0.95).toFixed(0).padStart(5)} ms   this process's CPU median ${cpuAt(0.5).toFixed(0).padStart(5)} ms`,
    );
  }
  console.log(`load ${os.loadavg()[0]!.toFixed(2)}`);
  console.log(`wet-well preview p95 ${worst.toFixed(0)} ms (target ≤ ${TARGET} ms) on ${database.kind}`);
  if (worst > TARGET) process.exitCode = 1;
} finally {
  await bench.close();
}
