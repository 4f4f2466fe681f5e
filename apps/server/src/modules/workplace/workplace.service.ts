import {
  ARCHIVE_DUE_DAYS_DEFAULT,
  Permissions,
  type recordVisitBodySchema,
  type smsLedgerQuerySchema,
  type smsSettingsBodySchema,
  type smsTopupBodySchema,
} from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { utilityWindow } from '../../lib/clock.ts';
import type { Context } from '../../lib/context.ts';
import { withinRegions } from '../../lib/data-scope.ts';
import { businessError } from '../../lib/errors.ts';
import { holdsPermission } from '../../lib/permissions.ts';
import { createStationLiveService } from '../station-live/station-live.service.ts';
import { createSmsAccountRepository } from './sms-account.ts';
import { createWorkplaceRepository } from './workplace.repository.ts';

const RECENT_LIMIT = 8;

/** The Workplace: the caller's figures, recent pages and shortcuts, and the prepaid SMS account. */
export function createWorkplaceService(app: FastifyInstance) {
  const repo = (ctx: Context) => createWorkplaceRepository(ctx.db);
  const sms = (ctx: Context) => createSmsAccountRepository(ctx.db);
  const stations = createStationLiveService(app);

  return {
    async overview(ctx: Context) {
      const { today, until } = utilityWindow(app.clock.now(), ARCHIVE_DUE_DAYS_DEFAULT);
      // The utility's money is not every operator's business: the balance goes to those who may see
      // the SMS ledger or manage the account, as the console's figure does.
      const seesSms = await holdsPermission(ctx.db, ctx.auth, Permissions.systemSmsOutbox, Permissions.smsAccountWrite);
      const [account, pendingOrders, renewalOrders, onlineContent, operations] = await Promise.all([
        seesSms ? sms(ctx).get() : null,
        repo(ctx).pendingOrders(ctx.auth!.userId),
        // The same predicate as the ending-warranties list, so the figure and the list agree (both
        // within the caller's region limit).
        repo(ctx).endingWarranties(today, until, withinRegions(await ctx.scope(), undefined)),
        repo(ctx).publishedContent(),
        // The operations row (issue 14): stations by live state, devices online, water pumped today.
        stations.operations(ctx),
      ]);
      return {
        balance: account && {
          amount: account.balance,
          currency: 'CNY' as const,
          low: account.balance < account.lowThreshold,
          lowThreshold: account.lowThreshold,
          price: account.price,
        },
        pendingOrders,
        renewalOrders,
        onlineContent,
        operations,
      };
    },

    visits: (ctx: Context) => repo(ctx).visits(ctx.auth!.userId, RECENT_LIMIT),

    /** Keeps a short trail per user, in a transaction of its own (the route keeps no log row). */
    async recordVisit(ctx: Context, visit: z.output<typeof recordVisitBodySchema>) {
      const at = app.clock.now();
      await app.db.transaction((tx) =>
        createWorkplaceRepository(tx).recordVisit(ctx.auth!.userId, visit, at, RECENT_LIMIT * 2),
      );
      return null;
    },

    quickOperations: async (ctx: Context) => ({ routeNames: await repo(ctx).quickOperations(ctx.auth!.userId) }),

    async saveQuickOperations(ctx: Context, routeNames: string[]) {
      const names = [...new Set(routeNames)];
      const { userId, roleId } = ctx.auth!;
      // Only pages of the user's own menu can be shortcuts.
      const allowed = roleId ? await repo(ctx).menuPagesOf(roleId, names) : [];
      if (allowed.length !== names.length) throw businessError(400, 'workplace.unknownRoute');
      await repo(ctx).saveQuickOperations(userId, names, app.clock.now());
      ctx.audit({ targetId: userId, after: { routeNames: names } });
      return { routeNames: names };
    },

    smsAccount: (ctx: Context) => sms(ctx).get(),

    smsLedger: (ctx: Context, query: z.output<typeof smsLedgerQuerySchema>) => sms(ctx).ledger(query),

    async smsTopup(ctx: Context, body: z.output<typeof smsTopupBodySchema>) {
      const before = await sms(ctx).get();
      await sms(ctx).topup(body.amount, body.note, ctx.auth!.userId, app.clock.now());
      const after = await sms(ctx).get();
      ctx.audit({ before: { balance: before.balance }, after: { balance: after.balance } });
      return after;
    },

    async smsSettings(ctx: Context, body: z.output<typeof smsSettingsBodySchema>) {
      const before = await sms(ctx).get();
      await sms(ctx).settings(body.price, body.lowThreshold, app.clock.now());
      const after = await sms(ctx).get();
      ctx.audit({
        before: { price: before.price, lowThreshold: before.lowThreshold },
        after: { price: after.price, lowThreshold: after.lowThreshold },
      });
      return after;
    },
  };
}
