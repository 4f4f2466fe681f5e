import type {
  ArchiveAttachment,
  ArchiveEntry,
  ArchiveKind,
  DueCalibration,
  EndingWarranty,
  Locale,
} from '@water/contracts';
import type { deviceArchiveAttachments, deviceArchiveEntries } from '../../db/schema/index.ts';

const DAY = 86_400_000;

type AttachmentRow = typeof deviceArchiveAttachments.$inferSelect;
type DeviceNames = {
  deviceCode: string;
  deviceName: string;
  typeZh: string | null;
  typeEn: string | null;
  regionName: string | null;
};

/** Whole days from one calendar day to another (YYYY-MM-DD). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

const typeName = (r: DeviceNames, locale: Locale) => (locale === 'en-US' ? r.typeEn : r.typeZh) ?? '';

export const toAttachment = (a: AttachmentRow): ArchiveAttachment => ({
  id: a.id,
  fileName: a.fileName,
  fileType: a.fileType,
  fileSize: a.fileSize,
});

export const toEntry = (
  r: DeviceNames & {
    entry: typeof deviceArchiveEntries.$inferSelect;
    deviceArchivedAt: Date | null;
    createdByName: string | null;
  },
  attachments: AttachmentRow[],
  locale: Locale,
): ArchiveEntry => ({
  id: r.entry.id,
  deviceId: r.entry.deviceId,
  deviceCode: r.deviceCode,
  deviceName: r.deviceName,
  typeName: typeName(r, locale),
  regionName: r.regionName ?? '',
  deviceArchived: r.deviceArchivedAt !== null,
  kind: r.entry.kind as ArchiveKind,
  date: r.entry.date,
  performedBy: r.entry.performedBy,
  description: r.entry.description,
  nextDue: r.entry.nextDue,
  attachments: attachments.filter((a) => a.entryId === r.entry.id).map(toAttachment),
  createdByName: r.createdByName ?? '',
  createdAt: r.entry.createdAt.toISOString(),
});

export const toDueCalibration = (
  r: DeviceNames & { entryId: number; deviceId: number; calibratedOn: string; nextDue: string | null },
  today: string,
  locale: Locale,
): DueCalibration => ({
  entryId: r.entryId,
  deviceId: r.deviceId,
  deviceCode: r.deviceCode,
  deviceName: r.deviceName,
  typeName: typeName(r, locale),
  regionName: r.regionName ?? '',
  calibratedOn: r.calibratedOn,
  nextDue: r.nextDue!,
  daysLeft: daysBetween(today, r.nextDue!),
});

/** A device whose warranty or service contract ends in [today, until]: the first of them to end. */
export function toEndingWarranty(
  r: DeviceNames & { deviceId: number; warrantyEnd: string | null; serviceEnd: string | null },
  today: string,
  until: string,
  locale: Locale,
): EndingWarranty {
  const inWindow = [r.warrantyEnd, r.serviceEnd].filter((d): d is string => !!d && d >= today && d <= until);
  const endsOn = inWindow.sort()[0]!;
  return {
    deviceId: r.deviceId,
    deviceCode: r.deviceCode,
    deviceName: r.deviceName,
    typeName: typeName(r, locale),
    regionName: r.regionName ?? '',
    warrantyEnd: r.warrantyEnd,
    serviceEnd: r.serviceEnd,
    endsOn,
    daysLeft: daysBetween(today, endsOn),
  };
}
