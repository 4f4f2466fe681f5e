import { WQ_PARAMETERS, type WqLimit, type WqParameter, wqLimitInputSchema } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { WQ_NATIONAL_SETS, WQ_PARAMETER_SEED, type WqSetSeed } from './water-quality-standards.ts';

/*
 * An independent transcription of the standards' tables, row by row, as the sources listed in the
 * header of water-quality-standards.ts give them: the row's label, its item number (null where the
 * table's numbering was not seen in a source), and each class's value. The seed must match it value
 * for value and cite the right table and item. Typed out again on purpose: not derived from the seed.
 */

// ——— GB 5749-2022 表1 生活饮用水水质常规指标及限值 (the rows the sets judge)

interface DrinkingRow {
  parameter: WqParameter;
  label: string;
  item: number | null;
  lower: number | null;
  upper: number | null;
}
const GB5749_T1: DrinkingRow[] = [
  { parameter: 'turbidity', label: '浑浊度', item: null, lower: null, upper: 1 },
  { parameter: 'ph', label: 'pH', item: null, lower: 6.5, upper: 8.5 },
  { parameter: 'codmn', label: '高锰酸盐指数', item: null, lower: null, upper: 3 },
  { parameter: 'nh3n', label: '氨（以N计）', item: null, lower: null, upper: 0.5 },
];

// ——— GB 5749-2022 表2 生活饮用水消毒剂常规指标及要求 (contact time, limit at outlet and tap, residuals)

interface DisinfectantRow {
  parameter: WqParameter;
  label: string;
  contactMin: number;
  limit: number;
  outletResidual: number;
  tapResidual: number;
}
const GB5749_T2: DisinfectantRow[] = [
  { parameter: 'chlorine_free', label: '游离氯', contactMin: 30, limit: 2, outletResidual: 0.3, tapResidual: 0.05 },
  { parameter: 'chlorine_total', label: '总氯', contactMin: 120, limit: 3, outletResidual: 0.5, tapResidual: 0.05 },
];

// ——— GB 18918-2002 表1 基本控制项目最高允许排放浓度（日均值）, mg/L; [>12 °C, ≤12 °C] for 氨氮; null = "—"

type Discharge = number | [number, number] | null;
interface DischargeRow {
  parameter: WqParameter;
  label: string;
  item: number;
  /** 一级A, 一级B, 二级, 三级 */
  classes: [Discharge, Discharge, Discharge, Discharge];
}
const GB18918_T1: DischargeRow[] = [
  { parameter: 'cod', label: '化学需氧量（COD）', item: 1, classes: [50, 60, 100, 120] },
  { parameter: 'bod5', label: '生化需氧量（BOD₅）', item: 2, classes: [10, 20, 30, 60] },
  { parameter: 'ss', label: '悬浮物（SS）', item: 3, classes: [10, 20, 30, 50] },
  { parameter: 'tn', label: '总氮（以N计）', item: 7, classes: [15, 20, null, null] },
  { parameter: 'nh3n', label: '氨氮（以N计）', item: 8, classes: [[5, 8], [8, 15], [25, 30], null] },
  // 2006年1月1日起建设的 (the row for plants built before reads 1, 1.5, 3, 5)
  { parameter: 'tp', label: '总磷（以P计）', item: 9, classes: [0.5, 1, 3, 5] },
];
const GB18918_PH = { item: 11, lower: 6, upper: 9 };
const GB18918_CODES = ['gb18918-1a', 'gb18918-1b', 'gb18918-2', 'gb18918-3'];

// ——— GB 3838-2002 表1 地表水环境质量标准基本项目标准限值, mg/L, classes I–V

type FiveValues = [number, number, number, number, number];
interface SurfaceRow {
  parameter: WqParameter;
  label: string;
  item: number;
  bound: 'lower' | 'upper';
  river: FiveValues | null;
  lake: FiveValues;
}
const GB3838_T1: SurfaceRow[] = [
  // I类 "饱和率90%（或7.5）"
  { parameter: 'do', label: '溶解氧', item: 3, bound: 'lower', river: [7.5, 6, 5, 3, 2], lake: [7.5, 6, 5, 3, 2] },
  {
    parameter: 'codmn',
    label: '高锰酸盐指数',
    item: 4,
    bound: 'upper',
    river: [2, 4, 6, 10, 15],
    lake: [2, 4, 6, 10, 15],
  },
  {
    parameter: 'cod',
    label: '化学需氧量',
    item: 5,
    bound: 'upper',
    river: [15, 15, 20, 30, 40],
    lake: [15, 15, 20, 30, 40],
  },
  {
    parameter: 'bod5',
    label: '五日生化需氧量',
    item: 6,
    bound: 'upper',
    river: [3, 3, 4, 6, 10],
    lake: [3, 3, 4, 6, 10],
  },
  {
    parameter: 'nh3n',
    label: '氨氮',
    item: 7,
    bound: 'upper',
    river: [0.15, 0.5, 1, 1.5, 2],
    lake: [0.15, 0.5, 1, 1.5, 2],
  },
  // 0.02（湖、库0.01） 0.1（湖、库0.025） 0.2（湖、库0.05） 0.3（湖、库0.1） 0.4（湖、库0.2）
  {
    parameter: 'tp',
    label: '总磷',
    item: 8,
    bound: 'upper',
    river: [0.02, 0.1, 0.2, 0.3, 0.4],
    lake: [0.01, 0.025, 0.05, 0.1, 0.2],
  },
  // 总氮（湖、库，以N计）
  { parameter: 'tn', label: '总氮', item: 9, bound: 'upper', river: null, lake: [0.2, 0.5, 1, 1.5, 2] },
];
const GB3838_PH = { item: 2, lower: 6, upper: 9 };

// ——— Methods' detection limits, from their scopes (null: a probe or a reading without one)

const MDL: Record<WqParameter, { mdl: number | null; method: string }> = {
  ph: { mdl: null, method: 'HJ 1147-2020' },
  turbidity: { mdl: 0.5, method: 'GB/T 5750.4-2023' },
  chlorine_free: { mdl: 0.01, method: 'GB/T 5750.11-2023' },
  chlorine_total: { mdl: 0.01, method: 'GB/T 5750.11-2023' },
  conductivity: { mdl: null, method: 'GB/T 5750.4-2023' },
  temperature: { mdl: null, method: 'GB 13195-91' },
  do: { mdl: null, method: 'HJ 506-2009' },
  cod: { mdl: 4, method: 'HJ 828-2017' },
  codmn: { mdl: 0.5, method: 'GB/T 11892-1989' },
  bod5: { mdl: 0.5, method: 'HJ 505-2009' },
  nh3n: { mdl: 0.025, method: 'HJ 535-2009' },
  tp: { mdl: 0.01, method: 'GB/T 11893-1989' },
  tn: { mdl: 0.05, method: 'HJ 636-2012' },
  ss: { mdl: 4, method: 'GB/T 11901-1989' },
};

// ——— helpers

function set(code: string): WqSetSeed {
  const s = WQ_NATIONAL_SETS.find((x) => x.code === code);
  if (!s) throw new Error(`no national set ${code}`);
  return s;
}
const limitsOf = (s: WqSetSeed, parameter: WqParameter) => s.limits.filter((l) => l.parameter === parameter);
function only(s: WqSetSeed, parameter: WqParameter): WqLimit {
  const ls = limitsOf(s, parameter);
  expect(ls, `${s.code} ${parameter}: one limit`).toHaveLength(1);
  return ls[0]!;
}
const bounds = (l: WqLimit) => ({ lower: l.lower, upper: l.upper, coldUpper: l.coldUpper });

describe('GB 5749-2022 sets against 表1 and 表2', () => {
  for (const [code, where] of [
    ['gb5749-outlet', 'outlet'],
    ['gb5749-tap', 'tap'],
  ] as const) {
    it(`${code}: 表1 rows`, () => {
      const s = set(code);
      for (const row of GB5749_T1) {
        const l = only(s, row.parameter);
        expect(bounds(l), `${code} ${row.label}`).toEqual({ lower: row.lower, upper: row.upper, coldUpper: null });
        expect(l.grade).toBeNull();
        expect(l.citation).toMatch(/^GB 5749-2022 表1 /);
        expect(l.citation).toContain(row.label);
      }
    });

    it(`${code}: 表2 disinfectants, limit and residual at the ${where}`, () => {
      const s = set(code);
      for (const row of GB5749_T2) {
        const l = only(s, row.parameter);
        const residual = where === 'outlet' ? row.outletResidual : row.tapResidual;
        expect(bounds(l), `${code} ${row.label}`).toEqual({ lower: residual, upper: row.limit, coldUpper: null });
        expect(l.citation).toMatch(/^GB 5749-2022 表2 /);
        expect(l.citation).toContain(row.label);
        expect(l.citation).toContain(`≥${row.contactMin} min`);
        expect(l.citation).toContain(`≤${row.limit}`);
        expect(l.citation).toContain(`${where === 'outlet' ? '出厂水' : '末梢水'}余量 ≥${residual}`);
      }
    });

    it(`${code}: judges exactly the transcribed rows`, () => {
      const expected = [...GB5749_T1, ...GB5749_T2].map((r) => r.parameter).sort();
      expect(
        set(code)
          .limits.map((l) => l.parameter)
          .sort(),
      ).toEqual(expected);
    });
  }
});

describe('GB 18918-2002 sets against 表1', () => {
  GB18918_CODES.forEach((code, column) => {
    it(`${code}: every row, value and item`, () => {
      const s = set(code);
      const expected: WqParameter[] = ['ph'];
      for (const row of GB18918_T1) {
        const v = row.classes[column]!;
        if (v === null) {
          expect(limitsOf(s, row.parameter), `${code} ${row.label} is "—"`).toHaveLength(0);
          continue;
        }
        expected.push(row.parameter);
        const l = only(s, row.parameter);
        const [warm, cold] = Array.isArray(v) ? v : [v, null];
        expect(bounds(l), `${code} ${row.label}`).toEqual({ lower: null, upper: warm, coldUpper: cold });
        expect(l.grade).toBeNull();
        expect(l.citation).toMatch(new RegExp(`^GB 18918-2002 表1 第${row.item}项 `));
        expect(l.citation).toContain(row.label);
      }
      const ph = only(s, 'ph');
      expect(bounds(ph)).toEqual({ lower: GB18918_PH.lower, upper: GB18918_PH.upper, coldUpper: null });
      expect(ph.citation).toMatch(new RegExp(`^GB 18918-2002 表1 第${GB18918_PH.item}项 pH`));
      expect(s.limits.map((l) => l.parameter).sort()).toEqual(expected.sort());
    });
  });

  it('NH3-N has both values, the cold one in brackets, in 一级A, 一级B and 二级; 三级 has none', () => {
    for (const code of ['gb18918-1a', 'gb18918-1b', 'gb18918-2']) {
      const l = only(set(code), 'nh3n');
      expect(l.upper).not.toBeNull();
      expect(l.coldUpper).not.toBeNull();
      expect(l.coldUpper!).toBeGreaterThan(l.upper!);
      expect(l.citation).toContain(`水温>12°C ${l.upper}`);
      expect(l.citation).toContain(`≤12°C ${l.coldUpper}`);
    }
    expect(limitsOf(set('gb18918-3'), 'nh3n')).toHaveLength(0);
  });

  it('TP is the row for plants built from 2006-01-01', () => {
    for (const code of GB18918_CODES) expect(only(set(code), 'tp').citation).toContain('2006年1月1日起建设');
  });

  it('class 3 COD and BOD5 say that note ① assesses high-strength influent by removal rate', () => {
    expect(only(set('gb18918-3'), 'cod').citation).toContain('注①');
    expect(only(set('gb18918-3'), 'bod5').citation).toContain('注①');
    expect(only(set('gb18918-1a'), 'cod').citation).not.toContain('注①');
  });
});

describe('GB 3838-2002 sets against 表1', () => {
  for (const [code, water] of [
    ['gb3838-river', 'river'],
    ['gb3838-lake', 'lake'],
  ] as const) {
    it(`${code}: every row, class by class, with its item`, () => {
      const s = set(code);
      for (const row of GB3838_T1) {
        const values = row[water];
        if (values === null) {
          expect(limitsOf(s, row.parameter), `${code} ${row.label} not judged`).toHaveLength(0);
          continue;
        }
        values.forEach((v, i) => {
          const grade = i + 1;
          const ls = limitsOf(s, row.parameter).filter((l) => l.grade === grade);
          expect(ls, `${code} ${row.label} class ${grade}`).toHaveLength(1);
          const l = ls[0]!;
          const want = row.bound === 'lower' ? { lower: v, upper: null } : { lower: null, upper: v };
          expect(bounds(l), `${code} ${row.label} class ${grade}`).toEqual({ ...want, coldUpper: null });
          expect(l.citation).toMatch(new RegExp(`^GB 3838-2002 表1 第${row.item}项 `));
          expect(l.citation).toContain(row.label);
          expect(l.citation).toContain(`${['I', 'II', 'III', 'IV', 'V'][i]}类`);
        });
      }
      for (let grade = 1; grade <= 5; grade++) {
        const ls = limitsOf(s, 'ph').filter((l) => l.grade === grade);
        expect(ls, `${code} pH class ${grade}`).toHaveLength(1);
        expect(bounds(ls[0]!)).toEqual({ lower: GB3838_PH.lower, upper: GB3838_PH.upper, coldUpper: null });
        expect(ls[0]!.citation).toMatch(new RegExp(`^GB 3838-2002 表1 第${GB3838_PH.item}项 pH`));
      }
    });

    it(`${code}: classes 1–5, once each, for every parameter it judges`, () => {
      const s = set(code);
      expect(s.graded).toBe(true);
      const parameters = [...new Set(s.limits.map((l) => l.parameter))];
      const transcribed = GB3838_T1.filter((r) => r[water] !== null).map((r) => r.parameter);
      expect(parameters.sort()).toEqual(['ph', ...transcribed].sort());
      for (const p of parameters) {
        expect(
          limitsOf(s, p)
            .map((l) => l.grade)
            .sort(),
          `${code} ${p}`,
        ).toEqual([1, 2, 3, 4, 5]);
      }
    });
  }

  it('class I dissolved oxygen cites "饱和率90%（或7.5）" and is taken as 7.5 mg/L', () => {
    const l = limitsOf(set('gb3838-river'), 'do').find((x) => x.grade === 1)!;
    expect(l.lower).toBe(7.5);
    expect(l.citation).toContain('饱和率90%');
  });
});

describe('every national limit', () => {
  const all = WQ_NATIONAL_SETS.flatMap((s) => s.limits.map((l) => ({ set: s, limit: l })));

  it('cites its standard and table, non-empty', () => {
    expect(all.length).toBeGreaterThan(0);
    for (const { set: s, limit } of all) {
      expect(limit.citation.trim()).not.toBe('');
      expect(limit.citation.startsWith(`${s.standard} 表`), `${s.code} ${limit.parameter}: ${limit.citation}`).toBe(
        true,
      );
      expect(limit.citation).toMatch(/^GB \d+-\d{4} 表\d /);
    }
  });

  it('is one a copy of its set may save again (the limit input’s rules, citation within its length)', () => {
    for (const { set: s, limit } of all) {
      const parsed = wqLimitInputSchema.safeParse(limit);
      expect(parsed.success, `${s.code} ${limit.parameter} ${limit.grade}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it('belongs to a set kind and grading that fit it, one limit per parameter and class', () => {
    for (const s of WQ_NATIONAL_SETS) {
      const keys = s.limits.map((l) => `${l.parameter}:${l.grade ?? ''}`);
      expect(new Set(keys).size, s.code).toBe(keys.length);
      for (const l of s.limits) expect(l.grade === null, `${s.code} ${l.parameter}`).toBe(!s.graded);
    }
    expect(WQ_NATIONAL_SETS.map((s) => s.code).sort()).toEqual(
      ['gb5749-outlet', 'gb5749-tap', ...GB18918_CODES, 'gb3838-river', 'gb3838-lake'].sort(),
    );
  });
});

describe('parameters: methods and detection limits', () => {
  it('one row per parameter, each with the transcribed method and MDL', () => {
    expect(WQ_PARAMETER_SEED.map((p) => p.code).sort()).toEqual([...WQ_PARAMETERS].sort());
    for (const p of WQ_PARAMETER_SEED) {
      expect(p.mdl, p.code).toBe(MDL[p.code].mdl);
      expect(p.method.startsWith(`${MDL[p.code].method} `), `${p.code}: ${p.method}`).toBe(true);
    }
  });

  it('no MDL lies above the strictest upper limit a national set applies, so a result below it can be judged', () => {
    // TP in lakes, class I (0.01), equals the MDL of GB/T 11893: a "<0.01" still meets it.
    for (const p of WQ_PARAMETER_SEED) {
      if (p.mdl === null) continue;
      const uppers = WQ_NATIONAL_SETS.flatMap((s) => limitsOf(s, p.code))
        .map((l) => l.upper)
        .filter((u): u is number => u !== null);
      if (uppers.length) expect(p.mdl, p.code).toBeLessThanOrEqual(Math.min(...uppers));
    }
  });
});
