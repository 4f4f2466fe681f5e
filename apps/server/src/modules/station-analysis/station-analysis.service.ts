import {
  ALARM_SEVERITIES,
  type AlarmSeverity,
  ANALYSIS_MONTHS,
  ANALYSIS_TOP,
  type AnalysisCompare,
  type AnalysisFigures,
  type AnalysisKpis,
  type AnalysisStation,
  type AnalysisSystemFigures,
  analysisDays,
  isComparable,
  type stationAnalysisApi,
  thingModelSchema,
} from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { operationLog } from '../../db/schema/index.ts';
import { t } from '../../i18n/messages.ts';
import { UTILITY_OFFSET_MS } from '../../lib/clock.ts';
import type { Context, RouteContext } from '../../lib/context.ts';
import { regionFilter } from '../../lib/region-filter.ts';
import { together } from '../../lib/together.ts';
import { ENERGY_TO_KWH, FLOW_TO_M3H, POWER_TO_KW } from '../../lib/units.ts';
import { RequestValidationError } from '../../lib/validation.ts';
import { type CellValue, sendXlsx } from '../../lib/xlsx.ts';
import type { SeriesKey } from '../station-history/station-history.repository.ts';
import { utilityDayStart } from '../telemetry/telemetry.daily.ts';
import { createStationAnalysisRepository, type PieceFigure } from './station-analysis.repository.ts';

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** The start counter a pump controller's thing model may carry (cumulative starts). */
const STARTS_METRIC = 'starts';

type Query<K extends keyof typeof stationAnalysisApi> = z.output<NonNullable<(typeof stationAnalysisApi)[K]['query']>>;

/** Days since the epoch in the utility's calendar, and back. */
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY);
const dayText = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);
/** The instant (ms) the utility day `n` starts: midnight UTC+8. */
const dayStart = (n: number) => n * DAY - UTILITY_OFFSET_MS;
/** The instant (ms) a utility month starts (month 0-based, may run past 11 or below 0). */
const monthStart = (year: number, month: number) => Date.UTC(year, month, 1) - UTILITY_OFFSET_MS;
const keyOf = (s: SeriesKey) => `${s.deviceId}:${s.metric}`;
const round = (v: number | null, decimals: number) => (v === null ? null : Number(v.toFixed(decimals)));

/** [start, end) in ms, and the utility days it covers. */
interface Period {
  start: number;
  end: number;
  from: string;
  to: string;
}

/**
 * The period of utility days [from, to] and the one before it: the same number of whole months when
 * the period is whole months (a month, a quarter, a year), else the same number of days.
 */
export function periodsOf(from: string, to: string): { current: Period; previous: Period } {
  const first = dayNumber(from);
  const last = dayNumber(to);
  const current = { start: dayStart(first), end: dayStart(last + 1), from, to };
  const [y0, m0, d0] = from.split('-').map(Number) as [number, number, number];
  const [y1, m1] = to.split('-').map(Number) as [number, number];
  const nextDay = dayText(last + 1);
  if (d0 === 1 && nextDay.endsWith('-01')) {
    const months = (y1 - y0) * 12 + (m1 - m0) + 1;
    const start = new Date(Date.UTC(y0, m0 - 1 - months, 1)).toISOString().slice(0, 10);
    return {
      current,
      previous: { start: monthStart(y0, m0 - 1 - months), end: current.start, from: start, to: dayText(first - 1) },
    };
  }
  const days = analysisDays(from, to);
  return {
    current,
    previous: {
      start: dayStart(first - days),
      end: current.start,
      from: dayText(first - days),
      to: dayText(first - 1),
    },
  };
}

/** What a station did in one piece of time, before rounding; sums of pieces and of stations alike. */
interface Acc {
  volume: number | null;
  energy: number | null;
  runHours: number | null;
  starts: number | null;
  bySeverity: Record<AlarmSeverity, number>;
  availableHours: number;
  pumpHours: number;
  /** Pump-hours of the period that have begun (maintenance pumps left out), and those their controllers reported in. */
  periodPumpHours: number;
  reportedHours: number;
  ackSeconds: number;
  acked: number;
  clearSeconds: number;
  cleared: number;
}

const emptyAcc = (): Acc => ({
  volume: null,
  energy: null,
  runHours: null,
  starts: null,
  bySeverity: Object.fromEntries(ALARM_SEVERITIES.map((s) => [s, 0])) as Record<AlarmSeverity, number>,
  availableHours: 0,
  pumpHours: 0,
  periodPumpHours: 0,
  reportedHours: 0,
  ackSeconds: 0,
  acked: 0,
  clearSeconds: 0,
  cleared: 0,
});
const plus = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);

function addInto(into: Acc, a: Acc) {
  into.volume = plus(into.volume, a.volume);
  into.energy = plus(into.energy, a.energy);
  into.runHours = plus(into.runHours, a.runHours);
  into.starts = plus(into.starts, a.starts);
  for (const s of ALARM_SEVERITIES) into.bySeverity[s] += a.bySeverity[s];
  into.availableHours += a.availableHours;
  into.pumpHours += a.pumpHours;
  into.periodPumpHours += a.periodPumpHours;
  into.reportedHours += a.reportedHours;
  into.ackSeconds += a.ackSeconds;
  into.acked += a.acked;
  into.clearSeconds += a.clearSeconds;
  into.cleared += a.cleared;
}

const perThousand = (energy: number | null, volume: number | null) =>
  energy === null || volume === null || volume <= 0 ? null : (energy / volume) * 1000;

export function figuresOf(a: Acc): AnalysisFigures {
  const alarms = ALARM_SEVERITIES.reduce((n, s) => n + a.bySeverity[s], 0);
  return {
    volume: round(a.volume, 1),
    energy: round(a.energy, 1),
    kwhPer1000m3: round(perThousand(a.energy, a.volume), 1),
    runHours: round(a.runHours, 1),
    starts: a.starts === null ? null : Math.round(a.starts),
    alarms,
    alarmsBySeverity: { ...a.bySeverity },
    availability: a.pumpHours > 0 ? round(a.availableHours / a.pumpHours, 4) : null,
    coverage: a.periodPumpHours > 0 ? round(Math.min(1, a.reportedHours / a.periodPumpHours), 4) : null,
  };
}

function systemFiguresOf(a: Acc): AnalysisSystemFigures {
  return {
    ...figuresOf(a),
    mtta: a.acked ? Math.round(a.ackSeconds / a.acked) : null,
    mttr: a.cleared ? Math.round(a.clearSeconds / a.cleared) : null,
  };
}

/** A station's points as the analysis reads them. */
interface StationSeries {
  station: AnalysisStation;
  flow: (SeriesKey & { factor: number }) | null;
  pumps: {
    maintenance: boolean;
    running: SeriesKey | null;
    fault: SeriesKey | null;
    power: (SeriesKey & { factor: number }) | null;
    energy: (SeriesKey & { factor: number }) | null;
    starts: SeriesKey | null;
  }[];
}

/** Answers in flight, one map per service (server): cleared by tests that rewrite the data under the same question. */
const caches = new Set<() => void>();
export function clearAnalysisCaches() {
  for (const clear of caches) clear();
}

/**
 * Station analysis (issue 17 part 5): per station and for the system, from the rollups (the daily
 * tier for whole days before yesterday, the 1-hour tier since) and the alarm records, in utility days
 * and months (UTC+8), within the caller's region limit. Definitions in the README ("Station analysis:
 * definitions").
 */
export function createStationAnalysisService(app: FastifyInstance) {
  const repo = (ctx: Context) => createStationAnalysisRepository(ctx.db);
  // Answers being computed: the same question asked again meanwhile (the screen's callers at once)
  // shares the computation; nothing is kept once it is answered.
  const inFlight = new Map<string, Promise<unknown>>();
  // The utility day (its start) the daily tier is known to hold, yesterday's last hours with it.
  let derivedDay = Number.NEGATIVE_INFINITY;
  const clear = () => {
    inFlight.clear();
    derivedDay = Number.NEGATIVE_INFINITY;
  };
  caches.add(clear);
  app.addHook('onClose', async () => {
    caches.delete(clear);
  });

  function shared<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const running = inFlight.get(key);
    if (running) return running as Promise<T>;
    const value = compute();
    inFlight.set(key, value);
    const done = () => {
      if (inFlight.get(key) === value) inFlight.delete(key);
    };
    value.then(done, done);
    return value;
  }

  /** The stations in reach (region limit, filter), with their points. Asked-for ids out of reach: 400. */
  async function stationsOf(
    ctx: Context,
    q: { stationIds?: number[] | undefined; regionId?: number | undefined; kind?: string | undefined },
  ): Promise<StationSeries[]> {
    const r = repo(ctx);
    const scope = await ctx.scope();
    const regionIds = await regionFilter(ctx.db, scope, q.regionId);
    const ids = q.stationIds ? [...new Set(q.stationIds)] : undefined;
    let list: Awaited<ReturnType<typeof r.stations>>;
    if (ids?.length) {
      // Asked for by id: each must exist within the caller's region limit (a region filter and the
      // kind only narrow), read in one query with their regions.
      const reach = await regionFilter(ctx.db, scope, undefined);
      const found = await r.stations({ ids });
      const ok = new Set(
        found
          .filter((s) => reach === undefined || (s.regionId !== null && reach.includes(s.regionId)))
          .map((s) => s.id),
      );
      const missing = ids.filter((id) => !ok.has(id));
      if (missing.length)
        throw new RequestValidationError('querystring', [
          { code: 'custom', path: ['stationIds'], message: 'validation.unknownStation', input: missing.join(',') },
        ]);
      list = found.filter(
        (s) =>
          (regionIds === undefined || (s.regionId !== null && regionIds.includes(s.regionId))) &&
          (!q.kind || s.kind === q.kind),
      );
    } else list = await r.stations({ regionIds, kind: q.kind });
    const { pumps, sensors, typeOf, models } = await r.config(list.map((s) => s.id));
    // Each type's model read once (devices share types): its metrics' units.
    const specs = new Map<number | null, Map<string, { unit: string }>>();
    const specOf = (deviceId: number, metric: string) => {
      const typeId = typeOf.get(deviceId) ?? null;
      let m = specs.get(typeId);
      if (!m) {
        const model = thingModelSchema.safeParse((typeId === null ? undefined : models.get(typeId)) ?? {});
        m = new Map((model.success ? model.data.metrics : []).map((x) => [x.key, { unit: x.unit ?? '' }]));
        specs.set(typeId, m);
      }
      return m.get(metric);
    };
    return list.map((s) => {
      const flowSensor = sensors.find((x) => x.stationId === s.id && x.role === 'flow');
      return {
        station: {
          id: s.id,
          code: s.code,
          name: s.name,
          kind: s.kind as AnalysisStation['kind'],
          regionName: s.regionName ?? null,
        },
        flow: flowSensor
          ? {
              deviceId: flowSensor.deviceId,
              metric: flowSensor.metric,
              factor: FLOW_TO_M3H[specOf(flowSensor.deviceId, flowSensor.metric)?.unit ?? 'm³/h'] ?? 1,
            }
          : null,
        pumps: pumps
          .filter((p) => p.stationId === s.id)
          .map((p) => {
            const d = p.controllerDeviceId;
            const key = (metric: string | null) => (d === null || !metric ? null : { deviceId: d, metric });
            const power = key(p.powerMetric);
            const energy = key(p.energyMetric);
            return {
              maintenance: p.maintenance,
              running: key(p.runningMetric),
              fault: key(p.faultMetric),
              power: power && {
                ...power,
                factor: POWER_TO_KW[specOf(power.deviceId, power.metric)?.unit ?? 'kW'] ?? 1,
              },
              energy: energy && {
                ...energy,
                factor: ENERGY_TO_KWH[specOf(energy.deviceId, energy.metric)?.unit ?? 'kWh'] ?? 1,
              },
              starts: d !== null && specOf(d, STARTS_METRIC) ? { deviceId: d, metric: STARTS_METRIC } : null,
            };
          }),
      };
    });
  }

  /**
   * Each station's figures in each piece between consecutive `cuts` (ms, ascending): one pass over the
   * rollups for the averaged points, one for the counters, one over the alarms.
   */
  async function pieces(ctx: Context, stations: StationSeries[], cuts: number[]): Promise<Acc[][]> {
    const r = repo(ctx);
    const now = app.clock.now().getTime();
    // Whole days (and months) before today from their tiers once the job has derived today (in the
    // same run as yesterday's last hours), else before yesterday; the rest from the hours, exact to
    // the last commit.
    const today = utilityDayStart(now);
    if (derivedDay !== today && (await r.derivedSince(today))) derivedDay = today;
    const split = derivedDay === today ? today : today - DAY;
    const averaged = new Map<string, SeriesKey>();
    const counters = new Map<string, SeriesKey>();
    const add = (m: Map<string, SeriesKey>, s: SeriesKey | null) => {
      if (s) m.set(keyOf(s), { deviceId: s.deviceId, metric: s.metric });
    };
    for (const s of stations) {
      add(averaged, s.flow);
      for (const p of s.pumps) {
        add(averaged, p.running);
        add(averaged, p.fault);
        add(averaged, p.power);
        add(counters, p.energy);
        add(counters, p.starts);
      }
    }
    const running = stations.flatMap((s) => s.pumps.flatMap((p) => (p.running ? [p.running] : [])));
    // At once on the pool; in turn should ctx.db be a transaction (one connection).
    const [{ integrals, rises, firsts }, alarms] = await together(
      ctx.db,
      () =>
        r.figures(
          { averaged: [...averaged.values()], counters: [...counters.values()], firsts: running },
          cuts,
          now,
          split,
        ),
      () =>
        r.alarms(
          stations.map((s) => s.station.id),
          cuts,
        ),
    );
    const index = (rows: PieceFigure[]) => {
      const m = new Map<string, PieceFigure>();
      for (const row of rows) m.set(`${keyOf(row)}:${row.piece}`, row);
      return m;
    };
    const integralOf = index(integrals);
    const riseOf = index(rises);
    const at = (m: Map<string, PieceFigure>, s: SeriesKey | null, piece: number) =>
      s ? m.get(`${keyOf(s)}:${piece}`) : undefined;

    const n = cuts.length - 1;
    const out = stations.map((s) => {
      const row: Acc[] = [];
      for (let i = 0; i < n; i++) {
        const a = emptyAcc();
        const flow = at(integralOf, s.flow, i);
        if (flow && s.flow) a.volume = flow.value * s.flow.factor;
        // Hours of the piece that have begun by now: a pump-hour is one its controller could report in.
        const pieceStart = cuts[i]!;
        const pieceEnd = Math.min(cuts[i + 1]!, now);
        for (const p of s.pumps) {
          const counter = at(riseOf, p.energy, i);
          const power = at(integralOf, p.power, i);
          if (counter && p.energy) a.energy = plus(a.energy, counter.value * p.energy.factor);
          else if (power && p.power) a.energy = plus(a.energy, power.value * p.power.factor);
          const starts = at(riseOf, p.starts, i);
          if (starts) a.starts = plus(a.starts, starts.value);
          const run = at(integralOf, p.running, i);
          if (run) a.runHours = plus(a.runHours, run.value);
          if (p.maintenance) continue;
          // Coverage: the pump-hours of the piece so far against those its controller reported in.
          const pieceHours = pieceEnd > pieceStart ? Math.ceil((pieceEnd - pieceStart) / HOUR) : 0;
          a.periodPumpHours += pieceHours;
          a.reportedHours += Math.min(pieceHours, run?.hours ?? 0);
          // Availability: pumps under maintenance are left out; a pump counts from its first reading.
          const first = p.running ? firsts.get(keyOf(p.running)) : undefined;
          if (first === undefined) continue;
          const from = Math.max(pieceStart, Math.floor(first / HOUR) * HOUR);
          const hours = pieceEnd > from ? Math.ceil((pieceEnd - from) / HOUR) : 0;
          if (hours === 0) continue;
          const faulted = at(integralOf, p.fault, i)?.value ?? 0;
          const reported = run?.hours ?? 0;
          a.pumpHours += hours;
          a.availableHours += Math.min(hours, Math.max(0, reported - faulted));
        }
        row.push(a);
      }
      return row;
    });
    const byStation = new Map(stations.map((s, i) => [s.station.id, out[i]!]));
    for (const al of alarms) {
      const a = byStation.get(al.stationId)?.[al.piece];
      if (!a || !(ALARM_SEVERITIES as readonly string[]).includes(al.severity)) continue;
      a.bySeverity[al.severity as AlarmSeverity] += al.n;
      a.ackSeconds += al.ackSeconds;
      a.acked += al.acked;
      a.clearSeconds += al.clearSeconds;
      a.cleared += al.cleared;
    }
    return out;
  }

  /** Σ of the pieces that lie in [start, end). */
  const within = (row: Acc[], cuts: number[], start: number, end: number) => {
    const a = emptyAcc();
    row.forEach((p, i) => {
      if (cuts[i]! >= start && cuts[i + 1]! <= end) addInto(a, p);
    });
    return a;
  };
  const total = (accs: Acc[]) => {
    const a = emptyAcc();
    for (const x of accs) addInto(a, x);
    return a;
  };

  const cacheKey = async (ctx: Context, name: string, q: unknown) =>
    JSON.stringify([name, q, (await ctx.scope()).regions]);

  async function compare(ctx: Context, q: Query<'compare'>): Promise<AnalysisCompare> {
    const { current, previous } = periodsOf(q.from, q.to);
    // The key holds the question and the caller's region limit: a shared answer was checked (stations) the same way.
    return shared(await cacheKey(ctx, 'compare', q), async () => {
      const stations = await stationsOf(ctx, q);
      const cuts = [previous.start, current.start, current.end];
      const rows = await pieces(ctx, stations, cuts);
      return {
        from: current.from,
        to: current.to,
        previousFrom: previous.from,
        previousTo: previous.to,
        partial: current.end > app.clock.now().getTime(),
        rows: stations.map((s, i) => ({
          station: s.station,
          current: figuresOf(rows[i]![1]!),
          previous: figuresOf(rows[i]![0]!),
        })),
        totals: {
          current: figuresOf(total(rows.map((r) => r[1]!))),
          previous: figuresOf(total(rows.map((r) => r[0]!))),
        },
      };
    });
  }

  async function kpis(ctx: Context, q: Query<'kpis'>): Promise<AnalysisKpis> {
    const from = q.year !== undefined ? `${q.year}-01-01` : q.from!;
    const to = q.year !== undefined ? `${q.year}-12-31` : q.to!;
    const { current, previous } = periodsOf(from, to);
    return shared(await cacheKey(ctx, 'kpis', { ...q, from, to }), async () => {
      const stations = await stationsOf(ctx, q);
      const [y, m] = to.split('-').map(Number) as [number, number];
      const months = Array.from({ length: ANALYSIS_MONTHS + 1 }, (_, i) => monthStart(y, m - ANALYSIS_MONTHS + i));
      const cuts = [...new Set([previous.start, current.start, current.end, ...months])].sort((a, b) => a - b);
      const rows = await pieces(ctx, stations, cuts);
      const cur = rows.map((r) => within(r, cuts, current.start, current.end));
      const figures = cur.map(figuresOf);
      const top = <T>(value: (f: AnalysisFigures) => T | null, order: (a: T, b: T) => number) =>
        stations
          .map((s, i) => ({ station: s.station, value: value(figures[i]!) }))
          .filter((x): x is { station: AnalysisStation; value: T } => x.value !== null)
          .sort((a, b) => order(a.value, b.value) || a.station.code.localeCompare(b.station.code))
          .slice(0, ANALYSIS_TOP);
      return {
        from,
        to,
        previousFrom: previous.from,
        previousTo: previous.to,
        partial: current.end > app.clock.now().getTime(),
        stations: stations.length,
        current: systemFiguresOf(total(cur)),
        previous: systemFiguresOf(total(rows.map((r) => within(r, cuts, previous.start, previous.end)))),
        topIntensity: top(
          (f) => f.kwhPer1000m3,
          (a, b) => b - a,
        ),
        topAlarms: top(
          (f) => (f.alarms > 0 ? f.alarms : null),
          (a, b) => b - a,
        ),
        months: months.slice(0, -1).map((start, i) => {
          const f = figuresOf(total(rows.map((r) => within(r, cuts, start, months[i + 1]!))));
          const d = new Date(start + UTILITY_OFFSET_MS);
          return {
            month: `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`,
            volume: f.volume,
            energy: f.energy,
            kwhPer1000m3: f.kwhPer1000m3,
            availability: f.availability,
            alarms: f.alarms,
          };
        }),
      };
    });
  }

  /** The comparison as XLSX: each figure, the previous period's and the change in %, a totals row last. */
  async function exportCompare(ctx: RouteContext, q: Query<'exportCompare'>) {
    const started = performance.now();
    const data = await compare(ctx, q);
    const l = ctx.locale;
    const col = (k: string) => t(l, `stationAnalysis.export.col.${k}` as Parameters<typeof t>[1]);
    const figures = ['volume', 'energy', 'kwhPer1000m3', 'runHours', 'starts', 'alarms', 'availability'] as const;
    const header = [
      col('code'),
      col('station'),
      ...figures.flatMap((f) => [col(f), `${col(f)} ${col('previous')}`, `${col(f)} ${col('change')}`]),
    ];
    const value = (x: AnalysisFigures, f: (typeof figures)[number]) =>
      f === 'availability' ? (x.availability === null ? null : round(x.availability * 100, 2)) : x[f];
    const change = (c: number | null, p: number | null) =>
      c === null || p === null || p === 0 ? null : round(((c - p) / Math.abs(p)) * 100, 1);
    // A previous period its pumps barely reported in (history begins inside it) is not compared with.
    const row = (code: string, name: string, c: AnalysisFigures, p: AnalysisFigures): CellValue[] => [
      code,
      name,
      ...figures.flatMap((f) => [value(c, f), value(p, f), isComparable(p) ? change(value(c, f), value(p, f)) : null]),
    ];
    const rows = [
      ...data.rows.map((r) => row(r.station.code, r.station.name, r.current, r.previous)),
      row(col('total'), '', data.totals.current, data.totals.previous),
    ];
    const fileName = `${t(l, 'stationAnalysis.export.fileName')}-${q.from.replaceAll('-', '')}-${q.to.replaceAll('-', '')}.xlsx`;
    // The route layer logs no download (they are reads): this one is an operation of its own.
    const req = ctx.reply.request;
    await ctx.db.insert(operationLog).values({
      userId: ctx.auth?.userId ?? null,
      username: ctx.auth?.username ?? '',
      module: 'station-analysis',
      action: 'export',
      method: req.method,
      path: req.url.split('?')[0] ?? req.url,
      params: { ...q, stationIds: q.stationIds?.join(',') },
      result: 'success',
      durationMs: Math.round(performance.now() - started),
      ip: req.ip,
      createdAt: app.clock.now(),
    });
    return sendXlsx(ctx.reply, fileName, header, rows);
  }

  return { compare, kpis, exportCompare };
}
