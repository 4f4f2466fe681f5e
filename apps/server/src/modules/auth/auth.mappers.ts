import type { Locale, MenuNode, RoleInfo } from '@water/contracts';
import type { departments, enterprises, MenuRow, users } from '../../db/schema/index.ts';
import type { AuthContext } from '../../types.ts';
import { roleName } from '../roles/roles.mappers.ts';

export type SignedInRow = {
  user: typeof users.$inferSelect;
  enterpriseName: (typeof enterprises.$inferSelect)['name'] | null;
  departmentName: (typeof departments.$inferSelect)['name'] | null;
};

/** What the console learns of the signed-in user: who, in which role, with which menus and permissions. */
export const toRoleInfo = (
  auth: AuthContext,
  profile: SignedInRow,
  roles: { code: string; name: string; nameEn: string }[],
  menuRows: MenuRow[],
  permissions: string[],
  locale: Locale,
): RoleInfo => {
  const u = profile.user;
  return {
    name: u.displayName || u.username,
    avatar: u.avatar,
    job: u.job,
    organization: String(u.enterpriseId ?? ''),
    location: u.location,
    email: u.email,
    introduction: u.introduction,
    personalWebsite: u.personalWebsite,
    jobName: u.jobName,
    organizationName: profile.departmentName ?? profile.enterpriseName ?? '',
    locationName: u.locationName,
    phone: u.phone ?? '',
    registrationDate: u.createdAt.toISOString(),
    accountId: String(u.id),
    certification: u.certification,
    role: auth.roleCode ?? '',
    roles: roles.map((role) => ({ code: role.code, name: roleName(role, locale) })),
    menus: menuRows.filter((m) => m.type !== 'button').map((m) => m.name),
    permissions,
    userInfos: {
      userId: u.id,
      username: u.username,
      enterpriseId: u.enterpriseId,
      departmentId: u.departmentId,
      mustChangePassword: u.mustChangePassword,
    },
  };
};

/** Rows to a tree; an entry whose parent is not granted is left out with its parent. */
export function buildMenuTree(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const m of rows) {
    nodes.set(m.id, {
      id: m.id,
      type: m.type as MenuNode['type'],
      path: m.path,
      name: m.name,
      meta: {
        locale: m.locale,
        title: { 'zh-CN': m.titleZh, 'en-US': m.titleEn },
        requiresAuth: m.requiresAuth,
        ...(m.icon ? { icon: m.icon } : {}),
        order: m.orderNum,
        hideInMenu: m.hidden,
        ignoreCache: m.ignoreCache,
        roles: ['*'],
        ...(m.permission ? { permission: m.permission } : {}),
        ...(m.externalLink ? { externalLink: m.externalLink } : {}),
      },
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const m of rows) {
    const node = nodes.get(m.id)!;
    if (m.parentId === null) roots.push(node);
    else nodes.get(m.parentId)?.children.push(node);
  }
  return roots;
}
