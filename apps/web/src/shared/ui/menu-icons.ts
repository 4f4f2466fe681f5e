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
import type { ComponentType } from 'react';

// The seed menu's icon names (Arco Pro's `icon-*`) to Arco icon components, for the side menu and
// the Workplace's shortcuts alike. Icons the sign-in form uses are avoided: sharing one would split
// it into a chunk of its own on /login.
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

/** The icon names a menu entry may take, for the menu editor's picker. */
export const MENU_ICON_NAMES = Object.keys(icons);

/** An unknown name (a menu added on the server later) still gets an icon rather than a gap. */
export function menuIconComponent(name: string | undefined): ComponentType {
  return (name && icons[name]) || IconApps;
}
