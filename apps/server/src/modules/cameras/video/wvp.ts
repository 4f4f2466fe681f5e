import { createHash } from 'node:crypto';
import type { PtzCommand } from '@water/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../db/client.ts';
import { videoPlatforms } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/errors.ts';
import { type PlatformRow, platformOf, platformTimeoutMs, refused, unreachable } from './platform-call.ts';
import { type CameraRow, sourceResolvers } from './play.ts';
import { platformProbes } from './probe.ts';

/**
 * GB28181 cameras through a wvp-GB28181-pro server (issue 19), whose ZLMediaKit delivers the streams.
 * The server signs in (`GET /api/user/login`, the password as its MD5 hex) and sends the JWT it gets
 * in the `access-token` header; the token is kept in video_platforms and the sign-in repeated when wvp
 * answers 401. Playing asks wvp to invite the channel (`/api/play/start/{device}/{channel}`) and hands
 * the browser ZLMediaKit's HTTP-FLV address (HLS if there is none); PTZ is `/api/front-end/ptz/…`.
 */

const HEADER = 'access-token';

interface WvpAnswer {
  code?: number;
  msg?: string;
  data?: unknown;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

async function login(app: FastifyInstance, db: Queryable, platform: PlatformRow): Promise<string> {
  const url = new URL('/api/user/login', platform.apiUrl);
  url.searchParams.set('username', platform.username);
  url.searchParams.set('password', md5(platform.password));
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(platformTimeoutMs(app)) });
  } catch (error) {
    throw unreachable(error);
  }
  const answer = (await response.json().catch(() => ({}))) as WvpAnswer;
  const data = (answer.data ?? {}) as { accessToken?: unknown };
  const token = response.headers.get(HEADER) || (typeof data.accessToken === 'string' ? data.accessToken : '');
  if (!response.ok || answer.code !== 0 || !token) throw refused(answer.msg ?? `HTTP ${response.status}`);
  await db.update(videoPlatforms).set({ accessToken: token }).where(eq(videoPlatforms.id, platform.id));
  platform.accessToken = token;
  return token;
}

/** A GET of wvp's API with the session token; signed in first, and again once when wvp answers 401. */
export async function wvpGet(
  app: FastifyInstance,
  db: Queryable,
  platform: PlatformRow,
  path: string,
  query: Record<string, string | number> = {},
) {
  for (let attempt = 0; ; attempt++) {
    const token = platform.accessToken && attempt === 0 ? platform.accessToken : await login(app, db, platform);
    const url = new URL(path, platform.apiUrl);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { [HEADER]: token },
        signal: AbortSignal.timeout(platformTimeoutMs(app)),
      });
    } catch (error) {
      throw unreachable(error);
    }
    const answer = (await response.json().catch(() => ({}))) as WvpAnswer;
    if ((response.status === 401 || answer.code === 401) && attempt === 0) continue;
    if (!response.ok) throw refused(answer.msg ?? `HTTP ${response.status}`);
    // PTZ answers an empty body (void) on success.
    if (answer.code !== undefined && answer.code !== 0) throw refused(answer.msg ?? `code ${answer.code}`);
    return answer.data;
  }
}

const channelPath = (prefix: string, camera: Pick<CameraRow, 'gbDeviceId' | 'gbChannelId'>) =>
  `${prefix}/${encodeURIComponent(camera.gbDeviceId)}/${encodeURIComponent(camera.gbChannelId)}`;

sourceResolvers.set('gb28181', async (app, camera) => {
  const platform = await platformOf(app.db, camera.platformId, 'wvp');
  const data = ((await wvpGet(app, app.db, platform, channelPath('/api/play/start', camera))) ?? {}) as Record<
    string,
    unknown
  >;
  const pick = (...keys: string[]) =>
    keys.map((k) => data[k]).find((v): v is string => typeof v === 'string' && URL.canParse(v));
  const flv = pick('flv', 'https_flv', 'ws_flv', 'wss_flv');
  const url = flv ?? pick('hls', 'https_hls');
  if (!url) throw refused('no stream address');
  return {
    url,
    baseURL: new URL(url).origin,
    expiresAt: null,
    ...(flv ? {} : { player: 'hls' as const, expectedLatency: 6 }),
  };
});

/** wvp's PTZ commands. */
const COMMAND: Record<PtzCommand, string> = {
  up: 'up',
  down: 'down',
  left: 'left',
  right: 'right',
  up_left: 'upleft',
  up_right: 'upright',
  down_left: 'downleft',
  down_right: 'downright',
  zoom_in: 'zoomin',
  zoom_out: 'zoomout',
  stop: 'stop',
};
/** Speed 1–3 as wvp's pan/tilt (0–255) and zoom (0–15) speeds. */
const PAN_SPEED = [0, 60, 130, 255];
const ZOOM_SPEED = [0, 4, 8, 15];

export async function wvpPtz(
  app: FastifyInstance,
  db: Queryable,
  camera: CameraRow,
  command: PtzCommand,
  speed: number,
) {
  const platform = await platformOf(db, camera.platformId, 'wvp');
  const pan = PAN_SPEED[speed] ?? 130;
  await wvpGet(app, db, platform, channelPath('/api/front-end/ptz', camera), {
    command: COMMAND[command],
    horizonSpeed: pan,
    verticalSpeed: pan,
    zoomSpeed: ZOOM_SPEED[speed] ?? 8,
  });
}

platformProbes.set('gb28181', async (app, source) => {
  try {
    const platform = await platformOf(app.db, source.platformId, 'wvp');
    const device = ((await wvpGet(
      app,
      app.db,
      platform,
      `/api/device/query/devices/${encodeURIComponent(source.gbDeviceId)}`,
    )) ?? {}) as { onLine?: unknown };
    return device.onLine === true
      ? { ok: true, key: 'camera.probe.ok' }
      : { ok: false, key: 'camera.probe.unreachable', params: { host: `GB28181 ${source.gbDeviceId}` } };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, key: error.messageKey, params: error.params };
    throw error;
  }
});
