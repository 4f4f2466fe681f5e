import type { drainageNetworkZhCN } from './zh-CN.ts';

export const drainageNetworkEnUS = {
  'menu.wellmanagement': 'Drainage network',
  'menu.wellList': 'Manholes',
  'menu.PipelineManagement': 'Pipes',
  'menu.defectList': 'Pipe defects',
} as const satisfies Record<keyof typeof drainageNetworkZhCN, string>;
