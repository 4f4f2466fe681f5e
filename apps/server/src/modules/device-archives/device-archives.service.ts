import { readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  ARCHIVE_ATTACHMENT_MAX_BYTES,
  ARCHIVE_ATTACHMENTS_MAX,
  type ArchiveEntry,
  type archiveEntryInputSchema,
  type archiveListQuerySchema,
  type deviceArchivesApi,
} from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { utilityWindow } from '../../lib/clock.ts';
import type { Context, RouteContext } from '../../lib/context.ts';
import { inRegionScope } from '../../lib/data-scope.ts';
import { sendAttachment } from '../../lib/downloads.ts';
import { AppError, businessError, notFound } from '../../lib/errors.ts';
import type { IncomingFile } from '../../lib/incoming-file.ts';
import { storePrivateFile } from '../../lib/private-files.ts';
import { regionFilter } from '../../lib/region-filter.ts';
import { toAttachment } from './device-archives.mappers.ts';
import { createDeviceArchivesRepository } from './device-archives.repository.ts';

type Input = z.output<typeof archiveEntryInputSchema>;
type DueQuery = z.output<(typeof deviceArchivesApi.dueCalibrations)['query']>;

const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'];

const values = (input: Input) => ({
  deviceId: input.deviceId,
  kind: input.kind,
  date: input.date,
  performedBy: input.performedBy,
  description: input.description,
  nextDue: input.nextDue,
});

/** The devices' archive: entries within the caller's region limit, their files, the due lists. */
export function createDeviceArchivesService(app: FastifyInstance) {
  const repo = (ctx: Context) => createDeviceArchivesRepository(ctx.db);
  const filePath = (relative: string) => path.join(app.config.dataDir, 'files', relative);

  /** An entry the caller may see: one of a device outside their region limit does not exist for them. */
  async function load(ctx: Context, id: number): Promise<ArchiveEntry> {
    const found = await repo(ctx).get(id, ctx.locale);
    if (!found || !inRegionScope(await ctx.scope(), found.regionId)) throw notFound();
    return found.entry;
  }

  /** An archived device's record is closed: it is read, never written. */
  async function deviceInService(ctx: Context, deviceId: number) {
    const device = await repo(ctx).device(deviceId);
    if (!device || !inRegionScope(await ctx.scope(), device.regionId)) {
      throw businessError(400, 'deviceArchives.unknownDevice');
    }
    if (device.archivedAt) throw new AppError(409, 409, 'deviceArchives.deviceArchived');
  }

  /** The entry, for a write: it exists and its device is still in service. */
  async function writable(ctx: Context, id: number): Promise<ArchiveEntry> {
    const entry = await load(ctx, id);
    if (entry.deviceArchived) throw new AppError(409, 409, 'deviceArchives.deviceArchived');
    return entry;
  }

  /** The regions asked for (one and those below it) within the caller's region limit. */
  const regionsOf = async (ctx: Context, regionId: number | undefined) =>
    regionFilter(ctx.db, await ctx.scope(), regionId);

  /** Today and the last day of the window, in the utility's calendar. */
  const window = (withinDays: number) => utilityWindow(app.clock.now(), withinDays);

  return {
    async list(ctx: Context, q: z.output<typeof archiveListQuerySchema>) {
      const { total, list } = await repo(ctx).list({ ...q, regionIds: await regionsOf(ctx, q.regionId) }, ctx.locale);
      return { total, page: q.page, pageSize: q.pageSize, list };
    },

    async dueCalibrations(ctx: Context, q: DueQuery) {
      const { today, until } = window(q.withinDays);
      return repo(ctx).dueCalibrations(today, until, await regionsOf(ctx, q.regionId), ctx.locale);
    },

    async endingWarranties(ctx: Context, q: DueQuery) {
      const { today, until } = window(q.withinDays);
      return repo(ctx).endingWarranties(today, until, await regionsOf(ctx, q.regionId), ctx.locale);
    },

    async create(ctx: Context, input: Input) {
      await deviceInService(ctx, input.deviceId);
      const now = app.clock.now();
      const id = await repo(ctx).insert({
        ...values(input),
        createdBy: ctx.auth!.userId,
        createdAt: now,
        updatedAt: now,
      });
      const entry = await load(ctx, id);
      ctx.audit({ targetId: id, after: entry });
      return entry;
    },

    async update(ctx: Context, id: number, input: Input) {
      const before = await writable(ctx, id);
      if (input.deviceId !== before.deviceId) await deviceInService(ctx, input.deviceId);
      await repo(ctx).update(before.id, { ...values(input), updatedAt: app.clock.now() });
      const after = await load(ctx, before.id);
      ctx.audit({ targetId: before.id, before, after });
      return after;
    },

    /** The entry and its files: the rows go with the write, the files once it has committed. */
    async remove(ctx: Context, id: number) {
      const before = await writable(ctx, id);
      const files = await repo(ctx).attachmentsOf([before.id]);
      await repo(ctx).remove(before.id);
      ctx.afterCommit(async () => {
        for (const f of files) await unlink(filePath(f.filePath)).catch(() => {});
      });
      ctx.audit({ targetId: before.id, before });
      return null;
    },

    /** Stores the file only once the entry may take it; a failed insert takes the file away again. */
    async addAttachment(ctx: Context, id: number, file: IncomingFile) {
      const entry = await writable(ctx, id);
      if (entry.attachments.length >= ARCHIVE_ATTACHMENTS_MAX) {
        throw new AppError(409, 409, 'deviceArchives.tooManyAttachments', { max: ARCHIVE_ATTACHMENTS_MAX });
      }
      const row = await storePrivateFile(
        app,
        ctx,
        file,
        { folder: 'archives', maxBytes: ARCHIVE_ATTACHMENT_MAX_BYTES, types: ATTACHMENT_TYPES },
        (facts) => repo(ctx).insertAttachment({ entryId: entry.id, ...facts }),
      );
      const attachment = toAttachment(row);
      ctx.audit({ targetId: entry.id, after: { attachment } });
      return attachment;
    },

    async removeAttachment(ctx: Context, id: number, attachmentId: number) {
      const entry = await writable(ctx, id);
      const row = await repo(ctx).attachment(entry.id, attachmentId);
      if (!row) throw notFound();
      await repo(ctx).removeAttachment(row.id);
      ctx.afterCommit(() => unlink(filePath(row.filePath)).catch(() => {}));
      ctx.audit({ targetId: entry.id, before: { attachment: toAttachment(row) } });
      return null;
    },

    async downloadAttachment(ctx: RouteContext, id: number, attachmentId: number) {
      // The entry first: outside the caller's region limit its files do not exist either.
      await load(ctx, id);
      const row = await repo(ctx).attachment(id, attachmentId);
      // At most 10 MiB: read whole, sent with the shared private-download headers.
      const bytes = row ? await readFile(filePath(row.filePath)).catch(() => null) : null;
      if (!row || !bytes) throw notFound();
      return sendAttachment(ctx.reply, row.fileType, row.fileName, bytes);
    },
  };
}
