import { createFeatureI18n } from '../../../shared/i18n/feature-i18n.ts';
import { cameraPlayerEnUS } from './locale/en-US.ts';
import { cameraPlayerZhCN } from './locale/zh-CN.ts';

export type CameraPlayerMessageKey = keyof typeof cameraPlayerZhCN;

export const usePlayerI18n = createFeatureI18n<CameraPlayerMessageKey>({
  'zh-CN': cameraPlayerZhCN,
  'en-US': cameraPlayerEnUS,
});
