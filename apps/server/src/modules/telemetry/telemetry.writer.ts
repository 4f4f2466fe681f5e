import {
  type DeviceStatus,
  type MetricSpec,
  type Reading,
  type TelemetryStats,
  thingModelSchema,
} from '@water/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type CheckedValue, checkValue, cleanText, type ParsedMessage, shownValue } from './telemetry.parse.ts';
import {
  createTelemetryRepository,
  type DeadLetterRow,
  type EventRow,
  type PointRow,
  type StatusEventRow,
} from './telemetry.repository.ts';

/** One message on its way to the database: a device's points, events, dead letters and announced status. */
export interface WriteItem {
  source: 'mqtt' | 'http';
  deviceCode: string;
  topic: string;
  receivedAt: Date;
  parsed: ParsedMessage;
}

export interface WriteResult {
  accepted: number;
  duplicates: number;
  flagged: number;
  /** Entries of the message that went to the dead-letter table. */
  rejected: number;
  /** Events stored now, and events already stored (same device, key and time). */
  events: number;
  eventDuplicates: number;
  /** The device turned out unknown, disabled or archived: nothing of the message was kept. */
  refused: boolean;
}

export interface StatusChange {
  deviceId: number;
  code: string;
  from: DeviceStatus;
  to: DeviceStatus;
  at: Date;
}

/** The queue is full: the caller should come back later (HTTP 503 with Retry-After). */
export class QueueFullError extends Error {}
/** The server is shutting down and takes no new work. */
export class WriterClosedError extends Error {}

export interface WriterOptions {
  db: Db;
  log: FastifyBaseLogger;
  batchPoints: number;
  flushMs: number;
  /**
   * Batches in flight at once (1 by default). Two let the server build a batch while the database
   * commits the other. Safe because a batch locks its devices (in id order) before it writes, and
   * every row it writes is keyed by one of them: batches of different devices never meet, batches
   * sharing a device take turns.
   */
  writers?: number;
  capacity: number;
  /** Called after a commit with the status changes it made (live pushes). */
  onStatusChanges?: (changes: StatusChange[]) => void;
  /** Called after a commit with the readings that became a device's latest in it (live pushes). */
  onLatest?: (fresh: LatestReadings[]) => void;
  /** Called after a commit with the thing-model events it stored (the alarm engine). */
  onEvents?: (events: StoredEvent[]) => void;
}

/** A thing-model event as stored in device_events. */
export interface StoredEvent {
  id: number;
  deviceId: number;
  code: string;
  event: string;
  ts: Date;
  params: Record<string, unknown>;
  receivedAt: Date;
}

/** A device's readings that one batch made its latest. */
export interface LatestReadings {
  deviceId: number;
  readings: Reading[];
}

interface Entry {
  item: WriteItem;
  weight: number;
  resolve(result: WriteResult): void;
}

const MAX_BACKOFF_MS = 5000;
/** Attempts of a whole batch before it is split to find a message the database refuses. */
const ISOLATE_AFTER = 3;

/** SQLSTATEs of a server that went away or cannot take the connection now (not a refusal of the data). */
const AWAY_STATES = /^(08|57P0[1-3]$|53300$)/;
const AWAY_ERRNOS = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
const AWAY_MESSAGE = /connection terminated|not queryable|connection ended|timeout exceeded when trying to connect/i;

/**
 * Whether a failed store lost its connection rather than had its data refused: then the batch is
 * retried whole, never dead-lettered. Looks through `cause` (Drizzle wraps the driver's error).
 */
export function connectionLost(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (AWAY_STATES.test(code) || AWAY_ERRNOS.has(code))) return true;
    if (AWAY_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/**
 * What the counters may say about a failed batch: the kind of failure and its SQLSTATE, never the
 * driver's message, which quotes the statement and its parameters (the server log keeps those).
 */
export function describeBatchError(err: unknown): string {
  if (connectionLost(err)) return 'connection lost';
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return `database refused the batch (SQLSTATE ${code})`;
  }
  return 'database refused the batch';
}

/** A device type's metrics and event keys, as one batch's cache holds them. */
interface ModelKeys {
  updatedAt: number;
  metrics: Map<string, MetricSpec>;
  events: Set<string>;
}

const pointKey = (deviceId: number, metric: string, ts: Date) => `${deviceId}\u0001${metric}\u0001${ts.getTime()}`;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * The one in-process writer that every reading goes through, MQTT and HTTP alike. It holds a
 * bounded queue and commits it in batches: every `flushMs`, or at once when `batchPoints` are
 * waiting, or straight after the previous batch (group commit). Each batch is one transaction:
 * points (duplicates skipped), 1-minute and 1-hour rollups of the new points, latest values, dead
 * letters, last seen and status changes of its devices. A caller's promise resolves after the
 * commit, so an MQTT PUBACK or an HTTP answer never runs ahead of the data. A failed batch is kept
 * and retried with backoff; a message the database keeps refusing is isolated and dead-lettered so
 * that it cannot stop the pipeline.
 */
export function createBatchWriter(options: WriterOptions) {
  const { db, log, batchPoints, flushMs, capacity } = options;
  const writers = Math.max(1, options.writers ?? 1);
  const queue: Entry[] = [];
  let queuedWeight = 0;
  let inFlightWeight = 0;
  let inFlightPoints = 0;
  let timer: NodeJS.Timeout | undefined;
  const running = new Set<Promise<void>>();
  /** Batches being written now. */
  let writing = 0;
  let closed = false;
  let spaceWaiters: (() => void)[] = [];
  const models = new Map<number, ModelKeys>();

  const stats = {
    points: { received: 0, stored: 0, duplicates: 0, flagged: 0, rejected: 0 },
    messages: { rejected: 0, deadLettered: 0 },
    batches: { committed: 0, failed: 0, lastError: null as string | null, lastCommitAt: null as string | null },
  };
  /** Seam for tests: runs before each attempt to store a batch (a throw is a failed attempt). */
  const hooks: { beforeStore?: ((items: WriteItem[]) => void | Promise<void>) | undefined } = {};

  const weightOf = (item: WriteItem) =>
    Math.max(1, item.parsed.points.length + (item.parsed.events?.length ?? 0) + item.parsed.deadLetters.length);
  const pendingPoints = () => queue.reduce((n, e) => n + e.item.parsed.points.length, 0) + inFlightPoints;

  /** The parsed model of a type, read with the batch and parsed again only when the type changed. */
  function modelOf(typeId: number | null, updatedAt: Date | null, model: unknown): ModelKeys {
    if (typeId === null || updatedAt === null) return { updatedAt: 0, metrics: new Map(), events: new Set() };
    const cached = models.get(typeId);
    if (cached && cached.updatedAt === updatedAt.getTime()) return cached;
    const parsed = thingModelSchema.safeParse(model);
    const keys: ModelKeys = {
      updatedAt: updatedAt.getTime(),
      metrics: new Map((parsed.success ? parsed.data.metrics : []).map((m) => [m.key, m])),
      events: new Set((parsed.success ? parsed.data.events : []).map((e) => e.key)),
    };
    models.set(typeId, keys);
    return keys;
  }

  async function store(
    entries: Entry[],
  ): Promise<{ results: WriteResult[]; changes: StatusChange[]; fresh: LatestReadings[]; stored: StoredEvent[] }> {
    // Before the transaction: PGlite has one connection, and a test holding it would hold every query.
    await hooks.beforeStore?.(entries.map((e) => e.item));
    return db.transaction(async (tx) => {
      const repo = createTelemetryRepository(tx);
      const codes = [...new Set(entries.map((e) => e.item.deviceCode))];
      const devices = new Map((await repo.lockDevices(codes)).map((d) => [d.code, d]));
      const results: WriteResult[] = entries.map(() => ({
        accepted: 0,
        duplicates: 0,
        flagged: 0,
        rejected: 0,
        events: 0,
        eventDuplicates: 0,
        refused: false,
      }));
      const rows: (PointRow & { owner: number; checked: CheckedValue })[] = [];
      const keys = new Set<string>();
      const deadLetters: DeadLetterRow[] = [];
      const seen = new Map<number, { code: string; status: string; at: Date; announced?: boolean }>();
      const specs = new Map<number, Map<string, MetricSpec>>();
      const eventRows: (EventRow & { owner: number; code: string })[] = [];
      const eventKeys = new Set<string>();

      for (const [i, { item }] of entries.entries()) {
        const device = devices.get(item.deviceCode);
        if (!device || device.archivedAt || device.status === 'disabled') {
          results[i]!.refused = true;
          continue;
        }
        for (const d of item.parsed.deadLetters) {
          deadLetters.push({
            receivedAt: item.receivedAt,
            source: item.source,
            deviceCode: item.deviceCode,
            topic: cleanText(item.topic, 200),
            ...d,
          });
        }
        const model = modelOf(device.typeId, device.typeUpdatedAt, device.model);
        const metrics = model.metrics;
        specs.set(device.id, metrics);
        // Events of the model are stored; any other key is a dead letter, as a bad reading is.
        for (const e of item.parsed.events ?? []) {
          if (!model.events.has(e.event)) {
            deadLetters.push({
              receivedAt: item.receivedAt,
              source: item.source,
              deviceCode: item.deviceCode,
              topic: cleanText(item.topic, 200),
              reason: 'unknown_event',
              detail: cleanText(`event "${e.event}" is not in the device type's thing model`, 500),
              payload: cleanText(JSON.stringify({ event: e.event, ts: e.ts.toISOString(), params: e.params }), 4000),
            });
            results[i]!.rejected++;
            continue;
          }
          const key = pointKey(device.id, e.event, e.ts);
          if (eventKeys.has(key)) {
            results[i]!.eventDuplicates++;
            continue;
          }
          eventKeys.add(key);
          eventRows.push({
            deviceId: device.id,
            event: e.event,
            ts: e.ts,
            params: e.params,
            receivedAt: item.receivedAt,
            owner: i,
            code: device.code,
          });
        }
        results[i]!.rejected += item.parsed.deadLetters.length;
        for (const p of item.parsed.points) {
          const key = pointKey(device.id, p.metric, p.ts);
          if (keys.has(key)) {
            results[i]!.duplicates++;
            continue;
          }
          keys.add(key);
          const checked = checkValue(metrics.get(p.metric), p.raw);
          rows.push({
            deviceId: device.id,
            metric: p.metric,
            ts: p.ts,
            value: checked.value,
            textValue: checked.text === null ? null : cleanText(checked.text, 1000),
            quality: checked.quality,
            owner: i,
            checked,
          });
        }
        const s = seen.get(device.id) ?? { code: device.code, status: device.status, at: item.receivedAt };
        if (item.receivedAt > s.at) s.at = item.receivedAt;
        if (item.parsed.online !== undefined) s.announced = item.parsed.online;
        seen.set(device.id, s);
      }

      // Points, rollups and latest values in one statement: the batch's one big round trip.
      const stored = await repo.storePoints(rows.map(({ owner: _o, checked: _c, ...row }) => row));
      const duplicate = new Set(stored.duplicates.map((r) => pointKey(r.deviceId, r.metric, r.ts)));
      const latest = new Map<string, PointRow & { quality: number }>();
      for (const row of rows) {
        const result = results[row.owner]!;
        if (duplicate.size > 0 && duplicate.has(pointKey(row.deviceId, row.metric, row.ts))) {
          result.duplicates++;
          continue;
        }
        result.accepted++;
        if (row.checked.quality !== 0) result.flagged++;
        const lk = `${row.deviceId}\u0001${row.metric}`;
        const current = latest.get(lk);
        if (!current || current.ts < row.ts) latest.set(lk, { ...row, quality: row.checked.quality });
      }
      const fresh = new Map<number, Reading[]>();
      for (const { deviceId, metric } of stored.latest) {
        const row = latest.get(`${deviceId}\u0001${metric}`);
        if (!row) continue;
        const readings = fresh.get(deviceId) ?? [];
        readings.push({
          key: metric,
          value: shownValue(specs.get(deviceId)?.get(metric), row.value ?? null, row.textValue ?? null),
          ts: row.ts.toISOString(),
          quality: row.quality,
        });
        fresh.set(deviceId, readings);
      }
      // Events: a retransmitted one (same device, key and time) is stored once.
      const storedEvents: StoredEvent[] = [];
      const inserted = await repo.insertEvents(eventRows.map(({ owner: _o, code: _c, ...row }) => row));
      const insertedKeys = new Map(inserted.map((r) => [pointKey(r.deviceId, r.event, r.ts), r]));
      for (const row of eventRows) {
        const r = insertedKeys.get(pointKey(row.deviceId, row.event, row.ts));
        if (!r) {
          results[row.owner]!.eventDuplicates++;
          continue;
        }
        results[row.owner]!.events++;
        storedEvents.push({ ...r, code: row.code });
      }
      await repo.insertDeadLetters(deadLetters);

      // Data or an "online" status message brings a device online; its "offline" (a Last Will) takes it off.
      const changes: StatusChange[] = [];
      const marks: { id: number; seen: Date; status: string }[] = [];
      const events: StatusEventRow[] = [];
      for (const [id, s] of seen) {
        const to: DeviceStatus = s.announced === false ? 'offline' : 'online';
        marks.push({ id, seen: s.at, status: to });
        if (to !== s.status) {
          changes.push({ deviceId: id, code: s.code, from: s.status as DeviceStatus, to, at: s.at });
          events.push({
            deviceId: id,
            fromStatus: s.status,
            toStatus: to,
            cause: s.announced === undefined ? 'data' : 'status-message',
            at: s.at,
          });
        }
      }
      await repo.markSeen(marks);
      await repo.insertStatusEvents(events);
      return {
        results,
        changes,
        fresh: [...fresh].map(([deviceId, readings]) => ({ deviceId, readings })),
        stored: storedEvents,
      };
    });
  }

  const ping = () =>
    db.execute(sql`select 1`).then(
      () => true,
      () => false,
    );

  /** The batch as it will be stored when the database refuses it whole: its points as a dead letter. */
  const asDeadLetter = (entry: Entry, err: unknown): Entry => ({
    ...entry,
    item: {
      ...entry.item,
      parsed: {
        points: [],
        deadLetters: [
          ...entry.item.parsed.deadLetters,
          {
            reason: 'write_failed',
            detail: cleanText(err instanceof Error ? err.message : String(err), 500),
            payload: cleanText(
              JSON.stringify(
                entry.item.parsed.events?.length
                  ? { points: entry.item.parsed.points, events: entry.item.parsed.events }
                  : entry.item.parsed.points,
              ),
              4000,
            ),
          },
        ],
      },
    },
  });

  function settle(
    entries: Entry[],
    results: WriteResult[],
    changes: StatusChange[],
    fresh: LatestReadings[] = [],
    stored: StoredEvent[] = [],
  ) {
    stats.batches.committed++;
    stats.batches.lastCommitAt = new Date().toISOString();
    for (const [i, entry] of entries.entries()) {
      const r = results[i]!;
      const points = entry.item.parsed.points.length;
      if (r.refused) {
        stats.points.rejected += points;
        stats.messages.rejected++;
      } else {
        stats.points.stored += r.accepted;
        stats.points.duplicates += r.duplicates;
        stats.points.flagged += r.flagged;
        stats.messages.deadLettered += r.rejected;
        // Points that became a dead letter (write_failed) leave the count as rejected ones.
        stats.points.rejected += points - r.accepted - r.duplicates;
      }
      entry.resolve(r);
    }
    if (changes.length > 0) options.onStatusChanges?.(changes);
    if (fresh.length > 0) options.onLatest?.(fresh);
    if (stored.length > 0) options.onEvents?.(stored);
  }

  async function writeBatch(batch: Entry[]) {
    let attempt = 0;
    let remaining = batch;
    while (remaining.length > 0) {
      try {
        const { results, changes, fresh, stored } = await store(remaining);
        // A converted entry resolves with its original points counted through `settle`.
        settle(remaining, results, changes, fresh, stored);
        return;
      } catch (err) {
        attempt++;
        stats.batches.failed++;
        stats.batches.lastError = describeBatchError(err);
        log.warn({ err, attempt, messages: remaining.length }, 'telemetry: batch failed, retrying');
        // Isolation is for a batch the database refuses, not for one whose connection died.
        if (attempt >= ISOLATE_AFTER && !connectionLost(err) && (await ping())) remaining = await isolate(remaining);
        if (remaining.length > 0) await sleep(Math.min(MAX_BACKOFF_MS, 100 * 2 ** Math.min(attempt, 6)));
      }
    }
  }

  /** The database answers but refuses the batch: store each message alone, dead-letter the one it refuses. */
  async function isolate(batch: Entry[]): Promise<Entry[]> {
    for (const [i, entry] of batch.entries()) {
      try {
        const { results, changes, fresh, stored } = await store([entry]);
        settle([entry], results, changes, fresh, stored);
      } catch (err) {
        // The database went away meanwhile (it answered the ping a moment ago): retry the rest later.
        if (connectionLost(err)) return batch.slice(i);
        try {
          const dead = asDeadLetter(entry, err);
          const { results, changes } = await store([dead]);
          log.error(
            { err, device: entry.item.deviceCode },
            'telemetry: message refused by the database, dead-lettered',
          );
          settle([entry], results, changes);
        } catch {
          return batch.slice(i); // the database went away meanwhile: retry the rest later
        }
      }
    }
    return [];
  }

  function take(): Entry[] {
    const batch: Entry[] = [];
    let points = 0;
    while (queue.length > 0 && (batch.length === 0 || points + queue[0]!.weight <= batchPoints)) {
      const entry = queue.shift()!;
      batch.push(entry);
      points += entry.weight;
    }
    return batch;
  }

  /**
   * Whether a worker takes another batch: any waiting batch while no other is being written (group
   * commit: what came in during the last commit goes next), only a full one while another is.
   */
  const more = () => queue.length > 0 && (writing === 0 || queuedWeight >= batchPoints || closed);

  function kick() {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    while (running.size < writers && more()) {
      const worker: Promise<void> = work().finally(() => {
        running.delete(worker);
        // Work that came in for a worker that was just leaving.
        if (running.size === 0 && queue.length > 0) schedule();
      });
      running.add(worker);
    }
  }

  async function work() {
    while (more()) {
      const batch = take();
      const weight = batch.reduce((n, e) => n + e.weight, 0);
      const points = batch.reduce((n, e) => n + e.item.parsed.points.length, 0);
      queuedWeight -= weight;
      inFlightWeight += weight;
      inFlightPoints += points;
      writing++;
      try {
        await writeBatch(batch);
      } finally {
        writing--;
        inFlightWeight -= weight;
        inFlightPoints -= points;
        const waiters = spaceWaiters;
        spaceWaiters = [];
        for (const wake of waiters) wake();
      }
    }
  }

  function schedule() {
    if (queuedWeight >= batchPoints || closed) kick();
    else if (!timer && running.size === 0) {
      timer = setTimeout(kick, flushMs);
      timer.unref();
    }
  }

  const full = (weight: number) =>
    queuedWeight + inFlightWeight > 0 && queuedWeight + inFlightWeight + weight > capacity;

  return {
    /**
     * Queues a message and resolves once it is committed. `wait`: when the queue is full, wait for
     * room (MQTT: the publisher's connection is not read meanwhile); otherwise throw QueueFullError.
     * `onQueued` is called once the message has its place in the queue (it will be committed).
     */
    async submit(
      item: WriteItem,
      { wait, onQueued }: { wait: boolean; onQueued?: (() => void) | undefined },
    ): Promise<WriteResult> {
      const weight = weightOf(item);
      while (full(weight)) {
        if (closed) throw new WriterClosedError('shutting down');
        if (!wait) throw new QueueFullError('ingest queue full');
        await new Promise<void>((resolve) => spaceWaiters.push(resolve));
      }
      if (closed) throw new WriterClosedError('shutting down');
      stats.points.received += item.parsed.points.length;
      const done = new Promise<WriteResult>((resolve) => {
        queue.push({ item, weight, resolve });
      });
      queuedWeight += weight;
      schedule();
      onQueued?.();
      return done;
    },

    /** A message refused before the queue (unknown device, bad secret). */
    countRejected() {
      stats.messages.rejected++;
    },

    stats(): TelemetryStats {
      return {
        points: { ...stats.points, pending: pendingPoints() },
        messages: { ...stats.messages },
        batches: { ...stats.batches },
        queue: { capacity, pending: queuedWeight + inFlightWeight },
      };
    },

    hooks,

    /** Takes no new work, commits everything queued, then resolves (the SIGTERM path). */
    async close() {
      closed = true;
      for (const wake of spaceWaiters.splice(0)) wake();
      while (queue.length > 0 || running.size > 0) {
        if (queue.length > 0) kick();
        await Promise.all(running);
      }
    },
  };
}

export type BatchWriter = ReturnType<typeof createBatchWriter>;
