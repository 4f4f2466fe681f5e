import type { usersZhCN } from './zh-CN.ts';

export const usersEnUS = {
  'menu.uuuser': 'Users',
  'menu.manager': 'User list',
  'menu.roleManager': 'Role list',
} as const satisfies Record<keyof typeof usersZhCN, string>;
