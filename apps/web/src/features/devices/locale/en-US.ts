import type { devicesZhCN } from './zh-CN.ts';

export const devicesEnUS = {
  'menu.device': 'Devices',
  'menu.deviceList': 'Device list',
  'menu.deviceDetail': 'Device details',
  'menu.deviceArchives': 'Device archives',
  'menu.monitoRingregion': 'Monitoring regions',
} as const satisfies Record<keyof typeof devicesZhCN, string>;
