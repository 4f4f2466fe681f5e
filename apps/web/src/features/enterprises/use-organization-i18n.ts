import { createFeatureI18n, type FeatureI18n } from '../../shared/i18n/feature-i18n.ts';
import { organizationEnUS } from './locale/organization-en-US.ts';
import { organizationZhCN } from './locale/organization-zh-CN.ts';

export type OrganizationMessageKey = keyof typeof organizationZhCN;
export type OrganizationI18n = FeatureI18n<OrganizationMessageKey>;

export const useOrganizationI18n = createFeatureI18n<OrganizationMessageKey>(
  { 'zh-CN': organizationZhCN, 'en-US': organizationEnUS },
  'org.invalid',
);
