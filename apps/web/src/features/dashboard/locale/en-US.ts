import type { dashboardZhCN } from './zh-CN.ts';

export const dashboardEnUS = {
  'menu.dashboard': 'Dashboard',
  'menu.Workplace': 'Workplace',
  'menu.contentLibrary': 'Content library',
  'menu.arcoWebsite': 'Arco Design',
} as const satisfies Record<keyof typeof dashboardZhCN, string>;
