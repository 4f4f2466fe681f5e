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
 * The EZVIZ (萤石) open platform (issue 19), https://open.ys7.com: the server holds the app's key and
 * secret, fetches an access token (`/api/lapp/token/get`, good for 7 days) and keeps it in
 * video_platforms with its expiry, shared by every API server on the database. It is fetched again an
 * hour before it expires, or at once when the platform says it is no longer good (code 10002). The
 * browser only ever gets a short-lived HLS address (`/api/lapp/v2/live/address/get`) on the
 * platform's video host, never the token or the secret.
 */

/** A token this close to its expiry is fetched again. */
const REFRESH_BEFORE_MS = 60 * 60_000;
/** The platform's code for an access token expired or unknown. */
const TOKEN_INVALID = '10002';
/** Seconds a live address lasts (the platform allows 300 to 720 days; the tile asks again when it ends). */
const ADDRESS_SECONDS = 1800;
const ADDRESS_MIN_SECONDS = 300;

interface EzvizAnswer {
  code?: string | number;
  msg?: string;
  data?: Record<string, unknown> | null;
}

/** Tokens being fetched, per platform: concurrent plays wait for one fetch. */
const fetching = new Map<number, Promise<string>>();

async function post(app: FastifyInstance, platform: PlatformRow, path: string, form: Record<string, string | number>) {
  let response: Response;
  try {
    response = await fetch(new URL(path, platform.apiUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(Object.entries(form).map(([k, v]): [string, string] => [k, String(v)])).toString(),
      signal: AbortSignal.timeout(platformTimeoutMs(app)),
    });
  } catch (error) {
    throw unreachable(error);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw refused(`HTTP ${response.status}`);
  }
  return (await response.json().catch(() => ({}))) as EzvizAnswer;
}

/** The platform's access token: the stored one while it has more than an hour left, else a new one. */
export async function ezvizToken(
  app: FastifyInstance,
  db: Queryable,
  platform: PlatformRow,
  force = false,
): Promise<string> {
  const now = app.clock.now().getTime();
  if (
    !force &&
    platform.accessToken &&
    platform.tokenExpiresAt &&
    platform.tokenExpiresAt.getTime() - now > REFRESH_BEFORE_MS
  )
    return platform.accessToken;
  let pending = fetching.get(platform.id);
  if (!pending) {
    pending = fetchToken(app, db, platform).finally(() => fetching.delete(platform.id));
    fetching.set(platform.id, pending);
  }
  return pending;
}

async function fetchToken(app: FastifyInstance, db: Queryable, platform: PlatformRow): Promise<string> {
  const answer = await post(app, platform, '/api/lapp/token/get', {
    appKey: platform.appKey,
    appSecret: platform.appSecret,
  });
  const token = answer.data?.accessToken;
  const expireTime = Number(answer.data?.expireTime);
  if (String(answer.code) !== '200' || typeof token !== 'string' || !Number.isFinite(expireTime))
    throw refused(answer.msg ?? `code ${answer.code}`);
  await db
    .update(videoPlatforms)
    .set({ accessToken: token, tokenExpiresAt: new Date(expireTime) })
    .where(eq(videoPlatforms.id, platform.id));
  platform.accessToken = token;
  platform.tokenExpiresAt = new Date(expireTime);
  app.log.info({ platformId: platform.id, expiresAt: platform.tokenExpiresAt }, 'camera: EZVIZ access token fetched');
  return token;
}

/** One call of the platform's API with the access token; a token the platform refuses is fetched again once. */
export async function ezvizCall(
  app: FastifyInstance,
  db: Queryable,
  platform: PlatformRow,
  path: string,
  form: Record<string, string | number>,
): Promise<Record<string, unknown>> {
  for (let attempt = 0; ; attempt++) {
    const accessToken = await ezvizToken(app, db, platform, attempt > 0);
    const answer = await post(app, platform, path, { accessToken, ...form });
    const code = String(answer.code);
    if (code === TOKEN_INVALID && attempt === 0) continue;
    if (code !== '200') throw refused(answer.msg ?? `code ${code}`);
    return answer.data ?? {};
  }
}

/** When an address ends: the platform says "2026-06-01 18:00:00" (Beijing) or milliseconds. */
function expiryOf(value: unknown, fallback: number): Date {
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value))
    return new Date(`${value.replace(' ', 'T')}+08:00`);
  if (typeof value === 'string' && /^\d{10,13}$/.test(value)) return new Date(Number(value));
  return new Date(fallback);
}

sourceResolvers.set('ezviz', async (app, camera, options) => {
  const platform = await platformOf(app.db, camera.platformId, 'ezviz');
  const now = app.clock.now().getTime();
  const until = options.until ? Math.floor((options.until.getTime() - now) / 1000) : ADDRESS_SECONDS;
  const seconds = Math.max(ADDRESS_MIN_SECONDS, Math.min(ADDRESS_SECONDS, until));
  const data = await ezvizCall(app, app.db, platform, '/api/lapp/v2/live/address/get', {
    deviceSerial: camera.serial,
    channelNo: camera.channel,
    // 2: HLS. Quality 1: the main stream (HD); the platform answers the sub-stream where there is none.
    protocol: 2,
    quality: 1,
    expireTime: seconds,
    ...(camera.verifyCode ? { code: camera.verifyCode } : {}),
  });
  const url = data.url;
  if (typeof url !== 'string' || !URL.canParse(url)) throw refused('no url');
  return {
    url,
    baseURL: new URL(url).origin,
    expiresAt: expiryOf(data.expireTime, now + seconds * 1000).toISOString(),
  };
});

/** The platform's PTZ directions (`/api/lapp/device/ptz/start`). */
const DIRECTION: Record<Exclude<PtzCommand, 'stop'>, number> = {
  up: 0,
  down: 1,
  left: 2,
  right: 3,
  up_left: 4,
  down_left: 5,
  up_right: 6,
  down_right: 7,
  zoom_in: 8,
  zoom_out: 9,
};

/** Starts a move (speed 1–3 → the platform's 0–2) or stops it. */
export async function ezvizPtz(
  app: FastifyInstance,
  db: Queryable,
  camera: CameraRow,
  command: PtzCommand,
  speed: number,
) {
  const platform = await platformOf(db, camera.platformId, 'ezviz');
  const device = { deviceSerial: camera.serial, channelNo: camera.channel };
  if (command === 'stop') await ezvizCall(app, db, platform, '/api/lapp/device/ptz/stop', device);
  else
    await ezvizCall(app, db, platform, '/api/lapp/device/ptz/start', {
      ...device,
      direction: DIRECTION[command],
      speed: Math.min(2, Math.max(0, speed - 1)),
    });
}

platformProbes.set('ezviz', async (app, source) => {
  try {
    const platform = await platformOf(app.db, source.platformId, 'ezviz');
    const data = await ezvizCall(app, app.db, platform, '/api/lapp/device/info', { deviceSerial: source.serial });
    return Number(data.status) === 1
      ? { ok: true, key: 'camera.probe.ok' }
      : { ok: false, key: 'camera.probe.unreachable', params: { host: `EZVIZ ${source.serial}` } };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, key: error.messageKey, params: error.params };
    throw error;
  }
});
