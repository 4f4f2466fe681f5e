import type { RouteDef } from '../../shared/routing/route-def.ts';
import { signedIn } from '../../shared/routing/route-def.ts';

/** Monitoring data (/timeData): spec §2, issue 7: the real-time board and the history chart. */
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
        page: () => import('./pages/real-time-data-page.tsx').then((m) => ({ default: m.RealTimeDataPage })),
      },
      {
        name: 'historyData',
        path: 'historyData',
        labelKey: 'menu.historyData',
        ...signedIn,
        page: () => import('./pages/history-data-page.tsx').then((m) => ({ default: m.HistoryDataPage })),
      },
    ],
  },
];
