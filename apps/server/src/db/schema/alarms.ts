import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { devices, deviceTypes, regions, stations } from './operations.ts';
import { users } from './organization.ts';
import { wqSites } from './water-quality.ts';

/**
 * Alarm rules (issue 15): conditions on one device type's thing model, for a scope of its devices.
 * `groups` are alternatives (OR), each a list of conditions that must all hold (AND): the contract's
 * alarmConditionGroupSchema. Recipients and escalation are the contract's shapes, as JSON.
 */
export const alarmRules = pgTable(
  'alarm_rules',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    description: text().notNull().default(''),
    enabled: boolean().notNull().default(true),
    /** critical | major | minor | warning | info */
    severity: text().notNull(),
    deviceTypeId: integer()
      .notNull()
      .references(() => deviceTypes.id, { onDelete: 'cascade' }),
    /** type | devices | station | region */
    scope: text().notNull().default('type'),
    deviceIds: jsonb().$type<number[]>().notNull().default([]),
    stationId: integer().references(() => stations.id, { onDelete: 'cascade' }),
    regionId: integer().references(() => regions.id, { onDelete: 'cascade' }),
    groups: jsonb().notNull(),
    durationMinutes: integer().notNull().default(0),
    repeat: jsonb(),
    schedule: jsonb(),
    clearDeadband: doublePrecision().notNull().default(0),
    clearDelayMinutes: integer().notNull().default(0),
    throttleMinutes: integer().notNull().default(0),
    reminderMinutes: integer(),
    recipients: jsonb().notNull(),
    escalation: jsonb(),
    sms: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.deviceTypeId), index().on(t.updatedAt)],
);

/**
 * Offline rules: a device type's, or one device's (which then overrides its type's). A device silent
 * beyond `timeout + deadband` is alarmed as offline; data coming back clears it.
 */
export const alarmOfflineRules = pgTable(
  'alarm_offline_rules',
  {
    id: serial().primaryKey(),
    deviceTypeId: integer()
      .notNull()
      .references(() => deviceTypes.id, { onDelete: 'cascade' }),
    deviceId: integer().references(() => devices.id, { onDelete: 'cascade' }),
    enabled: boolean().notNull().default(true),
    timeoutSeconds: integer().notNull(),
    deadbandSeconds: integer().notNull().default(60),
    severity: text().notNull().default('major'),
    recipients: jsonb().notNull(),
    sms: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alarm_offline_rules_type_unique').on(t.deviceTypeId).where(sql`${t.deviceId} is null`),
    uniqueIndex('alarm_offline_rules_device_unique').on(t.deviceId).where(sql`${t.deviceId} is not null`),
  ],
);

/**
 * Alarms: one row per raise. `sourceKey` names what raised it (`rule:<id>`, `offline`, or
 * `wq:<siteId>:<parameter>` for a water-quality exceedance), and the partial unique indexes keep one
 * active alarm per device and source, and one per water-quality site and parameter (online and lab
 * alike, with or without a device): of several servers judging the same reading, the database lets
 * one insert through (the others find it and count a repeat). Station, region and the rule's name
 * are kept as they were when raised (the records stay true after a device moves or a rule is renamed).
 */
export const alarms = pgTable(
  'alarms',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** rule | offline | water_quality */
    kind: text().notNull(),
    sourceKey: text().notNull(),
    ruleId: integer().references(() => alarmRules.id, { onDelete: 'set null' }),
    ruleName: text().notNull().default(''),
    severity: text().notNull(),
    /** Null for a water-quality alarm a lab result raised (its site is the source). */
    deviceId: integer().references(() => devices.id, { onDelete: 'cascade' }),
    /** A water-quality alarm's site. */
    siteId: integer().references(() => wqSites.id, { onDelete: 'cascade' }),
    stationId: integer(),
    regionId: integer(),
    metric: text(),
    /**
     * The condition that held, as the contract's AlarmCondition (a water-quality alarm: the limit that
     * applied, see wq-alarms.ts), rendered in the reader's language.
     */
    condition: jsonb(),
    threshold: doublePrecision(),
    firstValue: text(),
    lastValue: text(),
    count: integer().notNull().default(1),
    raisedAt: timestamp({ withTimezone: true }).notNull(),
    lastAt: timestamp({ withTimezone: true }).notNull(),
    active: boolean().notNull().default(true),
    acknowledged: boolean().notNull().default(false),
    acknowledgedAt: timestamp({ withTimezone: true }),
    acknowledgedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    clearedAt: timestamp({ withTimezone: true }),
    clearedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    clearReason: text(),
    assigneeId: integer().references(() => users.id, { onDelete: 'set null' }),
    shelvedUntil: timestamp({ withTimezone: true }),
    escalations: integer().notNull().default(0),
    /** When the alarm's recipients were last told (raise, reminder): the reminder clock. */
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alarms_one_active').on(t.deviceId, t.sourceKey).where(sql`${t.active}`),
    uniqueIndex('alarms_one_active_wq').on(t.sourceKey).where(sql`${t.active} and ${t.kind} = 'water_quality'`),
    index().on(t.siteId),
    index().on(t.raisedAt),
    index('alarms_open').on(t.severity, t.raisedAt).where(sql`${t.active} or not ${t.acknowledged}`),
    index().on(t.ruleId),
    index().on(t.stationId),
  ],
);

/** An alarm's timeline: the system's entries (raised, cleared, escalated, …) and users' comments. */
export const alarmEntries = pgTable(
  'alarm_entries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    alarmId: bigint({ mode: 'number' })
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    /** One of ALARM_ENTRY_KINDS. */
    kind: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** A comment's or reason's text as written; system details as JSON the reader renders. */
    text: text().notNull().default(''),
  },
  (t) => [index().on(t.alarmId, t.at)],
);

/**
 * What the engine remembers of a rule and a device between readings, so that a restart changes
 * nothing: since when the conditions hold (duration), the times they were met (repeat), since when
 * they are off (clear delay), and when the device was last notified of (throttle).
 */
export const alarmStates = pgTable(
  'alarm_states',
  {
    sourceKey: text().notNull(),
    deviceId: integer()
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    pendingSince: timestamp({ withTimezone: true }),
    /** Epoch ms of the last times the conditions were met, within the repeat window. */
    hits: jsonb().$type<number[]>().notNull().default([]),
    clearSince: timestamp({ withTimezone: true }),
    notifiedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sourceKey, t.deviceId] })],
);

/** Thing-model events devices report (`devices/{code}/events`): a pump's trip, a cover opened. */
export const deviceEvents = pgTable(
  'device_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    deviceId: integer()
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    ts: timestamp({ withTimezone: true }).notNull(),
    params: jsonb().notNull().default({}),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.deviceId, t.ts), index().on(t.ts)],
);
