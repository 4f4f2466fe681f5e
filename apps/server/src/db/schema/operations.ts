import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { smsOutbox } from './auth.ts';
import { departments, roles, users } from './organization.ts';

/**
 * Devices, as far as the Workplace needs them today (warranty and service-contract ends).
 * The device-register issue grows this table; nothing here is demo data.
 */
/** The device-type catalogue: each type's thing model (metrics, events, commands) as validated JSON. */
export const deviceTypes = pgTable('device_types', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  nameZh: text().notNull(),
  nameEn: text().notNull(),
  description: text().notNull().default(''),
  builtin: boolean().notNull().default(false),
  /** { metrics, events, commands }: see thingModelSchema in the contracts. */
  model: jsonb().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Monitoring regions: city, districts, catchments, pressure zones, each with an optional boundary. */
export const regions = pgTable(
  'regions',
  {
    id: serial().primaryKey(),
    parentId: integer(),
    /** Comma-separated ids from the root down to the parent ("0,1,4"), as departments keep them. */
    ancestors: text().notNull().default('0'),
    code: text().notNull().unique(),
    name: text().notNull(),
    /** city | district | catchment | pressure_zone */
    kind: text().notNull(),
    orderNum: integer().notNull().default(0),
    /** GeoJSON Polygon or MultiPolygon in WGS-84, or null. */
    boundary: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.parentId)],
);

/**
 * The monitoring regions a role is limited to (a region includes those below it), the second
 * data-scope dimension beside departments. A role with no rows here has no region limit.
 */
export const roleRegions = pgTable(
  'role_regions',
  {
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    regionId: integer()
      .notNull()
      .references(() => regions.id),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.regionId] }), index().on(t.regionId)],
);

/**
 * Pump stations and sites: where devices are installed, with the configuration of a pump station
 * (issue 14): its wet well and level set-points, and who answers for it. Its pumps and sensors are
 * in station_pumps and station_sensors (schema/pump-stations.ts). Levels are m above the well bottom.
 */
export const stations = pgTable('stations', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
  /** rainwater | sewage | combined | booster */
  kind: text().notNull(),
  regionId: integer().references(() => regions.id),
  longitude: doublePrecision(),
  latitude: doublePrecision(),
  /** Pump units installed: the number of its configured pumps once it is configured. */
  pumps: integer().notNull().default(0),
  address: text().notNull().default(''),
  /** m³/h */
  designCapacity: doublePrecision(),
  /** m² */
  wellArea: doublePrecision(),
  /** m, the utility's height datum */
  wellBottomElevation: doublePrecision(),
  /** m: every level set-point lies within it */
  wellDepth: doublePrecision(),
  highAlarmLevel: doublePrecision(),
  lowAlarmLevel: doublePrecision(),
  /** Dry-run protection: no pump runs below it. */
  protectionLevel: doublePrecision(),
  // Photos are not kept yet: they will be attachments of their own table when the console takes them.
  responsibleDepartmentId: integer().references(() => departments.id, { onDelete: 'set null' }),
  responsibleUserId: integer().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const devices = pgTable(
  'devices',
  {
    id: serial().primaryKey(),
    code: text().notNull().unique(),
    name: text().notNull(),
    typeId: integer().references(() => deviceTypes.id),
    regionId: integer().references(() => regions.id),
    stationId: integer().references(() => stations.id),
    model: text().notNull().default(''),
    manufacturer: text().notNull().default(''),
    /** Serial number or IMEI. */
    serialNo: text().notNull().default(''),
    /** WGS-84. */
    longitude: doublePrecision(),
    latitude: doublePrecision(),
    installDate: date({ mode: 'string' }),
    lastSeenAt: timestamp({ withTimezone: true }),
    /** SHA-256 of the ingest secret; the secret itself is shown once. */
    secretHash: text().notNull().default(''),
    warrantyEnd: date({ mode: 'string' }),
    serviceEnd: date({ mode: 'string' }),
    status: text().notNull().default('inactive'),
    /**
     * Set when the device is archived (taken out of service, scrapped): it keeps its history and
     * archive, leaves the working lists and can no longer report. Archiving is final.
     */
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.warrantyEnd),
    index().on(t.serviceEnd),
    index().on(t.typeId),
    index().on(t.regionId),
    index().on(t.stationId),
    index().on(t.status),
    // The device list (in service unless asked otherwise): its counts read only this small index, and
    // a type with a region subtree finds its rows here; the default order within a type comes straight
    // off the next one. The name, install date and warranty end orders have their own index ending in
    // the id, the list's tiebreaker, which follows the column's direction: read forwards or backwards,
    // the index gives the page in order and the scan stops after it (migration 0018).
    // Not last_seen_at: the telemetry writer sets it on every report (markSeen), and an index on it
    // would make each of those updates non-HOT, a new entry in every index of this table (trigram
    // ones included). Measured on 100,000 devices with markSeen's update, 100,000 rows in batches of
    // 500: with such an index none was HOT and they took 10–12 s, without it over 90 % were, in 3–6 s.
    index().on(t.typeId, t.regionId).where(sql`archived_at is null`),
    index().on(t.typeId, t.code).where(sql`archived_at is null`),
    index().on(t.warrantyEnd, t.id).where(sql`archived_at is null`),
    index().on(t.name, t.id).where(sql`archived_at is null`),
    index().on(t.installDate, t.id).where(sql`archived_at is null`),
    // Keyword search is a substring of the code, name or serial number: trigram indexes, one a column
    // so that the three ORed conditions stay as they are (pg_trgm comes with migration 0008).
    index('devices_code_trgm_index').using('gin', t.code.op('gin_trgm_ops')),
    index('devices_name_trgm_index').using('gin', t.name.op('gin_trgm_ops')),
    index('devices_serial_no_trgm_index').using('gin', t.serialNo.op('gin_trgm_ops')),
  ],
);

/** Work-order statuses after which an order waits for nobody and holds nothing. */
export const WORK_ORDER_DONE_STATUSES = ['closed', 'evaluated'];

/**
 * Repair and inspection work orders, as far as the Workplace needs them today (what waits for whom).
 * The work-order issue grows this table.
 */
export const workOrders = pgTable(
  'work_orders',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    code: text().notNull().unique(),
    title: text().notNull(),
    /** collected | registered | dispatched | handling | reported | closed | evaluated */
    status: text().notNull(),
    assigneeId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The device the order is about, if any: open orders keep the device from being removed. */
    deviceId: integer().references(() => devices.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.assigneeId, t.status), index().on(t.deviceId)],
);

/**
 * A device's whole-life record: installation, commissioning, calibration (with the next due date),
 * inspection, repair, part replacement, relocation and scrapping.
 */
export const deviceArchiveEntries = pgTable(
  'device_archive_entries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    deviceId: integer()
      .notNull()
      .references(() => devices.id),
    /** installation | commissioning | calibration | inspection | repair | part_replacement | relocation | scrapping */
    kind: text().notNull(),
    /** The day the work was done (the utility's calendar day). */
    date: date({ mode: 'string' }).notNull(),
    /** Who did it: a person or a contractor's crew, not necessarily a console user. */
    performedBy: text().notNull(),
    description: text().notNull().default(''),
    /** Calibrations: when the next one is due. */
    nextDue: date({ mode: 'string' }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.deviceId, t.date), index().on(t.kind, t.nextDue), index().on(t.date)],
);

/** Photos and PDFs that go with an archive entry; private (DATA_DIR/files), served to signed-in users. */
export const deviceArchiveAttachments = pgTable(
  'device_archive_attachments',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    entryId: bigint({ mode: 'number' })
      .notNull()
      .references(() => deviceArchiveEntries.id, { onDelete: 'cascade' }),
    fileName: text().notNull(),
    /** Below DATA_DIR/files, e.g. "archives/3f2c….jpg". */
    filePath: text().notNull(),
    fileType: text().notNull(),
    fileSize: integer().notNull(),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.entryId)],
);

/** The organisation's prepaid SMS account: one row. Amounts in CNY. */
export const smsAccount = pgTable('sms_account', {
  id: integer().primaryKey(),
  balance: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
  /** Price of one SMS. */
  price: numeric({ precision: 8, scale: 4 }).notNull().default('0.05'),
  /** Below this the Workplace warns. */
  lowThreshold: numeric({ precision: 12, scale: 2 }).notNull().default('50'),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Money in (top-ups, positive) and out (one charge per SMS, negative). */
export const smsLedger = pgTable(
  'sms_ledger',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    amount: numeric({ precision: 12, scale: 4 }).notNull(),
    /** topup | charge */
    kind: text().notNull(),
    note: text().notNull().default(''),
    outboxId: bigint({ mode: 'number' }).references(() => smsOutbox.id, { onDelete: 'set null' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The address whose request the charge paid for (SMS codes asked for without signing in). */
    ip: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.createdAt)],
);

/** The pages a user opened last, kept per user on the server. */
export const recentVisits = pgTable(
  'recent_visits',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Route name, e.g. "deviceList"; the console shows its label in the user's language. */
    routeName: text().notNull(),
    path: text().notNull(),
    visitedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.userId, t.visitedAt), uniqueIndex('recent_visits_user_route_uq').on(t.userId, t.routeName)],
);

/** The shortcuts a user chose for the Workplace. */
export const quickOperations = pgTable('quick_operations', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  routeNames: text().array().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});
