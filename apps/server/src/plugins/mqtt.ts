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

/** A message a device published, as the server receives it. */
export interface MqttPublish {
  topic: string;
  payload: Buffer;
  /**
   * The username the publisher authenticated with on the embedded broker; null on an external
   * broker, whose own authentication and ACL the server trusts.
   */
  username: string | null;
  external: boolean;
}

/**
 * Handles a device's message. A QoS 1 message is acknowledged (PUBACK) only once the returned
 * promise resolves; a rejection closes the publisher's connection on the embedded broker
 * (MQTT 3.1.1 has no negative PUBACK) and leaves the message unacknowledged on an external one.
 */
export type MqttPublishHandler = (publish: MqttPublish) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    mqtt: {
      status(): MqttStatus;
      setAuthenticator(fn: MqttAuthenticator): void;
      /** `topics`: what the server subscribes to (QoS 1) on an external broker. */
      setPublishHandler(fn: MqttPublishHandler, topics: string[]): void;
    };
  }
}

/**
 * The broker devices report to: an embedded aedes broker by default, or an external one
 * (MQTT_URL). Devices authenticate through the authenticator the telemetry module sets (until then, no one).
 */
export const mqttPlugin = fp(async (app: FastifyInstance) => {
  const { MQTT_URL, MQTT_PORT, MQTT_HOST } = app.config;
  let authenticator: MqttAuthenticator = async () => false;
  const setAuthenticator = (fn: MqttAuthenticator) => {
    authenticator = fn;
  };
  let publishHandler: MqttPublishHandler = async () => {};
  let subscriptions: string[] = [];

  if (MQTT_URL) {
    const url = new URL(MQTT_URL);
    const endpoint = `${url.protocol}//${url.host}`;
    const client = mqtt.connect(MQTT_URL, {
      clientId: `water-ops-${os.hostname()}-${process.pid}`,
      reconnectPeriod: 2000,
      connectTimeout: 5000,
    });
    const subscribe = () => {
      if (subscriptions.length === 0) return;
      client.subscribe(subscriptions, { qos: 1 }, (err) => {
        if (err) app.log.warn({ err: err.message }, 'MQTT: subscribe failed');
      });
    };
    client.on('connect', () => {
      app.log.info({ broker: endpoint }, 'MQTT: connected to external broker');
      subscribe();
    });
    client.on('error', (err) => app.log.warn({ broker: endpoint, err: err.message }, 'MQTT: broker error'));
    // mqtt.js sends the PUBACK of a QoS 1 message once handleMessage calls back: after the handler.
    client.handleMessage = (packet, callback) => {
      if (packet.cmd !== 'publish') return callback();
      const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : Buffer.from(packet.payload);
      publishHandler({ topic: packet.topic, payload, username: null, external: true }).then(
        () => callback(),
        (err: Error) => callback(err),
      );
    };
    app.decorate('mqtt', {
      status: () => ({ mode: 'external', connected: client.connected, endpoint }),
      setAuthenticator,
      setPublishHandler: (fn, topics) => {
        publishHandler = fn;
        subscriptions = topics;
        if (client.connected) subscribe();
      },
    });
    app.addHook('onClose', async () => {
      await client.endAsync();
    });
    return;
  }

  if (MQTT_PORT === 0) {
    app.decorate('mqtt', {
      status: () => ({ mode: 'off', connected: false, endpoint: '' }),
      setAuthenticator,
      setPublishHandler: () => {},
    });
    return;
  }

  const broker = await Aedes.createBroker();
  // Who each connection authenticated as: a device may publish only under its own topics.
  const usernames = new WeakMap<object, string>();
  broker.authenticate = (client, username, password, done) => {
    authenticator(client.id, username ?? '', password?.toString('utf8') ?? '')
      .then((ok) => {
        if (!ok) app.log.info({ clientId: client.id }, 'MQTT: connection refused (unknown device or bad secret)');
        if (ok) usernames.set(client, username ?? '');
        done(ok ? null : Object.assign(new Error('not authorized'), { returnCode: 5 as const }), ok);
      })
      .catch((err: Error) => done(Object.assign(err, { returnCode: 3 as const }), false));
  };
  // aedes writes the PUBACK of a QoS 1 message after authorizePublish calls back (lib/handlers/
  // publish.js: authorizePublish, then enqueuePublish), so the handler's commit comes first. The
  // connection reads no further packets meanwhile: a slow database slows its publishers down.
  broker.authorizePublish = (client, packet, done) => {
    if (packet.topic.startsWith('$SYS')) return done(new Error('$SYS topics are reserved'));
    const username = client ? (usernames.get(client) ?? null) : null;
    if (username === null) return done(new Error('no authenticated publisher'));
    const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : Buffer.from(packet.payload);
    publishHandler({ topic: packet.topic, payload, username, external: false }).then(
      () => done(null),
      (err: Error) => done(err),
    );
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
    setPublishHandler: (fn) => {
      publishHandler = fn;
    },
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await new Promise<void>((resolve) => broker.close(() => resolve()));
  });
});
