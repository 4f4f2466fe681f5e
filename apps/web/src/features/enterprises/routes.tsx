import type { RouteDef } from '../../shared/routing/route-def.ts';
import { signedIn } from '../../shared/routing/route-def.ts';

/**
 * Enterprises (/organizationss): spec §2. Every role may open the pages: one without the list
 * permission is told so on the page, and the server guards every read and write.
 */
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
        page: () => import('./pages/enterprise-list-page.tsx').then((m) => ({ default: m.EnterpriseListPage })),
      },
      {
        name: 'deptManager',
        path: 'deptManager',
        labelKey: 'menu.deptManager',
        ...signedIn,
        page: () => import('./pages/department-tree-page.tsx').then((m) => ({ default: m.DepartmentTreePage })),
      },
      {
        name: 'memberManager',
        path: 'memberManager',
        labelKey: 'menu.memberManager',
        ...signedIn,
        page: () => import('./pages/member-list-page.tsx').then((m) => ({ default: m.MemberListPage })),
      },
    ],
  },
];
