import { createFeatureI18n } from '../../../shared/i18n/feature-i18n.ts';
import { stationsEnUS } from './locale/stations-en-US.ts';
import { stationsZhCN } from './locale/stations-zh-CN.ts';

export type StationsMessageKey = keyof typeof stationsZhCN;

export const useStationsI18n = createFeatureI18n<StationsMessageKey>({
  'zh-CN': stationsZhCN,
  'en-US': stationsEnUS,
});
