import { createFeatureI18n, type FeatureI18n } from '../../shared/i18n/feature-i18n.ts';
import { systemAdminEnUS } from './locale/system-admin-en-US.ts';
import { systemAdminZhCN } from './locale/system-admin-zh-CN.ts';

export type SystemAdminMessageKey = keyof typeof systemAdminZhCN;
export type SystemAdminI18n = FeatureI18n<SystemAdminMessageKey>;

export const useSystemAdminI18n = createFeatureI18n<SystemAdminMessageKey>(
  { 'zh-CN': systemAdminZhCN, 'en-US': systemAdminEnUS },
  'sys.invalid',
);
