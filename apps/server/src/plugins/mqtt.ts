import net from 'node:net';
import os from 'node:os';
import { Aedes, type Client as AedesClient } from 'aedes';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import mqtt from 'mqtt';
import { StartupError } from '../lib/errors.ts';

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
export type MqttPublishHandler = (publish: MqttPublish, queued?: () => void) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    mqtt: {
      status(): MqttStatus;
      setAuthenticator(fn: MqttAuthenticator): void;
      /** `topics`: what the server subscribes to (QoS 1) on an external broker. */
      setPublishHandler(fn: MqttPublishHandler, topics: string[]): void;
      /**
       * Ends the embedded broker's open connections of a device (its secret changed, it was
       * disabled, archived or deleted) and refuses what a connection authenticated before this
       * call still sends. Resolves with the number of connections closed; 0 on an external broker,
       * whose own ACL and credentials govern its sessions.
       */
      disconnectDevice(code: string): Promise<number>;
      /**
       * Publishes to a device (QoS 1): its commands on `devices/{code}/commands`. Resolves with whether
       * the message went to a device that may receive it: on the embedded broker, whether the device
       * has a connected session; on an external broker, whether the broker took it. False with the
       * broker off.
       */
      publishToDevice(code: string, topic: string, payload: Buffer | string): Promise<boolean>;
    };
  }
}

/**
 * Whether a device (MQTT username = its code) may subscribe to `topic`: only under its own
 * `devices/{code}/`. A filter with a wildcard where the code goes (`devices/+/…`, `devices/#`,
 * `+/…`, `#`), `$SYS/…` and `$share/…` never starts with that prefix, so each is refused; device
 * codes hold no `+`, `#` or `/` (contracts), and a username that does matches nothing.
 */
export function maySubscribe(code: string, topic: string): boolean {
  if (code === '' || /[+#/]/.test(code)) return false;
  return topic.startsWith(`devices/${code}/`);
}

/**
 * The broker devices report to: an embedded aedes broker by default, or an external one
 * (MQTT_URL). Devices authenticate through the authenticator the telemetry module sets (until then, no one).
 */
export const mqttPlugin = fp(async (app: FastifyInstance) => {
  const { MQTT_URL, MQTT_PORT, MQTT_HOST, MQTT_CLIENT_ID, MQTT_SESSION_EXPIRY_SECONDS, MQTT_SHARED_GROUP } = app.config;
  let authenticator: MqttAuthenticator = async () => false;
  const setAuthenticator = (fn: MqttAuthenticator) => {
    authenticator = fn;
  };
  // Until the telemetry module sets its handler, a message waits for it: a persistent session on an
  // external broker delivers what it kept as soon as the server connects, before the modules load.
  let handlerSet: () => void = () => {};
  const handlerReady = new Promise<void>((resolve) => {
    handlerSet = resolve;
  });
  let publishHandler: MqttPublishHandler = (publish, queued) =>
    handlerReady.then(() => publishHandler(publish, queued));
  let subscriptions: string[] = [];

  if (MQTT_URL) {
    const url = new URL(MQTT_URL);
    const endpoint = `${url.protocol}//${url.host}`;
    // A persistent session (MQTT 5, clean start off, a session expiry): the broker keeps the QoS 1
    // readings devices publish while this server is away (restart, deploy, outage) and delivers them
    // when it is back, each acknowledged only after its commit. The client id names the session, so
    // it must stay the same across restarts and differ between servers.
    const client = mqtt.connect(MQTT_URL, {
      clientId: MQTT_CLIENT_ID ?? `water-ops-${os.hostname()}-${app.config.PORT}`,
      protocolVersion: 5,
      clean: MQTT_SESSION_EXPIRY_SECONDS === 0,
      properties: { sessionExpiryInterval: MQTT_SESSION_EXPIRY_SECONDS },
      reconnectPeriod: 2000,
      connectTimeout: 5000,
    });
    // Several servers on one broker share the work: each message goes to one member of the group.
    const topicsOf = (topics: string[]) =>
      MQTT_SHARED_GROUP ? topics.map((t) => `$share/${MQTT_SHARED_GROUP}/${t}`) : topics;
    const subscribe = () => {
      if (subscriptions.length === 0) return;
      client.subscribe(topicsOf(subscriptions), { qos: 1 }, (err) => {
        if (err) app.log.warn({ err: err.message }, 'MQTT: subscribe failed');
      });
    };
    client.on('connect', () => {
      app.log.info({ broker: endpoint }, 'MQTT: connected to external broker');
      subscribe();
    });
    client.on('error', (err) => app.log.warn({ broker: endpoint, err: err.message }, 'MQTT: broker error'));
    // mqtt.js reads the next packet of the connection only after handleMessage calls back, and then
    // sends the PUBACK at once. The server has one connection for every device, so waiting there for
    // each commit would take one message per batch. Instead handleMessage calls back as soon as the
    // message has its place in the writer's queue (the queue's bound is the backpressure), and the
    // PUBACK is held back until the commit: `_sendPacket` (mqtt.js 5, private) lets it go then, in
    // the order the messages came, as MQTT requires. A message whose commit fails (the server is
    // closing) gets no PUBACK: the broker keeps it in the session and delivers it again.
    const commits = new Map<number, Promise<void>>();
    let acks: Promise<void> = Promise.resolve();
    type SendPacket = (packet: { cmd: string; messageId?: number }, cb?: () => void, ...rest: unknown[]) => void;
    const internal = client as unknown as { _sendPacket: SendPacket };
    const send = internal._sendPacket.bind(client);
    internal._sendPacket = (packet, cb, ...rest) => {
      const committed = packet.cmd === 'puback' ? commits.get(packet.messageId ?? -1) : undefined;
      if (!committed) return send(packet, cb, ...rest);
      commits.delete(packet.messageId!);
      acks = acks
        .then(() => committed)
        .then(
          () => send(packet, undefined, ...rest),
          (err: Error) => app.log.warn({ err: err.message }, 'MQTT: message not committed, left unacknowledged'),
        );
      cb?.();
    };
    client.handleMessage = (packet, callback) => {
      if (packet.cmd !== 'publish') return callback();
      const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : Buffer.from(packet.payload);
      let queued: () => void = () => {};
      const inQueue = new Promise<void>((resolve) => {
        queued = resolve;
      });
      const committed = publishHandler({ topic: packet.topic, payload, username: null, external: true }, queued);
      if (packet.qos === 1 && packet.messageId !== undefined) commits.set(packet.messageId, committed);
      Promise.race([inQueue, committed]).then(
        () => callback(),
        (err: Error) => {
          if (packet.messageId !== undefined) commits.delete(packet.messageId);
          callback(err);
        },
      );
    };
    app.decorate('mqtt', {
      status: () => ({ mode: 'external', connected: client.connected, endpoint }),
      setAuthenticator,
      setPublishHandler: (fn, topics) => {
        publishHandler = fn;
        handlerSet();
        subscriptions = topics;
        if (client.connected) subscribe();
      },
      disconnectDevice: async () => 0,
      publishToDevice: (_code, topic, payload) =>
        new Promise<boolean>((resolve) => {
          if (!client.connected) return resolve(false);
          client.publish(topic, payload, { qos: 1 }, (err) => {
            if (err) app.log.warn({ topic, err: err.message }, 'MQTT: publish to a device failed');
            resolve(!err);
          });
        }),
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
      disconnectDevice: async () => 0,
      publishToDevice: async () => false,
    });
    return;
  }

  const broker = await Aedes.createBroker();
  // Who each connection authenticated as, and when (a tick of `ticks`, taken before the device was
  // read): a device may publish and subscribe only under its own topics, and a connection that
  // authenticated before its device's credentials were revoked may send nothing more.
  let ticks = 0;
  const sessions = new WeakMap<object, { username: string; since: number }>();
  const revokedAt = new Map<string, number>();
  const revoked = (session: { username: string; since: number }) =>
    (revokedAt.get(session.username) ?? 0) > session.since;
  broker.authenticate = (client, username, password, done) => {
    const session = { username: username ?? '', since: ++ticks };
    authenticator(client.id, session.username, password?.toString('utf8') ?? '')
      .then((found) => {
        // A revocation (rotated secret, disabled) that committed while the device was being read.
        const ok = found && !revoked(session);
        if (!ok) app.log.info({ clientId: client.id }, 'MQTT: connection refused (unknown device or bad secret)');
        if (ok) sessions.set(client, session);
        done(ok ? null : Object.assign(new Error('not authorized'), { returnCode: 5 as const }), ok);
      })
      .catch((err: Error) => done(Object.assign(err, { returnCode: 3 as const }), false));
  };
  // aedes writes the PUBACK of a QoS 1 message after authorizePublish calls back (lib/handlers/
  // publish.js: authorizePublish, then enqueuePublish), so the handler's commit comes first. The
  // connection reads no further packets meanwhile: a slow database slows its publishers down.
  broker.authorizePublish = (client, packet, done) => {
    if (packet.topic.startsWith('$SYS')) return done(new Error('$SYS topics are reserved'));
    const session = client ? sessions.get(client) : undefined;
    if (!session) return done(new Error('no authenticated publisher'));
    // An error closes the connection (and drops its will): the one disconnectDevice missed.
    if (revoked(session)) return done(new Error(`device ${session.username}: credentials revoked`));
    const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : Buffer.from(packet.payload);
    publishHandler({ topic: packet.topic, payload, username: session.username, external: false }).then(
      () => done(null),
      (err: Error) => done(err),
    );
  };
  // A refused filter is granted QoS 128 (MQTT 3.1.1 §3.9.3, v5 reason 0x80); the connection stays.
  broker.authorizeSubscribe = (client, subscription, done) => {
    const session = sessions.get(client);
    if (session && !revoked(session) && maySubscribe(session.username, subscription.topic)) {
      return done(null, subscription);
    }
    app.log.info({ clientId: client.id, topic: subscription.topic }, 'MQTT: subscription refused');
    done(null, null);
  };
  const clients = () => Object.values((broker as unknown as { clients: Record<string, AedesClient> }).clients);
  const disconnectDevice = async (code: string) => {
    revokedAt.set(code, ++ticks);
    const open = clients().filter((c) => sessions.get(c)?.username === code);
    await Promise.all(open.map((c) => new Promise<void>((resolve) => c.close(() => resolve()))));
    if (open.length > 0) app.log.info({ device: code, connections: open.length }, 'MQTT: device disconnected');
    return open.length;
  };
  const server = net.createServer(broker.handle);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(MQTT_PORT, MQTT_HOST, () => resolve());
    });
  } catch (err) {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    throw listenError(err, MQTT_PORT, MQTT_HOST);
  }
  const port = (server.address() as net.AddressInfo).port;
  app.log.info({ port }, 'MQTT: embedded broker listening');
  app.decorate('mqtt', {
    status: () => ({ mode: 'embedded', connected: server.listening, endpoint: `mqtt://${MQTT_HOST}:${port}` }),
    setAuthenticator,
    setPublishHandler: (fn) => {
      publishHandler = fn;
      handlerSet();
    },
    disconnectDevice,
    publishToDevice: (code, topic, payload) =>
      new Promise<boolean>((resolve) => {
        const connected = clients().some((c) => {
          const session = sessions.get(c);
          return session?.username === code && !revoked(session);
        });
        const packet = {
          cmd: 'publish' as const,
          topic,
          payload: typeof payload === 'string' ? Buffer.from(payload) : payload,
          qos: 1 as const,
          dup: false,
          retain: false,
        };
        broker.publish(packet, (err) => {
          if (err) app.log.warn({ topic, err: err.message }, 'MQTT: publish to a device failed');
          resolve(connected && !err);
        });
      }),
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await new Promise<void>((resolve) => broker.close(() => resolve()));
  });
});

/** Why the embedded broker could not open its port, in one line naming the setting to change. */
function listenError(err: unknown, port: number, host: string): Error {
  const code = (err as NodeJS.ErrnoException).code;
  const off = '(0 turns the embedded broker off)';
  if (code === 'EADDRINUSE') {
    return new StartupError(
      `MQTT_PORT ${port} is already in use: stop the other program or set MQTT_PORT to a free port ${off}`,
    );
  }
  if (code === 'EACCES') {
    return new StartupError(`MQTT_PORT ${port} may not be opened by this user: set MQTT_PORT above 1023 ${off}`);
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return new StartupError(`MQTT_HOST ${host} is not an address of this machine: set MQTT_HOST, e.g. 0.0.0.0`);
  }
  return err instanceof Error ? err : new Error(String(err));
}
