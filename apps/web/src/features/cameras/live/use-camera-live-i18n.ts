import { createFeatureI18n, type FeatureI18n } from '../../../shared/i18n/feature-i18n.ts';
import { cameraLiveEnUS } from './locale/en-US.ts';
import { cameraLiveZhCN } from './locale/zh-CN.ts';

export type CameraLiveMessageKey = keyof typeof cameraLiveZhCN;
export type CameraLiveI18n = FeatureI18n<CameraLiveMessageKey>;

/** The live view's texts (the player's own are in player/). */
export const useCameraLiveI18n = createFeatureI18n<CameraLiveMessageKey>({
  'zh-CN': cameraLiveZhCN,
  'en-US': cameraLiveEnUS,
});
