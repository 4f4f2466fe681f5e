export const statisticsZhCN = {
  'menu.report': '统计分析',
  'menu.manyDimensions': '综合分析',
  'menu.oneDimensions': '多维分析',
} as const;
