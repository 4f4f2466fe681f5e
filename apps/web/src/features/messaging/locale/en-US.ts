import type { messagingZhCN } from './zh-CN.ts';

export const messagingEnUS = {
  'menu.callPolice': 'Messaging',
  'menu.callPoliceMessage': 'Message templates',
  'menu.callPolicePush': 'Message push',
  'menu.callPoliceNotification': 'Publish notices',
} as const satisfies Record<keyof typeof messagingZhCN, string>;
