import { createFeatureI18n, type FeatureI18n } from '../../shared/i18n/feature-i18n.ts';
import { contentEnUS } from './locale/content-en-US.ts';
import { contentZhCN } from './locale/content-zh-CN.ts';

export type ContentMessageKey = keyof typeof contentZhCN;
export type ContentI18n = FeatureI18n<ContentMessageKey>;

export const useContentI18n = createFeatureI18n<ContentMessageKey>(
  { 'zh-CN': contentZhCN, 'en-US': contentEnUS },
  'content.invalid',
);
