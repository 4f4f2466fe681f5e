import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { devices, stations } from './operations.ts';
import { users } from './organization.ts';

/**
 * The pumps of a pump station (issue 14): ratings, drive, the level set-points they start and stop
 * on (m above the well bottom), and where their readings come from: the controller device and, for
 * each point, a metric key of that device type's thing model (null where the model has none).
 * A removed device leaves its pump without a controller; the station keeps the pump.
 */
export const stationPumps = pgTable(
  'station_pumps',
  {
    id: serial().primaryKey(),
    stationId: integer()
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** 1#, 2#, … unique within the station. */
    number: integer().notNull(),
    name: text().notNull().default(''),
    /** kW */
    ratedPower: doublePrecision(),
    /** m³/h */
    ratedFlow: doublePrecision(),
    /** m */
    ratedHead: doublePrecision(),
    /** fixed | vfd */
    drive: text().notNull().default('fixed'),
    startLevel: doublePrecision(),
    stopLevel: doublePrecision(),
    controllerDeviceId: integer().references(() => devices.id, { onDelete: 'set null' }),
    runningMetric: text(),
    faultMetric: text(),
    /** Remote/local mode. */
    remoteMetric: text(),
    frequencyMetric: text(),
    currentMetric: text(),
    powerMetric: text(),
    /** Energy counter, kWh. */
    energyMetric: text(),
    runHoursMetric: text(),
    /**
     * Under maintenance (locked out and tagged out): the live state reads `maintenance` whatever the
     * controller says, so its silence or fault neither takes the station offline nor raises an alarm.
     */
    maintenance: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.stationId, t.number), index().on(t.controllerDeviceId)],
);

/**
 * Which device and metric give a station's wet-well level, outlet pressure, outlet flow and rain:
 * one device per role. A removed device takes its mapping with it.
 */
export const stationSensors = pgTable(
  'station_sensors',
  {
    stationId: integer()
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** level | outlet_pressure | flow | rain */
    role: text().notNull(),
    deviceId: integer()
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    metric: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.role] }), index().on(t.deviceId)],
);

/**
 * A station's site photos (issue 14): private files below DATA_DIR/files, served only through the
 * station's API to those who may see the station. Removed with the station (the files after commit).
 */
export const stationPhotos = pgTable(
  'station_photos',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    stationId: integer()
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** The name it was uploaded with, cleaned; the stored file has a random name. */
    fileName: text().notNull(),
    /** Below DATA_DIR/files, e.g. "stations/3f2c….jpg". */
    filePath: text().notNull(),
    fileType: text().notNull(),
    fileSize: integer().notNull(),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.stationId)],
);
