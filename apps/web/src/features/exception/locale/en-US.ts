import type { exceptionZhCN } from './zh-CN.ts';

export const exceptionEnUS = {
  'menu.403': 'No permission',
  'menu.notFound': 'Page not found',
  'exception.403.title': '403',
  'exception.403.subtitle':
    'Your current role may not open this page. Ask an administrator for access, or switch roles.',
  'exception.404.title': '404',
  'exception.404.subtitle': 'Sorry, this page does not exist.',
  'exception.back': 'Back to the workplace',
  'exception.home': 'Back to home',
} as const satisfies Record<keyof typeof exceptionZhCN, string>;
