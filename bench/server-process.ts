// The real server process as `npm start` runs it (minus the demo's history, the simulator and the MQTT
// port), for benchmarks that measure what a browser or a process receives: bench:web, bench:video.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  origin: string;
  /** The server's process id (its CPU time and memory are in /proc/<pid>). */
  pid: number;
  /** Resolves once /readyz answers; throws with the server's last output if it exits or never does. */
  ready: () => Promise<void>;
  /** Stops the server and removes its data folder. */
  stop: () => void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts apps/server/src/server.ts on a free port with a temporary DATA_DIR (PGlite), serving `dist`. */
export async function startServerProcess(dist: string, name: string): Promise<ServerProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `water-bench-${name}-`));
  let log = '';
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST: dist,
      SEED_HISTORY: 'false',
      SIMULATOR: 'false',
      MQTT_PORT: '0',
      LOG_LEVEL: 'warn',
    },
  });
  server.stdout?.on('data', (d) => {
    log += d;
  });
  server.stderr?.on('data', (d) => {
    log += d;
  });
  process.on('exit', () => server.exitCode === null && server.kill('SIGKILL'));
  return {
    origin,
    pid: server.pid ?? 0,
    stop: () => {
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
    ready: async () => {
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        if (server.exitCode !== null) throw new Error(`the server exited:\n${log.slice(-2000)}`);
        const ok = await fetch(`${origin}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`the server did not become ready:\n${log.slice(-2000)}`);
    },
  };
}
