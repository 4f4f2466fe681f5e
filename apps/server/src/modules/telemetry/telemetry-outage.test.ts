import type { TelemetryStats } from '@water/contracts';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, deviceTypes, telemetryDeadLetters } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/tokens.ts';
import { bearer, createTestApp, resetDatabase, TEST_START, type TestApp } from '../../testing/build-app.ts';
import { connectionLost } from './telemetry.writer.ts';

/**
 * Issue 7: the database goes away in the middle of a stream of HTTP ingest and comes back; nothing
 * may be lost. The outage is real: a second connection terminates every other backend of the
 * database, again and again for OUTAGE_MS, so the app's pooled connections die mid-query and the
 * ones it opens again die as they arrive.
 *
 * PostgreSQL only. On PGlite the test app's database is one in-process instance shared by the whole
 * worker (build-app.ts); closing it under the running app and reopening it would need a new Database
 * object, which the app, the writer and every repository were built on, so there is no cheap
 * equivalent: the PGlite runs keep the simulated failure of telemetry.test.ts (`hooks.beforeStore`).
 */
const url = process.env.TEST_DATABASE_URL;

const SECRET = 'outage-secret-0123456789';
const T0 = TEST_START.getTime();
const DEVICES = 4;
const POINTS_PER_REQUEST = 3;
/** Stream alone, then outage, then stream on a database that is back. */
const BEFORE_MS = 500;
const OUTAGE_MS = 1500;
const AFTER_MS = 1000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe.skipIf(!url)('telemetry: database outage mid-stream (PostgreSQL)', () => {
  let t: TestApp;
  let killer: pg.Client;

  beforeAll(async () => {
    t = await createTestApp({ TELEMETRY_FLUSH_MS: '10' });
    await resetDatabase(t.database);
    killer = new pg.Client({ connectionString: url });
    await killer.connect();
  });
  afterAll(async () => {
    await killer?.end();
    await t?.close();
  });

  it('answers every reading (200, or 503 retried as a gateway would) and stores each exactly once', async () => {
    const [type] = await t.database.db
      .insert(deviceTypes)
      .values({
        code: 'outage_station',
        nameZh: '断库测试站',
        nameEn: 'Outage station',
        model: {
          offlineAfterSeconds: 120,
          metrics: [{ key: 'level', nameZh: '液位', nameEn: 'Level', dataType: 'number', unit: 'm' }],
        },
      })
      .returning({ id: deviceTypes.id });
    const rows = await t.database.db
      .insert(devices)
      .values(
        Array.from({ length: DEVICES }, (_, i) => ({
          code: `OUT-${i + 1}`,
          name: `OUT-${i + 1}`,
          typeId: type!.id,
          secretHash: sha256(SECRET),
        })),
      )
      .returning({ id: devices.id, code: devices.code });

    const sent = new Map<number, number>(); // device id → points the device had acknowledged
    let streaming = true;

    /** One device: a reading after the other, each retried until it is answered 200. */
    async function device(d: { id: number; code: string }) {
      try {
        await readings(d);
      } finally {
        streaming = false; // a failed expectation stops the other devices too
      }
    }
    async function readings(d: { id: number; code: string }) {
      let n = 0;
      while (streaming) {
        const base = T0 - 3_600_000 + n * POINTS_PER_REQUEST * 1000;
        const body = JSON.stringify({
          points: Array.from({ length: POINTS_PER_REQUEST }, (_, i) => ({
            ts: base + i * 1000,
            values: { level: n + i / 10 },
          })),
        });
        for (;;) {
          const res = await t.inject({
            method: 'POST',
            url: `/api/ingest/${d.code}`,
            headers: { authorization: `Device ${SECRET}`, 'content-type': 'application/json' },
            payload: body,
          });
          if (res.statusCode === 200) {
            const data = res.json().data;
            // A commit whose acknowledgement died with its connection is retried: its points come
            // back as duplicates (stored once), never as accepted twice.
            expect(data.accepted + data.duplicates, res.body).toBe(POINTS_PER_REQUEST);
            expect(data.rejected).toBe(0);
            break;
          }
          // Anything else than "come back later" fails the test (a 500 would lose the reading at a device).
          expect(res.statusCode, res.body).toBe(503);
          expect(res.headers['retry-after']).toBeDefined();
          await sleep(50); // a gateway honours Retry-After; shorter here to keep the test quick
        }
        sent.set(d.id, (sent.get(d.id) ?? 0) + POINTS_PER_REQUEST);
        n++;
        await sleep(5);
      }
    }

    /** The outage: every other backend of the database terminated, repeatedly. */
    async function outage() {
      const until = Date.now() + OUTAGE_MS;
      let killed = 0;
      while (Date.now() < until) {
        const r = await killer.query(
          `select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()) k`,
        );
        killed += r.rows[0].n as number;
        await sleep(20);
      }
      return killed;
    }

    const stream = Promise.all(rows.map(device));
    stream.catch(() => {}); // awaited below; a device failing early must not be an unhandled rejection
    await sleep(BEFORE_MS);
    const failedBefore = t.app.telemetry.writer.stats().batches.failed;
    const killed = await outage();
    await sleep(AFTER_MS);
    streaming = false;
    await stream;

    const total = [...sent.values()].reduce((a, b) => a + b, 0);
    const stats: TelemetryStats = t.app.telemetry.writer.stats();
    const token = await t.login();
    const viaApi: TelemetryStats = (
      await t.inject({ method: 'GET', url: '/api/telemetry/stats', headers: bearer(token) })
    ).json().data;

    // The outage happened: connections were killed and batches failed while it lasted.
    expect(killed).toBeGreaterThan(0);
    expect(failedBefore).toBe(0);
    expect(stats.batches.failed).toBeGreaterThan(0);
    expect(stats.batches.lastError).not.toBeNull();

    // Nothing lost, nothing twice: per device, the rows are exactly the points it was told were stored.
    for (const d of rows) {
      const r = (await t.database.db.execute(
        sql`select count(*)::int as n, count(distinct (metric, ts))::int as distinct_n
            from telemetry_points where device_id = ${d.id}`,
      )) as unknown as { rows: { n: number; distinct_n: number }[] };
      expect(r.rows[0]).toEqual({ n: sent.get(d.id), distinct_n: sent.get(d.id) });
    }
    // No reading of the stream was dead-lettered as "refused by the database" because it went away.
    const dead = await t.database.db
      .select({ id: telemetryDeadLetters.id })
      .from(telemetryDeadLetters)
      .where(eq(telemetryDeadLetters.reason, 'write_failed'));
    expect(dead).toHaveLength(0);

    // Counters balance and say the same: every point received was stored (or was a retried commit's duplicate).
    expect(viaApi.points).toMatchObject({ received: total, rejected: 0, pending: 0 });
    expect(viaApi.points.stored + viaApi.points.duplicates).toBe(total);
    expect(viaApi.queue.pending).toBe(0);
    expect(viaApi.batches.failed).toBe(stats.batches.failed);
  });
});

describe('connectionLost', () => {
  it('tells a connection that died from data the database refuses', () => {
    const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
    const wrapped = (cause: Error) => new Error('Failed query: insert into ...', { cause });
    expect(connectionLost(wrapped(pgError('57P01', 'terminating connection due to administrator command')))).toBe(true);
    expect(connectionLost(pgError('08006', 'connection failure'))).toBe(true);
    expect(connectionLost(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe(true);
    expect(connectionLost(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(connectionLost(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(connectionLost(wrapped(pgError('22003', 'value out of range for type double precision')))).toBe(false);
    expect(connectionLost(pgError('23502', 'null value in column "metric" violates not-null constraint'))).toBe(false);
    expect(connectionLost(new Error('value out of range for type'))).toBe(false);
  });
});
