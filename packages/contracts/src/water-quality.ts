import { z } from 'zod';
import { idParamsSchema } from './account.ts';
import { alarmRecipientsOutSchema, alarmRecipientsSchema } from './alarms.ts';
import { endpoint } from './common/endpoint.ts';
import type { Locale } from './common/locale.ts';
import { pageOf, pageQuerySchema } from './common/pagination.ts';
import { dateTimeSchema, idListQuery, idSchema, plainText, text } from './common/validation.ts';
import { latitudeSchema, longitudeSchema } from './pump-stations.ts';

const tags = ['water-quality'] as const;

/**
 * Water quality (issue 18): sites where water is judged, the parameters measured there, limit sets
 * from the national standards (GB 5749-2022 drinking water, GB 18918-2002 urban wastewater discharge,
 * GB 3838-2002 surface water) with the standard's table cited on every limit, and results, online
 * (from the sites' analysers, through telemetry) and from the lab (entered or imported), each judged
 * on arrival and stored with the limit that applied.
 */

/**
 * The parameters judged (names, units and methods in `wq.parameter.{code}` in both languages):
 * pH, turbidity (NTU), free and total chlorine, conductivity (µS/cm), water temperature (°C),
 * dissolved oxygen, COD (dichromate), CODMn (permanganate index), BOD5, ammonia nitrogen,
 * total phosphorus, total nitrogen, suspended solids (mg/L).
 */
export const WQ_PARAMETERS = [
  'ph',
  'turbidity',
  'chlorine_free',
  'chlorine_total',
  'conductivity',
  'temperature',
  'do',
  'cod',
  'codmn',
  'bod5',
  'nh3n',
  'tp',
  'tn',
  'ss',
] as const;
export type WqParameter = (typeof WQ_PARAMETERS)[number];

/**
 * A water-quality analyser's thing-model metric and the parameter it measures: the metric's key when it
 * is a parameter's code, else this table (the demo analysers' `chlorine`, `ammonia`, …).
 */
export const WQ_METRIC_ALIASES: Readonly<Record<string, WqParameter>> = {
  chlorine: 'chlorine_free',
  free_chlorine: 'chlorine_free',
  total_chlorine: 'chlorine_total',
  ammonia: 'nh3n',
  nh3_n: 'nh3n',
  dissolved_oxygen: 'do',
  water_temperature: 'temperature',
  cod_mn: 'codmn',
  permanganate_index: 'codmn',
  total_phosphorus: 'tp',
  total_nitrogen: 'tn',
  suspended_solids: 'ss',
};

/** The parameter a thing-model metric measures, or null. */
export function wqParameterOfMetric(metric: string): WqParameter | null {
  if ((WQ_PARAMETERS as readonly string[]).includes(metric)) return metric as WqParameter;
  return WQ_METRIC_ALIASES[metric] ?? null;
}

/**
 * Where water is judged: a water plant's outlet (出厂水), a tap in the network (末梢水), a wastewater
 * plant's discharge (污水厂出水), a river section, a lake or reservoir (GB 3838 sets total phosphorus
 * tighter there and judges total nitrogen only there).
 */
export const WQ_SITE_KINDS = ['plant_outlet', 'tap', 'wastewater_discharge', 'river', 'lake'] as const;
export type WqSiteKind = (typeof WQ_SITE_KINDS)[number];

/** What a limit set is for: drinking water, treated wastewater discharge, surface water. */
export const WQ_SET_KINDS = ['drinking', 'wastewater', 'surface'] as const;
export type WqSetKind = (typeof WQ_SET_KINDS)[number];

/** The set kind a site kind is judged by. */
export const WQ_SET_KIND_OF_SITE: Readonly<Record<WqSiteKind, WqSetKind>> = {
  plant_outlet: 'drinking',
  tap: 'drinking',
  wastewater_discharge: 'wastewater',
  river: 'surface',
  lake: 'surface',
};

/**
 * GB 3838-2002's classes: 1–5 are I–V, 6 is "worse than V" (劣V类), a value no class's limit holds.
 * A graded set's limits carry their class; a site judged by one has a target class.
 */
export const WQ_GRADES = [1, 2, 3, 4, 5] as const;
export const WQ_GRADE_WORSE_THAN_V = 6;

/**
 * GB 18918-2002, Table 1, note: the bracketed NH3-N limit applies at water temperatures ≤ 12 °C, the
 * other above. A limit's `coldUpper` is that bracketed value.
 */
export const WQ_COLD_WATER_MAX_C = 12;

/** How a result judged: within its limit, beyond it, or not judged (no limit; a detection limit above the limit). */
export const WQ_VERDICTS = ['compliant', 'exceeding', 'unjudged'] as const;
export type WqVerdict = (typeof WQ_VERDICTS)[number];

/** Why a result is unjudged (`wq.unjudged.{reason}`). */
export const WQ_UNJUDGED_REASONS = ['no_limit', 'detection_above_limit', 'no_set'] as const;
export type WqUnjudgedReason = (typeof WQ_UNJUDGED_REASONS)[number];

export const WQ_RESULT_SOURCES = ['online', 'lab'] as const;
export type WqResultSource = (typeof WQ_RESULT_SOURCES)[number];

/**
 * An online analyser's reading is judged as it arrives (and raises or clears its alarm then), and is
 * stored as a result when its verdict changes or this long after the last stored one: the raw
 * readings stay in the telemetry tables.
 */
export const WQ_ONLINE_STORE_MINUTES = 10;
/** An online temperature reading this recent is the one NH3-N's cold-water rule reads. */
export const WQ_TEMPERATURE_MAX_AGE_MINUTES = 60;
/** Parameters one lab sample may carry, and rows one import may carry. */
export const WQ_SAMPLE_VALUES_MAX = WQ_PARAMETERS.length;
export const WQ_IMPORT_MAX_ROWS = 5000;
export const WQ_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The longest range the history and the compliance table read. */
export const WQ_RANGE_MAX_DAYS = 400;
/** The most months one compliance table covers. */
export const WQ_COMPLIANCE_MONTHS_MAX = 24;
/** Online results are answered as stored up to this many days of history, in hourly buckets beyond. */
export const WQ_HISTORY_RAW_DAYS = 7;

/**
 * The values a result may take, per parameter: pH 0–14, water temperature −5–100 °C, the rest not
 * below 0. A value outside is a typing error, refused naming the value.
 */
export const WQ_VALUE_RANGES: Readonly<Record<WqParameter, readonly [number, number]>> = {
  ph: [0, 14],
  turbidity: [0, 100_000],
  chlorine_free: [0, 1_000],
  chlorine_total: [0, 1_000],
  conductivity: [0, 1_000_000],
  temperature: [-5, 100],
  do: [0, 100],
  cod: [0, 1_000_000],
  codmn: [0, 1_000_000],
  bod5: [0, 1_000_000],
  nh3n: [0, 1_000_000],
  tp: [0, 1_000_000],
  tn: [0, 1_000_000],
  ss: [0, 1_000_000],
};

/** Whether a value lies within the range its parameter may take. */
export function wqValueInRange(parameter: WqParameter, value: number): boolean {
  const [min, max] = WQ_VALUE_RANGES[parameter];
  return Number.isFinite(value) && value >= min && value <= max;
}

// ————————————————————————————————————————————————————————————————————————————————— judging

/** One limit of a set: a bound or two, for a class of a graded set, with the table that states it. */
export interface WqLimit {
  parameter: WqParameter;
  /** 1–5 for GB 3838's classes I–V; null in a set without classes. */
  grade: number | null;
  /** A lower bound ("≥", e.g. dissolved oxygen, residual chlorine), or null. */
  lower: number | null;
  /** An upper bound ("≤"), or null. pH 6–9 has both. */
  upper: number | null;
  /** The upper bound at water temperatures ≤ 12 °C, where the standard gives one (GB 18918 NH3-N). */
  coldUpper: number | null;
  /** Where the standard states it, e.g. "GB 18918-2002 表1 第8项". */
  citation: string;
}

export interface WqJudgeInput {
  value: number;
  /** Reported as below the method-detection limit ("<MDL", ND): `value` is then the MDL. */
  belowDetection: boolean;
  /** This parameter's limits in the site's set (every class's, for a graded set). */
  limits: readonly WqLimit[];
  /** For a graded set: the class the site must meet. */
  targetGrade: number | null;
  /** Water temperature at the sample, °C, when known (NH3-N's cold-water rule). */
  temperature: number | null;
}

export interface WqJudgement {
  verdict: WqVerdict;
  unjudgedReason: WqUnjudgedReason | null;
  /** For a graded set: the best class the value meets (1–5), or 6 (worse than V). */
  grade: number | null;
  /** The bounds that applied (the target class's, in a graded set). */
  lower: number | null;
  upper: number | null;
  /** The cold-water limit applied (temperature ≤ 12 °C). */
  coldApplied: boolean;
  /**
   * How far beyond: (value − upper) / upper above an upper bound, (lower − value) / lower below a
   * lower bound (超标倍数). Null when compliant, unjudged, or the bound is 0.
   */
  exceedance: number | null;
  citation: string | null;
}

function upperOf(limit: WqLimit, temperature: number | null) {
  const cold = limit.coldUpper !== null && temperature !== null && temperature <= WQ_COLD_WATER_MAX_C;
  return { upper: cold ? limit.coldUpper : limit.upper, cold };
}

/** Whether a value meets a limit: 'yes', 'no', or 'unknown' (below detection with the MDL beyond a bound). */
function meets(
  limit: WqLimit,
  input: WqJudgeInput,
): { result: 'yes' | 'no' | 'unknown'; upper: number | null; cold: boolean } {
  const { upper, cold } = upperOf(limit, input.temperature);
  const v = input.value;
  if (input.belowDetection) {
    // The true value is somewhere below v (the MDL).
    if (limit.lower !== null) {
      if (v <= limit.lower) return { result: 'no', upper, cold };
      return { result: 'unknown', upper, cold };
    }
    if (upper !== null && v > upper) return { result: 'unknown', upper, cold };
    return { result: 'yes', upper, cold };
  }
  if (limit.lower !== null && v < limit.lower) return { result: 'no', upper, cold };
  if (upper !== null && v > upper) return { result: 'no', upper, cold };
  return { result: 'yes', upper, cold };
}

function exceedanceOf(
  value: number,
  lower: number | null,
  upper: number | null,
  belowDetection: boolean,
): number | null {
  if (belowDetection) return null;
  // Four decimals: 0.2, not 0.19999999999999996 (a report prints it as 超标 0.20 倍).
  const round = (x: number) => Math.round(x * 10_000) / 10_000;
  if (upper !== null && value > upper) return upper > 0 ? round((value - upper) / upper) : null;
  if (lower !== null && value < lower) return lower > 0 ? round((lower - value) / lower) : null;
  return null;
}

/**
 * Judges one result against its parameter's limits in the site's set. Bounds are inclusive ("≤", "≥"):
 * a value on the limit complies. Below detection: compliant under an upper bound the MDL does not
 * pass, exceeding a lower bound the MDL does not pass, else unjudged (the method cannot tell). In a
 * graded set the value's class is the best whose limit it meets (below detection: the best the MDL
 * proves), and it complies when it meets the target class's limit, that is when its class is the
 * target's or better. NH3-N's bracketed limit applies at ≤ 12 °C; with the temperature unknown the
 * other (the stricter) applies.
 */
export function judgeWaterQuality(input: WqJudgeInput): WqJudgement {
  const none = (reason: WqUnjudgedReason): WqJudgement => ({
    verdict: 'unjudged',
    unjudgedReason: reason,
    grade: null,
    lower: null,
    upper: null,
    coldApplied: false,
    exceedance: null,
    citation: null,
  });
  if (input.limits.length === 0) return none('no_limit');
  const graded = input.limits.some((l) => l.grade !== null);
  if (!graded) {
    const limit = input.limits[0] as WqLimit;
    const m = meets(limit, input);
    if (m.result === 'unknown')
      return { ...none('detection_above_limit'), lower: limit.lower, upper: m.upper, citation: limit.citation };
    return {
      verdict: m.result === 'yes' ? 'compliant' : 'exceeding',
      unjudgedReason: null,
      grade: null,
      lower: limit.lower,
      upper: m.upper,
      coldApplied: m.cold,
      exceedance: m.result === 'no' ? exceedanceOf(input.value, limit.lower, m.upper, input.belowDetection) : null,
      citation: limit.citation,
    };
  }
  const byGrade = [...input.limits].filter((l) => l.grade !== null).sort((a, b) => (a.grade ?? 0) - (b.grade ?? 0));
  // The best class the value is known to meet. Below detection a better class the method cannot tell
  // (its MDL above that class's limit) is passed over, not a reason to give up on the worse ones.
  let grade: number | null = null;
  let unknown = false;
  for (const limit of byGrade) {
    const m = meets(limit, input);
    if (m.result === 'yes') {
      grade = limit.grade;
      break;
    }
    if (m.result === 'unknown') unknown = true;
  }
  if (grade === null && !unknown) grade = WQ_GRADE_WORSE_THAN_V;
  const target =
    input.targetGrade === null ? undefined : (byGrade.find((l) => l.grade === input.targetGrade) ?? byGrade.at(-1));
  if (!target) return { ...none(grade === null ? 'detection_above_limit' : 'no_limit'), grade };
  const met = meets(target, input).result;
  if (met === 'unknown' || grade === null)
    return {
      ...none('detection_above_limit'),
      lower: target.lower,
      upper: target.upper,
      citation: target.citation,
    };
  const ok = met === 'yes';
  return {
    verdict: ok ? 'compliant' : 'exceeding',
    unjudgedReason: null,
    grade,
    lower: target.lower,
    upper: target.upper,
    coldApplied: false,
    exceedance: ok ? null : exceedanceOf(input.value, target.lower, target.upper, input.belowDetection),
    citation: target.citation,
  };
}

/** A site's class: its worst parameter's (GB 3838-2002, 4.2 / the assessment practice); null with none graded. */
export function siteGrade(grades: readonly (number | null)[]): number | null {
  let worst: number | null = null;
  for (const g of grades) if (g !== null && (worst === null || g > worst)) worst = g;
  return worst;
}

/**
 * Parameters judged at a kind of site but left out of its class: a lake's or reservoir's total
 * nitrogen is assessed on its own (地表水环境质量评价办法（试行）, 环办〔2011〕22号: 湖库总氮单独评价), so a
 * lake's class is its other parameters' worst while TN still shows exceeding against its target.
 */
export const WQ_CLASS_EXCLUDED: Readonly<Partial<Record<WqSiteKind, readonly WqParameter[]>>> = { lake: ['tn'] };

/** A site's class from its parameters' latest classes, leaving out what its kind assesses on its own. */
export function siteClassOf(kind: WqSiteKind, values: readonly { parameter: WqParameter; grade: number | null }[]) {
  const excluded = WQ_CLASS_EXCLUDED[kind] ?? [];
  return siteGrade(values.filter((v) => !excluded.includes(v.parameter)).map((v) => v.grade));
}

// ————————————————————————————————————————————————————————————————————————————————— parameters

export const wqParameterSchema = z.object({
  code: z.enum(WQ_PARAMETERS),
  /** In the caller's language. */
  name: z.string(),
  unit: z.string().describe('"" for pH'),
  /** The method-detection limit, in the unit; null where none applies (pH, temperature). */
  mdl: z.number().nullable(),
  /** The analysis method, e.g. "HJ 535-2009 纳氏试剂分光光度法". */
  method: z.string(),
  /** Decimals a value is shown with. */
  decimals: z.number().int(),
});
export type WqParameterInfo = z.infer<typeof wqParameterSchema>;

export const wqParameterInputSchema = z.object({
  mdl: z.number().finite().min(0).max(10_000).nullable(),
  method: plainText(120).default(''),
});
export type WqParameterInput = z.input<typeof wqParameterInputSchema>;

export const wqParameterParamsSchema = z.object({ code: z.enum(WQ_PARAMETERS) });

// ————————————————————————————————————————————————————————————————————————————————— limit sets

const bound = z.number().finite().min(0).max(1_000_000).nullable().default(null);

export const wqLimitInputSchema = z
  .object({
    parameter: z.enum(WQ_PARAMETERS),
    grade: z.number().int().min(1).max(5).nullable().default(null),
    lower: bound,
    upper: bound,
    coldUpper: bound,
    citation: plainText(120).default(''),
  })
  .superRefine((l, ctx) => {
    if (l.lower === null && l.upper === null)
      ctx.addIssue({ code: 'custom', path: ['upper'], message: 'validation.wqLimitEmpty' });
    if (l.lower !== null && l.upper !== null && l.lower > l.upper)
      ctx.addIssue({ code: 'custom', path: ['lower'], message: 'validation.wqLimitOrder' });
    if (l.coldUpper !== null && l.upper === null)
      ctx.addIssue({ code: 'custom', path: ['coldUpper'], message: 'validation.wqLimitEmpty' });
  });
export type WqLimitInput = z.input<typeof wqLimitInputSchema>;

export const wqLimitSchema = z.object({
  parameter: z.enum(WQ_PARAMETERS),
  grade: z.number().int().nullable(),
  lower: z.number().nullable(),
  upper: z.number().nullable(),
  coldUpper: z.number().nullable(),
  citation: z.string(),
});

export const wqLimitSetSchema = z.object({
  id: z.number().int(),
  /** A national set's code ('gb5749-outlet', …); null for a local copy. */
  code: z.string().nullable(),
  /** In the caller's language for a national set; as written for a copy. */
  name: z.string(),
  kind: z.enum(WQ_SET_KINDS),
  /** The standard it follows, e.g. "GB 18918-2002". */
  standard: z.string(),
  /** Graded by classes I–V (GB 3838). */
  graded: z.boolean(),
  /** A national set: read only, copied to adjust. */
  national: z.boolean(),
  /** The set this one was copied from. */
  basedOnId: z.number().int().nullable(),
  basedOnName: z.string().nullable(),
  description: z.string(),
  limits: z.array(wqLimitSchema),
  /** Sites judged by it (a set in use cannot be deleted). */
  siteCount: z.number().int(),
  updatedAt: z.string(),
});
export type WqLimitSet = z.infer<typeof wqLimitSetSchema>;

export const wqLimitSetCopySchema = z.object({
  name: plainText(60).min(1, { error: 'validation.required' }),
});

export const wqLimitSetInputSchema = z
  .object({
    name: plainText(60).min(1, { error: 'validation.required' }),
    description: plainText(500).default(''),
    limits: z.array(wqLimitInputSchema).max(WQ_PARAMETERS.length * 5),
  })
  .superRefine((s, ctx) => {
    const seen = new Set<string>();
    s.limits.forEach((l, i) => {
      const key = `${l.parameter}:${l.grade ?? ''}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['limits', i, 'parameter'], message: 'validation.duplicate' });
      seen.add(key);
    });
  });
export type WqLimitSetInput = z.input<typeof wqLimitSetInputSchema>;

// ————————————————————————————————————————————————————————————————————————————————— sites

export const WQ_SITE_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;
export const WQ_SITE_ALARM_SEVERITIES = ['critical', 'major', 'minor', 'warning'] as const;

export const wqSiteInputSchema = z.object({
  code: text(32).regex(WQ_SITE_CODE_PATTERN, { error: 'validation.stationCode' }),
  name: plainText(60).min(1, { error: 'validation.required' }),
  kind: z.enum(WQ_SITE_KINDS),
  regionId: idSchema.nullable().default(null),
  longitude: longitudeSchema.nullable().default(null),
  latitude: latitudeSchema.nullable().default(null),
  address: plainText(200).default(''),
  /** The set it is judged by: of the site kind's set kind (refused otherwise, naming the field). */
  limitSetId: idSchema,
  /** For a graded set (surface water): the class the section must meet, 1–5. Required there, null elsewhere. */
  targetGrade: z.number().int().min(1).max(5).nullable().default(null),
  /** Water-quality analysers measuring here (each at one site at most). */
  deviceIds: z.array(idSchema).max(20).default([]),
  /** An exceedance raises an alarm of this severity to these recipients. */
  alarmEnabled: z.boolean().default(true),
  alarmSeverity: z.enum(WQ_SITE_ALARM_SEVERITIES).default('major'),
  recipients: alarmRecipientsSchema,
  enabled: z.boolean().default(true),
});
export type WqSiteInput = z.input<typeof wqSiteInputSchema>;

export const wqSiteSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(WQ_SITE_KINDS),
  regionId: z.number().int().nullable(),
  regionName: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  address: z.string(),
  limitSetId: z.number().int(),
  limitSetName: z.string(),
  targetGrade: z.number().int().nullable(),
  devices: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string(), online: z.boolean() })),
  alarmEnabled: z.boolean(),
  alarmSeverity: z.enum(WQ_SITE_ALARM_SEVERITIES),
  recipients: alarmRecipientsOutSchema,
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type WqSite = z.infer<typeof wqSiteSchema>;

const siteFilters = {
  keyword: text(60).optional().describe('code or name'),
  kind: z.enum(WQ_SITE_KINDS).optional(),
  regionId: idSchema.optional().describe('sites of this region and every region below it'),
};

export const wqSiteListQuerySchema = pageQuerySchema.extend(siteFilters);
export type WqSiteListQuery = z.input<typeof wqSiteListQuerySchema>;

// ————————————————————————————————————————————————————————————————————————————————— results

/** The judgement a result was given on arrival, with the limit and standard as they were then. */
export const wqAppliedSchema = z.object({
  verdict: z.enum(WQ_VERDICTS),
  unjudgedReason: z.enum(WQ_UNJUDGED_REASONS).nullable(),
  grade: z.number().int().nullable(),
  targetGrade: z.number().int().nullable(),
  lower: z.number().nullable(),
  upper: z.number().nullable(),
  coldApplied: z.boolean(),
  /** The temperature the cold-water rule read, °C, or null. */
  temperature: z.number().nullable(),
  exceedance: z.number().nullable(),
  citation: z.string().nullable(),
  limitSetId: z.number().int().nullable(),
  limitSetName: z.string(),
  standard: z.string(),
});
export type WqApplied = z.infer<typeof wqAppliedSchema>;

export const wqResultSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  siteCode: z.string(),
  siteName: z.string(),
  siteKind: z.enum(WQ_SITE_KINDS),
  parameter: z.enum(WQ_PARAMETERS),
  source: z.enum(WQ_RESULT_SOURCES),
  sampledAt: z.string(),
  value: z.number(),
  belowDetection: z.boolean(),
  /** Lab: the sample's id and the analyst; online: the analyser's code. */
  sampleId: z.string().nullable(),
  analyst: z.string().nullable(),
  deviceCode: z.string().nullable(),
  applied: wqAppliedSchema,
  createdAt: z.string(),
});
export type WqResult = z.infer<typeof wqResultSchema>;

const sampleValue = z
  .object({
    parameter: z.enum(WQ_PARAMETERS),
    value: z.number().finite().min(-1000).max(1_000_000),
    belowDetection: z.boolean().default(false),
  })
  .refine((v) => wqValueInRange(v.parameter, v.value), { error: 'validation.wqValueRange', path: ['value'] });

/** A lab sample: one site, one sampling time, several parameters. */
export const wqSampleInputSchema = z
  .object({
    siteId: idSchema,
    sampleId: plainText(40).min(1, { error: 'validation.required' }),
    sampledAt: dateTimeSchema,
    analyst: plainText(40).default(''),
    values: z.array(sampleValue).min(1, { error: 'validation.required' }).max(WQ_SAMPLE_VALUES_MAX),
  })
  .superRefine((s, ctx) => {
    const seen = new Set<string>();
    s.values.forEach((v, i) => {
      if (seen.has(v.parameter))
        ctx.addIssue({ code: 'custom', path: ['values', i, 'parameter'], message: 'validation.duplicate' });
      seen.add(v.parameter);
    });
  });
export type WqSampleInput = z.input<typeof wqSampleInputSchema>;

/** A lab result corrected: judged again, against the site's set as it is now. */
export const wqResultUpdateSchema = z.object({
  value: z.number().finite().min(-1000).max(1_000_000),
  belowDetection: z.boolean().default(false),
  sampledAt: dateTimeSchema,
  analyst: plainText(40).default(''),
});
export type WqResultUpdate = z.input<typeof wqResultUpdateSchema>;

const resultFilters = {
  ...siteFilters,
  siteIds: idListQuery(1000, 100).optional().describe('comma-separated site ids'),
  parameter: z.enum(WQ_PARAMETERS).optional(),
  source: z.enum(WQ_RESULT_SOURCES).optional(),
  verdict: z.enum(WQ_VERDICTS).optional(),
  from: dateTimeSchema.optional().describe('sampled at or after'),
  to: dateTimeSchema.optional().describe('sampled before'),
};

export const wqResultListQuerySchema = pageQuerySchema.extend(resultFilters);
export type WqResultListQuery = z.input<typeof wqResultListQuerySchema>;

export const wqImportReportSchema = z.object({
  created: z.number().int(),
  /** Results judged beyond their limit among those created. */
  exceeding: z.number().int(),
  failed: z.array(
    z.object({
      row: z.number().int().describe('row number in the file, header = 1'),
      sampleId: z.string(),
      reasons: z.array(z.string()).describe('in the caller language'),
    }),
  ),
});
export type WqImportReport = z.infer<typeof wqImportReportSchema>;

// ————————————————————————————————————————————————————————————————————————————————— latest

export const wqLatestValueSchema = z.object({
  parameter: z.enum(WQ_PARAMETERS),
  resultId: z.number().int(),
  value: z.number(),
  belowDetection: z.boolean(),
  source: z.enum(WQ_RESULT_SOURCES),
  sampledAt: z.string(),
  applied: wqAppliedSchema,
});

export const wqLatestSiteSchema = z.object({
  site: wqSiteSchema.pick({
    id: true,
    code: true,
    name: true,
    kind: true,
    regionId: true,
    regionName: true,
    limitSetId: true,
    limitSetName: true,
    targetGrade: true,
  }),
  /** The site's class from its parameters' latest (graded sets), null otherwise. */
  grade: z.number().int().nullable(),
  /** Exceeding if any latest value exceeds; compliant if all judged comply; unjudged with none. */
  verdict: z.enum(WQ_VERDICTS),
  values: z.array(wqLatestValueSchema),
  lastAt: z.string().nullable(),
});
export type WqLatestSite = z.infer<typeof wqLatestSiteSchema>;

export const wqLatestQuerySchema = z.object({
  ...siteFilters,
  siteIds: resultFilters.siteIds,
  verdict: z.enum(WQ_VERDICTS).optional().describe('sites whose overall verdict is this'),
});

// ————————————————————————————————————————————————————————————————————————————————— history

export const wqHistoryQuerySchema = z.object({
  siteId: idSchema,
  parameter: z.enum(WQ_PARAMETERS),
  from: dateTimeSchema,
  to: dateTimeSchema,
});
export type WqHistoryQuery = z.input<typeof wqHistoryQuerySchema>;

export const wqHistorySchema = z.object({
  parameter: wqParameterSchema,
  /** Lab results, each as stored. */
  lab: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      value: z.number(),
      belowDetection: z.boolean(),
      verdict: z.enum(WQ_VERDICTS),
      sampleId: z.string().nullable(),
    }),
  ),
  /**
   * Online results: as stored for up to 7 days, hourly (mean, min, max, how many exceeded) beyond.
   */
  online: z.array(
    z.object({
      at: z.string(),
      value: z.number(),
      min: z.number(),
      max: z.number(),
      exceeding: z.number().int(),
      count: z.number().int(),
    }),
  ),
  onlineBucket: z.enum(['raw', 'hour']),
  /** The site's limits for this parameter now (the lines drawn): the target class's, and every class's for a graded set. */
  limits: z.array(wqLimitSchema),
  targetGrade: z.number().int().nullable(),
  /** Over the range: judged, compliant. */
  judged: z.number().int(),
  compliant: z.number().int(),
});
export type WqHistory = z.infer<typeof wqHistorySchema>;

// ————————————————————————————————————————————————————————————————————————————————— compliance

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const month = z.string().regex(MONTH, { error: 'validation.month' });

export const wqComplianceQuerySchema = z.object({
  ...siteFilters,
  siteIds: resultFilters.siteIds,
  parameter: z.enum(WQ_PARAMETERS).optional(),
  source: z.enum(WQ_RESULT_SOURCES).optional(),
  /** Months in UTC+8, inclusive: at most 24. */
  fromMonth: month,
  toMonth: month,
});
export type WqComplianceQuery = z.input<typeof wqComplianceQuerySchema>;

const counts = { judged: z.number().int(), compliant: z.number().int(), rate: z.number().nullable() };

export const wqComplianceSchema = z.object({
  months: z.array(z.string()),
  rows: z.array(
    z.object({
      siteId: z.number().int(),
      siteCode: z.string(),
      siteName: z.string(),
      siteKind: z.enum(WQ_SITE_KINDS),
      parameter: z.enum(WQ_PARAMETERS),
      /** One per month of `months`, in order. */
      months: z.array(z.object(counts)),
      total: z.object(counts),
    }),
  ),
  /** Per site over every parameter and month. */
  sites: z.array(z.object({ siteId: z.number().int(), ...counts })),
  total: z.object(counts),
});
export type WqCompliance = z.infer<typeof wqComplianceSchema>;

export const wqReportQuerySchema = z.object({
  ...siteFilters,
  siteIds: resultFilters.siteIds,
  month,
});

export const waterQualityApi = {
  parameters: endpoint({
    method: 'GET',
    path: '/water-quality/parameters',
    summary: 'The parameters judged, with unit, method-detection limit and method',
    tags,
    data: z.array(wqParameterSchema),
  }),
  updateParameter: endpoint({
    method: 'PUT',
    path: '/water-quality/parameters/:code',
    summary: 'A parameter’s method-detection limit and method (the lab’s)',
    tags,
    params: wqParameterParamsSchema,
    body: wqParameterInputSchema,
    data: wqParameterSchema,
  }),
  limitSets: endpoint({
    method: 'GET',
    path: '/water-quality/limit-sets',
    summary: 'Every limit set with its limits: the national ones (read only) and local copies',
    tags,
    data: z.array(wqLimitSetSchema),
  }),
  copyLimitSet: endpoint({
    method: 'POST',
    path: '/water-quality/limit-sets/:id/copy',
    summary: 'A local copy of a set, to adjust (a stricter local limit)',
    tags,
    params: idParamsSchema,
    body: wqLimitSetCopySchema,
    data: wqLimitSetSchema,
  }),
  updateLimitSet: endpoint({
    method: 'PUT',
    path: '/water-quality/limit-sets/:id',
    summary: 'A local set’s name and limits (a national set is refused): results already judged keep their judgement',
    tags,
    params: idParamsSchema,
    body: wqLimitSetInputSchema,
    data: wqLimitSetSchema,
  }),
  deleteLimitSet: endpoint({
    method: 'DELETE',
    path: '/water-quality/limit-sets/:id',
    summary: 'Delete a local set no site is judged by',
    tags,
    params: idParamsSchema,
    data: z.null(),
  }),
  sites: endpoint({
    method: 'GET',
    path: '/water-quality/sites',
    summary: 'Sites, filtered and paged, within the caller’s regions',
    tags,
    query: wqSiteListQuerySchema,
    data: pageOf(wqSiteSchema),
  }),
  createSite: endpoint({
    method: 'POST',
    path: '/water-quality/sites',
    summary: 'Add a site',
    tags,
    body: wqSiteInputSchema,
    data: wqSiteSchema,
  }),
  updateSite: endpoint({
    method: 'PUT',
    path: '/water-quality/sites/:id',
    summary: 'Change a site: later results are judged by its new set; earlier ones keep theirs',
    tags,
    params: idParamsSchema,
    body: wqSiteInputSchema,
    data: wqSiteSchema,
  }),
  deleteSite: endpoint({
    method: 'DELETE',
    path: '/water-quality/sites/:id',
    summary: 'Delete a site without results (one with results is disabled instead)',
    tags,
    params: idParamsSchema,
    data: z.null(),
  }),
  latest: endpoint({
    method: 'GET',
    path: '/water-quality/latest',
    summary: 'Each site’s latest judgement per parameter, and its class for surface water',
    tags,
    query: wqLatestQuerySchema,
    data: z.array(wqLatestSiteSchema),
  }),
  results: endpoint({
    method: 'GET',
    path: '/water-quality/results',
    summary: 'Results, online and lab, filtered and paged, newest first',
    tags,
    query: wqResultListQuerySchema,
    data: pageOf(wqResultSchema),
  }),
  createSample: endpoint({
    method: 'POST',
    path: '/water-quality/results',
    summary: 'Enter a lab sample’s results: each judged on arrival, an exceedance alarmed',
    tags,
    body: wqSampleInputSchema,
    data: z.array(wqResultSchema),
  }),
  updateResult: endpoint({
    method: 'PUT',
    path: '/water-quality/results/:id',
    summary: 'Correct a lab result: judged again by the site’s set as it is now',
    tags,
    params: idParamsSchema,
    body: wqResultUpdateSchema,
    data: wqResultSchema,
  }),
  deleteResult: endpoint({
    method: 'DELETE',
    path: '/water-quality/results/:id',
    summary: 'Delete a lab result entered in error',
    tags,
    params: idParamsSchema,
    data: z.null(),
  }),
  importTemplate: endpoint({
    method: 'GET',
    path: '/water-quality/results/import-template',
    summary: 'An XLSX sheet with the lab import’s columns in the caller language and example rows',
    tags,
    data: z.unknown().describe('the workbook'),
    download: true,
  }),
  importResults: endpoint({
    method: 'POST',
    path: '/water-quality/results/import',
    summary: 'Lab results from an XLSX sheet or a UTF-8 CSV file: good rows judged and stored, bad rows reported',
    tags,
    data: wqImportReportSchema,
    upload: true,
  }),
  history: endpoint({
    method: 'GET',
    path: '/water-quality/history',
    summary: 'One site’s parameter over a range: lab results, online results (hourly beyond 7 days), the limit lines',
    tags,
    query: wqHistoryQuerySchema,
    data: wqHistorySchema,
  }),
  compliance: endpoint({
    method: 'GET',
    path: '/water-quality/compliance',
    summary: 'Compliance rates per site, parameter and month (UTC+8)',
    tags,
    query: wqComplianceQuerySchema,
    data: wqComplianceSchema,
  }),
  report: endpoint({
    method: 'GET',
    path: '/water-quality/report',
    summary:
      'The monthly compliance report as XLSX: rates per site and parameter, exceedances listed with their limits',
    tags,
    query: wqReportQuerySchema,
    data: z.unknown().describe('the workbook'),
    download: true,
  }),
} as const;

// ————————————————————————————————————————————————————————————————————————————————— names

/**
 * Parameter names in both languages, for the server (import columns, the report, alarm titles) and the
 * console alike, like the operation log's module names.
 */
export const wqParameterNames = {
  ph: { 'zh-CN': 'pH', 'en-US': 'pH' },
  turbidity: { 'zh-CN': '浑浊度', 'en-US': 'Turbidity' },
  chlorine_free: { 'zh-CN': '游离氯', 'en-US': 'Free chlorine' },
  chlorine_total: { 'zh-CN': '总氯', 'en-US': 'Total chlorine' },
  conductivity: { 'zh-CN': '电导率', 'en-US': 'Conductivity' },
  temperature: { 'zh-CN': '水温', 'en-US': 'Water temperature' },
  do: { 'zh-CN': '溶解氧', 'en-US': 'Dissolved oxygen' },
  cod: { 'zh-CN': '化学需氧量', 'en-US': 'COD' },
  codmn: { 'zh-CN': '高锰酸盐指数', 'en-US': 'Permanganate index' },
  bod5: { 'zh-CN': '五日生化需氧量', 'en-US': 'BOD₅' },
  nh3n: { 'zh-CN': '氨氮', 'en-US': 'Ammonia nitrogen' },
  tp: { 'zh-CN': '总磷', 'en-US': 'Total phosphorus' },
  tn: { 'zh-CN': '总氮', 'en-US': 'Total nitrogen' },
  ss: { 'zh-CN': '悬浮物', 'en-US': 'Suspended solids' },
} as const satisfies Record<WqParameter, Record<Locale, string>>;

export const wqSiteKindNames = {
  plant_outlet: { 'zh-CN': '水厂出水', 'en-US': 'Plant outlet' },
  tap: { 'zh-CN': '管网末梢', 'en-US': 'Tap' },
  wastewater_discharge: { 'zh-CN': '污水厂出水', 'en-US': 'Wastewater discharge' },
  river: { 'zh-CN': '河流断面', 'en-US': 'River section' },
  lake: { 'zh-CN': '湖库', 'en-US': 'Lake or reservoir' },
} as const satisfies Record<WqSiteKind, Record<Locale, string>>;

export const wqVerdictNames = {
  compliant: { 'zh-CN': '达标', 'en-US': 'Compliant' },
  exceeding: { 'zh-CN': '超标', 'en-US': 'Exceeding' },
  unjudged: { 'zh-CN': '未评价', 'en-US': 'Not judged' },
} as const satisfies Record<WqVerdict, Record<Locale, string>>;

/** A class in words: I类 … V类, 劣V类 / Class I … worse than V. */
export function wqGradeName(grade: number, locale: Locale): string {
  const roman = ['I', 'II', 'III', 'IV', 'V'][grade - 1];
  if (locale === 'zh-CN') return roman ? `${roman}类` : '劣V类';
  return roman ? `Class ${['I', 'II', 'III', 'IV', 'V'][grade - 1]}` : 'Worse than V';
}
