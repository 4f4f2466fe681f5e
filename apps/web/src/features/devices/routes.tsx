import type { RouteDef } from '../../shared/routing/route-def.ts';
import { signedIn } from '../../shared/routing/route-def.ts';
import { loadDeviceArchivesPage } from '../device-archives/public-lazy.ts';

/** Devices (/device): spec §2. Pages a later issue builds show the shared not-available page. */
export const devicesRoutes: RouteDef[] = [
  {
    name: 'device',
    path: '/device',
    labelKey: 'menu.device',
    icon: 'icon-common',
    order: 3,
    ...signedIn,
    children: [
      {
        name: 'deviceList',
        path: 'deviceList',
        labelKey: 'menu.deviceList',
        ...signedIn,
        page: () => import('./pages/device-list-page.tsx').then((m) => ({ default: m.DeviceListPage })),
      },
      {
        name: 'deviceArchives',
        path: 'deviceArchives',
        labelKey: 'menu.deviceArchives',
        ...signedIn,
        page: loadDeviceArchivesPage,
      },
      {
        name: 'deviceDetail',
        path: 'deviceDetail',
        labelKey: 'menu.deviceDetail',
        hideInMenu: true,
        ...signedIn,
        page: () => import('./pages/device-detail-page.tsx').then((m) => ({ default: m.DeviceDetailPage })),
      },
      {
        name: 'monitoRingregion',
        path: 'monitoRingregion',
        labelKey: 'menu.monitoRingregion',
        ...signedIn,
        page: () => import('./pages/region-page.tsx').then((m) => ({ default: m.RegionPage })),
      },
    ],
  },
];
