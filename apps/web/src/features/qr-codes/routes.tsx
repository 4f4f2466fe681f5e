import { moduleUnavailable } from '../../shared/routing/module-unavailable.ts';
import type { RouteDef } from '../../shared/routing/route-def.ts';
import { signedIn } from '../../shared/routing/route-def.ts';

/** QR codes (/qrcode): spec §2. Pages a later issue builds show the shared not-available page. */
export const qrCodesRoutes: RouteDef[] = [
  {
    name: 'qrcode',
    path: '/qrcode',
    labelKey: 'menu.qrcode',
    icon: 'icon-qrcode',
    order: 5,
    ...signedIn,
    children: [
      {
        name: 'scanRecord',
        path: 'scanRecord',
        labelKey: 'menu.scanRecord',
        ...signedIn,
        page: moduleUnavailable,
      },
    ],
  },
];
