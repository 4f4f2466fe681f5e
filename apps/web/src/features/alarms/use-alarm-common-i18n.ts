import { createFeatureI18n, type FeatureI18n } from '../../shared/i18n/feature-i18n.ts';
import { alarmCommonEnUS } from './locale/alarm-common-en-US.ts';
import { alarmCommonZhCN } from './locale/alarm-common-zh-CN.ts';

export type AlarmCommonMessageKey = keyof typeof alarmCommonZhCN;
export type AlarmCommonI18n = FeatureI18n<AlarmCommonMessageKey>;

export const useAlarmCommonI18n = createFeatureI18n<AlarmCommonMessageKey>({
  'zh-CN': alarmCommonZhCN,
  'en-US': alarmCommonEnUS,
});
