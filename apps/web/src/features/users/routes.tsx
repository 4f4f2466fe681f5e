import type { RouteDef } from '../../shared/routing/route-def.ts';
import { signedIn } from '../../shared/routing/route-def.ts';

/** Users (/uuuser): spec §2. The server's menu tree decides who sees them; its permissions guard the calls. */
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
        page: () => import('./pages/user-list-page.tsx').then((m) => ({ default: m.UserListPage })),
      },
      {
        name: 'roleManager',
        path: 'roleManager',
        labelKey: 'menu.roleManager',
        ...signedIn,
        page: () => import('./pages/role-list-page.tsx').then((m) => ({ default: m.RoleListPage })),
      },
    ],
  },
];
