import { createFeatureI18n, type FeatureI18n } from '../../../shared/i18n/feature-i18n.ts';
import { wqHistoryEnUS } from './locale/en-US.ts';
import { wqHistoryZhCN } from './locale/zh-CN.ts';

export type WqHistoryMessageKey = keyof typeof wqHistoryZhCN;
export type WqHistoryI18n = FeatureI18n<WqHistoryMessageKey>;

/** The "History" tab's own texts (the shared ones: useWqI18n). */
export const useHistoryI18n = createFeatureI18n<WqHistoryMessageKey>({
  'zh-CN': wqHistoryZhCN,
  'en-US': wqHistoryEnUS,
});
