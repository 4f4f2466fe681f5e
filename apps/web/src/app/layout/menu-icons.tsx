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
  IconUser,
} from '@arco-design/web-react/icon';
import type { ComponentType } from 'react';

/** The seed menu's icon names (Arco Pro's `icon-*`) to Arco icon components. */
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
  'icon-user': IconUser,
  'icon-tool': IconTool,
  'icon-settings': IconSettings,
};

/** An unknown name (a menu added on the server later) still gets an icon rather than a gap. */
export function MenuIcon({ name }: { name: string | undefined }) {
  if (!name) return null;
  const Icon = icons[name] ?? IconApps;
  return <Icon />;
}
