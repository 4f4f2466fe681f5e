import { type ControlSettings, DEFAULT_CONTROL_SETTINGS, PUMP_COMMAND_OPEN_STATES } from '@water/contracts';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import {
  devices,
  deviceTypes,
  pumpCommands,
  stationControlSettings,
  stationPumps,
  stations,
  telemetryPoints,
  users,
} from '../../db/schema/index.ts';

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
      if (!row) return { ...DEFAULT_CONTROL_SETTINGS };
      return {
        requireApproval: row.requireApproval,
        approvalMinutes: row.approvalMinutes,
        minOffSeconds: row.minOffSeconds,
        maxStartsPerHour: row.maxStartsPerHour,
        levelMaxAgeSeconds: row.levelMaxAgeSeconds,
        commandTtlSeconds: row.commandTtlSeconds,
      };
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

    /** A pump with its station's id. */
    async pump(id: number) {
      const [row] = await db.select().from(stationPumps).where(eq(stationPumps.id, id));
      return row;
    },

    /** The controllers of these devices: code, status and their type's thing model. */
    async controllers(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: devices.id, code: devices.code, status: devices.status, model: deviceTypes.model })
        .from(devices)
        .leftJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
        .where(inArray(devices.id, ids));
    },

    /** A device by code (the MQTT reply's topic). */
    async deviceByCode(code: string) {
      const [row] = await db.select({ id: devices.id, code: devices.code }).from(devices).where(eq(devices.code, code));
      return row;
    },

    /**
     * A running flag's points since `since` and the last one before it (what tells whether the first
     * in the window was a start), in time order.
     */
    async runningPoints(deviceId: number, metric: string, since: Date) {
      const rows = (await db.execute(sql`
        (select ts, value, text_value from ${telemetryPoints}
          where device_id = ${deviceId} and metric = ${metric} and ts <= ${since.toISOString()}::timestamptz
          order by ts desc limit 1)
        union all
        (select ts, value, text_value from ${telemetryPoints}
          where device_id = ${deviceId} and metric = ${metric} and ts > ${since.toISOString()}::timestamptz
          order by ts limit 2000)`)) as unknown as {
        rows: { ts: string | Date; value: number | null; text_value: string | null }[];
      };
      return rows.rows.map((r) => ({
        at: new Date(r.ts).getTime(),
        value: r.value === null ? null : Number(r.value),
        textValue: r.text_value,
      }));
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
      const [rows, [total]] = await Promise.all([
        viewQuery()
          .where(where)
          .orderBy(desc(pumpCommands.requestedAt), desc(pumpCommands.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(pumpCommands)
          .innerJoin(stations, eq(stations.id, pumpCommands.stationId))
          .where(where),
      ]);
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

    /** The station's pumps in number order. */
    pumpsOf: (stationId: number) =>
      db.select().from(stationPumps).where(eq(stationPumps.stationId, stationId)).orderBy(stationPumps.number),
  };
}

export type PumpControlRepository = ReturnType<typeof createPumpControlRepository>;
