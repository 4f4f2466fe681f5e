export const messagingZhCN = {
  'menu.callPolice': '消息管理',
  'menu.callPoliceMessage': '消息模板',
  'menu.callPolicePush': '消息推送',
  'menu.callPoliceNotification': '发布通知',
} as const;
