import type { AlarmKind, AlarmSeverity, AlarmState } from '@water/contracts';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import {
  alarmEntries,
  alarms,
  devices,
  deviceTypes,
  menus,
  regions,
  roleMenus,
  roles,
  stations,
  userRoles,
  users,
  wqSites,
} from '../../db/schema/index.ts';
import { containing } from '../../lib/like.ts';

export interface AlarmFilter {
  view: 'open' | 'all';
  severity?: AlarmSeverity | undefined;
  state?: AlarmState | undefined;
  kind?: AlarmKind | undefined;
  stationId?: number | undefined;
  /** The regions to read (a requested subtree within the caller's limit); undefined: no limit. */
  regionIds?: number[] | undefined;
  deviceTypeId?: number | undefined;
  ruleId?: number | undefined;
  assigneeId?: number | undefined;
  keyword?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const acked = alias(users, 'acked_by');
const clearer = alias(users, 'cleared_by');
const assignee = alias(users, 'assignee');

const nameOf = (u: { displayName: AnyPgColumn; username: AnyPgColumn }) =>
  sql<string | null>`coalesce(nullif(${u.displayName}, ''), ${u.username})`;

/** The columns an alarm is shown with: its row and the names around it. */
const columns = {
  alarm: alarms,
  deviceCode: devices.code,
  deviceName: devices.name,
  typeNameZh: deviceTypes.nameZh,
  typeNameEn: deviceTypes.nameEn,
  model: deviceTypes.model,
  stationName: stations.name,
  siteName: wqSites.name,
  regionName: regions.name,
  acknowledgedByName: nameOf(acked),
  clearedByName: nameOf(clearer),
  assigneeName: nameOf(assignee),
};

/** An alarm and the names around it: a water-quality alarm from the lab has no device (its site instead). */
export type AlarmRow = {
  alarm: typeof alarms.$inferSelect;
  deviceCode: string | null;
  deviceName: string | null;
  typeNameZh: string | null;
  typeNameEn: string | null;
  model: unknown;
  stationName: string | null;
  siteName: string | null;
  regionName: string | null;
  acknowledgedByName: string | null;
  clearedByName: string | null;
  assigneeName: string | null;
};

function stateCondition(state: AlarmState): SQL {
  const [activity, ack] = [state.startsWith('active'), state.endsWith('-ack')];
  return and(eq(alarms.active, activity), eq(alarms.acknowledged, ack))!;
}

function where(f: AlarmFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  // Open: still needs someone (active, or cleared but not acknowledged).
  if (f.view === 'open') parts.push(or(eq(alarms.active, true), eq(alarms.acknowledged, false)));
  if (f.severity) parts.push(eq(alarms.severity, f.severity));
  if (f.state) parts.push(stateCondition(f.state));
  if (f.kind) parts.push(eq(alarms.kind, f.kind));
  if (f.stationId) parts.push(eq(alarms.stationId, f.stationId));
  if (f.regionIds) parts.push(f.regionIds.length === 0 ? sql`false` : inArray(alarms.regionId, f.regionIds));
  if (f.deviceTypeId) parts.push(eq(devices.typeId, f.deviceTypeId));
  if (f.ruleId) parts.push(eq(alarms.ruleId, f.ruleId));
  if (f.assigneeId) parts.push(eq(alarms.assigneeId, f.assigneeId));
  if (f.from) parts.push(gte(alarms.raisedAt, f.from));
  if (f.to) parts.push(lt(alarms.raisedAt, f.to));
  if (f.keyword) {
    const like = containing(f.keyword);
    parts.push(
      or(
        ilike(devices.code, like),
        ilike(devices.name, like),
        ilike(stations.name, like),
        ilike(wqSites.name, like),
        ilike(alarms.ruleName, like),
      ),
    );
  }
  return and(...parts);
}

const SEVERITY_RANK = sql`array_position(array['critical','major','minor','warning','info']::text[], ${alarms.severity})`;

export function createAlarmsRepository(db: Queryable) {
  const base = () =>
    db
      .select(columns)
      .from(alarms)
      .leftJoin(devices, eq(devices.id, alarms.deviceId))
      .leftJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
      .leftJoin(stations, eq(stations.id, alarms.stationId))
      .leftJoin(wqSites, eq(wqSites.id, alarms.siteId))
      .leftJoin(regions, eq(regions.id, alarms.regionId))
      .leftJoin(acked, eq(acked.id, alarms.acknowledgedBy))
      .leftJoin(clearer, eq(clearer.id, alarms.clearedBy))
      .leftJoin(assignee, eq(assignee.id, alarms.assigneeId));

  return {
    /**
     * A page of alarms. Open ones: active before cleared, unacknowledged first, then by severity and
     * newest; the records: newest first.
     */
    async list(f: AlarmFilter, page: number, pageSize: number): Promise<{ rows: AlarmRow[]; total: number }> {
      const condition = where(f);
      const order =
        f.view === 'open'
          ? [desc(alarms.active), asc(alarms.acknowledged), asc(SEVERITY_RANK), desc(alarms.raisedAt), desc(alarms.id)]
          : [desc(alarms.raisedAt), desc(alarms.id)];
      const [rows, [total]] = await Promise.all([
        base()
          .where(condition)
          .orderBy(...order)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ n: count() })
          .from(alarms)
          .leftJoin(devices, eq(devices.id, alarms.deviceId))
          .leftJoin(stations, eq(stations.id, alarms.stationId))
          .leftJoin(wqSites, eq(wqSites.id, alarms.siteId))
          .where(condition),
      ]);
      return { rows: rows as AlarmRow[], total: total?.n ?? 0 };
    },

    /** Rows for an export, newest first, at most `limit`. */
    async exportRows(f: AlarmFilter, limit: number): Promise<AlarmRow[]> {
      return (await base().where(where(f)).orderBy(desc(alarms.raisedAt), desc(alarms.id)).limit(limit)) as AlarmRow[];
    },

    async byIds(ids: number[]): Promise<AlarmRow[]> {
      if (ids.length === 0) return [];
      return (await base().where(inArray(alarms.id, ids))) as AlarmRow[];
    },

    async entries(alarmId: number) {
      const who = alias(users, 'who');
      return db
        .select({
          id: alarmEntries.id,
          kind: alarmEntries.kind,
          at: alarmEntries.at,
          text: alarmEntries.text,
          userName: nameOf(who),
        })
        .from(alarmEntries)
        .leftJoin(who, eq(who.id, alarmEntries.userId))
        .where(eq(alarmEntries.alarmId, alarmId))
        .orderBy(asc(alarmEntries.at), asc(alarmEntries.id));
    },

    /** Active alarms by severity, all and unacknowledged, within the regions (undefined: all). */
    async counts(regionIds: number[] | undefined) {
      const scope =
        regionIds === undefined ? undefined : regionIds.length === 0 ? sql`false` : inArray(alarms.regionId, regionIds);
      const rows = await db
        .select({
          severity: alarms.severity,
          all: count(),
          unack: sql<number>`count(*) filter (where not ${alarms.acknowledged})`.mapWith(Number),
        })
        .from(alarms)
        .where(and(eq(alarms.active, true), scope))
        .groupBy(alarms.severity);
      return rows;
    },

    async stats(f: AlarmFilter) {
      const condition = where(f);
      const [perDay, top, means] = await Promise.all([
        db
          .select({
            day: sql<string>`to_char(${alarms.raisedAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`,
            severity: alarms.severity,
            n: count(),
          })
          .from(alarms)
          .leftJoin(devices, eq(devices.id, alarms.deviceId))
          .leftJoin(stations, eq(stations.id, alarms.stationId))
          .leftJoin(wqSites, eq(wqSites.id, alarms.siteId))
          .where(condition)
          .groupBy(sql`1`, alarms.severity)
          .orderBy(sql`1`),
        db
          .select({
            deviceId: alarms.deviceId,
            siteId: sql<number | null>`case when ${alarms.deviceId} is null then ${alarms.siteId} end`,
            deviceCode: sql<string>`coalesce(${devices.code}, max(${wqSites.code}), '')`,
            deviceName: sql<string>`coalesce(${devices.name}, max(${wqSites.name}), '')`,
            stationName: sql<string>`coalesce(max(${stations.name}), max(${wqSites.name}), '')`,
            n: count(),
          })
          .from(alarms)
          .leftJoin(devices, eq(devices.id, alarms.deviceId))
          .leftJoin(stations, eq(stations.id, alarms.stationId))
          .leftJoin(wqSites, eq(wqSites.id, alarms.siteId))
          .where(condition)
          // A device's alarms together; a site's lab alarms (no device) together.
          .groupBy(alarms.deviceId, devices.code, devices.name, sql`2`)
          .orderBy(desc(count()), sql`3`)
          .limit(10),
        db
          .select({
            total: count(),
            ack: sql<number | null>`avg(extract(epoch from ${alarms.acknowledgedAt} - ${alarms.raisedAt}))`,
            clear: sql<number | null>`avg(extract(epoch from ${alarms.clearedAt} - ${alarms.raisedAt}))`,
          })
          .from(alarms)
          .leftJoin(devices, eq(devices.id, alarms.deviceId))
          .leftJoin(stations, eq(stations.id, alarms.stationId))
          .leftJoin(wqSites, eq(wqSites.id, alarms.siteId))
          .where(condition),
      ]);
      return { perDay, top, means: means[0] };
    },

    /** Enabled users whose role holds alarm:handle (or every permission). */
    async assignees() {
      return db
        .selectDistinct({ id: users.id, name: nameOf(users), username: users.username })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .leftJoin(roleMenus, eq(roleMenus.roleId, roles.id))
        .leftJoin(menus, eq(menus.id, roleMenus.menuId))
        .where(
          and(
            eq(users.status, 'enabled'),
            eq(roles.status, 'enabled'),
            or(eq(roles.code, 'admin'), eq(menus.permission, 'alarm:handle')),
          ),
        )
        .orderBy(asc(users.username))
        .limit(500);
    },

    async acknowledge(ids: number[], by: number, at: Date, regionIds: number[] | undefined) {
      return db
        .update(alarms)
        .set({ acknowledged: true, acknowledgedAt: at, acknowledgedBy: by })
        .where(
          and(
            inArray(alarms.id, ids),
            eq(alarms.acknowledged, false),
            regionIds === undefined
              ? undefined
              : regionIds.length === 0
                ? sql`false`
                : inArray(alarms.regionId, regionIds),
          ),
        )
        .returning({ id: alarms.id, regionId: alarms.regionId });
    },

    async lockOne(id: number) {
      const [row] = await db.select().from(alarms).where(eq(alarms.id, id)).for('update');
      return row ?? null;
    },

    async update(id: number, set: Partial<typeof alarms.$inferInsert>) {
      await db.update(alarms).set(set).where(eq(alarms.id, id));
    },

    async userExists(id: number) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), eq(users.status, 'enabled')));
      return Boolean(row);
    },

    async entry(alarmId: number, kind: string, at: Date, userId: number | null, text = '') {
      await db.insert(alarmEntries).values({ alarmId, kind, at, userId, text });
    },
  };
}
