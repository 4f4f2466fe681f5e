import { createFeatureI18n, type FeatureI18n } from '../../shared/i18n/feature-i18n.ts';
import { noticesEnUS } from './locale/notices-en-US.ts';
import { noticesZhCN } from './locale/notices-zh-CN.ts';

export type MessagingMessageKey = keyof typeof noticesZhCN;
export type MessagingI18n = FeatureI18n<MessagingMessageKey>;

export const useMessagingI18n = createFeatureI18n<MessagingMessageKey>(
  { 'zh-CN': noticesZhCN, 'en-US': noticesEnUS },
  'messaging.notices.invalid',
);
