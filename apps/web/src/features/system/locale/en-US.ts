import type { systemZhCN } from './zh-CN.ts';

export const systemEnUS = {
  'menu.sys': 'System',
  'menu.device-offline-alarm-rule': 'Device offline rules',
  'menu.callPoliceRule': 'Alarm rules',
  'menu.pumpingSystem': 'Pump-station setup',
  'menu.sectionManage': 'Geo-fences',
  'menu.menuManager': 'Menus',
  'menu.logManager': 'Logs',
} as const satisfies Record<keyof typeof systemZhCN, string>;
