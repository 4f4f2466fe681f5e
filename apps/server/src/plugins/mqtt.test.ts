import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/build-app.ts';

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
