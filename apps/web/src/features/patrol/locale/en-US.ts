import type { patrolZhCN } from './zh-CN.ts';

export const patrolEnUS = {
  'menu.patrol-inspection': 'Inspection & repair',
  'menu.problem': 'Problems',
  'menu.ticket': 'Work orders',
} as const satisfies Record<keyof typeof patrolZhCN, string>;
