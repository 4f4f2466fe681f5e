import {
  type Locale,
  type WqParameter,
  type WqSiteKind,
  type WqVerdict,
  wqGradeName,
  wqParameterNames,
  wqSiteKindNames,
  wqVerdictNames,
} from '@water/contracts';
import type { WqCommonI18n } from './use-wq-i18n.ts';

/** A parameter's name in the console's language. */
export const parameterName = (code: WqParameter, locale: Locale) => wqParameterNames[code][locale];
export const siteKindName = (kind: WqSiteKind, locale: Locale) => wqSiteKindNames[kind][locale];
export const verdictName = (verdict: WqVerdict, locale: Locale) => wqVerdictNames[verdict][locale];
export const gradeName = (grade: number, locale: Locale) => wqGradeName(grade, locale);

/** Arco colours by verdict: red beyond the limit, green within it, grey unjudged. */
export const VERDICT_COLOR: Record<WqVerdict, string> = { compliant: 'green', exceeding: 'red', unjudged: 'gray' };

/** A value with its parameter's decimals; a value below detection as "<MDL (not detected)". */
export function formatWqValue(value: number, belowDetection: boolean, decimals: number, i18n: WqCommonI18n): string {
  const shown = value.toFixed(Math.max(0, Math.min(6, decimals)));
  return belowDetection ? i18n.t('wq.belowDetection', { mdl: shown }) : shown;
}

/** A limit in words: "6.5–8.5", "≤1", "≥0.05", with NH3-N's cold-water value after it. */
export function formatLimit(
  limit: { lower: number | null; upper: number | null; coldUpper?: number | null },
  i18n: WqCommonI18n,
): string {
  const { lower, upper } = limit;
  let text = '';
  if (lower !== null && upper !== null) text = i18n.t('wq.limit.range', { lower, upper });
  else if (upper !== null) text = i18n.t('wq.limit.atMost', { upper });
  else if (lower !== null) text = i18n.t('wq.limit.atLeast', { lower });
  if (limit.coldUpper !== null && limit.coldUpper !== undefined)
    text += `; ${i18n.t('wq.limit.cold', { coldUpper: limit.coldUpper })}`;
  return text;
}

/** How far beyond the limit, as the standards' reports word it (超标倍数), or under a minimum in per cent. */
export function formatExceedance(
  applied: { exceedance: number | null; lower: number | null; upper: number | null },
  value: number,
  i18n: WqCommonI18n,
): string | null {
  if (applied.exceedance === null) return null;
  if (applied.upper !== null && value > applied.upper)
    return i18n.t('wq.exceedance', { times: applied.exceedance.toFixed(2) });
  return i18n.t('wq.shortfall', { percent: Math.round(applied.exceedance * 100) });
}
