import type { qrCodesZhCN } from './zh-CN.ts';

export const qrCodesEnUS = {
  'menu.qrcode': 'QR codes',
  'menu.scanRecord': 'Scan records',
} as const satisfies Record<keyof typeof qrCodesZhCN, string>;
