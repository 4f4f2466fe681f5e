import { type CameraPlay, PLAYER_OF_SOURCE, PTZ_SOURCE_KINDS } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { cameras } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/errors.ts';
import { signTicket, videoKey } from './keys.ts';

export type CameraRow = typeof cameras.$inferSelect;

/** Seconds of latency each player's streams usually have, until the tile measures its own. */
const EXPECTED_LATENCY = { hls: 6, flv: 1, whep: 0.5 } as const;

/** A path on this server whose stream needs a ticket (the demo clips, RTSP conversions). */
export const MEDIA_PREFIX = '/api/media/';

export interface PlayOptions {
  /** The address must not outlive this (a public link's expiry); else VIDEO_TICKET_MINUTES from now. */
  until?: Date;
}

/** A same-origin media path with a ticket in it, and when the ticket ends. */
export async function ticketed(app: FastifyInstance, cameraId: number, path: string, options: PlayOptions = {}) {
  const now = app.clock.now().getTime();
  const cap = now + app.config.VIDEO_TICKET_MINUTES * 60_000;
  const until = Math.min(cap, options.until?.getTime() ?? cap);
  const seconds = Math.floor(until / 1000);
  const ticket = signTicket(await videoKey(app.database), cameraId, seconds);
  return {
    url: `${path}${path.includes('?') ? '&' : '?'}t=${ticket}`,
    expiresAt: new Date(seconds * 1000).toISOString(),
  };
}

/**
 * How a browser plays a camera now (issue 19). URL sources are handed over as stored, with `baseURL`
 * naming the third-party host; this server's own streams (the demo clips, RTSP conversions) get a
 * ticket; EZVIZ and GB28181 ask their platform for a short-lived address. Throws a 503 AppError when
 * the source cannot give one.
 */
export async function playOf(app: FastifyInstance, camera: CameraRow, options: PlayOptions = {}): Promise<CameraPlay> {
  const player = PLAYER_OF_SOURCE[camera.sourceKind as keyof typeof PLAYER_OF_SOURCE];
  const base = {
    cameraId: camera.id,
    player,
    expectedLatency: EXPECTED_LATENCY[player],
    ptz: camera.ptz && PTZ_SOURCE_KINDS.includes(camera.sourceKind as never),
  };
  switch (camera.sourceKind) {
    case 'hls':
    case 'http_flv':
    case 'ws_flv':
    case 'whep': {
      if (camera.url.startsWith(MEDIA_PREFIX)) {
        return { ...base, baseURL: null, ...(await ticketed(app, camera.id, camera.url, options)) };
      }
      return { ...base, url: camera.url, baseURL: new URL(camera.url).origin, expiresAt: null };
    }
    default: {
      const resolve = sourceResolvers.get(camera.sourceKind);
      if (!resolve) throw new AppError(503, 503, 'camera.sourceUnavailable', { detail: camera.sourceKind });
      return { ...base, ...(await resolve(app, camera, options)) };
    }
  }
}

/** What a platform source (EZVIZ, RTSP, GB28181) adds to a play answer. */
export type SourceResolver = (
  app: FastifyInstance,
  camera: CameraRow,
  options: PlayOptions,
) => Promise<
  Pick<CameraPlay, 'url' | 'baseURL' | 'expiresAt'> & Partial<Pick<CameraPlay, 'player' | 'expectedLatency'>>
>;

/** Resolvers of the platform sources, registered by their modules (video/ezviz.ts, video/rtsp.ts, video/wvp.ts). */
export const sourceResolvers = new Map<string, SourceResolver>();
