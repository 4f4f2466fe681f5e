import { moduleUnavailable } from '../../shared/routing/module-unavailable.ts';
import type { RouteDef } from '../../shared/routing/route-def.ts';
import { signedIn } from '../../shared/routing/route-def.ts';

/** Users (/uuuser): spec §2. Pages a later issue builds show the shared not-available page. */
export const usersRoutes: RouteDef[] = [
  {
    name: 'uuuser',
    path: '/uuuser',
    labelKey: 'menu.uuuser',
    icon: 'icon-user',
    order: 11,
    ...signedIn,
    children: [
      {
        name: 'manager',
        path: 'manager',
        labelKey: 'menu.manager',
        ...signedIn,
        page: moduleUnavailable,
      },
      {
        name: 'roleManager',
        path: 'roleManager',
        labelKey: 'menu.roleManager',
        ...signedIn,
        page: moduleUnavailable,
      },
    ],
  },
];
