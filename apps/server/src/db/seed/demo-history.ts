import { sql } from 'drizzle-orm';
import { deriveDailyRollups, utilityDayStart } from '../../modules/telemetry/telemetry.daily.ts';
import { createCity, initialMode } from '../../simulator/city.ts';
import { loadSimDevices } from '../../simulator/simulator.ts';
import type { Queryable } from '../client.ts';
import { markSeeded, seededKeys } from './marks.ts';

export interface DemoHistoryOptions {
  /** Days of 1-hour rollups (30). */
  days?: number;
  /** Hours of 1-minute rollups before the end (24: the history page's "24 h" range). */
  minuteHours?: number;
  /** Hours of raw points before the end (2). */
  rawHours?: number;
  /** Only these device codes (tests); every demo device still on its demo secret when unset. */
  codes?: string[];
  /** Fixed randomness (tests); Math.random when unset. */
  random?: () => number;
}

export interface DemoHistoryResult {
  devices: number;
  /** Time spent running the model and writing the rows. */
  modelMs: number;
  writeMs: number;
  from: Date;
  to: Date;
  rows: { hour: number; minute: number; raw: number; latest: number };
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
/** Rows per insert: big enough to amortise a statement, small enough for PGlite's memory. */
const CHUNK = 20_000;
/**
 * Counters, flags and housekeeping values that do not move within minutes: their history before the
 * raw points is hourly only, which keeps the first start seconds shorter.
 */
const SLOW_METRICS = new Set([
  'total',
  'run_hours',
  'starts',
  'energy',
  'uptime',
  'fault',
  'online',
  'open',
  'battery',
  'supply_voltage',
]);
/** Hours before the end of the history when the pumps in remote manual now were switched to it. */
const REMOTE_HOURS = 6;
/** Chance per device and minute of falling silent for 15–35 minutes, as the live simulator's devices do. */
const SILENCE_PER_MINUTE = 0.002;

/**
 * The demo city's past: the simulator's own model run over the last `days` days, one reading per
 * device a minute, written as 1-hour rollups for the whole span, 1-minute rollups for the last
 * `minuteHours`, raw points for the last `rawHours`, and the latest readings, so that the history page
 * has something to show at the first start. Values follow the same physics as the live simulator (wet
 * wells, staggered pumps, rain by catchment, analyser drift) with its communication gaps, without its
 * out-of-range glitches. Seeded once (mark `demo:history`); the span ends where existing telemetry
 * begins, so an install that already has readings only gets the past before them.
 */
export async function seedDemoHistory(
  db: Queryable,
  now: Date,
  options: DemoHistoryOptions = {},
): Promise<DemoHistoryResult | null> {
  if ((await seededKeys(db, ['demo:history'])).has('demo:history')) return null;
  await markSeeded(db, ['demo:history']);
  const days = options.days ?? 30;
  const minuteHours = options.minuteHours ?? 24;
  const rawHours = options.rawHours ?? 2;
  const random = options.random ?? Math.random;

  const list = await loadSimDevices(db, options.codes);
  if (list.length === 0) return null;
  const ids = list.map((d) => d.id);
  const idList = sql.raw(ids.join(','));
  const [first] = (
    (await db.execute(
      sql`select extract(epoch from least(
            (select min(ts) from telemetry_points where device_id in (${idList})),
            (select min(bucket) from telemetry_rollups_1h where device_id in (${idList}))
          )) * 1000 as ms`,
    )) as unknown as { rows: { ms: string | number | null }[] }
  ).rows;
  // History ends at a whole minute, before any reading the install already holds.
  const endMs =
    Math.floor(Math.min(now.getTime(), first?.ms == null ? Infinity : Number(first.ms) - 1) / MINUTE_MS) * MINUTE_MS;
  const startMs = endMs - days * 24 * HOUR_MS;
  const minuteFrom = endMs - minuteHours * HOUR_MS;
  const rawFrom = endMs - rawHours * HOUR_MS;

  // The series, in the tables' key order (device id, metric) so that inserts append to the indexes.
  // Numbers and booleans (1/0) are aggregated; enum and string values only go to raw and latest.
  const series: { id: number; key: string; numeric: boolean; perMinute: boolean }[] = [];
  const seriesOf: number[][] = [];
  const byId = [...list].sort((a, b) => a.id - b.id);
  for (const d of byId) {
    const own: number[] = [];
    for (const spec of [...d.metrics.values()].sort((a, b) => (a.key < b.key ? -1 : 1))) {
      own.push(series.length);
      const numeric = spec.dataType !== 'enum' && spec.dataType !== 'string';
      series.push({ id: d.id, key: spec.key, numeric, perMinute: numeric && !SLOW_METRICS.has(spec.key) });
    }
    seriesOf.push(own);
  }
  const hours = Math.ceil((endMs - startMs) / HOUR_MS) + 1;
  const firstHour = Math.floor(startMs / HOUR_MS);
  const minutes = Math.round((endMs - minuteFrom) / MINUTE_MS) + 1;
  const raws = Math.round((endMs - rawFrom) / MINUTE_MS) + 1;
  const hMin = new Float64Array(series.length * hours).fill(Number.POSITIVE_INFINITY);
  const hMax = new Float64Array(series.length * hours).fill(Number.NEGATIVE_INFINITY);
  const hSum = new Float64Array(series.length * hours);
  const hCount = new Int32Array(series.length * hours);
  // One cell per series and minute, NaN where the device was silent.
  const mValue = new Float64Array(series.length * minutes).fill(Number.NaN);
  const rValue = new Float64Array(series.length * raws).fill(Number.NaN);
  const rText: (string | null)[] = new Array(series.length * raws).fill(null);
  const lastT = new Float64Array(series.length).fill(Number.NaN);
  const lastV: (number | null)[] = new Array(series.length).fill(null);
  const lastText: (string | null)[] = new Array(series.length).fill(null);
  const silentUntil = new Float64Array(byId.length);

  const began = performance.now();
  const city = createCity(byId, random, startMs);
  // The pumps in remote manual now ran in auto until a few hours ago, when the operators took them
  // to remote: their history has run hours, starts and energy like the others'.
  const remote = byId.filter((d) => d.typeCode === 'pump_controller' && initialMode(d.code) === 'remote');
  const setMode = (mode: 'auto' | 'remote', at: number) => {
    for (const d of remote) city.command(d.code, { id: 0, command: 'set_mode', params: { mode } }, at);
  };
  setMode('auto', startMs);
  const remoteFrom = endMs - REMOTE_HOURS * HOUR_MS;
  for (let t = startMs; t <= endMs; t += MINUTE_MS) {
    if (t === remoteFrom) setMode('remote', t);
    city.advance(60, t);
    // The past's events (trips, covers lifted) are not seeded: alarms begin with the live city.
    city.takeEvents();
    city.takeReplies();
    // Older hours need only their averages and extremes: a reading every five minutes gives them.
    if (t < minuteFrom && (t - startMs) % (5 * MINUTE_MS) !== 0) continue;
    const h = Math.floor(t / HOUR_MS) - firstHour;
    const m = t >= minuteFrom ? Math.round((t - minuteFrom) / MINUTE_MS) : -1;
    const r = t >= rawFrom ? Math.round((t - rawFrom) / MINUTE_MS) : -1;
    for (let di = 0; di < byId.length; di++) {
      if (silentUntil[di]! > t) continue;
      if (random() < SILENCE_PER_MINUTE * (m < 0 ? 5 : 1)) {
        silentUntil[di] = t + (15 + random() * 20) * MINUTE_MS;
        continue;
      }
      const values = city.sample(byId[di]!);
      if (!values) continue;
      for (const s of seriesOf[di]!) {
        const one = series[s]!;
        const value = values[one.key];
        if (value === undefined) continue;
        const v = typeof value === 'boolean' ? (value ? 1 : 0) : typeof value === 'number' ? value : null;
        const text = typeof value === 'string' ? value : null;
        if (one.numeric && v !== null) {
          const i = s * hours + h;
          if (v < hMin[i]!) hMin[i] = v;
          if (v > hMax[i]!) hMax[i] = v;
          hSum[i]! += v;
          hCount[i]!++;
          if (m >= 0 && one.perMinute) mValue[s * minutes + m] = v;
        }
        if (r >= 0) {
          if (v !== null) rValue[s * raws + r] = v;
          rText[s * raws + r] = text;
        }
        lastT[s] = t;
        lastV[s] = v;
        lastText[s] = text;
      }
    }
  }

  const hour = { s: [] as number[], h: [] as number[] };
  const minute = { s: [] as number[], t: [] as number[], v: [] as number[] };
  const raw = { s: [] as number[], t: [] as number[], v: [] as (number | null)[], text: [] as (string | null)[] };
  const latest: number[] = [];
  for (let s = 0; s < series.length; s++) {
    for (let h = 0; h < hours; h++) {
      if (hCount[s * hours + h]! > 0) {
        hour.s.push(s);
        hour.h.push(h);
      }
    }
    for (let m = 0; m < minutes; m++) {
      const v = mValue[s * minutes + m]!;
      if (Number.isNaN(v)) continue;
      minute.s.push(s);
      minute.t.push(minuteFrom + m * MINUTE_MS);
      minute.v.push(v);
    }
    for (let r = 0; r < raws; r++) {
      const v = rValue[s * raws + r]!;
      const text = rText[s * raws + r]!;
      if (Number.isNaN(v) && text === null) continue;
      raw.s.push(s);
      raw.t.push(rawFrom + r * MINUTE_MS);
      raw.v.push(Number.isNaN(v) ? null : v);
      raw.text.push(text);
    }
    if (!Number.isNaN(lastT[s]!)) latest.push(s);
  }

  const modelled = performance.now();
  // Arrays go over as one parameter each: PGlite and node-postgres both take them as text.
  const ints = (xs: ArrayLike<number>) => `{${Array.prototype.join.call(xs, ',')}}`;
  // Sums pick up float noise (17.340000000000003): four decimals is finer than any metric's precision.
  const floats = (xs: ArrayLike<number | null>) =>
    `{${Array.prototype.map.call(xs, (x) => (x === null ? 'NULL' : String(Math.round(Number(x) * 1e4) / 1e4))).join(',')}}`;
  const texts = (xs: ArrayLike<string | null>) =>
    `{${Array.prototype.map.call(xs, (x) => (x === null ? 'NULL' : `"${String(x).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
  const idOf = (s: number) => series[s]!.id;
  const keyOf = (s: number) => series[s]!.key;

  for (let i = 0; i < hour.s.length; i += CHUNK) {
    const part = hour.s.slice(i, i + CHUNK);
    const at = hour.h.slice(i, i + CHUNK);
    const cell = part.map((s, k) => s * hours + at[k]!);
    await db.execute(sql`
      insert into telemetry_rollups_1h (device_id, metric, bucket, min, max, sum, count)
      select d, m, to_timestamp(b), lo, hi, su, n
      from unnest(${ints(part.map(idOf))}::int[], ${texts(part.map(keyOf))}::text[],
                  ${ints(at.map((h) => (firstHour + h) * 3600))}::float8[], ${floats(cell.map((c) => hMin[c]!))}::float8[],
                  ${floats(cell.map((c) => hMax[c]!))}::float8[], ${floats(cell.map((c) => hSum[c]!))}::float8[],
                  ${ints(cell.map((c) => hCount[c]!))}::int[]) as r(d, m, b, lo, hi, su, n)
      on conflict do nothing`);
  }
  // The daily tier of those hours (the station analysis reads it), a month at a time for PGlite's memory.
  for (let day = utilityDayStart(startMs); day <= endMs; day += 30 * 24 * HOUR_MS)
    await deriveDailyRollups(db, day, Math.min(day + 30 * 24 * HOUR_MS, utilityDayStart(endMs) + 24 * HOUR_MS));
  for (let i = 0; i < minute.s.length; i += CHUNK) {
    const part = minute.s.slice(i, i + CHUNK);
    const v = floats(minute.v.slice(i, i + CHUNK));
    await db.execute(sql`
      insert into telemetry_rollups_1m (device_id, metric, bucket, min, max, sum, count)
      select d, m, to_timestamp(b), x, x, x, 1
      from unnest(${ints(part.map(idOf))}::int[], ${texts(part.map(keyOf))}::text[],
                  ${ints(minute.t.slice(i, i + CHUNK).map((t) => t / 1000))}::float8[], ${v}::float8[]) as r(d, m, b, x)
      on conflict do nothing`);
  }
  for (let i = 0; i < raw.s.length; i += CHUNK) {
    const part = raw.s.slice(i, i + CHUNK);
    await db.execute(sql`
      insert into telemetry_points (device_id, metric, ts, value, text_value, quality)
      select d, m, to_timestamp(b), x, tx, 0
      from unnest(${ints(part.map(idOf))}::int[], ${texts(part.map(keyOf))}::text[],
                  ${ints(raw.t.slice(i, i + CHUNK).map((t) => t / 1000))}::float8[],
                  ${floats(raw.v.slice(i, i + CHUNK))}::float8[], ${texts(raw.text.slice(i, i + CHUNK))}::text[])
        as r(d, m, b, x, tx)
      on conflict do nothing`);
  }
  if (latest.length > 0) {
    await db.execute(sql`
      insert into telemetry_latest (device_id, metric, ts, value, text_value, quality)
      select d, m, to_timestamp(b), x, tx, 0
      from unnest(${ints(latest.map(idOf))}::int[], ${texts(latest.map(keyOf))}::text[],
                  ${ints(latest.map((s) => lastT[s]! / 1000))}::float8[], ${floats(latest.map((s) => lastV[s]!))}::float8[],
                  ${texts(latest.map((s) => lastText[s]!))}::text[]) as r(d, m, b, x, tx)
      on conflict do nothing`);
    // The devices heard from in the past are no longer "never reported": their last reading is
    // their last-seen time, and a device still inactive came online then (an event, as live data
    // would have left). A quiet one goes offline at the next sweep, through the same path as live.
    const woke = (
      (await db.execute(sql`
        select id from devices
        where id in (${idList}) and status = 'inactive' and archived_at is null`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows.map((r) => Number(r.id));
    await db.execute(sql`
      update devices d
      set last_seen_at = greatest(d.last_seen_at, l.ts),
          status = case when d.status = 'inactive' then 'online' else d.status end
      from (select device_id, max(ts) as ts from telemetry_latest where device_id in (${idList}) group by 1) l
      where d.id = l.device_id and d.archived_at is null`);
    if (woke.length > 0) {
      await db.execute(sql`
        insert into device_status_events (device_id, from_status, to_status, cause, at)
        select d.id, 'inactive', 'online', 'data', d.last_seen_at
        from devices d where d.id in (${sql.raw(woke.join(','))}) and d.status = 'online'`);
    }
  }
  return {
    devices: list.length,
    modelMs: Math.round(modelled - began),
    writeMs: Math.round(performance.now() - modelled),
    from: new Date(startMs),
    to: new Date(endMs),
    rows: { hour: hour.s.length, minute: minute.s.length, raw: raw.s.length, latest: latest.length },
  };
}
