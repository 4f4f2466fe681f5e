import { Tag } from '@arco-design/web-react';
import type { AdminMenu } from '@water/contracts';
import { createElement } from 'react';
import { menuIconComponent } from '../../../shared/ui/menu-icons.ts';
import type { SystemAdminI18n, SystemAdminMessageKey } from '../use-system-admin-i18n.ts';

type T = SystemAdminI18n['t'];

const TYPE_COLORS: Record<AdminMenu['type'], string> = { directory: 'arcoblue', menu: 'green', button: 'orangered' };

export function menuTypeText(type: AdminMenu['type'], t: T): string {
  return t(`sys.menu.type.${type}` as SystemAdminMessageKey);
}

export function menuStatusText(status: AdminMenu['status'], t: T): string {
  return t(`sys.menu.status.${status}` as SystemAdminMessageKey);
}

export function MenuTypeTag({ type, t }: { type: AdminMenu['type']; t: T }) {
  return (
    <Tag size="small" color={TYPE_COLORS[type]}>
      {menuTypeText(type, t)}
    </Tag>
  );
}

export function MenuStatusTag({ status, t }: { status: AdminMenu['status']; t: T }) {
  return (
    <Tag size="small" color={status === 'enabled' ? 'green' : 'gray'}>
      {menuStatusText(status, t)}
    </Tag>
  );
}

/** A menu entry's icon as the side menu draws it; decorative, the text beside it names it. */
export function MenuIcon({ name }: { name: string }) {
  return (
    <span className="sys-menu-icon" aria-hidden="true">
      {createElement(menuIconComponent(name))}
    </span>
  );
}

/** The entry's title in the console's language. */
export function menuTitle(menu: Pick<AdminMenu, 'titleZh' | 'titleEn'>, locale: SystemAdminI18n['locale']): string {
  return locale === 'zh-CN' ? menu.titleZh : menu.titleEn || menu.titleZh;
}
