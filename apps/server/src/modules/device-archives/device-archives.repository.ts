import type { ArchiveEntry, Locale } from '@water/contracts';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  deviceArchiveAttachments,
  deviceArchiveEntries,
  devices,
  deviceTypes,
  regions,
  users,
} from '../../db/schema/index.ts';
import { containing } from '../../lib/like.ts';
import { toDueCalibration, toEndingWarranty, toEntry } from './device-archives.mappers.ts';

export interface ArchiveFilter {
  deviceId?: number | undefined;
  kind?: string | undefined;
  /** The device's region among these: a region filter's subtree, or later a role's data scope. */
  regionIds?: number[] | undefined;
  keyword?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const inRegions = (regionIds: number[] | undefined) =>
  regionIds ? (regionIds.length ? inArray(devices.regionId, regionIds) : sql`false`) : undefined;

/**
 * Devices in service whose warranty or service contract ends between `today` and `until` (both
 * YYYY-MM-DD, inclusive). The Workplace's renewal figure and the ending-warranties list both read
 * this one predicate, so they cannot disagree.
 */
export function warrantyEndingWhere(today: string, until: string, regionIds?: number[]): SQL {
  const ending = (column: typeof devices.warrantyEnd | typeof devices.serviceEnd) =>
    and(gte(column, today), lte(column, until));
  return and(
    isNull(devices.archivedAt),
    or(ending(devices.warrantyEnd), ending(devices.serviceEnd)),
    inRegions(regionIds),
  )!;
}

export function createDeviceArchivesRepository(db: Queryable) {
  const device = {
    deviceCode: devices.code,
    deviceName: devices.name,
    typeZh: deviceTypes.nameZh,
    typeEn: deviceTypes.nameEn,
    regionName: regions.name,
  };

  const joined = () =>
    db
      .select({
        entry: deviceArchiveEntries,
        ...device,
        deviceArchivedAt: devices.archivedAt,
        deviceRegionId: devices.regionId,
        createdByName: users.displayName,
      })
      .from(deviceArchiveEntries)
      .innerJoin(devices, eq(devices.id, deviceArchiveEntries.deviceId))
      .leftJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
      .leftJoin(regions, eq(regions.id, devices.regionId))
      .leftJoin(users, eq(users.id, deviceArchiveEntries.createdBy));

  const where = (f: ArchiveFilter): SQL | undefined =>
    and(
      f.deviceId ? eq(deviceArchiveEntries.deviceId, f.deviceId) : undefined,
      f.kind ? eq(deviceArchiveEntries.kind, f.kind) : undefined,
      inRegions(f.regionIds),
      f.keyword
        ? or(ilike(devices.code, containing(f.keyword)), ilike(devices.name, containing(f.keyword)))
        : undefined,
      f.from ? gte(deviceArchiveEntries.date, f.from) : undefined,
      f.to ? lte(deviceArchiveEntries.date, f.to) : undefined,
    );

  const attachmentsOf = (entryIds: number[]) =>
    entryIds.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(deviceArchiveAttachments)
          .where(inArray(deviceArchiveAttachments.entryId, entryIds))
          .orderBy(asc(deviceArchiveAttachments.id));

  const repository = {
    attachmentsOf,

    async page(f: ArchiveFilter & { page: number; pageSize: number }) {
      const condition = where(f);
      const [total] = await db
        .select({ n: count() })
        .from(deviceArchiveEntries)
        .innerJoin(devices, eq(devices.id, deviceArchiveEntries.deviceId))
        .where(condition);
      const rows = await joined()
        .where(condition)
        .orderBy(desc(deviceArchiveEntries.date), desc(deviceArchiveEntries.id))
        .limit(f.pageSize)
        .offset((f.page - 1) * f.pageSize);
      return { total: total?.n ?? 0, rows };
    },

    byId: (id: number) =>
      joined()
        .where(eq(deviceArchiveEntries.id, id))
        .then((rows) => rows[0]),

    /** A page of entries as the API answers them. */
    async list(f: ArchiveFilter & { page: number; pageSize: number }, locale: Locale) {
      const { total, rows } = await repository.page(f);
      const attachments = await attachmentsOf(rows.map((r) => r.entry.id));
      return { total, list: rows.map((r) => toEntry(r, attachments, locale)) };
    },

    /** One entry as the API answers it, with its device's region for the caller's region limit. */
    async get(id: number, locale: Locale): Promise<{ entry: ArchiveEntry; regionId: number | null } | undefined> {
      const row = await repository.byId(id);
      if (!row) return undefined;
      return { entry: toEntry(row, await attachmentsOf([id]), locale), regionId: row.deviceRegionId };
    },

    device: (id: number) =>
      db
        .select({ id: devices.id, archivedAt: devices.archivedAt, regionId: devices.regionId })
        .from(devices)
        .where(eq(devices.id, id))
        .then((rows) => rows[0]),

    insert: (values: typeof deviceArchiveEntries.$inferInsert) =>
      db
        .insert(deviceArchiveEntries)
        .values(values)
        .returning({ id: deviceArchiveEntries.id })
        .then((rows) => rows[0]!.id),

    update: (id: number, values: Partial<typeof deviceArchiveEntries.$inferInsert>) =>
      db.update(deviceArchiveEntries).set(values).where(eq(deviceArchiveEntries.id, id)),

    // Its attachment rows go with it (on delete cascade); the caller removes the files.
    remove: (id: number) => db.delete(deviceArchiveEntries).where(eq(deviceArchiveEntries.id, id)),

    attachment: (entryId: number, attachmentId: number) =>
      db
        .select()
        .from(deviceArchiveAttachments)
        .where(and(eq(deviceArchiveAttachments.entryId, entryId), eq(deviceArchiveAttachments.id, attachmentId)))
        .then((rows) => rows[0]),

    insertAttachment: (values: typeof deviceArchiveAttachments.$inferInsert) =>
      db
        .insert(deviceArchiveAttachments)
        .values(values)
        .returning()
        .then((rows) => rows[0]!),

    removeAttachment: (id: number) => db.delete(deviceArchiveAttachments).where(eq(deviceArchiveAttachments.id, id)),

    /**
     * Devices in service whose latest calibration (by date, then by entry) is due on or before
     * `until`: overdue ones included, a device calibrated again since an older due date not.
     */
    async dueCalibrationRows(until: string, regionIds?: number[]) {
      const latest = db
        .selectDistinctOn([deviceArchiveEntries.deviceId], {
          entryId: deviceArchiveEntries.id,
          deviceId: deviceArchiveEntries.deviceId,
          date: deviceArchiveEntries.date,
          nextDue: deviceArchiveEntries.nextDue,
        })
        .from(deviceArchiveEntries)
        .where(eq(deviceArchiveEntries.kind, 'calibration'))
        .orderBy(deviceArchiveEntries.deviceId, desc(deviceArchiveEntries.date), desc(deviceArchiveEntries.id))
        .as('latest');
      return db
        .select({
          entryId: latest.entryId,
          deviceId: latest.deviceId,
          calibratedOn: latest.date,
          nextDue: latest.nextDue,
          ...device,
        })
        .from(latest)
        .innerJoin(devices, eq(devices.id, latest.deviceId))
        .leftJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
        .leftJoin(regions, eq(regions.id, devices.regionId))
        .where(
          and(isNull(devices.archivedAt), isNotNull(latest.nextDue), lte(latest.nextDue, until), inRegions(regionIds)),
        )
        .orderBy(asc(latest.nextDue), asc(devices.code));
    },

    endingWarrantyRows: (today: string, until: string, regionIds?: number[]) =>
      db
        .select({
          deviceId: devices.id,
          warrantyEnd: devices.warrantyEnd,
          serviceEnd: devices.serviceEnd,
          ...device,
        })
        .from(devices)
        .leftJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
        .leftJoin(regions, eq(regions.id, devices.regionId))
        .where(warrantyEndingWhere(today, until, regionIds))
        .orderBy(asc(devices.code)),

    /** Calibrations due by `until` (overdue included), as the API answers them. */
    dueCalibrations: async (today: string, until: string, regionIds: number[] | undefined, locale: Locale) =>
      (await repository.dueCalibrationRows(until, regionIds)).map((r) => toDueCalibration(r, today, locale)),

    /** Warranties and service contracts ending in [today, until], as the API answers them. */
    endingWarranties: async (today: string, until: string, regionIds: number[] | undefined, locale: Locale) =>
      (await repository.endingWarrantyRows(today, until, regionIds)).map((r) =>
        toEndingWarranty(r, today, until, locale),
      ),
  };
  return repository;
}
