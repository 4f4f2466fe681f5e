import { menuIconComponent } from '../../shared/ui/menu-icons.ts';

export function MenuIcon({ name }: { name: string | undefined }) {
  if (!name) return null;
  const Icon = menuIconComponent(name);
  return <Icon />;
}
