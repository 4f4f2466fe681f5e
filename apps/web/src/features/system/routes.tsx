import { moduleUnavailable } from '../../shared/routing/module-unavailable.ts';
import type { RouteDef } from '../../shared/routing/route-def.ts';
import { signedIn } from '../../shared/routing/route-def.ts';
import { loadAlarmRuleListPage, loadOfflineRuleListPage } from '../alarm-rules/public-lazy.ts';
import { loadPumpStationConfigPage } from '../pump-stations/public-lazy.ts';

/** System (/sys): spec §2. Pages a later issue builds show the shared not-available page; each built page is its own lazy chunk. */
export const systemRoutes: RouteDef[] = [
  {
    name: 'sys',
    path: '/sys',
    labelKey: 'menu.sys',
    icon: 'icon-settings',
    order: 12,
    ...signedIn,
    children: [
      {
        name: 'device-offline-alarm-rule',
        path: 'device-offline-alarm-rule',
        labelKey: 'menu.device-offline-alarm-rule',
        ...signedIn,
        page: loadOfflineRuleListPage,
      },
      {
        name: 'callPoliceRule',
        path: 'callPoliceRule',
        labelKey: 'menu.callPoliceRule',
        ...signedIn,
        page: loadAlarmRuleListPage,
      },
      {
        name: 'pumpingSystem',
        path: 'pumpingSystem',
        labelKey: 'menu.pumpingSystem',
        ...signedIn,
        page: loadPumpStationConfigPage,
      },
      {
        name: 'sectionManage',
        path: 'sectionManage',
        labelKey: 'menu.sectionManage',
        ...signedIn,
        page: moduleUnavailable,
      },
      {
        name: 'menuManager',
        path: 'menuManager',
        labelKey: 'menu.menuManager',
        ...signedIn,
        page: () => import('./pages/menu-list-page.tsx').then((m) => ({ default: m.MenuListPage })),
      },
      {
        name: 'logManager',
        path: 'logManager',
        labelKey: 'menu.logManager',
        ...signedIn,
        page: () => import('./pages/log-list-page.tsx').then((m) => ({ default: m.LogListPage })),
      },
    ],
  },
];
