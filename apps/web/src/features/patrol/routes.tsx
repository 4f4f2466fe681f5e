import { moduleUnavailable } from '../../shared/routing/module-unavailable.ts';
import type { RouteDef } from '../../shared/routing/route-def.ts';
import { signedIn } from '../../shared/routing/route-def.ts';

/** Inspection & repair (/patrol-inspection): spec §2. Pages a later issue builds show the shared not-available page. */
export const patrolRoutes: RouteDef[] = [
  {
    name: 'patrol-inspection',
    path: '/patrol-inspection',
    labelKey: 'menu.patrol-inspection',
    icon: 'icon-tool',
    order: 12,
    ...signedIn,
    children: [
      {
        name: 'problem',
        path: 'problem',
        labelKey: 'menu.problem',
        ...signedIn,
        page: moduleUnavailable,
      },
      {
        name: 'ticket',
        path: 'ticket',
        labelKey: 'menu.ticket',
        ...signedIn,
        page: moduleUnavailable,
      },
    ],
  },
];
