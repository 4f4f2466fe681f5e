import { createFeatureI18n, type FeatureI18n } from '../../shared/i18n/feature-i18n.ts';
import { deviceArchivesEnUS } from './locale/en-US.ts';
import { deviceArchivesZhCN } from './locale/zh-CN.ts';

export type DeviceArchivesMessageKey = keyof typeof deviceArchivesZhCN;
export type DeviceArchivesI18n = FeatureI18n<DeviceArchivesMessageKey>;

export const useDeviceArchivesI18n = createFeatureI18n<DeviceArchivesMessageKey>(
  { 'zh-CN': deviceArchivesZhCN, 'en-US': deviceArchivesEnUS },
  'deviceArchives.invalid',
);
