import type {
  Camera,
  CameraSourceKind,
  CameraTreeNode,
  cameraInputSchema,
  cameraListQuerySchema,
  ValidationMessageKey,
} from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { t } from '../../i18n/messages.ts';
import type { Context } from '../../lib/context.ts';
import { inRegionScope } from '../../lib/data-scope.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { regionFilter } from '../../lib/region-filter.ts';
import { together } from '../../lib/together.ts';
import { RequestValidationError } from '../../lib/validation.ts';
import { toCamera } from './cameras.mappers.ts';
import { type CameraRow, type CameraValues, createCamerasRepository } from './cameras.repository.ts';
import { PROBED_ON_SAVE, probeSource } from './video/probe.ts';

type Issue = RequestValidationError['issues'][number];
type CameraInput = z.output<typeof cameraInputSchema>;

export const issue = (
  path: (string | number)[],
  message: ValidationMessageKey,
  params?: Record<string, string | number>,
): Issue => ({ code: 'custom', path, message, input: undefined, ...(params ? { params } : {}) }) as Issue;

/** The device type a camera's registry asset has. */
export const CAMERA_DEVICE_TYPE = 'camera';

/** The platform kind each platform-reached source needs. */
const PLATFORM_OF_SOURCE: Partial<Record<CameraSourceKind, string>> = { ezviz: 'ezviz', gb28181: 'wvp' };

const URL_KINDS: readonly CameraSourceKind[] = ['hls', 'http_flv', 'ws_flv', 'whep', 'rtsp'];

/** The fields that say how a stream is reached: a change to any of them means checking the source again. */
const SOURCE_FIELDS = [
  'sourceKind',
  'url',
  'platformId',
  'serial',
  'channel',
  'gbDeviceId',
  'gbChannelId',
  'username',
] as const;

/** A camera the caller may see: outside their region limit it does not exist for them. */
export async function visibleCamera(ctx: Context, id: number): Promise<CameraRow> {
  const row = await createCamerasRepository(ctx.db).row(id);
  if (!row || !inRegionScope(await ctx.scope(), row.regionId)) throw notFound();
  return row;
}

/**
 * A write-only secret as stored after a write: absent keeps the stored one, '' clears it, text
 * replaces it; a source kind that does not use it stores none.
 */
const secret = (input: string | undefined, stored: string, used: boolean) => (used ? (input ?? stored) : '');

/**
 * The camera registry (issue 19): cameras within the caller's region limit, each a station's, a
 * water-quality site's or a region's, reached through a URL, an EZVIZ account or a wvp server.
 * Credentials are written, never answered; an HLS or FLV source is checked before it is saved.
 */
export function createCamerasService(app: FastifyInstance) {
  const repo = (ctx: Context) => createCamerasRepository(ctx.db);

  async function camera(ctx: Context, id: number): Promise<Camera> {
    return toCamera((await repo(ctx).one(id))!, ctx.locale);
  }

  /**
   * What the contract cannot check, each a 400 naming its field: the station, site or region exists
   * within the caller's region limit; the device is a camera in service, within the limit, linked to
   * no other camera; the platform exists and is of the source's kind. Answers the region the camera
   * is in (its station's or site's when it has one).
   */
  async function check(ctx: Context, v: CameraInput, cameraId: number | null): Promise<number | null> {
    const r = repo(ctx);
    const scope = await ctx.scope();
    const issues: Issue[] = [];
    const platformKind = PLATFORM_OF_SOURCE[v.sourceKind];
    const [station, site, regionOk, device, platform] = await together(
      ctx.db,
      () => (v.stationId === null ? null : r.station(v.stationId)),
      () => (v.siteId === null ? null : r.site(v.siteId)),
      () => (v.stationId === null && v.siteId === null && v.regionId !== null ? r.regionExists(v.regionId) : true),
      () => (v.deviceId === null ? null : r.device(v.deviceId)),
      () => (platformKind && v.platformId !== null ? r.platform(v.platformId) : null),
    );
    let regionId = v.regionId;
    if (v.stationId !== null) {
      if (!station || !inRegionScope(scope, station.regionId))
        issues.push(issue(['stationId'], 'validation.unknownStation'));
      else regionId = station.regionId;
    } else if (v.siteId !== null) {
      if (!site || !inRegionScope(scope, site.regionId)) issues.push(issue(['siteId'], 'validation.wqUnknownSite'));
      else regionId = site.regionId;
    } else if (!regionOk || !inRegionScope(scope, v.regionId)) {
      issues.push(issue(['regionId'], 'validation.unknownRegion'));
    }
    if (
      v.deviceId !== null &&
      (!device ||
        device.typeCode !== CAMERA_DEVICE_TYPE ||
        device.archivedAt !== null ||
        !inRegionScope(scope, device.regionId) ||
        (device.cameraId !== null && device.cameraId !== cameraId))
    )
      issues.push(issue(['deviceId'], 'validation.unknownDevice'));
    if (platformKind && v.platformId !== null && platform?.kind !== platformKind)
      issues.push(issue(['platformId'], 'validation.unknownPlatform'));
    if (issues.length) throw new RequestValidationError('body', issues);
    return regionId;
  }

  /** The row a write stores: the fields the source kind does not use are stored empty. */
  function values(v: CameraInput, regionId: number | null, stored: CameraRow | undefined, now: Date): CameraValues {
    const kind = v.sourceKind;
    const usesUrl = URL_KINDS.includes(kind);
    const ezviz = kind === 'ezviz';
    const gb = kind === 'gb28181';
    const rtsp = kind === 'rtsp';
    return {
      code: v.code,
      name: v.name,
      vendor: v.vendor,
      stationId: v.stationId,
      siteId: v.stationId === null ? v.siteId : null,
      regionId,
      location: v.location,
      longitude: v.longitude,
      latitude: v.latitude,
      ptz: v.ptz,
      deviceId: v.deviceId,
      sourceKind: kind,
      url: usesUrl ? v.url : '',
      platformId: ezviz || gb ? v.platformId : null,
      serial: ezviz ? v.serial : '',
      channel: ezviz ? v.channel : 1,
      gbDeviceId: gb ? v.gbDeviceId : '',
      gbChannelId: gb ? v.gbChannelId : '',
      username: rtsp ? v.username : '',
      password: secret(v.password, stored?.password ?? '', rtsp),
      verifyCode: secret(v.verifyCode, stored?.verifyCode ?? '', ezviz),
      remark: v.remark,
      enabled: v.enabled,
      updatedAt: now,
    };
  }

  /**
   * A source whose reach changed: an HLS or FLV one is checked now (a wrong URL is refused, naming
   * `url` and why), and is online once it answers; any other is unknown until the periodic check.
   */
  async function sourceState(ctx: Context, next: CameraValues, now: Date) {
    const kind = next.sourceKind as CameraSourceKind;
    if (!PROBED_ON_SAVE.includes(kind)) return { status: 'unknown', statusDetail: null, statusCheckedAt: null };
    const result = await probeSource(app, {
      sourceKind: kind,
      url: next.url ?? '',
      platformId: next.platformId ?? null,
      serial: next.serial ?? '',
      channel: next.channel ?? 1,
      gbDeviceId: next.gbDeviceId ?? '',
      gbChannelId: next.gbChannelId ?? '',
      username: next.username ?? '',
      password: next.password ?? '',
    });
    if (!result.ok) {
      const detail = t(ctx.locale, result.detail.key, result.detail.params ?? {});
      throw new RequestValidationError('body', [issue(['url'], 'validation.cameraUnreachable', { detail })]);
    }
    return { status: 'online', statusDetail: null, statusCheckedAt: now };
  }

  const sourceChanged = (before: CameraRow, next: CameraValues) =>
    SOURCE_FIELDS.some((k) => (before[k] ?? null) !== (next[k] ?? null)) || before.password !== next.password;

  return {
    async list(ctx: Context, q: z.output<typeof cameraListQuerySchema>) {
      const regionIds = await regionFilter(ctx.db, await ctx.scope(), q.regionId);
      const { total, rows } = await repo(ctx).page({
        ...q,
        regionIds,
        enabled: q.enabled === undefined ? undefined : q.enabled === 'true',
      });
      return { total, page: q.page, pageSize: q.pageSize, list: rows.map((r) => toCamera(r, ctx.locale)) };
    },

    /**
     * The live view's tree: enabled cameras within the caller's region limit under their station,
     * then their water-quality site, then (neither) their region; nodes by name, cameras by code.
     */
    async tree(ctx: Context): Promise<CameraTreeNode[]> {
      const regionIds = await regionFilter(ctx.db, await ctx.scope(), undefined);
      const rows = await repo(ctx).all({ regionIds, enabled: true });
      const nodes = new Map<string, CameraTreeNode>();
      for (const r of rows) {
        const c = r.camera;
        const [kind, id, name] =
          c.stationId !== null
            ? (['station', c.stationId, r.stationName ?? ''] as const)
            : c.siteId !== null
              ? (['site', c.siteId, r.siteName ?? ''] as const)
              : (['region', c.regionId, r.regionName ?? ''] as const);
        const key = `${kind}:${id ?? 'none'}`;
        let node = nodes.get(key);
        if (!node) {
          node = { key, kind, id, name, cameras: [] };
          nodes.set(key, node);
        }
        node.cameras.push({
          id: c.id,
          code: c.code,
          name: c.name,
          location: c.location,
          status: toCamera(r, ctx.locale).status,
          ptz: c.ptz,
          sourceKind: c.sourceKind as CameraSourceKind,
        });
      }
      const order = { station: 0, site: 1, region: 2 } as const;
      return [...nodes.values()].sort(
        (a, b) => order[a.kind] - order[b.kind] || a.name.localeCompare(b.name, 'zh-CN') || a.key.localeCompare(b.key),
      );
    },

    async get(ctx: Context, id: number) {
      await visibleCamera(ctx, id);
      return camera(ctx, id);
    },

    async create(ctx: Context, v: CameraInput) {
      const r = repo(ctx);
      if (await r.byCode(v.code)) throw new AppError(409, 409, 'camera.codeTaken');
      const regionId = await check(ctx, v, null);
      const now = app.clock.now();
      const next = values(v, regionId, undefined, now);
      const state = await sourceState(ctx, next, now);
      const id = await r.insert({ ...next, ...state }, now);
      const after = await camera(ctx, id);
      ctx.audit({ targetId: id, after });
      return after;
    },

    async update(ctx: Context, id: number, v: CameraInput) {
      const stored = await visibleCamera(ctx, id);
      const r = repo(ctx);
      const other = await r.byCode(v.code);
      if (other && other.id !== id) throw new AppError(409, 409, 'camera.codeTaken');
      const regionId = await check(ctx, v, id);
      const now = app.clock.now();
      const next = values(v, regionId, stored, now);
      const state = sourceChanged(stored, next) ? await sourceState(ctx, next, now) : {};
      const before = await camera(ctx, id);
      await r.update(id, { ...next, ...state });
      const after = await camera(ctx, id);
      ctx.audit({ targetId: id, before, after });
      return after;
    },

    /** A disabled camera is not played, checked or shared, and its links stop opening it. */
    async setEnabled(ctx: Context, id: number, enabled: boolean) {
      await visibleCamera(ctx, id);
      const before = await camera(ctx, id);
      await repo(ctx).update(id, { enabled, updatedAt: app.clock.now() });
      const after = await camera(ctx, id);
      ctx.audit({ targetId: id, before, after });
      return after;
    },

    /** Deletes the camera and its links, and empties its tiles in every user's saved layouts. */
    async remove(ctx: Context, id: number) {
      await visibleCamera(ctx, id);
      const r = repo(ctx);
      const before = await camera(ctx, id);
      for (const layout of await r.layoutsShowing(id)) {
        await r.setTiles(
          layout.id,
          layout.tiles.map((tile) => (tile === id ? null : tile)),
        );
      }
      await r.deleteShares(id);
      await r.delete(id);
      ctx.audit({ targetId: id, before });
      return null;
    },
  };
}
