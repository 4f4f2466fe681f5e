import { moduleUnavailable } from '../../shared/routing/module-unavailable.ts';
import type { RouteDef } from '../../shared/routing/route-def.ts';
import { signedIn } from '../../shared/routing/route-def.ts';

/** Water quality (/water): spec §2. Pages a later issue builds show the shared not-available page. */
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
        page: moduleUnavailable,
      },
    ],
  },
];
