import {
  isRobotChannel,
  type Locale,
  type NotifyChannel,
  type NotifyPurpose,
  type PersonalChannel,
  smsSize,
} from '@water/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../db/client.ts';
import { notifyDeliveries } from '../../../db/schema/index.ts';
import { type LoadedChannel, loadChannels } from '../channels.repository.ts';
import type { ChannelProvider, DeliveryStats, NotifyDelivery, OutgoingDelivery, SendOutcome } from '../notify-types.ts';
import { emailProvider } from './providers/email.ts';
import { inAppProvider } from './providers/in-app.ts';
import type { BatchChannelProvider, ProviderEnv, SendContext } from './providers/provider-env.ts';
import { dingtalkFormat, feishuFormat, ROBOT_RATE_PER_MINUTE, robotProvider, wecomFormat } from './providers/robots.ts';
import { outboxSmsProvider, type SmsProvider, smsChannel } from './providers/sms.ts';
import { webhookProvider } from './providers/webhook.ts';

/** Back-off after the 1st, 2nd … failed attempt; the last step repeats. */
export const BACKOFF_MS = [30_000, 120_000, 600_000, 1_800_000, 7_200_000] as const;

/** The wait before attempt `attempt + 1`, ±10 % so that a burst of failures does not retry as one. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = BACKOFF_MS[Math.min(Math.max(attempt, 1), BACKOFF_MS.length) - 1]!;
  return Math.round(base * (0.9 + 0.2 * random()));
}

/** The longest a receiver's Retry-After may hold a delivery back. */
const RETRY_AFTER_MAX_MS = 6 * 3_600_000;
/** External sends in flight per channel. */
const EXTERNAL_CONCURRENCY = 8;
/** External outcomes recorded together (fewer writes; a crash repeats at most these, which their keys let receivers drop). */
const RECORD_CHUNK = 32;
const MINUTE = 60_000;

/** Channels written in the database in the transaction that marks the delivery sent: exactly once. */
const TRANSACTIONAL: readonly NotifyChannel[] = ['inApp', 'sms'];
/** Personal channels that leave the console, and so are limited per recipient. */
const PER_USER_LIMITED: readonly NotifyChannel[] = ['sms', 'email', 'webhook'];

/** A claimed delivery: what providers get, and what the worker needs to record it. */
export interface ClaimedDelivery extends OutgoingDelivery {
  /** The attempt this claim is (the claim counted it): recording is conditional on it. */
  attempts: number;
  fallback: PersonalChannel | null;
}

type Failure = Extract<SendOutcome, { ok: false }>;

export interface WorkerOptions {
  /** Providers to use instead of the built-in ones (tests: a provider that stops mid-round). */
  providers?: Partial<Record<NotifyChannel, ChannelProvider | BatchChannelProvider>>;
  /** The SMS gateway (default: the SMS_SENDER setting's, i.e. the sms_outbox sender). */
  smsProvider?: SmsProvider;
  /** Jitter source for the back-off (tests pin it). */
  random?: () => number;
  /** Deliveries a round claims at most (default NOTIFY_BATCH). */
  batch?: number;
  /** How often it polls once started (default NOTIFY_POLL_MS; 0: only when drained). */
  pollMs?: number;
}

export interface DeliveryWorker extends NotifyDelivery {
  /** One round: claim what is due, deliver it, record it. Answers how many deliveries it claimed. */
  round(): Promise<number>;
  /** Start polling every NOTIFY_POLL_MS (nothing when it is 0). */
  start(): void;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (d: Date) => d.toISOString();

function isBatch(p: ChannelProvider | BatchChannelProvider | undefined): p is BatchChannelProvider {
  return !!p && typeof (p as BatchChannelProvider).sendBatch === 'function';
}

/** An SMS text of one segment: a fallback SMS carries the gist, not the e-mail. */
export function oneSmsSegment(text: string): string {
  const trimmed = text.trim();
  if (smsSize(trimmed).segments <= 1) return trimmed;
  // '…' is not GSM 7-bit, so the text is UCS-2: 70 characters a segment.
  return `${Array.from(trimmed).slice(0, 69).join('')}…`;
}

/** Runs `fn` over `items` with at most `limit` at once; results in order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  });
  await Promise.all(lanes);
  return out;
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * The delivery worker of one server, without its start and stop hooks (tests run several on one
 * database). A round claims due deliveries with SKIP LOCKED and a lease, so that servers sharing a
 * database never take the same row and a crashed worker's rows come back when the lease ends;
 * in-app and SMS are written in the transaction that marks them sent, the others are sent and then
 * recorded, their idempotency key travelling with each attempt.
 */
export function createDeliveryWorker(app: FastifyInstance, options: WorkerOptions = {}): DeliveryWorker {
  const config = app.config;
  const random = options.random ?? Math.random;
  const batch = options.batch ?? config.NOTIFY_BATCH;
  const pollMs = options.pollMs ?? config.NOTIFY_POLL_MS;
  let settings = new Map<NotifyChannel, LoadedChannel>();
  const env: ProviderEnv = {
    config,
    channel: async (channel) => settings.get(channel) ?? { enabled: channel === 'inApp', url: '', secret: '' },
  };
  const email = emailProvider(env);
  const builtIn: Record<NotifyChannel, ChannelProvider | BatchChannelProvider> = {
    inApp: inAppProvider(app),
    sms: smsChannel(env, options.smsProvider ?? outboxSmsProvider(config.SMS_SENDER)),
    email,
    webhook: webhookProvider(env),
    wecom: robotProvider(env, wecomFormat),
    dingtalk: robotProvider(env, dingtalkFormat),
    feishu: robotProvider(env, feishuFormat),
  };
  const providers = { ...builtIn, ...options.providers };
  const stats: DeliveryStats = { sent: 0, failed: 0, retried: 0, givenUp: 0, rounds: 0 };
  /** Pushes of deliveries this worker handled, until it has looked whether they are done. */
  const toFinish = new Set<number>();

  async function refreshSettings() {
    settings = await loadChannels(app.db);
  }

  async function claim(now: Date): Promise<ClaimedDelivery[]> {
    const leaseUntil = new Date(now.getTime() + config.NOTIFY_LEASE_SECONDS * 1000);
    const rows = rowsOf<Record<string, unknown>>(
      await app.db.execute(sql`
        with claimed as (
          update notify_deliveries d
          set state = 'sending', lease_until = ${iso(leaseUntil)}::timestamptz, attempts = d.attempts + 1
          where d.id in (
            select id from notify_deliveries
            where (state in ('queued', 'retrying') and next_attempt_at <= ${iso(now)}::timestamptz)
               or (state = 'sending' and lease_until < ${iso(now)}::timestamptz)
            order by next_attempt_at, id
            limit ${batch}
            for update skip locked)
          returning d.*
        )
        select c.id, c.push_id, c.user_id, c.channel, c.address, c.locale, c.title, c.body, c.attempts,
          c.idempotency_key, c.segments, c.critical, c.fallback, c.next_attempt_at, p.purpose, p.link,
          coalesce(nullif(u.display_name, ''), u.username) as user_name, u.phone as user_phone, u.email as user_email
        from claimed c
        join notify_pushes p on p.id = c.push_id
        left join users u on u.id = c.user_id
        order by c.next_attempt_at, c.id`),
    );
    return rows.map((r) => ({
      id: Number(r.id),
      pushId: Number(r.push_id),
      purpose: r.purpose as NotifyPurpose,
      userId: r.user_id === null ? null : Number(r.user_id),
      channel: r.channel as NotifyChannel,
      address: String(r.address),
      locale: r.locale as Locale,
      title: String(r.title),
      body: String(r.body),
      link: String(r.link ?? ''),
      idempotencyKey: String(r.idempotency_key),
      segments: Number(r.segments),
      critical: r.critical === true,
      attempts: Number(r.attempts),
      fallback: (r.fallback as PersonalChannel | null) ?? null,
      recipient:
        r.user_id === null
          ? null
          : { name: String(r.user_name ?? ''), phone: String(r.user_phone ?? ''), email: String(r.user_email ?? '') },
    }));
  }

  /**
   * Rate limits, per minute window: per channel (robots as their docs say, the others
   * NOTIFY_RATE_PER_CHANNEL_PER_MINUTE) and per recipient on SMS, e-mail and webhook. What is
   * over goes back to the queue for the next window, its attempt not counted: never dropped.
   */
  async function limit(claimed: ClaimedDelivery[], now: Date) {
    const windowStart = new Date(Math.floor(now.getTime() / MINUTE) * MINUTE);
    const limited = [...new Set(claimed.map((d) => d.channel))].filter((c) => c !== 'inApp');
    if (limited.length === 0) return { allowed: claimed, deferred: [] as ClaimedDelivery[], until: windowStart };
    const channelCounts = new Map<string, number>();
    const userCounts = new Map<string, number>();
    const channelList = `{${limited.join(',')}}`;
    for (const r of rowsOf<{ channel: string; n: number }>(
      await app.db.execute(sql`
        select channel, count(*)::int as n from notify_deliveries
        where sent_at >= ${iso(windowStart)}::timestamptz and channel = any(${channelList}::text[])
        group by channel`),
    )) {
      channelCounts.set(r.channel, Number(r.n));
    }
    const users = [
      ...new Set(
        claimed.filter((d) => d.userId !== null && PER_USER_LIMITED.includes(d.channel)).map((d) => d.userId!),
      ),
    ];
    if (users.length > 0) {
      for (const r of rowsOf<{ user_id: number; channel: string; n: number }>(
        await app.db.execute(sql`
          select user_id, channel, count(*)::int as n from notify_deliveries
          where sent_at >= ${iso(windowStart)}::timestamptz and user_id = any(${`{${users.join(',')}}`}::int[])
            and channel in ('sms', 'email', 'webhook')
          group by user_id, channel`),
      )) {
        userCounts.set(`${r.user_id}:${r.channel}`, Number(r.n));
      }
    }
    const allowed: ClaimedDelivery[] = [];
    const deferred: ClaimedDelivery[] = [];
    for (const d of claimed) {
      if (d.channel === 'inApp') {
        allowed.push(d);
        continue;
      }
      const channelMax = isRobotChannel(d.channel)
        ? ROBOT_RATE_PER_MINUTE[d.channel]
        : config.NOTIFY_RATE_PER_CHANNEL_PER_MINUTE;
      const channelN = channelCounts.get(d.channel) ?? 0;
      const userKey = d.userId !== null && PER_USER_LIMITED.includes(d.channel) ? `${d.userId}:${d.channel}` : null;
      const userN = userKey ? (userCounts.get(userKey) ?? 0) : 0;
      if (channelN >= channelMax || (userKey && userN >= config.NOTIFY_RATE_PER_USER_PER_MINUTE)) {
        deferred.push(d);
        continue;
      }
      channelCounts.set(d.channel, channelN + 1);
      if (userKey) userCounts.set(userKey, userN + 1);
      allowed.push(d);
    }
    return { allowed, deferred, until: new Date(windowStart.getTime() + MINUTE) };
  }

  /** Back to the queue until `until`, this claim's attempt given back. */
  async function defer(rows: ClaimedDelivery[], until: Date) {
    if (rows.length === 0) return;
    const claims = JSON.stringify(rows.map((d) => ({ id: d.id, attempts: d.attempts })));
    await app.db.execute(sql`
      update notify_deliveries d
      set state = 'queued', next_attempt_at = ${iso(until)}::timestamptz, lease_until = null, attempts = d.attempts - 1
      from json_to_recordset(${claims}::json) as v(id bigint, attempts int)
      where d.id = v.id and d.attempts = v.attempts and d.state = 'sending'`);
  }

  /** Where the next state of a delivery comes from: its outcome and how many attempts it has had. */
  function nextState(d: ClaimedDelivery, outcome: SendOutcome, now: Date) {
    if (outcome.ok) return { state: 'sent', code: '', detail: '', nextAt: null, sentAt: iso(now) };
    if (!outcome.retryable)
      return { state: 'failed', code: outcome.code, detail: outcome.detail, nextAt: null, sentAt: null };
    if (d.attempts >= config.NOTIFY_MAX_ATTEMPTS) {
      const last = outcome.detail ? `${outcome.code}: ${outcome.detail}` : outcome.code;
      return { state: 'given-up', code: 'exhausted', detail: last, nextAt: null, sentAt: null };
    }
    const wait = Math.max(backoffMs(d.attempts, random), Math.min(outcome.retryAfterMs ?? 0, RETRY_AFTER_MAX_MS));
    return {
      state: 'retrying',
      code: outcome.code,
      detail: outcome.detail,
      nextAt: iso(new Date(now.getTime() + wait)),
      sentAt: null,
    };
  }

  /**
   * Records outcomes of this claim (rows still `fromState` at this attempt: a row another worker
   * took after the lease ran out is theirs), and queues the fallbacks of those that ended failed.
   */
  async function apply(
    db: Queryable,
    results: { d: ClaimedDelivery; outcome: SendOutcome }[],
    now: Date,
    fromState: 'sending' | 'sent',
  ): Promise<void> {
    if (results.length === 0) return;
    const planned = results.map(({ d, outcome }) => ({ d, next: nextState(d, outcome, now) }));
    const values = JSON.stringify(
      planned.map(({ d, next }) => ({
        id: d.id,
        attempts: d.attempts,
        state: next.state,
        next_at: next.nextAt,
        sent_at: next.sentAt,
        code: next.code,
        detail: next.detail.slice(0, 1000),
      })),
    );
    const updated = new Set(
      rowsOf<{ id: number }>(
        await db.execute(sql`
          update notify_deliveries d
          set state = v.state, next_attempt_at = coalesce(v.next_at, d.next_attempt_at), sent_at = v.sent_at,
            lease_until = null, error_code = v.code, error_detail = v.detail
          from json_to_recordset(${values}::json)
            as v(id bigint, attempts int, state text, next_at timestamptz, sent_at timestamptz, code text, detail text)
          where d.id = v.id and d.attempts = v.attempts and d.state = ${fromState}
          returning d.id`),
      ).map((r) => Number(r.id)),
    );
    const ended: ClaimedDelivery[] = [];
    for (const { d, next } of planned) {
      if (!updated.has(d.id)) continue;
      if (next.state === 'sent') stats.sent++;
      else if (next.state === 'retrying') stats.retried++;
      else {
        if (next.state === 'failed') stats.failed++;
        else stats.givenUp++;
        ended.push(d);
      }
    }
    await queueFallbacks(db, ended, now);
  }

  /**
   * A delivery that ended failed tries the recipient's fallback channel (the template's, when the
   * user has it): the same title and body (an SMS cut to one segment), addressed as the user is
   * now; planned once (its key is the original's plus the channel).
   */
  async function queueFallbacks(db: Queryable, ended: ClaimedDelivery[], now: Date) {
    const todo = ended.filter((d) => d.userId !== null && d.fallback && d.fallback !== d.channel);
    if (todo.length === 0) return;
    const list = `{${[...new Set(todo.map((d) => d.userId!))].join(',')}}`;
    const users = new Map(
      rowsOf<{ id: number; phone: string | null; email: string }>(
        await db.execute(sql`select id, phone, email from users where id = any(${list}::int[])`),
      ).map((u) => [Number(u.id), u]),
    );
    const webhookUrl = (await env.channel('webhook')).url;
    await db
      .insert(notifyDeliveries)
      .values(
        todo.map((d) => {
          const channel = d.fallback!;
          const user = users.get(d.userId!);
          const address =
            channel === 'sms'
              ? (user?.phone ?? '')
              : channel === 'email'
                ? (user?.email ?? '')
                : channel === 'webhook'
                  ? webhookUrl
                  : '';
          const body = channel === 'sms' ? oneSmsSegment(d.body) : d.body;
          const missing = channel !== 'inApp' && !address;
          return {
            pushId: d.pushId,
            userId: d.userId,
            channel,
            address,
            locale: d.locale,
            title: d.title,
            body,
            state: missing ? 'failed' : 'queued',
            errorCode: missing ? 'noAddress' : '',
            nextAttemptAt: now,
            idempotencyKey: `${d.idempotencyKey}:fb:${channel}`,
            critical: d.critical,
            fallbackOf: d.channel,
            segments: channel === 'sms' ? smsSize(body).segments : 0,
            createdAt: now,
          };
        }),
      )
      .onConflictDoNothing({ target: notifyDeliveries.idempotencyKey });
  }

  /** In-app and SMS: marked sent, written by the provider and corrected for failures in one transaction. */
  async function deliverInTransaction(provider: BatchChannelProvider, rows: ClaimedDelivery[]) {
    const afterCommit: (() => Promise<void>)[] = [];
    await app.db.transaction(async (tx) => {
      const now = app.clock.now();
      const claims = JSON.stringify(rows.map((d) => ({ id: d.id, attempts: d.attempts })));
      // Taken first, conditionally: a row another worker reclaimed meanwhile is not written twice.
      const mine = new Set(
        rowsOf<{ id: number }>(
          await tx.execute(sql`
            update notify_deliveries d
            set state = 'sent', sent_at = ${iso(now)}::timestamptz, lease_until = null, error_code = '', error_detail = ''
            from json_to_recordset(${claims}::json) as v(id bigint, attempts int)
            where d.id = v.id and d.attempts = v.attempts and d.state = 'sending'
            returning d.id`),
        ).map((r) => Number(r.id)),
      );
      const owned = rows.filter((d) => mine.has(d.id));
      if (owned.length === 0) return;
      const ctx: SendContext = { db: tx, now, afterCommit: (fn) => afterCommit.push(fn) };
      const outcomes = await provider.sendBatch(owned, ctx);
      const failures = owned.flatMap((d, i) => {
        const outcome = outcomes[i] ?? ({ ok: false, code: 'rejected', detail: '', retryable: false } as Failure);
        return outcome.ok ? [] : [{ d, outcome }];
      });
      stats.sent += owned.length - failures.length;
      await apply(tx, failures, now, 'sent');
    });
    for (const fn of afterCommit) await fn().catch((err: unknown) => app.log.warn({ err }, 'notify: live push failed'));
  }

  /** Webhook, e-mail and robots: sent a few at a time, recorded a chunk at a time. */
  async function deliverExternal(provider: ChannelProvider, rows: ClaimedDelivery[]) {
    for (const chunk of chunks(rows, RECORD_CHUNK)) {
      const outcomes = await mapLimit(chunk, EXTERNAL_CONCURRENCY, (d) =>
        provider.send(d, { db: app.db, now: app.clock.now() }).catch(
          (err: unknown): Failure => ({
            ok: false,
            code: 'network',
            detail: String((err as Error)?.message ?? err).slice(0, 300),
            retryable: true,
          }),
        ),
      );
      await app.db.transaction((tx) =>
        apply(
          tx,
          chunk.map((d, i) => ({ d, outcome: outcomes[i]! })),
          app.clock.now(),
          'sending',
        ),
      );
    }
  }

  /**
   * Pushes whose deliveries have all ended are done. Answers those still being planned (their
   * planner has not finished writing deliveries): they are looked at again next round.
   */
  async function finishPushes(pushIds: number[], now: Date): Promise<number[]> {
    if (pushIds.length === 0) return [];
    const list = `{${pushIds.join(',')}}`;
    await app.db.execute(sql`
      update notify_pushes p set state = 'done', finished_at = ${iso(now)}::timestamptz
      where p.id = any(${list}::int[]) and p.state = 'sending' and p.planned_at is not null
        and not exists (select 1 from notify_deliveries d
          where d.push_id = p.id and d.state in ('queued', 'sending', 'retrying'))`);
    const planning = rowsOf<{ id: number }>(
      await app.db.execute(sql`
        select id from notify_pushes where id = any(${list}::int[]) and state = 'sending' and planned_at is null`),
    );
    return planning.map((r) => Number(r.id));
  }

  /** Looks whether the pushes handled are done; kept for the next round while planned or when this loses a race (a deadlock with an SMS cost update). */
  async function finishRemembered() {
    const pushIds = [...toFinish];
    try {
      const planning = new Set(await finishPushes(pushIds, app.clock.now()));
      for (const id of pushIds) if (!planning.has(id)) toFinish.delete(id);
    } catch (err) {
      app.log.warn({ err }, 'notify: finishing pushes failed');
    }
  }

  async function round(): Promise<number> {
    stats.rounds++;
    const now = app.clock.now();
    const claimed = await claim(now);
    if (claimed.length === 0) {
      if (toFinish.size > 0) await finishRemembered();
      return 0;
    }
    await refreshSettings();
    // Reclaimed after crashes until its attempts ran out: nobody recorded an outcome, so it ends here.
    const overdue = claimed.filter((d) => d.attempts > config.NOTIFY_MAX_ATTEMPTS);
    if (overdue.length > 0) {
      const outcome: Failure = { ok: false, code: 'timeout', detail: 'no outcome recorded', retryable: true };
      await app.db.transaction((tx) =>
        apply(
          tx,
          overdue.map((d) => ({ d, outcome })),
          now,
          'sending',
        ),
      );
    }
    const live = claimed.filter((d) => d.attempts <= config.NOTIFY_MAX_ATTEMPTS);
    const { allowed, deferred, until } = await limit(live, now);
    await defer(deferred, until);
    const byChannel = new Map<NotifyChannel, ClaimedDelivery[]>();
    for (const d of allowed) {
      const rows = byChannel.get(d.channel);
      if (rows) rows.push(d);
      else byChannel.set(d.channel, [d]);
    }
    await Promise.all(
      [...byChannel].map(async ([channel, rows]) => {
        const provider = providers[channel];
        try {
          if (TRANSACTIONAL.includes(channel) && isBatch(provider)) await deliverInTransaction(provider, rows);
          else await deliverExternal(provider, rows);
        } catch (err) {
          // Left 'sending': the lease brings them back, as after a crash.
          app.log.warn({ err, channel, deliveries: rows.length }, 'notify: delivery round failed');
        }
      }),
    );
    for (const d of claimed) toFinish.add(d.pushId);
    await finishRemembered();
    return claimed.length;
  }

  // One round at a time per worker, whether from the timer, a kick or drain().
  let chain: Promise<unknown> = Promise.resolve();
  function serialRound(): Promise<number> {
    const next = chain.then(round);
    chain = next.catch(() => {});
    return next;
  }

  let stopped = false;
  let started = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  function schedule(delay: number) {
    if (stopped || !started || pollMs === 0) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      run();
    }, delay);
    timer.unref();
  }

  /** Rounds until a round finds less than a full batch; again if kicked meanwhile. */
  function run() {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while (!stopped && (await serialRound()) >= batch) {}
        } while (again && !stopped);
      } catch (err) {
        app.log.warn({ err }, 'notify: delivery round failed');
      } finally {
        running = null;
        schedule(pollMs);
      }
    })();
  }

  async function sendTest(
    channel: NotifyChannel,
    to: { userId: number; locale: Locale },
    message: { title: string; body: string },
  ): Promise<SendOutcome & { ms: number }> {
    const t0 = performance.now();
    await refreshSettings();
    const [user] = rowsOf<{ name: string; phone: string | null; email: string }>(
      await app.db.execute(sql`
        select coalesce(nullif(display_name, ''), username) as name, phone, email from users where id = ${to.userId}`),
    );
    const now = app.clock.now();
    const delivery: OutgoingDelivery = {
      id: 0,
      pushId: 0,
      purpose: 'manual',
      userId: isRobotChannel(channel) ? null : to.userId,
      channel,
      address: channel === 'sms' ? (user?.phone ?? '') : channel === 'email' ? (user?.email ?? '') : '',
      locale: to.locale,
      title: message.title,
      body: message.body,
      link: '',
      idempotencyKey: `test:${channel}:${to.userId}:${now.getTime()}:${Math.floor(random() * 1e9)}`,
      segments: channel === 'sms' ? smsSize(message.body).segments : 0,
      critical: false,
      recipient: user ? { name: user.name, phone: user.phone ?? '', email: user.email } : null,
    };
    const provider = providers[channel];
    let outcome: SendOutcome;
    try {
      if (TRANSACTIONAL.includes(channel) && isBatch(provider)) {
        const afterCommit: (() => Promise<void>)[] = [];
        outcome = await app.db.transaction(
          async (tx) =>
            (await provider.sendBatch([delivery], { db: tx, now, afterCommit: (fn) => afterCommit.push(fn) }))[0]!,
        );
        for (const fn of afterCommit) await fn();
      } else {
        outcome = await provider.send(delivery, { db: app.db, now });
      }
    } catch (err) {
      outcome = { ok: false, code: 'network', detail: String((err as Error)?.message ?? err), retryable: true };
    }
    return { ...outcome, ms: Math.round(performance.now() - t0) };
  }

  return {
    round: serialRound,
    start() {
      started = true;
      stopped = false;
      schedule(0);
    },
    kick() {
      if (pollMs === 0 || !started || stopped) return;
      if (running) again = true;
      else schedule(0);
    },
    async drain() {
      while ((await serialRound()) > 0) {}
    },
    sendTest,
    stats: () => ({ ...stats }),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      await chain;
      email.close();
    },
  };
}

/** This server's delivery worker: polls from when the app is ready (the database migrated) until it closes. */
export function createNotifyDelivery(app: FastifyInstance): NotifyDelivery {
  const worker = createDeliveryWorker(app);
  app.addHook('onReady', async () => {
    worker.start();
  });
  app.addHook('onClose', async () => {
    await worker.stop();
  });
  return worker;
}
