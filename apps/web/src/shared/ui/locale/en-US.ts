import type { sharedUiZhCN } from './zh-CN.ts';

export const sharedUiEnUS = {
  'form.cancel': 'Cancel',
  'form.save': 'Save',
  'form.retry': 'Retry',
  'form.requestFailed': 'The request failed. Try again shortly.',
  'form.required': 'Required',
  'list.loadFailed': 'Could not load the list',
  'list.retry': 'Retry',
  'list.requestFailed': 'The request failed. Try again shortly.',
  'list.total': '{total} in total',
  'list.empty': 'No records yet',
  'list.emptyFiltered': 'No records match these filters',
  'list.reset': 'Reset filters',
  'list.filters': 'Filters',
  'list.columns': 'Columns',
  'list.columnsTitle': 'Columns shown',
  'list.columnsReset': 'Restore defaults',
  'list.columnsRequired': 'Always shown',
} as const satisfies Record<keyof typeof sharedUiZhCN, string>;
