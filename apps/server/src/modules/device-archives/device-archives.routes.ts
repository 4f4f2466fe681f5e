import { readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  ARCHIVE_ATTACHMENT_MAX_BYTES,
  ARCHIVE_ATTACHMENTS_MAX,
  type ArchiveAttachment,
  type ArchiveEntry,
  type ArchiveKind,
  type archiveEntryInputSchema,
  deviceArchivesApi,
  Permissions,
} from '@water/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { utilityDay } from '../../lib/clock.ts';
import { dataScope, inRegionScope } from '../../lib/data-scope.ts';
import { sendAttachment } from '../../lib/downloads.ts';
import { AppError, businessError, notFound } from '../../lib/errors.ts';
import { regionFilter } from '../../lib/region-filter.ts';
import { auditOf, route } from '../../lib/route.ts';
import { storeUpload } from '../../lib/uploads.ts';
import { createDeviceArchivesRepository } from './device-archives.repository.ts';

type Input = z.output<typeof archiveEntryInputSchema>;
type Repo = ReturnType<typeof createDeviceArchivesRepository>;
type Row = NonNullable<Awaited<ReturnType<Repo['byId']>>>;
type AttachmentRow = Awaited<ReturnType<Repo['attachmentsOf']>>[number];

const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'];
const DAY = 86_400_000;

const toAttachment = (a: AttachmentRow): ArchiveAttachment => ({
  id: a.id,
  fileName: a.fileName,
  fileType: a.fileType,
  fileSize: a.fileSize,
});

export async function deviceArchivesRoutes(app: FastifyInstance) {
  const repo = (req: FastifyRequest) => createDeviceArchivesRepository(req.tx ?? app.db);
  const write = { permission: Permissions.deviceWrite };
  const audit = auditOf('device-archives');
  const filePath = (relative: string) => path.join(app.config.dataDir, 'files', relative);
  const typeName = (req: FastifyRequest, r: { typeZh: string | null; typeEn: string | null }) =>
    (req.locale === 'en-US' ? r.typeEn : r.typeZh) ?? '';

  const toEntry = (req: FastifyRequest, r: Row, attachments: AttachmentRow[]): ArchiveEntry => ({
    id: r.entry.id,
    deviceId: r.entry.deviceId,
    deviceCode: r.deviceCode,
    deviceName: r.deviceName,
    typeName: typeName(req, r),
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

  /** An entry the caller may see: one of a device outside their region limit does not exist for them. */
  async function load(req: FastifyRequest, id: number): Promise<ArchiveEntry> {
    const row = await repo(req).byId(id);
    if (!row || !inRegionScope(await dataScope(app, req), row.deviceRegionId)) throw notFound();
    return toEntry(req, row, await repo(req).attachmentsOf([id]));
  }

  /** An archived device's record is closed: it is read, never written. */
  async function deviceInService(req: FastifyRequest, deviceId: number) {
    const device = await repo(req).device(deviceId);
    if (!device || !inRegionScope(await dataScope(app, req), device.regionId)) {
      throw businessError(400, 'deviceArchives.unknownDevice');
    }
    if (device.archivedAt) throw new AppError(409, 409, 'deviceArchives.deviceArchived');
  }

  /** The entry, for a write: it exists and its device is still in service. */
  async function writable(req: FastifyRequest, id: number): Promise<ArchiveEntry> {
    const entry = await load(req, id);
    if (entry.deviceArchived) throw new AppError(409, 409, 'deviceArchives.deviceArchived');
    return entry;
  }

  /** The regions asked for (one and those below it) within the caller's region limit. */
  const regionSubtree = async (req: FastifyRequest, regionId: number | undefined) =>
    regionFilter(req.tx ?? app.db, await dataScope(app, req), regionId);

  /** Today and the last day of the window, in the utility's calendar. */
  const window = (withinDays: number) => {
    const now = app.clock.now();
    return { today: utilityDay(now), until: utilityDay(new Date(now.getTime() + withinDays * DAY)) };
  };
  const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

  // Every operator reads the archive, within the region limit of their role.
  route(app, deviceArchivesApi.list, { access: 'session' }, async (req) => {
    const q = req.query;
    const { total, rows } = await repo(req).page({ ...q, regionIds: await regionSubtree(req, q.regionId) });
    const attachments = await repo(req).attachmentsOf(rows.map((r) => r.entry.id));
    return { total, page: q.page, pageSize: q.pageSize, list: rows.map((r) => toEntry(req, r, attachments)) };
  });

  route(app, deviceArchivesApi.dueCalibrations, { access: 'session' }, async (req) => {
    const { today, until } = window(req.query.withinDays);
    const rows = await repo(req).dueCalibrations(until, await regionSubtree(req, req.query.regionId));
    return rows.map((r) => ({
      entryId: r.entryId,
      deviceId: r.deviceId,
      deviceCode: r.deviceCode,
      deviceName: r.deviceName,
      typeName: typeName(req, r),
      regionName: r.regionName ?? '',
      calibratedOn: r.calibratedOn,
      nextDue: r.nextDue!,
      daysLeft: daysBetween(today, r.nextDue!),
    }));
  });

  route(app, deviceArchivesApi.endingWarranties, { access: 'session' }, async (req) => {
    const { today, until } = window(req.query.withinDays);
    const rows = await repo(req).endingWarranties(today, until, await regionSubtree(req, req.query.regionId));
    return rows.map((r) => {
      const inWindow = [r.warrantyEnd, r.serviceEnd].filter((d): d is string => !!d && d >= today && d <= until);
      const endsOn = inWindow.sort()[0]!;
      return {
        deviceId: r.deviceId,
        deviceCode: r.deviceCode,
        deviceName: r.deviceName,
        typeName: typeName(req, r),
        regionName: r.regionName ?? '',
        warrantyEnd: r.warrantyEnd,
        serviceEnd: r.serviceEnd,
        endsOn,
        daysLeft: daysBetween(today, endsOn),
      };
    });
  });

  const values = (input: Input) => ({
    deviceId: input.deviceId,
    kind: input.kind,
    date: input.date,
    performedBy: input.performedBy,
    description: input.description,
    nextDue: input.nextDue,
  });

  route(app, deviceArchivesApi.create, { access: write, audit: audit('create') }, async (req) => {
    await deviceInService(req, req.body.deviceId);
    const now = app.clock.now();
    const id = await repo(req).insert({
      ...values(req.body),
      createdBy: req.auth!.userId,
      createdAt: now,
      updatedAt: now,
    });
    const entry = await load(req, id);
    req.auditChange = { targetId: id, after: entry };
    return entry;
  });

  route(app, deviceArchivesApi.update, { access: write, audit: audit('update') }, async (req) => {
    const before = await writable(req, req.params.id);
    if (req.body.deviceId !== before.deviceId) await deviceInService(req, req.body.deviceId);
    await repo(req).update(before.id, { ...values(req.body), updatedAt: app.clock.now() });
    const after = await load(req, before.id);
    req.auditChange = { targetId: before.id, before, after };
    return after;
  });

  route(app, deviceArchivesApi.remove, { access: write, audit: audit('delete') }, async (req) => {
    const before = await writable(req, req.params.id);
    const files = await repo(req).attachmentsOf([before.id]);
    await repo(req).remove(before.id);
    req.afterCommit(async () => {
      for (const f of files) await unlink(filePath(f.filePath)).catch(() => {});
    });
    req.auditChange = { targetId: before.id, before };
    return null;
  });

  route(app, deviceArchivesApi.addAttachment, { access: write, audit: audit('attach') }, async (req) => {
    const entry = await writable(req, req.params.id);
    if (entry.attachments.length >= ARCHIVE_ATTACHMENTS_MAX) {
      throw new AppError(409, 409, 'deviceArchives.tooManyAttachments', { max: ARCHIVE_ATTACHMENTS_MAX });
    }
    const stored = await storeUpload(req, {
      dataDir: app.config.dataDir,
      area: 'files',
      folder: 'archives',
      maxBytes: ARCHIVE_ATTACHMENT_MAX_BYTES,
      types: ATTACHMENT_TYPES,
    });
    try {
      const row = await repo(req).insertAttachment({
        entryId: entry.id,
        fileName: stored.name,
        filePath: stored.relative,
        fileType: stored.type,
        fileSize: stored.size,
        uploadedBy: req.auth!.userId,
        createdAt: app.clock.now(),
      });
      const attachment = toAttachment(row);
      req.auditChange = { targetId: entry.id, after: { attachment } };
      return attachment;
    } catch (err) {
      await unlink(filePath(stored.relative)).catch(() => {});
      throw err;
    }
  });

  route(app, deviceArchivesApi.removeAttachment, { access: write, audit: audit('detach') }, async (req) => {
    const entry = await writable(req, req.params.id);
    const row = await repo(req).attachment(entry.id, req.params.attachmentId);
    if (!row) throw notFound();
    await repo(req).removeAttachment(row.id);
    req.afterCommit(() => unlink(filePath(row.filePath)).catch(() => {}));
    req.auditChange = { targetId: entry.id, before: { attachment: toAttachment(row) } };
    return null;
  });

  route(app, deviceArchivesApi.downloadAttachment, { access: 'session' }, async (req, { reply }) => {
    // The entry first: outside the caller's region limit its files do not exist either.
    await load(req, req.params.id);
    const row = await repo(req).attachment(req.params.id, req.params.attachmentId);
    // At most 10 MiB: read whole, sent with the shared private-download headers.
    const bytes = row ? await readFile(filePath(row.filePath)).catch(() => null) : null;
    if (!row || !bytes) throw notFound();
    return sendAttachment(reply, row.fileType, row.fileName, bytes);
  });
}
