import { createFeatureI18n, type FeatureI18n } from '../../shared/i18n/feature-i18n.ts';
import { deviceListEnUS } from './locale/device-list-en-US.ts';
import { deviceListZhCN } from './locale/device-list-zh-CN.ts';

export type DeviceListMessageKey = keyof typeof deviceListZhCN;
export type DeviceListI18n = FeatureI18n<DeviceListMessageKey>;

export const useDeviceListI18n = createFeatureI18n<DeviceListMessageKey>(
  { 'zh-CN': deviceListZhCN, 'en-US': deviceListEnUS },
  'deviceList.invalid',
);
