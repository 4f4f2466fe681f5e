import type { pumpStationsZhCN } from './zh-CN.ts';

export const pumpStationsEnUS = {
  'menu.bz': 'Pump stations',
  'menu.monitorMange': 'Home',
  'menu.pumpStationList': 'Real-time data',
  'menu.pumpStationYt': 'Cloud map',
  'menu.pumpStationControl': 'Pump control',
  'menu.synthesize-analysis': 'Multi-dimension analysis',
  'menu.synthesis-analysis': 'Comprehensive analysis',
  'menu.history-data': 'History data',
  'menu.pumpLog': 'Alarm records',
  'menu.alarm': 'Alarm warnings',
  'menu.cameraList': 'Camera list',
  'menu.camera': 'Camera display',
  'menu.cameraDetails': 'Camera details',
} as const satisfies Record<keyof typeof pumpStationsZhCN, string>;
