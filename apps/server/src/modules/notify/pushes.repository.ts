import type {
  Delivery,
  DeliveryCounts,
  DeliveryState,
  Locale,
  NotifyChannel,
  NotifyPurpose,
  Push,
  PushState,
} from '@water/contracts';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { notifyDeliveries, notifyPushes, users } from '../../db/schema/index.ts';
import { type MessageKey, messages, t } from '../../i18n/messages.ts';
import { containing } from '../../lib/like.ts';
import { maskPhone } from '../workplace/sms-account.ts';
import type { PushRow } from './push-planner.ts';

export interface PushFilter {
  page: number;
  pageSize: number;
  keyword?: string | undefined;
  state?: PushState | undefined;
  source?: string | undefined;
  channel?: NotifyChannel | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** The caller's region limit (null: none): an alarm's push shows only within it. */
  regions: number[] | null;
}

export interface DeliveryFilter {
  page: number;
  pageSize: number;
  state?: DeliveryState | undefined;
  channel?: NotifyChannel | undefined;
  keyword?: string | undefined;
}

const zeroCounts = (): DeliveryCounts => ({
  total: 0,
  queued: 0,
  sending: 0,
  sent: 0,
  failed: 0,
  retrying: 0,
  givenUp: 0,
});

const COUNT_FIELD: Record<string, keyof DeliveryCounts> = {
  queued: 'queued',
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
  retrying: 'retrying',
  'given-up': 'givenUp',
};

/** 13800000001 → 138****0001; zhang@example.com → z***@example.com; a URL → its host; in-app: nothing. */
export function maskAddress(channel: string, address: string): string {
  if (address === '') return '';
  if (channel === 'sms') return maskPhone(address);
  if (channel === 'email') {
    const at = address.lastIndexOf('@');
    return at <= 0 ? '***' : `${address[0]}***${address.slice(at)}`;
  }
  if (channel === 'inApp') return '';
  try {
    return new URL(address).host;
  } catch {
    return '***';
  }
}

export function toPush(row: PushRow, createdBy: string | null, counts: DeliveryCounts = zeroCounts()): Push {
  return {
    id: row.id,
    purpose: row.purpose as NotifyPurpose,
    title: row.title,
    content: row.content,
    channels: row.channels as NotifyChannel[],
    audience: row.audience,
    source: row.source,
    sourceId: row.sourceId,
    state: row.state as PushState,
    createdBy: createdBy ?? '',
    createdAt: row.createdAt.toISOString(),
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    recipients: row.recipients,
    counts,
    smsEstimate: Number(row.smsEstimate),
    smsCost: Number(row.smsCost),
    smsCount: row.smsCount,
  };
}

/** A failure's reason in words (an unknown code as itself, rather than no reason at all). */
function reason(code: string, locale: Locale) {
  const key = `notify.error.${code}`;
  return key in messages ? t(locale, key as MessageKey) : code;
}

/** A robot's name in the caller's language stands for its group chat where a person's name would be. */
const robotName = (channel: string, locale: Locale) => t(locale, `notify.push.channel.${channel}` as MessageKey);

/**
 * How many enabled users an audience reaches, counted in the database: what messages.repository's
 * resolveAudience would answer as ids (users, role holders, members of a department or any below
 * it), without carrying 10,000 ids back to decide whether to plan now or after the answer.
 */
export async function countAudience(
  db: Queryable,
  audience: { userIds: number[]; roleCodes: string[]; departmentIds: number[] },
): Promise<number> {
  const ints = (ids: number[]) => `{${ids.map((id) => Math.trunc(Number(id))).join(',')}}`;
  const parts: SQL[] = [];
  if (audience.userIds.length > 0) parts.push(sql`u.id = any(${ints(audience.userIds)}::int[])`);
  if (audience.roleCodes.length > 0) {
    parts.push(sql`u.id in (select ur.user_id from user_roles ur join roles r on r.id = ur.role_id
      where r.code = any(${`{${audience.roleCodes.map((c) => JSON.stringify(c)).join(',')}}`}::text[]))`);
  }
  if (audience.departmentIds.length > 0) {
    const ids = ints(audience.departmentIds);
    const subtree = sql`select d.id from departments d
      where d.id = any(${ids}::int[]) or string_to_array(d.ancestors, ',')::int[] && ${ids}::int[]`;
    parts.push(sql`(u.department_id in (${subtree})
      or u.id in (select m.user_id from department_members m where m.department_id in (${subtree})))`);
  }
  if (parts.length === 0) return 0;
  const result = (await db.execute(
    sql`select count(*)::int as n from users u where u.status = 'enabled' and (${sql.join(parts, sql` or `)})`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** Pushes a region limit lets one see: those of no region (manual pushes), and alarms' within it. */
const withinRegions = (regions: number[] | null): SQL | undefined =>
  regions === null
    ? undefined
    : regions.length === 0
      ? isNull(notifyPushes.regionId)
      : or(isNull(notifyPushes.regionId), inArray(notifyPushes.regionId, regions));

export function createPushesRepository(db: Queryable) {
  const creator = sql<string | null>`coalesce(nullif(${users.displayName}, ''), ${users.username})`;

  const repository = {
    async insert(values: typeof notifyPushes.$inferInsert): Promise<PushRow> {
      const [row] = await db.insert(notifyPushes).values(values).returning();
      return row!;
    },

    async row(id: number, options: { lock?: boolean } = {}): Promise<PushRow | undefined> {
      const query = db.select().from(notifyPushes).where(eq(notifyPushes.id, id));
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    update(id: number, values: Partial<typeof notifyPushes.$inferInsert>) {
      return db.update(notifyPushes).set(values).where(eq(notifyPushes.id, id));
    },

    /** Delivery counts per state of each push: one grouped query for all of them. */
    async counts(ids: number[]): Promise<Map<number, DeliveryCounts>> {
      const out = new Map(ids.map((id) => [id, zeroCounts()]));
      if (ids.length === 0) return out;
      const rows = await db
        .select({ pushId: notifyDeliveries.pushId, state: notifyDeliveries.state, n: count() })
        .from(notifyDeliveries)
        .where(inArray(notifyDeliveries.pushId, ids))
        .groupBy(notifyDeliveries.pushId, notifyDeliveries.state);
      for (const r of rows) {
        const c = out.get(r.pushId)!;
        const field = COUNT_FIELD[r.state];
        if (field) c[field] += r.n;
        c.total += r.n;
      }
      return out;
    },

    /** One push as the API answers it, with its counts; none outside the caller's region limit. */
    async get(id: number, regions: number[] | null): Promise<Push | undefined> {
      const [row] = await db
        .select({ push: notifyPushes, createdBy: creator })
        .from(notifyPushes)
        .leftJoin(users, eq(users.id, notifyPushes.createdBy))
        .where(and(eq(notifyPushes.id, id), withinRegions(regions)));
      if (!row) return undefined;
      return toPush(row.push, row.createdBy, (await repository.counts([id])).get(id));
    },

    /** The push log: newest first, each with its counts. */
    async page(filter: PushFilter) {
      const where = and(
        withinRegions(filter.regions),
        filter.keyword
          ? or(
              ilike(notifyPushes.title, containing(filter.keyword)),
              ilike(notifyPushes.content, containing(filter.keyword)),
            )
          : undefined,
        filter.state ? eq(notifyPushes.state, filter.state) : undefined,
        filter.source ? eq(notifyPushes.source, filter.source) : undefined,
        filter.channel ? sql`${notifyPushes.channels} @> ${JSON.stringify([filter.channel])}::jsonb` : undefined,
        filter.from ? gte(notifyPushes.createdAt, filter.from) : undefined,
        filter.to ? lte(notifyPushes.createdAt, filter.to) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(notifyPushes).where(where);
      const rows = await db
        .select({ push: notifyPushes, createdBy: creator })
        .from(notifyPushes)
        .leftJoin(users, eq(users.id, notifyPushes.createdBy))
        .where(where)
        .orderBy(desc(notifyPushes.createdAt), desc(notifyPushes.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize);
      const counts = await repository.counts(rows.map((r) => r.push.id));
      return {
        total: total?.n ?? 0,
        list: rows.map((r) => toPush(r.push, r.createdBy, counts.get(r.push.id))),
      };
    },

    /** A push's deliveries, in the caller's language (failure reasons, robots' names), addresses masked. */
    async deliveries(pushId: number, filter: DeliveryFilter, locale: Locale) {
      const name = sql<string | null>`coalesce(nullif(${users.displayName}, ''), ${users.username})`;
      const conditions: (SQL | undefined)[] = [
        eq(notifyDeliveries.pushId, pushId),
        filter.state ? eq(notifyDeliveries.state, filter.state) : undefined,
        filter.channel ? eq(notifyDeliveries.channel, filter.channel) : undefined,
        filter.keyword
          ? or(
              ilike(users.displayName, containing(filter.keyword)),
              ilike(users.username, containing(filter.keyword)),
              ilike(notifyDeliveries.address, containing(filter.keyword)),
            )
          : undefined,
      ];
      const where = and(...conditions);
      const [total] = await db
        .select({ n: count() })
        .from(notifyDeliveries)
        .leftJoin(users, eq(users.id, notifyDeliveries.userId))
        .where(where);
      const rows = await db
        .select({ d: notifyDeliveries, name })
        .from(notifyDeliveries)
        .leftJoin(users, eq(users.id, notifyDeliveries.userId))
        .where(where)
        .orderBy(asc(notifyDeliveries.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize);
      return {
        total: total?.n ?? 0,
        list: rows.map(({ d, name }): Delivery => {
          const why = d.errorCode ? `${reason(d.errorCode, locale)}${d.errorDetail ? `: ${d.errorDetail}` : ''}` : '';
          return {
            id: d.id,
            pushId: d.pushId,
            userId: d.userId,
            recipient: d.userId === null ? robotName(d.channel, locale) : (name ?? ''),
            channel: d.channel as NotifyChannel,
            address: maskAddress(d.channel, d.address),
            locale: d.locale as Locale,
            state: d.state as DeliveryState,
            attempts: d.attempts,
            error: why,
            nextAttemptAt: d.state === 'queued' || d.state === 'retrying' ? d.nextAttemptAt.toISOString() : null,
            sentAt: d.sentAt?.toISOString() ?? null,
            fallbackOf: (d.fallbackOf as NotifyChannel | null) ?? null,
            quiet: d.quiet,
            segments: d.segments,
            title: d.title,
            body: d.body,
          };
        }),
      };
    },

    /**
     * Failed and given-up deliveries queued again from now, with no attempts spent. SMS and e-mail
     * take the recipient's address as it is now (one added since is used); one still without an
     * address stays failed for noAddress. Returns how many were queued.
     */
    async resend(pushId: number, now: Date): Promise<number> {
      const result = (await db.execute(sql`
        with fresh as (
          select d.id,
            case d.channel
              when 'sms' then coalesce(u.phone, '')
              when 'email' then coalesce(u.email, '')
              else d.address end as address
          from notify_deliveries d left join users u on u.id = d.user_id
          where d.push_id = ${pushId} and d.state in ('failed', 'given-up')
          for update of d
        )
        update notify_deliveries d set
          address = fresh.address,
          state = case when fresh.address = '' and d.channel in ('sms', 'email') then 'failed' else 'queued' end,
          error_code = case when fresh.address = '' and d.channel in ('sms', 'email') then 'noAddress' else '' end,
          error_detail = '',
          attempts = 0,
          next_attempt_at = ${now.toISOString()}::timestamptz,
          lease_until = null,
          quiet = false
        from fresh where d.id = fresh.id
        returning d.state`)) as unknown as { rows: { state: string }[] };
      return result.rows.filter((r) => r.state === 'queued').length;
    },
  };
  return repository;
}

export type PushesRepository = ReturnType<typeof createPushesRepository>;
