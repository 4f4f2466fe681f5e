export const devicesZhCN = {
  'menu.device': '设备管理',
  'menu.deviceList': '设备列表',
  'menu.deviceArchives': '设备档案',
  'menu.deviceDetail': '设备详情',
  'menu.monitoRingregion': '监测区域',
} as const;
