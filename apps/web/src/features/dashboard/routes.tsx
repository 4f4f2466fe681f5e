import type { RouteDef } from '../../shared/routing/route-def.ts';
import { signedIn } from '../../shared/routing/route-def.ts';
import { loadContentListPage } from '../content/public-lazy.ts';

/** Dashboard (/dashboard): spec §2. The Workplace is a lazy chunk of its own: ECharts loads with it only. */
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
        page: () => import('./pages/workplace-page.tsx').then((m) => ({ default: m.WorkplacePage })),
      },
      {
        // Every signed-in user reads the library; writing is gated on the page and by the server.
        name: 'contentLibrary',
        path: 'content',
        labelKey: 'menu.contentLibrary',
        ...signedIn,
        page: loadContentListPage,
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
