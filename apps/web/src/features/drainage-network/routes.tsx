import { moduleUnavailable } from '../../shared/routing/module-unavailable.ts';
import type { RouteDef } from '../../shared/routing/route-def.ts';
import { signedIn } from '../../shared/routing/route-def.ts';

/** Drainage network (/wellmanagement): spec §2. Pages a later issue builds show the shared not-available page. */
export const drainageNetworkRoutes: RouteDef[] = [
  {
    name: 'wellmanagement',
    path: '/wellmanagement',
    labelKey: 'menu.wellmanagement',
    icon: 'icon-branch',
    order: 4,
    ...signedIn,
    children: [
      {
        name: 'wellList',
        path: 'wellList',
        labelKey: 'menu.wellList',
        ...signedIn,
        page: moduleUnavailable,
      },
      {
        name: 'PipelineManagement',
        path: 'PipelineManagement',
        labelKey: 'menu.PipelineManagement',
        ...signedIn,
        page: moduleUnavailable,
      },
      {
        name: 'defectList',
        path: 'defectList',
        labelKey: 'menu.defectList',
        ...signedIn,
        page: moduleUnavailable,
      },
    ],
  },
];
