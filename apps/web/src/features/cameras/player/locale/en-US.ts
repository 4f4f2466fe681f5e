import type { cameraPlayerZhCN } from './zh-CN.ts';

/** The camera player's texts (a live-view tile, the public camera page). */
export const cameraPlayerEnUS: Record<keyof typeof cameraPlayerZhCN, string> = {
  'player.state.connecting': 'Connecting',
  'player.state.playing': 'Playing',
  'player.state.stalled': 'Buffering',
  'player.state.reconnecting': 'Reconnecting (attempt {n})',
  'player.state.error': 'Cannot play',
  'player.state.offline': 'Network offline',
  'player.reason.stalled': 'The picture stopped for over 10 s',
  'player.reason.noPicture': 'No picture within 15 s',
  'player.reason.dropped': 'The stream dropped',
  'player.latency': 'Latency {s} s',
  'player.latencyEstimated': 'Latency ~{s} s',
  'player.toolbar': 'Video actions',
  'player.snapshot': 'Snapshot',
  'player.fullscreen': 'Full screen',
  'player.exitFullscreen': 'Exit full screen',
  'player.reconnect': 'Reconnect',
  'player.snapshot.noFrame': 'No picture yet: nothing to capture',
  'player.snapshot.tainted':
    'This video comes from another site that does not allow reading its frames: the browser refuses the snapshot',
  'player.snapshot.failed': 'The snapshot failed',
  'player.snapshot.saved': 'Snapshot saved: {name}',
  'player.fullscreen.failed': 'The browser refused full screen',
};
