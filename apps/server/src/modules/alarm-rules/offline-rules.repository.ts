import type { OfflineRuleValues } from '@water/contracts';
import { and, asc, count, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { alarmOfflineRules, devices, deviceTypes } from '../../db/schema/index.ts';
import { containing } from '../../lib/like.ts';
import type { OfflineRuleRow } from './alarm-rules.mappers.ts';

/** The source key of offline alarms (one active a device). */
export const OFFLINE_SOURCE_KEY = 'offline';

export interface OfflineRuleFilter {
  deviceTypeId?: number | undefined;
  keyword?: string | undefined;
  page: number;
  pageSize: number;
}

export function createOfflineRulesRepository(db: Queryable) {
  // A type's rule governs its devices in service that have no rule of their own; a device's rule, its device.
  const governed = sql`(select d2.id from ${devices} d2 where d2.type_id = ${alarmOfflineRules.deviceTypeId}
      and d2.archived_at is null
      and not exists (select 1 from ${alarmOfflineRules} o where o.device_id = d2.id))`;
  const offlineOf = (deviceIds: ReturnType<typeof sql>) =>
    sql`(select count(*) from alarms a where a.source_key = ${OFFLINE_SOURCE_KEY} and a.active and a.device_id in ${deviceIds})`;
  const devicesCount = sql<number>`case when ${alarmOfflineRules.deviceId} is null
      then (select count(*) from ${governed} g) else 1 end`.mapWith(Number);
  const offlineCount = sql<number>`case when ${alarmOfflineRules.deviceId} is null
      then ${offlineOf(governed)}
      else ${offlineOf(sql`(${alarmOfflineRules.deviceId})`)} end`.mapWith(Number);

  const listed = () =>
    db
      .select({
        rule: alarmOfflineRules,
        typeNameZh: deviceTypes.nameZh,
        typeNameEn: deviceTypes.nameEn,
        deviceCode: devices.code,
        deviceName: devices.name,
        devices: devicesCount,
        offline: offlineCount,
      })
      .from(alarmOfflineRules)
      .leftJoin(deviceTypes, eq(deviceTypes.id, alarmOfflineRules.deviceTypeId))
      .leftJoin(devices, eq(devices.id, alarmOfflineRules.deviceId));

  return {
    /** Rules by type, each type's own rule before its devices' (by code). */
    async page(f: OfflineRuleFilter): Promise<{ total: number; rows: OfflineRuleRow[] }> {
      const condition = and(
        f.deviceTypeId ? eq(alarmOfflineRules.deviceTypeId, f.deviceTypeId) : undefined,
        f.keyword
          ? or(
              ilike(devices.code, containing(f.keyword)),
              ilike(devices.name, containing(f.keyword)),
              ilike(deviceTypes.nameZh, containing(f.keyword)),
              ilike(deviceTypes.nameEn, containing(f.keyword)),
            )
          : undefined,
      );
      const [[total], rows] = await Promise.all([
        db
          .select({ n: count() })
          .from(alarmOfflineRules)
          .leftJoin(deviceTypes, eq(deviceTypes.id, alarmOfflineRules.deviceTypeId))
          .leftJoin(devices, eq(devices.id, alarmOfflineRules.deviceId))
          .where(condition),
        listed()
          .where(condition)
          .orderBy(
            asc(alarmOfflineRules.deviceTypeId),
            sql`${alarmOfflineRules.deviceId} is not null`,
            asc(devices.code),
            asc(alarmOfflineRules.id),
          )
          .limit(f.pageSize)
          .offset((f.page - 1) * f.pageSize),
      ]);
      return { total: total?.n ?? 0, rows };
    },

    get: (id: number): Promise<OfflineRuleRow | undefined> =>
      listed()
        .where(eq(alarmOfflineRules.id, id))
        .then((rows) => rows[0]),

    /** Another rule for the same type (a type rule) or the same device (a device rule). */
    taken: (v: Pick<OfflineRuleValues, 'deviceTypeId' | 'deviceId'>, exceptId: number | null) =>
      db
        .select({ id: alarmOfflineRules.id })
        .from(alarmOfflineRules)
        .where(
          and(
            v.deviceId === null
              ? and(eq(alarmOfflineRules.deviceTypeId, v.deviceTypeId), isNull(alarmOfflineRules.deviceId))
              : eq(alarmOfflineRules.deviceId, v.deviceId),
            exceptId === null ? undefined : ne(alarmOfflineRules.id, exceptId),
          ),
        )
        .then((rows) => rows.length > 0),

    device: (id: number) =>
      db
        .select({ id: devices.id, typeId: devices.typeId, regionId: devices.regionId, archivedAt: devices.archivedAt })
        .from(devices)
        .where(eq(devices.id, id))
        .then((rows) => rows[0]),

    insert: (v: OfflineRuleValues, now: Date) =>
      db
        .insert(alarmOfflineRules)
        .values({ ...v, createdAt: now, updatedAt: now })
        .returning({ id: alarmOfflineRules.id })
        .then((rows) => rows[0]!.id),

    update: (id: number, v: OfflineRuleValues, now: Date) =>
      db
        .update(alarmOfflineRules)
        .set({ ...v, updatedAt: now })
        .where(eq(alarmOfflineRules.id, id)),

    remove: (id: number) => db.delete(alarmOfflineRules).where(eq(alarmOfflineRules.id, id)),
  };
}
