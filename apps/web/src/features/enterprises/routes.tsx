import { moduleUnavailable } from '../../shared/routing/module-unavailable.ts';
import type { RouteDef } from '../../shared/routing/route-def.ts';
import { signedIn } from '../../shared/routing/route-def.ts';

/** Enterprises (/organizationss): spec §2. Pages a later issue builds show the shared not-available page. */
export const enterprisesRoutes: RouteDef[] = [
  {
    name: 'organizationss',
    path: '/organizationss',
    labelKey: 'menu.organizationss',
    icon: 'icon-home',
    order: 10,
    ...signedIn,
    children: [
      {
        name: 'organManagers',
        path: 'organManagers',
        labelKey: 'menu.organManagers',
        ...signedIn,
        page: moduleUnavailable,
      },
      {
        name: 'deptManager',
        path: 'deptManager',
        labelKey: 'menu.deptManager',
        ...signedIn,
        page: moduleUnavailable,
      },
      {
        name: 'memberManager',
        path: 'memberManager',
        labelKey: 'menu.memberManager',
        ...signedIn,
        page: moduleUnavailable,
      },
    ],
  },
];
