import { createFeatureI18n, type FeatureI18n } from '../../shared/i18n/feature-i18n.ts';
import { pushEnUS } from './locale/push-en-US.ts';
import { pushZhCN } from './locale/push-zh-CN.ts';

export type PushMessageKey = keyof typeof pushZhCN;
export type PushI18n = FeatureI18n<PushMessageKey>;

/** The message push screen's texts (loaded with its page's chunk). */
export const usePushI18n = createFeatureI18n<PushMessageKey>({ 'zh-CN': pushZhCN, 'en-US': pushEnUS }, 'push.invalid');
