import type { monitoringDataZhCN } from './zh-CN.ts';

export const monitoringDataEnUS = {
  'menu.timeData': 'Monitoring data',
  'menu.realTimeData': 'Real-time data',
  'menu.historyData': 'History data',
} as const satisfies Record<keyof typeof monitoringDataZhCN, string>;
