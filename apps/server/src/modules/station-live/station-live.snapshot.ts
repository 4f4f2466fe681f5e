import type { FastifyInstance } from 'fastify';
import { devicesOf, indexLatest, type LatestIndex } from './station-live.derive.ts';
import { createStationLiveRepository, type DeviceInfo, type StationConfigs } from './station-live.repository.ts';

/**
 * How old one read of every station's configuration, devices and latest readings may be when it serves
 * the live list (and the public overview's computation). What it cannot learn of sooner: a device
 * edited, archived or announced offline without a reading, a region renamed, a reading committed by
 * another server. Readings committed on this server and station configurations show at once (below).
 */
export const LIVE_SNAPSHOT_MAX_AGE_MS = 1000;
/** Past this part of its age limit, a snapshot in use has its successor read in the background (PostgreSQL). */
const REFRESH_AHEAD = 0.75;

/**
 * What the live state of every station is derived from, read once and shared by every request of this
 * server: 200 stations are some 6,000 rows (configurations, devices, latest readings), whose reading
 * and mapping cost several times the derivation itself. It holds no live state: each answer derives it
 * from these rows at its own time, so staleness is judged at answer time.
 */
export interface LiveSnapshot {
  /** Its read's number (reads, full and partial, are numbered as they begin): marks made before it are in it. */
  seq: number;
  /** Date.now() when its read began. */
  readAt: number;
  configs: StationConfigs;
  /** Station rows by id. */
  stations: Map<number, StationConfigs['rows'][number]>;
  /** Each station's configuration time (updated_at, ms): a newer one in the database means read again. */
  updated: Map<number, number>;
  /** The devices the configurations read, and with them the latest readings that matter. */
  mapped: Set<number>;
  devices: Map<number, DeviceInfo>;
  latest: LatestIndex;
}

export interface LiveSnapshots {
  /**
   * A snapshot whose read began less than LIVE_SNAPSHOT_MAX_AGE_MS ago (or after the call), holding
   * every reading committed on this server before the call: the devices such readings came from since
   * its read (telemetry's onLatest) are read again first, just those.
   */
  get(): Promise<LiveSnapshot>;
  /** Drops this snapshot if it is the current one: the next get() reads afresh (a configuration is newer). */
  forget(snapshot: LiveSnapshot): void;
  /** The next get() reads afresh, whatever it finds (a test rewrote the database under it). */
  forgetAll(): void;
  /** Full reads and partial ones (tests). */
  stats: { reads: number; patches: number };
  /** LIVE_SNAPSHOT_MAX_AGE_MS, but for tests that must not depend on how fast the machine is. */
  maxAgeMs: number;
}

const stores = new WeakMap<object, LiveSnapshots>();

/**
 * The server's one store (keyed like the public overview's cache: every context of an app shares it),
 * made on first use, once the telemetry module it listens to is registered.
 */
export function liveSnapshots(app: FastifyInstance): LiveSnapshots {
  let store = stores.get(app.server);
  if (!store) {
    store = createLiveSnapshots(app);
    stores.set(app.server, store);
  }
  return store;
}

function createLiveSnapshots(app: FastifyInstance): LiveSnapshots {
  const repo = () => createStationLiveRepository(app.db);
  /** Numbers the reads as they begin (full ones and patches). */
  let seq = 0;
  let current: LiveSnapshot | null = null;
  let loading: { startedAt: number; promise: Promise<LiveSnapshot> } | null = null;
  let patching: Promise<void> | null = null;
  /**
   * Devices with readings committed since a read, each with the number of the last read begun when it
   * was marked: a read numbered above it began after the commit and holds it.
   */
  const dirty = new Map<number, number>();
  const stats = { reads: 0, patches: 0 };

  // Called synchronously after each commit, before the writer's callers are answered.
  app.telemetry.onLatest((fresh) => {
    if (!current && !loading) return;
    for (const { deviceId } of fresh) dirty.set(deviceId, seq);
  });

  function reload(): Promise<LiveSnapshot> {
    const startedAt = Date.now();
    const mySeq = ++seq;
    stats.reads++;
    const promise = (async (): Promise<LiveSnapshot> => {
      const r = repo();
      // One round trip: the configurations and the devices they read, at once.
      const [configs, { devices, latest }] = await Promise.all([r.configs({}), r.devicesAndLatest('mapped')]);
      const mapped = new Set(devicesOf(configs));
      return {
        seq: mySeq,
        readAt: startedAt,
        configs,
        stations: new Map(configs.rows.map((row) => [row.station.id, row])),
        updated: new Map(configs.rows.map((row) => [row.station.id, row.station.updatedAt.getTime()])),
        mapped,
        devices,
        latest: indexLatest(latest),
      };
    })();
    const entry = { startedAt, promise };
    loading = entry;
    promise.then(
      (snapshot) => {
        if (loading !== entry) return;
        loading = null;
        current = snapshot;
        for (const [id, marked] of dirty) if (marked < snapshot.seq) dirty.delete(id);
      },
      () => {
        if (loading === entry) loading = null;
      },
    );
    return promise;
  }

  /** Reads the marked devices of the current snapshot again, into it. */
  function patch(into: LiveSnapshot): Promise<void> {
    const ids = [...dirty.keys()].filter((id) => into.mapped.has(id));
    dirty.clear();
    if (ids.length === 0) return Promise.resolve();
    seq++;
    stats.patches++;
    const run = (async () => {
      const { devices, latest } = await repo().devicesAndLatest(ids);
      // A snapshot whose read began after this one already holds all of it (and maybe newer).
      if (current !== into) return;
      for (const id of ids) {
        const device = devices.get(id);
        if (device) into.devices.set(id, device);
        else into.devices.delete(id);
        into.latest.delete(id);
      }
      indexLatest(latest, into.latest);
    })()
      .catch((err: unknown) => {
        // Its devices are no longer marked: this snapshot may not serve again.
        if (current === into) current = null;
        throw err;
      })
      .finally(() => {
        if (patching === run) patching = null;
      });
    patching = run;
    return run;
  }

  // Not on the embedded database: its one connection and the server's own thread run the read, so a read
  // in the background holds up every request meanwhile, more of them than the one that would wait for it.
  const ahead = app.database.kind === 'postgres';

  // One read at a time, full or partial: a patch never lands in a snapshot a full read is replacing.
  async function get(): Promise<LiveSnapshot> {
    const asked = Date.now();
    for (;;) {
      const age = current ? asked - current.readAt : Number.POSITIVE_INFINITY;
      const young = age < store.maxAgeMs;
      if (current && young && dirty.size === 0 && !patching) {
        // Nearing its age limit: the next one is read now, while this one still serves (callers meanwhile
        // take this one, unless a reading was committed: then they wait for the read, which holds it).
        if (ahead && !loading && age >= store.maxAgeMs * REFRESH_AHEAD) void reload();
        return current;
      }
      if (loading) await loading.promise;
      else if (patching) await patching;
      else if (!current || !young) {
        const read = await reload();
        if (current === read) return read;
      } else {
        const into = current;
        await patch(into);
        if (current === into) return into;
      }
    }
  }

  const store: LiveSnapshots = {
    get,
    maxAgeMs: LIVE_SNAPSHOT_MAX_AGE_MS,
    forget(snapshot) {
      if (current === snapshot) current = null;
    },
    forgetAll() {
      current = null;
      loading = null;
    },
    stats,
  };
  return store;
}
