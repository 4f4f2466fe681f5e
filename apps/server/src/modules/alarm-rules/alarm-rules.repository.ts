import type { AlarmSeverity } from '@water/contracts';
import { and, asc, count, desc, eq, ilike, inArray, isNull, max, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  alarmRules,
  alarmStates,
  departments,
  devices,
  deviceTypes,
  regions,
  roles,
  stations,
  users,
} from '../../db/schema/index.ts';
import { containing } from '../../lib/like.ts';
import type { RuleRow } from './alarm-rules.mappers.ts';

export interface RuleFilter {
  keyword?: string | undefined;
  severity?: AlarmSeverity | undefined;
  deviceTypeId?: number | undefined;
  enabled?: boolean | undefined;
  /** Only these rules (an export's choice). */
  ids?: number[] | undefined;
}

export type RuleColumns = Omit<typeof alarmRules.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** The engine's source key of a rule: its alarms and their state between readings go by it. */
export const ruleSourceKey = (id: number) => `rule:${id}`;

/** Lookups of ids and codes as a map, none asked none read. */
async function mapOf<K, V>(keys: readonly K[], read: () => Promise<[K, V][]>): Promise<Map<K, V>> {
  return keys.length === 0 ? new Map() : new Map(await read());
}

export function createAlarmRulesRepository(db: Queryable) {
  const activeAlarms =
    sql<number>`(select count(*) from alarms a where a.rule_id = ${alarmRules.id} and a.active)`.mapWith(Number);
  const listed = () =>
    db
      .select({
        rule: alarmRules,
        typeNameZh: deviceTypes.nameZh,
        typeNameEn: deviceTypes.nameEn,
        model: deviceTypes.model,
        stationName: stations.name,
        highAlarmLevel: stations.highAlarmLevel,
        lowAlarmLevel: stations.lowAlarmLevel,
        protectionLevel: stations.protectionLevel,
        regionName: regions.name,
        activeAlarms,
      })
      .from(alarmRules)
      .leftJoin(deviceTypes, eq(deviceTypes.id, alarmRules.deviceTypeId))
      .leftJoin(stations, eq(stations.id, alarmRules.stationId))
      .leftJoin(regions, eq(regions.id, alarmRules.regionId));

  const where = (f: RuleFilter) =>
    and(
      f.keyword ? ilike(alarmRules.name, containing(f.keyword)) : undefined,
      f.severity ? eq(alarmRules.severity, f.severity) : undefined,
      f.deviceTypeId ? eq(alarmRules.deviceTypeId, f.deviceTypeId) : undefined,
      f.enabled === undefined ? undefined : eq(alarmRules.enabled, f.enabled),
      f.ids ? (f.ids.length ? inArray(alarmRules.id, f.ids) : sql`false`) : undefined,
    );

  return {
    /** A page of rules, newest first. */
    async page(f: RuleFilter & { page: number; pageSize: number }): Promise<{ total: number; rows: RuleRow[] }> {
      const condition = where(f);
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(alarmRules).where(condition),
        listed()
          .where(condition)
          .orderBy(desc(alarmRules.id))
          .limit(f.pageSize)
          .offset((f.page - 1) * f.pageSize),
      ]);
      return { total: total?.n ?? 0, rows };
    },

    /** Rules in the order they were made (an export). */
    all: (f: RuleFilter): Promise<RuleRow[]> => listed().where(where(f)).orderBy(asc(alarmRules.id)),

    get: (id: number): Promise<RuleRow | undefined> =>
      listed()
        .where(eq(alarmRules.id, id))
        .then((rows) => rows[0]),

    insert: (values: RuleColumns, now: Date) =>
      db
        .insert(alarmRules)
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning({ id: alarmRules.id })
        .then((rows) => rows[0]!.id),

    update: (id: number, values: Partial<RuleColumns>, now: Date) =>
      db
        .update(alarmRules)
        .set({ ...values, updatedAt: now })
        .where(eq(alarmRules.id, id)),

    /** The rule goes; its alarms stay in the records (rule_id set null), what the engine kept of it goes. */
    async remove(id: number) {
      await db.delete(alarmStates).where(eq(alarmStates.sourceKey, ruleSourceKey(id)));
      await db.delete(alarmRules).where(eq(alarmRules.id, id));
    },

    /* ---------- what the checks read ---------- */

    deviceType: (id: number) =>
      db
        .select({ id: deviceTypes.id, code: deviceTypes.code, model: deviceTypes.model })
        .from(deviceTypes)
        .where(eq(deviceTypes.id, id))
        .then((rows) => rows[0]),

    devicesOf: (ids: readonly number[]) =>
      mapOf(ids, () =>
        db
          .select({
            id: devices.id,
            typeId: devices.typeId,
            regionId: devices.regionId,
            archivedAt: devices.archivedAt,
          })
          .from(devices)
          .where(inArray(devices.id, [...ids]))
          .then((rows) => rows.map((r) => [r.id, r] as [number, typeof r])),
      ),

    station: (id: number) =>
      db
        .select({ id: stations.id, regionId: stations.regionId })
        .from(stations)
        .where(eq(stations.id, id))
        .then((rows) => rows[0]),

    region: (id: number) =>
      db
        .select({ id: regions.id })
        .from(regions)
        .where(eq(regions.id, id))
        .then((rows) => rows[0]),

    /** Of these ids, those of users that exist. */
    userIds: (ids: readonly number[]) =>
      mapOf(ids, () =>
        db
          .select({ id: users.id, username: users.username })
          .from(users)
          .where(inArray(users.id, [...ids]))
          .then((rows) => rows.map((r) => [r.id, r.username] as [number, string])),
      ),

    roleCodes: (codes: readonly string[]) =>
      mapOf(codes, () =>
        db
          .select({ id: roles.id, code: roles.code })
          .from(roles)
          .where(inArray(roles.code, [...codes]))
          .then((rows) => rows.map((r) => [r.code, r.id] as [string, number])),
      ),

    departmentIds: (ids: readonly number[]) =>
      mapOf(ids, () =>
        db
          .select({ id: departments.id, name: departments.name })
          .from(departments)
          .where(inArray(departments.id, [...ids]))
          .then((rows) => rows.map((r) => [r.id, r.name] as [number, string])),
      ),

    /* ---------- codes and names of a portable file ---------- */

    typeByCode: (code: string) =>
      db
        .select({ id: deviceTypes.id })
        .from(deviceTypes)
        .where(eq(deviceTypes.code, code))
        .then((rows) => rows[0]?.id),

    typeCodes: (ids: readonly number[]) =>
      mapOf(ids, () =>
        db
          .select({ id: deviceTypes.id, code: deviceTypes.code })
          .from(deviceTypes)
          .where(inArray(deviceTypes.id, [...ids]))
          .then((rows) => rows.map((r) => [r.id, r.code] as [number, string])),
      ),

    deviceCodes: (ids: readonly number[]) =>
      mapOf(ids, () =>
        db
          .select({ id: devices.id, code: devices.code })
          .from(devices)
          .where(inArray(devices.id, [...ids]))
          .then((rows) => rows.map((r) => [r.id, r.code] as [number, string])),
      ),

    devicesByCode: (codes: readonly string[]) =>
      mapOf(codes, () =>
        db
          .select({ id: devices.id, code: devices.code })
          .from(devices)
          .where(inArray(devices.code, [...codes]))
          .then((rows) => rows.map((r) => [r.code, r.id] as [string, number])),
      ),

    stationCodes: (ids: readonly number[]) =>
      mapOf(ids, () =>
        db
          .select({ id: stations.id, code: stations.code })
          .from(stations)
          .where(inArray(stations.id, [...ids]))
          .then((rows) => rows.map((r) => [r.id, r.code] as [number, string])),
      ),

    stationByCode: (code: string) =>
      db
        .select({ id: stations.id })
        .from(stations)
        .where(eq(stations.code, code))
        .then((rows) => rows[0]?.id),

    regionCodes: (ids: readonly number[]) =>
      mapOf(ids, () =>
        db
          .select({ id: regions.id, code: regions.code })
          .from(regions)
          .where(inArray(regions.id, [...ids]))
          .then((rows) => rows.map((r) => [r.id, r.code] as [number, string])),
      ),

    regionByCode: (code: string) =>
      db
        .select({ id: regions.id })
        .from(regions)
        .where(eq(regions.code, code))
        .then((rows) => rows[0]?.id),

    /** Users by username, as sign-in matches it (case-insensitive). */
    usersByName: (names: readonly string[]) =>
      mapOf(names, () =>
        db
          .select({ id: users.id, username: users.username })
          .from(users)
          .where(
            inArray(
              sql`lower(${users.username})`,
              names.map((n) => n.toLowerCase()),
            ),
          )
          .then((rows) => rows.map((r) => [r.username.toLowerCase(), r.id] as [string, number])),
      ),

    /** Departments by name; a name several departments bear names the oldest of them. */
    departmentsByName: (names: readonly string[]) =>
      mapOf(names, () =>
        db
          .select({ id: departments.id, name: departments.name })
          .from(departments)
          .where(inArray(departments.name, [...names]))
          .orderBy(desc(departments.id))
          .then((rows) => rows.map((r) => [r.name, r.id] as [string, number])),
      ),
  };
}

/**
 * What the engine reloads by: rules are re-read when their count or their newest change moves (every
 * write of this module bumps updated_at; a removal changes the count).
 */
export async function rulesVersion(db: Queryable): Promise<{ count: number; updatedAt: Date | null }> {
  const [row] = await db.select({ n: count(), at: max(alarmRules.updatedAt) }).from(alarmRules);
  return { count: row?.n ?? 0, updatedAt: row?.at ?? null };
}

/**
 * The devices of a rule's scope, as one condition on `devices`: of the rule's type, in service, and
 * the chosen ones, the station's, or those of the region and every region below it (`regionIds`,
 * the subtree, which the caller reads).
 */
export function ruleDevicesWhere(
  rule: { deviceTypeId: number; scope: string; deviceIds: number[]; stationId: number | null },
  regionIds: number[] | null,
): SQL {
  const scope =
    rule.scope === 'devices'
      ? rule.deviceIds.length
        ? inArray(devices.id, rule.deviceIds)
        : sql`false`
      : rule.scope === 'station'
        ? rule.stationId === null
          ? sql`false`
          : eq(devices.stationId, rule.stationId)
        : rule.scope === 'region'
          ? regionIds?.length
            ? inArray(devices.regionId, regionIds)
            : sql`false`
          : undefined;
  return and(eq(devices.typeId, rule.deviceTypeId), isNull(devices.archivedAt), scope) as SQL;
}
