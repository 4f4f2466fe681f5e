import { sql } from 'drizzle-orm';
import {
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
import { devices, regions } from './operations.ts';
import { users } from './organization.ts';

/**
 * Water quality (issue 18). The parameters judged: unit, method-detection limit and method, seeded
 * for every installation (names are the consoles' `wq.parameter.{code}`); the lab may change the
 * detection limit and method.
 */
export const wqParameters = pgTable('wq_parameters', {
  /** One of WQ_PARAMETERS. */
  code: text().primaryKey(),
  unit: text().notNull().default(''),
  mdl: doublePrecision(),
  method: text().notNull().default(''),
  decimals: integer().notNull().default(2),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Limit sets: the national standards' (a `code`, `national`, read only: names from the server's
 * messages by code) and local copies an administrator adjusts (`basedOnId`, a name as written).
 */
export const wqLimitSets = pgTable(
  'wq_limit_sets',
  {
    id: serial().primaryKey(),
    code: text(),
    name: text().notNull().default(''),
    /** One of WQ_SET_KINDS. */
    kind: text().notNull(),
    standard: text().notNull(),
    graded: boolean().notNull().default(false),
    national: boolean().notNull().default(false),
    basedOnId: integer(),
    description: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wq_limit_sets_code').on(t.code).where(sql`${t.code} is not null`)],
);

/** A set's limits: one per parameter (per class in a graded set), with the standard's table cited. */
export const wqLimits = pgTable(
  'wq_limits',
  {
    setId: integer()
      .notNull()
      .references(() => wqLimitSets.id, { onDelete: 'cascade' }),
    parameter: text().notNull(),
    /** 1–5 (classes I–V) in a graded set, 0 in one without classes (a key column cannot be null). */
    grade: integer().notNull().default(0),
    lower: doublePrecision(),
    upper: doublePrecision(),
    coldUpper: doublePrecision(),
    citation: text().notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.setId, t.parameter, t.grade] })],
);

/** Where water is judged. Alarm recipients are the contract's AlarmRecipients, as JSON. */
export const wqSites = pgTable(
  'wq_sites',
  {
    id: serial().primaryKey(),
    code: text().notNull().unique(),
    name: text().notNull(),
    /** One of WQ_SITE_KINDS. */
    kind: text().notNull(),
    regionId: integer().references(() => regions.id, { onDelete: 'set null' }),
    longitude: doublePrecision(),
    latitude: doublePrecision(),
    address: text().notNull().default(''),
    limitSetId: integer()
      .notNull()
      .references(() => wqLimitSets.id),
    targetGrade: integer(),
    alarmEnabled: boolean().notNull().default(true),
    alarmSeverity: text().notNull().default('major'),
    recipients: jsonb().notNull().default({ userIds: [], roleCodes: [], departmentIds: [] }),
    enabled: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.regionId)],
);

/** The analysers measuring at a site: a device at one site at most. */
export const wqSiteDevices = pgTable('wq_site_devices', {
  deviceId: integer()
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  siteId: integer()
    .notNull()
    .references(() => wqSites.id, { onDelete: 'cascade' }),
});

/**
 * Results, online and lab, each judged on arrival and stored with what applied then (the set's name
 * and standard, the bounds, the citation): a later edit of the set or the site rewrites none of them.
 */
export const wqResults = pgTable(
  'wq_results',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    siteId: integer()
      .notNull()
      .references(() => wqSites.id, { onDelete: 'cascade' }),
    parameter: text().notNull(),
    /** online | lab */
    source: text().notNull(),
    sampledAt: timestamp({ withTimezone: true }).notNull(),
    value: doublePrecision().notNull(),
    belowDetection: boolean().notNull().default(false),
    sampleId: text(),
    analyst: text(),
    deviceId: integer().references(() => devices.id, { onDelete: 'set null' }),
    deviceCode: text(),
    enteredBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** One of WQ_VERDICTS, and the rest of the contract's WqApplied. */
    verdict: text().notNull(),
    unjudgedReason: text(),
    grade: integer(),
    targetGrade: integer(),
    lower: doublePrecision(),
    upper: doublePrecision(),
    coldApplied: boolean().notNull().default(false),
    temperature: doublePrecision(),
    exceedance: doublePrecision(),
    citation: text(),
    limitSetId: integer().references(() => wqLimitSets.id, { onDelete: 'set null' }),
    limitSetName: text().notNull().default(''),
    standard: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wq_results_site_parameter_time').on(t.siteId, t.parameter, t.sampledAt),
    index().on(t.sampledAt),
    uniqueIndex('wq_results_lab_sample').on(t.siteId, t.sampleId, t.parameter).where(sql`${t.source} = 'lab'`),
  ],
);
