import type { statisticsZhCN } from './zh-CN.ts';

export const statisticsEnUS = {
  'menu.report': 'Statistics',
  'menu.manyDimensions': 'Comprehensive analysis',
  'menu.oneDimensions': 'Multi-dimension analysis',
} as const satisfies Record<keyof typeof statisticsZhCN, string>;
