import { createFeatureI18n, type FeatureI18n } from '../../shared/i18n/feature-i18n.ts';
import { deviceTypeEnUS } from './locale/device-type-en-US.ts';
import { deviceTypeZhCN } from './locale/device-type-zh-CN.ts';

export type DeviceTypeMessageKey = keyof typeof deviceTypeZhCN;
export type DeviceTypeI18n = FeatureI18n<DeviceTypeMessageKey>;

export const useDeviceTypeI18n = createFeatureI18n<DeviceTypeMessageKey>(
  { 'zh-CN': deviceTypeZhCN, 'en-US': deviceTypeEnUS },
  'deviceType.invalid',
);
