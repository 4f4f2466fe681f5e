import type { WqLimit, WqLimitSet, WqParameterInfo, WqResult, WqSite } from '@water/contracts';

// Typed fixtures of the record-keeping tabs' tests (results, sites, limit sets): a few parameters,
// national sets as the seed has them, sites of three kinds.

const param = (
  code: WqParameterInfo['code'],
  name: string,
  unit: string,
  mdl: number | null,
  decimals: number,
  method = '',
): WqParameterInfo => ({ code, name, unit, mdl, method, decimals });

export const wqParameters: WqParameterInfo[] = [
  param('ph', 'pH', '', null, 2, 'HJ 1147-2020 电极法'),
  param('turbidity', '浑浊度', 'NTU', 0.5, 2),
  param('chlorine_free', '游离氯', 'mg/L', 0.01, 2),
  param('temperature', '水温', '°C', null, 1),
  param('do', '溶解氧', 'mg/L', null, 2),
  param('cod', '化学需氧量', 'mg/L', 4, 1, 'HJ 828-2017 重铬酸盐法'),
  param('nh3n', '氨氮', 'mg/L', 0.025, 3, 'HJ 535-2009 纳氏试剂分光光度法'),
  param('tp', '总磷', 'mg/L', 0.01, 3),
];

const lim = (
  parameter: WqLimit['parameter'],
  lower: number | null,
  upper: number | null,
  citation: string,
  extra: Partial<WqLimit> = {},
): WqLimit => ({ parameter, grade: null, lower, upper, coldUpper: null, citation, ...extra });

const set = (id: number, extra: Partial<WqLimitSet>): WqLimitSet => ({
  id,
  code: null,
  name: '',
  kind: 'drinking',
  standard: '',
  graded: false,
  national: true,
  basedOnId: null,
  basedOnName: null,
  description: '',
  limits: [],
  siteCount: 0,
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});

export const tapSet = set(2, {
  code: 'gb5749-tap',
  name: 'GB 5749-2022 末梢水',
  kind: 'drinking',
  standard: 'GB 5749-2022',
  description: '生活饮用水卫生标准：常规指标（表1）与消毒剂末梢水限值及余量（表2）',
  limits: [
    lim('ph', 6.5, 8.5, 'GB 5749-2022 表1 pH'),
    lim('turbidity', null, 1, 'GB 5749-2022 表1 浑浊度'),
    lim('chlorine_free', 0.05, 2, 'GB 5749-2022 表2 游离氯：末梢水限值 ≤2，末梢水余量 ≥0.05'),
    lim('nh3n', null, 0.5, 'GB 5749-2022 表1 氨（以N计）'),
  ],
  siteCount: 4,
});

export const wastewater1A = set(3, {
  code: 'gb18918-1a',
  name: 'GB 18918-2002 一级A',
  kind: 'wastewater',
  standard: 'GB 18918-2002',
  limits: [
    lim('cod', null, 50, 'GB 18918-2002 表1 第1项 化学需氧量（COD）'),
    lim('nh3n', null, 5, 'GB 18918-2002 表1 第8项 氨氮（以N计）：水温>12°C 5，≤12°C 8', { coldUpper: 8 }),
    lim('tp', null, 0.5, 'GB 18918-2002 表1 第9项 总磷（以P计），2006年1月1日起建设的'),
    lim('ph', 6, 9, 'GB 18918-2002 表1 第11项 pH'),
  ],
  siteCount: 1,
});

const five = (parameter: WqLimit['parameter'], bound: 'lower' | 'upper', values: number[], item: string) =>
  values.map((v, i) =>
    lim(parameter, bound === 'lower' ? v : null, bound === 'upper' ? v : null, `GB 3838-2002 表1 ${item}`, {
      grade: i + 1,
    }),
  );

export const riverSet = set(5, {
  code: 'gb3838-river',
  name: 'GB 3838-2002 地表水（河流）',
  kind: 'surface',
  standard: 'GB 3838-2002',
  graded: true,
  limits: [
    ...five('do', 'lower', [7.5, 6, 5, 3, 2], '第3项 溶解氧 ≥'),
    ...five('nh3n', 'upper', [0.15, 0.5, 1, 1.5, 2], '第7项 氨氮（NH₃-N）≤'),
  ],
  siteCount: 2,
});

/** A local copy of the 1-A set with a stricter NH3-N. */
export const localSet = set(9, {
  name: '本厂内控 一级A',
  kind: 'wastewater',
  standard: 'GB 18918-2002',
  national: false,
  basedOnId: 3,
  basedOnName: 'GB 18918-2002 一级A',
  description: '内控：氨氮严于国标',
  limits: [lim('nh3n', null, 3, '厂内控制指标', { coldUpper: 5 }), lim('cod', null, 40, '厂内控制指标')],
  siteCount: 0,
  updatedAt: '2026-11-20T00:00:00.000Z',
});

export const wqLimitSets = [tapSet, wastewater1A, riverSet, localSet];

const noRecipients = { userIds: [], roleCodes: [], departmentIds: [] };

export const site = (id: number, extra: Partial<WqSite> = {}): WqSite => ({
  id,
  code: `WQ-${id}`,
  name: `监测点 ${id}`,
  kind: 'tap',
  regionId: null,
  regionName: '',
  longitude: null,
  latitude: null,
  address: '',
  limitSetId: tapSet.id,
  limitSetName: tapSet.name,
  targetGrade: null,
  devices: [],
  alarmEnabled: true,
  alarmSeverity: 'major',
  recipients: noRecipients,
  enabled: true,
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});

export const wwtpSite = site(1, {
  code: 'WWTP-OUT',
  name: '城东污水厂出水',
  kind: 'wastewater_discharge',
  limitSetId: wastewater1A.id,
  limitSetName: wastewater1A.name,
});
export const tapSite = site(2, { code: 'TAP-01', name: '人民路末梢水' });
export const riverSite = site(3, {
  code: 'RIV-01',
  name: '清水河入城断面',
  kind: 'river',
  limitSetId: riverSet.id,
  limitSetName: riverSet.name,
  targetGrade: 3,
});

export const wqSites = [wwtpSite, tapSite, riverSite];

export const page = <T>(list: T[]) => ({ list, total: list.length, page: 1, pageSize: 20 });

export const result = (id: number, extra: Partial<WqResult> = {}): WqResult => ({
  id,
  siteId: wwtpSite.id,
  siteCode: wwtpSite.code,
  siteName: wwtpSite.name,
  siteKind: wwtpSite.kind,
  parameter: 'nh3n',
  source: 'lab',
  sampledAt: '2026-11-26T01:30:00.000Z',
  value: 6.2,
  belowDetection: false,
  sampleId: 'S-1126-01',
  analyst: '李工',
  deviceCode: null,
  applied: {
    verdict: 'exceeding',
    unjudgedReason: null,
    grade: null,
    targetGrade: null,
    lower: null,
    upper: 5,
    coldApplied: false,
    temperature: 16,
    exceedance: 0.24,
    citation: 'GB 18918-2002 表1 第8项 氨氮（以N计）：水温>12°C 5，≤12°C 8',
    limitSetId: wastewater1A.id,
    limitSetName: wastewater1A.name,
    standard: 'GB 18918-2002',
  },
  createdAt: '2026-11-26T03:00:00.000Z',
  ...extra,
});
