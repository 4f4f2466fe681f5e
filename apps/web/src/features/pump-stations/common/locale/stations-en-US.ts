import type { stationsZhCN } from './stations-zh-CN.ts';

export const stationsEnUS = {
  'stations.filter.keyword': 'Station code or name',
  'stations.filter.region': 'Region',
  'stations.filter.allRegions': 'All regions (and below)',
  'stations.filter.kind': 'Station kind',
  'stations.filter.allKinds': 'All kinds',
  'stations.filter.state': 'State',
  'stations.filter.allStates': 'All',
  'stations.kind.rainwater': 'Rain-water',
  'stations.kind.sewage': 'Sewage',
  'stations.kind.combined': 'Combined',
  'stations.kind.booster': 'Booster',
  'stations.state.running': 'Running',
  'stations.state.stopped': 'Stopped',
  'stations.state.fault': 'Fault',
  'stations.state.offline': 'Offline',
} as const satisfies Record<keyof typeof stationsZhCN, string>;
