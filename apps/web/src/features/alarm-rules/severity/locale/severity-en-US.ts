import type { severityZhCN } from './severity-zh-CN.ts';

export const severityEnUS: Record<keyof typeof severityZhCN, string> = {
  'severity.critical': 'Critical',
  'severity.major': 'Major',
  'severity.minor': 'Minor',
  'severity.warning': 'Warning',
  'severity.info': 'Info',
};
