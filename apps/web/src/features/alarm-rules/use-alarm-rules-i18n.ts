import { createFeatureI18n, type FeatureI18n } from '../../shared/i18n/feature-i18n.ts';
import { alarmRulesEnUS } from './locale/alarm-rules-en-US.ts';
import { alarmRulesZhCN } from './locale/alarm-rules-zh-CN.ts';

export type AlarmRulesMessageKey = keyof typeof alarmRulesZhCN;
export type AlarmRulesI18n = FeatureI18n<AlarmRulesMessageKey>;

/** The two rule screens' texts (loaded with their pages' chunk; the menu labels stay in the system feature). */
export const useAlarmRulesI18n = createFeatureI18n<AlarmRulesMessageKey>(
  { 'zh-CN': alarmRulesZhCN, 'en-US': alarmRulesEnUS },
  'alarmRules.invalid',
);
