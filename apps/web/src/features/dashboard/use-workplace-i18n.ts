import type { Locale } from '@water/contracts/common/locale';
import { createFeatureI18n } from '../../shared/i18n/feature-i18n.ts';
import { workplaceEnUS } from './locale/workplace.en-US.ts';
import { workplaceZhCN } from './locale/workplace.zh-CN.ts';

export type WorkplaceMessageKey = keyof typeof workplaceZhCN;

export const workplaceDictionaries: Record<Locale, Record<WorkplaceMessageKey, string>> = {
  'zh-CN': workplaceZhCN,
  'en-US': workplaceEnUS,
};

/** The Workplace's own texts; they travel with its chunk, not with the sign-in screen. */
export const useWorkplaceI18n = createFeatureI18n(workplaceDictionaries);
