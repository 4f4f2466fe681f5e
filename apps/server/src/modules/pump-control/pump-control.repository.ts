import { type ControlSettings, DEFAULT_CONTROL_SETTINGS, PUMP_COMMAND_OPEN_STATES } from '@water/contracts';
import { and, desc, eq, getTableColumns, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import {
  pumpCommands,
  stationControlSettings,
  stationPumps,
  stationSensors,
  stations,
  telemetryPoints,
  users,
} from '../../db/schema/index.ts';
import { together } from '../../lib/together.ts';
import type { DeviceInfo, LatestRow } from '../station-live/station-live.repository.ts';
import { offlineAfterSeconds } from '../telemetry/telemetry.repository.ts';

export type CommandRow = typeof pumpCommands.$inferSelect;
export type NewCommand = typeof pumpCommands.$inferInsert;

const requester = alias(users, 'requester');
const approver = alias(users, 'approver');

/** A command with what its answer names: station, pump, requester and approver. */
const commandColumns = {
  command: pumpCommands,
  stationName: stations.name,
  regionId: stations.regionId,
  pumpNumber: stationPumps.number,
  pumpName: stationPumps.name,
  requesterName: sql<string | null>`coalesce(nullif(${requester.displayName}, ''), ${requester.username})`,
  approverName: sql<string | null>`coalesce(nullif(${approver.displayName}, ''), ${approver.username})`,
};
export type CommandView = {
  command: CommandRow;
  stationName: string;
  regionId: number | null;
  pumpNumber: number;
  pumpName: string;
  requesterName: string | null;
  approverName: string | null;
};

export interface CommandFilter {
  regionIds: number[] | undefined;
  stationId?: number | undefined;
  pumpId?: number | undefined;
  state?: string | undefined;
  command?: string | undefined;
  /** Awaiting an approval this user may give (not their own). */
  approvalsFor?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const OPEN = PUMP_COMMAND_OPEN_STATES as readonly string[];

/** A user as a command names them: their display name, else their username. */
const nameOf = (id: SQL | number) =>
  sql<string | null>`(select coalesce(nullif(display_name, ''), username) from ${users} where id = ${id})`;

/**
 * What an UPDATE … RETURNING gives back: the row and the names its answer needs, read in the same
 * statement (the command's live event is made from it, without reading the command again).
 */
const returnedView = {
  ...getTableColumns(pumpCommands),
  stationName: sql<string>`(select name from ${stations} where id = ${pumpCommands.stationId})`,
  regionId: sql<number | null>`(select region_id from ${stations} where id = ${pumpCommands.stationId})`,
  pumpNumber: sql<number>`(select number from ${stationPumps} where id = ${pumpCommands.pumpId})`,
  pumpName: sql<string>`(select name from ${stationPumps} where id = ${pumpCommands.pumpId})`,
  requesterName: nameOf(sql`${pumpCommands.requestedBy}`),
  approverName: nameOf(sql`${pumpCommands.approvedBy}`),
};

function toView(r: Record<string, unknown>): CommandView {
  const { stationName, regionId, pumpNumber, pumpName, requesterName, approverName, ...command } = r;
  return {
    command: command as CommandRow,
    stationName: stationName as string,
    regionId: regionId === null ? null : Number(regionId),
    pumpNumber: Number(pumpNumber),
    pumpName: pumpName as string,
    requesterName: (requesterName as string | null) ?? null,
    approverName: (approverName as string | null) ?? null,
  };
}

/** A station's control settings row as the contract's settings; the defaults without one. */
function settingsOf(row: typeof stationControlSettings.$inferSelect | null | undefined): ControlSettings {
  if (!row) return { ...DEFAULT_CONTROL_SETTINGS };
  return {
    requireApproval: row.requireApproval,
    approvalMinutes: row.approvalMinutes,
    minOffSeconds: row.minOffSeconds,
    maxStartsPerHour: row.maxStartsPerHour,
    levelMaxAgeSeconds: row.levelMaxAgeSeconds,
    commandTtlSeconds: row.commandTtlSeconds,
  };
}

/** Raw queries answer `{ rows }` on PGlite and node-postgres alike. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Ids as one array parameter. */
const intArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** A device's answer moves only its own commands. */
export const fromDevice = (code: string): SQL => eq(pumpCommands.deviceCode, code);

/** A time the command keeps when it has one already (an answer ahead of its `sent`), else `at`. */
export const keptOr = (column: 'sentAt' | 'acknowledgedAt', at: Date): SQL =>
  sql`coalesce(${pumpCommands[column]}, ${at.toISOString()}::timestamptz)`;

/** A device a command needs: its controller's code and thing model, and what judges its readings' staleness. */
export interface LiveDevice {
  id: number;
  code: string;
  model: unknown;
  /** Undefined for an archived device (it reads as silent, as the station's live state reads it). */
  info: DeviceInfo | undefined;
}

const conditionOf = (f: CommandFilter): SQL | undefined =>
  and(
    f.regionIds ? (f.regionIds.length ? inArray(stations.regionId, f.regionIds) : sql`false`) : undefined,
    f.stationId ? eq(pumpCommands.stationId, f.stationId) : undefined,
    f.pumpId ? eq(pumpCommands.pumpId, f.pumpId) : undefined,
    f.state ? eq(pumpCommands.state, f.state) : undefined,
    f.command ? eq(pumpCommands.command, f.command) : undefined,
    f.approvalsFor !== undefined
      ? and(
          eq(pumpCommands.state, 'awaiting_approval'),
          sql`${pumpCommands.requestedBy} is distinct from ${f.approvalsFor}`,
        )
      : undefined,
    f.from ? gte(pumpCommands.requestedAt, f.from) : undefined,
    f.to ? lt(pumpCommands.requestedAt, f.to) : undefined,
  );

/**
 * The devices `where` selects (over `devices d`), as one JSON array: code, thing model, last heard,
 * status, archived, staleness window and every latest reading (metric, epoch ms, value, text).
 */
const devicesJson = (where: SQL) => sql<unknown>`(select coalesce(json_agg(json_build_object(
    'id', d.id, 'code', d.code, 'seen', floor(extract(epoch from d.last_seen_at) * 1000)::float8,
    'status', d.status, 'archived', d.archived_at is not null,
    'window', ${offlineAfterSeconds(sql`t.model`)}, 'model', t.model,
    'latest', (select coalesce(json_agg(json_build_array(l.metric, floor(extract(epoch from l.ts) * 1000)::float8,
        l.value, l.text_value)), '[]'::json)
      from telemetry_latest l where l.device_id = d.id))), '[]'::json)
  from devices d left join device_types t on t.id = d.type_id where ${where})`;

interface DeviceJson {
  id: number;
  code: string;
  seen: number | null;
  status: string;
  archived: boolean;
  window: number;
  model: unknown;
  latest: [string, number, number | null, string | null][];
}

/** devicesJson's answer as the live derivation reads it (an archived device reads as silent). */
function liveOf(value: unknown): { devices: LiveDevice[]; latest: LatestRow[] } {
  const list = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as DeviceJson[];
  const latest: LatestRow[] = [];
  const devices = list.map((d): LiveDevice => {
    const id = Number(d.id);
    for (const [metric, at, value, textValue] of d.latest) {
      latest.push({ deviceId: id, metric, at: Number(at), value: value === null ? null : Number(value), textValue });
    }
    return {
      id,
      code: d.code,
      model: d.model,
      info: d.archived
        ? undefined
        : {
            id,
            lastSeenAt: d.seen === null ? null : new Date(Number(d.seen)),
            status: d.status,
            windowSeconds: Number(d.window),
            units: {},
          },
    };
  });
  return { devices, latest };
}

export function createPumpControlRepository(db: Queryable) {
  const viewQuery = () =>
    db
      .select(commandColumns)
      .from(pumpCommands)
      .innerJoin(stations, eq(stations.id, pumpCommands.stationId))
      .innerJoin(stationPumps, eq(stationPumps.id, pumpCommands.pumpId))
      .leftJoin(requester, eq(requester.id, pumpCommands.requestedBy))
      .leftJoin(approver, eq(approver.id, pumpCommands.approvedBy));

  return {
    /** A station's control settings; the defaults when it has no row. */
    async settings(stationId: number): Promise<ControlSettings> {
      const [row] = await db
        .select()
        .from(stationControlSettings)
        .where(eq(stationControlSettings.stationId, stationId));
      return settingsOf(row);
    },

    /**
     * What a command to one pump needs, in one statement: the pump, its station (region, protection
     * level), the station's control settings, its level sensor, the caller's name, its controller and
     * level sensor with their latest readings (devicesJson), whether the pump has an open command, and
     * the caller's command under this idempotency key. Undefined when there is no such pump.
     */
    async target(pumpId: number, userId: number, key: string) {
      const [row] = await db
        .select({
          pump: stationPumps,
          station: stations,
          settings: stationControlSettings,
          levelDeviceId: stationSensors.deviceId,
          levelMetric: stationSensors.metric,
          requesterName: nameOf(userId),
          devices: devicesJson(sql`d.id in (${stationPumps.controllerDeviceId}, ${stationSensors.deviceId})`),
          openId: sql<number | null>`(select ${pumpCommands.id} from ${pumpCommands}
            where ${and(eq(pumpCommands.pumpId, stationPumps.id), inArray(pumpCommands.state, [...OPEN]))} limit 1)`,
          firstId: sql<number | null>`(select ${pumpCommands.id} from ${pumpCommands}
            where ${and(eq(pumpCommands.requestedBy, userId), eq(pumpCommands.idempotencyKey, key))})`,
        })
        .from(stationPumps)
        .innerJoin(stations, eq(stations.id, stationPumps.stationId))
        .leftJoin(stationControlSettings, eq(stationControlSettings.stationId, stations.id))
        .leftJoin(stationSensors, and(eq(stationSensors.stationId, stations.id), eq(stationSensors.role, 'level')))
        .where(eq(stationPumps.id, pumpId));
      if (!row) return undefined;
      return {
        pump: row.pump,
        station: row.station,
        settings: settingsOf(row.settings),
        level:
          row.levelDeviceId === null || row.levelMetric === null
            ? null
            : { stationId: row.station.id, role: 'level', deviceId: row.levelDeviceId, metric: row.levelMetric },
        requesterName: row.requesterName,
        ...liveOf(row.devices),
        busy: row.openId !== null,
        firstId: row.firstId === null ? null : Number(row.firstId),
      };
    },

    /**
     * These devices with their latest readings, in one statement: code and thing model (a controller's
     * commands), staleness window, last heard, and every latest reading.
     */
    async live(ids: number[]): Promise<{ devices: LiveDevice[]; latest: LatestRow[] }> {
      if (ids.length === 0) return { devices: [], latest: [] };
      const [row] = rowsOf<{ devices: unknown }>(
        await db.execute(sql`select ${devicesJson(sql`d.id = any(${intArray(ids)}::int[])`)} as devices`),
      );
      return liveOf(row?.devices);
    },

    async saveSettings(stationId: number, s: ControlSettings, userId: number | null, at: Date) {
      const values = { ...s, updatedBy: userId, updatedAt: at };
      await db
        .insert(stationControlSettings)
        .values({ stationId, ...values })
        .onConflictDoUpdate({ target: stationControlSettings.stationId, set: values });
    },

    /** A station's row (name, region, protection level), or undefined. */
    async station(id: number) {
      const [row] = await db
        .select({
          id: stations.id,
          name: stations.name,
          regionId: stations.regionId,
          protectionLevel: stations.protectionLevel,
        })
        .from(stations)
        .where(eq(stations.id, id));
      return row;
    },

    /** A user as a command names them. */
    async userName(id: number): Promise<string | null> {
      const [row] = await db
        .select({ name: sql<string>`coalesce(nullif(${users.displayName}, ''), ${users.username})` })
        .from(users)
        .where(eq(users.id, id));
      return row?.name ?? null;
    },

    /**
     * Running flags' points since `since` and the last one before it (what tells whether the first in
     * the window was a start), in time order, for several series in one statement: by
     * `deviceId:metric`.
     */
    async runningPointsOf(series: { deviceId: number; metric: string }[], since: Date) {
      const bySeries = new Map<string, { at: number; value: number | null; textValue: string | null }[]>();
      if (series.length === 0) return bySeries;
      const at = since.toISOString();
      const rows = rowsOf<{
        device_id: number;
        metric: string;
        ts: string | Date;
        value: number | null;
        text_value: string | null;
      }>(
        await db.execute(sql`
          select s.device_id, s.metric, p.ts, p.value, p.text_value
          from (values ${sql.join(
            series.map((x) => sql`(${x.deviceId}::int, ${x.metric}::text)`),
            sql`, `,
          )}) as s(device_id, metric)
          cross join lateral (
            (select ts, value, text_value from ${telemetryPoints}
              where device_id = s.device_id and metric = s.metric and ts <= ${at}::timestamptz
              order by ts desc limit 1)
            union all
            (select ts, value, text_value from ${telemetryPoints}
              where device_id = s.device_id and metric = s.metric and ts > ${at}::timestamptz
              order by ts limit 2000)) p`),
      );
      for (const r of rows) {
        const k = `${Number(r.device_id)}:${r.metric}`;
        const points = bySeries.get(k) ?? [];
        bySeries.set(k, points);
        points.push({
          at: new Date(r.ts).getTime(),
          value: r.value === null ? null : Number(r.value),
          textValue: r.text_value,
        });
      }
      return bySeries;
    },

    /** The open command of each of these pumps. */
    async openOf(pumpIds: number[]) {
      if (pumpIds.length === 0) return [];
      return viewQuery().where(and(inArray(pumpCommands.pumpId, pumpIds), inArray(pumpCommands.state, [...OPEN])));
    },

    async byKey(userId: number, key: string) {
      const [row] = await viewQuery().where(
        and(eq(pumpCommands.requestedBy, userId), eq(pumpCommands.idempotencyKey, key)),
      );
      return row;
    },

    /** Inserts a command; undefined when a unique index refused it (the same key, or the pump already busy). */
    async insert(values: NewCommand): Promise<CommandRow | undefined> {
      const [row] = await db.insert(pumpCommands).values(values).onConflictDoNothing().returning();
      return row;
    },

    async view(id: number): Promise<CommandView | undefined> {
      const [row] = await viewQuery().where(eq(pumpCommands.id, id));
      return row;
    },

    async views(ids: number[]): Promise<CommandView[]> {
      if (ids.length === 0) return [];
      return viewQuery().where(inArray(pumpCommands.id, ids)).orderBy(pumpCommands.id);
    },

    async list(f: CommandFilter, page: number, pageSize: number) {
      const where = conditionOf(f);
      const [rows, [total]] = await together(
        db,
        () =>
          viewQuery()
            .where(where)
            .orderBy(desc(pumpCommands.requestedAt), desc(pumpCommands.id))
            .limit(pageSize)
            .offset((page - 1) * pageSize),
        () =>
          db
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(pumpCommands)
            .innerJoin(stations, eq(stations.id, pumpCommands.stationId))
            .where(where),
      );
      return { rows, total: total?.n ?? 0 };
    },

    /** Moves a command on if it is still in one of `from`; undefined when it was not (someone else moved it). */
    async transition(id: number, from: readonly string[], set: Partial<NewCommand>): Promise<CommandRow | undefined> {
      const [row] = await db
        .update(pumpCommands)
        .set(set)
        .where(and(eq(pumpCommands.id, id), inArray(pumpCommands.state, [...from])))
        .returning();
      return row;
    },

    /**
     * As transition, in one statement with the names the command's answer and live event need.
     * `where`: a further condition (the device a reply comes from).
     */
    async move(
      id: number,
      from: readonly string[],
      set: Partial<Record<keyof NewCommand, unknown>>,
      where?: SQL,
    ): Promise<CommandView | undefined> {
      const [row] = await db
        .update(pumpCommands)
        .set(set as Partial<NewCommand>)
        .where(and(eq(pumpCommands.id, id), inArray(pumpCommands.state, [...from]), where))
        .returning(returnedView);
      return row ? toView(row) : undefined;
    },

    /**
     * A gateway's fetch: its pending commands not yet expired become sent, each timing out its TTL
     * from now. One statement: two fetches at once never take the same command.
     */
    async takePending(deviceId: number, now: Date): Promise<CommandRow[]> {
      const rows = (await db.execute(sql`
        update ${pumpCommands} set state = 'sent', sent_at = ${now.toISOString()}::timestamptz,
          expires_at = ${now.toISOString()}::timestamptz + make_interval(secs => ttl_seconds)
        where id in (select id from ${pumpCommands}
          where device_id = ${deviceId} and state = 'pending' and expires_at > ${now.toISOString()}::timestamptz
          order by id for update skip locked)
        returning id`)) as unknown as { rows: { id: number | string }[] };
      const ids = rows.rows.map((r) => Number(r.id));
      if (ids.length === 0) return [];
      return db.select().from(pumpCommands).where(inArray(pumpCommands.id, ids)).orderBy(pumpCommands.id);
    },

    /**
     * Approvals not given in time expire; commands not taken or not answered within their TTL time
     * out. Conditional updates: safe with several servers sweeping at once (each row moves once).
     */
    async sweep(now: Date): Promise<number[]> {
      const expired = await db
        .update(pumpCommands)
        .set({ state: 'expired', finishedAt: now })
        .where(and(eq(pumpCommands.state, 'awaiting_approval'), lt(pumpCommands.approvalDeadline, now)))
        .returning({ id: pumpCommands.id });
      const timedOut = await db
        .update(pumpCommands)
        .set({ state: 'timed_out', finishedAt: now })
        .where(and(inArray(pumpCommands.state, ['pending', 'sent', 'acknowledged']), lt(pumpCommands.expiresAt, now)))
        .returning({ id: pumpCommands.id });
      return [...expired, ...timedOut].map((r) => r.id);
    },
  };
}

export type PumpControlRepository = ReturnType<typeof createPumpControlRepository>;
