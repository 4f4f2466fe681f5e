import { createFeatureI18n, type FeatureI18n } from '../../shared/i18n/feature-i18n.ts';
import { alarmsEnUS } from './locale/alarms-en-US.ts';
import { alarmsZhCN } from './locale/alarms-zh-CN.ts';

export type AlarmsMessageKey = keyof typeof alarmsZhCN;
export type AlarmsI18n = FeatureI18n<AlarmsMessageKey>;

/** The alarm screens' own texts (lazy, with their pages); severities and states are in the common ones. */
export const useAlarmsI18n = createFeatureI18n<AlarmsMessageKey>(
  { 'zh-CN': alarmsZhCN, 'en-US': alarmsEnUS },
  'alarms.invalid',
);
