import {
  IconApps,
  IconArrowRise,
  IconBranch,
  IconCommon,
  IconDashboard,
  IconExperiment,
  IconFolder,
  IconHome,
  IconMessage,
  IconQrcode,
  IconSettings,
  IconThunderbolt,
  IconTool,
  IconUserGroup,
} from '@arco-design/web-react/icon';
import type { ComponentType, ReactNode } from 'react';
import type { FlatRoute } from '../../../shared/routing/route-def.ts';

// The menu's icon names much as the side menu draws them (app/layout/menu-icons.tsx, which a feature cannot
// import). Icons the sign-in form uses are avoided: sharing one would split it into a chunk of its own on /login.
const icons: Record<string, ComponentType> = {
  'icon-dashboard': IconDashboard,
  'icon-bar-chart': IconArrowRise,
  'icon-common': IconCommon,
  'icon-branch': IconBranch,
  'icon-qrcode': IconQrcode,
  'icon-message': IconMessage,
  'icon-folder': IconFolder,
  'icon-experiment': IconExperiment,
  'icon-thunderbolt': IconThunderbolt,
  'icon-home': IconHome,
  'icon-user': IconUserGroup,
  'icon-tool': IconTool,
  'icon-settings': IconSettings,
};

/** A page's icon: its own, else its menu group's, so a shortcut looks like its place in the menu. */
export function routeIcon(route: FlatRoute): ReactNode {
  const name = route.icon ?? [...route.parents].reverse().find((parent) => parent.icon)?.icon;
  const Icon = (name && icons[name]) || IconApps;
  return <Icon />;
}
