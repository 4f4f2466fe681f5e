import type { RouteDef } from '../../shared/routing/route-def.ts';
import { signedIn } from '../../shared/routing/route-def.ts';
import { loadWaterListPage } from './public-lazy.ts';

/** Water quality (/water): spec §2; the monitoring data (issue 18). */
export const waterQualityRoutes: RouteDef[] = [
  {
    name: 'water',
    path: '/water',
    labelKey: 'menu.water',
    icon: 'icon-experiment',
    order: 8,
    ...signedIn,
    children: [
      {
        name: 'waterList',
        path: 'waterList',
        labelKey: 'menu.waterList',
        ...signedIn,
        page: loadWaterListPage,
      },
    ],
  },
];
