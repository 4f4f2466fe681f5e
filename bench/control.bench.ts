// npm run bench:control — a pump command's round trip (issue 17): the API call, the server's
// interlocks and record, the embedded broker, the simulated controller's acknowledgement (its own
// delay: 50–300 ms, median about 80), the reply back through the broker, and the `pump-command`
// event on the console's WebSocket. The server runs in this process with the embedded broker and the
// demo city's simulator (every demo device reporting at the server's default interval); a client in
// a child process (apart from the server's event loop) signs in, opens /api/ws (auth, then
// subscribe-stations with every demo station) and sends 20 commands at once to 20 pumps of stations
// without four eyes, none at local: set_mode auto ↔ remote, always allowed (each pump to the mode it
// is not in), one warm-up round then BENCH_CONTROL_ROUNDS (10), each round once the last one's 20
// have finished. Timed from just before each call: the call's answer, the event with the command
// acknowledged and the event with it succeeded. p50 / p95 / max; target p95 ≤ 300 ms to
// acknowledged (exit code 1 over it, or on a command that did not succeed). PGlite by default;
// BENCH_DATABASE_URL=postgres://… measures a PostgreSQL server (its schema is dropped and recreated).
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const TARGET_MS = 300;
const CONCURRENT = Number(process.env.BENCH_CONTROL_CONCURRENT ?? 20);

interface Pump {
  pumpId: number;
  stationId: number;
  code: string;
  mode: 'auto' | 'remote';
}
interface Job {
  base: string;
  token: string;
  pumps: Pump[];
  stationIds: number[];
  rounds: number;
}
interface Result {
  answer: number[];
  acknowledged: number[];
  succeeded: number[];
  problems: string[];
}
interface CommandEvent {
  type: string;
  command?: { id: number; pumpId: number; state: string; reason: string; detail: string };
}

const FINAL = new Set(['succeeded', 'failed', 'timed_out', 'cancelled', 'blocked', 'refused', 'expired']);

if (process.env.BENCH_ROLE === 'control-client') {
  process.once('message', async (job: Job) => {
    try {
      const ws = new WebSocket(`${job.base.replace(/^http/, 'ws')}/api/ws`);
      let ready: () => void;
      const isReady = new Promise<void>((resolve) => (ready = resolve));
      /** The commands of the round under way, by pump: when each call started and what was seen. */
      let round = -1;
      let inFlight = new Map<number, { t0: number; acked?: number; done?: string; doneAt?: number }>();
      let finished: () => void = () => {};
      const checkDone = () => {
        if ([...inFlight.values()].every((c) => c.done)) finished();
      };
      ws.on('message', (raw) => {
        const now = performance.now();
        const event = JSON.parse(String(raw)) as CommandEvent;
        if (event.type === 'ready') ready();
        if (event.type !== 'pump-command' || !event.command) return;
        const c = event.command;
        if (c.reason !== `bench round ${round}`) return;
        const mine = inFlight.get(c.pumpId);
        if (!mine) return;
        if (c.state === 'acknowledged' && mine.acked === undefined) mine.acked = now - mine.t0;
        if (FINAL.has(c.state) && !mine.done) {
          mine.done = c.state === 'succeeded' ? 'succeeded' : `${c.state}: ${c.detail}`;
          mine.doneAt = now - mine.t0;
          checkDone();
        }
      });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      ws.send(JSON.stringify({ type: 'auth', token: job.token }));
      await isReady;
      ws.send(JSON.stringify({ type: 'subscribe-stations', stationIds: job.stationIds }));
      await new Promise((resolve) => setTimeout(resolve, 500)); // the subscribe frame is handled meanwhile

      const result: Result = { answer: [], acknowledged: [], succeeded: [], problems: [] };
      const modes = new Map(job.pumps.map((p) => [p.pumpId, p.mode]));
      // Round 0 warms up (connections, plans, the JIT); it is not counted.
      for (round = 0; round <= job.rounds; round++) {
        inFlight = new Map(job.pumps.map((p) => [p.pumpId, { t0: 0 }]));
        const allDone = new Promise<void>((resolve) => (finished = resolve));
        const answers = await Promise.all(
          job.pumps.map(async (p) => {
            const to: Pump['mode'] = modes.get(p.pumpId) === 'auto' ? 'remote' : 'auto';
            const mine = inFlight.get(p.pumpId)!;
            mine.t0 = performance.now();
            const res = await fetch(`${job.base}/api/pump-control/commands`, {
              method: 'POST',
              headers: { authorization: `Bearer ${job.token}`, 'content-type': 'application/json' },
              body: JSON.stringify({
                pumpId: p.pumpId,
                command: 'set_mode',
                params: { mode: to },
                reason: `bench round ${round}`,
                idempotencyKey: `bench-${process.pid}-${round}-${p.pumpId}`,
              }),
            });
            const took = performance.now() - mine.t0;
            const body = (await res.json()) as { code: number; msg: string };
            if (body.code !== 200 && !mine.done) {
              mine.done = `HTTP ${res.status}: ${body.msg}`;
              checkDone();
            }
            return { p, to, took };
          }),
        );
        await Promise.race([allDone, new Promise((resolve) => setTimeout(resolve, 15_000))]);
        for (const { p, to, took } of answers) {
          const mine = inFlight.get(p.pumpId)!;
          if (mine.done === 'succeeded') modes.set(p.pumpId, to);
          if (round === 0) {
            if (mine.done !== 'succeeded')
              result.problems.push(`warm-up ${p.code} → ${to}: ${mine.done ?? 'no final state in 15 s'}`);
            continue;
          }
          result.answer.push(took);
          if (mine.acked !== undefined) result.acknowledged.push(mine.acked);
          if (mine.done === 'succeeded') result.succeeded.push(mine.doneAt!);
          else result.problems.push(`round ${round} ${p.code} → ${to}: ${mine.done ?? 'no final state in 15 s'}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      ws.close();
      process.send!(result satisfies Result);
    } catch (err) {
      process.send!({ error: err instanceof Error ? err.message : String(err) });
    }
  });
} else {
  const { openBench, freePort, quantiles, rowsOf, signIn } = await import('./harness.ts');
  const { sql } = await import('drizzle-orm');
  const { startSimulator } = await import('../apps/server/src/simulator/simulator.ts');
  const { pumpControlApi } = await import('@water/contracts');
  const ROUNDS = Number(process.env.BENCH_CONTROL_ROUNDS ?? 10);

  const bench = await openBench();
  let child: ChildProcess | undefined;
  let sim: Awaited<ReturnType<typeof startSimulator>> | undefined;
  let failed = false;
  try {
    const port = await freePort();
    const base = await bench.listen({ MQTT_PORT: String(port), MQTT_HOST: '127.0.0.1' });
    const app = bench.app();
    sim = await startSimulator(app, {
      intervalMs: app.config.SIMULATOR_INTERVAL_MS,
      transport: { kind: 'mqtt', url: `mqtt://127.0.0.1:${port}` },
    });
    const headers = await signIn(base);
    const token = headers.authorization!.replace(/^Bearer /, '');
    const stations = await rowsOf<{ id: number; code: string }>(
      bench.database,
      sql`select id, code from stations order by code`,
    );

    // The pumps the console may switch now: reported (online, mode known), not at local, no four eyes.
    const eligible = async () => {
      const pumps: Pump[] = [];
      for (const s of stations) {
        const res = await fetch(`${base}/api${pumpControlApi.station.path.replace(':id', String(s.id))}`, { headers });
        const view = ((await res.json()) as { data: import('@water/contracts').ControlStation }).data;
        if (view.settings.requireApproval) continue;
        for (const p of view.pumps) {
          if ((p.mode === 'auto' || p.mode === 'remote') && p.checks.set_mode == null && !p.openCommand) {
            pumps.push({ pumpId: p.pumpId, stationId: s.id, code: p.deviceCode, mode: p.mode });
          }
        }
      }
      return pumps;
    };
    const started = Date.now();
    let pumps = await eligible();
    // Each device reports first somewhere within its interval.
    while (pumps.length < CONCURRENT && Date.now() - started < 2 * app.config.SIMULATOR_INTERVAL_MS + 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      pumps = await eligible();
    }
    if (pumps.length < CONCURRENT) throw new Error(`only ${pumps.length} pumps may be switched`);
    // Spread over the stations: every station's pumps in turn.
    const chosen = pumps
      .map((p, i) => ({ p, turn: pumps.filter((o, j) => j < i && o.stationId === p.stationId).length }))
      .sort((a, b) => a.turn - b.turn)
      .slice(0, CONCURRENT)
      .map((x) => x.p);

    child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, BENCH_ROLE: 'control-client' },
      execArgv: process.execArgv,
    });
    const result = await new Promise<Result>((resolve, reject) => {
      child!.once('message', (m: Result | { error: string }) =>
        'error' in m ? reject(new Error(m.error)) : resolve(m),
      );
      child!.once('exit', (code) => reject(new Error(`control client exited (${code})`)));
      child!.send({
        base,
        token,
        pumps: chosen,
        stationIds: stations.map((s) => s.id),
        rounds: ROUNDS,
      } satisfies Job);
    });

    const line = (name: string, xs: number[]) => {
      const at = quantiles(xs);
      return `${name.padEnd(40)} p50 ${at(0.5).toFixed(0).padStart(5)} ms   p95 ${at(0.95).toFixed(0).padStart(5)} ms   max ${at(1).toFixed(0).padStart(5)} ms   (${xs.length})`;
    };
    console.log(
      `database: ${bench.database.kind}; ${sim.devices} simulated devices reporting every ~${app.config.SIMULATOR_INTERVAL_MS / 1000} s; ` +
        `${CONCURRENT} concurrent set_mode commands × ${ROUNDS} rounds over ${new Set(chosen.map((p) => p.stationId)).size} stations`,
    );
    console.log(line('call → answer (recorded, published)', result.answer));
    console.log(line('call → WebSocket: acknowledged', result.acknowledged));
    console.log(line('call → WebSocket: succeeded', result.succeeded));
    for (const p of result.problems.slice(0, 10)) console.log(`  not succeeded: ${p}`);
    if (result.problems.length > 10) console.log(`  … and ${result.problems.length - 10} more`);
    const p95 = quantiles(result.acknowledged)(0.95);
    const complete = result.succeeded.length === CONCURRENT * ROUNDS;
    console.log(
      `command round trip p95 to acknowledged at ${CONCURRENT} concurrent on ${bench.database.kind}: ${p95.toFixed(0)} ms ` +
        `(target ≤ ${TARGET_MS} ms): ${p95 <= TARGET_MS ? 'met' : 'NOT met'}; ` +
        `${result.succeeded.length} of ${CONCURRENT * ROUNDS} succeeded`,
    );
    failed = p95 > TARGET_MS || !complete;
  } finally {
    child?.kill();
    await sim?.stop();
    await bench.close();
  }
  process.exit(failed ? 1 : 0);
}
