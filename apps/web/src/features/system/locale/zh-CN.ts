export const systemZhCN = {
  'menu.sys': '系统配置',
  'menu.device-offline-alarm-rule': '设备离线告警规则',
  'menu.callPoliceRule': '告警规则',
  'menu.pumpingSystem': '泵站配置',
  'menu.sectionManage': '电子围栏管理',
  'menu.menuManager': '菜单管理',
  'menu.logManager': '日志管理',
} as const;
