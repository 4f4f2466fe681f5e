import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { menus, roleMenus, roles } from '../db/schema/index.ts';
import { seed } from '../db/seed/index.ts';
import type { Clock } from '../lib/clock.ts';

let shared: Promise<Database> | undefined;

/** Where test apps keep files (DATA_DIR), one folder per worker process. */
export const TEST_DATA_DIR = path.join(os.tmpdir(), `water-test-${process.pid}`);
/** The moment test clocks start at, and the seed's "now". */
export const TEST_START = new Date('2026-06-01T08:00:00Z');

/**
 * The worker's database: in-memory PGlite, or the PostgreSQL server of TEST_DATABASE_URL
 * (emptied and migrated once per worker).
 */
export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    const url = process.env.TEST_DATABASE_URL;
    const database = await openDatabase(url ? { url } : { dataDir: 'memory://' });
    if (url) {
      await database.db.execute(sql`drop schema if exists public cascade`);
      await database.db.execute(sql`drop schema if exists drizzle cascade`);
      await database.db.execute(sql`create schema public`);
    }
    await database.migrate();
    return database;
  })();
  return shared;
}

/** Empties every table and seeds the demo data again. */
export async function resetDatabase(database: Database, options: { demo?: boolean } = {}): Promise<void> {
  // PGlite and node-postgres both answer raw queries with `{ rows }`.
  const result = (await database.db.execute(
    sql`select tablename from pg_tables where schemaname = current_schema()`,
  )) as unknown as { rows: { tablename: string }[] };
  const tables = result.rows.map((r) => `"${r.tablename}"`).join(', ');
  if (tables) await database.db.execute(sql.raw(`truncate ${tables} restart identity cascade`));
  await seed(database.db, { demo: options.demo ?? true, dataDir: TEST_DATA_DIR, now: TEST_START });
}

export interface TestClock extends Clock {
  set(date: Date): void;
  advance(ms: number): void;
}

export function testClock(start = TEST_START): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A call as a signed-in user makes it (none without a token), in `lang` when given. */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: string,
    payload?: unknown,
    lang?: string,
  ): Promise<LightMyRequestResponse>;
  login(username?: string, password?: string, remoteAddress?: string): Promise<string>;
  /** Gives a role the menu button that carries a permission, as an administrator would in the role screen. */
  grant(roleCode: string, permission: string): Promise<void>;
  close(): Promise<void>;
}

/** The real app on the worker's database, with settings overridden as a test needs. */
let appSeq = 0;

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await testDatabase();
  const clock = testClock();
  const config = loadConfig({
    LOGIN_RATE_LIMIT: '1000',
    API_RATE_LIMIT: '100000',
    MQTT_PORT: '0',
    // Test apps on an external broker must not take over each other's session (same host and port).
    MQTT_CLIENT_ID: `water-ops-test-${process.pid}-${++appSeq}`,
    // …nor leave sessions behind that keep collecting readings for a day.
    MQTT_SESSION_EXPIRY_SECONDS: '60',
    SIMULATOR: 'off',
    DATA_DIR: TEST_DATA_DIR,
    ...env,
  });
  const app = await buildApp({ config, database, clock, captchaText: () => 'AB2C' });
  await app.ready();
  let ipCounter = 0;
  return {
    app,
    database,
    clock,
    inject: (options) => app.inject(options),
    call: (method, url, token, payload, lang) =>
      app.inject({
        method,
        url,
        headers: { ...(token ? bearer(token) : {}), ...(lang ? { 'accept-language': lang } : {}) },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    async login(username = '13800000001', password = 'Admin@2026', remoteAddress?: string) {
      // Each login from its own address unless told, so captcha-per-IP never leaks between tests.
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username, password },
        remoteAddress: remoteAddress ?? `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`,
      });
      const body = res.json();
      if (body.code !== 200) throw new Error(`login failed: ${res.body}`);
      return body.data.token as string;
    },
    async grant(roleCode, permission) {
      const [role] = await database.db.select({ id: roles.id }).from(roles).where(eq(roles.code, roleCode));
      const [menu] = await database.db.select({ id: menus.id }).from(menus).where(eq(menus.permission, permission));
      if (!role || !menu) throw new Error(`no role ${roleCode} or no menu entry carrying ${permission}`);
      await database.db.insert(roleMenus).values({ roleId: role.id, menuId: menu.id }).onConflictDoNothing();
    },
    close: () => app.close(),
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
