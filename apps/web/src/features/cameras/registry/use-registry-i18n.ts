import { createFeatureI18n, type FeatureI18n } from '../../../shared/i18n/feature-i18n.ts';
import { cameraRegistryEnUS } from './locale/en-US.ts';
import { cameraRegistryZhCN } from './locale/zh-CN.ts';

export type RegistryMessageKey = keyof typeof cameraRegistryZhCN;
export type RegistryI18n = FeatureI18n<RegistryMessageKey>;

/** The camera registry's texts (cameras, public links, video platforms). */
export const useRegistryI18n = createFeatureI18n<RegistryMessageKey>(
  { 'zh-CN': cameraRegistryZhCN, 'en-US': cameraRegistryEnUS },
  'cam.invalid',
);
