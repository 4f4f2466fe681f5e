// What every API benchmark does around its own cases: a database with the demo seed (PGlite, or the
// PostgreSQL server of BENCH_DATABASE_URL with its schema dropped and recreated), the real app on a
// loopback port, a signed-in caller, and per-case timings.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import type { LoadJob, LoadResult } from './load.ts';

export const ADMIN = { username: '13800000001', password: 'Admin@2026' };

export interface Bench {
  database: Database;
  dataDir: string;
  /**
   * Starts the app on a loopback port (after the bench has loaded its data) and returns its base URL.
   * `settings` adds to or overrides the bench's (e.g. an embedded MQTT broker on an ephemeral port).
   */
  listen: (settings?: Record<string, string>) => Promise<string>;
  /** The running app (after `listen`), for what a bench reads from it (the MQTT endpoint, the writer's stats). */
  app: () => Awaited<ReturnType<typeof buildApp>>;
  /** Closes the app and the database and removes the data folder, whatever happened before. */
  close: () => Promise<void>;
}

/** `pgliteOnDisk`: PGlite keeps its files in the data folder (as a server does) rather than in memory. */
export async function openBench(
  url = process.env.BENCH_DATABASE_URL,
  options: { pgliteOnDisk?: boolean } = {},
): Promise<Bench> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'water-bench-'));
  const database = await openDatabase(
    url ? { url } : { dataDir: options.pgliteOnDisk ? path.join(dataDir, 'pglite') : 'memory://' },
  );
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const close = async () => {
    await app?.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (url) {
      await database.db.execute(sql`drop schema if exists public cascade`);
      await database.db.execute(sql`drop schema if exists drizzle cascade`);
      await database.db.execute(sql`create schema public`);
    }
    await database.migrate();
    await seed(database.db, { demo: true, dataDir, now: new Date('2026-06-01T08:00:00Z') });
  } catch (error) {
    await close();
    throw error;
  }
  return {
    database,
    dataDir,
    close,
    app: () => {
      if (!app) throw new Error('the bench app is not listening yet');
      return app;
    },
    listen: async (settings = {}) => {
      app = await buildApp({
        config: loadConfig({
          DATA_DIR: dataDir,
          MQTT_PORT: '0',
          API_RATE_LIMIT: '1000000',
          SIMULATOR: 'off',
          ...settings,
        }),
        database,
      });
      return app.listen({ port: 0, host: '127.0.0.1' });
    },
  };
}

/** Signs in over HTTP; the headers of the signed-in caller. */
export async function signIn(base: string, account = ADMIN): Promise<Record<string, string>> {
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return { authorization: `Bearer ${token}` };
}

/** Quantiles of sorted timings, e.g. at(0.95). */
export function quantiles(times: number[]): (p: number) => number {
  const sorted = [...times].sort((a, b) => a - b);
  return (p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

/**
 * Times a GET `rounds` times after three warm-ups, failing on any answer but 200, prints its median
 * and p95 under `name`, and returns the p95.
 */
export async function timeGet(
  base: string,
  headers: Record<string, string>,
  name: string,
  url: string,
  rounds: number,
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < rounds + 3; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${url}`, { headers });
    const body = (await res.json()) as { code: number; msg: string };
    if (body.code !== 200) throw new Error(`${url}: ${body.msg}`);
    if (i >= 3) times.push(performance.now() - t0);
  }
  const at = quantiles(times);
  console.log(
    `${name.padEnd(42)} median ${at(0.5).toFixed(1).padStart(6)} ms   p95 ${at(0.95).toFixed(1).padStart(6)} ms`,
  );
  return at(0.95);
}

/** Rows of a raw query: PGlite and node-postgres both answer `{ rows }`. */
export async function rowsOf<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The embedded broker's port, once the app listens with MQTT_PORT=0 replaced by a real one. */
export const mqttPortOf = (endpoint: string) => Number(new URL(endpoint).port);

/** A free loopback TCP port (the embedded broker takes a fixed one, not 0, as its "off" value). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as import('node:net').AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs a load job (load.ts) in a child process, so that the requests and the reading of the answers
 * do not share the server's event loop and core: the timings are what a client receives.
 */
export function loadInChild(job: LoadJob): Promise<LoadResult> {
  const child = fork(path.join(import.meta.dirname, 'load.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<LoadResult>((resolve, reject) => {
    child.once('message', (m: { result?: LoadResult; error?: string }) =>
      m.result ? resolve(m.result) : reject(new Error(m.error)),
    );
    child.once('exit', (code) => reject(new Error(`the load generator exited (${code})`)));
    child.once('error', reject);
    child.send(job);
  }).finally(() => child.kill());
}

/**
 * Times a GET `rounds` times, one after the other (`pauseMs` apart), from a child process after three
 * warm-ups (any answer but a 200 fails), prints its median and p95 under `name`, and returns the p95.
 */
export async function timeGetApart(
  base: string,
  headers: Record<string, string>,
  name: string,
  url: string,
  rounds: number,
  pauseMs = 0,
): Promise<number> {
  const { times } = await loadInChild({
    base,
    path: url,
    viewers: 1,
    calls: rounds,
    warmup: 3,
    headers,
    okPrefix: '{"code":200,',
    pauseMs,
  });
  const at = quantiles(times);
  console.log(
    `${name.padEnd(42)} median ${at(0.5).toFixed(1).padStart(6)} ms   p95 ${at(0.95).toFixed(1).padStart(6)} ms`,
  );
  return at(0.95);
}
