import {
  type deliveryListQuerySchema,
  type Locale,
  NOTIFY_CHANNELS,
  type NotifyChannel,
  type Push,
  type PushCreateBody,
  type PushEstimate,
  type pushListQuerySchema,
} from '@water/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { smsAccount, users } from '../../db/schema/index.ts';
import { type MessageKey, t } from '../../i18n/messages.ts';
import type { Context } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { RequestValidationError } from '../../lib/validation.ts';
import { createMessagesRepository } from '../messages/messages.repository.ts';
import { buildDeliveries, channelsOff, type PushRow, planPushRow } from './push-planner.ts';
import { countAudience, createPushesRepository } from './pushes.repository.ts';

type ListQuery = z.output<typeof pushListQuerySchema>;
type DeliveryQuery = z.output<typeof deliveryListQuerySchema>;
type Issue = ConstructorParameters<typeof RequestValidationError>[1][number];

/** How far ahead a push may be scheduled. */
const SCHEDULE_MAX_MS = 30 * 86_400_000;

/**
 * Recipients a push plans in its own request (and answers with its counts); above it the request
 * writes the push and answers, and the planner writes its deliveries right after the answer. bench:push
 * measured planning at about 0.1–0.3 ms a delivery (PostgreSQL and PGlite, on a loaded 2-core
 * machine), so 200 recipients (a few hundred deliveries) keep a send well within 200 ms.
 */
export const PLAN_IN_REQUEST_MAX = 200;

/** A channel's name in a language (the robots' stand for their group chat in the delivery list). */
export const channelName = (channel: NotifyChannel, locale: Locale) =>
  t(locale, `notify.push.channel.${channel}` as MessageKey);

/** The users an audience reaches (enabled accounts; a department with those below it). */
export function resolveAudience(db: Queryable, audience: PushCreateBody['audience'] | PushRow['audience']) {
  return createMessagesRepository(db).resolveAudience({
    users: audience.userIds,
    roles: audience.roleCodes,
    departments: audience.departmentIds,
  });
}

/**
 * Plans every push that is due and unplanned: scheduled ones whose time came, and pushes too large
 * to plan in their own request (or left unplanned by a server that stopped). Each in its own
 * transaction, taken with SKIP LOCKED so that two servers never plan one push; the audience is
 * resolved as it is at planning. Returns how many were planned.
 */
export async function planDuePushes(app: FastifyInstance, now: Date = app.clock.now()): Promise<number> {
  let planned = 0;
  for (;;) {
    const push = await app.db.transaction(async (tx) => {
      const result = (await tx.execute(sql`
        select id from notify_pushes
        where (state = 'scheduled' and scheduled_at <= ${now.toISOString()}::timestamptz)
           or (state = 'sending' and planned_at is null)
        order by coalesce(scheduled_at, created_at), id
        limit 1
        for update skip locked`)) as unknown as { rows: { id: number }[] };
      const id = result.rows[0]?.id;
      if (id === undefined) return null;
      const row = (await createPushesRepository(tx).row(Number(id)))!;
      const userIds = await resolveAudience(tx, row.audience);
      return planPushRow(app, tx, row, userIds, now);
    });
    if (!push) break;
    planned++;
    app.notifyDelivery.kick();
  }
  return planned;
}

/** Runs planDuePushes in the background: kicked after a large push commits, and by the schedule's timer. */
export function createPushScheduler(app: FastifyInstance) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  return {
    kick() {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        // After the answer that kicked it has gone out: planning a large push keeps PGlite (and the
        // event loop it runs in) busy for seconds.
        await new Promise((resolve) => setImmediate(resolve));
        try {
          do {
            again = false;
            await planDuePushes(app, app.clock.now());
          } while (again && !stopped);
        } catch (err) {
          app.log.warn({ err }, 'push planning failed; the next sweep tries again');
        } finally {
          running = null;
        }
      })();
    },
    /** Until the planning under way (and any asked for meanwhile) is done: tests and benchmarks. */
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      while (running) await running;
    },
  };
}
export type PushScheduler = ReturnType<typeof createPushScheduler>;

export function createPushesService(app: FastifyInstance) {
  const repo = (ctx: Context) => createPushesRepository(ctx.db);

  /** The caller's checks of a push body; the audience resolved, or 400 naming what is wrong. */
  async function checked(ctx: Context, body: PushCreateBody, now: Date) {
    const issues: Issue[] = [];
    const off = await channelsOff(app, ctx.db, body.channels);
    for (const channel of off) {
      issues.push({
        code: 'custom',
        path: ['channels', body.channels.indexOf(channel)],
        message: 'validation.channelOff',
        params: { name: channelName(channel, ctx.locale) },
        input: channel,
      } as Issue);
    }
    if (body.scheduledAt !== null) {
      const at = Date.parse(body.scheduledAt);
      if (at <= now.getTime() || at > now.getTime() + SCHEDULE_MAX_MS) {
        issues.push({ code: 'custom', path: ['scheduledAt'], message: 'validation.scheduleInPast', input: undefined });
      }
    }
    // Counted first: a large audience's ids are read by the planner after the answer, not here.
    const size = await countAudience(ctx.db, body.audience);
    if (size === 0) {
      issues.push({ code: 'custom', path: ['audience'], message: 'validation.noRecipients', input: undefined });
    }
    return { issues, size };
  }

  async function senderName(db: Queryable, userId: number) {
    const [u] = await db
      .select({ name: sql<string>`coalesce(nullif(${users.displayName}, ''), ${users.username})` })
      .from(users)
      .where(eq(users.id, userId));
    return u?.name ?? '';
  }

  /** A push row as written before planning (also what an estimate plans, unsaved). */
  const draft = (body: PushCreateBody, sender: string, userId: number | null, now: Date): PushRow => ({
    id: 0,
    purpose: 'manual',
    title: body.title,
    content: body.content,
    useTemplate: body.useTemplate,
    channels: NOTIFY_CHANNELS.filter((c) => body.channels.includes(c)),
    audience: body.audience,
    link: body.link,
    source: 'manual',
    sourceId: '',
    values: { sender },
    critical: false,
    regionId: null,
    state: body.scheduledAt === null ? 'sending' : 'scheduled',
    recipients: 0,
    createdBy: userId,
    createdAt: now,
    scheduledAt: body.scheduledAt === null ? null : new Date(body.scheduledAt),
    plannedAt: null,
    finishedAt: null,
    smsEstimate: '0',
    smsCost: '0',
    smsCount: 0,
  });

  async function getOr404(ctx: Context, id: number): Promise<Push> {
    const push = await repo(ctx).get(id, (await ctx.scope()).regions);
    if (!push) throw notFound();
    return push;
  }

  return {
    list: async (ctx: Context, q: ListQuery) =>
      repo(ctx)
        .page({
          page: q.page,
          pageSize: q.pageSize,
          keyword: q.keyword,
          state: q.state,
          source: q.source,
          channel: q.channel,
          from: q.from ? new Date(q.from) : undefined,
          to: q.to ? new Date(q.to) : undefined,
          regions: (await ctx.scope()).regions,
        })
        .then((page) => ({ ...page, page: q.page, pageSize: q.pageSize })),

    get: getOr404,

    async deliveries(ctx: Context, id: number, q: DeliveryQuery) {
      await getOr404(ctx, id);
      const page = await repo(ctx).deliveries(id, q, ctx.locale);
      return { ...page, page: q.page, pageSize: q.pageSize };
    },

    /** What the push would queue, planned but not written; channels that cannot deliver are left out. */
    async estimate(ctx: Context, body: PushCreateBody): Promise<PushEstimate> {
      const now = app.clock.now();
      const off = await channelsOff(app, ctx.db, body.channels);
      const userIds = await resolveAudience(ctx.db, body.audience);
      const push = draft(
        { ...body, channels: body.channels.filter((c) => !off.includes(c)) },
        await senderName(ctx.db, ctx.auth!.userId),
        ctx.auth!.userId,
        now,
      );
      const { summary } = await buildDeliveries(app, ctx.db, push, userIds, now);
      const [account] = await ctx.db
        .select({ price: smsAccount.price, balance: smsAccount.balance })
        .from(smsAccount)
        .where(eq(smsAccount.id, 1));
      const price = Number(account?.price ?? 0);
      const balance = Number(account?.balance ?? 0);
      // In ten-thousandths of a yuan, as the account charges, so 0.05 × 3 is 0.15 and not 0.1500000002.
      const cost = (Math.round(price * 10_000) * summary.sms.count) / 10_000;
      return {
        recipients: summary.recipients,
        deliveries: Object.fromEntries(
          NOTIFY_CHANNELS.flatMap((c) => (push.channels.includes(c) ? [[c, summary.deliveries[c] ?? 0]] : [])),
        ),
        sms: { ...summary.sms, price, cost, balance, enough: balance >= cost },
        channelsOff: off,
      };
    },

    async create(ctx: Context, body: PushCreateBody): Promise<Push> {
      const now = app.clock.now();
      const { issues, size } = await checked(ctx, body, now);
      if (issues.length > 0) throw new RequestValidationError('body', issues);
      const userId = ctx.auth!.userId;
      const { id: _draft, ...values } = draft(body, await senderName(ctx.db, userId), userId, now);
      let push = await repo(ctx).insert({ ...values, recipients: size });
      // A large audience is planned right after the answer, so the call answers at once.
      if (push.state === 'sending' && size <= PLAN_IN_REQUEST_MAX) {
        const userIds = await resolveAudience(ctx.db, body.audience);
        push = await planPushRow(app, ctx.db, push, userIds, now, { afterCommit: ctx.afterCommit });
      } else if (push.state === 'sending') {
        ctx.afterCommit(() => app.notifyPushes.kick());
      }
      ctx.audit({
        targetId: push.id,
        after: {
          title: push.title,
          channels: push.channels,
          audience: push.audience,
          recipients: push.recipients,
          scheduledAt: push.scheduledAt?.toISOString() ?? null,
        },
      });
      return getOr404(ctx, push.id);
    },

    async resend(ctx: Context, id: number) {
      await getOr404(ctx, id);
      const push = await repo(ctx).row(id, { lock: true });
      if (!push) throw notFound();
      const now = app.clock.now();
      const requeued = await repo(ctx).resend(id, now);
      if (requeued > 0 && push.state === 'done') {
        await repo(ctx).update(id, { state: 'sending', finishedAt: null });
      }
      ctx.audit({ targetId: id, after: { requeued } });
      if (requeued > 0) ctx.afterCommit(() => app.notifyDelivery.kick());
      return { requeued };
    },

    async cancel(ctx: Context, id: number): Promise<Push> {
      await getOr404(ctx, id);
      const push = await repo(ctx).row(id, { lock: true });
      if (!push) throw notFound();
      if (push.state !== 'scheduled') throw new AppError(409, 409, 'notify.push.notScheduled');
      await repo(ctx).update(id, { state: 'cancelled', finishedAt: app.clock.now() });
      ctx.audit({ targetId: id, before: { state: push.state }, after: { state: 'cancelled' } });
      return getOr404(ctx, id);
    },
  };
}
