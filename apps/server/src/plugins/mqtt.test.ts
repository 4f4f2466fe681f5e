import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StartupError } from '../lib/errors.ts';
import { createTestApp, type TestApp, testDatabase } from '../testing/build-app.ts';

// The worker's database opens once, under the hook timeout, not inside the first test's.
beforeAll(() => testDatabase());

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

// A port per worker, clear of Mosquitto's 1883 and of npm start's 1884.
const port = 19_000 + (Number(process.env.VITEST_POOL_ID ?? 1) % 50) * 10;

describe('MQTT broker', () => {
  it('runs embedded, reports itself in /readyz, and admits no unknown client', async () => {
    t = await createTestApp({ MQTT_PORT: String(port), MQTT_HOST: '127.0.0.1' });
    const ready = (await t.inject({ method: 'GET', url: '/readyz' })).json();
    expect(ready.mqtt).toEqual({ mode: 'embedded', connected: true, endpoint: `mqtt://127.0.0.1:${port}` });
    const error = await mqtt
      .connectAsync(`mqtt://127.0.0.1:${port}`, { username: 'PS-001', password: 'guess', reconnectPeriod: 0 })
      .then(
        async (c) => {
          await c.endAsync();
          return null;
        },
        (err: Error) => err,
      );
    expect(error?.message).toMatch(/Not authorized/i);
  });

  it('admits a client the authenticator accepts', async () => {
    t = await createTestApp({ MQTT_PORT: String(port + 1), MQTT_HOST: '127.0.0.1' });
    t.app.mqtt.setAuthenticator(async (_id, username, password) => username === 'dev' && password === 's3cret');
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port + 1}`, {
      username: 'dev',
      password: 's3cret',
      reconnectPeriod: 0,
    });
    expect(client.connected).toBe(true);
    await client.endAsync();
  });

  it('connects to an external broker with MQTT_URL (the local Mosquitto), opening no port of its own', async () => {
    t = await createTestApp({ MQTT_URL: 'mqtt://127.0.0.1:1883' });
    const deadline = Date.now() + 5000;
    while (!t.app.mqtt.status().connected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(t.app.mqtt.status()).toEqual({ mode: 'external', connected: true, endpoint: 'mqtt://127.0.0.1:1883' });
  });
});

// ---- Start-up: the embedded broker's port already taken -------------------------------------

/** A port some other program holds on 127.0.0.1 until `close`. */
async function takenPort() {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  return {
    port: (holder.address() as net.AddressInfo).port,
    close: () => new Promise<void>((resolve) => holder.close(() => resolve())),
  };
}

describe('MQTT_PORT already in use', () => {
  it('stops the app with a StartupError naming MQTT_PORT and the way out', async () => {
    const taken = await takenPort();
    try {
      const error = await createTestApp({ MQTT_PORT: String(taken.port), MQTT_HOST: '127.0.0.1' }).then(
        (app) => app.close().then(() => null),
        (err: unknown) => err,
      );
      expect(error).toBeInstanceOf(StartupError);
      expect((error as Error).message).toBe(
        `MQTT_PORT ${taken.port} is already in use: stop the other program or set MQTT_PORT to a free port (0 turns the embedded broker off)`,
      );
    } finally {
      await taken.close();
    }
  });

  // Runs once, in the PGlite pass: the process test does not depend on the database server.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'makes the server process print that one line and exit with code 1, no stack trace',
    async () => {
      const taken = await takenPort();
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'water-mqtt-port-'));
      try {
        const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
          cwd: path.resolve(import.meta.dirname, '../../../..'),
          env: {
            ...process.env,
            PORT: String(taken.port + 1),
            HOST: '127.0.0.1',
            MQTT_PORT: String(taken.port),
            MQTT_HOST: '127.0.0.1',
            MQTT_URL: '',
            DATA_DIR: dataDir,
            DATABASE_URL: '',
            LOG_LEVEL: 'warn',
          },
        });
        let stderr = '';
        child.stderr.on('data', (d) => {
          stderr += d;
        });
        child.stdout.resume();
        const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
        expect(code, stderr).toBe(1);
        expect(stderr.trim()).toBe(
          `MQTT_PORT ${taken.port} is already in use: stop the other program or set MQTT_PORT to a free port (0 turns the embedded broker off)`,
        );
      } finally {
        await taken.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
