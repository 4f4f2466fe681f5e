import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { roles, users } from './organization.ts';

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** sha256 of the bearer token: a leaked table does not leak sessions. */
    tokenHash: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activeRoleId: integer().references(() => roles.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ip: text().notNull().default(''),
    userAgent: text().notNull().default(''),
    revokedAt: timestamp({ withTimezone: true }),
    /** logout | replaced | admin */
    revokedReason: text(),
  },
  (t) => [index().on(t.userId)],
);

export const loginLog = pgTable(
  'login_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    username: text().notNull(),
    ip: text().notNull().default(''),
    userAgent: text().notNull().default(''),
    success: boolean().notNull(),
    /** Why it failed: empty | bad_credentials | locked | disabled | captcha_missing | captcha_wrong */
    reason: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index().on(t.ip, t.createdAt),
    index().on(t.createdAt),
    index().on(t.username, t.createdAt),
    // A data-scoped reader sees the rows of their own actors (migration 0017).
    index().on(t.userId, t.createdAt),
  ],
);

export const operationLog = pgTable(
  'operation_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    username: text().notNull().default(''),
    module: text().notNull(),
    action: text().notNull(),
    /** The record the write was about (its id), when it was about one. */
    targetId: text().notNull().default(''),
    method: text().notNull(),
    path: text().notNull(),
    params: jsonb(),
    before: jsonb(),
    after: jsonb(),
    /** success | failure | denied (a write refused with 403) */
    result: text().notNull(),
    error: text().notNull().default(''),
    durationMs: integer().notNull().default(0),
    ip: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index().on(t.createdAt),
    index().on(t.module, t.createdAt),
    index().on(t.module, t.result, t.createdAt),
    index().on(t.username, t.createdAt),
    // A data-scoped reader sees the rows of their own actors: "self" without walking the whole log (0017).
    index().on(t.userId, t.createdAt),
  ],
);

/** Settings administrators change at run time (log retention), one JSON value per key. */
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    phone: text().notNull(),
    purpose: text().notNull(),
    content: text().notNull(),
    sender: text().notNull(),
    /** queued | sent | failed: the outbox sender leaves messages queued for a real gateway. */
    status: text().notNull().default('queued'),
    error: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
  },
  // The hourly cap on SMS codes counts the last hour's code messages (migration 0019).
  (t) => [index().on(t.purpose, t.createdAt)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    phone: text().notNull(),
    purpose: text().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    ticketHash: text(),
    ticketExpiresAt: timestamp({ withTimezone: true }),
    /** Who asked for the code: the daily cap per address counts these rows (migration 0019). */
    ip: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.phone, t.purpose, t.createdAt), index().on(t.ip, t.createdAt)],
);

/**
 * Failed sign-ins per login name as typed (trimmed, lower case), whether or not an account has
 * that name: unknown names are counted and locked like real ones, so the answers (captcha
 * required, locked) tell nothing about which accounts exist (migration 0019).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    login: text().primaryKey(),
    /** Failures since the last success, each within the lock window of the one before. */
    failures: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.updatedAt)],
);

export const captchas = pgTable('captchas', {
  id: text().primaryKey(),
  answerHash: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});
