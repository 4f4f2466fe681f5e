import { createFeatureI18n, type FeatureI18n } from '../../../shared/i18n/feature-i18n.ts';
import { stationConfigEnUS } from './locale/station-config-en-US.ts';
import { stationConfigZhCN } from './locale/station-config-zh-CN.ts';

export type StationConfigMessageKey = keyof typeof stationConfigZhCN;
export type StationConfigI18n = FeatureI18n<StationConfigMessageKey>;

export const useStationConfigI18n = createFeatureI18n<StationConfigMessageKey>(
  { 'zh-CN': stationConfigZhCN, 'en-US': stationConfigEnUS },
  'stationConfig.invalid',
);
