import { createFeatureI18n, type FeatureI18n } from '../../../shared/i18n/feature-i18n.ts';
import { wqComplianceEnUS } from './locale/en-US.ts';
import { wqComplianceZhCN } from './locale/zh-CN.ts';

export type WqComplianceMessageKey = keyof typeof wqComplianceZhCN;
export type WqComplianceI18n = FeatureI18n<WqComplianceMessageKey>;

/** The "Compliance" tab's own texts (the shared ones: useWqI18n). */
export const useComplianceI18n = createFeatureI18n<WqComplianceMessageKey>({
  'zh-CN': wqComplianceZhCN,
  'en-US': wqComplianceEnUS,
});
