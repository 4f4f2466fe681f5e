import { describe, expect, it } from 'vitest';
import {
  judgeWaterQuality,
  siteClassOf,
  siteGrade,
  WQ_COLD_WATER_MAX_C,
  WQ_GRADE_WORSE_THAN_V,
  type WqJudgeInput,
  type WqLimit,
  type WqParameter,
} from './water-quality.ts';

const limit = (
  parameter: WqParameter,
  lower: number | null,
  upper: number | null,
  extra: Partial<Pick<WqLimit, 'grade' | 'coldUpper' | 'citation'>> = {},
): WqLimit => ({
  parameter,
  grade: extra.grade ?? null,
  lower,
  upper,
  coldUpper: extra.coldUpper ?? null,
  citation: extra.citation ?? `${parameter} cited`,
});

const judge = (limits: WqLimit[], value: number, more: Partial<Omit<WqJudgeInput, 'limits' | 'value'>> = {}) =>
  judgeWaterQuality({ value, limits, belowDetection: false, targetGrade: null, temperature: null, ...more });

/** GB 3838-2002 表1 classes I–V for one parameter. */
const classes = (parameter: WqParameter, bound: 'lower' | 'upper', values: number[]): WqLimit[] =>
  values.map((v, i) =>
    limit(parameter, bound === 'lower' ? v : null, bound === 'upper' ? v : null, {
      grade: i + 1,
      citation: `GB 3838-2002 表1 ${parameter} ${i + 1}`,
    }),
  );
const NH3N_3838 = classes('nh3n', 'upper', [0.15, 0.5, 1.0, 1.5, 2.0]);
const DO_3838 = classes('do', 'lower', [7.5, 6, 5, 3, 2]);
const TP_LAKE = classes('tp', 'upper', [0.01, 0.025, 0.05, 0.1, 0.2]);
const PH_3838 = [1, 2, 3, 4, 5].map((g) => limit('ph', 6, 9, { grade: g }));

describe('siteGrade: a site is as good as its worst parameter', () => {
  it('takes the worst class among the parameters', () => {
    expect(siteGrade([2, 4, 1])).toBe(4);
    expect(siteGrade([1, 1, 1])).toBe(1);
  });

  it('one parameter worse than V makes the site worse than V', () => {
    expect(siteGrade([1, WQ_GRADE_WORSE_THAN_V, 3])).toBe(WQ_GRADE_WORSE_THAN_V);
  });

  it('ignores parameters without a class, and has none without any', () => {
    expect(siteGrade([null, 3, null])).toBe(3);
    expect(siteGrade([null, null])).toBeNull();
    expect(siteGrade([])).toBeNull();
  });

  it('composes with the judgement: the class of each value, the worst wins', () => {
    const grades = [
      judge(NH3N_3838, 0.4, { targetGrade: 3 }).grade, // II
      judge(DO_3838, 4, { targetGrade: 3 }).grade, // IV
      judge(PH_3838, 7.2, { targetGrade: 3 }).grade, // I
    ];
    expect(grades).toEqual([2, 4, 1]);
    expect(siteGrade(grades)).toBe(4);
  });
});

describe('two-sided ranges (pH 6–9)', () => {
  const ph = [limit('ph', 6, 9)];

  it('6 and 9 comply: the bounds are inclusive', () => {
    expect(judge(ph, 6).verdict).toBe('compliant');
    expect(judge(ph, 9).verdict).toBe('compliant');
    expect(judge(ph, 7.4).verdict).toBe('compliant');
  });

  it('5.9 and 9.1 exceed, each against its own side', () => {
    const low = judge(ph, 5.9);
    expect(low.verdict).toBe('exceeding');
    expect(low.exceedance).toBeCloseTo((6 - 5.9) / 6, 4);
    const high = judge(ph, 9.1);
    expect(high.verdict).toBe('exceeding');
    expect(high.exceedance).toBeCloseTo((9.1 - 9) / 9, 4);
  });

  it('reports both bounds and the citation that applied', () => {
    expect(judge(ph, 9.1)).toMatchObject({ lower: 6, upper: 9, citation: 'ph cited', grade: null });
  });
});

describe('lower bounds (≥): dissolved oxygen, residual chlorine', () => {
  const chlorineOutlet = [limit('chlorine_free', 0.3, 2)];

  it('on the bound complies, below it exceeds', () => {
    expect(judge(chlorineOutlet, 0.3).verdict).toBe('compliant');
    const low = judge(chlorineOutlet, 0.2);
    expect(low.verdict).toBe('exceeding');
    expect(low.exceedance).toBeCloseTo((0.3 - 0.2) / 0.3, 4);
  });

  it('residual chlorine also has its upper limit', () => {
    expect(judge(chlorineOutlet, 2).verdict).toBe('compliant');
    expect(judge(chlorineOutlet, 2.5).verdict).toBe('exceeding');
  });

  it('dissolved oxygen on a class bound meets that class', () => {
    expect(judge(DO_3838, 5, { targetGrade: 3 })).toMatchObject({ verdict: 'compliant', grade: 3 });
    expect(judge(DO_3838, 4.99, { targetGrade: 3 })).toMatchObject({ verdict: 'exceeding', grade: 4 });
  });
});

describe('NH3-N temperature rule (GB 18918-2002 表1 note ②)', () => {
  const oneA = [limit('nh3n', null, 5, { coldUpper: 8 })];

  it('1-A: 7 mg/L complies at 10 °C, against the bracketed 8', () => {
    expect(judge(oneA, 7, { temperature: 10 })).toMatchObject({ verdict: 'compliant', upper: 8, coldApplied: true });
  });

  it('1-A: 7 mg/L exceeds at 15 °C, against 5', () => {
    const j = judge(oneA, 7, { temperature: 15 });
    expect(j).toMatchObject({ verdict: 'exceeding', upper: 5, coldApplied: false });
    expect(j.exceedance).toBeCloseTo(0.4, 4);
  });

  it('1-A: 7 mg/L exceeds with the temperature unknown (the stricter value applies)', () => {
    expect(judge(oneA, 7, { temperature: null })).toMatchObject({ verdict: 'exceeding', upper: 5, coldApplied: false });
  });

  it('12 °C exactly uses the bracketed value; just above it does not', () => {
    expect(WQ_COLD_WATER_MAX_C).toBe(12);
    expect(judge(oneA, 7, { temperature: 12 })).toMatchObject({ verdict: 'compliant', upper: 8, coldApplied: true });
    expect(judge(oneA, 7, { temperature: 12.1 })).toMatchObject({ verdict: 'exceeding', upper: 5 });
  });

  it('the exceedance is measured against the value that applied', () => {
    expect(judge(oneA, 10, { temperature: 5 }).exceedance).toBeCloseTo(0.25, 10);
  });

  it('a limit without a cold value ignores the temperature', () => {
    expect(judge([limit('nh3n', null, 0.5)], 0.6, { temperature: 4 })).toMatchObject({
      verdict: 'exceeding',
      upper: 0.5,
      coldApplied: false,
    });
  });
});

describe('below detection ("<MDL": the value given is the MDL)', () => {
  const nd = { belowDetection: true };

  it('an upper bound above the MDL: compliant, without an exceedance', () => {
    expect(judge([limit('nh3n', null, 0.5)], 0.025, nd)).toMatchObject({ verdict: 'compliant', exceedance: null });
  });

  it('an MDL equal to the upper bound: compliant (the true value is below it)', () => {
    expect(judge([limit('tp', null, 0.01)], 0.01, nd).verdict).toBe('compliant');
  });

  it('an MDL above the upper bound: unjudged, saying why, with the limit that applied', () => {
    expect(judge([limit('cod', null, 15)], 16, nd)).toMatchObject({
      verdict: 'unjudged',
      unjudgedReason: 'detection_above_limit',
      upper: 15,
      citation: 'cod cited',
      exceedance: null,
    });
  });

  it('a lower bound with the MDL at or below it: exceeding (the true value is below the bound)', () => {
    const tap = [limit('chlorine_free', 0.05, 2)];
    expect(judge(tap, 0.05, nd).verdict).toBe('exceeding');
    expect(judge(tap, 0.01, nd).verdict).toBe('exceeding');
  });

  it('a lower bound under the MDL: unjudged (the true value may be on either side)', () => {
    expect(judge([limit('chlorine_free', 0.05, 2)], 0.1, nd)).toMatchObject({
      verdict: 'unjudged',
      unjudgedReason: 'detection_above_limit',
    });
  });

  it('the cold-water limit decides for NH3-N too', () => {
    const oneB = [limit('nh3n', null, 8, { coldUpper: 15 })];
    expect(judge(oneB, 10, { ...nd, temperature: 20 }).verdict).toBe('unjudged');
    expect(judge(oneB, 10, { ...nd, temperature: 8 }).verdict).toBe('compliant');
  });

  it('graded: the best class the MDL proves, and compliant when the target is met', () => {
    // "<0.02" TP in a lake: class I (≤0.01) cannot be told, class II (≤0.025) is certain.
    expect(judge(TP_LAKE, 0.02, { ...nd, targetGrade: 3 })).toMatchObject({
      verdict: 'compliant',
      unjudgedReason: null,
      grade: 2,
      upper: 0.05,
    });
    expect(judge(NH3N_3838, 0.025, { ...nd, targetGrade: 2 })).toMatchObject({ verdict: 'compliant', grade: 1 });
  });

  it('graded: unjudged when the target class itself cannot be told', () => {
    expect(judge(TP_LAKE, 0.02, { ...nd, targetGrade: 1 })).toMatchObject({
      verdict: 'unjudged',
      unjudgedReason: 'detection_above_limit',
      grade: null,
      upper: 0.01,
    });
  });
});

describe('graded sets (GB 3838-2002 classes I–V)', () => {
  it("a value's class is the best class whose limit it meets", () => {
    expect(judge(NH3N_3838, 0.1, { targetGrade: 3 }).grade).toBe(1);
    expect(judge(NH3N_3838, 0.15, { targetGrade: 3 }).grade).toBe(1);
    expect(judge(NH3N_3838, 0.16, { targetGrade: 3 }).grade).toBe(2);
    expect(judge(NH3N_3838, 1.2, { targetGrade: 3 }).grade).toBe(4);
    expect(judge(NH3N_3838, 2.0, { targetGrade: 3 }).grade).toBe(5);
  });

  it('classes sharing a value (COD I and II are both 15) give the better class', () => {
    expect(judge(classes('cod', 'upper', [15, 15, 20, 30, 40]), 15, { targetGrade: 3 }).grade).toBe(1);
  });

  it('worse than class V is class 6', () => {
    expect(judge(NH3N_3838, 2.01, { targetGrade: 3 }).grade).toBe(WQ_GRADE_WORSE_THAN_V);
    expect(judge(DO_3838, 1.5, { targetGrade: 5 })).toMatchObject({
      grade: WQ_GRADE_WORSE_THAN_V,
      verdict: 'exceeding',
    });
    expect(judge(PH_3838, 9.5, { targetGrade: 3 }).grade).toBe(WQ_GRADE_WORSE_THAN_V);
  });

  it('complies when its class is the target class or better, and reports the target class’s limit', () => {
    expect(judge(NH3N_3838, 0.8, { targetGrade: 3 })).toMatchObject({
      verdict: 'compliant',
      grade: 3,
      upper: 1.0,
      lower: null,
      exceedance: null,
      citation: 'GB 3838-2002 表1 nh3n 3',
    });
    expect(judge(NH3N_3838, 0.1, { targetGrade: 3 })).toMatchObject({ verdict: 'compliant', grade: 1, upper: 1.0 });
  });

  it('exceeds when its class is worse than the target, measured against the target class', () => {
    const j = judge(NH3N_3838, 1.2, { targetGrade: 3 });
    expect(j).toMatchObject({ verdict: 'exceeding', grade: 4, upper: 1.0 });
    expect(j.exceedance).toBeCloseTo(0.2, 4);
  });

  it('dissolved oxygen is a lower bound in every class', () => {
    expect(judge(DO_3838, 8, { targetGrade: 2 })).toMatchObject({ verdict: 'compliant', grade: 1 });
    expect(judge(DO_3838, 7.5, { targetGrade: 2 }).grade).toBe(1);
    expect(judge(DO_3838, 6, { targetGrade: 2 })).toMatchObject({ verdict: 'compliant', grade: 2 });
    const low = judge(DO_3838, 4, { targetGrade: 2 });
    expect(low).toMatchObject({ verdict: 'exceeding', grade: 4, lower: 6, upper: null });
    expect(low.exceedance).toBeCloseTo((6 - 4) / 6, 4);
  });

  it('without a target class the value still gets its class, but no verdict', () => {
    expect(judge(NH3N_3838, 0.4, { targetGrade: null })).toMatchObject({
      verdict: 'unjudged',
      unjudgedReason: 'no_limit',
      grade: 2,
    });
  });
});

describe('exceedance (超标倍数)', () => {
  it('is (value − upper) / upper above an upper bound', () => {
    expect(judge([limit('cod', null, 50)], 75).exceedance).toBeCloseTo(0.5, 10);
    expect(judge([limit('cod', null, 50)], 150).exceedance).toBeCloseTo(2, 10);
  });

  it('is null when compliant, and when the bound is 0', () => {
    expect(judge([limit('cod', null, 50)], 50).exceedance).toBeNull();
    expect(judge([limit('cod', null, 0)], 1)).toMatchObject({ verdict: 'exceeding', exceedance: null });
  });
});

describe('no limit', () => {
  it('a parameter the set does not judge is unjudged, "no_limit"', () => {
    expect(judge([], 123)).toEqual({
      verdict: 'unjudged',
      unjudgedReason: 'no_limit',
      grade: null,
      lower: null,
      upper: null,
      coldApplied: false,
      exceedance: null,
      citation: null,
    });
  });
});

describe('siteClassOf', () => {
  it('leaves a lake’s total nitrogen out of its class (assessed on its own), not a river’s other parameters', () => {
    const values = [
      { parameter: 'do' as const, grade: 2 },
      { parameter: 'tn' as const, grade: 5 },
      { parameter: 'tp' as const, grade: 3 },
    ];
    expect(siteClassOf('lake', values)).toBe(3);
    expect(siteClassOf('river', values)).toBe(5);
  });
});

describe('exceedance', () => {
  it('is rounded to four decimals', () => {
    const j = judgeWaterQuality({
      value: 0.6,
      belowDetection: false,
      limits: [{ parameter: 'tp', grade: null, lower: null, upper: 0.5, coldUpper: null, citation: 'x' }],
      targetGrade: null,
      temperature: null,
    });
    expect(j.exceedance).toBe(0.2);
  });
});
