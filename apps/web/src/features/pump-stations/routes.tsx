import type { RouteDef } from '../../shared/routing/route-def.ts';
import { signedIn } from '../../shared/routing/route-def.ts';
import { loadAlarmListPage, loadAlarmRecordsPage } from '../alarms/public-lazy.ts';
import { loadCameraListPage, loadCameraLivePage, loadPublicCameraPage } from '../cameras/public-lazy.ts';
import { loadStationComparePage, loadSystemKpisPage } from '../station-analysis/public-lazy.ts';
import {
  loadPublicHomePage,
  loadPumpControlPage,
  loadStationHistoryPage,
  loadStationLivePage,
  loadStationMapPage,
} from './public-lazy.ts';

/** Pump stations (/bz): spec §2. The home (monitorMange) is public; pages a later issue builds show the shared not-available page. */
export const pumpStationsRoutes: RouteDef[] = [
  {
    name: 'bz',
    path: '/bz',
    labelKey: 'menu.bz',
    icon: 'icon-thunderbolt',
    order: 9,
    ...signedIn,
    children: [
      {
        name: 'monitorMange',
        path: 'index',
        labelKey: 'menu.monitorMange',
        requiresAuth: false,
        roles: ['*'],
        page: loadPublicHomePage,
      },
      {
        name: 'pumpStationList',
        path: 'pumpStationList',
        labelKey: 'menu.pumpStationList',
        ...signedIn,
        page: loadStationLivePage,
      },
      {
        name: 'pumpStationYt',
        path: 'pumpStationYt',
        labelKey: 'menu.pumpStationYt',
        ...signedIn,
        page: loadStationMapPage,
      },
      {
        name: 'pumpStationControl',
        path: 'pumpStationControl',
        labelKey: 'menu.pumpStationControl',
        ...signedIn,
        page: loadPumpControlPage,
      },
      {
        name: 'synthesize-analysis',
        path: 'synthesize-analysis',
        labelKey: 'menu.synthesize-analysis',
        ...signedIn,
        page: loadStationComparePage,
      },
      {
        name: 'synthesis-analysis',
        path: 'synthesis-analysis',
        labelKey: 'menu.synthesis-analysis',
        ...signedIn,
        page: loadSystemKpisPage,
      },
      {
        name: 'history-data',
        path: 'history-data',
        labelKey: 'menu.history-data',
        ...signedIn,
        page: loadStationHistoryPage,
      },
      {
        name: 'pumpLog',
        path: 'pumpLog',
        labelKey: 'menu.pumpLog',
        ...signedIn,
        page: loadAlarmRecordsPage,
      },
      {
        name: 'alarm',
        path: 'alarm',
        labelKey: 'menu.alarm',
        ...signedIn,
        page: loadAlarmListPage,
      },
      {
        name: 'cameraList',
        path: 'cameraList',
        labelKey: 'menu.cameraList',
        ...signedIn,
        page: loadCameraListPage,
      },
      {
        name: 'camera',
        path: 'camera',
        labelKey: 'menu.camera',
        ...signedIn,
        page: loadCameraLivePage,
      },
      {
        name: 'cameraDetails',
        path: 'cameraDetails',
        labelKey: 'menu.cameraDetails',
        requiresAuth: false,
        roles: ['*'],
        hideInMenu: true,
        page: loadPublicCameraPage,
      },
    ],
  },
];
