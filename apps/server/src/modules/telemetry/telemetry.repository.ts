import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  deviceStatusEvents,
  devices,
  deviceTypes,
  telemetryDeadLetters,
  telemetryLatest,
  telemetryPoints,
  telemetryRollups1h,
  telemetryRollups1m,
} from '../../db/schema/index.ts';

export type PointRow = typeof telemetryPoints.$inferInsert;
export type RollupRow = typeof telemetryRollups1m.$inferInsert;
export type LatestRow = typeof telemetryLatest.$inferInsert;
export type DeadLetterRow = typeof telemetryDeadLetters.$inferInsert;
export type StatusEventRow = typeof deviceStatusEvents.$inferInsert;

/**
 * Rows per statement: PostgreSQL takes at most 65,535 bind parameters, and the widest row here
 * has 8 columns (dead letters); 4,000 rows stay well under it.
 */
const CHUNK = 4000;

function chunks<T>(rows: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Raw queries answer `{ rows }` on PGlite and node-postgres alike. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Default silence before a device counts as offline, when its type's model sets none. */
export const DEFAULT_OFFLINE_AFTER_SECONDS = 600;

/**
 * A device type's offline timeout in seconds, from its thing model (`model` is the jsonb column or
 * an alias of it): the sweep and the monitoring board's stale badge read the same figure.
 */
export const offlineAfterSeconds = (model: SQL) =>
  sql`coalesce((${model}->>'offlineAfterSeconds')::int, ${DEFAULT_OFFLINE_AFTER_SECONDS})`;

export function createTelemetryRepository(db: Queryable) {
  return {
    /** What a device authenticates with: its secret's hash, whether it may report at all. */
    deviceByCode: (code: string) =>
      db
        .select({
          id: devices.id,
          code: devices.code,
          status: devices.status,
          secretHash: devices.secretHash,
          archivedAt: devices.archivedAt,
        })
        .from(devices)
        .where(eq(devices.code, code))
        .then((rows) => rows[0]),

    /**
     * The devices of a batch with their type's model, locked until the batch commits so that the
     * offline sweep and the batch agree on each device's status.
     */
    lockDevices: (codes: string[]) =>
      db
        .select({
          id: devices.id,
          code: devices.code,
          status: devices.status,
          archivedAt: devices.archivedAt,
          typeId: deviceTypes.id,
          typeUpdatedAt: deviceTypes.updatedAt,
          model: deviceTypes.model,
        })
        .from(devices)
        .leftJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
        .where(inArray(devices.code, codes))
        .orderBy(asc(devices.id))
        .for('update', { of: devices }),

    /** Inserts new points and answers those that were new: a duplicate (same device, metric, ts) is skipped. */
    async insertPoints(rows: PointRow[]) {
      const inserted: { deviceId: number; metric: string; ts: Date }[] = [];
      for (const part of chunks(rows)) {
        inserted.push(
          ...(await db
            .insert(telemetryPoints)
            .values(part)
            .onConflictDoNothing()
            .returning({ deviceId: telemetryPoints.deviceId, metric: telemetryPoints.metric, ts: telemetryPoints.ts })),
        );
      }
      return inserted;
    },

    /** Adds a batch's aggregates to the buckets (one row per key in `rows`). */
    async upsertRollups(tier: '1m' | '1h', rows: RollupRow[]) {
      const t = tier === '1m' ? telemetryRollups1m : telemetryRollups1h;
      for (const part of chunks(rows)) {
        await db
          .insert(t)
          .values(part)
          .onConflictDoUpdate({
            target: [t.deviceId, t.metric, t.bucket],
            set: {
              min: sql`least(${t.min}, excluded.min)`,
              max: sql`greatest(${t.max}, excluded.max)`,
              sum: sql`${t.sum} + excluded.sum`,
              count: sql`${t.count} + excluded.count`,
            },
          });
      }
    },

    /**
     * One row per device and metric; an older reading arriving late leaves a newer one in place.
     * Answers the rows it changed (what the live channel pushes).
     */
    async upsertLatest(rows: LatestRow[]) {
      const changed: { deviceId: number; metric: string }[] = [];
      for (const part of chunks(rows)) {
        const returned = await db
          .insert(telemetryLatest)
          .values(part)
          .onConflictDoUpdate({
            target: [telemetryLatest.deviceId, telemetryLatest.metric],
            set: {
              ts: sql`excluded.ts`,
              value: sql`excluded.value`,
              textValue: sql`excluded.text_value`,
              quality: sql`excluded.quality`,
            },
            setWhere: sql`excluded.ts > ${telemetryLatest.ts}`,
          })
          .returning({ deviceId: telemetryLatest.deviceId, metric: telemetryLatest.metric });
        changed.push(...returned);
      }
      return changed;
    },

    async insertDeadLetters(rows: DeadLetterRow[]) {
      for (const part of chunks(rows)) await db.insert(telemetryDeadLetters).values(part);
    },

    /** Last seen (never moved back) and status of the devices a batch heard from, in one statement. */
    async markSeen(rows: { id: number; seen: Date; status: string }[]) {
      if (rows.length === 0) return;
      const json = JSON.stringify(rows.map((r) => ({ id: r.id, seen: r.seen.toISOString(), status: r.status })));
      await db.execute(sql`
        update ${devices} d
        set last_seen_at = greatest(d.last_seen_at, v.seen), status = v.status
        from jsonb_to_recordset(${json}::jsonb) as v(id integer, seen timestamptz, status text)
        where d.id = v.id`);
    },

    async insertStatusEvents(rows: StatusEventRow[]) {
      for (const part of chunks(rows)) await db.insert(deviceStatusEvents).values(part);
    },

    /**
     * Marks offline the online devices silent for longer than their type's timeout plus a dead
     * band (a tenth of the timeout, at least 30 s), and records each change. Safe on several
     * servers at once: only the statement that changes a row returns it.
     */
    async sweepOffline(now: Date) {
      const changed = rowsOf<{ id: number; code: string }>(
        await db.execute(sql`
          update ${devices} d
          set status = 'offline'
          from ${devices} s
          left join ${deviceTypes} t on t.id = s.type_id
          where d.id = s.id
            and s.status = 'online'
            and s.archived_at is null
            and s.last_seen_at is not null
            and s.last_seen_at < ${now.toISOString()}::timestamptz - make_interval(secs =>
              ${offlineAfterSeconds(sql`t.model`)} + greatest(30, ${offlineAfterSeconds(sql`t.model`)} / 10))
          returning d.id, d.code`),
      );
      if (changed.length > 0) {
        await db.insert(deviceStatusEvents).values(
          changed.map((c) => ({
            deviceId: c.id,
            fromStatus: 'online',
            toStatus: 'offline',
            cause: 'timeout',
            at: now,
          })),
        );
      }
      return changed;
    },

    /** Deletes rows older than `before` a slice at a time, so no statement holds a huge delete. */
    async purge(
      table: 'telemetry_points' | 'telemetry_rollups_1m' | 'telemetry_rollups_1h' | 'telemetry_dead_letters',
      before: Date,
    ) {
      const column =
        table === 'telemetry_points' ? 'ts' : table === 'telemetry_dead_letters' ? 'received_at' : 'bucket';
      const slice = 20_000;
      let total = 0;
      for (;;) {
        const [row] = rowsOf<{ n: number }>(
          await db.execute(
            sql`with gone as (
              delete from ${sql.identifier(table)} where ctid = any(array(
                select ctid from ${sql.identifier(table)} where ${sql.identifier(column)} < ${before.toISOString()}::timestamptz limit ${slice}))
              returning 1)
            select count(*)::int as n from gone`,
          ),
        );
        const n = Number(row?.n ?? 0);
        total += n;
        if (n < slice) return total;
      }
    },

    purgeStatusEvents: (before: Date) =>
      db.execute(sql`delete from ${deviceStatusEvents} where at < ${before.toISOString()}::timestamptz`),
  };
}

export type TelemetryRepository = ReturnType<typeof createTelemetryRepository>;
