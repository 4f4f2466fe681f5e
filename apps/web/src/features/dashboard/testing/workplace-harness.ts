import { sharedEnUS } from '../../../shared/i18n/locale/en-US.ts';
import { sharedZhCN } from '../../../shared/i18n/locale/zh-CN.ts';
import type { FlatRoute } from '../../../shared/routing/route-def.ts';
import type { RenderPageOptions } from '../../../shared/testing/render-page.tsx';

const page = async () => ({ default: () => null });

function route(name: string, fullPath: string, icon?: string): FlatRoute {
  return {
    name,
    path: fullPath,
    fullPath,
    labelKey: `menu.${name}` as FlatRoute['labelKey'],
    requiresAuth: true,
    roles: ['*'],
    page,
    parents: icon ? [{ name: 'group', path: '/g', labelKey: 'app.name', icon, requiresAuth: true, roles: ['*'] }] : [],
  };
}

/** A registry of a few pages, as the app registers its own: the feature's tests do not build app/. */
export const testRoutes = [
  route('Workplace', '/dashboard/workplace', 'icon-dashboard'),
  route('deviceList', '/device/deviceList', 'icon-common'),
  route('realTimeData', '/monitoringData/realTimeData', 'icon-bar-chart'),
  route('userCenter', '/user/center'),
];

const labels = {
  'zh-CN': {
    'menu.Workplace': '工作台',
    'menu.deviceList': '设备列表',
    'menu.realTimeData': '实时数据',
    'menu.userCenter': '个人中心',
  },
  'en-US': {
    'menu.Workplace': 'Workplace',
    'menu.deviceList': 'Device list',
    'menu.realTimeData': 'Real-time data',
    'menu.userCenter': 'User centre',
  },
};

/**
 * renderPage's options for a Workplace widget: opened at the Workplace with the pages above in the
 * catalog and their labels, the path shown, and role-info left to the test's API answers.
 */
export const workplaceOptions = {
  route: '/dashboard/workplace',
  routes: testRoutes,
  dictionaries: {
    'zh-CN': { ...sharedZhCN, ...labels['zh-CN'] },
    'en-US': { ...sharedEnUS, ...labels['en-US'] },
  },
  permissions: null,
  showLocation: true,
} satisfies RenderPageOptions;
