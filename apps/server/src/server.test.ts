import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'water-server-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(
  port: number,
  env: Record<string, string> = {},
): { child: ChildProcess; exited: Promise<number | null>; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MQTT_PORT: '0',
      DATABASE_URL: '',
      SEED_HISTORY: 'false',
      ...env,
    },
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

// A first start migrates and seeds the demo city; on two busy cores (CI runs other suites beside
// this one) that has taken over 30 s.
async function waitReady(port: number) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become ready');
}

// Runs once, in the PGlite pass: the process test does not depend on the database server.
/** A port nobody listens on now (a fixed one once met a server an earlier, failed run had left running). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A server a failed test left running would answer the next run's requests: none outlives its test. */
const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the server process', () => {
  it('keeps its data across restarts and finishes a request in flight on SIGTERM, then exits 0', async () => {
    const port = await freePort();
    const first = start(port);
    running.push(first.child);
    await waitReady(port);
    const login = () =>
      fetch(`http://127.0.0.1:${port}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: '13800000001', password: 'Admin@2026' }),
      });
    const token = ((await (await login()).json()) as { data: { token: string } }).data.token;
    const inFlight = login();
    await new Promise((r) => setTimeout(r, 10));
    first.child.kill('SIGTERM');
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    const code = await first.exited;
    expect(code, first.output().slice(-2000)).toBe(0);
    expect(first.output()).toContain('shutting down');

    // The embedded database in DATA_DIR survives: the session issued before the restart still works.
    const second = start(port);
    running.push(second.child);
    try {
      await waitReady(port);
      const info = await fetch(`http://127.0.0.1:${port}/api/v1/remote/users/role-info`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(((await info.json()) as { code: number }).code).toBe(200);
    } finally {
      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
    }
  }, 240_000);

  it('stops with one line naming PORT, exit code 1, when the port is taken', async () => {
    const port = await freePort();
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    try {
      // Its own DATA_DIR: a server that went on would open a database, which this one must not.
      const dir = mkdtempSync(path.join(os.tmpdir(), 'water-server-port-'));
      const taken = start(port, { DATA_DIR: dir });
      running.push(taken.child);
      const code = await taken.exited;
      const left = readdirSync(dir);
      rmSync(dir, { recursive: true, force: true });
      expect(left, 'no database opened').toEqual([]);
      expect(code, taken.output()).toBe(1);
      expect(taken.output().trim()).toBe(
        `PORT ${port} is already in use: stop the other program or set PORT to a free port`,
      );
    } finally {
      holder.close();
    }
  }, 60_000);
});
