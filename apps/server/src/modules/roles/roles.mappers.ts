import type { AdminMenu, DataScopeKind, Locale, RecordStatus, Role } from '@water/contracts';
import type { MenuRow, roles } from '../../db/schema/index.ts';

export type RoleRow = { role: typeof roles.$inferSelect; users: number };

/** A role's name in the caller's language: the English one when there is one. */
export const roleName = (role: { name: string; nameEn: string }, locale: Locale) =>
  locale === 'en-US' && role.nameEn ? role.nameEn : role.name;

export const toRoleSummary = (r: RoleRow): Omit<Role, 'menuIds' | 'departmentIds' | 'regionIds'> => ({
  id: r.role.id,
  code: r.role.code,
  name: r.role.name,
  nameEn: r.role.nameEn,
  description: r.role.description,
  dataScope: r.role.dataScope as DataScopeKind,
  sort: r.role.sort,
  status: r.role.status as RecordStatus,
  builtin: r.role.builtin,
  users: r.users,
  createdAt: r.role.createdAt.toISOString(),
});

/** Flat menu rows into the admin tree (order kept). */
export function buildMenuTree(rows: MenuRow[]): AdminMenu[] {
  const nodes = new Map<number, AdminMenu>();
  for (const m of rows) {
    nodes.set(m.id, {
      id: m.id,
      parentId: m.parentId,
      type: m.type as AdminMenu['type'],
      path: m.path,
      name: m.name,
      locale: m.locale,
      titleZh: m.titleZh,
      titleEn: m.titleEn,
      icon: m.icon,
      orderNum: m.orderNum,
      requiresAuth: m.requiresAuth,
      hidden: m.hidden,
      ignoreCache: m.ignoreCache,
      externalLink: m.externalLink,
      permission: m.permission,
      status: m.status as RecordStatus,
      children: [],
    });
  }
  const roots: AdminMenu[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
