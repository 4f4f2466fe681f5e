import { createFeatureI18n, type FeatureI18n } from '../../shared/i18n/feature-i18n.ts';
import { regionEnUS } from './locale/region-en-US.ts';
import { regionZhCN } from './locale/region-zh-CN.ts';

export type RegionMessageKey = keyof typeof regionZhCN;
export type RegionI18n = FeatureI18n<RegionMessageKey>;

export const useRegionI18n = createFeatureI18n<RegionMessageKey>(
  { 'zh-CN': regionZhCN, 'en-US': regionEnUS },
  'region.invalid',
);
