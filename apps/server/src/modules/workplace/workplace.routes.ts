import { ARCHIVE_DUE_DAYS_DEFAULT, Permissions, workplaceApi } from '@water/contracts';
import { and, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
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
import { utilityDay } from '../../lib/clock.ts';
import { dataScope, withinRegions } from '../../lib/data-scope.ts';
import { businessError } from '../../lib/errors.ts';
import { holdsPermission } from '../../lib/permissions.ts';
import { auditOf, route } from '../../lib/route.ts';
import { warrantyEndingWhere } from '../device-archives/device-archives.repository.ts';
import { createSmsAccountRepository } from './sms-account.ts';

const RECENT_LIMIT = 8;

export async function workplaceRoutes(app: FastifyInstance) {
  const audit = auditOf('workplace');
  const smsWrite = { permission: Permissions.smsAccountWrite };

  route(app, workplaceApi.overview, { access: 'session' }, async (req) => {
    const db = app.db;
    const today = utilityDay(app.clock.now());
    const in30 = utilityDay(new Date(app.clock.now().getTime() + ARCHIVE_DUE_DAYS_DEFAULT * 86_400_000));
    // The utility's money is not every operator's business: the balance goes to those who may see
    // the SMS ledger or manage the account, as the console's figure does.
    const seesSms = await holdsPermission(db, req.auth, Permissions.systemSmsOutbox, Permissions.smsAccountWrite);
    const [account, [pending], [renewal], [online]] = await Promise.all([
      seesSms ? createSmsAccountRepository(db).get() : null,
      db
        .select({ n: count() })
        .from(workOrders)
        .where(
          and(eq(workOrders.assigneeId, req.auth!.userId), notInArray(workOrders.status, WORK_ORDER_DONE_STATUSES)),
        ),
      // The same predicate as the ending-warranties list, so the figure and the list agree (both
      // within the caller's region limit).
      db
        .select({ n: count() })
        .from(devices)
        .where(warrantyEndingWhere(today, in30, withinRegions(await dataScope(app, req), undefined))),
      db.select({ n: count() }).from(contentItems).where(eq(contentItems.status, 'published')),
    ]);
    return {
      balance: account && {
        amount: account.balance,
        currency: 'CNY' as const,
        low: account.balance < account.lowThreshold,
        lowThreshold: account.lowThreshold,
        price: account.price,
      },
      pendingOrders: pending?.n ?? 0,
      renewalOrders: renewal?.n ?? 0,
      onlineContent: online?.n ?? 0,
    };
  });

  route(app, workplaceApi.visits, { access: 'session' }, async (req) => {
    const rows = await app.db
      .select()
      .from(recentVisits)
      .where(eq(recentVisits.userId, req.auth!.userId))
      .orderBy(desc(recentVisits.visitedAt))
      .limit(RECENT_LIMIT);
    return rows.map((r) => ({ routeName: r.routeName, path: r.path, visitedAt: r.visitedAt.toISOString() }));
  });

  // The user's own navigation trail: recorded on every page change, too frequent and too private for the operation log.
  route(app, workplaceApi.recordVisit, { access: 'session', audit: false }, async (req) => {
    const userId = req.auth!.userId;
    const at = app.clock.now();
    await app.db.transaction(async (tx) => {
      await tx
        .insert(recentVisits)
        .values({ userId, routeName: req.body.routeName, path: req.body.path, visitedAt: at })
        .onConflictDoUpdate({
          target: [recentVisits.userId, recentVisits.routeName],
          set: { path: req.body.path, visitedAt: at },
        });
      // Keep a short trail per user.
      const keep = tx
        .select({ id: recentVisits.id })
        .from(recentVisits)
        .where(eq(recentVisits.userId, userId))
        .orderBy(desc(recentVisits.visitedAt))
        .limit(RECENT_LIMIT * 2);
      await tx.delete(recentVisits).where(and(eq(recentVisits.userId, userId), notInArray(recentVisits.id, keep)));
    });
    return null;
  });

  route(app, workplaceApi.quickOperations, { access: 'session' }, async (req) => {
    const [row] = await app.db.select().from(quickOperations).where(eq(quickOperations.userId, req.auth!.userId));
    return { routeNames: row?.routeNames ?? [] };
  });

  route(app, workplaceApi.saveQuickOperations, { access: 'session', audit: audit('quick-operations') }, async (req) => {
    const names = [...new Set(req.body.routeNames)];
    const roleId = req.auth!.roleId;
    // Only pages of the user's own menu can be shortcuts.
    const allowed = roleId
      ? await req
          .tx!.select({ name: menus.name })
          .from(menus)
          .innerJoin(roleMenus, eq(roleMenus.menuId, menus.id))
          .where(
            and(eq(roleMenus.roleId, roleId), eq(menus.type, 'menu'), inArray(menus.name, names.length ? names : [''])),
          )
      : [];
    if (allowed.length !== names.length) throw businessError(400, 'workplace.unknownRoute');
    const at = app.clock.now();
    await req
      .tx!.insert(quickOperations)
      .values({ userId: req.auth!.userId, routeNames: names, updatedAt: at })
      .onConflictDoUpdate({ target: quickOperations.userId, set: { routeNames: names, updatedAt: at } });
    req.auditChange = { targetId: req.auth!.userId, after: { routeNames: names } };
    return { routeNames: names };
  });

  route(app, workplaceApi.smsAccount, { access: { permission: Permissions.systemSmsOutbox } }, () =>
    createSmsAccountRepository(app.db).get(),
  );
  route(app, workplaceApi.smsLedger, { access: { permission: Permissions.systemSmsOutbox } }, (req) =>
    createSmsAccountRepository(app.db).ledger(req.query),
  );
  route(app, workplaceApi.smsTopup, { access: smsWrite, audit: audit('sms-topup') }, async (req) => {
    const repo = createSmsAccountRepository(req.tx!);
    const before = await repo.get();
    await repo.topup(req.body.amount, req.body.note, req.auth!.userId, app.clock.now());
    const after = await repo.get();
    req.auditChange = { before: { balance: before.balance }, after: { balance: after.balance } };
    return after;
  });
  route(app, workplaceApi.smsSettings, { access: smsWrite, audit: audit('sms-settings') }, async (req) => {
    const repo = createSmsAccountRepository(req.tx!);
    const before = await repo.get();
    await repo.settings(req.body.price, req.body.lowThreshold, app.clock.now());
    const after = await repo.get();
    req.auditChange = {
      before: { price: before.price, lowThreshold: before.lowThreshold },
      after: { price: after.price, lowThreshold: after.lowThreshold },
    };
    return after;
  });
}
