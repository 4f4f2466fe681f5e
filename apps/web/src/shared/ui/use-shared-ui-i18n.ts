import { createFeatureI18n } from '../i18n/feature-i18n.ts';
import { sharedUiEnUS } from './locale/en-US.ts';
import { sharedUiZhCN } from './locale/zh-CN.ts';

export type SharedUiMessageKey = keyof typeof sharedUiZhCN;

/**
 * The list pages' and form drawers' own texts (cancel, save, retry, totals, the column chooser).
 * They load with the first lazy page that uses them, not with the sign-in screen.
 */
export const useSharedUiI18n = createFeatureI18n<SharedUiMessageKey>({
  'zh-CN': sharedUiZhCN,
  'en-US': sharedUiEnUS,
});
