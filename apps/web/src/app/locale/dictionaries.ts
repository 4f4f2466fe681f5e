import type { Locale } from '@water/contracts/common/locale';
import { accountEnUS } from '../../features/account/locale/en-US.ts';
import { accountZhCN } from '../../features/account/locale/zh-CN.ts';
import { dashboardEnUS } from '../../features/dashboard/locale/en-US.ts';
import { dashboardZhCN } from '../../features/dashboard/locale/zh-CN.ts';
import { devicesEnUS } from '../../features/devices/locale/en-US.ts';
import { devicesZhCN } from '../../features/devices/locale/zh-CN.ts';
import { drainageNetworkEnUS } from '../../features/drainage-network/locale/en-US.ts';
import { drainageNetworkZhCN } from '../../features/drainage-network/locale/zh-CN.ts';
import { enterprisesEnUS } from '../../features/enterprises/locale/en-US.ts';
import { enterprisesZhCN } from '../../features/enterprises/locale/zh-CN.ts';
import { exceptionEnUS } from '../../features/exception/locale/en-US.ts';
import { exceptionZhCN } from '../../features/exception/locale/zh-CN.ts';
import { loginEnUS } from '../../features/login/locale/en-US.ts';
import { loginZhCN } from '../../features/login/locale/zh-CN.ts';
import { messagingEnUS } from '../../features/messaging/locale/en-US.ts';
import { messagingZhCN } from '../../features/messaging/locale/zh-CN.ts';
import { monitoringDataEnUS } from '../../features/monitoring-data/locale/en-US.ts';
import { monitoringDataZhCN } from '../../features/monitoring-data/locale/zh-CN.ts';
import { patrolEnUS } from '../../features/patrol/locale/en-US.ts';
import { patrolZhCN } from '../../features/patrol/locale/zh-CN.ts';
import { projectsEnUS } from '../../features/projects/locale/en-US.ts';
import { projectsZhCN } from '../../features/projects/locale/zh-CN.ts';
import { pumpStationsEnUS } from '../../features/pump-stations/locale/en-US.ts';
import { pumpStationsZhCN } from '../../features/pump-stations/locale/zh-CN.ts';
import { qrCodesEnUS } from '../../features/qr-codes/locale/en-US.ts';
import { qrCodesZhCN } from '../../features/qr-codes/locale/zh-CN.ts';
import { statisticsEnUS } from '../../features/statistics/locale/en-US.ts';
import { statisticsZhCN } from '../../features/statistics/locale/zh-CN.ts';
import { systemEnUS } from '../../features/system/locale/en-US.ts';
import { systemZhCN } from '../../features/system/locale/zh-CN.ts';
import { usersEnUS } from '../../features/users/locale/en-US.ts';
import { usersZhCN } from '../../features/users/locale/zh-CN.ts';
import { waterQualityEnUS } from '../../features/water-quality/locale/en-US.ts';
import { waterQualityZhCN } from '../../features/water-quality/locale/zh-CN.ts';
import { sharedEnUS } from '../../shared/i18n/locale/en-US.ts';
import { sharedZhCN } from '../../shared/i18n/locale/zh-CN.ts';
import type { Dictionaries } from '../../shared/i18n/messages.ts';
import { appEnUS } from './en-US.ts';
import { appZhCN } from './zh-CN.ts';

/**
 * Every dictionary of the console, one entry per owner. A new feature adds its two imports and
 * one entry here; the dictionary test then checks the pair key by key.
 */
export const dictionaryParts = {
  shared: { 'zh-CN': sharedZhCN, 'en-US': sharedEnUS },
  app: { 'zh-CN': appZhCN, 'en-US': appEnUS },
  login: { 'zh-CN': loginZhCN, 'en-US': loginEnUS },
  exception: { 'zh-CN': exceptionZhCN, 'en-US': exceptionEnUS },
  dashboard: { 'zh-CN': dashboardZhCN, 'en-US': dashboardEnUS },
  monitoringData: { 'zh-CN': monitoringDataZhCN, 'en-US': monitoringDataEnUS },
  statistics: { 'zh-CN': statisticsZhCN, 'en-US': statisticsEnUS },
  devices: { 'zh-CN': devicesZhCN, 'en-US': devicesEnUS },
  drainageNetwork: { 'zh-CN': drainageNetworkZhCN, 'en-US': drainageNetworkEnUS },
  qrCodes: { 'zh-CN': qrCodesZhCN, 'en-US': qrCodesEnUS },
  messaging: { 'zh-CN': messagingZhCN, 'en-US': messagingEnUS },
  projects: { 'zh-CN': projectsZhCN, 'en-US': projectsEnUS },
  waterQuality: { 'zh-CN': waterQualityZhCN, 'en-US': waterQualityEnUS },
  pumpStations: { 'zh-CN': pumpStationsZhCN, 'en-US': pumpStationsEnUS },
  enterprises: { 'zh-CN': enterprisesZhCN, 'en-US': enterprisesEnUS },
  users: { 'zh-CN': usersZhCN, 'en-US': usersEnUS },
  patrol: { 'zh-CN': patrolZhCN, 'en-US': patrolEnUS },
  system: { 'zh-CN': systemZhCN, 'en-US': systemEnUS },
  account: { 'zh-CN': accountZhCN, 'en-US': accountEnUS },
} as const;

type Parts = typeof dictionaryParts;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type AllZhCN = UnionToIntersection<Parts[keyof Parts]['zh-CN']>;
export type AppMessageKey = keyof AllZhCN & string;

declare module '../../shared/i18n/messages.ts' {
  interface MessageRegistry extends Record<AppMessageKey, string> {}
}

function merge(locale: Locale): Record<string, string> {
  return Object.assign({}, ...Object.values(dictionaryParts).map((part) => part[locale]));
}

export const dictionaries: Dictionaries = { 'zh-CN': merge('zh-CN'), 'en-US': merge('en-US') };
