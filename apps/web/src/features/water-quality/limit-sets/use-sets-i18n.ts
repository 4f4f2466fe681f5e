import { createFeatureI18n, type FeatureI18n } from '../../../shared/i18n/feature-i18n.ts';
import { wqSetsEnUS } from './locale/en-US.ts';
import { wqSetsZhCN } from './locale/zh-CN.ts';

export type SetsMessageKey = keyof typeof wqSetsZhCN;
export type SetsI18n = FeatureI18n<SetsMessageKey>;

/** The "Limit sets" tab's own texts (the shared ones are in common/locale). */
export const useSetsI18n = createFeatureI18n<SetsMessageKey>(
  { 'zh-CN': wqSetsZhCN, 'en-US': wqSetsEnUS },
  'wqSets.invalid',
);
