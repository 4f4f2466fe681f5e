import net from 'node:net';
import os from 'node:os';
import { Aedes } from 'aedes';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import mqtt from 'mqtt';

export interface MqttStatus {
  mode: 'embedded' | 'external' | 'off';
  connected: boolean;
  /** Where devices connect: the embedded broker's port, or the external broker's URL without credentials. */
  endpoint: string;
}

/** Decides whether a device may connect; the device register (telemetry issue) supplies the real one. */
export type MqttAuthenticator = (clientId: string, username: string, password: string) => Promise<boolean>;

declare module 'fastify' {
  interface FastifyInstance {
    mqtt: { status(): MqttStatus; setAuthenticator(fn: MqttAuthenticator): void };
  }
}

/**
 * The broker devices report to: an embedded aedes broker by default, or an external one
 * (MQTT_URL). Until a device register supplies credentials, the embedded broker admits no one.
 */
export const mqttPlugin = fp(async (app: FastifyInstance) => {
  const { MQTT_URL, MQTT_PORT, MQTT_HOST } = app.config;
  let authenticator: MqttAuthenticator = async () => false;
  const setAuthenticator = (fn: MqttAuthenticator) => {
    authenticator = fn;
  };

  if (MQTT_URL) {
    const url = new URL(MQTT_URL);
    const endpoint = `${url.protocol}//${url.host}`;
    const client = mqtt.connect(MQTT_URL, {
      clientId: `water-ops-${os.hostname()}-${process.pid}`,
      reconnectPeriod: 2000,
      connectTimeout: 5000,
    });
    client.on('connect', () => app.log.info({ broker: endpoint }, 'MQTT: connected to external broker'));
    client.on('error', (err) => app.log.warn({ broker: endpoint, err: err.message }, 'MQTT: broker error'));
    app.decorate('mqtt', {
      status: () => ({ mode: 'external', connected: client.connected, endpoint }),
      setAuthenticator,
    });
    app.addHook('onClose', async () => {
      await client.endAsync();
    });
    return;
  }

  if (MQTT_PORT === 0) {
    app.decorate('mqtt', { status: () => ({ mode: 'off', connected: false, endpoint: '' }), setAuthenticator });
    return;
  }

  const broker = await Aedes.createBroker();
  broker.authenticate = (client, username, password, done) => {
    authenticator(client.id, username ?? '', password?.toString('utf8') ?? '')
      .then((ok) => {
        if (!ok) app.log.info({ clientId: client.id }, 'MQTT: connection refused (unknown device or bad secret)');
        done(ok ? null : Object.assign(new Error('not authorized'), { returnCode: 5 as const }), ok);
      })
      .catch((err: Error) => done(Object.assign(err, { returnCode: 3 as const }), false));
  };
  const server = net.createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(MQTT_PORT, MQTT_HOST, () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  app.log.info({ port }, 'MQTT: embedded broker listening');
  app.decorate('mqtt', {
    status: () => ({ mode: 'embedded', connected: server.listening, endpoint: `mqtt://${MQTT_HOST}:${port}` }),
    setAuthenticator,
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await new Promise<void>((resolve) => broker.close(() => resolve()));
  });
});
