export const qrCodesZhCN = {
  'menu.qrcode': '二维码',
  'menu.scanRecord': '扫码记录',
} as const;
