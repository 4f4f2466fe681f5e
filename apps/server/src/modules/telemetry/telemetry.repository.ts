import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  deviceEvents,
  deviceStatusEvents,
  devices,
  deviceTypes,
  telemetryDeadLetters,
  telemetryLatest,
  telemetryPoints,
} from '../../db/schema/index.ts';

export type PointRow = typeof telemetryPoints.$inferInsert;
export type LatestRow = typeof telemetryLatest.$inferInsert;
export type DeadLetterRow = typeof telemetryDeadLetters.$inferInsert;
export type StatusEventRow = typeof deviceStatusEvents.$inferInsert;
export type EventRow = {
  deviceId: number;
  event: string;
  ts: Date;
  params: Record<string, unknown>;
  receivedAt: Date;
};

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
        // The codes as one JSON parameter, joined on the unique btree: with a long `in (…)` list the
        // planner picked the trigram GIN index on code (the device list's search), seconds a batch.
        .where(inArray(devices.code, sql`(select json_array_elements_text(${JSON.stringify(codes)}::json))`))
        .orderBy(asc(devices.id))
        .for('update', { of: devices }),

    /**
     * A batch's points in one statement: inserts them (a duplicate of a stored device, metric and
     * ts is skipped), adds the new good numeric ones (quality without bits 1 and 2) to their
     * 1-minute and 1-hour buckets, and makes each device's and metric's newest new point its latest
     * value unless a newer one is stored. The rows travel as one JSON parameter, so the statement
     * text is the same for every batch (no 65,535-parameter limit, one parse) and the rollups and
     * latest values are computed from what was really inserted, without a round trip each.
     * Answers the points that were duplicates and the latest values it changed. `rows` hold no key twice.
     */
    async storePoints(rows: PointRow[]) {
      if (rows.length === 0) return { duplicates: [], latest: [] };
      const json = JSON.stringify(
        rows.map((r) => ({
          d: r.deviceId,
          m: r.metric,
          t: r.ts.toISOString(),
          v: r.value ?? null,
          x: r.textValue ?? null,
          q: r.quality ?? 0,
        })),
      );
      // Buckets by absolute time (date_bin from the epoch), whatever the session's time zone.
      const rollup = (table: string, width: string) => sql`
        insert into ${sql.identifier(table)} as r (device_id, metric, bucket, min, max, sum, count)
        select d, m, date_bin(${sql.raw(`'${width}'`)}, t, timestamptz 'epoch'), min(v), max(v), sum(v), count(*)::int
        from ins where v is not null and q & 3 = 0
        group by 1, 2, 3
        on conflict (device_id, metric, bucket) do update
        set min = least(r.min, excluded.min), max = greatest(r.max, excluded.max),
            sum = r.sum + excluded.sum, count = r.count + excluded.count`;
      const result = rowsOf<{ k: 'd' | 'l'; d: number; m: string; t: number | null }>(
        await db.execute(sql`
          with input as (
            select * from json_to_recordset(${json}::json)
              as j(d integer, m text, t timestamptz, v double precision, x text, q smallint)
          ),
          ins as (
            insert into ${telemetryPoints} (device_id, metric, ts, value, text_value, quality)
            select d, m, t, v, x, q from input
            on conflict do nothing
            returning device_id as d, metric as m, ts as t, value as v, text_value as x, quality as q
          ),
          m1 as (${rollup('telemetry_rollups_1m', '1 minute')}),
          h1 as (${rollup('telemetry_rollups_1h', '1 hour')}),
          lat as (
            insert into ${telemetryLatest} as l (device_id, metric, ts, value, text_value, quality)
            select distinct on (d, m) d, m, t, v, x, q from ins order by d, m, t desc
            on conflict (device_id, metric) do update
            set ts = excluded.ts, value = excluded.value, text_value = excluded.text_value, quality = excluded.quality
            where excluded.ts > l.ts
            returning l.device_id as d, l.metric as m
          )
          select 'd' as k, i.d, i.m, (extract(epoch from i.t) * 1000)::float8 as t
          from input i where not exists (select 1 from ins where ins.d = i.d and ins.m = i.m and ins.t = i.t)
          union all
          select 'l', d, m, null from lat`),
      );
      const duplicates: { deviceId: number; metric: string; ts: Date }[] = [];
      const latest: { deviceId: number; metric: string }[] = [];
      for (const r of result) {
        if (r.k === 'd') duplicates.push({ deviceId: Number(r.d), metric: r.m, ts: new Date(Number(r.t)) });
        else latest.push({ deviceId: Number(r.d), metric: r.m });
      }
      return { duplicates, latest };
    },

    /**
     * A batch's thing-model events in one statement; one already stored for the same device, key
     * and time (a QoS 1 message delivered again) is skipped. Answers the rows it inserted.
     */
    async insertEvents(rows: EventRow[]) {
      if (rows.length === 0) return [];
      const json = JSON.stringify(
        rows.map((r) => ({
          d: r.deviceId,
          e: r.event,
          t: r.ts.toISOString(),
          p: r.params,
          r: r.receivedAt.toISOString(),
        })),
      );
      const inserted = rowsOf<{ id: string | number; d: number; e: string; t: number; p: string; r: number }>(
        await db.execute(sql`
          insert into ${deviceEvents} (device_id, event, ts, params, received_at)
          select i.d, i.e, i.t, coalesce(i.p, '{}'::jsonb), i.r
          from json_to_recordset(${json}::json) as i(d integer, e text, t timestamptz, p jsonb, r timestamptz)
          where not exists (
            select 1 from ${deviceEvents} x where x.device_id = i.d and x.ts = i.t and x.event = i.e)
          returning id, device_id as d, event as e, (extract(epoch from ts) * 1000)::float8 as t,
            params::text as p, (extract(epoch from received_at) * 1000)::float8 as r`),
      );
      return inserted.map((r) => ({
        id: Number(r.id),
        deviceId: Number(r.d),
        event: r.e,
        ts: new Date(Number(r.t)),
        params: JSON.parse(r.p) as Record<string, unknown>,
        receivedAt: new Date(Number(r.r)),
      }));
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
      table:
        | 'telemetry_points'
        | 'telemetry_rollups_1m'
        | 'telemetry_rollups_1h'
        | 'telemetry_rollups_1d'
        | 'telemetry_rollups_1mo'
        | 'telemetry_dead_letters'
        | 'device_events',
      before: Date,
    ) {
      const column =
        table === 'telemetry_points' || table === 'device_events'
          ? 'ts'
          : table === 'telemetry_dead_letters'
            ? 'received_at'
            : 'bucket';
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
