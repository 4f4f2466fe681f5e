import { createFeatureI18n, type FeatureI18n } from '../../../shared/i18n/feature-i18n.ts';
import { stationLiveEnUS } from './locale/live-en-US.ts';
import { stationLiveZhCN } from './locale/live-zh-CN.ts';

export type StationLiveMessageKey = keyof typeof stationLiveZhCN;
export type StationLiveI18n = FeatureI18n<StationLiveMessageKey>;

export const useStationLiveI18n = createFeatureI18n<StationLiveMessageKey>({
  'zh-CN': stationLiveZhCN,
  'en-US': stationLiveEnUS,
});
