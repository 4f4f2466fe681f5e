import { createFeatureI18n, type FeatureI18n } from '../../../shared/i18n/feature-i18n.ts';
import { pumpControlEnUS } from './locale/control-en-US.ts';
import { pumpControlZhCN } from './locale/control-zh-CN.ts';

export type PumpControlMessageKey = keyof typeof pumpControlZhCN;
export type PumpControlI18n = FeatureI18n<PumpControlMessageKey>;

export const usePumpControlI18n = createFeatureI18n<PumpControlMessageKey>({
  'zh-CN': pumpControlZhCN,
  'en-US': pumpControlEnUS,
});
