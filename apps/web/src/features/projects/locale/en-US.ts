import type { projectsZhCN } from './zh-CN.ts';

export const projectsEnUS = {
  'menu.project': 'Projects',
  'menu.uProject': 'Project info',
  'menu.site': 'Sites',
} as const satisfies Record<keyof typeof projectsZhCN, string>;
