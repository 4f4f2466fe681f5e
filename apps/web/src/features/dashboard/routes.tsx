import { moduleUnavailable } from '../../shared/routing/module-unavailable.ts';
import type { RouteDef } from '../../shared/routing/route-def.ts';
import { signedIn } from '../../shared/routing/route-def.ts';

/** Dashboard (/dashboard): spec §2. Pages a later issue builds show the shared not-available page. */
export const dashboardRoutes: RouteDef[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    labelKey: 'menu.dashboard',
    icon: 'icon-dashboard',
    order: 0,
    ...signedIn,
    children: [
      {
        name: 'Workplace',
        path: 'workplace',
        labelKey: 'menu.Workplace',
        ...signedIn,
        page: moduleUnavailable,
      },
      {
        name: 'arcoWebsite',
        path: 'https://arco.design',
        labelKey: 'menu.arcoWebsite',
        ...signedIn,
        externalLink: 'https://arco.design',
      },
    ],
  },
];
