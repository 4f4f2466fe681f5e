import { createFeatureI18n, type FeatureI18n } from '../../../shared/i18n/feature-i18n.ts';
import { wqCommonEnUS } from './locale/en-US.ts';
import { wqCommonZhCN } from './locale/zh-CN.ts';

export type WqCommonMessageKey = keyof typeof wqCommonZhCN;
export type WqCommonI18n = FeatureI18n<WqCommonMessageKey>;

/** The texts every water-quality tab shares (its own texts are in its tab's dictionary). */
export const useWqI18n = createFeatureI18n<WqCommonMessageKey>({ 'zh-CN': wqCommonZhCN, 'en-US': wqCommonEnUS });
