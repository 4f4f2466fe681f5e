import type { Locale, WqLimit, WqParameter, WqSetKind } from '@water/contracts';

/**
 * The water-quality parameters and the national limit sets every installation starts with (issue 18).
 * Each limit cites the table (and, where the table numbers its rows, the item) of the standard that
 * states it; `water-quality-standards.test.ts` holds every value against an independent transcription
 * of that table, row by row.
 *
 * What was checked against what (2026-11, from stored copies of public pages; the standards' own PDFs
 * were not readable here, so each value rests on transcriptions that agree with each other):
 *
 * - GB 5749-2022 生活饮用水卫生标准. The foreword (jianbiaoku, http://m.jianbiaoku.com/webarbs/book/168489/4795048.shtml):
 *   97 indicators, 43 routine (常规) and 54 extended; 耗氧量 renamed 高锰酸盐指数（以O₂计）, 氨氮 renamed
 *   氨（以N计）; limits changed for 浑浊度, 高锰酸盐指数 and 游离氯 among eight. 表2 is 生活饮用水消毒剂常规指标
 *   及要求 and 表3 the extended indicators (http://zhengshunda.com/news/law/2023/0331/68.html).
 *   表1 生活饮用水水质常规指标及限值: pH 不小于6.5且不大于8.5, 浑浊度 1 NTU, 高锰酸盐指数 3 mg/L, 氨 0.5 mg/L,
 *   as a public transcription of the 2022 routine list gives them (github code: a Go constants file listing
 *   色度 … 总硬度, 高锰酸盐指数 3, 氨（以N计） 0.5); a lab-import template of the 2022 routine list puts
 *   氨（以N计） among the routine indicators (and no longer 硒, 四氯化碳, 挥发酚类), so 氨 is in 表1 of the 2022
 *   edition (in 2006 it was 氨氮 in the non-routine 表3); 高锰酸盐指数 ≤3 and 浑浊度 ≤1 also on a utility's
 *   2022 report (舒城县自来水, pages corpus). pH 6.5–8.5 and 浑浊度 1 are unchanged from 2006 (several 2006
 *   transcriptions: jsgfjc01.b2b168.com/s214272899.html, baiwen3.com/answer/173597.html).
 *   表2: free chlorine (液氯、次氯酸钠、次氯酸钙), contact ≥ 30 min, at most 2 mg/L at outlet and tap, at least
 *   0.3 left at the outlet and 0.05 at the tap (https://www.hxw5.com/news/645.html; the Shucheng report:
 *   "出厂水中游离氯≥0.30且≤2"); total chlorine (chloramines), contact ≥ 120 min, at most 3 mg/L (hxw5). The
 *   total-chlorine residuals 0.5 (outlet) and 0.05 (tap) were not seen in a 2022 source: they are 2006's
 *   一氯胺（总氯） values, and the 2022 foreword does not list total chlorine among the changed limits.
 *   Not confirmed: 表1's row numbers (no source showed them), so the drinking citations name the row only.
 *   Not applied: the relaxed turbidity for small supplies limited by source and treatment (3 NTU), a
 *   utility's plant and network being centralized supply.
 * - GB 18918-2002 城镇污水处理厂污染物排放标准, 表1 基本控制项目最高允许排放浓度（日均值）. Items 1 COD
 *   50/60/100/120, 2 BOD₅ 10/20/30/60, 3 SS 10/20/30/50, 7 总氮 15/20/—/— with their item numbers
 *   (https://wanglu.net/thread/t12-303798-1.html, a text copy of the standard, 4.1.2 and 表1 rows 1–7);
 *   氨氮 5(8)/8(15)/25(30)/—, 总磷 0.5/1/3/5 for plants built from 2006-01-01 (1/1.5/3/5 before), pH 6–9
 *   (https://360docs.net/doc/4818417716.html, https://www.ryyc.cn/wenku/rdaac/Q2KN6reGmX). The rule for
 *   the brackets (outside: water > 12 °C, inside: ≤ 12 °C) is the table's note ②; its wording was not
 *   seen verbatim in a stored source, but every transcription and the code that uses the table reads it
 *   so ("一级A … 氨氮 ≤5 mg/L（水温>12°C）").
 *   Items 8 氨氮, 9 总磷, 11 pH follow the table's order (8 氨氮, 9 总磷, 10 色度, 11 pH, 12 粪大肠菌群数); the
 *   numbers 8–12 themselves were not seen in a source. Class 3's COD and BOD₅ carry note ①: with influent
 *   COD > 350 mg/L (BOD₅ > 160) the removal rate is assessed instead (> 60 %, > 50 %), which a concentration
 *   limit cannot express; the citation says so. Official text: https://www.mee.gov.cn/ywgz/fgbz/bz/bzwb/shjbh/swrwpfbz/200307/t20030701_66529.shtml.
 * - GB 3838-2002 地表水环境质量标准, 表1 地表水环境质量标准基本项目标准限值, classes I–V, items and values
 *   agreeing in three transcriptions (https://g230.com/9327769.html, http://www.r-can.com.cn/r-can_Affiche_10862570.html,
 *   and rows 6–24 of http://www.tezngx.com/yggc/43955.htm, which misprints I类 氨氮 as 0.015 where the
 *   other two read 0.15): 2 pH 6–9; 3 溶解氧 ≥ 饱和率
 *   90%（或7.5）/6/5/3/2, class I taken as 7.5 mg/L; 4 高锰酸盐指数 2/4/6/10/15; 5 COD 15/15/20/30/40;
 *   6 BOD₅ 3/3/4/6/10; 7 氨氮 0.15/0.5/1.0/1.5/2.0; 8 总磷 0.02/0.1/0.2/0.3/0.4, lakes and reservoirs
 *   0.01/0.025/0.05/0.1/0.2; 9 总氮（湖、库，以N计） 0.2/0.5/1.0/1.5/2.0, judged for lakes and reservoirs only.
 *
 * Methods and detection limits (`WQ_PARAMETER_SEED`):
 * - HJ 828-2017 COD 4 mg/L (10.0 ml sample; https://m.bzxz.net/bzxz/179016.html, https://www.chinesestandard.net/PDF/BOOK.aspx/HJ828-2017).
 * - GB/T 11893-1989 TP 0.01 mg/L (25 ml sample; https://codeofchina.com/standard/GBT11893-1989.html). Issued as
 *   GB 11893-89, recommended (GB/T) since the 2017 conversion; likewise GB/T 11892-1989 and GB/T 11901-1989.
 * - GB/T 11892-1989 permanganate index: no detection limit stated; its range starts at 0.5 mg/L
 *   (https://www.chinesestandard.net/PDF.aspx/GBT11892-1989), taken as the MDL.
 * - GB/T 11901-1989 SS gravimetric: no detection limit stated in its scope (http://m.rckbppgf.cn/ccdup-Article-754420);
 *   4 mg/L is the value laboratories report with it, kept, not confirmed from the standard.
 * - GB/T 5750.11-2023 free and total chlorine, DPD spectrophotometry: 0.01 mg/L with 10 ml
 *   (https://www.mbiosh.com/bzfg/gjbz/2527.html, 4.1.1).
 * - Not confirmed from a source, kept from the methods' scopes as recalled: HJ 535-2009 NH₃-N 0.025 mg/L
 *   (50 ml, 20 mm cell), HJ 636-2012 TN 0.05 mg/L (10 ml), HJ 505-2009 BOD₅ 0.5 mg/L, GB/T 5750.4-2023
 *   turbidity 0.5 NTU (scattering, formazine). The method titles were checked (HJ 505/506-2009 in the
 *   2009 announcement, http://jinmi8.com/doc/13088/44662; HJ 636-2012 https://chinesestandard.us/products/hj636-2012).
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
  { code: 'turbidity', unit: 'NTU', mdl: 0.5, method: 'GB/T 5750.4-2023 散射法-福尔马肼标准', decimals: 2 },
  { code: 'chlorine_free', unit: 'mg/L', mdl: 0.01, method: 'GB/T 5750.11-2023 DPD 分光光度法', decimals: 2 },
  { code: 'chlorine_total', unit: 'mg/L', mdl: 0.01, method: 'GB/T 5750.11-2023 DPD 分光光度法', decimals: 2 },
  { code: 'conductivity', unit: 'µS/cm', mdl: null, method: 'GB/T 5750.4-2023 电极法', decimals: 0 },
  { code: 'temperature', unit: '°C', mdl: null, method: 'GB 13195-91 温度计法', decimals: 1 },
  { code: 'do', unit: 'mg/L', mdl: null, method: 'HJ 506-2009 电化学探头法', decimals: 2 },
  { code: 'cod', unit: 'mg/L', mdl: 4, method: 'HJ 828-2017 重铬酸盐法', decimals: 1 },
  { code: 'codmn', unit: 'mg/L', mdl: 0.5, method: 'GB/T 11892-1989 高锰酸盐指数（酸性法）', decimals: 2 },
  { code: 'bod5', unit: 'mg/L', mdl: 0.5, method: 'HJ 505-2009 稀释与接种法', decimals: 1 },
  { code: 'nh3n', unit: 'mg/L', mdl: 0.025, method: 'HJ 535-2009 纳氏试剂分光光度法', decimals: 3 },
  { code: 'tp', unit: 'mg/L', mdl: 0.01, method: 'GB/T 11893-1989 钼酸铵分光光度法', decimals: 3 },
  { code: 'tn', unit: 'mg/L', mdl: 0.05, method: 'HJ 636-2012 碱性过硫酸钾消解紫外分光光度法', decimals: 2 },
  { code: 'ss', unit: 'mg/L', mdl: 4, method: 'GB/T 11901-1989 重量法', decimals: 0 },
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
  lim('ph', 6.5, 8.5, `${G5749_T1} pH（不小于6.5且不大于8.5）`),
  lim('turbidity', null, 1, `${G5749_T1} 浑浊度（散射浑浊度单位）/NTU`),
  lim('codmn', null, 3, `${G5749_T1} 高锰酸盐指数（以O₂计）`),
  lim('nh3n', null, 0.5, `${G5749_T1} 氨（以N计）`),
];
const FREE_CL = `${G5749_T2} 游离氯（与水接触≥30 min）：出厂水和末梢水限值 ≤2`;
const TOTAL_CL = `${G5749_T2} 总氯（与水接触≥120 min）：出厂水和末梢水限值 ≤3`;

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
    lim('chlorine_free', 0.3, 2, `${FREE_CL}，出厂水余量 ≥0.3`),
    lim('chlorine_total', 0.5, 3, `${TOTAL_CL}，出厂水余量 ≥0.5`),
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
    lim('chlorine_free', 0.05, 2, `${FREE_CL}，末梢水余量 ≥0.05`),
    lim('chlorine_total', 0.05, 3, `${TOTAL_CL}，末梢水余量 ≥0.05`),
  ],
};

// ——— GB 18918-2002, Table 1 (items: 1 COD, 2 BOD5, 3 SS, 7 TN, 8 NH3-N, 9 TP, 11 pH)

const G18918 = 'GB 18918-2002 表1';
/** Note ① of Table 1, on class 3's COD and BOD₅: high-strength influent is assessed by removal rate. */
const NOTE1 = { cod: '；注①：进水COD>350 mg/L时按去除率>60%考核', bod5: '；注①：进水BOD₅>160 mg/L时按去除率>50%考核' };
function gb18918(
  code: string,
  zh: string,
  en: string,
  v: { cod: number; bod5: number; ss: number; tn: number | null; nh3n: [number, number] | null; tp: number },
  removalRate = false,
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
      lim('cod', null, v.cod, `${G18918} 第1项 化学需氧量（COD）${removalRate ? NOTE1.cod : ''}`),
      lim('bod5', null, v.bod5, `${G18918} 第2项 生化需氧量（BOD₅）${removalRate ? NOTE1.bod5 : ''}`),
      lim('ss', null, v.ss, `${G18918} 第3项 悬浮物（SS）`),
      ...(v.tn === null ? [] : [lim('tn', null, v.tn, `${G18918} 第7项 总氮（以N计）`)]),
      ...(v.nh3n === null
        ? []
        : [
            lim('nh3n', null, v.nh3n[0], `${G18918} 第8项 氨氮（以N计）：水温>12°C ${v.nh3n[0]}，≤12°C ${v.nh3n[1]}`, {
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
  gb18918('gb18918-3', '三级', 'class 3', { cod: 120, bod5: 60, ss: 50, tn: null, nh3n: null, tp: 5 }, true),
];

// ——— GB 3838-2002, Table 1 (items: 2 pH, 3 DO, 4 CODMn, 5 COD, 6 BOD5, 7 NH3-N, 8 TP, 9 TN)

const G3838 = 'GB 3838-2002 表1';
type Five = [number, number, number, number, number];
const ROMAN = ['I', 'II', 'III', 'IV', 'V'];
function graded(
  parameter: WqParameter,
  bound: 'lower' | 'upper',
  values: Five,
  item: string,
  notes: Partial<Record<number, string>> = {},
): WqLimit[] {
  return values.map((v, i) =>
    lim(
      parameter,
      bound === 'lower' ? v : null,
      bound === 'upper' ? v : null,
      `${G3838} ${item} ${ROMAN[i]}类${notes[i + 1] ?? ''}`,
      { grade: i + 1 },
    ),
  );
}
const phAllGrades = [1, 2, 3, 4, 5].map((g) => lim('ph', 6, 9, `${G3838} 第2项 pH（无量纲）`, { grade: g }));
const surfaceCommon = [
  ...phAllGrades,
  ...graded('do', 'lower', [7.5, 6, 5, 3, 2], '第3项 溶解氧 ≥', { 1: '（饱和率90%或7.5，取7.5）' }),
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
    'zh-CN': '地表水环境质量标准基本项目I–V类限值；断面类别按最差指标确定',
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
    'zh-CN': '地表水环境质量标准基本项目I–V类限值，总磷取湖、库值，并评价总氮',
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
