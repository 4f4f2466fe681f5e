import type { CameraShare, cameraShareInputSchema, PublicCamera } from '@water/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import type { Context } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { toShare } from './cameras.mappers.ts';
import { createCamerasRepository } from './cameras.repository.ts';
import { visibleCamera } from './cameras.service.ts';
import { readShare, signShare, videoKey } from './video/keys.ts';
import { type CameraRow, playOf } from './video/play.ts';

type ShareInput = z.output<typeof cameraShareInputSchema>;

const invalid = () => new AppError(403, 403, 'camera.linkInvalid');
const gone = (key: 'camera.linkExpired' | 'camera.linkRevoked' | 'camera.disabled') => new AppError(410, 410, key);

/**
 * Public links to one camera (issue 19): a signed token naming the link, the camera and the expiry
 * (video/keys.ts), and a row that lists, revokes and dates it. The token is answered once, when the
 * link is made, and kept nowhere: not in the row, not in the operation log.
 */
/**
 * How long a public viewer's play answer lasts at most, whatever the source (a URL that never expires
 * included): the page asks again with its link before then, so a revoked link ends the picture within
 * this time rather than at the end of a two-hour ticket or a half-hour EZVIZ address.
 */
export const PUBLIC_PLAY_SECONDS = 300;

export function createSharesService(app: FastifyInstance) {
  async function publicPlay(camera: CameraRow, linkEnds: Date, now: Date) {
    const until = new Date(Math.min(linkEnds.getTime(), now.getTime() + PUBLIC_PLAY_SECONDS * 1000));
    const play = await playOf(app, camera, { until });
    const ends = play.expiresAt === null ? until.getTime() : Math.min(Date.parse(play.expiresAt), until.getTime());
    return { ...play, expiresAt: new Date(ends).toISOString() };
  }

  const repo = (ctx: Context) => createCamerasRepository(ctx.db);

  async function nameOf(ctx: Context): Promise<string> {
    const [row] = await ctx.db
      .select({ displayName: users.displayName, username: users.username })
      .from(users)
      .where(eq(users.id, ctx.auth!.userId));
    return row?.displayName || row?.username || ctx.auth!.username;
  }

  return {
    async list(ctx: Context, cameraId: number): Promise<CameraShare[]> {
      await visibleCamera(ctx, cameraId);
      return (await repo(ctx).shares(cameraId)).map(toShare);
    },

    /** A new link lasting `minutes` from now (to the second, as the token says it). */
    async create(ctx: Context, cameraId: number, v: ShareInput) {
      const camera = await visibleCamera(ctx, cameraId);
      if (!camera.enabled) throw new AppError(409, 409, 'camera.disabled');
      const now = app.clock.now();
      const expiresSeconds = Math.floor((now.getTime() + v.minutes * 60_000) / 1000);
      const row = await repo(ctx).insertShare({
        cameraId,
        note: v.note,
        createdBy: ctx.auth!.userId,
        createdByName: await nameOf(ctx),
        createdAt: now,
        expiresAt: new Date(expiresSeconds * 1000),
        revokedAt: null,
      });
      const share = toShare(row);
      ctx.audit({ targetId: cameraId, after: share });
      const token = signShare(await videoKey(app.database), { shareId: row.id, cameraId, expiresAt: expiresSeconds });
      return { ...share, token };
    },

    /** Ends a link now (a link already ended stays as it was). */
    async revoke(ctx: Context, cameraId: number, shareId: number) {
      await visibleCamera(ctx, cameraId);
      const r = repo(ctx);
      const row = await r.share(shareId);
      if (!row || row.cameraId !== cameraId) throw notFound();
      const before = toShare(row);
      if (row.revokedAt === null) await r.revokeShare(shareId, app.clock.now());
      const after = toShare((await r.share(shareId))!);
      ctx.audit({ targetId: cameraId, before, after });
      return null;
    },

    /**
     * What a public link opens, for anyone holding it: refused 403 when this server did not sign it
     * (or it names another camera or expiry than its row), 410 when it expired, was revoked, or its
     * camera is gone or disabled. The play address lasts no longer than the link.
     */
    async view(ctx: Context, token: string): Promise<PublicCamera> {
      const claims = readShare(await videoKey(app.database), token);
      if (!claims) throw invalid();
      const r = repo(ctx);
      const share = await r.share(claims.shareId);
      const now = app.clock.now();
      if (claims.expiresAt * 1000 <= now.getTime()) throw gone('camera.linkExpired');
      // Its row went with its camera (a deleted camera's links are deleted).
      if (!share) throw gone('camera.disabled');
      if (share.cameraId !== claims.cameraId || share.expiresAt.getTime() !== claims.expiresAt * 1000) throw invalid();
      if (share.revokedAt !== null) throw gone('camera.linkRevoked');
      const listed = await r.one(share.cameraId);
      if (!listed?.camera.enabled) throw gone('camera.disabled');
      const c = listed.camera;
      return {
        name: c.name,
        code: c.code,
        placeName: listed.stationName ?? listed.siteName ?? listed.regionName ?? '',
        location: c.location,
        expiresAt: share.expiresAt.toISOString(),
        play: await publicPlay(c, share.expiresAt, now),
      };
    },
  };
}
