import {
  type Locale,
  WQ_PARAMETERS,
  WQ_SITE_ALARM_SEVERITIES,
  type WqApplied,
  type WqLimit,
  type WqLimitSet,
  type WqParameter,
  type WqParameterInfo,
  type WqResult,
  type WqResultSource,
  type WqSetKind,
  type WqSite,
  type WqSiteKind,
  type WqUnjudgedReason,
  type WqVerdict,
  wqParameterNames,
} from '@water/contracts';
import type { wqLimitSets, wqLimits, wqParameters, wqResults, wqSites } from '../../db/schema/index.ts';
import { nationalSetName, WQ_NATIONAL_SETS } from '../../db/seed/water-quality-standards.ts';

type SetRow = typeof wqLimitSets.$inferSelect;
type LimitRow = typeof wqLimits.$inferSelect;
type SiteRow = typeof wqSites.$inferSelect;
export type ResultRow = typeof wqResults.$inferSelect;

const parameterOrder = (p: string) => WQ_PARAMETERS.indexOf(p as WqParameter);

export const toParameter = (r: typeof wqParameters.$inferSelect, locale: Locale): WqParameterInfo => ({
  code: r.code as WqParameter,
  name: wqParameterNames[r.code as WqParameter]?.[locale] ?? r.code,
  unit: r.unit,
  mdl: r.mdl,
  method: r.method,
  decimals: r.decimals,
});

/** A parameter's name in a language. */
export const parameterName = (p: WqParameter, locale: Locale) => wqParameterNames[p][locale];

export const toLimit = (l: LimitRow): WqLimit => ({
  parameter: l.parameter as WqParameter,
  grade: l.grade === 0 ? null : l.grade,
  lower: l.lower,
  upper: l.upper,
  coldUpper: l.coldUpper,
  citation: l.citation,
});

/** Limits in the parameters' order, classes I to V within one. */
export const sortLimits = <T extends { parameter: string; grade: number | null }>(limits: T[]): T[] =>
  [...limits].sort(
    (a, b) => parameterOrder(a.parameter) - parameterOrder(b.parameter) || (a.grade ?? 0) - (b.grade ?? 0),
  );

/** A set's name in the caller's language: a national one's from the standards table, a copy's as written. */
export const setName = (r: { code: string | null; name: string }, locale: Locale) =>
  (r.code && nationalSetName(r.code, locale)) || r.name;

/** A national set's description in the caller's language, a copy's as written. */
const setDescription = (r: SetRow, locale: Locale) =>
  WQ_NATIONAL_SETS.find((s) => s.code === r.code)?.description[locale] ?? r.description;

/**
 * The set name a result stored (a national set's in Chinese, the standard's own language) in the
 * caller's: a copy's name is answered as written.
 */
export function appliedSetName(stored: string, locale: Locale): string {
  const national = WQ_NATIONAL_SETS.find((s) => s.name['zh-CN'] === stored);
  return national ? national.name[locale] : stored;
}

export function toLimitSet(
  r: SetRow,
  limits: LimitRow[],
  siteCount: number,
  basedOn: SetRow | undefined,
  locale: Locale,
): WqLimitSet {
  return {
    id: r.id,
    code: r.code,
    name: setName(r, locale),
    kind: r.kind as WqSetKind,
    standard: r.standard,
    graded: r.graded,
    national: r.national,
    basedOnId: r.basedOnId,
    basedOnName: basedOn ? setName(basedOn, locale) : null,
    description: setDescription(r, locale),
    limits: sortLimits(limits.map(toLimit)),
    siteCount,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export interface SiteDevice {
  siteId: number;
  id: number;
  code: string;
  name: string;
  status: string;
}

export interface SiteListRow {
  site: SiteRow;
  regionName: string | null;
  setCode: string | null;
  setName: string;
}

export function toSite(r: SiteListRow, devices: SiteDevice[], locale: Locale): WqSite {
  const s = r.site;
  const recipients = (s.recipients ?? {}) as Partial<WqSite['recipients']>;
  return {
    id: s.id,
    code: s.code,
    name: s.name,
    kind: s.kind as WqSiteKind,
    regionId: s.regionId,
    regionName: r.regionName ?? '',
    longitude: s.longitude,
    latitude: s.latitude,
    address: s.address,
    limitSetId: s.limitSetId,
    limitSetName: setName({ code: r.setCode, name: r.setName }, locale),
    targetGrade: s.targetGrade,
    devices: devices
      .filter((d) => d.siteId === s.id)
      .map((d) => ({ id: d.id, code: d.code, name: d.name, online: d.status === 'online' })),
    alarmEnabled: s.alarmEnabled,
    alarmSeverity: (WQ_SITE_ALARM_SEVERITIES as readonly string[]).includes(s.alarmSeverity)
      ? (s.alarmSeverity as WqSite['alarmSeverity'])
      : 'major',
    recipients: {
      userIds: recipients.userIds ?? [],
      roleCodes: recipients.roleCodes ?? [],
      departmentIds: recipients.departmentIds ?? [],
    },
    enabled: s.enabled,
    updatedAt: s.updatedAt.toISOString(),
  };
}

export const toApplied = (r: ResultRow, locale: Locale): WqApplied => ({
  verdict: r.verdict as WqVerdict,
  unjudgedReason: r.unjudgedReason as WqUnjudgedReason | null,
  grade: r.grade,
  targetGrade: r.targetGrade,
  lower: r.lower,
  upper: r.upper,
  coldApplied: r.coldApplied,
  temperature: r.temperature,
  exceedance: r.exceedance,
  citation: r.citation,
  limitSetId: r.limitSetId,
  limitSetName: appliedSetName(r.limitSetName, locale),
  standard: r.standard,
});

export interface ResultSite {
  code: string;
  name: string;
  kind: string;
}

export const toResult = (r: ResultRow, site: ResultSite, locale: Locale): WqResult => ({
  id: r.id,
  siteId: r.siteId,
  siteCode: site.code,
  siteName: site.name,
  siteKind: site.kind as WqSiteKind,
  parameter: r.parameter as WqParameter,
  source: r.source as WqResultSource,
  sampledAt: r.sampledAt.toISOString(),
  value: r.value,
  belowDetection: r.belowDetection,
  sampleId: r.sampleId,
  analyst: r.analyst,
  deviceCode: r.deviceCode,
  applied: toApplied(r, locale),
  createdAt: r.createdAt.toISOString(),
});

/** A number as the report writes it: at most `decimals` places, no trailing zeros. */
export const fixed = (value: number, decimals: number) => Number(value.toFixed(Math.max(0, Math.min(decimals, 6))));

/**
 * The limit a result was judged by, in words: "6–9", "≤ 5", "≥ 0.3", "0.3–2" — the bounds as stored,
 * followed by the cold-water note (its brackets the language's) when the bracketed NH3-N limit applied.
 */
export function limitText(r: Pick<ResultRow, 'lower' | 'upper' | 'coldApplied'>, coldNote: string): string {
  const n = (v: number) => String(Number(v.toPrecision(6)));
  let text = '';
  if (r.lower !== null && r.upper !== null) text = `${n(r.lower)}–${n(r.upper)}`;
  else if (r.upper !== null) text = `≤ ${n(r.upper)}`;
  else if (r.lower !== null) text = `≥ ${n(r.lower)}`;
  return r.coldApplied && text ? `${text}${coldNote}` : text;
}
