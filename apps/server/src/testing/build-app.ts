import os from 'node:os';
import path from 'node:path';
import { API_BASE, type Endpoint } from '@water/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
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
  /**
   * A call as a signed-in user makes it (none without a token), in `lang` when given: either by the
   * contract's endpoint, its URL built from the path and the typed params and query, or by method and URL.
   */
  // One signature over both forms (not two overloads), so a test's `(...args) => t.call(...args)` still types.
  call<E extends Endpoint>(
    ...args:
      | [endpoint: E, input?: CallInput<E>]
      | [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown, lang?: string]
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
    // The alarm sweep runs when a test calls it (`app.alarmEngine.sweep()`), on the test clock.
    ALARM_SWEEP_SECONDS: '0',
    // Pump commands expire and time out when a test calls `app.pumpControl.sweep()`, on the test clock.
    PUMP_COMMAND_SWEEP_MS: '0',
    // The notification outbox is delivered when a test drains it (`app.notifyDelivery.drain()`).
    NOTIFY_POLL_MS: '0',
    // Scheduled pushes are planned when a test calls planDuePushes(), on the test clock.
    NOTIFY_SCHEDULE_SECONDS: '0',
    // Cameras' sources are checked when a test calls `app.cameraStatus.runOnce()` (a round of its own
    // 5 s after start raced a test's reset of the tables under load).
    VIDEO_STATUS_SECONDS: '0',
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
    call: ((...args: [Endpoint, CallInput<Endpoint>?] | [string, string, string?, unknown?, string?]) => {
      let byEndpoint: { e: Endpoint; input: CallInput<Endpoint> } | undefined;
      if (typeof args[0] !== 'string') byEndpoint = { e: args[0], input: (args[1] ?? {}) as CallInput<Endpoint> };
      const [method, url, token, payload, lang] = byEndpoint
        ? [
            byEndpoint.e.method,
            urlOf(byEndpoint.e, byEndpoint.input),
            byEndpoint.input.token,
            byEndpoint.input.body,
            byEndpoint.input.lang,
          ]
        : (args as [string, string, string?, unknown?, string?]);
      return app.inject({
        method: method as 'GET' | 'POST' | 'PUT' | 'DELETE',
        url,
        headers: { ...(token ? bearer(token) : {}), ...(lang ? { 'accept-language': lang } : {}) },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    }) as TestApp['call'],
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

type Wire<T> = T extends z.ZodType ? z.input<T> : never;

/** What a call by endpoint sends: the contract's params, query and body as the wire takes them. */
export interface CallInput<E extends Endpoint> {
  params?: Wire<E['params']>;
  query?: Partial<Wire<E['query']>>;
  body?: Wire<E['body']>;
  token?: string;
  lang?: string;
}

/** The endpoint's URL: `:name` segments from `params`, then the query (an array as repeated keys). */
export function urlOf(e: Endpoint, input: { params?: unknown; query?: unknown }): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = e.path.replace(/:(\w+)/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${e.path}: no value for :${name}`);
    return encodeURIComponent(String(params[name]));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v));
  }
  const query = search.toString();
  return API_BASE + path + (query ? `?${query}` : '');
}
