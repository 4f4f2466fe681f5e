import { moduleUnavailable } from '../../shared/routing/module-unavailable.ts';
import type { RouteDef } from '../../shared/routing/route-def.ts';
import { signedIn } from '../../shared/routing/route-def.ts';

/** Statistics (/report): spec §2. Pages a later issue builds show the shared not-available page. */
export const statisticsRoutes: RouteDef[] = [
  {
    name: 'report',
    path: '/report',
    labelKey: 'menu.report',
    icon: 'icon-bar-chart',
    order: 2,
    ...signedIn,
    children: [
      {
        name: 'manyDimensions',
        path: 'manyDimensions',
        labelKey: 'menu.manyDimensions',
        ...signedIn,
        page: moduleUnavailable,
      },
      {
        name: 'oneDimensions',
        path: 'oneDimensions',
        labelKey: 'menu.oneDimensions',
        ...signedIn,
        page: moduleUnavailable,
      },
    ],
  },
];
