import { ROLE_ADMIN, ROLE_USER, type WqParameter, type WqSiteKind, wqParameterOfMetric } from '@water/contracts';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  insertJudgedRows,
  judgedRow,
  loadJudging,
  type ResultIn,
  recordResults,
} from '../../modules/water-quality/wq-record.ts';
import { createCity, waterTemperature } from '../../simulator/city.ts';
import { loadSimDevices } from '../../simulator/simulator.ts';
import type { Queryable } from '../client.ts';
import {
  devices,
  regions,
  telemetryRollups1h,
  wqLimitSets,
  wqResults,
  wqSiteDevices,
  wqSites,
} from '../schema/index.ts';
import { DEMO_WQ_ANALYSERS } from './demo-city.ts';
import { markSeeded, seededKeys } from './marks.ts';

/**
 * The demo city's water-quality sites (issue 18), each with its analyser, region, coordinates, limit
 * set, alarm severity and recipients (the operators and the administrators):
 * - the water plant's outlet, by GB 5749-2022's outlet values (critical: it is what the city drinks);
 * - four taps at the network's quality points (GB 5749-2022 at the tap, critical);
 * - the wastewater plant's discharge, by GB 18918-2002 class 1-A (major);
 * - two sections of the river 岚江, entering and leaving the city, by GB 3838-2002 (rivers) with a
 *   target of class III (minor: the city answers for what it discharges, not the river upstream).
 * Once (mark `demo:water-quality`): sites an administrator changes or removes stay so. Sites are
 * cheap; their results come only with the history (`seedDemoWaterQualityHistory`).
 */

const RECIPIENTS = { userIds: [], roleCodes: [ROLE_USER, ROLE_ADMIN], departmentIds: [] };

interface SitePlan {
  code: string;
  name: string;
  kind: WqSiteKind;
  set: string;
  targetGrade: number | null;
  severity: 'critical' | 'major' | 'minor';
  device: string;
  address: string;
}

const [outlet, discharge, upstream, downstream] = DEMO_WQ_ANALYSERS;

const PLANS: SitePlan[] = [
  {
    code: 'WP01-OUT',
    name: '岚川第一水厂出厂水',
    kind: 'plant_outlet',
    set: 'gb5749-outlet',
    targetGrade: null,
    severity: 'critical',
    device: outlet.code,
    address: '城西区西山路 18 号 第一水厂清水池出口',
  },
  ...[1, 2, 3, 4].map(
    (n): SitePlan => ({
      code: `TAP-0${n}`,
      // Named after the catchment of its network analyser when seeded (`seedDemoWaterQuality`).
      name: '',
      kind: 'tap',
      set: 'gb5749-tap',
      targetGrade: null,
      severity: 'critical',
      device: `WQ-N0${n}`,
      address: '',
    }),
  ),
  {
    code: 'WW01-OUT',
    name: '城东污水处理厂出水',
    kind: 'wastewater_discharge',
    set: 'gb18918-1a',
    targetGrade: null,
    severity: 'major',
    device: discharge.code,
    address: '城东区站前路 66 号 污水处理厂总排口',
  },
  {
    code: 'RV01',
    name: '岚江西津桥断面',
    kind: 'river',
    set: 'gb3838-river',
    targetGrade: 3,
    severity: 'minor',
    device: upstream.code,
    address: '岚江入境 西津桥下游 200 m',
  },
  {
    code: 'RV02',
    name: '岚江东渡断面',
    kind: 'river',
    set: 'gb3838-river',
    targetGrade: 3,
    severity: 'minor',
    device: downstream.code,
    address: '岚江出境 东渡码头上游 500 m',
  },
];

export async function seedDemoWaterQuality(db: Queryable, now: Date): Promise<void> {
  if ((await seededKeys(db, ['demo:water-quality'])).has('demo:water-quality')) return;
  await markSeeded(db, ['demo:water-quality']);
  const sets = await db
    .select({ id: wqLimitSets.id, code: wqLimitSets.code })
    .from(wqLimitSets)
    .where(
      inArray(
        wqLimitSets.code,
        PLANS.map((p) => p.set),
      ),
    );
  const analysers = await db
    .select({
      id: devices.id,
      code: devices.code,
      regionId: devices.regionId,
      longitude: devices.longitude,
      latitude: devices.latitude,
      regionName: regions.name,
    })
    .from(devices)
    .leftJoin(regions, eq(regions.id, devices.regionId))
    .where(
      inArray(
        devices.code,
        PLANS.map((p) => p.device),
      ),
    );
  const rows = PLANS.flatMap((p) => {
    const set = sets.find((s) => s.code === p.set);
    const d = analysers.find((a) => a.code === p.device);
    // A site without its analyser (an administrator removed it) or its set is left out.
    if (!set || !d) return [];
    const area = (d.regionName ?? '').replace(/排水片区$/, '');
    return [
      {
        plan: p,
        deviceId: d.id,
        row: {
          code: p.code,
          name: p.name || `${area}管网末梢水`,
          kind: p.kind,
          regionId: d.regionId,
          longitude: d.longitude,
          latitude: d.latitude,
          address: p.address || `${area}片区 管网水质监测点`,
          limitSetId: set.id,
          targetGrade: p.targetGrade,
          alarmEnabled: true,
          alarmSeverity: p.severity,
          recipients: RECIPIENTS,
          enabled: true,
          createdAt: now,
          updatedAt: now,
        } satisfies typeof wqSites.$inferInsert,
      },
    ];
  });
  if (rows.length === 0) return;
  const inserted = await db
    .insert(wqSites)
    .values(rows.map((r) => r.row))
    .onConflictDoNothing({ target: wqSites.code })
    .returning({ id: wqSites.id, code: wqSites.code });
  const placed = inserted.flatMap((s) => {
    const r = rows.find((x) => x.row.code === s.code);
    return r ? [{ deviceId: r.deviceId, siteId: s.id }] : [];
  });
  if (placed.length > 0) await db.insert(wqSiteDevices).values(placed).onConflictDoNothing();
}

// ————————————————————————————————————————————————————————————————————————————— the history

export interface DemoWaterQualityHistoryOptions {
  /** Days of hourly online results (30). */
  onlineDays?: number;
  /** Days of lab results (91: three months). */
  labDays?: number;
  /** Fixed randomness (tests); a fixed seed otherwise, so every install has the same lab book. */
  random?: () => number;
}

export interface DemoWaterQualityHistoryResult {
  online: number;
  lab: number;
  ms: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Lab results per recordResults call (27 columns each: well below the 65,535 parameters of a statement). */
const CHUNK = 2000;
/** Online results per JSON insert. */
const JSON_CHUNK = 10_000;

/** A small seeded generator (mulberry32): the same lab book on every install. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface SiteRow {
  id: number;
  code: string;
  kind: string;
  deviceId: number | null;
  deviceCode: string | null;
}

/**
 * The demo sites' past, once (mark `demo:water-quality:history`): 30 days of hourly online results
 * from their analysers, and three months of lab results. Online results are the hourly means of the
 * analysers' seeded telemetry (the same city the history charts show), or, for an analyser without
 * seeded hours (an install whose history came before it), the simulator's own model run over the
 * span. Online results are judged in memory (`judgedRow`) and written in chunks; lab results go
 * through `recordResults`. Nothing is told to the alarm seam: the past raises no alarms.
 */
export async function seedDemoWaterQualityHistory(
  db: Queryable,
  now: Date,
  options: DemoWaterQualityHistoryOptions = {},
): Promise<DemoWaterQualityHistoryResult | null> {
  const mark = 'demo:water-quality:history';
  if ((await seededKeys(db, [mark])).has(mark)) return null;
  await markSeeded(db, [mark]);
  const started = performance.now();
  const sites: SiteRow[] = await db
    .select({
      id: wqSites.id,
      code: wqSites.code,
      kind: wqSites.kind,
      deviceId: wqSiteDevices.deviceId,
      deviceCode: devices.code,
    })
    .from(wqSites)
    .leftJoin(wqSiteDevices, eq(wqSiteDevices.siteId, wqSites.id))
    .leftJoin(devices, eq(devices.id, wqSiteDevices.deviceId))
    .where(
      inArray(
        wqSites.code,
        PLANS.map((p) => p.code),
      ),
    );
  if (sites.length === 0) return { online: 0, lab: 0, ms: 0 };
  const online = await seedOnline(db, sites, now, options.onlineDays ?? 30);
  const lab = await seedLab(db, sites, now, options.labDays ?? 91, options.random ?? seededRandom(18));
  return { online, lab, ms: Math.round(performance.now() - started) };
}

/** Hourly online results of the sites' analysers over the last `days`, judged in memory and written in chunks. */
async function seedOnline(db: Queryable, sites: SiteRow[], now: Date, days: number): Promise<number> {
  const endMs = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const startMs = endMs - days * DAY_MS;
  const attached = sites.filter((s) => s.deviceId !== null);
  if (attached.length === 0) return 0;
  // An install that already holds online results of a site keeps them: its past is not rewritten.
  const had = await db
    .select({ siteId: wqResults.siteId })
    .from(wqResults)
    .where(
      and(
        eq(wqResults.source, 'online'),
        inArray(
          wqResults.siteId,
          attached.map((s) => s.id),
        ),
      ),
    )
    .groupBy(wqResults.siteId);
  const todo = attached.filter((s) => !had.some((h) => h.siteId === s.id));
  if (todo.length === 0) return 0;

  /** Per device: hour → metric → value. */
  const hours = new Map<number, Map<number, Map<string, number>>>();
  const put = (deviceId: number, at: number, metric: string, value: number) => {
    const byHour = hours.get(deviceId) ?? new Map<number, Map<string, number>>();
    const m = byHour.get(at) ?? new Map<string, number>();
    m.set(metric, value);
    byHour.set(at, m);
    hours.set(deviceId, byHour);
  };
  const rollups = await db
    .select({
      deviceId: telemetryRollups1h.deviceId,
      metric: telemetryRollups1h.metric,
      bucket: telemetryRollups1h.bucket,
      sum: telemetryRollups1h.sum,
      count: telemetryRollups1h.count,
    })
    .from(telemetryRollups1h)
    .where(
      and(
        inArray(
          telemetryRollups1h.deviceId,
          todo.map((s) => s.deviceId!),
        ),
        gte(telemetryRollups1h.bucket, new Date(startMs)),
        lte(telemetryRollups1h.bucket, new Date(endMs)),
      ),
    );
  for (const r of rollups) {
    if (r.count > 0 && wqParameterOfMetric(r.metric)) put(r.deviceId, r.bucket.getTime(), r.metric, r.sum / r.count);
  }
  // Analysers without seeded hours: the simulator's model over the span, read at each whole hour.
  const missing = todo.filter((s) => !hours.has(s.deviceId!));
  if (missing.length > 0) {
    const list = (await loadSimDevices(db)).filter(
      (d) => d.typeCode === 'rain_gauge' || missing.some((s) => s.deviceId === d.id),
    );
    const random = seededRandom(1818);
    const city = createCity(list, random, startMs);
    const analysers = list.filter((d) => d.typeCode === 'water_quality_analyser');
    for (let t = startMs; t <= endMs; t += 60_000) {
      city.advance(60, t);
      city.takeEvents();
      if (t % HOUR_MS !== 0) continue;
      for (const d of analysers) {
        for (const [metric, value] of Object.entries(city.sample(d) ?? {})) {
          if (typeof value === 'number' && wqParameterOfMetric(metric)) put(d.id, t, metric, value);
        }
      }
    }
  }

  const judging = await loadJudging(
    db,
    todo.map((s) => s.id),
  );
  const rows: (typeof wqResults.$inferInsert)[] = [];
  for (const s of todo) {
    const site = judging.get(s.id);
    const byHour = hours.get(s.deviceId!);
    if (!site || !byHour) continue;
    for (const [at, metrics] of [...byHour].sort((a, b) => a[0] - b[0])) {
      const temperature = metrics.get('temperature') ?? metrics.get('water_temperature') ?? null;
      for (const [metric, value] of metrics) {
        const parameter = wqParameterOfMetric(metric)!;
        const input: ResultIn = {
          siteId: s.id,
          parameter,
          source: 'online',
          sampledAt: new Date(at),
          value: round(value, parameter),
          belowDetection: false,
          deviceId: s.deviceId,
          deviceCode: s.deviceCode,
        };
        const cold = site.limits.some((l) => l.parameter === parameter && l.coldUpper !== null);
        rows.push(judgedRow(site, input, cold ? temperature : null));
      }
    }
  }
  for (let i = 0; i < rows.length; i += JSON_CHUNK) await insertJudgedRows(db, rows.slice(i, i + JSON_CHUNK));
  return rows.length;
}

const DECIMALS: Partial<Record<WqParameter, number>> = {
  ph: 2,
  turbidity: 2,
  chlorine_free: 2,
  chlorine_total: 2,
  conductivity: 0,
  temperature: 1,
  do: 2,
  cod: 1,
  codmn: 2,
  bod5: 1,
  nh3n: 3,
  tp: 3,
  tn: 2,
  ss: 0,
};
const round = (v: number, p: WqParameter) => {
  const f = 10 ** (DECIMALS[p] ?? 2);
  return Math.round(v * f) / f;
};

type LabValues = Partial<Record<WqParameter, number>>;

/**
 * Three months of the lab's book, by the sites' sampling plans: the plant's outlet daily (09:00),
 * each tap twice a week (Tuesday and Friday, 10:00), the wastewater plant's 24-hour composite daily
 * (08:00, with BOD5 and the sample's temperature), each river section twice a month (the 1st and the
 * 16th, 10:00). Values are the city's normal with the season's temperature, and a few realistic
 * exceedances, each with its cause:
 * - the outlet, 47 days ago: a dosing pump's failure, free chlorine 0.22 mg/L (< 0.3), total 0.36;
 * - TAP-02, about five weeks ago: a main repaired nearby, turbidity 1.6 NTU; TAP-04, about twelve days
 *   ago: water standing at a dead end, free chlorine 0.03 mg/L;
 * - the wastewater plant, 61 days ago: a storm's bypass, COD 54, SS 14, BOD5 11.5; 20 days ago a cold
 *   spell's nitrification at 13.1 °C, NH3-N 6.4 mg/L (over 5: the water above 12 °C);
 * - the downstream river section, on the sampling day after rain: COD 23.5, TP 0.24, DO 4.6 (class IV).
 */
async function seedLab(
  db: Queryable,
  sites: SiteRow[],
  now: Date,
  days: number,
  random: () => number,
): Promise<number> {
  const around = (mid: number, spread: number) => mid + (random() * 2 - 1) * spread;
  // The utility's calendar (UTC+8): a sample day's local hour as an instant.
  const localDay = (ms: number) => Math.floor((ms + 8 * HOUR_MS) / DAY_MS);
  const at = (day: number, hour: number) => day * DAY_MS - 8 * HOUR_MS + hour * HOUR_MS;
  const today = localDay(now.getTime());
  const inputs: ResultIn[] = [];
  const analysts = ['王芳', '陈静', '刘洋', '赵磊'];
  const add = (site: SiteRow, ms: number, sampleId: string, values: LabValues) => {
    if (ms > now.getTime() - HOUR_MS) return;
    const analyst = analysts[Math.floor(random() * analysts.length)]!;
    for (const [parameter, value] of Object.entries(values) as [WqParameter, number][]) {
      // BOD5 takes five days' incubation: a younger sample has none yet.
      if (parameter === 'bod5' && ms > now.getTime() - 5 * DAY_MS) continue;
      inputs.push({
        siteId: site.id,
        parameter,
        source: 'lab',
        sampledAt: new Date(ms),
        value: round(value, parameter),
        belowDetection: false,
        sampleId,
        analyst,
        ...(values.temperature !== undefined ? { temperature: round(values.temperature, 'temperature') } : {}),
      });
    }
  };
  const stamp = (day: number) => new Date(day * DAY_MS).toISOString().slice(2, 10).replaceAll('-', '');
  const weekdayOf = (day: number) => new Date(day * DAY_MS).getUTCDay();
  // The taps' sampling days (Tuesdays and Fridays), newest last: the mishaps fall on the 10th and the 4th last.
  const tapDays: number[] = [];
  for (let day = today - days; day <= today; day++) if (weekdayOf(day) === 2 || weekdayOf(day) === 5) tapDays.push(day);
  const repairDay = tapDays.at(-10);
  const deadEndDay = tapDays.at(-4);

  for (let day = today - days; day <= today; day++) {
    const ago = today - day;
    const noon = at(day, 12);
    const weekday = weekdayOf(day);
    const date = new Date(day * DAY_MS).getUTCDate();
    for (const s of sites) {
      const phase = (s.id * 0.137) % 1;
      if (s.kind === 'plant_outlet') {
        const dosingFailed = ago === 47;
        const free = dosingFailed ? 0.22 : around(0.7, 0.12);
        add(s, at(day, 9), `CC${stamp(day)}-01`, {
          ph: around(7.3, 0.2),
          turbidity: around(0.19, 0.06),
          chlorine_free: free,
          chlorine_total: free + around(0.14, 0.03),
          codmn: around(1.5, 0.3),
          nh3n: around(0.05, 0.02),
        });
      } else if (s.kind === 'tap' && (weekday === 2 || weekday === 5)) {
        const n = Number(s.code.slice(-1));
        const repaired = s.code === 'TAP-02' && day === repairDay;
        const deadEnd = s.code === 'TAP-04' && day === deadEndDay;
        const free = deadEnd ? 0.03 : around(0.33, 0.08);
        add(s, at(day, 10) + n * 20 * 60_000, `MS${stamp(day)}-0${n}`, {
          ph: around(7.45, 0.15),
          turbidity: repaired ? 1.6 : around(0.28, 0.08),
          chlorine_free: free,
          chlorine_total: free + around(0.11, 0.02),
          codmn: around(1.7, 0.3),
        });
      } else if (s.kind === 'wastewater_discharge') {
        const bypass = ago === 61;
        const coldSpell = ago === 20;
        const temperature = coldSpell ? 13.1 : waterTemperature(noon, 17, 8, phase) + around(0, 0.4);
        const cod = bypass ? 54 : around(27, 6);
        add(s, at(day, 8), `WS${stamp(day)}-01`, {
          cod,
          bod5: bypass ? 11.5 : cod * around(0.24, 0.04),
          ss: bypass ? 14 : around(6, 1.5),
          nh3n: coldSpell ? 6.4 : 0.5 + 0.28 * Math.max(0, 20 - temperature) + around(0, 0.3),
          tn: around(10.5, 1.8),
          tp: bypass ? 0.62 : around(0.27, 0.08),
          ph: around(7.1, 0.2),
          temperature,
        });
      } else if ((s.kind === 'river' || s.kind === 'lake') && (date === 1 || date === 16)) {
        const afterRain = s.code === 'RV02' && ago >= 20 && ago <= 35;
        const temperature = waterTemperature(noon, 18, 10, phase) + around(0, 0.3);
        add(s, at(day, 10), `RS${stamp(day)}-${s.code}`, {
          ph: around(7.7, 0.3),
          do: afterRain ? 4.6 : around(7, 0.8) - 0.07 * (temperature - 15),
          codmn: afterRain ? 6.8 : around(4.3, 0.8),
          cod: afterRain ? 23.5 : around(15.5, 2.5),
          bod5: afterRain ? 4.4 : around(2.8, 0.6),
          nh3n: afterRain ? 0.98 : around(0.6, 0.25),
          tp: afterRain ? 0.24 : around(0.13, 0.04),
          temperature,
        });
      }
    }
  }
  let stored = 0;
  for (let i = 0; i < inputs.length; i += CHUNK) {
    stored += (await recordResults(db, inputs.slice(i, i + CHUNK))).length;
  }
  // Entered the day after sampling (BOD5: five days after), as a lab's book is.
  await db.execute(sql`
    update wq_results
    set created_at = least(created_at, sampled_at + case when parameter = 'bod5' then interval '5 days 2 hours' else interval '26 hours' end)
    where source = 'lab' and site_id in (${sql.join(
      sites.map((s) => sql`${s.id}::int`),
      sql`, `,
    )})`);
  return stored;
}
