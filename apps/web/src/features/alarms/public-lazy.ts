import type { ComponentType } from 'react';
import type { PageLoader } from '../../shared/routing/route-def.ts';
import type { StationAlarmsProps } from './components/station-alarms.tsx';

/**
 * The alarm pages as loaders, for the pump-station routes that mount them (/bz/alarm, /bz/pumpLog),
 * and the station panel: this file imports nothing statically, so each stays in its own chunk.
 */
export const loadAlarmListPage: PageLoader = () =>
  import('./pages/alarm-list-page.tsx').then((m) => ({ default: m.AlarmListPage }));

export const loadAlarmRecordsPage: PageLoader = () =>
  import('./pages/alarm-records-page.tsx').then((m) => ({ default: m.AlarmRecordsPage }));

/**
 * A station's open alarms, the panel the real-time station detail mounts (`lazy(loadStationAlarms)`):
 * in a chunk of its own, not in the shell's with the navbar count.
 */
export const loadStationAlarms = (): Promise<{ default: ComponentType<StationAlarmsProps> }> =>
  import('./components/station-alarms.tsx').then((m) => ({ default: m.StationAlarms }));
