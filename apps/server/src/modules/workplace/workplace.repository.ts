import { and, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  contentItems,
  devices,
  menus,
  quickOperations,
  recentVisits,
  roleMenus,
  WORK_ORDER_DONE_STATUSES,
  workOrders,
} from '../../db/schema/index.ts';
import { warrantyEndingWhere } from '../device-archives/device-archives.repository.ts';

const first = (rows: { n: number }[]) => rows[0]?.n ?? 0;

export function createWorkplaceRepository(db: Queryable) {
  return {
    /** Work orders assigned to the user and not yet done. */
    pendingOrders: (userId: number) =>
      db
        .select({ n: count() })
        .from(workOrders)
        .where(and(eq(workOrders.assigneeId, userId), notInArray(workOrders.status, WORK_ORDER_DONE_STATUSES)))
        .then(first),

    /** Devices whose warranty or service ends in [today, until]: the ending-warranties list's predicate. */
    endingWarranties: (today: string, until: string, regionIds: number[] | undefined) =>
      db
        .select({ n: count() })
        .from(devices)
        .where(warrantyEndingWhere(today, until, regionIds))
        .then(first),

    publishedContent: () =>
      db.select({ n: count() }).from(contentItems).where(eq(contentItems.status, 'published')).then(first),

    /** The user's latest page visits, as the API answers them. */
    visits: (userId: number, limit: number) =>
      db
        .select()
        .from(recentVisits)
        .where(eq(recentVisits.userId, userId))
        .orderBy(desc(recentVisits.visitedAt))
        .limit(limit)
        .then((rows) =>
          rows.map((r) => ({ routeName: r.routeName, path: r.path, visitedAt: r.visitedAt.toISOString() })),
        ),

    /** Records a visit (one row per page, its time moved on), then keeps the user's `keep` latest. */
    async recordVisit(userId: number, visit: { routeName: string; path: string }, at: Date, keep: number) {
      await db
        .insert(recentVisits)
        .values({ userId, routeName: visit.routeName, path: visit.path, visitedAt: at })
        .onConflictDoUpdate({
          target: [recentVisits.userId, recentVisits.routeName],
          set: { path: visit.path, visitedAt: at },
        });
      const kept = db
        .select({ id: recentVisits.id })
        .from(recentVisits)
        .where(eq(recentVisits.userId, userId))
        .orderBy(desc(recentVisits.visitedAt))
        .limit(keep);
      await db.delete(recentVisits).where(and(eq(recentVisits.userId, userId), notInArray(recentVisits.id, kept)));
    },

    quickOperations: (userId: number) =>
      db
        .select()
        .from(quickOperations)
        .where(eq(quickOperations.userId, userId))
        .then((rows) => rows[0]?.routeNames ?? []),

    /** Which of `names` are pages (not directories or buttons) of the role's menu. */
    menuPagesOf: (roleId: number, names: string[]) =>
      db
        .select({ name: menus.name })
        .from(menus)
        .innerJoin(roleMenus, eq(roleMenus.menuId, menus.id))
        .where(
          and(eq(roleMenus.roleId, roleId), eq(menus.type, 'menu'), inArray(menus.name, names.length ? names : [''])),
        ),

    saveQuickOperations: (userId: number, routeNames: string[], at: Date) =>
      db
        .insert(quickOperations)
        .values({ userId, routeNames, updatedAt: at })
        .onConflictDoUpdate({ target: quickOperations.userId, set: { routeNames, updatedAt: at } }),
  };
}
