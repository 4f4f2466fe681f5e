import type { enterprisesZhCN } from './zh-CN.ts';

export const enterprisesEnUS = {
  'menu.organizationss': 'Enterprises',
  'menu.organManagers': 'Enterprise info',
  'menu.deptManager': 'Departments',
  'menu.memberManager': 'Department members',
} as const satisfies Record<keyof typeof enterprisesZhCN, string>;
