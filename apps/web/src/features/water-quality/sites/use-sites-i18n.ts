import { createFeatureI18n, type FeatureI18n } from '../../../shared/i18n/feature-i18n.ts';
import { wqSitesEnUS } from './locale/en-US.ts';
import { wqSitesZhCN } from './locale/zh-CN.ts';

export type SitesMessageKey = keyof typeof wqSitesZhCN;
export type SitesI18n = FeatureI18n<SitesMessageKey>;

/** The "Sites" tab's own texts (the shared ones are in common/locale). */
export const useSitesI18n = createFeatureI18n<SitesMessageKey>(
  { 'zh-CN': wqSitesZhCN, 'en-US': wqSitesEnUS },
  'wqSites.invalid',
);
