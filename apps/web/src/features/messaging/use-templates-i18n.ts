import { createFeatureI18n, type FeatureI18n } from '../../shared/i18n/feature-i18n.ts';
import { templatesEnUS } from './locale/templates-en-US.ts';
import { templatesZhCN } from './locale/templates-zh-CN.ts';

export type TemplatesMessageKey = keyof typeof templatesZhCN;
export type TemplatesI18n = FeatureI18n<TemplatesMessageKey>;

/** The message templates screen's texts (loaded with its page's chunk; the menu labels stay in messaging's). */
export const useTemplatesI18n = createFeatureI18n<TemplatesMessageKey>(
  { 'zh-CN': templatesZhCN, 'en-US': templatesEnUS },
  'messaging.templates.invalid',
);
