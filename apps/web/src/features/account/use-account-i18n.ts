import { createFeatureI18n, type FeatureI18n } from '../../shared/i18n/feature-i18n.ts';
import { accountEnUS } from './locale/en-US.ts';
import { accountZhCN } from './locale/zh-CN.ts';

export type AccountMessageKey = keyof typeof accountZhCN;
export type AccountI18n = FeatureI18n<AccountMessageKey>;

export const useAccountI18n = createFeatureI18n<AccountMessageKey>(
  { 'zh-CN': accountZhCN, 'en-US': accountEnUS },
  'account.form.invalid',
);
