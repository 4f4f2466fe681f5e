import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { devices, regions, stations } from './operations.ts';
import { users } from './organization.ts';
import { wqSites } from './water-quality.ts';

/**
 * Video platform accounts (issue 19): an EZVIZ open-platform app (key and secret; the access token
 * the server fetched, cached with its expiry, shared by every API server on this database) or a wvp
 * (GB28181) media server's login. Secrets are read by the server only: no answer carries them.
 */
export const videoPlatforms = pgTable('video_platforms', {
  id: serial().primaryKey(),
  name: text().notNull(),
  /** One of VIDEO_PLATFORM_KINDS. */
  kind: text().notNull(),
  apiUrl: text().notNull(),
  appKey: text().notNull().default(''),
  appSecret: text().notNull().default(''),
  username: text().notNull().default(''),
  password: text().notNull().default(''),
  remark: text().notNull().default(''),
  /** The platform's access token as last fetched, and when it stops working. */
  accessToken: text(),
  tokenExpiresAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Cameras: where each looks (a station, a water-quality site, or a region alone) and how its stream is
 * reached (`source_kind` and the fields that kind uses; see the contract). `status` is the periodic
 * check's verdict; `status_detail` its reason as a message key with parameters (shown in the caller's language).
 */
export const cameras = pgTable(
  'cameras',
  {
    id: serial().primaryKey(),
    code: text().notNull().unique(),
    name: text().notNull(),
    vendor: text().notNull().default('other'),
    stationId: integer().references(() => stations.id, { onDelete: 'set null' }),
    siteId: integer().references(() => wqSites.id, { onDelete: 'set null' }),
    regionId: integer().references(() => regions.id, { onDelete: 'set null' }),
    location: text().notNull().default(''),
    longitude: doublePrecision(),
    latitude: doublePrecision(),
    ptz: boolean().notNull().default(false),
    deviceId: integer().references(() => devices.id, { onDelete: 'set null' }),
    sourceKind: text().notNull(),
    url: text().notNull().default(''),
    platformId: integer().references(() => videoPlatforms.id, { onDelete: 'restrict' }),
    serial: text().notNull().default(''),
    channel: integer().notNull().default(1),
    gbDeviceId: text().notNull().default(''),
    gbChannelId: text().notNull().default(''),
    username: text().notNull().default(''),
    password: text().notNull().default(''),
    verifyCode: text().notNull().default(''),
    remark: text().notNull().default(''),
    enabled: boolean().notNull().default(true),
    /** online | offline | unknown. */
    status: text().notNull().default('unknown'),
    /** { key, params } of the server's messages: why the last check failed. */
    statusDetail: jsonb().$type<{ key: string; params?: Record<string, string | number> } | null>(),
    statusCheckedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cameras_station').on(t.stationId),
    index('cameras_site').on(t.siteId),
    index('cameras_region').on(t.regionId),
    uniqueIndex('cameras_device').on(t.deviceId).where(sql`${t.deviceId} is not null`),
  ],
);

/**
 * Public links to one camera. The link's token is signed (HMAC over the share's id, the camera and the
 * expiry, with the installation's video key) and not stored; this row lets a link be listed, revoked,
 * and counted in the operation log's terms.
 */
export const cameraShares = pgTable(
  'camera_shares',
  {
    id: serial().primaryKey(),
    cameraId: integer()
      .notNull()
      .references(() => cameras.id, { onDelete: 'cascade' }),
    note: text().notNull().default(''),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdByName: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('camera_shares_camera').on(t.cameraId, t.createdAt)],
);

/** A user's saved live-view grids. `tiles`: camera ids (null: an empty tile), in tile order. */
export const cameraLayouts = pgTable(
  'camera_layouts',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    grid: integer().notNull(),
    tiles: jsonb().$type<(number | null)[]>().notNull().default([]),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('camera_layouts_user_name').on(t.userId, t.name)],
);
