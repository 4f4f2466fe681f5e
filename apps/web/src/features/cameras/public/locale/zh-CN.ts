/** The public camera page's texts (/bz/cameraDetails, opened by a shared link, no sign-in). */
export const publicCameraZhCN = {
  'publicCamera.loading': '正在打开链接…',
  'publicCamera.validUntil': '链接有效至 {time}',
  'publicCamera.remaining': '（剩余 {left}）',
  'publicCamera.days': '{d} 天 {hms}',
  'publicCamera.place': '位置',
  'publicCamera.location': '监看部位',
  'publicCamera.code': '编号',
  'publicCamera.footer': '此画面由水务运营控制台通过限时分享链接提供，仅供查看；链接到期后自动失效。',
  'publicCamera.invalid.title': '链接无效',
  'publicCamera.noToken': '链接缺少令牌：请使用发送者提供的完整链接',
  'publicCamera.ended.title': '链接已失效',
  'publicCamera.expired': '链接已过期，请向发送者索取新链接',
  'publicCamera.failed.title': '暂时无法打开该链接',
  'publicCamera.retry': '重试',
} as const;
