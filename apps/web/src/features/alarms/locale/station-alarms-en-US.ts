import type { stationAlarmsZhCN } from './station-alarms-zh-CN.ts';

export const stationAlarmsEnUS: Record<keyof typeof stationAlarmsZhCN, string> = {
  'stationAlarms.list': "The station's open alarms",
  'stationAlarms.none': 'No open alarms',
  'stationAlarms.noPermission': "You don't have permission to view alarms",
  'stationAlarms.viewAll': 'View all {n}',
  'stationAlarms.loadFailed': 'Failed to load the alarms',
  'stationAlarms.requestFailed': 'The request failed, please try again',
  'stationAlarms.retry': 'Retry',
  'stationAlarms.lastValue': 'last {value}',
  'stationAlarms.count': '{n} times',
};
