import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cameras } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { DEMO_CODE_PATTERN, demoFile, demoPlaylist } from './demo-stream.ts';
import { checkTicket, videoKey } from './video/keys.ts';
import { MEDIA_PREFIX } from './video/play.ts';
import { PROBE_TICKET_CAMERA } from './video/probe.ts';
import { RTSP_SEGMENT } from './video/rtsp.ts';

/** The ticket's camera id (`id.expiry.mac`), or null if it has not that shape. */
const ticketCamera = (ticket: string) => {
  const m = /^(\d{1,10})\./.exec(ticket);
  return m ? Number(m[1]) : null;
};

type MediaRequest = FastifyRequest<{
  Params: { code?: string; id?: string; file?: string };
  Querystring: { t?: string };
}>;

/** Playlists change every segment; segments and init files never do (a name is one content). */
const NO_CACHE = 'no-cache';
const IMMUTABLE = 'private, max-age=31536000, immutable';

/**
 * This server's own streams (issue 19), under `/api/media/`: not contract endpoints (a player fetches
 * them, not the console's request layer), so no envelope and no session. Each fetch carries the
 * ticket `t=` of the play answer that named it, signed for one camera and until a time; the
 * playlist hands the same ticket to its segments. A 16-tile wall fetches ~8 files a second: these
 * routes are outside the API's per-IP limit.
 */
export async function mediaRoutes(app: FastifyInstance) {
  const config = { access: 'public' as const, rateLimit: false as const };
  const schema = { hide: true };
  const nowSeconds = () => Math.floor(app.clock.now().getTime() / 1000);

  /**
   * A demo path's ticket: signed for the camera whose URL is this demo clip (enabled), or this
   * server's own probe ticket (probe.ts, never handed out).
   */
  async function demoAllowed(req: MediaRequest, code: string): Promise<void> {
    const ticket = req.query.t ?? '';
    const cameraId = ticketCamera(ticket);
    if (cameraId === null) throw forbidden();
    if (!checkTicket(await videoKey(app.database), ticket, cameraId, nowSeconds())) throw forbidden();
    if (cameraId === PROBE_TICKET_CAMERA) return;
    const [camera] = await app.db
      .select({ url: cameras.url, enabled: cameras.enabled })
      .from(cameras)
      .where(eq(cameras.id, cameraId));
    if (!camera?.enabled || !camera.url.startsWith(`${MEDIA_PREFIX}demo/${code}/`)) throw forbidden();
  }

  const query = (req: MediaRequest) => `t=${encodeURIComponent(req.query.t ?? '')}`;

  app.get<{ Params: { code: string }; Querystring: { t?: string } }>(
    `${MEDIA_PREFIX}demo/:code/index.m3u8`,
    { config, schema },
    async (req, reply) => {
      if (!DEMO_CODE_PATTERN.test(req.params.code)) throw notFound();
      await demoAllowed(req, req.params.code);
      if (!(await demoFile(req.params.code, 'init.mp4'))) throw notFound();
      return reply
        .header('cache-control', NO_CACHE)
        .type('application/vnd.apple.mpegurl')
        .send(demoPlaylist(app.clock.now().getTime(), query(req)));
    },
  );

  app.get<{ Params: { code: string; file: string }; Querystring: { t?: string } }>(
    `${MEDIA_PREFIX}demo/:code/:file`,
    { config, schema },
    async (req, reply) => {
      await demoAllowed(req, req.params.code);
      const file = await demoFile(req.params.code, req.params.file);
      if (!file) throw notFound();
      return reply.header('cache-control', IMMUTABLE).type(file.type).send(file.body);
    },
  );

  /** An RTSP conversion's ticket: signed for this camera, which is enabled and an RTSP source. */
  async function rtspCamera(req: MediaRequest) {
    const cameraId = Number(req.params.id);
    if (!Number.isSafeInteger(cameraId) || cameraId <= 0) throw notFound();
    if (!checkTicket(await videoKey(app.database), req.query.t ?? '', cameraId, nowSeconds())) throw forbidden();
    const [camera] = await app.db.select().from(cameras).where(eq(cameras.id, cameraId));
    if (!camera?.enabled || camera.sourceKind !== 'rtsp') throw forbidden();
    return camera;
  }

  app.get<{ Params: { id: string }; Querystring: { t?: string } }>(
    `${MEDIA_PREFIX}rtsp/:id/index.m3u8`,
    { config, schema },
    async (req: MediaRequest, reply: FastifyReply) => {
      const camera = await rtspCamera(req);
      // A viewer with a good ticket whose conversion is gone (this server restarted): start it again.
      await app.rtspConversions.start(camera);
      const text = await app.rtspConversions.playlist(camera.id, query(req));
      if (text === null) throw new AppError(503, 503, 'camera.sourceUnavailable', { detail: 'RTSP' });
      return reply.header('cache-control', NO_CACHE).type('application/vnd.apple.mpegurl').send(text);
    },
  );

  app.get<{ Params: { id: string; file: string }; Querystring: { t?: string } }>(
    `${MEDIA_PREFIX}rtsp/:id/:file`,
    { config, schema },
    async (req: MediaRequest, reply: FastifyReply) => {
      const camera = await rtspCamera(req);
      if (!RTSP_SEGMENT.test(req.params.file ?? '')) throw notFound();
      const body = await app.rtspConversions.segment(camera.id, req.params.file ?? '');
      if (!body) throw notFound();
      // Names come round again when a conversion restarts: kept briefly only.
      return reply.header('cache-control', 'private, max-age=30').type('video/mp2t').send(body);
    },
  );
}
