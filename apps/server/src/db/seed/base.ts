import { ROLE_ADMIN, ROLE_USER } from '@water/contracts';
import { inArray } from 'drizzle-orm';
import { createSmsAccountRepository } from '../../modules/workplace/sms-account.ts';
import type { Queryable } from '../client.ts';
import { menus, roleMenus, roles } from '../schema/index.ts';
import { markSeeded, seededKeys } from './marks.ts';
import { type SeedMenu, seedMenuTree } from './menu-tree.ts';

/**
 * Roles and menus: the product's own structure, seeded whether or not demo data is wanted.
 * Only missing rows are inserted; a role's menu grants are given only with a menu or role
 * the seed itself creates, so nothing an administrator changed is put back.
 */
export async function seedBase(db: Queryable): Promise<void> {
  await createSmsAccountRepository(db).ensure();
  const roleKeys = [`role:${ROLE_ADMIN}`, `role:${ROLE_USER}`];
  const rolesDone = await seededKeys(db, roleKeys);
  const roleSeeds = [
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
  ].filter((r) => !rolesDone.has(`role:${r.code}`));
  const createdRoles = roleSeeds.length
    ? await db
        .insert(roles)
        .values(roleSeeds)
        .onConflictDoNothing({ target: roles.code })
        .returning({ id: roles.id, code: roles.code })
    : [];
  await markSeeded(db, roleKeys);
  const allRoles = await db
    .select({ id: roles.id, code: roles.code })
    .from(roles)
    .where(inArray(roles.code, [ROLE_ADMIN, ROLE_USER]));
  const roleId = (code: string) => allRoles.find((r) => r.code === code)?.id;
  const newRoleCodes = new Set(createdRoles.map((r) => r.code));

  const existing = await db.select({ id: menus.id, name: menus.name }).from(menus);
  const idByName = new Map(existing.map((m) => [m.name, m.id]));
  const grants: { roleId: number; menuId: number }[] = [];
  const grantTo = (menuId: number, adminOnly: boolean, isNewMenu: boolean) => {
    for (const code of adminOnly ? [ROLE_ADMIN] : [ROLE_ADMIN, ROLE_USER]) {
      const rid = roleId(code);
      if (rid && (isNewMenu || newRoleCodes.has(code))) grants.push({ roleId: rid, menuId });
    }
  };

  // One level of the tree per statement: a second start costs one select and no insert.
  type Pending = { item: SeedMenu; index: number; parentId: number | null; adminOnly: boolean };
  let level: Pending[] = seedMenuTree.map((item, index) => ({ item, index, parentId: null, adminOnly: false }));
  while (level.length > 0) {
    const done = await seededKeys(
      db,
      level.map((p) => `menu:${p.item.name}`),
    );
    const missing = level.filter((p) => !idByName.has(p.item.name) && !done.has(`menu:${p.item.name}`));
    if (missing.length > 0) {
      const inserted = await db
        .insert(menus)
        .values(
          missing.map(({ item, index, parentId }) => ({
            parentId,
            type:
              item.type ??
              (item.children?.some((c) => c.type !== 'button') ? ('directory' as const) : ('menu' as const)),
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
          })),
        )
        .onConflictDoNothing()
        .returning({ id: menus.id, name: menus.name });
      const newNames = new Set(inserted.map((m) => m.name));
      for (const m of inserted) idByName.set(m.name, m.id);
      if (inserted.length < missing.length) {
        // Another server inserted some at the same moment.
        const others = await db
          .select({ id: menus.id, name: menus.name })
          .from(menus)
          .where(
            inArray(
              menus.name,
              missing.map((p) => p.item.name).filter((n) => !newNames.has(n)),
            ),
          );
        for (const m of others) idByName.set(m.name, m.id);
      }
      await markSeeded(
        db,
        missing.map((p) => `menu:${p.item.name}`),
      );
      for (const p of missing) {
        const id = idByName.get(p.item.name);
        if (id !== undefined && newNames.has(p.item.name)) grantTo(id, p.adminOnly || Boolean(p.item.adminOnly), true);
      }
    }
    for (const p of level) {
      const id = idByName.get(p.item.name);
      if (id !== undefined && !missing.includes(p)) grantTo(id, p.adminOnly || Boolean(p.item.adminOnly), false);
    }
    level = level.flatMap((p) =>
      (p.item.children ?? []).map((item, index) => ({
        item,
        index,
        parentId: idByName.get(p.item.name) ?? null,
        adminOnly: p.adminOnly || Boolean(p.item.adminOnly),
      })),
    );
  }
  if (grants.length > 0) await db.insert(roleMenus).values(grants).onConflictDoNothing();
}
