import { createFeatureI18n, type FeatureI18n } from '../../shared/i18n/feature-i18n.ts';
import { monitoringEnUS } from './locale/monitoring-en-US.ts';
import { monitoringZhCN } from './locale/monitoring-zh-CN.ts';

export type MonitoringMessageKey = keyof typeof monitoringZhCN;
export type MonitoringI18n = FeatureI18n<MonitoringMessageKey>;

export const useMonitoringI18n = createFeatureI18n<MonitoringMessageKey>(
  { 'zh-CN': monitoringZhCN, 'en-US': monitoringEnUS },
  'monitoring.invalid',
);
