import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { devicesApi } from '@water/contracts';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { devices, deviceTypes, telemetryPoints } from '../db/schema/index.ts';
import { StartupError } from '../lib/errors.ts';
import { sha256 } from '../lib/tokens.ts';
import { createTestApp, resetDatabase, TEST_START, type TestApp, testDatabase } from '../testing/build-app.ts';

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

// ---- Access: who may subscribe and publish, and for how long -------------------------------

const SECRET = 'mqtt-acl-secret-0123456789';
let typeId = 0;
let seq = 0;

/** A device of the test type with SECRET; a code of its own per run (an external broker is shared). */
async function newDevice(app: TestApp) {
  if (typeId === 0) {
    const [type] = await app.database.db
      .insert(deviceTypes)
      .values({
        code: `mqtt_acl_${process.pid}`,
        nameZh: '接入测试',
        nameEn: 'Access test',
        model: {
          offlineAfterSeconds: 120,
          metrics: [{ key: 'level', nameZh: '液位', nameEn: 'Level', dataType: 'number', unit: 'm', min: 0, max: 10 }],
        },
      })
      .returning({ id: deviceTypes.id });
    typeId = type!.id;
  }
  const code = `MA-${process.pid}-${++seq}`;
  const [row] = await app.database.db
    .insert(devices)
    .values({ code, name: code, typeId, secretHash: sha256(SECRET) })
    .returning({ id: devices.id, code: devices.code });
  return row!;
}

const pointsOf = async (app: TestApp, deviceId: number) =>
  (await app.database.db.select().from(telemetryPoints).where(eq(telemetryPoints.deviceId, deviceId))).length;

async function until(check: () => Promise<boolean> | boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  return check();
}

const reading = (level: number) => JSON.stringify({ ts: TEST_START.getTime() - 1000 * (level + 1), values: { level } });

/** The QoS granted to each filter, subscribed to one at a time (128: refused). */
async function granted(client: mqtt.MqttClient, filters: string[]) {
  const out: Record<string, number> = {};
  for (const filter of filters) {
    // mqtt.js rejects a SUBACK that refuses; the packet it carries says how.
    out[filter] = await client.subscribeAsync(filter, { qos: 1 }).then(
      (grants) => grants[0]!.qos,
      (err: Error & { packet?: { granted?: number[] } }) => {
        if (!err.packet?.granted) throw err;
        return err.packet.granted[0]!;
      },
    );
  }
  return out;
}

/** Whether the connection opens, or the broker's refusal. */
const tryConnect = (url: string, username: string, password: string) =>
  mqtt.connectAsync(url, { username, password, reconnectPeriod: 0 }).then(
    (c) => c.endAsync().then(() => 'connected'),
    (err: Error) => err.message,
  );

describe('MQTT broker: what a device may subscribe to', () => {
  it('grants a device filters under its own devices/{code}/ and refuses every other, wildcards included', async () => {
    t = await createTestApp({ MQTT_PORT: String(port + 2), MQTT_HOST: '127.0.0.1', TELEMETRY_FLUSH_MS: '10' });
    await resetDatabase(t.database);
    typeId = 0;
    const a = await newDevice(t);
    const b = await newDevice(t);
    const url = `mqtt://127.0.0.1:${port + 2}`;
    const ca = await mqtt.connectAsync(url, { username: a.code, password: SECRET, reconnectPeriod: 0 });
    const cb = await mqtt.connectAsync(url, { username: b.code, password: SECRET, reconnectPeriod: 0 });
    try {
      const received: string[] = [];
      ca.on('message', (topic) => received.push(topic));
      expect(
        await granted(ca, [`devices/${a.code}/#`, `devices/${a.code}/commands/pump-1`, `devices/${a.code}/+`]),
      ).toEqual({ [`devices/${a.code}/#`]: 1, [`devices/${a.code}/commands/pump-1`]: 1, [`devices/${a.code}/+`]: 1 });
      const refused = [
        '#',
        '+/#',
        '$SYS/#',
        '$SYS/+/clients/connected',
        'devices/#',
        'devices/+/telemetry',
        'devices/+/#',
        `+/${a.code}/#`,
        `devices/${b.code}/#`,
        `devices/${b.code}/telemetry`,
        `devices/${a.code}`,
        `$share/g/devices/${a.code}/#`,
        `$share/g/devices/+/telemetry`,
      ];
      expect(await granted(ca, refused)).toEqual(Object.fromEntries(refused.map((f) => [f, 128])));
      expect(ca.connected).toBe(true); // a refused filter leaves the connection open

      // B's reading reaches the server, not A; A's own topic reaches A.
      await cb.publishAsync(`devices/${b.code}/telemetry`, reading(1), { qos: 1 });
      await ca.publishAsync(`devices/${a.code}/events`, '{}', { qos: 1 });
      expect(await until(() => received.length > 0)).toBe(true);
      await new Promise((r) => setTimeout(r, 200));
      expect(await pointsOf(t, b.id)).toBe(1);
      expect(received).toEqual([`devices/${a.code}/events`]);
    } finally {
      await ca.endAsync(true);
      await cb.endAsync(true);
    }
  });
});

describe('MQTT broker: a device whose credentials change is cut off', () => {
  const url = `mqtt://127.0.0.1:${port + 3}`;
  const changes = {
    'rotating its secret': (id: number, token: string) => t!.call(devicesApi.rotateSecret, { params: { id }, token }),
    'disabling it': (id: number, token: string) =>
      t!.call(devicesApi.setEnabled, { params: { id }, body: { enabled: false }, token }),
    'archiving it': (id: number, token: string) =>
      t!.call(devicesApi.archive, {
        params: { id },
        body: {
          date: '2026-05-20',
          performedBy: '泵站运维班',
          description: '报废',
        },
        token,
      }),
    'deleting it': (id: number, token: string) => t!.call(devicesApi.remove, { params: { id }, token }),
  };

  it.each(Object.keys(changes) as (keyof typeof changes)[])(
    'closes its open connection on %s, and nothing it sends afterwards is stored',
    async (change) => {
      t = await createTestApp({ MQTT_PORT: String(port + 3), MQTT_HOST: '127.0.0.1', TELEMETRY_FLUSH_MS: '10' });
      await resetDatabase(t.database);
      typeId = 0;
      const d = await newDevice(t);
      const token = await t.login();
      // The will is the connection's last publish, sent by the broker once it closes the connection.
      const client = await mqtt.connectAsync(url, {
        username: d.code,
        password: SECRET,
        reconnectPeriod: 0,
        will: { topic: `devices/${d.code}/telemetry`, payload: Buffer.from(reading(7)), qos: 1, retain: false },
      });
      try {
        await client.publishAsync(`devices/${d.code}/telemetry`, reading(1), { qos: 1 });
        expect(await pointsOf(t, d.id)).toBe(1);
        const closed = new Promise<void>((r) => client.once('close', () => r()));

        const res = await changes[change](d.id, token);
        expect(res.json().code, res.body).toBe(200);
        expect(await Promise.race([closed.then(() => 'closed'), new Promise((r) => setTimeout(r, 2000, 'open'))])).toBe(
          'closed',
        );
        expect(await tryConnect(url, d.code, SECRET)).toMatch(/Not authorized/i);
        await new Promise((r) => setTimeout(r, 200));
        expect(await pointsOf(t, d.id)).toBe(1); // not the will's reading either
      } finally {
        await client.endAsync(true);
      }
    },
  );

  it('refuses a device that signs in while its secret is being rotated, with the old secret', async () => {
    t = await createTestApp({ MQTT_PORT: String(port + 3), MQTT_HOST: '127.0.0.1', TELEMETRY_FLUSH_MS: '10' });
    await resetDatabase(t.database);
    typeId = 0;
    const d = await newDevice(t);
    const token = await t.login();
    // The device is read (old secret: good) before the rotation commits; the answer goes out after.
    let read!: () => void;
    const wasRead = new Promise<void>((r) => {
      read = r;
    });
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const real = t.app.telemetry.authenticateMqtt;
    t.app.mqtt.setAuthenticator(async (id, username, password) => {
      const ok = await real(id, username, password);
      read();
      await gate;
      return ok;
    });
    const connecting = tryConnect(url, d.code, SECRET);
    await wasRead;
    expect((await t.call(devicesApi.rotateSecret, { params: { id: d.id }, token })).json().code).toBe(200);
    release();
    expect(await connecting).toMatch(/Not authorized/i);
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

// ---- An external Mosquitto configured as the README says --------------------------------------

const MOSQUITTO = '/usr/sbin/mosquitto';

/** The README's Mosquitto acl_file, exactly: the test proves the lines operators copy. */
function readmeAcl() {
  const readme = readFileSync(path.resolve(import.meta.dirname, '../../../../README.md'), 'utf8');
  const block = /```text\n(# Mosquitto acl_file[\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('README: no Mosquitto acl_file block');
  return block[1]!;
}

describe.skipIf(!existsSync(MOSQUITTO))("an external Mosquitto with the README's acl_file", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'water-mosquitto-'));
  const passwd = path.join(dir, 'passwd');
  let broker: ChildProcess | undefined;
  let log = '';
  let url = '';
  let x: TestApp;
  let a: { id: number; code: string };
  let b: { id: number; code: string };

  beforeAll(async () => {
    // A port of its own, on 127.0.0.1: the system Mosquitto on 1883 is left alone.
    const free = await takenPort();
    await free.close();
    url = `mqtt://127.0.0.1:${free.port}`;
    x = await createTestApp({ TELEMETRY_FLUSH_MS: '10' });
    await resetDatabase(x.database);
    typeId = 0;
    a = await newDevice(x);
    b = await newDevice(x);
    await x.close();

    execFileSync('mosquitto_passwd', ['-b', '-c', passwd, 'water-ops', 'server-secret']);
    for (const d of [a, b]) execFileSync('mosquitto_passwd', ['-b', passwd, d.code, SECRET]);
    writeFileSync(path.join(dir, 'acl'), readmeAcl());
    writeFileSync(
      path.join(dir, 'mosquitto.conf'),
      [
        `listener ${free.port} 127.0.0.1`,
        'allow_anonymous false',
        `password_file ${passwd}`,
        `acl_file ${path.join(dir, 'acl')}`,
        'persistence false',
        // Started as root it would drop to the mosquitto user, who cannot read this folder.
        ...(process.getuid?.() === 0 ? ['user root'] : []),
        '',
      ].join('\n'),
    );
    broker = spawn(MOSQUITTO, ['-c', path.join(dir, 'mosquitto.conf')]);
    broker.stderr?.on('data', (d) => {
      log += d;
    });
    broker.stdout?.on('data', (d) => {
      log += d;
    });
    if (!(await until(() => log.includes('running'), 10_000))) throw new Error(`mosquitto did not start: ${log}`);

    x = await createTestApp({
      MQTT_URL: `mqtt://water-ops:server-secret@127.0.0.1:${free.port}`,
      TELEMETRY_FLUSH_MS: '10',
    });
    if (!(await until(() => x.app.mqtt.status().connected))) throw new Error(`server did not connect: ${log}`);
  });

  afterAll(async () => {
    await x?.close();
    if (broker && broker.exitCode === null) {
      const exited = new Promise((r) => broker!.once('exit', r));
      broker.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  const connect = (code: string, password = SECRET) =>
    mqtt.connectAsync(url, { username: code, password, reconnectPeriod: 0 });

  it('stores what a device publishes under its own topics', async () => {
    const device = await connect(a.code);
    try {
      // Until the server's SUBACK is in, a reading has no one to go to: publish until one lands.
      let n = 0;
      expect(
        await until(async () => {
          await device.publishAsync(`devices/${a.code}/telemetry`, reading(n++), { qos: 1 });
          await new Promise((r) => setTimeout(r, 100));
          return (await pointsOf(x, a.id)) > 0;
        }, 10_000),
      ).toBe(true);
    } finally {
      await device.endAsync(true);
    }
  });

  it("gives a device nothing of another device's topics, and stores nothing it publishes there", async () => {
    const ca = await connect(a.code);
    const cb = await connect(b.code);
    try {
      const received: string[] = [];
      ca.on('message', (topic) => received.push(topic));
      // Mosquitto's acl_file grants a filter and filters at delivery; either way, nothing arrives.
      const grants = await granted(ca, [
        '#',
        '$SYS/#',
        'devices/+/telemetry',
        `devices/${b.code}/#`,
        `devices/${a.code}/#`,
      ]);
      const storedB = await pointsOf(x, b.id);
      await ca.publishAsync(`devices/${b.code}/telemetry`, reading(2), { qos: 1 }); // as B: dropped
      await cb.publishAsync(`devices/${b.code}/telemetry`, reading(3), { qos: 1 }); // B itself
      await ca.publishAsync(`devices/${a.code}/events`, '{}', { qos: 1 });
      expect(await until(async () => (await pointsOf(x, b.id)) > storedB)).toBe(true);
      await new Promise((r) => setTimeout(r, 300));
      expect(await pointsOf(x, b.id), JSON.stringify(grants)).toBe(storedB + 1);
      expect(received).toEqual([`devices/${a.code}/events`]);
    } finally {
      await ca.endAsync(true);
      await cb.endAsync(true);
    }
  });

  it("closes a device's connection when its password changes and the broker reloads, as the README says", async () => {
    const device = await connect(a.code);
    try {
      const closed = new Promise<void>((r) => device.once('close', () => r()));
      execFileSync('mosquitto_passwd', ['-b', passwd, a.code, 'a-new-secret-0123456789']);
      broker!.kill('SIGHUP');
      expect(await Promise.race([closed.then(() => 'closed'), new Promise((r) => setTimeout(r, 5000, 'open'))])).toBe(
        'closed',
      );
      await expect(connect(a.code)).rejects.toThrow(/Not authorized|Bad username or password/i);
    } finally {
      await device.endAsync(true);
    }
  });
});
