import { DEVICE_STATUSES, type DeviceStatus, MONITORING_PAGE_MAX } from '@water/contracts';
import type { PointFilters } from '../api/monitoring-queries.ts';

export const BOARD_PAGE_SIZE = 200;

const positiveInt = (value: string | null): number | undefined => {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
};

/** The board's filters from its address; anything malformed is left out rather than sent. */
export function readPointFilters(params: URLSearchParams): PointFilters {
  const status = params.get('status');
  const keyword = params.get('keyword')?.trim().slice(0, 50);
  return {
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: Math.min(MONITORING_PAGE_MAX, positiveInt(params.get('pageSize')) ?? BOARD_PAGE_SIZE),
    keyword: keyword || undefined,
    regionId: positiveInt(params.get('regionId')),
    stationId: positiveInt(params.get('stationId')),
    typeId: positiveInt(params.get('typeId')),
    status: DEVICE_STATUSES.includes(status as DeviceStatus) ? (status as DeviceStatus) : undefined,
  };
}

/** The address of those filters: defaults are left out so a plain board has a plain address. */
export function writePointFilters(filters: PointFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.keyword) params.set('keyword', filters.keyword);
  for (const key of ['regionId', 'stationId', 'typeId'] as const) {
    if (filters[key]) params.set(key, String(filters[key]));
  }
  if (filters.status) params.set('status', filters.status);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  if (filters.pageSize && filters.pageSize !== BOARD_PAGE_SIZE) params.set('pageSize', String(filters.pageSize));
  return params;
}

/**
 * Which groups of the board are open, as the address keeps it: `groups` is the stations' default
 * (`expanded` or `collapsed`; absent, the board decides by how many groups it has) and `toggled` the
 * groups that differ from it. Regions are open unless toggled. Keys: `r<regionId>` for a region,
 * `s<stationId>` for a station, `n<regionId>` for a region's points at no station (0: no region).
 */
export const GROUP_BASES = ['expanded', 'collapsed'] as const;
export type GroupBase = (typeof GROUP_BASES)[number];
export interface GroupState {
  base?: GroupBase;
  toggled: ReadonlySet<string>;
}
const GROUP_KEY = /^[rsn]\d{1,9}$/;
/** More than any board page holds groups (500 points): a hand-made address cannot grow the set. */
const TOGGLED_MAX = 1000;

export function readGroupState(params: URLSearchParams): GroupState {
  const base = params.get('groups');
  const toggled = (params.get('toggled') ?? '').split(',').filter((key) => GROUP_KEY.test(key));
  return {
    base: GROUP_BASES.includes(base as GroupBase) ? (base as GroupBase) : undefined,
    toggled: new Set(toggled.slice(0, TOGGLED_MAX)),
  };
}

/** The filters' address with the group state after them (writePointFilters alone drops it). */
export function writeGroupState(filters: URLSearchParams, state: GroupState): URLSearchParams {
  const params = new URLSearchParams(filters);
  if (state.base) params.set('groups', state.base);
  if (state.toggled.size) params.set('toggled', [...state.toggled].sort().join(','));
  return params;
}

export const QUICK_RANGES = ['1h', '24h', '7d', '30d', '1y'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];
export const QUICK_RANGE_MS: Record<QuickRange, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
  '1y': 365 * 86_400_000,
};
export const HISTORY_VIEWS = ['chart', 'table'] as const;
export type HistoryView = (typeof HISTORY_VIEWS)[number];

export interface HistorySelection {
  /** Devices picked, in the order picked. */
  devices: number[];
  /** `deviceId:metric` pairs, as the history query takes them. */
  series: string[];
  range: QuickRange | 'custom';
  /** Only for a custom range: ISO times. */
  from?: string;
  to?: string;
  view: HistoryView;
}

const SERIES_KEY = /^(\d{1,9}):([A-Za-z][A-Za-z0-9_]{0,39})$/;

export function parseSeriesKey(key: string): { deviceId: number; metric: string } | null {
  const match = SERIES_KEY.exec(key);
  return match ? { deviceId: Number(match[1]), metric: match[2] as string } : null;
}

/** The history page's selection from its address; series of devices not picked are added to them. */
export function readHistorySelection(params: URLSearchParams, maxSeries: number): HistorySelection {
  const series = [...new Set((params.get('series') ?? '').split(',').filter((k) => parseSeriesKey(k)))].slice(
    0,
    maxSeries,
  );
  const devices = (params.get('devices') ?? '')
    .split(',')
    .map((s) => positiveInt(s))
    .filter((n): n is number => n !== undefined);
  for (const key of series) {
    const id = parseSeriesKey(key)?.deviceId as number;
    if (!devices.includes(id)) devices.push(id);
  }
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const rangeParam = params.get('range');
  const custom = Boolean(from && to && !Number.isNaN(Date.parse(from)) && Date.parse(from) < Date.parse(to as string));
  const range: HistorySelection['range'] = QUICK_RANGES.includes(rangeParam as QuickRange)
    ? (rangeParam as QuickRange)
    : custom
      ? 'custom'
      : '24h';
  const view = params.get('view') === 'table' ? 'table' : 'chart';
  return { devices: [...new Set(devices)], series, range, view, ...(range === 'custom' ? { from, to } : {}) };
}

export function writeHistorySelection(selection: HistorySelection): URLSearchParams {
  const params = new URLSearchParams();
  if (selection.devices.length) params.set('devices', selection.devices.join(','));
  if (selection.series.length) params.set('series', selection.series.join(','));
  if (selection.range === 'custom' && selection.from && selection.to) {
    params.set('from', selection.from);
    params.set('to', selection.to);
  } else if (selection.range !== '24h') {
    params.set('range', selection.range);
  }
  if (selection.view !== 'chart') params.set('view', selection.view);
  return params;
}
