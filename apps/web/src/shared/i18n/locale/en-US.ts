import type { sharedZhCN } from './zh-CN.ts';

export const sharedEnUS = {
  'app.name': 'Water Ops Console',

  'language.label': 'Interface language',
  'language.zh-CN': '简体中文',
  'language.en-US': 'English',
  'theme.toDark': 'Switch to dark theme',
  'theme.toLight': 'Switch to light theme',

  'request.error': 'Error',
  'request.transportError': 'Request Error',
  'request.relogin.title': 'Confirm logout',
  'request.relogin.content': 'You have been logged out, you can cancel to stay on this page, or log in again',
  'request.relogin.ok': 'Re-Login',
  'request.relogin.cancel': 'Cancel',

  'common.loading': 'Loading…',
  'common.backHome': 'Back to home',

  'copy.button': 'Copy',
  'copy.label': 'Copy {what}',
  'copy.done': 'Copied',
  'copy.failed': 'Could not copy: select the text and copy it by hand',

  'attachments.label': 'Attachments',
  'attachments.download': 'Download {name}',

  'a11y.tree.expand': 'Expand',
  'a11y.tree.collapse': 'Collapse',
  'a11y.map.title': 'Map',
  'a11y.map.zoomIn': 'Zoom in',
  'a11y.map.zoomOut': 'Zoom out',
  'a11y.map.resetBearing': 'Drag to rotate the map, click to reset north',
  'unavailable.title': 'This module is not available yet',
  'unavailable.subtitle': '"{module}" arrives in a later release. No sample or made-up data is shown here.',
} as const satisfies Record<keyof typeof sharedZhCN, string>;
