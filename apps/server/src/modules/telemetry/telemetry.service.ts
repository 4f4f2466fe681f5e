import { timingSafeEqual } from 'node:crypto';
import type { EventIngestResult, IngestResult, Reading } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import type { MqttPublish } from '../../plugins/mqtt.ts';
import { startDailyRollupJob } from './telemetry.daily.ts';
import { type MessageKind, parseMessage } from './telemetry.parse.ts';
import { createTelemetryRepository } from './telemetry.repository.ts';
import {
  createBatchWriter,
  type LatestReadings,
  type StatusChange,
  type StoredEvent,
  type WriteItem,
  type WriteResult,
} from './telemetry.writer.ts';

const DAY_MS = 86_400_000;
/** At most one live telemetry event per device this often; readings in between are merged into it. */
export const LIVE_MIN_GAP_MS = 500;
const TOPIC = /^devices\/([^/]+)\/(telemetry|telemetry\/batch|status|events)$/;
/** A controller's answer to a command (pump control). */
const COMMAND_REPLY_TOPIC = /^devices\/([^/]+)\/commands\/ack$/;
const KIND: Record<string, MessageKind> = {
  telemetry: 'telemetry',
  'telemetry/batch': 'batch',
  status: 'status',
  events: 'events',
};

/** The device could not be checked (the database is away): HTTP 503 with Retry-After. */
export class IngestUnavailableError extends Error {}

/** Topics the server subscribes to on an external broker (QoS 1). */
export const INGEST_TOPICS = [
  'devices/+/telemetry',
  'devices/+/telemetry/batch',
  'devices/+/status',
  'devices/+/events',
  'devices/+/commands/ack',
];

const sameHash = (a: string, b: string) =>
  a.length === b.length && a.length > 0 && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The telemetry pipeline of one server: device authentication, parsing, the batch writer, the
 * offline sweep and retention. MQTT and HTTP both end in `writer.submit`.
 */
export function createTelemetryService(app: FastifyInstance) {
  const c = app.config;
  /** Calls each listener in turn; one that throws is logged and the others still hear. */
  const notify = <T>(listeners: Set<(value: T) => void>, value: T, what: string) => {
    for (const listener of listeners) {
      try {
        listener(value);
      } catch (err) {
        app.log.warn({ err }, `a ${what} listener failed`);
      }
    }
  };
  // Other modules' interest in status changes (the alarm engine's offline alarms) and in events.
  const statusListeners = new Set<(changes: StatusChange[]) => void>();
  const eventListeners = new Set<(events: StoredEvent[]) => void>();
  const pushStatus = (changes: StatusChange[]) => {
    if (changes.length === 0) return;
    notify(statusListeners, changes, 'status-change');
    for (const change of changes) {
      app.realtime.toAll({
        type: 'device-status',
        deviceId: change.deviceId,
        code: change.code,
        from: change.from,
        to: change.to,
        at: change.at.toISOString(),
      });
    }
  };
  // Live readings: after each commit, to the connections subscribed to the device, throttled per device.
  const live = {
    lastSent: new Map<number, number>(),
    pending: new Map<number, Map<string, Reading>>(),
    timers: new Map<number, NodeJS.Timeout>(),
  };
  const sendLive = (deviceId: number) => {
    live.timers.delete(deviceId);
    const readings = live.pending.get(deviceId);
    live.pending.delete(deviceId);
    if (!readings) return;
    live.lastSent.set(deviceId, Date.now());
    app.realtime.toDeviceSubscribers(deviceId, { type: 'telemetry', deviceId, readings: [...readings.values()] });
  };
  // Other modules' interest in committed readings (the stations' live push): called after each commit.
  const latestListeners = new Set<(fresh: LatestReadings[]) => void>();
  const pushLatest = (fresh: LatestReadings[]) => {
    notify(latestListeners, fresh, 'latest-readings');
    for (const { deviceId, readings } of fresh) {
      if (!app.realtime.hasDeviceSubscribers(deviceId)) continue;
      const merged = live.pending.get(deviceId) ?? new Map<string, Reading>();
      for (const r of readings) {
        const had = merged.get(r.key);
        if (!had || had.ts <= r.ts) merged.set(r.key, r);
      }
      live.pending.set(deviceId, merged);
      if (live.timers.has(deviceId)) continue;
      const wait = (live.lastSent.get(deviceId) ?? 0) + LIVE_MIN_GAP_MS - Date.now();
      if (wait <= 0) sendLive(deviceId);
      else live.timers.set(deviceId, setTimeout(() => sendLive(deviceId), wait).unref());
    }
  };
  const writer = createBatchWriter({
    db: app.db,
    log: app.log,
    batchPoints: c.TELEMETRY_BATCH_POINTS,
    flushMs: c.TELEMETRY_FLUSH_MS,
    // The embedded database has one connection: a second batch would only wait for it.
    writers: c.TELEMETRY_WRITERS ?? (app.database.kind === 'postgres' ? 2 : 1),
    capacity: c.TELEMETRY_QUEUE_POINTS,
    onStatusChanges: pushStatus,
    onLatest: pushLatest,
    onEvents: (events) => notify(eventListeners, events, 'device-events'),
  });
  const repo = () => createTelemetryRepository(app.db);
  const parse = (payload: Buffer, kind: MessageKind) =>
    parseMessage(payload, kind, { receivedAt: app.clock.now(), maxFutureSkewMs: c.TELEMETRY_MAX_FUTURE_SKEW_MS });

  /** The device, if the secret is its own and it may report (not disabled, not archived). */
  async function checkDevice(code: string, secret: string) {
    const device = await repo().deviceByCode(code);
    if (!device || !secret || !sameHash(device.secretHash, sha256(secret))) return { ok: false as const, why: 401 };
    if (device.archivedAt || device.status === 'disabled') return { ok: false as const, why: 403 };
    return { ok: true as const, device };
  }

  /** An HTTP call of a device: its secret checked (401 wrong, 403 disabled or archived, 503 no database). */
  async function deviceOfHttp(code: string, secret: string) {
    const check = await checkDevice(code, secret).catch((err: unknown) => {
      // The database is away: the device comes back later (503), as when the queue is full.
      app.log.warn({ err, device: code }, 'telemetry: device check failed');
      throw new IngestUnavailableError('database unavailable', { cause: err });
    });
    if (!check.ok) {
      writer.countRejected();
      throw check.why === 401
        ? new AppError(401, 401, 'telemetry.badSecret')
        : new AppError(403, 403, 'telemetry.deviceDisabled');
    }
    return check.device;
  }

  // The pump-control module's handler of command replies (`devices/{code}/commands/ack`).
  let commandReplyHandler: ((code: string, payload: Buffer) => Promise<void>) | null = null;

  /** An HTTP ingest call: the device's secret checked, the body parsed and queued; resolves after the commit. */
  async function submitHttp(code: string, secret: string, body: Buffer, kind: MessageKind): Promise<WriteResult> {
    const device = await deviceOfHttp(code, secret);
    const result = await writer.submit(
      {
        source: 'http',
        deviceCode: device.code,
        topic: '',
        receivedAt: app.clock.now(),
        parsed: parse(body, kind),
      },
      { wait: false },
    );
    if (result.refused) throw new AppError(403, 403, 'telemetry.deviceDisabled');
    return result;
  }

  return {
    writer,

    /** A device's HTTP call checked as ingest checks it (gateways fetching and answering commands). */
    deviceOfHttp,

    /**
     * Sets who handles command replies on `devices/{code}/commands/ack` (the pump-control module): called
     * with the topic's device code and the payload; it must not throw (a rejection would close the
     * device's connection), and the PUBACK waits for it.
     */
    onCommandReply(handler: (code: string, payload: Buffer) => Promise<void>): void {
      commandReplyHandler = handler;
    },

    /** Calls `listener` after each commit with the readings that became their device's latest; returns the unsubscribe. */
    onLatest(listener: (fresh: LatestReadings[]) => void): () => void {
      latestListeners.add(listener);
      return () => latestListeners.delete(listener);
    },

    /**
     * Calls `listener` after each commit with the thing-model events it stored (never one twice);
     * returns the unsubscribe.
     */
    onEvents(listener: (events: StoredEvent[]) => void): () => void {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },

    /**
     * Calls `listener` with each set of devices that went online or offline: after the commit that
     * heard them (data, a status message, a Last Will) and after an offline sweep. Returns the unsubscribe.
     */
    onStatusChanges(listener: (changes: StatusChange[]) => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },

    /** Drops live events still waiting for their throttle (the server is closing). */
    stopLive() {
      for (const timer of live.timers.values()) clearTimeout(timer);
      live.timers.clear();
      live.pending.clear();
    },

    /** The embedded broker's CONNECT check: username = device code, password = its secret. */
    async authenticateMqtt(_clientId: string, username: string, password: string) {
      const result = await checkDevice(username, password);
      if (!result.ok) writer.countRejected();
      return result.ok;
    },

    /**
     * A device's publish. On the embedded broker the device may publish only under
     * `devices/{its code}/`; anything else closes its connection. On an external broker, whose ACL
     * the server trusts, the code in the topic names the device (unknown ones are refused and counted
     * at commit). Resolves after the commit: then the broker sends the PUBACK. `queued` is called
     * once the message has its place in the writer's queue (the external broker's connection then
     * reads the next message while this one waits for its commit).
     */
    async handleMqtt(p: MqttPublish, queued?: () => void): Promise<void> {
      if (p.username !== null && !p.topic.startsWith(`devices/${p.username}/`)) {
        writer.countRejected();
        throw new Error(`device ${p.username} may not publish to ${p.topic}`);
      }
      const reply = COMMAND_REPLY_TOPIC.exec(p.topic);
      if (reply) {
        await commandReplyHandler?.(reply[1]!, p.payload).catch((err: unknown) =>
          app.log.warn({ err, topic: p.topic }, 'command reply failed'),
        );
        return;
      }
      const match = TOPIC.exec(p.topic);
      if (!match) return; // the device's other topics are nobody's
      const [, code, suffix] = match;
      const item: WriteItem = {
        source: 'mqtt',
        deviceCode: code!,
        topic: p.topic,
        receivedAt: app.clock.now(),
        parsed: parse(p.payload, KIND[suffix!]!),
      };
      await writer.submit(item, { wait: true, onQueued: queued });
    },

    /** `POST /api/ingest/:code`: answers after the commit. */
    async ingestHttp(code: string, secret: string, body: Buffer): Promise<IngestResult> {
      const result = await submitHttp(code, secret, body, 'auto');
      return {
        accepted: result.accepted,
        duplicates: result.duplicates,
        flagged: result.flagged,
        rejected: result.rejected,
      };
    },

    /** `POST /api/ingest/:code/events`: thing-model events, answered after the commit. */
    async ingestEventsHttp(code: string, secret: string, body: Buffer): Promise<EventIngestResult> {
      const result = await submitHttp(code, secret, body, 'events');
      return { accepted: result.events, duplicates: result.eventDuplicates, rejected: result.rejected };
    },

    /** Marks offline the devices silent beyond their type's timeout and dead band; pushes the changes. */
    async sweepOffline(): Promise<StatusChange[]> {
      const now = app.clock.now();
      const changed = await app.db.transaction((tx) => createTelemetryRepository(tx).sweepOffline(now));
      const changes = changed.map((d) => ({
        deviceId: d.id,
        code: d.code,
        from: 'online' as const,
        to: 'offline' as const,
        at: now,
      }));
      pushStatus(changes);
      return changes;
    },

    /** Removes what is older than each tier keeps (TELEMETRY_*_DAYS). */
    async purge() {
      const now = app.clock.now().getTime();
      const r = repo();
      const ago = (days: number) => new Date(now - days * DAY_MS);
      const removed = {
        points: await r.purge('telemetry_points', ago(c.TELEMETRY_RAW_DAYS)),
        rollups1m: await r.purge('telemetry_rollups_1m', ago(c.TELEMETRY_ROLLUP_1M_DAYS)),
        rollups1h: await r.purge('telemetry_rollups_1h', ago(c.TELEMETRY_ROLLUP_1H_DAYS)),
        // The daily and monthly tiers are derived from the hourly one: kept as long.
        rollups1d: await r.purge('telemetry_rollups_1d', ago(c.TELEMETRY_ROLLUP_1H_DAYS)),
        rollups1mo: await r.purge('telemetry_rollups_1mo', ago(c.TELEMETRY_ROLLUP_1H_DAYS)),
        deadLetters: await r.purge('telemetry_dead_letters', ago(c.TELEMETRY_DEAD_LETTER_DAYS)),
      };
      await r.purgeStatusEvents(ago(c.TELEMETRY_RAW_DAYS));
      // Thing-model events are raw data too.
      const events = await r.purge('device_events', ago(c.TELEMETRY_RAW_DAYS));
      return { ...removed, events };
    },
  };
}

export type TelemetryService = ReturnType<typeof createTelemetryService>;

/**
 * The offline sweep (every TELEMETRY_SWEEP_SECONDS), the daily retention purge (soon after start,
 * then daily), as the log retention job runs, and the daily rollups (telemetry.daily.ts). All are safe
 * on several servers at once. The returned function stops them and waits for a daily-rollup run in flight.
 */
export function startTelemetryJobs(app: FastifyInstance, service: TelemetryService): () => Promise<void> {
  const sweep = setInterval(() => {
    service.sweepOffline().catch((err: unknown) => app.log.error({ err }, 'telemetry: offline sweep failed'));
  }, app.config.TELEMETRY_SWEEP_SECONDS * 1000);
  const purge = () =>
    service
      .purge()
      .then((n) => app.log.info(n, 'telemetry retention: old rows removed'))
      .catch((err: unknown) => app.log.error({ err }, 'telemetry retention failed'));
  const first = setTimeout(purge, 60_000);
  const daily = setInterval(purge, DAY_MS);
  for (const t of [sweep, first, daily]) t.unref();
  const stopDaily = startDailyRollupJob(app);
  return async () => {
    clearInterval(sweep);
    clearTimeout(first);
    clearInterval(daily);
    await stopDaily();
  };
}
