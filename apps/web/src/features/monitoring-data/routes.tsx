import { moduleUnavailable } from '../../shared/routing/module-unavailable.ts';
import type { RouteDef } from '../../shared/routing/route-def.ts';
import { signedIn } from '../../shared/routing/route-def.ts';

/** Monitoring data (/timeData): spec §2. Pages a later issue builds show the shared not-available page. */
export const monitoringDataRoutes: RouteDef[] = [
  {
    name: 'timeData',
    path: '/timeData',
    labelKey: 'menu.timeData',
    icon: 'icon-dashboard',
    order: 1,
    ...signedIn,
    children: [
      {
        name: 'realTimeData',
        path: 'realTimeData',
        labelKey: 'menu.realTimeData',
        ...signedIn,
        page: moduleUnavailable,
      },
      {
        name: 'historyData',
        path: 'historyData',
        labelKey: 'menu.historyData',
        ...signedIn,
        page: moduleUnavailable,
      },
    ],
  },
];
