import { moduleUnavailable } from '../../shared/routing/module-unavailable.ts';
import type { RouteDef } from '../../shared/routing/route-def.ts';
import { signedIn } from '../../shared/routing/route-def.ts';

/** Projects (/project): spec §2. Pages a later issue builds show the shared not-available page. */
export const projectsRoutes: RouteDef[] = [
  {
    name: 'project',
    path: '/project',
    labelKey: 'menu.project',
    icon: 'icon-folder',
    order: 7,
    ...signedIn,
    children: [
      {
        name: 'uProject',
        path: 'uProject',
        labelKey: 'menu.uProject',
        ...signedIn,
        page: moduleUnavailable,
      },
      {
        name: 'site',
        path: 'site',
        labelKey: 'menu.site',
        ...signedIn,
        page: moduleUnavailable,
      },
    ],
  },
];
