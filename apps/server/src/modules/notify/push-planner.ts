import {
  DEFAULT_LOCALE,
  isRobotChannel,
  type Locale,
  NOTIFY_CHANNELS,
  type NotifyChannel,
  type NotifyPurpose,
  type PersonalChannel,
  renderTemplate,
  smsSize,
} from '@water/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { type notifyDeliveries, notifyPushes, smsAccount } from '../../db/schema/index.ts';
import { type LoadedChannel, loadChannels } from './channels.repository.ts';
import type { DeliveryErrorCode } from './notify-types.ts';
import { DEFAULT_PREFS, type LoadedPrefs, withInApp } from './prefs.repository.ts';
import { type LoadedTemplate, loadTemplates } from './templates.repository.ts';

export type PushRow = typeof notifyPushes.$inferSelect;
type DeliveryInsert = typeof notifyDeliveries.$inferInsert;
type Localized = Record<Locale, string>;
type ChannelSettings = Map<NotifyChannel, LoadedChannel>;

/** The utility's clock (UTC+8, no daylight saving): templates' {time} and quiet hours read it. */
const UTC8_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD HH:mm' on the utility's clock. */
export const utc8Time = (at: Date): string =>
  new Date(at.getTime() + UTC8_MS).toISOString().slice(0, 16).replace('T', ' ');

/** Channels that reach a person outside the console: quiet hours hold these back. */
const HELD_IN_QUIET: readonly NotifyChannel[] = ['sms', 'email', 'webhook'];

/**
 * Rows one insert carries, as one JSON parameter read by jsonb_to_recordset: on PGlite about three
 * times faster than a multi-row VALUES of 17 parameters a row (20,000 rows: ~5.5 s against ~16 s on
 * a loaded machine), and no parameter limit to mind.
 */
const INSERT_CHUNK = 5000;

/** Writes deliveries, skipping keys already there; returns how many were new. */
async function insertDeliveries(db: Queryable, rows: DeliveryInsert[]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const json = JSON.stringify(
      rows.slice(i, i + INSERT_CHUNK).map((r) => ({
        push_id: r.pushId,
        user_id: r.userId ?? null,
        channel: r.channel,
        address: r.address ?? '',
        locale: r.locale,
        title: r.title,
        body: r.body,
        state: r.state ?? 'queued',
        next_attempt_at: r.nextAttemptAt.toISOString(),
        idempotency_key: r.idempotencyKey,
        error_code: r.errorCode ?? '',
        quiet: r.quiet ?? false,
        critical: r.critical ?? false,
        fallback: r.fallback ?? null,
        segments: r.segments ?? 0,
        created_at: r.createdAt.toISOString(),
      })),
    );
    const result = (await db.execute(sql`
      with added as (
        insert into notify_deliveries (push_id, user_id, channel, address, locale, title, body, state,
          next_attempt_at, idempotency_key, error_code, quiet, critical, fallback, segments, created_at)
        select push_id, user_id, channel, address, locale, title, body, state,
          next_attempt_at, idempotency_key, error_code, quiet, critical, fallback, segments, created_at
        from jsonb_to_recordset(${json}::jsonb) as x(push_id int, user_id int, channel text, address text,
          locale text, title text, body text, state text, next_attempt_at timestamptz, idempotency_key text,
          error_code text, quiet boolean, critical boolean, fallback text, segments smallint, created_at timestamptz)
        on conflict (idempotency_key) do nothing
        returning 1
      )
      select count(*)::int as n from added`)) as unknown as { rows: { n: number }[] };
    inserted += Number(result.rows[0]?.n ?? 0);
  }
  return inserted;
}

const minutesOf = (clock: string) => {
  const [h = 0, m = 0] = clock.split(':').map(Number);
  return h * 60 + m;
};

/**
 * When quiet hours that hold `now` end, or null outside them. The window is on the utility's clock
 * and may cross midnight (22:00–07:00); a window whose start is its end holds nothing.
 */
export function quietUntil(quiet: { enabled: boolean; start: string; end: string }, now: Date): Date | null {
  if (!quiet.enabled) return null;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return null;
  const local = now.getTime() + UTC8_MS;
  const dayStart = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  const minute = Math.floor((local - dayStart) / 60_000);
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return null;
  // The end today, or tomorrow when the window crossed midnight and we are before it.
  const endToday = dayStart + end * 60_000;
  const endLocal = endToday > local ? endToday : endToday + DAY_MS;
  return new Date(endLocal - UTC8_MS);
}

/**
 * Whether each channel can deliver now: in-app always; SMS when on; e-mail when on and SMTP is
 * configured; the webhook and robots when on with an address.
 */
export function channelReadiness(app: FastifyInstance, settings: ChannelSettings): (c: NotifyChannel) => boolean {
  const smtp = Boolean(app.config.SMTP_URL);
  return (c) => {
    if (c === 'inApp') return true;
    const s = settings.get(c);
    if (!s?.enabled) return false;
    if (c === 'email') return smtp;
    if (c === 'sms') return true;
    return s.url !== '';
  };
}

/** The chosen channels that cannot deliver now, in the contract's order. */
export async function channelsOff(app: FastifyInstance, db: Queryable, chosen: NotifyChannel[]) {
  const ready = channelReadiness(app, await loadChannels(db));
  return NOTIFY_CHANNELS.filter((c) => chosen.includes(c) && !ready(c));
}

export interface PlanSummary {
  /** Users the push reaches (enabled accounts among those asked for). */
  recipients: number;
  /** Deliveries queued per channel (robots one each); those failed at planning are not counted. */
  deliveries: Partial<Record<NotifyChannel, number>>;
  /** Deliveries written as failed at once (no address, the channel off). */
  failed: number;
  sms: {
    /** Recipients with a phone who take SMS. */
    recipients: number;
    /** The most segments one rendering takes. */
    segments: number;
    /** SMS billed: the segments of every SMS queued. */
    count: number;
  };
}

interface Recipient {
  id: number;
  name: string;
  phone: string;
  email: string;
  prefs: LoadedPrefs;
}

/**
 * Enabled users among `ids` with what the planner addresses them by and their preferences (the
 * defaults for those who never set theirs): one query, one array parameter however many there are.
 */
async function recipientsOf(db: Queryable, ids: number[]): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  const list = `{${[...new Set(ids)].map((id) => Math.trunc(Number(id))).join(',')}}`;
  const result = (await db.execute(sql`
    select u.id, coalesce(nullif(u.display_name, ''), u.username) as name, coalesce(u.phone, '') as phone, u.email,
      p.channels, p.locale, p.quiet_enabled, p.quiet_start, p.quiet_end
    from users u left join notify_prefs p on p.user_id = u.id
    where u.id = any(${list}::int[]) and u.status = 'enabled'
    order by u.id`)) as unknown as {
    rows: {
      id: number;
      name: string;
      phone: string;
      email: string;
      channels: string[] | null;
      locale: string | null;
      quiet_enabled: boolean | null;
      quiet_start: string | null;
      quiet_end: string | null;
    }[];
  };
  return result.rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    phone: r.phone,
    email: r.email,
    prefs:
      r.channels === null
        ? { channels: [...DEFAULT_PREFS.channels], locale: DEFAULT_PREFS.locale, quiet: { ...DEFAULT_PREFS.quiet } }
        : {
            channels: withInApp(r.channels),
            locale: r.locale === 'en-US' ? 'en-US' : 'zh-CN',
            quiet: { enabled: Boolean(r.quiet_enabled), start: r.quiet_start ?? '22:00', end: r.quiet_end ?? '07:00' },
          },
  }));
}

const pick = (v: Localized | string | number | undefined, locale: Locale): string | number | undefined =>
  v === undefined || v === null ? undefined : typeof v === 'object' ? v[locale] : v;

/**
 * The texts of one channel in one language: the purpose's template rendered with the push's values
 * (and, for each recipient, their name), or for a manual push without a template its title and
 * content as written.
 */
function textsFor(
  push: PushRow,
  template: LoadedTemplate | undefined,
  locale: Locale,
  channel: NotifyChannel,
  now: Date,
  publicUrl: string | undefined,
) {
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(push.values ?? {})) {
    const value = pick(v as Localized | string, locale);
    if (value !== undefined) values[k] = value;
  }
  if (push.purpose === 'manual') {
    values.title = push.title;
    values.content = push.content;
  }
  values.time ??= utc8Time(now);
  // A link leaves the console in SMS, e-mail and chats: absolute when the console's address is known.
  values.link = push.link ? `${publicUrl ?? ''}/#${push.link}` : '';
  const verbatim = push.purpose === 'manual' && (!push.useTemplate || !template);
  if (verbatim) {
    // SMS has no title: the title leads its text.
    const body = channel === 'sms' ? [push.title, push.content].filter(Boolean).join('\n') : push.content || push.title;
    return (_recipient: string) => ({ title: channel === 'sms' ? '' : push.title, body });
  }
  const title = template?.title[locale] ?? '';
  const body = template?.body[locale] ?? '';
  const needsName = title.includes('{recipient}') || body.includes('{recipient}');
  const fixed = { title: renderTemplate(title, values), body: renderTemplate(body, values) };
  if (!needsName) return (_recipient: string) => fixed;
  return (recipient: string) => {
    const own = { ...values, recipient };
    return { title: renderTemplate(title, own), body: renderTemplate(body, own) };
  };
}

/** What a caller planning many pushes in one transaction (the alarm engine's round) read once for all. */
export interface PlanOptions {
  templates?: Map<NotifyChannel, LoadedTemplate>;
  settings?: ChannelSettings;
  /** Where to run `fn` once the caller's transaction commits: the delivery worker is woken there. */
  afterCommit?: (fn: () => Promise<void> | void) => void;
}

export interface PlannedDeliveries {
  rows: DeliveryInsert[];
  summary: PlanSummary;
}

/**
 * The deliveries a push makes, not written: one per recipient × personal channel they take (in-app
 * always; SMS, e-mail and the webhook when their preferences include it), one per robot. Texts are
 * rendered in each recipient's language (robots in the utility's); a channel a user takes but has no
 * address for is a failed row (noAddress) so the log says why; quiet hours hold a non-critical
 * SMS, e-mail or webhook delivery until they end.
 */
export async function buildDeliveries(
  app: FastifyInstance,
  db: Queryable,
  push: PushRow,
  userIds: number[],
  now: Date,
  options: PlanOptions = {},
): Promise<PlannedDeliveries> {
  const templates = options.templates ?? (await loadTemplates(db, push.purpose as NotifyPurpose));
  const settings = options.settings ?? (await loadChannels(db));
  const people = await recipientsOf(db, userIds);
  const ready = channelReadiness(app, settings);
  const manual = push.source === 'manual';
  const channels = (push.channels as NotifyChannel[]).filter((c) => NOTIFY_CHANNELS.includes(c));
  const summary: PlanSummary = {
    recipients: people.length,
    deliveries: {},
    failed: 0,
    sms: { recipients: 0, segments: 0, count: 0 },
  };
  const rows: DeliveryInsert[] = [];
  const base = {
    pushId: push.id,
    attempts: 0,
    critical: push.critical,
    createdAt: now,
  };
  const add = (row: DeliveryInsert) => {
    rows.push(row);
    if (row.state === 'failed') summary.failed++;
    else summary.deliveries[row.channel as NotifyChannel] = (summary.deliveries[row.channel as NotifyChannel] ?? 0) + 1;
  };
  const failed = (code: DeliveryErrorCode) => ({ state: 'failed', errorCode: code, nextAttemptAt: now });
  // Texts made once per channel and language; only {recipient} differs between people.
  const texts = new Map<string, (recipient: string) => { title: string; body: string }>();
  const textOf = (channel: NotifyChannel, locale: Locale, recipient: string) => {
    const key = `${channel}:${locale}`;
    let make = texts.get(key);
    if (!make) {
      make = textsFor(push, templates.get(channel), locale, channel, now, app.config.PUBLIC_URL);
      texts.set(key, make);
    }
    return make(recipient);
  };

  for (const channel of channels) {
    if (!isRobotChannel(channel)) continue;
    // A robot is one message to its group chat, in the utility's language.
    const on = ready(channel);
    if (!on && !manual) continue;
    const text = textOf(channel, DEFAULT_LOCALE, '');
    add({
      ...base,
      userId: null,
      channel,
      address: settings.get(channel)?.url ?? '',
      locale: DEFAULT_LOCALE,
      ...text,
      idempotencyKey: `p${push.id}:${channel}`,
      ...(on ? { state: 'queued', nextAttemptAt: now } : failed('channelOff')),
    });
  }

  const personal = channels.filter((c): c is PersonalChannel => !isRobotChannel(c));
  const webhookUrl = settings.get('webhook')?.url ?? '';
  for (const person of people) {
    const { locale, channels: theirs, quiet } = person.prefs;
    const takes = new Set<PersonalChannel>(theirs);
    const quietEnd = quietUntil(quiet, now);
    for (const channel of personal) {
      if (channel !== 'inApp' && !takes.has(channel)) continue;
      const on = ready(channel);
      if (!on && !manual) continue;
      const address =
        channel === 'sms' ? person.phone : channel === 'email' ? person.email : channel === 'webhook' ? webhookUrl : '';
      const text = textOf(channel, locale, person.name);
      const segments = channel === 'sms' ? smsSize(text.body).segments : 0;
      const fallback = templates.get(channel)?.fallback ?? null;
      const held = quietEnd !== null && !push.critical && HELD_IN_QUIET.includes(channel);
      let state: { state: string; nextAttemptAt: Date; errorCode?: string; quiet?: boolean };
      if (!on) state = failed('channelOff');
      else if (channel !== 'inApp' && address === '') state = failed('noAddress');
      else
        state = held
          ? { state: 'queued', nextAttemptAt: quietEnd, quiet: true }
          : { state: 'queued', nextAttemptAt: now };
      add({
        ...base,
        userId: person.id,
        channel,
        address,
        locale,
        ...text,
        segments,
        fallback: fallback && fallback !== channel && (fallback === 'inApp' || takes.has(fallback)) ? fallback : null,
        idempotencyKey: `p${push.id}:u${person.id}:${channel}`,
        ...state,
      });
      if (channel === 'sms' && state.state === 'queued') {
        summary.sms.recipients++;
        summary.sms.count += segments;
        summary.sms.segments = Math.max(summary.sms.segments, segments);
      }
    }
  }
  return { rows, summary };
}

/**
 * Plans a push: writes its deliveries with the caller's transaction (INSERT_CHUNK rows a statement;
 * a key already there is skipped, so planning twice queues nothing twice) and,
 * once the caller commits, wakes the delivery worker.
 */
export async function planPush(
  app: FastifyInstance,
  db: Queryable,
  push: PushRow,
  userIds: number[],
  now: Date,
  options: PlanOptions = {},
): Promise<PlanSummary & { inserted: number }> {
  const { rows, summary } = await buildDeliveries(app, db, push, userIds, now, options);
  const inserted = await insertDeliveries(db, rows);
  options.afterCommit?.(() => app.notifyDelivery.kick());
  return { ...summary, inserted };
}

/**
 * Plans a stored push and records it on its row: when it was planned, whom it reached, the SMS it
 * should cost at today's price; a push that queued nothing (every delivery failed at once, or none
 * was due) is done at once, since the worker would never see it.
 */
export async function planPushRow(
  app: FastifyInstance,
  db: Queryable,
  push: PushRow,
  userIds: number[],
  now: Date,
  options: PlanOptions = {},
): Promise<PushRow> {
  const summary = await planPush(app, db, push, userIds, now, options);
  const [account] = await db.select({ price: smsAccount.price }).from(smsAccount).where(eq(smsAccount.id, 1));
  const queued = Object.values(summary.deliveries).reduce((a, b) => a + (b ?? 0), 0);
  const [row] = await db
    .update(notifyPushes)
    .set({
      state: queued === 0 ? 'done' : 'sending',
      plannedAt: now,
      finishedAt: queued === 0 ? now : null,
      recipients: summary.recipients,
      smsEstimate: (Number(account?.price ?? 0) * summary.sms.count).toFixed(4),
    })
    .where(eq(notifyPushes.id, push.id))
    .returning();
  return row!;
}
