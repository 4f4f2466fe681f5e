import type { ReactNode } from 'react';
import type { FlatRoute } from '../../../shared/routing/route-def.ts';
import { menuIconComponent } from '../../../shared/ui/menu-icons.ts';

/** A page's icon: its own, else its menu group's, so a shortcut looks like its place in the menu. */
export function routeIcon(route: FlatRoute): ReactNode {
  const name = route.icon ?? [...route.parents].reverse().find((parent) => parent.icon)?.icon;
  const Icon = menuIconComponent(name);
  return <Icon />;
}
