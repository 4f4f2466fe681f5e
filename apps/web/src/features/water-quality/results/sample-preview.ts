import { judgeWaterQuality, type WqJudgement, type WqLimitSet, type WqParameter } from '@water/contracts';

/** A parameter row of the entry form as the boxes hold it (an emptied number box is undefined or null). */
export interface SampleRowValues {
  parameter?: WqParameter;
  value?: number | null;
  belowDetection?: boolean;
}

/** The sample's water temperature, when a row gives it (measured, not "not detected"): NH3-N's cold-water rule reads it. */
export function temperatureOf(rows: readonly SampleRowValues[] | undefined): number | null {
  const row = rows?.find((r) => r.parameter === 'temperature');
  return row && typeof row.value === 'number' && !row.belowDetection ? row.value : null;
}

/**
 * What the server will judge a value: the same `judgeWaterQuality` over the site's set as loaded,
 * with the sample's own temperature. Null until the row has a parameter and a value.
 */
export function previewJudgement(
  row: SampleRowValues | undefined,
  set: WqLimitSet | undefined,
  targetGrade: number | null,
  temperature: number | null,
): WqJudgement | null {
  if (!row?.parameter || typeof row.value !== 'number' || !set) return null;
  return judgeWaterQuality({
    value: row.value,
    belowDetection: Boolean(row.belowDetection),
    limits: set.limits.filter((l) => l.parameter === row.parameter),
    targetGrade,
    temperature,
  });
}

/** The parameters a set judges, in the contract's order. */
export function judgedParameters(set: WqLimitSet | undefined, order: readonly WqParameter[]): WqParameter[] {
  if (!set) return [];
  const judged = new Set(set.limits.map((l) => l.parameter));
  return order.filter((p) => judged.has(p));
}
