import { ROLE_ADMIN, ROLE_USER } from '@water/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../client.ts';
import { menus, roleMenus, roles } from '../schema/index.ts';
import { type SeedMenu, seedMenuTree } from './menu-tree.ts';

/**
 * Roles and menus: the product's own structure, seeded whether or not demo data is wanted.
 * Only missing rows are inserted; a role's menu grants are given only with a menu or role
 * the seed itself creates, so nothing an administrator changed is put back.
 */
export async function seedBase(db: Queryable): Promise<void> {
  const createdRoles = await db
    .insert(roles)
    .values([
      {
        code: ROLE_ADMIN,
        name: '管理员',
        nameEn: 'Administrator',
        description: '系统管理员，拥有全部权限',
        dataScope: 'all',
        sort: 1,
        builtin: true,
      },
      {
        code: ROLE_USER,
        name: '普通用户',
        nameEn: 'User',
        description: '运行人员，不含系统管理功能',
        dataScope: 'dept_and_below',
        sort: 2,
        builtin: true,
      },
    ])
    .onConflictDoNothing({ target: roles.code })
    .returning({ id: roles.id, code: roles.code });
  const allRoles = await db
    .select({ id: roles.id, code: roles.code })
    .from(roles)
    .where(inArray(roles.code, [ROLE_ADMIN, ROLE_USER]));
  const roleId = (code: string) => allRoles.find((r) => r.code === code)?.id;
  const newRoleCodes = new Set(createdRoles.map((r) => r.code));

  const existing = await db.select({ id: menus.id, name: menus.name }).from(menus);
  const idByName = new Map(existing.map((m) => [m.name, m.id]));
  const grants: { roleId: number; menuId: number }[] = [];

  async function walk(items: SeedMenu[], parentId: number | null, adminOnly: boolean) {
    for (const [index, item] of items.entries()) {
      const onlyAdmin = adminOnly || Boolean(item.adminOnly);
      let id = idByName.get(item.name);
      const type = item.type ?? (item.children?.some((c) => c.type !== 'button') ? 'directory' : 'menu');
      const grantTo = (isNewMenu: boolean) => {
        for (const code of onlyAdmin ? [ROLE_ADMIN] : [ROLE_ADMIN, ROLE_USER]) {
          const rid = roleId(code);
          if (rid && (isNewMenu || newRoleCodes.has(code))) grants.push({ roleId: rid, menuId: id as number });
        }
      };
      if (id === undefined) {
        const [row] = await db
          .insert(menus)
          .values({
            parentId,
            type,
            path: item.path,
            name: item.name,
            locale: `menu.${item.name}`,
            titleZh: item.zh,
            titleEn: item.en,
            icon: item.icon ?? '',
            orderNum: item.order ?? index + 1,
            requiresAuth: item.requiresAuth ?? true,
            hidden: item.hidden ?? false,
            ignoreCache: item.ignoreCache ?? false,
            externalLink: item.externalLink ?? '',
            permission: item.permission ?? '',
          })
          .onConflictDoNothing()
          .returning({ id: menus.id });
        if (row) {
          id = row.id;
          idByName.set(item.name, id);
          grantTo(true);
        } else {
          // Another server inserted it at the same moment.
          const [other] = await db.select({ id: menus.id }).from(menus).where(eq(menus.name, item.name));
          id = other?.id;
        }
      } else {
        grantTo(false);
      }
      if (id !== undefined && item.children) await walk(item.children, id, onlyAdmin);
    }
  }
  await walk(seedMenuTree, null, false);
  if (grants.length > 0) await db.insert(roleMenus).values(grants).onConflictDoNothing();
}
