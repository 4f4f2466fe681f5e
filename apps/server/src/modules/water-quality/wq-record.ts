import {
  judgeWaterQuality,
  WQ_TEMPERATURE_MAX_AGE_MINUTES,
  type WqLimit,
  type WqParameter,
  type WqResultSource,
} from '@water/contracts';
import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { wqLimitSets, wqLimits, wqResults, wqSites } from '../../db/schema/index.ts';
import { nationalSetName } from '../../db/seed/water-quality-standards.ts';
import { toLimit } from './water-quality.mappers.ts';

/**
 * Judging and storing results (issue 18): the one path every result takes, lab and online. Each is
 * judged against its site's limit set as it is at that moment and stored with what applied (the
 * set's name and standard, the bounds, the citation), so a later edit rewrites no history.
 */

export interface ResultIn {
  siteId: number;
  parameter: WqParameter;
  source: WqResultSource;
  sampledAt: Date;
  value: number;
  belowDetection: boolean;
  sampleId?: string | null;
  analyst?: string | null;
  deviceId?: number | null;
  deviceCode?: string | null;
  enteredBy?: number | null;
  /**
   * The water temperature at the sample when the caller knows it (a lab sample's own temperature
   * result); else the site's nearest temperature result within WQ_TEMPERATURE_MAX_AGE_MINUTES is read.
   */
  temperature?: number | null;
}

export type ResultRow = typeof wqResults.$inferSelect;

export interface SiteJudging {
  id: number;
  limitSetId: number;
  targetGrade: number | null;
  setName: string;
  setCode: string | null;
  standard: string;
  limits: WqLimit[];
}

/** The sites' sets and limits, as judging needs them. */
export async function loadJudging(db: Queryable, siteIds: readonly number[]): Promise<Map<number, SiteJudging>> {
  const ids = [...new Set(siteIds)];
  const out = new Map<number, SiteJudging>();
  if (ids.length === 0) return out;
  const sites = await db
    .select({
      id: wqSites.id,
      limitSetId: wqSites.limitSetId,
      targetGrade: wqSites.targetGrade,
      setName: wqLimitSets.name,
      setCode: wqLimitSets.code,
      standard: wqLimitSets.standard,
    })
    .from(wqSites)
    .innerJoin(wqLimitSets, eq(wqLimitSets.id, wqSites.limitSetId))
    .where(inArray(wqSites.id, ids));
  const setIds = [...new Set(sites.map((s) => s.limitSetId))];
  const limits = setIds.length ? await db.select().from(wqLimits).where(inArray(wqLimits.setId, setIds)) : [];
  for (const s of sites) {
    out.set(s.id, {
      ...s,
      limits: limits.filter((l) => l.setId === s.limitSetId).map(toLimit),
    });
  }
  return out;
}

/** The site's temperature nearest before `at` (within the age limit), or null. */
export async function temperatureAt(db: Queryable, siteId: number, at: Date): Promise<number | null> {
  const since = new Date(at.getTime() - WQ_TEMPERATURE_MAX_AGE_MINUTES * 60_000);
  const [row] = await db
    .select({ value: wqResults.value })
    .from(wqResults)
    .where(
      and(
        eq(wqResults.siteId, siteId),
        eq(wqResults.parameter, 'temperature'),
        gte(wqResults.sampledAt, since),
        lte(wqResults.sampledAt, at),
      ),
    )
    .orderBy(desc(wqResults.sampledAt))
    .limit(1);
  return row?.value ?? null;
}

/** The stored form of a result judged against `site` (no database access). */
export function judgedRow(site: SiteJudging, r: ResultIn, temperature: number | null): typeof wqResults.$inferInsert {
  const limits = site.limits.filter((l) => l.parameter === r.parameter);
  const j = judgeWaterQuality({
    value: r.value,
    belowDetection: r.belowDetection,
    limits,
    targetGrade: site.targetGrade,
    temperature,
  });
  return {
    siteId: r.siteId,
    parameter: r.parameter,
    source: r.source,
    sampledAt: r.sampledAt,
    value: r.value,
    belowDetection: r.belowDetection,
    sampleId: r.sampleId ?? null,
    analyst: r.analyst ?? null,
    deviceId: r.deviceId ?? null,
    deviceCode: r.deviceCode ?? null,
    enteredBy: r.enteredBy ?? null,
    verdict: j.verdict,
    unjudgedReason: j.unjudgedReason,
    grade: j.grade,
    targetGrade: site.targetGrade,
    lower: j.lower,
    upper: j.upper,
    coldApplied: j.coldApplied,
    temperature,
    exceedance: j.exceedance,
    citation: j.citation,
    limitSetId: site.limitSetId,
    // A national set's name is stored in Chinese, the standard's own language; copies as written.
    limitSetName: (site.setCode && nationalSetName(site.setCode, 'zh-CN')) || site.setName,
    standard: site.standard,
  };
}

/** Listeners told of results once their transaction commits (the alarm seam, live views). */
export interface JudgedOptions {
  /**
   * The rows stand in for a removed result (a lab result deleted): what they say holds even when they
   * are older than what an alarm last heard.
   */
  replacing?: boolean;
}
export type JudgedListener = (rows: ResultRow[], options?: JudgedOptions) => void | Promise<void>;

/**
 * Judges and stores results in one statement on `db` (the caller's transaction, when it has one).
 * Results of unknown sites are skipped. Returns the stored rows in input order.
 */
export async function recordResults(db: Queryable, inputs: readonly ResultIn[]): Promise<ResultRow[]> {
  if (inputs.length === 0) return [];
  const judging = await loadJudging(
    db,
    inputs.map((r) => r.siteId),
  );
  const rows: (typeof wqResults.$inferInsert)[] = [];
  for (const r of inputs) {
    const site = judging.get(r.siteId);
    if (!site) continue;
    let temperature = r.temperature ?? null;
    // Only a limit with a cold-water value reads the temperature.
    const needsTemperature = site.limits.some((l) => l.parameter === r.parameter && l.coldUpper !== null);
    if (needsTemperature && temperature === null) {
      const same = inputs.find(
        (o) =>
          o.siteId === r.siteId && o.parameter === 'temperature' && o.sampledAt.getTime() === r.sampledAt.getTime(),
      );
      temperature = same ? same.value : await temperatureAt(db, r.siteId, r.sampledAt);
    }
    rows.push(judgedRow(site, r, needsTemperature ? temperature : null));
  }
  if (rows.length === 0) return [];
  return db.insert(wqResults).values(rows).returning();
}

/**
 * Stores judged rows (judgedRow's) many at a time: as one JSON parameter, since PGlite parses a
 * statement of thousands of bound values slowly (the demo history and bench:water write ~10,000 a go).
 * `created_at` is the sampling time: these are results of the past.
 */
export async function insertJudgedRows(db: Queryable, rows: readonly (typeof wqResults.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  const part = rows.map((r) => ({
    site_id: r.siteId,
    parameter: r.parameter,
    source: r.source,
    sampled_at: (r.sampledAt as Date).toISOString(),
    value: r.value,
    below_detection: r.belowDetection ?? false,
    sample_id: r.sampleId ?? null,
    analyst: r.analyst ?? null,
    device_id: r.deviceId ?? null,
    device_code: r.deviceCode ?? null,
    verdict: r.verdict,
    unjudged_reason: r.unjudgedReason ?? null,
    grade: r.grade ?? null,
    target_grade: r.targetGrade ?? null,
    lower: r.lower ?? null,
    upper: r.upper ?? null,
    cold_applied: r.coldApplied ?? false,
    temperature: r.temperature ?? null,
    exceedance: r.exceedance ?? null,
    citation: r.citation ?? null,
    limit_set_id: r.limitSetId ?? null,
    limit_set_name: r.limitSetName ?? '',
    standard: r.standard ?? '',
  }));
  await db.execute(sql`
    insert into wq_results (site_id, parameter, source, sampled_at, value, below_detection, sample_id, analyst,
      device_id, device_code, verdict, unjudged_reason, grade, target_grade, lower, upper, cold_applied, temperature,
      exceedance, citation, limit_set_id, limit_set_name, standard, created_at)
    select site_id, parameter, source, sampled_at, value, below_detection, sample_id, analyst, device_id, device_code,
      verdict, unjudged_reason, grade, target_grade, lower, upper, cold_applied, temperature, exceedance, citation,
      limit_set_id, limit_set_name, standard, sampled_at
    from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as r(site_id int, parameter text, source text,
      sampled_at timestamptz, value float8, below_detection boolean, sample_id text, analyst text, device_id int, device_code text,
      verdict text, unjudged_reason text, grade int, target_grade int, lower float8, upper float8,
      cold_applied boolean, temperature float8, exceedance float8, citation text, limit_set_id int,
      limit_set_name text, standard text)`);
}
