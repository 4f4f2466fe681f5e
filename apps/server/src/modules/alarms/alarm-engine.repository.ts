import { type AlarmCondition, type AlarmRecipients, thingModelSchema } from '@water/contracts';
import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  alarmEntries,
  alarmOfflineRules,
  alarmRules,
  alarmStates,
  alarms,
  devices,
  deviceTypes,
  regions,
  stationPumps,
  stations,
  telemetryLatest,
} from '../../db/schema/index.ts';

/** Raw queries answer `{ rows }` on PGlite and node-postgres alike. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface DeviceMeta {
  id: number;
  code: string;
  name: string;
  typeId: number | null;
  stationId: number | null;
  regionId: number | null;
  /** The region and every region above it. */
  regionChain: number[];
  metricNames: Map<string, { zh: string; en: string; unit: string }>;
}

export interface StationSetpoints {
  highAlarmLevel: number | null;
  lowAlarmLevel: number | null;
  protectionLevel: number | null;
}

export type RuleRow = typeof alarmRules.$inferSelect;

/** What one raise writes. */
export interface RaiseRow {
  kind: 'rule' | 'offline';
  sourceKey: string;
  ruleId: number | null;
  ruleName: string;
  severity: string;
  deviceId: number;
  stationId: number | null;
  regionId: number | null;
  metric: string | null;
  condition: AlarmCondition | null;
  threshold: number | null;
  value: string | null;
  at: Date;
}

/**
 * The engine's queries: everything it needs at start (rules, devices, states, active alarms, latest
 * values) in a few statements, and its writes, each guarded so that two servers doing the same
 * step leave one result (the partial unique index for raises, `where active` for clears).
 */
export function createAlarmEngineRepository(db: Queryable) {
  return {
    async rules(): Promise<RuleRow[]> {
      return db.select().from(alarmRules).where(eq(alarmRules.enabled, true));
    },

    /** A cheap fingerprint of the rule tables: a write anywhere (on any server) changes it. */
    async version(): Promise<string> {
      const [row] = rowsOf<{ v: string }>(
        await db.execute(sql`select concat(
            (select count(*) from alarm_rules), ':', (select coalesce(max(updated_at)::text, '') from alarm_rules), ':',
            (select count(*) from alarm_offline_rules), ':', (select coalesce(max(updated_at)::text, '') from alarm_offline_rules)
          ) as v`),
      );
      return row?.v ?? '';
    },

    async devices(): Promise<{
      devices: DeviceMeta[];
      setpoints: Map<number, StationSetpoints>;
      maintenance: Set<number>;
    }> {
      const [rows, regionRows, types, stationRows, locked] = await Promise.all([
        db
          .select({
            id: devices.id,
            code: devices.code,
            name: devices.name,
            typeId: devices.typeId,
            stationId: devices.stationId,
            regionId: devices.regionId,
          })
          .from(devices)
          .where(isNull(devices.archivedAt)),
        db.select({ id: regions.id, ancestors: regions.ancestors }).from(regions),
        db.select({ id: deviceTypes.id, model: deviceTypes.model }).from(deviceTypes),
        db
          .select({
            id: stations.id,
            highAlarmLevel: stations.highAlarmLevel,
            lowAlarmLevel: stations.lowAlarmLevel,
            protectionLevel: stations.protectionLevel,
          })
          .from(stations),
        // Controllers of pumps under maintenance (locked out): what they say raises nothing.
        db
          .select({ id: stationPumps.controllerDeviceId })
          .from(stationPumps)
          .where(and(eq(stationPumps.maintenance, true), isNotNull(stationPumps.controllerDeviceId))),
      ]);
      const chains = new Map(
        regionRows.map((r) => [
          r.id,
          [
            r.id,
            ...r.ancestors
              .split(',')
              .map(Number)
              .filter((n) => n > 0),
          ],
        ]),
      );
      const names = new Map(
        types.map((t) => {
          const parsed = thingModelSchema.safeParse(t.model);
          const metrics = parsed.success ? parsed.data.metrics : [];
          return [t.id, new Map(metrics.map((m) => [m.key, { zh: m.nameZh, en: m.nameEn, unit: m.unit }]))];
        }),
      );
      return {
        devices: rows.map((d) => ({
          ...d,
          regionChain: d.regionId === null ? [] : (chains.get(d.regionId) ?? [d.regionId]),
          metricNames: (d.typeId !== null ? names.get(d.typeId) : undefined) ?? new Map(),
        })),
        setpoints: new Map(stationRows.map(({ id, ...s }) => [id, s])),
        maintenance: new Set(locked.flatMap((p) => (p.id === null ? [] : [p.id]))),
      };
    },

    async states() {
      return db.select().from(alarmStates);
    },

    /** Standing alarms of rules and offline rules: a water-quality alarm is its own module's (wq-alarms.ts). */
    async activeAlarms(): Promise<{ id: number; deviceId: number; sourceKey: string }[]> {
      const rows = await db
        .select({ id: alarms.id, deviceId: alarms.deviceId, sourceKey: alarms.sourceKey })
        .from(alarms)
        .where(and(eq(alarms.active, true), ne(alarms.kind, 'water_quality'), isNotNull(alarms.deviceId)));
      return rows.flatMap((r) => (r.deviceId === null ? [] : [{ ...r, deviceId: r.deviceId }]));
    },

    /** The latest readings of these metrics, of every device. */
    async latest(metrics: string[]) {
      if (metrics.length === 0) return [];
      return db
        .select({
          deviceId: telemetryLatest.deviceId,
          metric: telemetryLatest.metric,
          ts: telemetryLatest.ts,
          value: telemetryLatest.value,
          textValue: telemetryLatest.textValue,
        })
        .from(telemetryLatest)
        .where(inArray(telemetryLatest.metric, metrics));
    },

    async saveStates(
      rows: {
        sourceKey: string;
        deviceId: number;
        pendingSince: Date | null;
        hits: number[];
        clearSince: Date | null;
        notifiedAt: Date | null;
      }[],
      now: Date,
    ) {
      if (rows.length === 0) return;
      await db
        .insert(alarmStates)
        .values(rows.map((r) => ({ ...r, updatedAt: now })))
        .onConflictDoUpdate({
          target: [alarmStates.sourceKey, alarmStates.deviceId],
          set: {
            pendingSince: sql`excluded.pending_since`,
            hits: sql`excluded.hits`,
            clearSince: sql`excluded.clear_since`,
            notifiedAt: sql`coalesce(excluded.notified_at, ${alarmStates.notifiedAt})`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    },

    /**
     * Inserts the alarm unless one of the source stands for the device (another server raised it a
     * moment ago): then null, and the caller counts a repeat on the standing one.
     */
    async raise(r: RaiseRow): Promise<number | null> {
      const [row] = rowsOf<{ id: number }>(
        await db.execute(sql`
          insert into alarms (kind, source_key, rule_id, rule_name, severity, device_id, station_id, region_id,
            metric, condition, threshold, first_value, last_value, count, raised_at, last_at, active)
          values (${r.kind}, ${r.sourceKey}, ${r.ruleId}, ${r.ruleName}, ${r.severity}, ${r.deviceId},
            ${r.stationId}, ${r.regionId}, ${r.metric}, ${r.condition === null ? null : JSON.stringify(r.condition)}::jsonb,
            ${r.threshold}, ${r.value}, ${r.value}, 1, ${r.at.toISOString()}::timestamptz, ${r.at.toISOString()}::timestamptz, true)
          on conflict (device_id, source_key) where active do nothing
          returning id`),
      );
      return row ? Number(row.id) : null;
    },

    /**
     * A round's raises in one statement: the alarms inserted. One whose source already stands for
     * its device (another server raised it a moment ago) is left out, and the caller counts a repeat
     * on the standing one. `notifiedAt`: its recipients are told in the same transaction.
     */
    async raiseMany(
      rows: (RaiseRow & { notifiedAt: Date | null })[],
    ): Promise<{ id: number; deviceId: number; sourceKey: string }[]> {
      if (rows.length === 0) return [];
      return db
        .insert(alarms)
        .values(
          rows.map((r) => ({
            kind: r.kind,
            sourceKey: r.sourceKey,
            ruleId: r.ruleId,
            ruleName: r.ruleName,
            severity: r.severity,
            deviceId: r.deviceId,
            stationId: r.stationId,
            regionId: r.regionId,
            metric: r.metric,
            condition: r.condition,
            threshold: r.threshold,
            firstValue: r.value,
            lastValue: r.value,
            count: 1,
            raisedAt: r.at,
            lastAt: r.at,
            active: true,
            notifiedAt: r.notifiedAt,
          })),
        )
        .onConflictDoNothing({ target: [alarms.deviceId, alarms.sourceKey], where: sql`active` })
        .returning({ id: alarms.id, deviceId: sql<number>`${alarms.deviceId}`, sourceKey: alarms.sourceKey });
    },

    async standing(deviceId: number, sourceKey: string): Promise<number | null> {
      const [row] = await db
        .select({ id: alarms.id })
        .from(alarms)
        .where(and(eq(alarms.deviceId, deviceId), eq(alarms.sourceKey, sourceKey), eq(alarms.active, true)));
      return row?.id ?? null;
    },

    /** A repeat (count + 1) or a touch (count kept): the last value and time. False when the alarm no longer stands. */
    async repeat(id: number, value: string | null, at: Date, counted: boolean): Promise<boolean> {
      const rows = await db
        .update(alarms)
        .set({
          lastValue: value,
          lastAt: at,
          ...(counted ? { count: sql`${alarms.count} + 1` } : {}),
        })
        .where(and(eq(alarms.id, id), eq(alarms.active, true)))
        .returning({ id: alarms.id });
      return rows.length > 0;
    },

    /** Clears a standing alarm; false when it was cleared already (by hand, or by another server). */
    async clear(id: number, at: Date, by: number | null, reason: string | null): Promise<boolean> {
      const rows = await db
        .update(alarms)
        .set({ active: false, clearedAt: at, clearedBy: by, clearReason: reason })
        .where(and(eq(alarms.id, id), eq(alarms.active, true)))
        .returning({ id: alarms.id });
      return rows.length > 0;
    },

    async entry(alarmId: number, kind: string, at: Date, userId: number | null, text = '') {
      await db.insert(alarmEntries).values({ alarmId, kind, at, userId, text });
    },

    async entries(rows: { alarmId: number; kind: string; at: Date; userId: number | null; text: string }[]) {
      if (rows.length > 0) await db.insert(alarmEntries).values(rows);
    },

    async markNotified(id: number, at: Date) {
      await db.update(alarms).set({ notifiedAt: at }).where(eq(alarms.id, id));
    },

    /** Offline rules in force, with what each covers. */
    async offlineRules() {
      return db.select().from(alarmOfflineRules).where(eq(alarmOfflineRules.enabled, true));
    },

    /**
     * Devices silent beyond their offline rule's timeout and dead band (a device's own rule over its
     * type's), heard at least once, in service, and not offline-alarmed already.
     */
    async silentDevices(now: Date) {
      return rowsOf<{
        id: number;
        rule_id: number;
        severity: string;
        station_id: number | null;
        region_id: number | null;
        last_seen_at: string;
      }>(
        await db.execute(sql`
          select d.id, r.id as rule_id, r.severity, d.station_id, d.region_id, d.last_seen_at
          from devices d
          join lateral (
            select o.* from alarm_offline_rules o
            where (o.device_id = d.id) or (o.device_id is null and o.device_type_id = d.type_id)
            order by o.device_id nulls last limit 1
          ) r on true
          where r.enabled and d.archived_at is null and d.status <> 'disabled' and d.last_seen_at is not null
            and d.last_seen_at < ${now.toISOString()}::timestamptz - make_interval(secs => r.timeout_seconds + r.deadband_seconds)
            and not exists (select 1 from alarms a where a.device_id = d.id and a.source_key = 'offline' and a.active)
            and not exists (select 1 from station_pumps p where p.controller_device_id = d.id and p.maintenance)`),
      );
    },

    /** The offline rule in force for one device (its own, else its type's), enabled or not. */
    async offlineRuleOf(deviceId: number) {
      const [row] = rowsOf<{
        id: number;
        severity: string;
        enabled: boolean;
        station_id: number | null;
        region_id: number | null;
      }>(
        await db.execute(sql`
          select r.id, r.severity, r.enabled, d.station_id, d.region_id from devices d
          join lateral (
            select o.* from alarm_offline_rules o
            where (o.device_id = d.id) or (o.device_id is null and o.device_type_id = d.type_id)
            order by o.device_id nulls last limit 1
          ) r on true
          where d.id = ${deviceId} and d.archived_at is null`),
      );
      return row ?? null;
    },

    /** Offline alarms whose device has been heard since they were raised. */
    async heardAgain() {
      return rowsOf<{ id: number; device_id: number; last_seen_at: string }>(
        await db.execute(sql`
          select a.id, a.device_id, d.last_seen_at from alarms a join devices d on d.id = a.device_id
          where a.active and a.source_key = 'offline' and d.last_seen_at > a.raised_at`),
      );
    },

    async ruleRecipients(ruleId: number) {
      const [row] = await db
        .select({ recipients: alarmOfflineRules.recipients, sms: alarmOfflineRules.sms })
        .from(alarmOfflineRules)
        .where(eq(alarmOfflineRules.id, ruleId));
      return row ? { recipients: row.recipients as AlarmRecipients, sms: row.sms } : null;
    },
  };
}

export type AlarmEngineRepository = ReturnType<typeof createAlarmEngineRepository>;
