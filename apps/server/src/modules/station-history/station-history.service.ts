import {
  HISTORY_POINTS_MAX,
  type HistoryResolution,
  type HistorySeries,
  type MetricSpec,
  type PumpDayStats,
  type PumpRun,
  type RunSource,
  type SeriesRef,
  type StationDaily,
  type StationHistory,
  type stationHistoryApi,
  thingModelSchema,
} from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { t } from '../../i18n/messages.ts';
import { UTILITY_OFFSET_MS, utilityDay } from '../../lib/clock.ts';
import type { Context, RouteContext } from '../../lib/context.ts';
import { type CsvCell, sendCsv } from '../../lib/csv.ts';
import { inRegionScope } from '../../lib/data-scope.ts';
import { notFound } from '../../lib/errors.ts';
import { ENERGY_TO_KWH, FLOW_TO_M3H, POWER_TO_KW } from '../../lib/units.ts';
import { RequestValidationError } from '../../lib/validation.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { createMonitoringRepository, type SeriesRow } from '../monitoring/monitoring.repository.ts';
import { chooseResolution } from '../monitoring/monitoring.service.ts';
import {
  createStationHistoryRepository,
  type DailyFigure,
  type RunChange,
  type SeriesKey,
} from './station-history.repository.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** A device type's offline window when its model sets none (the thing model's default). */
const DEFAULT_OFFLINE_SECONDS = 600;
/** Decimals of a metric whose model does not say (the thing model's default). */
const DEFAULT_PRECISION = 2;

/** Buckets of `size` ms that [from, to] touches (the bounds count, as the queries take them). */
const slots = (from: number, to: number, size: number) => Math.floor(to / size) - Math.floor(from / size) + 1;
const round = (v: number | null, decimals: number) => (v === null ? null : Number(v.toFixed(decimals)));
const keyOf = (s: SeriesKey) => `${s.deviceId}:${s.metric}`;

/** Days since the epoch in the utility's calendar, and back. */
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY);
const dayText = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);
/** The instant the utility day `n` starts (midnight UTC+8). */
const dayStart = (n: number) => new Date(n * DAY - UTILITY_OFFSET_MS);

/** A mapped point of a station: the device and metric, with the metric's spec from the device's type. */
interface Point extends SeriesKey {
  device: { id: number; code: string; name: string; metrics: Map<string, MetricSpec>; holdMs: number };
  spec: MetricSpec | undefined;
}

type Query<K extends keyof typeof stationHistoryApi> = z.output<NonNullable<(typeof stationHistoryApi)[K]['query']>>;

/** A state held from `from` to `to` (ms): what a run state's readings say between them. */
interface Span {
  from: number;
  to: number;
  on: boolean;
}

/**
 * The spans a run state's change rows describe: each reading holds until the next one, but across a
 * silence longer than `holdMs` (the device's offline window) only for `holdMs`: after that the state is
 * not known, as a communication failure never reads as running or stopped. The last reading holds
 * until `end` at most.
 */
export function spansOf(changes: RunChange[], end: number, holdMs: number): Span[] {
  const spans: Span[] = [];
  changes.forEach((a, i) => {
    const b = changes[i + 1];
    const at = a.ts.getTime();
    let to: number;
    if (b) {
      // The readings between a and b repeat a's state, the last of them at b.prevTs.
      const before = b.prevTs?.getTime() ?? at;
      to = b.ts.getTime() - before <= holdMs ? b.ts.getTime() : before + holdMs;
    } else {
      to = Math.min(at + holdMs, end);
    }
    if (to > at) spans.push({ from: at, to, on: a.value >= 0.5 });
  });
  return spans;
}

/** The running spans within [from, to], touching ones merged. */
export function runsOf(spans: Span[], from: number, to: number): { from: number; to: number }[] {
  const runs: { from: number; to: number }[] = [];
  for (const s of spans) {
    if (!s.on) continue;
    const start = Math.max(s.from, from);
    const stop = Math.min(s.to, to);
    if (stop <= start) continue;
    const last = runs.at(-1);
    if (last && last.to >= start) last.to = Math.max(last.to, stop);
    else runs.push({ from: start, to: stop });
  }
  return runs;
}

/** Run periods from rollup buckets: each bucket it ran in with its share, whole buckets in a row merged. */
export function bucketRuns(rows: SeriesRow[], seconds: number, from: number, to: number): PumpRun[] {
  const runs: { from: number; to: number; duty: number }[] = [];
  for (const r of rows) {
    if (r.v === null || r.v <= 0) continue;
    const start = Math.max(r.t.getTime(), from);
    const stop = Math.min(r.t.getTime() + seconds * 1000, to);
    if (stop <= start) continue;
    const duty = Math.min(1, Number(r.v.toFixed(3)));
    const last = runs.at(-1);
    if (last && last.duty === 1 && duty === 1 && last.to === start) last.to = stop;
    else runs.push({ from: start, to: stop, duty });
  }
  return runs.map((r) => ({ from: new Date(r.from).toISOString(), to: new Date(r.to).toISOString(), duty: r.duty }));
}

/**
 * The fewest starts a day's hourly buckets allow: an hour it never ran (OFF), ran throughout (ON) or
 * both (MIX, at least one change inside). Between buckets, and inside a MIX hour that does not end as
 * it began stopped, a stopped→running change is a start; so a MIX hour costs a start unless it goes
 * from running to stopped. `before` is the hour before the day (its end state is known, its starts
 * belong to the day before). Several runs within an hour count once: a lower bound (RUN_SOURCES).
 */
export function fewestStarts(buckets: { min: number; max: number }[], before?: { min: number; max: number }): number {
  const kind = (b: { min: number; max: number }) => (b.max < 0.5 ? 'off' : b.min >= 0.5 ? 'on' : 'mix');
  const start = before ? kind(before) : 'mix';
  let off = start === 'on' ? Number.POSITIVE_INFINITY : 0;
  let on = start === 'off' ? Number.POSITIVE_INFINITY : 0;
  for (const b of buckets) {
    const inOff = Math.min(off, on);
    const inOn = Math.min(on, off + 1);
    const k = kind(b);
    if (k === 'off') [off, on] = [inOff, Number.POSITIVE_INFINITY];
    else if (k === 'on') [off, on] = [Number.POSITIVE_INFINITY, inOn];
    else [off, on] = [Math.min(inOn, inOff + 1), Math.min(inOff, inOn) + 1];
  }
  return Math.min(off, on);
}

/** Σ over `figures` per utility day, each value times `factor`. */
function byDay(figures: DailyFigure[], s: SeriesKey | null, factor = 1): Map<number, number> {
  const out = new Map<number, number>();
  if (!s) return out;
  for (const f of figures) {
    if (f.deviceId !== s.deviceId || f.metric !== s.metric) continue;
    out.set(f.day, (out.get(f.day) ?? 0) + f.value * factor);
  }
  return out;
}

const sum = (values: (number | null)[]) => {
  const present = values.filter((v): v is number => v !== null);
  return present.length ? present.reduce((a, v) => a + v, 0) : null;
};
const perThousand = (energy: number | null, volume: number | null) =>
  energy === null || volume === null || volume <= 0 ? null : (energy / volume) * 1000;

/**
 * A station's history and daily table (issue 14 part 5): its configured points read through the
 * device history's tiers and resolution choice, within the caller's region limit by the station's region.
 */
export function createStationHistoryService(app: FastifyInstance) {
  const repo = (ctx: Context) => createStationHistoryRepository(ctx.db);

  /** The station (404 outside the caller's region limit, as its live state), with its devices' metric specs. */
  async function load(ctx: Context, id: number) {
    const found = await repo(ctx).station(id);
    if (!found || !inRegionScope(await ctx.scope(), found.station.regionId)) throw notFound();
    const ids = new Set<number>();
    for (const s of found.sensors) ids.add(s.deviceId);
    for (const p of found.pumps) if (p.controllerDeviceId !== null) ids.add(p.controllerDeviceId);
    const devices = new Map(
      (await repo(ctx).devices([...ids])).map((d) => {
        const model = thingModelSchema.safeParse(d.model ?? {});
        return [
          d.id,
          {
            ...d,
            metrics: new Map<string, MetricSpec>((model.success ? model.data.metrics : []).map((m) => [m.key, m])),
            holdMs: ((model.success ? model.data.offlineAfterSeconds : undefined) ?? DEFAULT_OFFLINE_SECONDS) * 1000,
          },
        ];
      }),
    );
    /** A mapped point of the station, with its device and spec; null when the device is gone. */
    const point = (deviceId: number | null, metric: string | null): Point | null => {
      const device = deviceId === null ? undefined : devices.get(deviceId);
      if (!device || !metric) return null;
      const spec = device.metrics.get(metric);
      return { deviceId: device.id, metric, device, spec };
    };
    const sensor = (role: string) => {
      const s = found.sensors.find((x) => x.role === role);
      return s ? point(s.deviceId, s.metric) : null;
    };
    const { station } = found;
    return {
      station,
      summary: {
        id: station.id,
        code: station.code,
        name: station.name,
        kind: station.kind as StationHistory['station']['kind'],
      },
      sensors: {
        level: sensor('level'),
        flow: sensor('flow'),
        pressure: sensor('outlet_pressure'),
        rain: sensor('rain'),
      },
      pumps: found.pumps.map((p) => ({
        pump: p,
        running: point(p.controllerDeviceId, p.runningMetric),
        power: point(p.controllerDeviceId, p.powerMetric),
        energy: point(p.controllerDeviceId, p.energyMetric),
      })),
    };
  }
  const refOf = (p: Point, locale: string): SeriesRef => ({
    deviceId: p.deviceId,
    code: p.device.code,
    name: p.device.name,
    metric: p.metric,
    metricName: p.spec ? (locale === 'en-US' ? p.spec.nameEn : p.spec.nameZh) : p.metric,
    unit: p.spec?.unit ?? '',
    min: p.spec?.min ?? null,
    max: p.spec?.max ?? null,
    precision: p.spec?.precision ?? DEFAULT_PRECISION,
  });

  const tooFine = (resolution: string) =>
    new RequestValidationError('querystring', [
      { code: 'custom', path: ['resolution'], message: 'validation.resolutionTooFine', input: resolution },
    ]);

  /** Whether a finer tier starts, for every series, within an hour of where the 1-hour rollups start. */
  async function covers(ctx: Context, tier: 'raw' | '1m', series: SeriesKey[], from: Date, to: Date) {
    const end = new Date(to.getTime() + 1);
    const [fine, coarse] = await Promise.all([
      repo(ctx).earliest(tier, series, from, end),
      repo(ctx).earliest('1h', series, new Date(Math.floor(from.getTime() / HOUR) * HOUR), end),
    ]);
    return series.every((s) => {
      const c = coarse.get(keyOf(s));
      const f = fine.get(keyOf(s));
      return c === undefined || (f !== undefined && f.getTime() <= c.getTime() + HOUR);
    });
  }

  /** The device history's choice (auto), or the tier asked for when it stays within HISTORY_POINTS_MAX. */
  async function resolutionOf(
    ctx: Context,
    series: SeriesKey[],
    from: Date,
    to: Date,
    q: Query<'history'>,
  ): Promise<{ resolution: HistoryResolution; bucketSeconds: number }> {
    const monitoring = createMonitoringRepository(ctx.db);
    const rawCounts = (limit: number) =>
      Promise.all(series.map((s) => monitoring.countRaw(s.deviceId, s.metric, from, to, limit)));
    switch (q.resolution) {
      case 'raw':
        if ((await rawCounts(HISTORY_POINTS_MAX + 1)).some((n) => n > HISTORY_POINTS_MAX)) throw tooFine('raw');
        return { resolution: 'raw', bucketSeconds: 0 };
      case '1m':
        if (slots(from.getTime(), to.getTime(), MINUTE) > HISTORY_POINTS_MAX) throw tooFine('1m');
        return { resolution: '1m', bucketSeconds: 60 };
      case '1h':
        if (slots(from.getTime(), to.getTime(), HOUR) > HISTORY_POINTS_MAX) throw tooFine('1h');
        return { resolution: '1h', bucketSeconds: 3600 };
      case 'auto': {
        const rawFits =
          (await rawCounts(q.maxPoints + 1)).every((n) => n <= q.maxPoints) &&
          (await covers(ctx, 'raw', series, from, to));
        return chooseResolution(
          from.getTime(),
          to.getTime(),
          q.maxPoints,
          rawFits,
          rawFits || (await covers(ctx, '1m', series, from, to)),
        );
      }
    }
  }

  /** The station's series and each pump's run periods over [from, to], in one resolution. */
  async function history(ctx: Context, id: number, q: Query<'history'>): Promise<StationHistory> {
    const s = await load(ctx, id);
    const from = new Date(q.from);
    const to = new Date(q.to);
    const now = app.clock.now().getTime();
    const main = [s.sensors.level, s.sensors.flow, s.sensors.pressure, s.sensors.rain];
    const all: SeriesKey[] = [...main, ...s.pumps.map((p) => p.running)].filter((p) => p !== null);
    const unique = [...new Map(all.map((k) => [keyOf(k), { deviceId: k.deviceId, metric: k.metric }])).values()];
    const { resolution, bucketSeconds } = await resolutionOf(ctx, unique, from, to, q);

    const monitoring = createMonitoringRepository(ctx.db);
    // Rollup tiers read the buckets that start in the range, from the one holding `from` (as the device history).
    const floorTo = (size: number) => new Date(Math.floor(from.getTime() / size) * size);
    const read = (k: SeriesKey): Promise<SeriesRow[]> => {
      switch (resolution) {
        case 'raw':
          return monitoring.raw(k.deviceId, k.metric, from, to);
        case '1m':
          return monitoring.rollups('1m', k.deviceId, k.metric, floorTo(MINUTE), to);
        case '1h':
          return monitoring.rollups('1h', k.deviceId, k.metric, floorTo(HOUR), to);
        case 'bucket':
          return monitoring.buckets(k.deviceId, k.metric, floorTo(HOUR), to, bucketSeconds);
      }
    };
    const series = async (p: Point | null): Promise<HistorySeries | null> => {
      if (!p) return null;
      const rows = await read(p);
      return { ...refOf(p, ctx.locale), points: rows.map((r) => ({ ...r, t: r.t.toISOString() })) };
    };
    const [level, flow, pressure, rain] = await Promise.all(main.map(series));

    const end = Math.min(to.getTime(), now);
    const pumps = [];
    for (const { pump, running } of s.pumps) {
      let runs: PumpRun[] = [];
      if (running && resolution === 'raw') {
        const changes = await repo(ctx).runChanges(running, from, to, running.device.holdMs / 1000);
        runs = runsOf(spansOf(changes, end, running.device.holdMs), from.getTime(), end).map((r) => ({
          from: new Date(r.from).toISOString(),
          to: new Date(r.to).toISOString(),
          duty: 1,
        }));
      } else if (running) {
        runs = bucketRuns(await read(running), bucketSeconds, from.getTime(), end);
      }
      pumps.push({
        id: pump.id,
        number: pump.number,
        name: pump.name,
        startLevel: pump.startLevel,
        stopLevel: pump.stopLevel,
        running: running ? refOf(running, ctx.locale) : null,
        runs,
      });
    }

    return {
      station: s.summary,
      from: from.toISOString(),
      to: to.toISOString(),
      resolution,
      bucketSeconds,
      setPoints: {
        wellDepth: s.station.wellDepth,
        highAlarm: s.station.highAlarmLevel,
        lowAlarm: s.station.lowAlarmLevel,
        protection: s.station.protectionLevel,
      },
      level: level ?? null,
      flow: flow ?? null,
      pressure: pressure ?? null,
      rain: rain ?? null,
      pumps,
    };
  }

  /**
   * Run hours and starts of one pump per utility day in [first, last]: from raw readings on the days
   * they cover, else from 1-minute rollups, else 1-hour ones (see RUN_SOURCES). A tier covers a day when
   * it starts within an hour of the day's start, or of where the 1-hour rollups start if later: retention
   * trims the finer tiers from the old end, so once a tier covers a day it covers every later one.
   */
  async function runStats(ctx: Context, running: Point | null, first: number, last: number, now: Date) {
    const out = new Map<number, { runHours: number; starts: number; source: RunSource }>();
    if (!running) return out;
    const r = repo(ctx);
    const start = dayStart(first);
    const end = dayStart(last + 1);
    const k = { deviceId: running.deviceId, metric: running.metric };
    const [raw, minute, hour] = await Promise.all(
      (['raw', '1m', '1h'] as const).map((tier) => r.earliest(tier, [k], start, end).then((m) => m.get(keyOf(k)))),
    );
    const firstCovered = (earliest: Date | undefined, until: number) => {
      if (!earliest) return until;
      for (let d = first; d < until; d++) {
        const from = Math.max(dayStart(d).getTime(), hour?.getTime() ?? 0);
        if (earliest.getTime() <= from + HOUR) return d;
      }
      return until;
    };
    const rawFrom = firstCovered(raw, last + 1);
    const minuteFrom = firstCovered(minute, rawFrom);

    if (rawFrom <= last) {
      const changes = await r.runChanges(k, dayStart(rawFrom), end, running.device.holdMs / 1000);
      const spans = spansOf(changes, Math.min(end.getTime(), now.getTime()), running.device.holdMs);
      for (let d = rawFrom; d <= last; d++) {
        const d0 = dayStart(d).getTime();
        const d1 = dayStart(d + 1).getTime();
        if (!spans.some((x) => x.to > d0 && x.from < d1)) continue;
        const ms = runsOf(spans, d0, d1).reduce((a, x) => a + x.to - x.from, 0);
        const starts = changes.filter(
          (c) => c.value >= 0.5 && c.prev !== null && c.prev < 0.5 && c.ts.getTime() >= d0 && c.ts.getTime() < d1,
        ).length;
        out.set(d, { runHours: ms / HOUR, starts, source: 'raw' });
      }
    }
    if (minuteFrom < rawFrom) {
      const [hours, starts] = await Promise.all([
        r.integrals('1m', [k], dayStart(minuteFrom), dayStart(rawFrom), now),
        r.rollupStarts('1m', [k], dayStart(minuteFrom), dayStart(rawFrom)),
      ]);
      const startsByDay = byDay(starts, k);
      for (const [d, h] of byDay(hours, k)) out.set(d, { runHours: h, starts: startsByDay.get(d) ?? 0, source: '1m' });
    }
    if (first < minuteFrom) {
      const [hours, buckets] = await Promise.all([
        r.integrals('1h', [k], start, dayStart(minuteFrom), now),
        r.hourBuckets(k, new Date(start.getTime() - HOUR), dayStart(minuteFrom)),
      ]);
      for (const [d, h] of byDay(hours, k)) {
        const d0 = dayStart(d).getTime();
        const day = buckets.filter((b) => b.t >= d0 && b.t < d0 + DAY);
        const before = buckets.find((b) => b.t === d0 - HOUR);
        out.set(d, { runHours: h, starts: fewestStarts(day, before), source: '1h' });
      }
    }
    return out;
  }

  /** The daily table of [q.from, q.to] (utility days): volume, energy, kWh per 1000 m³, each pump's figures. */
  async function daily(ctx: Context, id: number, q: Query<'daily'>): Promise<StationDaily> {
    const s = await load(ctx, id);
    const first = dayNumber(q.from);
    const last = dayNumber(q.to);
    const start = dayStart(first);
    const end = dayStart(last + 1);
    const now = app.clock.now();
    const r = repo(ctx);

    const flow = s.sensors.flow;
    const flowFactor = FLOW_TO_M3H[flow?.spec?.unit ?? 'm³/h'] ?? 1;
    const counters = s.pumps.flatMap((p) => (p.energy ? [p.energy] : []));
    // A pump without an energy counter: its power integrated over time.
    const powers = s.pumps.flatMap((p) => (!p.energy && p.power ? [p.power] : []));
    const [volumes, rises, powerKwh] = await Promise.all([
      flow ? r.integrals('1h', [flow], start, end, now) : [],
      r.counterRise(counters, start, end),
      r.integrals('1h', powers, start, end, now),
    ]);
    const volumeByDay = byDay(volumes, flow, flowFactor);

    const pumps = [];
    for (const p of s.pumps) {
      const energySource = p.energy ? ('counter' as const) : p.power ? ('power' as const) : null;
      const energy = p.energy
        ? byDay(rises, p.energy, ENERGY_TO_KWH[p.energy.spec?.unit ?? 'kWh'] ?? 1)
        : byDay(powerKwh, p.power, POWER_TO_KW[p.power?.spec?.unit ?? 'kW'] ?? 1);
      pumps.push({ p, energySource, energy, runs: await runStats(ctx, p.running, first, last, now) });
    }

    const days: StationDaily['days'] = [];
    for (let d = first; d <= last; d++) {
      const pumpStats: PumpDayStats[] = pumps.map(({ p, energy, runs }) => {
        const run = runs.get(d);
        return {
          pumpId: p.pump.id,
          runHours: run ? round(run.runHours, 2) : null,
          starts: run ? run.starts : null,
          energy: round(energy.get(d) ?? null, 1),
          source: run?.source ?? null,
        };
      });
      const volume = volumeByDay.get(d) ?? null;
      const energy = sum(pumps.map(({ energy: e }) => e.get(d) ?? null));
      days.push({
        day: dayText(d),
        volume: round(volume, 1),
        energy: round(energy, 1),
        kwhPer1000m3: round(perThousand(energy, volume), 1),
        pumps: pumpStats,
      });
    }

    const totalVolume = sum([...volumeByDay.entries()].filter(([d]) => d >= first && d <= last).map(([, v]) => v));
    const totalEnergy = sum(
      pumps.flatMap(({ energy }) => [...energy.entries()].filter(([d]) => d >= first && d <= last).map(([, v]) => v)),
    );
    return {
      station: s.summary,
      from: q.from,
      to: q.to,
      pumps: pumps.map(({ p, energySource }) => ({
        id: p.pump.id,
        number: p.pump.number,
        name: p.pump.name,
        energySource,
      })),
      days,
      totals: {
        volume: round(totalVolume, 1),
        energy: round(totalEnergy, 1),
        kwhPer1000m3: round(perThousand(totalEnergy, totalVolume), 1),
        pumps: pumps.map(({ p, energy, runs }, i) => ({
          pumpId: p.pump.id,
          runHours: round(sum([...runs.values()].map((x) => x.runHours)), 2),
          starts: sum(days.map((d) => d.pumps[i]?.starts ?? null)),
          energy: round(sum([...energy.entries()].filter(([d]) => d >= first && d <= last).map(([, v]) => v)), 1),
        })),
      },
      partial: end.getTime() > now.getTime() && utilityDay(now) >= q.from,
    };
  }

  /** The daily table as a file: the table's columns, a totals row last, header in the caller's language. */
  async function exportDaily(ctx: RouteContext, id: number, q: Query<'dailyExport'>) {
    const table = await daily(ctx, id, q);
    const locale = ctx.locale;
    const pumpLabel = (p: StationDaily['pumps'][number]) =>
      p.name || t(locale, 'stationHistory.pump', { number: p.number });
    const header = [
      t(locale, 'stationHistory.export.col.day'),
      t(locale, 'stationHistory.export.col.volume'),
      t(locale, 'stationHistory.export.col.energy'),
      t(locale, 'stationHistory.export.col.kwhPer1000m3'),
      ...table.pumps.flatMap((p) => [
        t(locale, 'stationHistory.export.col.runHours', { pump: pumpLabel(p) }),
        t(locale, 'stationHistory.export.col.starts', { pump: pumpLabel(p) }),
        t(
          locale,
          p.energySource === 'power'
            ? 'stationHistory.export.col.pumpEnergyFromPower'
            : 'stationHistory.export.col.pumpEnergy',
          { pump: pumpLabel(p) },
        ),
      ]),
    ];
    const row = (
      label: string,
      r: Omit<StationDaily['days'][number], 'day' | 'pumps'> & { pumps: Omit<PumpDayStats, 'source'>[] },
    ) => [label, r.volume, r.energy, r.kwhPer1000m3, ...r.pumps.flatMap((p) => [p.runHours, p.starts, p.energy])];
    const rows: CsvCell[][] = [
      ...table.days.map((d) => row(d.day, d)),
      row(t(locale, 'stationHistory.export.total'), table.totals),
    ];
    const fileName = `${table.station.code}-${t(locale, 'stationHistory.export.fileName')}-${q.from.replaceAll('-', '')}-${q.to.replaceAll('-', '')}.${q.format}`;
    if (q.format === 'xlsx') return sendXlsx(ctx.reply, fileName, header, rows);
    return sendCsv(ctx.reply, fileName, header, rows);
  }

  return { history, daily, exportDaily };
}
