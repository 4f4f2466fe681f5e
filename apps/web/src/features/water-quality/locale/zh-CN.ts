export const waterQualityZhCN = {
  'menu.water': '水质监测',
  'menu.waterList': '监测数据',
} as const;
