import { createFeatureI18n, type FeatureI18n } from '../../shared/i18n/feature-i18n.ts';
import { deviceTransferEnUS } from './locale/device-transfer-en-US.ts';
import { deviceTransferZhCN } from './locale/device-transfer-zh-CN.ts';

export type DeviceTransferMessageKey = keyof typeof deviceTransferZhCN;
export type DeviceTransferI18n = FeatureI18n<DeviceTransferMessageKey>;

export const useDeviceTransferI18n = createFeatureI18n<DeviceTransferMessageKey>(
  { 'zh-CN': deviceTransferZhCN, 'en-US': deviceTransferEnUS },
  'deviceTransfer.invalid',
);
