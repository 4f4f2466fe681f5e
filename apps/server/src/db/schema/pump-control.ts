import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { devices, stations } from './operations.ts';
import { users } from './organization.ts';
import { stationPumps } from './pump-stations.ts';

/** The states a command can still move on from (contracts PUMP_COMMAND_OPEN_STATES), as SQL. */
const OPEN = sql`state in ('awaiting_approval', 'pending', 'sent', 'acknowledged')`;

/**
 * Pump commands (issue 17): every attempt to command a pump, kept whatever became of it (sent,
 * blocked by an interlock, refused, expired, timed out): the station's command history. The
 * contract's pumpCommandSchema is read from it; names come from the station, pump and users rows.
 *
 * At most one open command per pump (a partial unique index): what the `busy` interlock checks
 * holds under concurrent submits too.
 */
export const pumpCommands = pgTable(
  'pump_commands',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    stationId: integer()
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    pumpId: integer()
      .notNull()
      .references(() => stationPumps.id, { onDelete: 'cascade' }),
    /** The pump's controller when the command was made; a removed device leaves its code. */
    deviceId: integer().references(() => devices.id, { onDelete: 'set null' }),
    deviceCode: text().notNull().default(''),
    /** The thing-model command key. */
    command: text().notNull(),
    /** The command's names in the thing model when it was sent: the history reads as it was. */
    commandNameZh: text().notNull().default(''),
    commandNameEn: text().notNull().default(''),
    params: jsonb().$type<Record<string, number | boolean | string>>().notNull().default({}),
    reason: text().notNull().default(''),
    /** One of PUMP_COMMAND_STATES. */
    state: text().notNull(),
    /** One of PUMP_INTERLOCKS: what blocked it. */
    interlock: text(),
    /** The interlock message's parameters (level, seconds left, …): its text is made in the reader's language. */
    interlockParams: jsonb().$type<Record<string, string | number>>(),
    /** The device's reason for a failure, or the approver's for a refusal, as given. */
    detail: text().notNull().default(''),
    result: jsonb().$type<Record<string, number | boolean | string>>(),
    batchId: text(),
    requestedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The caller's key for one submit: a repeat by the same user returns the first command. */
    idempotencyKey: text().notNull(),
    requestedAt: timestamp({ withTimezone: true }).notNull(),
    approvalRequired: boolean().notNull().default(false),
    approvalDeadline: timestamp({ withTimezone: true }),
    approvedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp({ withTimezone: true }),
    /** The station's commandTtlSeconds when the command was made. */
    ttlSeconds: integer().notNull(),
    sentAt: timestamp({ withTimezone: true }),
    acknowledgedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /** Pending: when it times out untaken; sent or acknowledged: when it times out without a result. */
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pump_commands_idempotency_idx').on(t.requestedBy, t.idempotencyKey),
    index('pump_commands_station_idx').on(t.stationId, t.requestedAt.desc()),
    index('pump_commands_requested_idx').on(t.requestedAt.desc()),
    uniqueIndex('pump_commands_open_idx').on(t.pumpId).where(OPEN),
    index('pump_commands_due_idx').on(t.expiresAt).where(sql`state in ('pending', 'sent', 'acknowledged')`),
    index('pump_commands_approval_idx').on(t.approvalDeadline).where(sql`state = 'awaiting_approval'`),
    index('pump_commands_device_idx').on(t.deviceId).where(sql`state = 'pending'`),
  ],
);

/**
 * A station's control settings (contracts controlSettingsSchema); a station without a row uses
 * DEFAULT_CONTROL_SETTINGS.
 */
export const stationControlSettings = pgTable('station_control_settings', {
  stationId: integer()
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  requireApproval: boolean().notNull(),
  approvalMinutes: integer().notNull(),
  minOffSeconds: integer().notNull(),
  maxStartsPerHour: integer().notNull(),
  levelMaxAgeSeconds: integer().notNull(),
  commandTtlSeconds: integer().notNull(),
  updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
