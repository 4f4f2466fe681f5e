import { createFeatureI18n, type FeatureI18n } from '../../../shared/i18n/feature-i18n.ts';
import { stationMapEnUS } from './locale/map-en-US.ts';
import { stationMapZhCN } from './locale/map-zh-CN.ts';

export type StationMapMessageKey = keyof typeof stationMapZhCN;
export type StationMapI18n = FeatureI18n<StationMapMessageKey>;

export const useStationMapI18n = createFeatureI18n<StationMapMessageKey>({
  'zh-CN': stationMapZhCN,
  'en-US': stationMapEnUS,
});
