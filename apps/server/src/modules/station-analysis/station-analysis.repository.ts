import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { devices, deviceTypes, regions, stationPumps, stationSensors, stations } from '../../db/schema/index.ts';
import type { SeriesKey } from '../station-history/station-history.repository.ts';
import { utilityMonthStart } from '../telemetry/telemetry.daily.ts';

/** Raw queries answer `{ rows }` on PGlite and node-postgres alike. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The cuts (ms, ascending) as a float8 array of epoch seconds: `width_bucket(epoch, cuts)` then numbers
 * the pieces between them 1, 2, … (a bucket at or after cut i-1 and before cut i is in piece i).
 */
const cutArray = (cuts: number[]) => sql.raw(`array[${cuts.map((c) => Number(c) / 1000).join(', ')}]::float8[]`);
const pieceOf = (column: SQL, cuts: number[]) =>
  sql`width_bucket(extract(epoch from ${column}), ${cutArray(cuts)}) - 1`;
const iso = (ms: number) => new Date(ms).toISOString();
const DAY_MS = 86_400_000;

/** Time ranges [from, to) (ms) per tier: what a query reads from each. */
export interface Tiers {
  months: [number, number][];
  days: [number, number][];
  hours: [number, number] | null;
}

/**
 * Which tier covers what of [from, cuts[last]): before `split` (a day start, clamped into the span)
 * each utility month that lies whole inside it and inside one piece comes from the monthly tier, the
 * other days from the daily tier; from `split` on, the hours.
 */
export function tiersOf(cuts: number[], from: number, split: number): Tiers {
  const end = cuts.at(-1)!;
  const s = Math.min(Math.max(split, from), end);
  const months: [number, number][] = [];
  const days: [number, number][] = [];
  const push = (list: [number, number][], a: number, b: number) => {
    if (b <= a) return;
    const last = list.at(-1);
    if (last && last[1] === a) last[1] = b;
    else list.push([a, b]);
  };
  let at = from;
  for (let m = utilityMonthStart(from); m < s; m = utilityMonthStart(m, 1)) {
    const next = utilityMonthStart(m, 1);
    if (m < from || next > s || cuts.some((c) => c > m && c < next)) continue;
    push(days, at, m);
    push(months, m, next);
    at = next;
  }
  push(days, at, s);
  return { months, days, hours: s < end ? [s, end] : null };
}

/** Postgres array literals of the series' devices and metrics (one parameter each). */
const seriesArrays = (series: SeriesKey[]) => ({
  ids: `{${series.map((s) => s.deviceId).join(',')}}`,
  metrics: `{${series.map((s) => `"${s.metric.replace(/["\\]/g, '\\$&')}"`).join(',')}}`,
});

/**
 * The series' rows of each tier in its ranges, the days and hours summed per series and part (a range
 * cut at the `cuts`, so a part lies in one piece; its `bucket` is its first row's), as one row set: device_id,
 * metric, bucket, v (Σ of hourly means), n (hours), and for counters (`counter`) first_min, first_max
 * (the part's first hour's), last_max (its last hour's) and rise (its hours' rise but the first's). An
 * hour is a row of its own; its mean counts for the part of it that has passed at `now`.
 */
function segments(series: SeriesKey[], tiers: Tiers, cuts: number[], now: number, counter: boolean): SQL {
  const { ids, metrics } = seriesArrays(series);
  const pieces = (ranges: [number, number][]) =>
    ranges.flatMap(([a, b]) => {
      const at = [a, ...cuts.filter((c) => c > a && c < b), b];
      return at.slice(0, -1).map((x, k) => [x, at[k + 1]!] as const);
    });
  // The statement's text is made here from numbers and instants only (the series travel as the two
  // arrays): a few hundred parts would cost more as query-builder fragments than the reading itself.
  const share = `least(3600, greatest(0, ${Number(now) / 1000}::float8 - extract(epoch from d.bucket))) / 3600`;
  const parts: string[] = [];
  // Months lie in one piece each (tiersOf): their rows as they are, a range of them per lateral scan.
  for (const [a, b] of tiers.months)
    parts.push(`select s.device_id, s.metric, d.bucket, d.mean_sum as v, d.hours as n, d.first_min, d.first_max,
        d.last_max, d.rise
      from s, lateral (
        select * from telemetry_rollups_1mo d where d.device_id = s.device_id and d.metric = s.metric
          and d.bucket >= '${iso(a)}'::timestamptz and d.bucket < '${iso(b)}'::timestamptz offset 0) d`);
  const tables = [
    ['telemetry_rollups_1d', pieces(tiers.days)],
    ['telemetry_rollups_1h', pieces(tiers.hours ? [tiers.hours] : [])],
  ] as const;
  for (const [table, ranges] of tables) {
    const hourly = table === 'telemetry_rollups_1h';
    // Each series' rows by its own key range (a lateral index scan), summed there.
    for (const [a, b] of ranges) {
      const rows = `from ${table} d where d.device_id = s.device_id and d.metric = s.metric
          and d.bucket >= '${iso(a)}'::timestamptz and d.bucket < '${iso(b)}'::timestamptz`;
      parts.push(
        counter
          ? `select s.device_id, s.metric, x.bucket, 0::float8 as v, x.n, x.first_min, x.first_max, x.last_max, x.rise
        from s, lateral (
          select min(bucket) as bucket, sum(n)::int as n, (array_agg(first_min order by bucket))[1] as first_min,
            (array_agg(first_max order by bucket))[1] as first_max,
            (array_agg(last_max order by bucket desc))[1] as last_max,
            sum(rise + case when prev is null then 0 when first_max < prev then first_max - first_min else first_max - prev end) as rise
          from (
            select d.bucket, ${hourly ? '1 as n, d.min as first_min, d.max as first_max, d.max as last_max, 0::float8 as rise, lag(d.max)' : 'd.hours as n, d.first_min, d.first_max, d.last_max, d.rise, lag(d.last_max)'} over (order by d.bucket) as prev
            ${rows}
          ) r
          having count(*) > 0) x`
          : `select s.device_id, s.metric, x.bucket, x.v, x.n, 0::float8 as first_min, 0::float8 as first_max,
          0::float8 as last_max, 0::float8 as rise
        from s, lateral (
          select min(d.bucket) as bucket, ${hourly ? `sum(d.sum / d.count * ${share})` : 'sum(d.mean_sum)'} as v,
            ${hourly ? 'count(*)::int' : 'sum(d.hours)::int'} as n
          ${rows}
          having count(*) > 0) x`,
      );
    }
  }
  const union = parts.length
    ? parts.join('\n union all ')
    : `select null::int as device_id, null::text as metric, null::timestamptz as bucket, 0::float8 as v,
      0 as n, 0::float8 as first_min, 0::float8 as first_max, 0::float8 as last_max, 0::float8 as rise where false`;
  return sql`with s(device_id, metric) as (select * from unnest(${ids}::int[], ${metrics}::text[]))
    ${sql.raw(union)}`;
}

/** A pump as the analysis reads it. */
export interface AnalysisPump {
  stationId: number;
  number: number;
  controllerDeviceId: number | null;
  maintenance: boolean;
  runningMetric: string | null;
  faultMetric: string | null;
  powerMetric: string | null;
  energyMetric: string | null;
}

/** A station's sensor (its role's device and metric). */
export interface AnalysisSensor {
  stationId: number;
  role: string;
  deviceId: number;
  metric: string;
}

/** Per series and piece (0-based, between two cuts). */
export interface PieceFigure extends SeriesKey {
  piece: number;
  value: number;
  /** Buckets (hours) with a reading. */
  hours: number;
}

export interface AlarmPiece {
  stationId: number;
  piece: number;
  severity: string;
  n: number;
  ackSeconds: number;
  acked: number;
  clearSeconds: number;
  cleared: number;
}

export interface StationFilter {
  ids?: number[] | undefined;
  /** undefined: no region limit. */
  regionIds?: number[] | undefined;
  kind?: string | undefined;
}

type FigureRow = { device_id: number; metric: string; piece: number; v: number; n: number };
const figuresOf = (rows: FigureRow[]): PieceFigure[] =>
  rows.map((r) => ({
    deviceId: Number(r.device_id),
    metric: r.metric,
    piece: Number(r.piece),
    value: Number(r.v),
    hours: Number(r.n),
  }));

/** See the repository's `integrals`. */
const integralsSql = (series: SeriesKey[], cuts: number[], now: number, split: number) => sql`
  select device_id, metric, ${pieceOf(sql`bucket`, cuts)} as piece, sum(v) as v, sum(n)::int as n
  from (${segments(series, tiersOf(cuts, cuts[0]!, split), cuts, now, false)}) u
  group by 1, 2, 3`;

/** See the repository's `rises`: a day back for the hour before the first (a whole day row, the cuts being day starts). */
const risesSql = (series: SeriesKey[], cuts: number[], split: number) => sql`
  select device_id, metric, ${pieceOf(sql`bucket`, cuts)} as piece,
    sum(rise + case when prev is null or first_max < prev then first_max - first_min else first_max - prev end) as v,
    sum(n)::int as n
  from (
    select device_id, metric, bucket, first_min, first_max, rise, n,
      lag(last_max) over (partition by device_id, metric order by bucket) as prev
    from (${segments(series, tiersOf(cuts, cuts[0]! - DAY_MS, split), cuts, 0, true)}) u
  ) b
  where bucket >= ${iso(cuts[0]!)}::timestamptz
  group by 1, 2, 3`;

/** See the repository's `firstBuckets`. */
const firstsSql = (series: SeriesKey[]) => {
  const { ids, metrics } = seriesArrays(series);
  return sql`
    select s.device_id, s.metric,
      (select min(r.bucket) from telemetry_rollups_1h r where r.device_id = s.device_id and r.metric = s.metric) as t
    from unnest(${ids}::int[], ${metrics}::text[]) as s(device_id, metric)`;
};

export function createStationAnalysisRepository(db: Queryable) {
  return {
    /** The stations (code order) within the filter, with their region's name. */
    stations(f: StationFilter) {
      const conditions = [
        f.ids ? inArray(stations.id, f.ids) : undefined,
        f.regionIds ? (f.regionIds.length ? inArray(stations.regionId, f.regionIds) : sql`false`) : undefined,
        f.kind ? eq(stations.kind, f.kind) : undefined,
      ];
      return db
        .select({
          id: stations.id,
          code: stations.code,
          name: stations.name,
          kind: stations.kind,
          regionId: stations.regionId,
          regionName: regions.name,
        })
        .from(stations)
        .leftJoin(regions, eq(regions.id, stations.regionId))
        .where(and(...conditions))
        .orderBy(asc(stations.code));
    },

    /**
     * The pumps (station, number order) and sensors of the stations, each of their devices' type, and
     * those types' thing models (each once: many devices share a type), in one round trip.
     */
    async config(stationIds: number[]) {
      const empty = {
        pumps: [],
        sensors: [],
        typeOf: new Map<number, number | null>(),
        models: new Map<number, unknown>(),
      };
      if (stationIds.length === 0) return empty;
      const ids = `{${stationIds.map(Number).join(',')}}`;
      const [row] = rowsOf<{
        pumps: AnalysisPump[] | null;
        sensors: AnalysisSensor[] | null;
        devices: { id: number; typeId: number | null; model: unknown }[] | null;
      }>(
        await db.execute(sql`
          with p as (
            select station_id, number, controller_device_id, maintenance, running_metric, fault_metric,
              power_metric, energy_metric
            from ${stationPumps} where station_id = any(${ids}::int[])
          ),
          se as (select station_id, role, device_id, metric from ${stationSensors} where station_id = any(${ids}::int[])),
          d as (
            select d.id, d.type_id,
              case when row_number() over (partition by d.type_id order by d.id) = 1 then t.model end as model
            from ${devices} d left join ${deviceTypes} t on t.id = d.type_id
            where d.id in (select controller_device_id from p union select device_id from se)
          )
          select
            (select json_agg(json_build_object('stationId', station_id, 'number', number,
                'controllerDeviceId', controller_device_id, 'maintenance', maintenance,
                'runningMetric', running_metric, 'faultMetric', fault_metric, 'powerMetric', power_metric,
                'energyMetric', energy_metric) order by station_id, number) from p) as pumps,
            (select json_agg(json_build_object('stationId', station_id, 'role', role, 'deviceId', device_id,
                'metric', metric)) from se) as sensors,
            (select json_agg(json_build_object('id', id, 'typeId', type_id, 'model', model)) from d) as devices`),
      );
      const list = row?.devices ?? [];
      return {
        pumps: row?.pumps ?? [],
        sensors: row?.sensors ?? [],
        typeOf: new Map(list.map((r) => [r.id, r.typeId])),
        models: new Map(list.filter((r) => r.typeId !== null && r.model != null).map((r) => [r.typeId!, r.model])),
      };
    },

    /**
     * Σ hourly mean × hours per series and piece over [cuts[0], cuts[last]), with the hours that have a
     * bucket: before `split`, the monthly tier's whole months and the daily tier's other days (Σ of the
     * hourly means, hours); from `split` on, the 1-hour buckets. A bucket still running at `now` counts
     * only the part that has passed. The cuts and `split` are utility day starts.
     */
    async integrals(series: SeriesKey[], cuts: number[], now: number, split: number): Promise<PieceFigure[]> {
      if (series.length === 0 || cuts.length < 2) return [];
      return figuresOf(rowsOf<FigureRow>(await db.execute(integralsSql(series, cuts, now, split))));
    },

    /**
     * A counter's rise per series and piece: each hour's maximum (its last reading, the counter only
     * going up) less the hour before's (a day back at most); after a reset (a new meter) or without an
     * hour before, the hour's own rise (max − min). As the station history's daily table counts it.
     * Months and days before `split` come from their tiers (the rise of their hours after the first,
     * kept; the first hour's made here against the last max of the row before), hours from `split` on
     * from the 1-hour tier: the same sum as over the hours alone.
     */
    async rises(series: SeriesKey[], cuts: number[], split: number): Promise<PieceFigure[]> {
      if (series.length === 0 || cuts.length < 2) return [];
      return figuresOf(rowsOf<FigureRow>(await db.execute(risesSql(series, cuts, split))));
    },

    /**
     * `integrals` of the averaged series, `rises` of the counters and `firstBuckets` of the run states
     * in one statement (a round trip costs more than any of them on a busy server).
     */
    async figures(
      q: { averaged: SeriesKey[]; counters: SeriesKey[]; firsts: SeriesKey[] },
      cuts: number[],
      now: number,
      split: number,
    ): Promise<{ integrals: PieceFigure[]; rises: PieceFigure[]; firsts: Map<string, number> }> {
      const parts: SQL[] = [];
      if (cuts.length >= 2 && q.averaged.length)
        parts.push(
          sql`select 'i' as k, device_id, metric, piece, v, n from (${integralsSql(q.averaged, cuts, now, split)}) a`,
        );
      if (cuts.length >= 2 && q.counters.length)
        parts.push(sql`select 'r', device_id, metric, piece, v, n from (${risesSql(q.counters, cuts, split)}) b`);
      if (q.firsts.length)
        parts.push(
          sql`select 'f', device_id, metric, 0, extract(epoch from t)::float8 * 1000, 0 from (${firstsSql(q.firsts)}) c where t is not null`,
        );
      const rows = parts.length
        ? rowsOf<FigureRow & { k: string }>(await db.execute(sql.join(parts, sql` union all `)))
        : [];
      return {
        integrals: figuresOf(rows.filter((r) => r.k === 'i')),
        rises: figuresOf(rows.filter((r) => r.k === 'r')),
        firsts: new Map(rows.filter((r) => r.k === 'f').map((r) => [`${r.device_id}:${r.metric}`, Number(r.v)])),
      };
    },

    /** Whether the daily tier has a row at or after `day` (the job has derived that day). */
    async derivedSince(day: number): Promise<boolean> {
      const [row] = rowsOf<{ ok: boolean }>(
        await db.execute(
          sql`select exists (select 1 from telemetry_rollups_1d where bucket >= ${iso(day)}::timestamptz) as ok`,
        ),
      );
      return row?.ok === true;
    },

    /** The first 1-hour bucket each series ever has (before it, a pump is not yet counted). */
    async firstBuckets(series: SeriesKey[]): Promise<Map<string, number>> {
      if (series.length === 0) return new Map();
      const rows = rowsOf<{ device_id: number; metric: string; t: string | Date | null }>(
        await db.execute(firstsSql(series)),
      );
      return new Map(
        rows.filter((r) => r.t !== null).map((r) => [`${r.device_id}:${r.metric}`, new Date(r.t!).getTime()]),
      );
    },

    /**
     * Alarms raised in [cuts[0], cuts[last]) at the stations, per station, piece and severity: how many,
     * and the seconds to acknowledge and to clear summed over those that were.
     */
    async alarms(stationIds: number[], cuts: number[]): Promise<AlarmPiece[]> {
      if (stationIds.length === 0 || cuts.length < 2) return [];
      const rows = rowsOf<{
        station_id: number;
        piece: number;
        severity: string;
        n: number;
        ack_s: number | null;
        acked: number;
        clear_s: number | null;
        cleared: number;
      }>(
        await db.execute(sql`
          select station_id, ${pieceOf(sql`raised_at`, cuts)} as piece, severity, count(*)::int as n,
            sum(extract(epoch from acknowledged_at - raised_at)) as ack_s,
            count(acknowledged_at)::int as acked,
            sum(extract(epoch from cleared_at - raised_at)) as clear_s,
            count(cleared_at)::int as cleared
          from alarms
          where station_id in (${sql.join(
            stationIds.map((id) => sql`${id}::int`),
            sql`, `,
          )})
            and raised_at >= ${iso(cuts[0]!)}::timestamptz and raised_at < ${iso(cuts.at(-1)!)}::timestamptz
          group by 1, 2, 3`),
      );
      return rows.map((r) => ({
        stationId: Number(r.station_id),
        piece: Number(r.piece),
        severity: r.severity,
        n: Number(r.n),
        ackSeconds: Number(r.ack_s ?? 0),
        acked: Number(r.acked),
        clearSeconds: Number(r.clear_s ?? 0),
        cleared: Number(r.cleared),
      }));
    },
  };
}

export type StationAnalysisRepository = ReturnType<typeof createStationAnalysisRepository>;
