import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { regions } from './operations.ts';
import { users } from './organization.ts';

type Localized = { 'zh-CN': string; 'en-US': string };

/**
 * Message templates (issue 16): one per purpose and channel, both languages. `isDefault` says the
 * text is still the seeded one (a reset puts it back).
 */
export const notifyTemplates = pgTable(
  'notify_templates',
  {
    id: serial().primaryKey(),
    /** alarm.raised | alarm.escalated | alarm.reminder | alarm.cleared | workorder.todo | manual */
    purpose: text().notNull(),
    /** inApp | sms | email | webhook | wecom | dingtalk | feishu */
    channel: text().notNull(),
    enabled: boolean().notNull().default(true),
    title: jsonb().$type<Localized>().notNull(),
    body: jsonb().$type<Localized>().notNull(),
    /** A personal channel to try when this one fails for a recipient. */
    fallback: text(),
    isDefault: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex().on(t.purpose, t.channel)],
);

/** Channel settings: on or off, and where robots and the generic webhook post (with their secret). */
export const notifyChannels = pgTable('notify_channels', {
  channel: text().primaryKey(),
  enabled: boolean().notNull().default(false),
  url: text().notNull().default(''),
  /** Kept for signing; never answered. */
  secret: text().notNull().default(''),
  updatedAt: timestamp({ withTimezone: true }),
  updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
});

/** Each user's notification preferences; a user without a row takes the defaults. */
export const notifyPrefs = pgTable('notify_prefs', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Personal channels the user takes besides in-app (which is always on). */
  channels: jsonb().$type<string[]>().notNull(),
  /** zh-CN | en-US */
  locale: text().notNull(),
  quietEnabled: boolean().notNull().default(false),
  /** HH:mm, UTC+8 (the utility's clock) */
  quietStart: text().notNull().default('22:00'),
  quietEnd: text().notNull().default('07:00'),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * A push: a manual message or an alarm's notification, planned into one delivery per recipient and
 * channel (robots: one per push). Counts are read from the deliveries.
 */
export const notifyPushes = pgTable(
  'notify_pushes',
  {
    id: serial().primaryKey(),
    purpose: text().notNull(),
    title: text().notNull(),
    content: text().notNull().default(''),
    useTemplate: boolean().notNull().default(true),
    channels: jsonb().$type<string[]>().notNull(),
    audience: jsonb().$type<{ userIds: number[]; roleCodes: string[]; departmentIds: number[] }>().notNull(),
    link: text().notNull().default(''),
    /** manual | alarm | workorder */
    source: text().notNull().default('manual'),
    sourceId: text().notNull().default(''),
    /** Template values for non-manual purposes, as planned (the alarm's device, value …). */
    values: jsonb().$type<Record<string, Localized | string>>().notNull().default({}),
    /** Critical alarms ignore quiet hours. */
    critical: boolean().notNull().default(false),
    /** An alarm's region: the push log shows it only to roles whose region limit covers it (null: to all). */
    regionId: integer().references(() => regions.id, { onDelete: 'set null' }),
    /** scheduled | sending | done | cancelled */
    state: text().notNull(),
    recipients: integer().notNull().default(0),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    scheduledAt: timestamp({ withTimezone: true }),
    /** When its deliveries were written (null while scheduled). */
    plannedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    smsEstimate: numeric({ precision: 12, scale: 4 }).notNull().default('0'),
    smsCost: numeric({ precision: 12, scale: 4 }).notNull().default('0'),
    smsCount: integer().notNull().default(0),
  },
  (t) => [
    index().on(t.createdAt),
    index().on(t.source, t.sourceId),
    index('notify_pushes_due_idx').on(t.scheduledAt).where(sql`${t.state} = 'scheduled'`),
  ],
);

/**
 * The durable outbox: one row per recipient and channel. A worker claims due rows (queued, retrying,
 * or sending whose lease ran out after a crash) with SKIP LOCKED; `idempotencyKey` is unique, so a
 * push planned twice queues nothing twice, and it travels with each attempt (webhook header, e-mail
 * Message-ID) so a receiver can drop a repeat after a crash between sending and recording.
 */
export const notifyDeliveries = pgTable(
  'notify_deliveries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    pushId: integer()
      .notNull()
      .references(() => notifyPushes.id, { onDelete: 'cascade' }),
    /** Null for a group robot. */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    channel: text().notNull(),
    /** Phone, e-mail, robot or webhook URL, or the user id for in-app. */
    address: text().notNull().default(''),
    locale: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    /** queued | sending | sent | failed | retrying | given-up */
    state: text().notNull().default('queued'),
    attempts: smallint().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
    /** While sending: after this, a crashed worker's claim is taken again. */
    leaseUntil: timestamp({ withTimezone: true }),
    idempotencyKey: text().notNull(),
    /** An error code (noBalance, noAddress, http, smtp, timeout, …) and the provider's words. */
    errorCode: text().notNull().default(''),
    errorDetail: text().notNull().default(''),
    /** Held back by quiet hours until nextAttemptAt. */
    quiet: boolean().notNull().default(false),
    critical: boolean().notNull().default(false),
    fallbackOf: text(),
    /** A fallback channel to try if this one fails (the template's), when the user has it. */
    fallback: text(),
    segments: smallint().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex().on(t.idempotencyKey),
    index().on(t.pushId, t.state),
    index('notify_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} in ('queued', 'retrying', 'sending')`),
    index().on(t.userId, t.channel, t.sentAt),
    // The per-channel rate limit counts the last minute's sends of a channel.
    index().on(t.channel, t.sentAt),
  ],
);
