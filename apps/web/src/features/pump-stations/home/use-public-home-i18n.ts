import { createFeatureI18n, type FeatureI18n } from '../../../shared/i18n/feature-i18n.ts';
import { publicHomeEnUS } from './locale/home-en-US.ts';
import { publicHomeZhCN } from './locale/home-zh-CN.ts';

export type PublicHomeMessageKey = keyof typeof publicHomeZhCN;
export type PublicHomeI18n = FeatureI18n<PublicHomeMessageKey>;

export const usePublicHomeI18n = createFeatureI18n<PublicHomeMessageKey>({
  'zh-CN': publicHomeZhCN,
  'en-US': publicHomeEnUS,
});
