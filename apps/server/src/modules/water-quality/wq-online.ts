import {
  Quality,
  thingModelSchema,
  WQ_ONLINE_STORE_MINUTES,
  WQ_TEMPERATURE_MAX_AGE_MINUTES,
  type WqParameter,
  type WqVerdict,
  wqParameterOfMetric,
} from '@water/contracts';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { devices, deviceTypes, wqSiteDevices, wqSites } from '../../db/schema/index.ts';
import type { LatestReadings } from '../telemetry/telemetry.writer.ts';
import { judgedRow, loadJudging, type ResultIn, type ResultRow, recordResults, type SiteJudging } from './wq-record.ts';

/**
 * Online results (issue 18): the readings of the analysers attached to a site (wq_site_devices), of
 * metrics that measure a parameter (`wqParameterOfMetric`), judged as they arrive. A reading is stored
 * as a result (source 'online', through `recordResults`) when its verdict differs from the last one
 * stored for the site and parameter, or WQ_ONLINE_STORE_MINUTES after it; the raw readings stay in
 * the telemetry tables. The last stored time and verdict of each site and parameter is read from the
 * database at start (one statement), so a restart stores nothing a running server would not have.
 * Stored results are told to the hub after their commit (`app.waterQuality.judged`): the alarms follow.
 *
 * Off the ingest's acknowledgement path: the telemetry listener only queues readings; a flush a moment
 * later judges and stores them in one transaction. Errors are logged, never thrown at ingest.
 * Temperature readings are stored too: NH3-N's cold-water limit (GB 18918) reads them.
 */

/** How often the site ↔ analyser mapping and the sites' limits are read again (also on `refresh()`). */
const REFRESH_MS = 60_000;
/** Readings gather this long before a flush judges and stores them. */
const FLUSH_MS = 250;

interface Attached {
  siteId: number;
  deviceCode: string;
  /** Metric key → parameter, of the device type's thing model. */
  metrics: Map<string, WqParameter>;
}

interface Candidate {
  siteId: number;
  parameter: WqParameter;
  value: number;
  at: number;
  deviceId: number;
  deviceCode: string;
}

interface Stored {
  at: number;
  verdict: WqVerdict;
}

const keyOf = (siteId: number, parameter: string) => `${siteId}:${parameter}`;

export interface WqOnline {
  /** Reads the site ↔ analyser mapping and the sites' limits again (a site or its analysers changed). */
  refresh(): Promise<void>;
  /** Resolves when the queued readings are judged and stored (tests, shutdown). */
  idle(): Promise<void>;
  /** Forgets what it holds and reads it from the database again, as a restarted server would (tests). */
  restart(): Promise<void>;
  stats(): { stored: number; skipped: number; failed: number };
}

export function startWaterQualityOnline(app: FastifyInstance): WqOnline {
  const storeMs = WQ_ONLINE_STORE_MINUTES * 60_000;
  let attached = new Map<number, Attached>();
  let judging = new Map<number, SiteJudging>();
  const stored = new Map<string, Stored>();
  /** Each site's newest temperature reading: NH3-N's cold-water rule reads it. */
  const temperature = new Map<number, { at: number; value: number }>();
  let pending = new Map<string, Candidate>();
  let ready: Promise<void> | null = null;
  let flushing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let flushTimer: NodeJS.Timeout | null = null;
  let closed = false;
  const counts = { stored: 0, skipped: 0, failed: 0 };

  async function loadMapping() {
    const rows = await app.db
      .select({
        deviceId: wqSiteDevices.deviceId,
        siteId: wqSiteDevices.siteId,
        code: devices.code,
        model: deviceTypes.model,
      })
      .from(wqSiteDevices)
      .innerJoin(wqSites, eq(wqSites.id, wqSiteDevices.siteId))
      .innerJoin(devices, eq(devices.id, wqSiteDevices.deviceId))
      .innerJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
      .where(and(eq(wqSites.enabled, true), isNull(devices.archivedAt), ne(devices.status, 'disabled')));
    const next = new Map<number, Attached>();
    for (const r of rows) {
      const parsed = thingModelSchema.safeParse(r.model);
      const metrics = new Map<string, WqParameter>();
      for (const m of parsed.success ? parsed.data.metrics : []) {
        const p = wqParameterOfMetric(m.key);
        if (p && (m.dataType === 'number' || m.dataType === 'integer')) metrics.set(m.key, p);
      }
      if (metrics.size > 0) next.set(r.deviceId, { siteId: r.siteId, deviceCode: r.code, metrics });
    }
    attached = next;
    judging = await loadJudging(app.db, [...new Set(rows.map((r) => r.siteId))]);
  }

  /** The last online result stored of each site and parameter, in one statement. */
  async function loadStored() {
    const rows = (await app.db.execute(sql`
      select distinct on (site_id, parameter) site_id, parameter, sampled_at, verdict
      from wq_results where source = 'online'
      order by site_id, parameter, sampled_at desc, id desc`)) as unknown as {
      rows: { site_id: number; parameter: string; sampled_at: string | Date; verdict: string }[];
    };
    stored.clear();
    for (const r of rows.rows) {
      stored.set(keyOf(Number(r.site_id), r.parameter), {
        at: new Date(r.sampled_at).getTime(),
        verdict: r.verdict as WqVerdict,
      });
    }
  }

  function start() {
    ready = (async () => {
      await loadMapping();
      await loadStored();
    })().catch((err: unknown) => {
      // The database away at start: the next refresh tries again.
      app.log.warn({ err }, 'water quality online: start deferred');
      ready = null;
    });
    return ready;
  }

  /** Readings a commit made the latest: those of attached analysers' parameters queued, newest kept. */
  function onLatest(fresh: LatestReadings[]) {
    if (closed) return;
    let queued = false;
    for (const { deviceId, readings } of fresh) {
      const a = attached.get(deviceId);
      if (!a) continue;
      for (const r of readings) {
        const parameter = a.metrics.get(r.key);
        // A reading beyond the instrument's span is the sensor's fault, not the water's.
        if (
          !parameter ||
          typeof r.value !== 'number' ||
          (r.quality & (Quality.outOfRange | Quality.unknownMetric)) !== 0
        )
          continue;
        const at = Date.parse(r.ts);
        const key = keyOf(a.siteId, parameter);
        const had = pending.get(key);
        if (had && had.at > at) continue;
        pending.set(key, { siteId: a.siteId, parameter, value: r.value, at, deviceId, deviceCode: a.deviceCode });
        queued = true;
      }
    }
    if (queued && !flushTimer) {
      flushTimer = setTimeout(() => {
        flushTimer = null;
        void flush();
      }, FLUSH_MS);
      flushTimer.unref();
    }
  }

  /** Judges the queued readings, stores those the rule keeps, tells the hub. One flush at a time. */
  function flush(): Promise<void> {
    if (flushing) return flushing.then(() => (pending.size > 0 ? flush() : undefined));
    flushing = (async () => {
      try {
        if (!ready) await start();
        await ready;
        while (pending.size > 0) {
          const batch = [...pending.values()];
          pending = new Map();
          await store(batch);
        }
      } catch (err) {
        counts.failed++;
        app.log.warn({ err }, 'water quality online: a batch of readings failed');
      } finally {
        flushing = null;
      }
    })();
    return flushing;
  }

  async function store(batch: Candidate[]) {
    // Temperatures first: a temperature and an NH3-N of one report go together.
    for (const c of batch) {
      if (c.parameter !== 'temperature') continue;
      const had = temperature.get(c.siteId);
      if (!had || had.at <= c.at) temperature.set(c.siteId, { at: c.at, value: c.value });
    }
    const inputs: ResultIn[] = [];
    for (const c of batch) {
      const site = judging.get(c.siteId);
      if (!site) continue;
      const t = temperature.get(c.siteId);
      const fresh = t && Math.abs(c.at - t.at) <= WQ_TEMPERATURE_MAX_AGE_MINUTES * 60_000 ? t.value : null;
      const input: ResultIn = {
        siteId: c.siteId,
        parameter: c.parameter,
        source: 'online',
        sampledAt: new Date(c.at),
        value: c.value,
        belowDetection: false,
        deviceId: c.deviceId,
        deviceCode: c.deviceCode,
        // Unknown here: recordResults reads the site's stored temperature.
        ...(fresh === null ? {} : { temperature: fresh }),
      };
      const cold = site.limits.some((l) => l.parameter === c.parameter && l.coldUpper !== null);
      const verdict = judgedRow(site, input, cold ? fresh : null).verdict as WqVerdict;
      const last = stored.get(keyOf(c.siteId, c.parameter));
      if (last && c.at <= last.at) {
        counts.skipped++;
        continue;
      }
      if (last && last.verdict === verdict && c.at - last.at < storeMs) {
        counts.skipped++;
        continue;
      }
      inputs.push(input);
    }
    if (inputs.length === 0) return;
    const rows: ResultRow[] = await app.db.transaction((tx) => recordResults(tx, inputs));
    for (const r of rows) {
      const key = keyOf(r.siteId, r.parameter);
      const had = stored.get(key);
      if (!had || had.at <= r.sampledAt.getTime())
        stored.set(key, { at: r.sampledAt.getTime(), verdict: r.verdict as WqVerdict });
    }
    counts.stored += rows.length;
    await app.waterQuality.judged(rows);
  }

  const online: WqOnline = {
    async refresh() {
      if (!ready) {
        await start();
        return;
      }
      await loadMapping();
    },
    async idle() {
      while (flushTimer || flushing || pending.size > 0) {
        if (flushTimer) {
          clearTimeout(flushTimer);
          flushTimer = null;
        }
        await flush();
      }
    },
    async restart() {
      await this.idle();
      temperature.clear();
      await start();
    },
    stats: () => ({ ...counts }),
  };

  let unsubscribe: (() => void) | null = null;
  // Once the database is migrated (the server migrates after building the app, before listening).
  app.addHook('onReady', async () => {
    await start();
    unsubscribe = app.telemetry.onLatest(onLatest);
    timer = setInterval(() => {
      online.refresh().catch((err: unknown) => app.log.warn({ err }, 'water quality online: refresh failed'));
    }, REFRESH_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearInterval(timer);
    unsubscribe?.();
    await online.idle().catch(() => {});
  });
  return online;
}
