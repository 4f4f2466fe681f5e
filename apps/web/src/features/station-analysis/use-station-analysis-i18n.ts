import { createFeatureI18n, type FeatureI18n } from '../../shared/i18n/feature-i18n.ts';
import { stationAnalysisEnUS } from './locale/en-US.ts';
import { stationAnalysisZhCN } from './locale/zh-CN.ts';

export type StationAnalysisMessageKey = keyof typeof stationAnalysisZhCN;
export type StationAnalysisI18n = FeatureI18n<StationAnalysisMessageKey>;

export const useStationAnalysisI18n = createFeatureI18n<StationAnalysisMessageKey>({
  'zh-CN': stationAnalysisZhCN,
  'en-US': stationAnalysisEnUS,
});
