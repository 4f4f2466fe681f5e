import { createFeatureI18n, type FeatureI18n } from '../../../shared/i18n/feature-i18n.ts';
import { stationHistoryEnUS } from './locale/history-en-US.ts';
import { stationHistoryZhCN } from './locale/history-zh-CN.ts';

export type StationHistoryMessageKey = keyof typeof stationHistoryZhCN;
export type StationHistoryI18n = FeatureI18n<StationHistoryMessageKey>;

export const useStationHistoryI18n = createFeatureI18n<StationHistoryMessageKey>({
  'zh-CN': stationHistoryZhCN,
  'en-US': stationHistoryEnUS,
});
