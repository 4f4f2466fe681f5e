import type { Locale, WqLimit, WqParameter, WqSetKind } from '@water/contracts';

/**
 * The water-quality parameters and the national limit sets every installation starts with (issue 18).
 * Each limit cites the table of the standard that states it; `water-quality-standards.test.ts` holds
 * every value against a transcription of that table, row by row.
 *
 * Sources:
 * - GB 5749-2022 生活饮用水卫生标准: 表1 生活饮用水水质常规指标及限值; 表2 生活饮用水消毒剂常规指标及要求
 *   (free chlorine: contact ≥ 30 min, at most 2 mg/L at the outlet and the tap, at least 0.3 mg/L left at the
 *   outlet and 0.05 mg/L at the tap; total chlorine (chloramines): ≥ 120 min, at most 3, at least 0.5 and 0.05).
 * - GB 18918-2002 城镇污水处理厂污染物排放标准: 表1 基本控制项目最高允许排放浓度（日均值）, classes 一级 A,
 *   一级 B, 二级, 三级. NH3-N: the value outside the brackets applies above 12 °C, the bracketed one at or below.
 *   TP: the limits for plants built from 2006-01-01 (those built before have 1 / 1.5 / 3 / 5).
 * - GB 3838-2002 地表水环境质量标准: 表1 地表水环境质量标准基本项目标准限值, classes Ⅰ–Ⅴ. TP has tighter
 *   values for lakes and reservoirs (in brackets in the table); TN is judged for lakes and reservoirs only.
 *   Class I dissolved oxygen: "饱和率 90%（或 7.5）", taken as 7.5 mg/L.
 */

export interface WqParameterSeed {
  code: WqParameter;
  unit: string;
  /** Method-detection limit in the unit, or null (pH, temperature, conductivity, probes). */
  mdl: number | null;
  method: string;
  decimals: number;
}

export const WQ_PARAMETER_SEED: readonly WqParameterSeed[] = [
  { code: 'ph', unit: '', mdl: null, method: 'HJ 1147-2020 电极法', decimals: 2 },
  { code: 'turbidity', unit: 'NTU', mdl: 0.5, method: 'GB/T 5750.4-2023 散射法', decimals: 2 },
  { code: 'chlorine_free', unit: 'mg/L', mdl: 0.01, method: 'GB/T 5750.11-2023 DPD 分光光度法', decimals: 2 },
  { code: 'chlorine_total', unit: 'mg/L', mdl: 0.01, method: 'GB/T 5750.11-2023 DPD 分光光度法', decimals: 2 },
  { code: 'conductivity', unit: 'µS/cm', mdl: null, method: 'GB/T 5750.4-2023 电极法', decimals: 0 },
  { code: 'temperature', unit: '°C', mdl: null, method: 'GB 13195-91 温度计法', decimals: 1 },
  { code: 'do', unit: 'mg/L', mdl: null, method: 'HJ 506-2009 电化学探头法', decimals: 2 },
  { code: 'cod', unit: 'mg/L', mdl: 4, method: 'HJ 828-2017 重铬酸盐法', decimals: 1 },
  { code: 'codmn', unit: 'mg/L', mdl: 0.5, method: 'GB 11892-89 高锰酸盐指数', decimals: 2 },
  { code: 'bod5', unit: 'mg/L', mdl: 0.5, method: 'HJ 505-2009 稀释与接种法', decimals: 1 },
  { code: 'nh3n', unit: 'mg/L', mdl: 0.025, method: 'HJ 535-2009 纳氏试剂分光光度法', decimals: 3 },
  { code: 'tp', unit: 'mg/L', mdl: 0.01, method: 'GB 11893-89 钼酸铵分光光度法', decimals: 3 },
  { code: 'tn', unit: 'mg/L', mdl: 0.05, method: 'HJ 636-2012 碱性过硫酸钾消解紫外分光光度法', decimals: 2 },
  { code: 'ss', unit: 'mg/L', mdl: 4, method: 'GB 11901-89 重量法', decimals: 0 },
];

export interface WqSetSeed {
  code: string;
  kind: WqSetKind;
  standard: string;
  graded: boolean;
  name: Record<Locale, string>;
  description: Record<Locale, string>;
  limits: WqLimit[];
}

const lim = (
  parameter: WqParameter,
  lower: number | null,
  upper: number | null,
  citation: string,
  extra: Partial<Pick<WqLimit, 'grade' | 'coldUpper'>> = {},
): WqLimit => ({ parameter, grade: extra.grade ?? null, lower, upper, coldUpper: extra.coldUpper ?? null, citation });

// ——— GB 5749-2022

const G5749_T1 = 'GB 5749-2022 表1';
const G5749_T2 = 'GB 5749-2022 表2';
const drinkingCommon = [
  lim('ph', 6.5, 8.5, `${G5749_T1} pH`),
  lim('turbidity', null, 1, `${G5749_T1} 浑浊度`),
  lim('codmn', null, 3, `${G5749_T1} 高锰酸盐指数（以O₂计）`),
  lim('nh3n', null, 0.5, `${G5749_T1} 氨（以N计）`),
];

const gb5749Outlet: WqSetSeed = {
  code: 'gb5749-outlet',
  kind: 'drinking',
  standard: 'GB 5749-2022',
  graded: false,
  name: { 'zh-CN': 'GB 5749-2022 出厂水', 'en-US': 'GB 5749-2022, plant outlet' },
  description: {
    'zh-CN': '生活饮用水卫生标准：常规指标（表1）与消毒剂出厂水限值及余量（表2）',
    'en-US': 'Drinking water: routine indicators (Table 1), disinfectant limits and residuals at the outlet (Table 2)',
  },
  limits: [
    ...drinkingCommon,
    lim('chlorine_free', 0.3, 2, `${G5749_T2} 游离氯：出厂水限值 ≤2，出厂水余量 ≥0.3`),
    lim('chlorine_total', 0.5, 3, `${G5749_T2} 总氯：出厂水限值 ≤3，出厂水余量 ≥0.5`),
  ],
};

const gb5749Tap: WqSetSeed = {
  code: 'gb5749-tap',
  kind: 'drinking',
  standard: 'GB 5749-2022',
  graded: false,
  name: { 'zh-CN': 'GB 5749-2022 末梢水', 'en-US': 'GB 5749-2022, tap (network end)' },
  description: {
    'zh-CN': '生活饮用水卫生标准：常规指标（表1）与消毒剂末梢水限值及余量（表2）',
    'en-US': 'Drinking water: routine indicators (Table 1), disinfectant limits and residuals at the tap (Table 2)',
  },
  limits: [
    ...drinkingCommon,
    lim('chlorine_free', 0.05, 2, `${G5749_T2} 游离氯：末梢水限值 ≤2，末梢水余量 ≥0.05`),
    lim('chlorine_total', 0.05, 3, `${G5749_T2} 总氯：末梢水限值 ≤3，末梢水余量 ≥0.05`),
  ],
};

// ——— GB 18918-2002, Table 1 (items: 1 COD, 2 BOD5, 3 SS, 7 TN, 8 NH3-N, 9 TP, 11 pH)

const G18918 = 'GB 18918-2002 表1';
function gb18918(
  code: string,
  zh: string,
  en: string,
  v: { cod: number; bod5: number; ss: number; tn: number | null; nh3n: [number, number] | null; tp: number },
): WqSetSeed {
  return {
    code,
    kind: 'wastewater',
    standard: 'GB 18918-2002',
    graded: false,
    name: { 'zh-CN': `GB 18918-2002 ${zh}`, 'en-US': `GB 18918-2002, ${en}` },
    description: {
      'zh-CN': `城镇污水处理厂污染物排放标准 ${zh}标准：基本控制项目最高允许排放浓度（日均值）`,
      'en-US': `Urban wastewater treatment plant discharge, ${en}: basic control items, daily average maxima`,
    },
    limits: [
      lim('cod', null, v.cod, `${G18918} 第1项 化学需氧量（COD）`),
      lim('bod5', null, v.bod5, `${G18918} 第2项 生化需氧量（BOD₅）`),
      lim('ss', null, v.ss, `${G18918} 第3项 悬浮物（SS）`),
      ...(v.tn === null ? [] : [lim('tn', null, v.tn, `${G18918} 第7项 总氮（以N计）`)]),
      ...(v.nh3n === null
        ? []
        : [
            lim('nh3n', null, v.nh3n[0], `${G18918} 第8项 氨氮（以N计）：水温>12℃ ${v.nh3n[0]}，≤12℃ ${v.nh3n[1]}`, {
              coldUpper: v.nh3n[1],
            }),
          ]),
      lim('tp', null, v.tp, `${G18918} 第9项 总磷（以P计），2006年1月1日起建设的`),
      lim('ph', 6, 9, `${G18918} 第11项 pH`),
    ],
  };
}

const gb18918Sets = [
  gb18918('gb18918-1a', '一级A', 'class 1-A', { cod: 50, bod5: 10, ss: 10, tn: 15, nh3n: [5, 8], tp: 0.5 }),
  gb18918('gb18918-1b', '一级B', 'class 1-B', { cod: 60, bod5: 20, ss: 20, tn: 20, nh3n: [8, 15], tp: 1 }),
  gb18918('gb18918-2', '二级', 'class 2', { cod: 100, bod5: 30, ss: 30, tn: null, nh3n: [25, 30], tp: 3 }),
  gb18918('gb18918-3', '三级', 'class 3', { cod: 120, bod5: 60, ss: 50, tn: null, nh3n: null, tp: 5 }),
];

// ——— GB 3838-2002, Table 1 (items: 2 pH, 3 DO, 4 CODMn, 5 COD, 6 BOD5, 7 NH3-N, 8 TP, 9 TN)

const G3838 = 'GB 3838-2002 表1';
type Five = [number, number, number, number, number];
const ROMAN = ['Ⅰ', 'Ⅱ', 'Ⅲ', 'Ⅳ', 'Ⅴ'];
function graded(parameter: WqParameter, bound: 'lower' | 'upper', values: Five, item: string): WqLimit[] {
  return values.map((v, i) =>
    lim(parameter, bound === 'lower' ? v : null, bound === 'upper' ? v : null, `${G3838} ${item} ${ROMAN[i]}类`, {
      grade: i + 1,
    }),
  );
}
const phAllGrades = [1, 2, 3, 4, 5].map((g) => lim('ph', 6, 9, `${G3838} 第2项 pH（无量纲）`, { grade: g }));
const surfaceCommon = [
  ...phAllGrades,
  ...graded('do', 'lower', [7.5, 6, 5, 3, 2], '第3项 溶解氧 ≥'),
  ...graded('codmn', 'upper', [2, 4, 6, 10, 15], '第4项 高锰酸盐指数 ≤'),
  ...graded('cod', 'upper', [15, 15, 20, 30, 40], '第5项 化学需氧量（COD）≤'),
  ...graded('bod5', 'upper', [3, 3, 4, 6, 10], '第6项 五日生化需氧量（BOD₅）≤'),
  ...graded('nh3n', 'upper', [0.15, 0.5, 1.0, 1.5, 2.0], '第7项 氨氮（NH₃-N）≤'),
];

const gb3838River: WqSetSeed = {
  code: 'gb3838-river',
  kind: 'surface',
  standard: 'GB 3838-2002',
  graded: true,
  name: { 'zh-CN': 'GB 3838-2002 地表水（河流）', 'en-US': 'GB 3838-2002, surface water (rivers)' },
  description: {
    'zh-CN': '地表水环境质量标准基本项目Ⅰ–Ⅴ类限值；断面类别按最差指标确定',
    'en-US': 'Surface water quality, basic items, classes I–V; a section’s class is its worst parameter’s',
  },
  limits: [...surfaceCommon, ...graded('tp', 'upper', [0.02, 0.1, 0.2, 0.3, 0.4], '第8项 总磷（以P计）≤')],
};

const gb3838Lake: WqSetSeed = {
  code: 'gb3838-lake',
  kind: 'surface',
  standard: 'GB 3838-2002',
  graded: true,
  name: { 'zh-CN': 'GB 3838-2002 地表水（湖、库）', 'en-US': 'GB 3838-2002, surface water (lakes, reservoirs)' },
  description: {
    'zh-CN': '地表水环境质量标准基本项目Ⅰ–Ⅴ类限值，总磷取湖、库值，并评价总氮',
    'en-US': 'Surface water quality, classes I–V, with the lake and reservoir phosphorus limits and total nitrogen',
  },
  limits: [
    ...surfaceCommon,
    ...graded('tp', 'upper', [0.01, 0.025, 0.05, 0.1, 0.2], '第8项 总磷（以P计）湖、库 ≤'),
    ...graded('tn', 'upper', [0.2, 0.5, 1.0, 1.5, 2.0], '第9项 总氮（湖、库，以N计）≤'),
  ],
};

export const WQ_NATIONAL_SETS: readonly WqSetSeed[] = [
  gb5749Outlet,
  gb5749Tap,
  ...gb18918Sets,
  gb3838River,
  gb3838Lake,
];

/** A national set's name in a language, by its code (the table keeps the row's own name for copies). */
export function nationalSetName(code: string, locale: Locale): string | null {
  return WQ_NATIONAL_SETS.find((s) => s.code === code)?.name[locale] ?? null;
}
