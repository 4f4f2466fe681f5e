import type { RouteDef } from '../../shared/routing/route-def.ts';
import { signedIn } from '../../shared/routing/route-def.ts';

/** Messaging (/callPolice): spec §2. Pages a later issue builds show the shared not-available page. */
export const messagingRoutes: RouteDef[] = [
  {
    name: 'callPolice',
    path: '/callPolice',
    labelKey: 'menu.callPolice',
    icon: 'icon-message',
    order: 6,
    ...signedIn,
    children: [
      {
        name: 'callPoliceMessage',
        path: 'callPoliceMessage',
        labelKey: 'menu.callPoliceMessage',
        ...signedIn,
        page: () => import('./templates/message-templates-page.tsx').then((m) => ({ default: m.MessageTemplatesPage })),
      },
      {
        name: 'callPolicePush',
        path: 'callPolicePush',
        labelKey: 'menu.callPolicePush',
        ...signedIn,
        page: () => import('./push/push-list-page.tsx').then((m) => ({ default: m.PushListPage })),
      },
      {
        // Every role may open it: a user without the notice permission is told so on the page.
        name: 'callPoliceNotification',
        path: 'callPoliceNotification',
        labelKey: 'menu.callPoliceNotification',
        ...signedIn,
        page: () => import('./pages/notice-list-page.tsx').then((m) => ({ default: m.NoticeListPage })),
      },
    ],
  },
];
