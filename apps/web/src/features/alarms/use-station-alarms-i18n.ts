import { createFeatureI18n, type FeatureI18n } from '../../shared/i18n/feature-i18n.ts';
import { stationAlarmsEnUS } from './locale/station-alarms-en-US.ts';
import { stationAlarmsZhCN } from './locale/station-alarms-zh-CN.ts';

export type StationAlarmsI18n = FeatureI18n<keyof typeof stationAlarmsZhCN>;

/** The station panel's own texts, in the station page's chunk (not the shell's, not the alarm pages'). */
export const useStationAlarmsI18n = createFeatureI18n<keyof typeof stationAlarmsZhCN>({
  'zh-CN': stationAlarmsZhCN,
  'en-US': stationAlarmsEnUS,
});
