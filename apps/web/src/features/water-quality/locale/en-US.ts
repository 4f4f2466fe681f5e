import type { waterQualityZhCN } from './zh-CN.ts';

export const waterQualityEnUS = {
  'menu.water': 'Water quality',
  'menu.waterList': 'Monitoring data',
} as const satisfies Record<keyof typeof waterQualityZhCN, string>;
