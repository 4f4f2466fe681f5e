import {
  bigserial,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { devices } from './operations.ts';

/**
 * Raw readings, one row per device, metric and time. The primary key is the dedupe (insert … on
 * conflict do nothing) and the (device, metric, time) index every history query walks. Rows arrive
 * in roughly time order, so a BRIN index on ts stays a few pages at any size and serves time-range
 * scans and the retention delete. No foreign key: a check per inserted point is not worth it on the
 * biggest table, and retention removes what a deleted device leaves.
 * Numbers, integers and booleans (1/0) go to `value`; strings and enum values to `text_value`.
 */
export const telemetryPoints = pgTable(
  'telemetry_points',
  {
    deviceId: integer().notNull(),
    metric: text().notNull(),
    ts: timestamp({ withTimezone: true }).notNull(),
    value: doublePrecision(),
    textValue: text(),
    /** Quality bits: 0 good, 1 out of range, 2 unknown metric, 4 type coerced (contracts `Quality`). */
    quality: smallint().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.metric, t.ts] }), index('telemetry_points_ts_brin').using('brin', t.ts)],
);

/** Min, max, sum and count per device, metric and bucket: avg is sum / count. Good numeric points only. */
const rollupTable = (name: string) =>
  pgTable(
    name,
    {
      deviceId: integer().notNull(),
      metric: text().notNull(),
      bucket: timestamp({ withTimezone: true }).notNull(),
      min: doublePrecision().notNull(),
      max: doublePrecision().notNull(),
      sum: doublePrecision().notNull(),
      count: integer().notNull(),
    },
    (t) => [
      primaryKey({ columns: [t.deviceId, t.metric, t.bucket] }),
      index(`${name}_bucket_brin`).using('brin', t.bucket),
    ],
  );

export const telemetryRollups1m = rollupTable('telemetry_rollups_1m');
export const telemetryRollups1h = rollupTable('telemetry_rollups_1h');

/**
 * The daily and monthly tiers, derived from the 1-hour rollups per device, metric and utility day or
 * month (UTC+8; `bucket` is the instant the day or month starts, 16:00 UTC the day before) by the
 * telemetry job and the demo seed (telemetry.daily.ts): what the station analysis needs to read a year
 * without its hours. `meanSum` is Σ of the hourly means (an integral in value-hours), `hours` the hours
 * with data, `points` the readings (Σ count: the job re-derives a day whose hours changed). For
 * counters: the first hour's min and max, the last hour's max, and `rise`, Σ over the other hours of
 * max − the hour before's max (after a reset, max − min); the first hour's rise needs the hour before,
 * from the row before, and is made when read.
 */
const periodTable = (name: string) =>
  pgTable(
    name,
    {
      deviceId: integer().notNull(),
      metric: text().notNull(),
      bucket: timestamp({ withTimezone: true }).notNull(),
      hours: integer().notNull(),
      points: integer().notNull(),
      meanSum: doublePrecision().notNull(),
      min: doublePrecision().notNull(),
      max: doublePrecision().notNull(),
      firstMin: doublePrecision().notNull(),
      firstMax: doublePrecision().notNull(),
      lastMax: doublePrecision().notNull(),
      rise: doublePrecision().notNull(),
    },
    (t) => [primaryKey({ columns: [t.deviceId, t.metric, t.bucket] }), index(`${name}_bucket_index`).on(t.bucket)],
  );

export const telemetryRollups1d = periodTable('telemetry_rollups_1d');
export const telemetryRollups1mo = periodTable('telemetry_rollups_1mo');

/** The newest reading per device and metric: what a live page shows without touching the points. */
export const telemetryLatest = pgTable(
  'telemetry_latest',
  {
    deviceId: integer()
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    metric: text().notNull(),
    ts: timestamp({ withTimezone: true }).notNull(),
    value: doublePrecision(),
    textValue: text(),
    quality: smallint().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.metric] })],
);

/** Messages (or batch entries) refused as unreadable, with the reason and the payload as received (cut). */
export const telemetryDeadLetters = pgTable(
  'telemetry_dead_letters',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    /** mqtt | http */
    source: text().notNull(),
    deviceCode: text().notNull(),
    topic: text().notNull().default(''),
    /** One of DEAD_LETTER_REASONS. */
    reason: text().notNull(),
    detail: text().notNull().default(''),
    payload: text().notNull().default(''),
  },
  (t) => [index().on(t.receivedAt), index().on(t.deviceCode, t.receivedAt)],
);

/** Every online/offline change of a device, with what caused it (data, timeout, status message). */
export const deviceStatusEvents = pgTable(
  'device_status_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    deviceId: integer()
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    fromStatus: text().notNull(),
    toStatus: text().notNull(),
    /** data | timeout | status-message */
    cause: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.deviceId, t.at), index().on(t.at)],
);
