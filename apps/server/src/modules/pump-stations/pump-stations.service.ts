import { readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  PUMP_METRIC_ROLES,
  type PumpStationDetail,
  type SensorRole,
  STATION_PHOTO_MAX_BYTES,
  STATION_PHOTOS_MAX,
  type stationDeviceOptionsQuerySchema,
  type ValidationMessageKey,
} from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Context, RouteContext } from '../../lib/context.ts';
import { inRegionScope } from '../../lib/data-scope.ts';
import { sendAttachment } from '../../lib/downloads.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { IncomingFile } from '../../lib/incoming-file.ts';
import { storePrivateFile } from '../../lib/private-files.ts';
import { regionFilter } from '../../lib/region-filter.ts';
import { together } from '../../lib/together.ts';
import { RequestValidationError } from '../../lib/validation.ts';
import { modelOf, toStationPhoto } from './pump-stations.mappers.ts';
import {
  createPumpStationsRepository,
  type StationConfigValues,
  type StationFilter,
} from './pump-stations.repository.ts';

type Issue = RequestValidationError['issues'][number];

/**
 * Rain falls on a whole catchment: a rain gauge may serve several stations, so mapping it places it
 * at none. Every other sensor, and every pump controller, belongs to the station that maps it.
 */
const SHARED_ROLES: readonly SensorRole[] = ['rain'];

/** Site photos are images: the archives' photo types, without their PDFs. */
const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Pump-station configuration (issue 14, part 1): stations, their pumps and their sensors. */
export function createPumpStationsService(app: FastifyInstance) {
  const repo = (ctx: Context) => createPumpStationsRepository(ctx.db);
  const filePath = (relative: string) => path.join(app.config.dataDir, 'files', relative);

  /** A station the caller may see: outside their region limit it does not exist for them. */
  async function load(ctx: Context, id: number): Promise<PumpStationDetail> {
    const row = await repo(ctx).row(id);
    if (!row || !inRegionScope(await ctx.scope(), row.regionId)) throw notFound();
    return (await repo(ctx).detail(id, ctx.locale))!;
  }

  /**
   * The rules that need the database, each a 400 naming its field (the contract has checked the
   * rest): the region, department and person exist; each device exists, is in service and within the
   * caller's region limit; a controller or a station sensor is at no station or at this one; each
   * mapped metric is in the device type's thing model. Answers the devices the station takes.
   */
  async function check(ctx: Context, c: StationConfigValues, stationId: number | null): Promise<number[]> {
    const r = repo(ctx);
    const scope = await ctx.scope();
    // A region-limited operator configures stations only where they may see them.
    if (!inRegionScope(scope, c.regionId)) throw new AppError(403, 403, 'pumpStations.regionOutOfScope');
    const issues: Issue[] = [];
    const add = (path: (string | number)[], message: ValidationMessageKey) =>
      issues.push({ code: 'custom', path, message, input: undefined });
    const [regionOk, departmentOk, userOk, found] = await together(
      ctx.db,
      () => c.regionId === null || r.regionExists(c.regionId),
      () => c.responsibleDepartmentId === null || r.departmentExists(c.responsibleDepartmentId),
      () => c.responsibleUserId === null || r.userExists(c.responsibleUserId),
      () =>
        r.devicesOf([
          ...new Set([
            ...c.pumps.flatMap((p) => (p.controllerDeviceId === null ? [] : [p.controllerDeviceId])),
            ...c.sensors.map((s) => s.deviceId),
          ]),
        ]),
    );
    if (!regionOk) add(['regionId'], 'validation.unknownRegion');
    if (!departmentOk) add(['responsibleDepartmentId'], 'validation.unknownDepartment');
    if (!userOk) add(['responsibleUserId'], 'validation.unknownUser');

    const byId = new Map(found.map((d) => [d.id, d]));
    const owned = new Set<number>();
    /** One device reference at `path`, and the metrics mapped from it, each at its own path. */
    const device = (
      id: number,
      path: (string | number)[],
      owns: boolean,
      metrics: [(string | number)[], string | null][],
    ) => {
      const d = byId.get(id);
      if (!d || d.archivedAt !== null || !inRegionScope(scope, d.regionId)) {
        add(path, 'validation.unknownDevice');
        return;
      }
      if (owns) {
        if (d.stationId !== null && d.stationId !== stationId) add(path, 'validation.deviceOnOtherStation');
        else owned.add(d.id);
      }
      const model = modelOf(d.model);
      for (const [at, key] of metrics) {
        if (key !== null && !model.metrics.some((m) => m.key === key)) add(at, 'validation.unknownMetric');
      }
    };
    c.pumps.forEach((p, i) => {
      if (p.controllerDeviceId === null) return;
      device(
        p.controllerDeviceId,
        ['pumps', i, 'controllerDeviceId'],
        true,
        PUMP_METRIC_ROLES.map((role) => [['pumps', i, 'metrics', role], p.metrics[role]]),
      );
    });
    c.sensors.forEach((s, i) => {
      device(s.deviceId, ['sensors', i, 'deviceId'], !SHARED_ROLES.includes(s.role), [
        [['sensors', i, 'metric'], s.metric],
      ]);
    });
    if (issues.length) throw new RequestValidationError('body', issues);
    return [...owned];
  }

  /** Writes a checked configuration: the station, its pumps and sensors, and the devices it takes. */
  async function save(ctx: Context, id: number, c: StationConfigValues, owned: number[], now: Date) {
    const r = repo(ctx);
    await r.savePumps(id, c.pumps, now);
    await r.saveSensors(id, c.sensors);
    await r.placeDevices(id, c.regionId, owned, now);
  }

  return {
    async list(ctx: Context, q: Omit<StationFilter, 'regionIds'> & { regionId?: number | undefined }) {
      const regionIds = await regionFilter(ctx.db, await ctx.scope(), q.regionId);
      const { total, list } = await repo(ctx).page({ ...q, regionIds });
      return { total, page: q.page, pageSize: q.pageSize, list };
    },

    get: load,

    async deviceOptions(ctx: Context, q: z.output<typeof stationDeviceOptionsQuerySchema>) {
      const regionIds = await regionFilter(ctx.db, await ctx.scope(), undefined);
      return repo(ctx).deviceOptions({ ...q, regionIds }, ctx.locale);
    },

    async create(ctx: Context, c: StationConfigValues) {
      if (await repo(ctx).byCode(c.code)) throw new AppError(409, 409, 'pumpStations.codeTaken');
      const owned = await check(ctx, c, null);
      const now = app.clock.now();
      const id = await repo(ctx).insert(c, now);
      await save(ctx, id, c, owned, now);
      const after = await load(ctx, id);
      ctx.audit({ targetId: id, after });
      ctx.afterCommit(() => app.alarmEngine.refreshDevices());
      return after;
    },

    async update(ctx: Context, id: number, c: StationConfigValues) {
      const before = await load(ctx, id);
      const other = await repo(ctx).byCode(c.code);
      if (other && other.id !== before.id) throw new AppError(409, 409, 'pumpStations.codeTaken');
      const owned = await check(ctx, c, before.id);
      const now = app.clock.now();
      await repo(ctx).update(before.id, c, now);
      await save(ctx, before.id, c, owned, now);
      const after = await load(ctx, before.id);
      ctx.audit({ targetId: before.id, before, after });
      // Set-points (thresholds of alarm rules) and pumps under maintenance (judged by none) are the engine's now.
      ctx.afterCommit(() => app.alarmEngine.refreshDevices());
      return after;
    },

    /**
     * Its pumps, sensors and photos go with it (the photos' files once the write has committed); its
     * devices do not: while any is placed at it the removal is refused, so that no device is left
     * pointing at a station that is gone, or silently unplaced.
     */
    async remove(ctx: Context, id: number) {
      const before = await load(ctx, id);
      const n = await repo(ctx).deviceCount(before.id);
      if (n > 0) throw new AppError(409, 409, 'pumpStations.hasDevices', { n }, { devices: n });
      const files = await repo(ctx).photosOf(before.id);
      await repo(ctx).remove(before.id);
      ctx.afterCommit(async () => {
        for (const f of files) await unlink(filePath(f.photo.filePath)).catch(() => {});
      });
      ctx.audit({ targetId: before.id, before });
      return null;
    },

    /** Stores the file only once the station may take it; a failed insert takes the file away again. */
    async addPhoto(ctx: Context, id: number, file: IncomingFile) {
      const station = await load(ctx, id);
      if (station.photos.length >= STATION_PHOTOS_MAX) {
        throw new AppError(409, 409, 'pumpStations.tooManyPhotos', { max: STATION_PHOTOS_MAX });
      }
      const row = await storePrivateFile(
        app,
        ctx,
        file,
        { folder: 'stations', maxBytes: STATION_PHOTO_MAX_BYTES, types: PHOTO_TYPES },
        (facts) => repo(ctx).insertPhoto({ stationId: station.id, ...facts }),
      );
      const photo = toStationPhoto(row);
      ctx.audit({ targetId: station.id, after: { photo } });
      return photo;
    },

    async removePhoto(ctx: Context, id: number, photoId: number) {
      const station = await load(ctx, id);
      const [row] = await repo(ctx).photosOf(station.id, photoId);
      if (!row) throw notFound();
      await repo(ctx).removePhoto(row.photo.id);
      ctx.afterCommit(() => unlink(filePath(row.photo.filePath)).catch(() => {}));
      ctx.audit({ targetId: station.id, before: { photo: toStationPhoto(row) } });
      return null;
    },

    async downloadPhoto(ctx: RouteContext, id: number, photoId: number) {
      // The station first: outside the caller's region limit its photos do not exist either.
      const row = await repo(ctx).row(id);
      if (!row || !inRegionScope(await ctx.scope(), row.regionId)) throw notFound();
      const [found] = await repo(ctx).photosOf(id, photoId);
      // At most 10 MiB: read whole, sent with the shared private-download headers.
      const bytes = found ? await readFile(filePath(found.photo.filePath)).catch(() => null) : null;
      if (!found || !bytes) throw notFound();
      return sendAttachment(ctx.reply, found.photo.fileType, found.photo.fileName, bytes);
    },
  };
}
