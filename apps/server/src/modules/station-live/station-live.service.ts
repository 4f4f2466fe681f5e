import { gzipSync } from 'node:zlib';
import {
  type Locale,
  type PublicOverview,
  ResultCode,
  type StationLive,
  type StationLiveList,
  type StationLiveQuery,
  type StationTrend,
} from '@water/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { appSettings } from '../../db/schema/index.ts';
import { t } from '../../i18n/messages.ts';
import { UTILITY_OFFSET_MS, utilityDay } from '../../lib/clock.ts';
import type { Context } from '../../lib/context.ts';
import { inRegionScope, withinRegions } from '../../lib/data-scope.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { regionFilter } from '../../lib/region-filter.ts';
import { FLOW_TO_M3H } from '../../lib/units.ts';
import { createAlarmsRepository } from '../alarms/alarms.repository.ts';
import { countStates, deriveStations, devicesOf, indexLatest } from './station-live.derive.ts';
import {
  createStationLiveRepository,
  type DeviceInfo,
  type StationConfigs,
  type StationLiveFilter,
} from './station-live.repository.ts';
import { type LiveSnapshot, liveSnapshots } from './station-live.snapshot.ts';

const HOUR = 3_600_000;

/** Active alarms by severity over every region: the public home's aggregate (the alarm records). */
async function activeAlarms(db: Queryable) {
  const counts = { critical: 0, major: 0, minor: 0, warning: 0, info: 0 };
  for (const r of await createAlarmsRepository(db).counts(undefined)) {
    if (r.severity in counts) counts[r.severity as keyof typeof counts] = r.all;
  }
  return counts;
}
/** How long one computation of the public overview serves every viewer. */
export const PUBLIC_OVERVIEW_TTL_MS = 5000;
/** The app_settings key of the public home switch; absent means on. */
export const PUBLIC_HOME_KEY = 'publicHome';

/** Midnight of the utility's day holding `now`. */
export function utilityDayStart(now: Date): Date {
  return new Date(Date.parse(`${utilityDay(now)}T00:00:00Z`) - UTILITY_OFFSET_MS);
}

type OverviewValue = { enabled: boolean; overview: PublicOverview | null };
interface OverviewCache {
  /** What viewers get: the last computation (while it runs, the first one, which they wait for). */
  entry: { at: number; value: Promise<OverviewValue> } | null;
  /** A computation replacing an entry older than the TTL, which viewers get meanwhile. */
  refreshing: Promise<void> | null;
  /** Bumped by forgetPublicOverview: a refresh begun before it is not kept. */
  generation: number;
  /** How many times the overview was computed (tests: concurrent viewers share one). */
  computations: number;
}
// One computation shared by every viewer within the TTL, and by concurrent first callers: one per
// server, whichever service instance asks (the routes' in their plugin context, a test's): keyed by
// the HTTP server, which every encapsulated context of an app shares.
const overviewCaches = new WeakMap<object, OverviewCache>();
export function overviewCache(app: FastifyInstance): OverviewCache {
  let cache = overviewCaches.get(app.server);
  if (!cache) {
    cache = { entry: null, refreshing: null, generation: 0, computations: 0 };
    overviewCaches.set(app.server, cache);
  }
  return cache;
}
/** The next viewer gets a fresh overview, waiting for it (the switch changed; a test starts over). */
export function forgetPublicOverview(app: FastifyInstance): void {
  const cache = overviewCache(app);
  cache.entry = null;
  cache.refreshing = null;
  cache.generation++;
}

/** Live station state (issue 14): the list, one station, its trend, the public home and the Workplace row. */
export function createStationLiveService(app: FastifyInstance) {
  const repo = (db: Queryable) => createStationLiveRepository(db);

  // Made on first use: the Workplace makes this service before the telemetry module is registered.
  const snapshots = () => liveSnapshots(app);

  /** Configurations matching `f`, their devices and the live state derived from them now. */
  async function derive(db: Queryable, f: StationLiveFilter) {
    const configs = await repo(db).configs(f);
    const { devices, latest } = await repo(db).devicesAndLatest(devicesOf(configs));
    const now = app.clock.now();
    return { configs, devices, now, list: deriveStations({ configs, devices, latest: indexLatest(latest), now }) };
  }

  /**
   * The live state of the stations matching `f`, derived now from the server's shared snapshot of every
   * station (station-live.snapshot.ts): which stations match is asked of the database each time (the
   * filters' own SQL, with each configuration's time), and a station whose configuration is newer than
   * the snapshot's, or missing from it, has it read afresh first.
   */
  async function deriveShared(db: Queryable, f: StationLiveFilter) {
    const matching = await repo(db).stationsMatching(f);
    const current = (s: LiveSnapshot) => matching.every((m) => s.updated.get(m.id) === m.updatedAt.getTime());
    let snapshot = await snapshots().get();
    // A read in flight may have begun before the change: then one more (a station that keeps changing
    // is shown as the last read has it).
    for (let tries = 0; tries < 2 && !current(snapshot); tries++) {
      snapshots().forget(snapshot);
      snapshot = await snapshots().get();
    }
    const { configs: all, devices, latest } = snapshot;
    const configs = { ...all, rows: matching.flatMap((m) => snapshot.stations.get(m.id) ?? []) };
    const now = app.clock.now();
    return { configs, devices, now, list: deriveStations({ configs, devices, latest, now }) };
  }

  /**
   * m³ pumped since the utility's midnight by the stations' outlet flow meters: each 1-hour rollup's
   * average flow times the part of its hour that has passed (the current hour counts to now). A meter
   * serving two stations counts once.
   */
  async function pumpedToday(db: Queryable, configs: StationConfigs, devices: Map<number, DeviceInfo>, now: Date) {
    const seen = new Set<string>();
    const series = configs.sensors
      .filter((s) => s.role === 'flow')
      .filter((s) => {
        const k = `${s.deviceId}:${s.metric}`;
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      })
      .map((s) => ({ deviceId: s.deviceId, metric: s.metric }));
    const rows = await repo(db).hourly(series, utilityDayStart(now));
    let m3 = 0;
    for (const r of rows) {
      const unit = devices.get(r.deviceId)?.units[r.metric] ?? 'm³/h';
      const hours = Math.max(0, Math.min(HOUR, now.getTime() - r.bucket.getTime())) / HOUR;
      m3 += r.v * (FLOW_TO_M3H[unit] ?? 1) * hours;
    }
    return Math.round(m3);
  }

  async function regionsOf(ctx: Context, regionId?: number) {
    return regionFilter(ctx.db, await ctx.scope(), regionId);
  }

  async function list(ctx: Context, q: StationLiveQuery): Promise<StationLiveList> {
    const regionIds = await regionsOf(ctx, q.regionId);
    const { list: all, now } = await deriveShared(ctx.db, { keyword: q.keyword, regionIds, kind: q.kind });
    const list = (q.state ? all.filter((s) => s.state === q.state) : all).map((s) => ({
      ...s,
      pumps: s.pumps.map(({ id, number, name, state, startLevel, stopLevel }) => ({
        id,
        number,
        name,
        state,
        startLevel,
        stopLevel,
      })),
    }));
    return { list, total: list.length, counts: countStates(all), at: now.toISOString() };
  }

  async function get(ctx: Context, id: number): Promise<StationLive> {
    const { list } = await derive(ctx.db, { ids: [id] });
    const station = list[0];
    if (!station || !inRegionScope(await ctx.scope(), station.regionId)) throw notFound();
    return station;
  }

  /**
   * The mimic's trend: level (average and peak), outlet flow, pumps running (each pump's running
   * flag averaged over the bucket, summed: 2.5 is two pumps and a third half the time) and rain, in
   * 5-minute buckets of the 1-minute rollups up to 24 h (288 points), 1-hour rollups beyond. One query.
   */
  async function trend(ctx: Context, id: number, hours: number): Promise<StationTrend> {
    const configs = await repo(ctx.db).configs({ ids: [id] });
    const row = configs.rows[0];
    if (!row || !inRegionScope(await ctx.scope(), row.station.regionId)) throw notFound();
    const bucketSeconds = hours <= 24 ? 300 : 3600;
    const step = bucketSeconds * 1000;
    const now = app.clock.now();
    const to = new Date(Math.floor(now.getTime() / step) * step + step);
    const from = new Date(to.getTime() - Math.ceil((hours * HOUR) / step) * step);
    const sensor = (role: string) => configs.sensors.find((s) => s.role === role);
    const roles = { level: sensor('level'), flow: sensor('flow'), rain: sensor('rain') };
    const running = configs.pumps.flatMap((p) =>
      p.controllerDeviceId !== null && p.runningMetric
        ? [{ deviceId: p.controllerDeviceId, metric: p.runningMetric }]
        : [],
    );
    const series = [
      ...Object.values(roles).flatMap((s) => (s ? [{ deviceId: s.deviceId, metric: s.metric }] : [])),
      ...running,
    ];
    const rows = await repo(ctx.db).bucketed(bucketSeconds === 300 ? '1m' : '1h', series, from, to, bucketSeconds);
    type Point = StationTrend['points'][number];
    const points = new Map<number, Point>();
    const at = (t: number) => {
      let p = points.get(t);
      if (!p) {
        p = { t: new Date(t).toISOString(), level: null, levelMax: null, flow: null, pumpsRunning: null, rain: null };
        points.set(t, p);
      }
      return p;
    };
    const is = (s: { deviceId: number; metric: string } | undefined, r: { deviceId: number; metric: string }) =>
      s !== undefined && s.deviceId === r.deviceId && s.metric === r.metric;
    for (const r of rows) {
      const p = at(r.t);
      if (is(roles.level, r)) {
        p.level = r.v;
        p.levelMax = r.max;
      }
      if (is(roles.flow, r)) p.flow = r.v;
      if (is(roles.rain, r)) p.rain = r.v;
      if (running.some((s) => is(s, r))) p.pumpsRunning = (p.pumpsRunning ?? 0) + r.v;
    }
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      bucketSeconds,
      points: [...points.entries()].sort(([a], [b]) => a - b).map(([, p]) => p),
    };
  }

  // ---- The public home (`/bz/index`): aggregates only, one computation per few seconds. ----

  async function publicHomeEnabled(db: Queryable): Promise<boolean> {
    const [row] = await db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, PUBLIC_HOME_KEY));
    const value = row?.value as { enabled?: unknown } | undefined;
    return value?.enabled !== false;
  }

  // Computed with the switch off too: signed-in users still open the home (their landing page).
  async function computeOverview(): Promise<{ enabled: boolean; overview: PublicOverview | null }> {
    const enabled = await publicHomeEnabled(app.db);
    // The whole utility, whoever looks: the public home has no region limit.
    const { list, configs, devices, now } = await deriveShared(app.db, {});
    const counts = countStates(list);
    const rainByGauge = new Map<number, number>();
    for (const s of configs.sensors) {
      if (s.role !== 'rain') continue;
      const live = list.find((x) => x.id === s.stationId)?.rain;
      if (live && !live.stale && live.value !== null) rainByGauge.set(s.deviceId, live.value);
    }
    const rains = [...rainByGauge.values()];
    const round = (v: number, d = 2) => Number(v.toFixed(d));
    return {
      enabled,
      overview: {
        at: now.toISOString(),
        stations: { ...counts, total: list.length },
        pumpedToday: await pumpedToday(app.db, configs, devices, now),
        alarms: await activeAlarms(app.db),
        rain: {
          max: rains.length ? Math.max(...rains) : null,
          avg: rains.length ? round(rains.reduce((a, v) => a + v, 0) / rains.length) : null,
          gauges: rains.length,
        },
        map: list.flatMap((s) =>
          s.longitude === null || s.latitude === null
            ? []
            : [{ name: s.name, kind: s.kind, lng: s.longitude, lat: s.latitude, state: s.state }],
        ),
        levels: list
          .flatMap((s) => {
            const high = s.setPoints.highAlarm;
            if (s.level.stale || s.level.value === null || high === null || high <= 0) return [];
            return [{ name: s.name, level: s.level.value, high, ratio: round(s.level.value / high, 3) }];
          })
          .sort((a, b) => b.ratio - a.ratio),
      },
    };
  }

  /**
   * The overview of the last few seconds. Past the TTL the next viewer starts a new computation and
   * every viewer keeps getting the last one until it is done, so none waits for it (200 viewers polling
   * would otherwise all wait at once, every TTL); past twice the TTL (nobody asked for that long), or
   * after the switch changed, viewers wait for a fresh one.
   */
  async function publicOverview(signedIn: () => Promise<boolean> = async () => false): Promise<PublicOverview> {
    const cache = overviewCache(app);
    const now = Date.now();
    const age = cache.entry ? now - cache.entry.at : Number.POSITIVE_INFINITY;
    if (age >= 2 * PUBLIC_OVERVIEW_TTL_MS) {
      cache.computations++;
      const value = computeOverview();
      const entry = { at: now, value };
      cache.entry = entry;
      cache.refreshing = null;
      // A failure is not kept: the next viewer tries again.
      value.catch(() => {
        if (cache.entry === entry) cache.entry = null;
      });
    } else if (age >= PUBLIC_OVERVIEW_TTL_MS && !cache.refreshing) {
      cache.computations++;
      const { generation } = cache;
      const refresh = computeOverview().then(
        (value) => {
          if (cache.generation !== generation || cache.refreshing !== refresh) return;
          cache.entry = { at: now, value: Promise.resolve(value) };
          cache.refreshing = null;
        },
        (err: unknown) => {
          // The last overview serves on until twice the TTL; the next viewer tries again.
          if (cache.refreshing === refresh) cache.refreshing = null;
          app.log.warn({ err }, 'public overview: refresh failed');
        },
      );
      cache.refreshing = refresh;
    }
    const cached = cache.entry!;
    const { enabled, overview } = await cached.value;
    if (!overview || (!enabled && !(await signedIn()))) throw new AppError(401, 401, 'pumpStations.publicHomeOff');
    return overview;
  }

  // The answer as sent, per language, made once per computation: 200 viewers polling share it
  // (text and gzip) instead of each validating, serialising and compressing the same overview again.
  const bodies = new WeakMap<PublicOverview, Map<string, { text: string; gzip: Buffer }>>();
  /**
   * The public overview's whole envelope as JSON text and gzipped, in `locale` (checked against its
   * schema in tests). With public access off, only a caller `signedIn` says holds a session gets it.
   */
  async function publicOverviewBody(
    locale: Locale,
    signedIn?: () => Promise<boolean>,
  ): Promise<{ text: string; gzip: Buffer }> {
    const overview = await publicOverview(signedIn);
    let byLocale = bodies.get(overview);
    if (!byLocale) {
      byLocale = new Map();
      bodies.set(overview, byLocale);
    }
    let body = byLocale.get(locale);
    if (body === undefined) {
      const text = JSON.stringify({ code: ResultCode.ok, msg: t(locale, 'ok'), data: overview });
      body = { text, gzip: gzipSync(text) };
      byLocale.set(locale, body);
    }
    return body;
  }

  async function setPublicHome(ctx: Context, enabled: boolean) {
    const before = await publicHomeEnabled(ctx.db);
    const at = app.clock.now();
    await ctx.db
      .insert(appSettings)
      .values({ key: PUBLIC_HOME_KEY, value: { enabled }, updatedAt: at })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: { enabled }, updatedAt: at } });
    ctx.audit({ targetId: PUBLIC_HOME_KEY, before: { enabled: before }, after: { enabled } });
    // The next viewer sees the switch at once (this server; others within the cache's few seconds).
    ctx.afterCommit(() => forgetPublicOverview(app));
    return { enabled };
  }

  /** The Workplace's operations row, within the caller's region limit. */
  async function operations(ctx: Context) {
    const regionIds = withinRegions(await ctx.scope(), undefined);
    const [{ list, configs, devices, now }, deviceCounts] = await Promise.all([
      derive(ctx.db, { regionIds }),
      repo(ctx.db).deviceCounts(regionIds),
    ]);
    const counts = countStates(list);
    return {
      stationsRunning: counts.running,
      stationsFault: counts.fault,
      stationsOffline: counts.offline,
      stationsTotal: list.length,
      devicesOnline: deviceCounts.online,
      devicesTotal: deviceCounts.total,
      pumpedToday: await pumpedToday(ctx.db, configs, devices, now),
    };
  }

  return {
    list,
    get,
    trend,
    publicOverview,
    publicOverviewBody,
    publicHome: async (ctx: Context) => ({ enabled: await publicHomeEnabled(ctx.db) }),
    setPublicHome,
    operations,
    /** Stations by id, derived now (the live push). */
    stations: (ids: number[]) => derive(app.db, { ids }).then((d) => d.list),
  };
}

export type StationLiveService = ReturnType<typeof createStationLiveService>;
