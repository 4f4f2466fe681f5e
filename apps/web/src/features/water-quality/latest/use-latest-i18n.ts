import { createFeatureI18n, type FeatureI18n } from '../../../shared/i18n/feature-i18n.ts';
import { wqLatestEnUS } from './locale/en-US.ts';
import { wqLatestZhCN } from './locale/zh-CN.ts';

export type WqLatestMessageKey = keyof typeof wqLatestZhCN;
export type WqLatestI18n = FeatureI18n<WqLatestMessageKey>;

/** The "Latest" tab's own texts (the shared ones: useWqI18n). */
export const useLatestI18n = createFeatureI18n<WqLatestMessageKey>({ 'zh-CN': wqLatestZhCN, 'en-US': wqLatestEnUS });
