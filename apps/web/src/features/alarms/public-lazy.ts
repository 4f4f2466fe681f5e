import type { PageLoader } from '../../shared/routing/route-def.ts';

/**
 * The alarm pages as loaders, for the pump-station routes that mount them (/bz/alarm, /bz/pumpLog):
 * this file imports nothing statically, so each page stays in its own chunk.
 */
export const loadAlarmListPage: PageLoader = () =>
  import('./pages/alarm-list-page.tsx').then((m) => ({ default: m.AlarmListPage }));

export const loadAlarmRecordsPage: PageLoader = () =>
  import('./pages/alarm-records-page.tsx').then((m) => ({ default: m.AlarmRecordsPage }));
