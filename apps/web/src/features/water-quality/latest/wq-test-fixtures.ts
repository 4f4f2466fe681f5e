import type { WqApplied, WqLatestSite, WqParameterInfo, WqSite } from '@water/contracts';

// Fixtures the water-quality tabs' tests share, typed by the contract.

export const parameters: WqParameterInfo[] = [
  { code: 'ph', name: 'pH', unit: '', mdl: null, method: 'GB/T 5750.4', decimals: 2 },
  { code: 'turbidity', name: 'Turbidity', unit: 'NTU', mdl: 0.1, method: 'GB/T 5750.4', decimals: 2 },
  { code: 'chlorine_free', name: 'Free chlorine', unit: 'mg/L', mdl: 0.01, method: 'GB/T 5750.11', decimals: 2 },
  { code: 'conductivity', name: 'Conductivity', unit: 'µS/cm', mdl: null, method: 'GB/T 5750.4', decimals: 0 },
  { code: 'do', name: 'Dissolved oxygen', unit: 'mg/L', mdl: null, method: 'HJ 506', decimals: 1 },
  { code: 'nh3n', name: 'Ammonia nitrogen', unit: 'mg/L', mdl: 0.025, method: 'HJ 535-2009', decimals: 3 },
  { code: 'tp', name: 'Total phosphorus', unit: 'mg/L', mdl: 0.01, method: 'GB 11893', decimals: 3 },
];

export const applied = (over: Partial<WqApplied> = {}): WqApplied => ({
  verdict: 'compliant',
  unjudgedReason: null,
  grade: null,
  targetGrade: null,
  lower: null,
  upper: 1,
  coldApplied: false,
  temperature: null,
  exceedance: null,
  citation: 'GB 5749-2022 表1 第38项',
  limitSetId: 1,
  limitSetName: 'GB 5749-2022 出厂水',
  standard: 'GB 5749-2022',
  ...over,
});

export const siteRef = (
  id: number,
  code: string,
  name: string,
  over: Partial<WqLatestSite['site']> = {},
): WqLatestSite['site'] => ({
  id,
  code,
  name,
  kind: 'tap',
  regionId: 3,
  regionName: 'East district',
  limitSetId: 1,
  limitSetName: 'GB 5749-2022 tap',
  targetGrade: null,
  ...over,
});

export const site = (id: number, code: string, name: string, over: Partial<WqSite> = {}): WqSite => ({
  id,
  code,
  name,
  kind: 'tap',
  regionId: 3,
  regionName: 'East district',
  longitude: null,
  latitude: null,
  address: '',
  limitSetId: 1,
  limitSetName: 'GB 5749-2022 tap',
  targetGrade: null,
  devices: [],
  alarmEnabled: true,
  alarmSeverity: 'major',
  recipients: { userIds: [], roleCodes: [], departmentIds: [] },
  enabled: true,
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

/** A page of sites, as the site pickers read them. */
export const sitePage = (list: WqSite[]) => ({ list, total: list.length, page: 1, pageSize: 200 });
