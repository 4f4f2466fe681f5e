import type { publicCameraZhCN } from './zh-CN.ts';

/** The public camera page's texts (/bz/cameraDetails, opened by a shared link, no sign-in). */
export const publicCameraEnUS: Record<keyof typeof publicCameraZhCN, string> = {
  'publicCamera.loading': 'Opening the link…',
  'publicCamera.validUntil': 'Link valid until {time}',
  'publicCamera.remaining': ' ({left} left)',
  'publicCamera.days': '{d} d {hms}',
  'publicCamera.place': 'Place',
  'publicCamera.location': 'Looking at',
  'publicCamera.code': 'Code',
  'publicCamera.footer':
    'Shared from the Water Ops Console through a time-limited link, for viewing only; the link stops working when it expires.',
  'publicCamera.invalid.title': 'Invalid link',
  'publicCamera.noToken': 'The link has no token: use the whole link its sender gave you',
  'publicCamera.ended.title': 'This link has ended',
  'publicCamera.expired': 'This link has expired: ask its sender for a new one',
  'publicCamera.failed.title': 'The link cannot be opened now',
  'publicCamera.retry': 'Try again',
};
