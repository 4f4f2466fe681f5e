import { z } from 'zod';
import { ALARM_SEVERITIES } from './alarms.ts';
import { endpoint } from './common/endpoint.ts';
import { idListQuery, idSchema } from './common/validation.ts';
import { STATION_KINDS } from './devices.ts';

/**
 * Station analysis (issue 17 part 5): `/bz/synthesize-analysis` compares stations over a period with
 * the period before it, `/bz/synthesis-analysis` gives the system's KPIs, its top stations and a year
 * of months. Computed from the 1-hour rollups and the alarm records only, in the utility's days and
 * months (UTC+8), within the caller's region limit. The formulas are in the README ("Station
 * analysis: definitions").
 */
const tags = ['station-analysis'] as const;

/** The longest period a question may cover, in utility days. */
export const ANALYSIS_DAYS_MAX = 400;
/** Stations one comparison may name. */
export const ANALYSIS_STATIONS_MAX = 50;
/** Stations in each top list of the KPIs. */
export const ANALYSIS_TOP = 5;
/** Months in the KPIs' trend, ending with the period's last month. */
export const ANALYSIS_MONTHS = 12;

const DAY_MS = 86_400_000;
/** A utility day, YYYY-MM-DD, that the calendar has. */
const isDay = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const utilityDate = z.string().refine(isDay, { error: 'validation.date' });

/** Days from `from` to `to`, both in (0 or less when `to` is before `from`). */
export const analysisDays = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

function checkPeriod(q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  // A day that is not one is its own field's issue only.
  if (q.from === undefined || q.to === undefined || !isDay(q.from) || !isDay(q.to)) return;
  const days = analysisDays(q.from, q.to);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dayRangeOrder' });
  else if (days > ANALYSIS_DAYS_MAX)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.analysisRangeTooLong' });
}

const stationIdList = idListQuery(1000, ANALYSIS_STATIONS_MAX, 'validation.analysisStationsTooMany');

const filterFields = {
  regionId: idSchema.optional().describe('stations of this region and every region below it'),
  kind: z.enum(STATION_KINDS).optional(),
};

const compareFields = z.object({
  from: utilityDate.describe('first utility day, YYYY-MM-DD (UTC+8)'),
  to: utilityDate.describe(`last utility day, included; at most ${ANALYSIS_DAYS_MAX} days`),
  stationIds: stationIdList
    .optional()
    .describe(`comma-separated station ids (at most ${ANALYSIS_STATIONS_MAX}); every station in reach when absent`),
  ...filterFields,
});

export const analysisCompareQuerySchema = compareFields.superRefine(checkPeriod);
export type AnalysisCompareQuery = z.input<typeof analysisCompareQuerySchema>;

export const analysisKpisQuerySchema = z
  .object({
    from: utilityDate.optional(),
    to: utilityDate.optional(),
    year: z.coerce.number().int().min(2000).max(2100).optional().describe('a utility year: January to December'),
    ...filterFields,
  })
  .superRefine((q, ctx) => {
    if (q.year === undefined && (q.from === undefined || q.to === undefined))
      ctx.addIssue({ code: 'custom', path: [q.from === undefined ? 'from' : 'to'], message: 'validation.required' });
    checkPeriod(q, ctx);
  });
export type AnalysisKpisQuery = z.input<typeof analysisKpisQuerySchema>;

const severityCounts = z.object(
  Object.fromEntries(ALARM_SEVERITIES.map((s) => [s, z.number().int()])) as Record<
    (typeof ALARM_SEVERITIES)[number],
    z.ZodNumber
  >,
);

/**
 * A previous period whose pumps reported in less than this share of its pump-hours (history begins
 * inside it, a long outage) is not compared with: its change reads "—", not +3,000 %.
 */
export const ANALYSIS_COMPARABLE_COVERAGE = 0.8;

/** Whether a period's figures are worth a change against (its pumps reported in enough of it). */
export const isComparable = (previous: { coverage: number | null }) =>
  previous.coverage !== null && previous.coverage >= ANALYSIS_COMPARABLE_COVERAGE;

/** What a station (or a sum of stations) did in one period. */
export const analysisFiguresSchema = z.object({
  volume: z.number().nullable().describe('m³ pumped: Σ hourly mean outlet flow × 1 h; null without flow readings'),
  energy: z.number().nullable().describe('kWh of all pumps: counter rise, else Σ hourly mean power × 1 h'),
  kwhPer1000m3: z.number().nullable().describe('energy / volume × 1000'),
  runHours: z.number().nullable().describe('h, Σ over pumps of hourly mean run state × 1 h'),
  starts: z.number().int().nullable().describe('Σ over pumps of their start counter’s rise; null: no pump counts'),
  alarms: z.number().int().describe('alarms raised in the period'),
  alarmsBySeverity: severityCounts,
  availability: z
    .number()
    .nullable()
    .describe('0–1: available pump-hours / pump-hours (maintenance pumps left out); null: no pump-hours'),
  coverage: z
    .number()
    .nullable()
    .describe(
      '0–1: pump-hours the controllers reported in / pump-hours of the period so far (maintenance pumps left out); null: no pumps. Below ANALYSIS_COMPARABLE_COVERAGE a period is not compared',
    ),
});
export type AnalysisFigures = z.infer<typeof analysisFiguresSchema>;

const stationRef = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(STATION_KINDS),
  regionName: z.string().nullable(),
});
export type AnalysisStation = z.infer<typeof stationRef>;

const periodFields = {
  from: z.string().describe('first utility day'),
  to: z.string().describe('last utility day, included'),
  previousFrom: z.string().describe('the previous period of equal length: its first day'),
  previousTo: z.string(),
  partial: z.boolean().describe('the period reaches today (the utility’s): its figures run to now'),
};

export const analysisCompareSchema = z.object({
  ...periodFields,
  rows: z.array(
    z.object({
      station: stationRef,
      current: analysisFiguresSchema,
      previous: analysisFiguresSchema,
    }),
  ),
  totals: z.object({ current: analysisFiguresSchema, previous: analysisFiguresSchema }),
});
export type AnalysisCompare = z.infer<typeof analysisCompareSchema>;

export const analysisSystemFiguresSchema = analysisFiguresSchema.extend({
  mtta: z.number().nullable().describe('s: mean time to acknowledge, alarms raised in the period and acknowledged'),
  mttr: z.number().nullable().describe('s: mean time to clear, alarms raised in the period and cleared'),
});
export type AnalysisSystemFigures = z.infer<typeof analysisSystemFiguresSchema>;

export const analysisKpisSchema = z.object({
  ...periodFields,
  stations: z.number().int().describe('stations counted'),
  current: analysisSystemFiguresSchema,
  previous: analysisSystemFiguresSchema,
  topIntensity: z
    .array(z.object({ station: stationRef, value: z.number() }))
    .describe(`at most ${ANALYSIS_TOP}: highest kWh per 1000 m³ first`),
  topAlarms: z
    .array(z.object({ station: stationRef, value: z.number().int() }))
    .describe(`at most ${ANALYSIS_TOP}: most alarms raised first, none without alarms`),
  months: z
    .array(
      z.object({
        month: z.string().describe('YYYY-MM, a utility month'),
        volume: z.number().nullable(),
        energy: z.number().nullable(),
        kwhPer1000m3: z.number().nullable(),
        availability: z.number().nullable(),
        alarms: z.number().int(),
      }),
    )
    .describe(`${ANALYSIS_MONTHS} months ending with the period’s last, oldest first`),
});
export type AnalysisKpis = z.infer<typeof analysisKpisSchema>;

export const stationAnalysisApi = {
  compare: endpoint({
    method: 'GET',
    path: '/station-analysis/compare',
    summary:
      'Per station over a period of utility days: pumped volume, energy, kWh per 1000 m³, run hours, starts, alarms and availability, with the previous period of equal length',
    tags,
    query: analysisCompareQuerySchema,
    data: analysisCompareSchema,
  }),
  exportCompare: endpoint({
    method: 'GET',
    path: '/station-analysis/compare/export',
    summary:
      'The comparison as XLSX: a row per station and a totals row, each figure with the previous period’s and the change',
    tags,
    query: analysisCompareQuerySchema,
    data: z.unknown().describe('the file'),
    download: true,
  }),
  kpis: endpoint({
    method: 'GET',
    path: '/station-analysis/kpis',
    summary:
      'The system’s KPIs over a period (or a year) against the previous one: availability, volume, energy intensity, MTTA, MTTR; the top stations by intensity and by alarms; 12 months of trend',
    tags,
    query: analysisKpisQuerySchema,
    data: analysisKpisSchema,
  }),
} as const;
