import { createFeatureI18n } from '../../../shared/i18n/feature-i18n.ts';
import { publicCameraEnUS } from './locale/en-US.ts';
import { publicCameraZhCN } from './locale/zh-CN.ts';

export type PublicCameraMessageKey = keyof typeof publicCameraZhCN;

export const usePublicCameraI18n = createFeatureI18n<PublicCameraMessageKey>({
  'zh-CN': publicCameraZhCN,
  'en-US': publicCameraEnUS,
});
