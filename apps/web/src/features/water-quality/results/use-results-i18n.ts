import { createFeatureI18n, type FeatureI18n } from '../../../shared/i18n/feature-i18n.ts';
import { wqResultsEnUS } from './locale/en-US.ts';
import { wqResultsZhCN } from './locale/zh-CN.ts';

export type ResultsMessageKey = keyof typeof wqResultsZhCN;
export type ResultsI18n = FeatureI18n<ResultsMessageKey>;

/** The "Lab results" tab's own texts (the shared ones are in common/locale). */
export const useResultsI18n = createFeatureI18n<ResultsMessageKey>(
  { 'zh-CN': wqResultsZhCN, 'en-US': wqResultsEnUS },
  'wqResults.invalid',
);
