export const monitoringDataZhCN = {
  'menu.timeData': '数据监测',
  'menu.realTimeData': '实时数据',
  'menu.historyData': '历史数据',
} as const;
