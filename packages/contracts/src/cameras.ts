import { z } from 'zod';
import { idParamsSchema } from './account.ts';
import { endpoint } from './common/endpoint.ts';
import type { Locale } from './common/locale.ts';
import { pageOf, pageQuerySchema } from './common/pagination.ts';
import { idSchema, plainText, text } from './common/validation.ts';
import { latitudeSchema, longitudeSchema } from './pump-stations.ts';

const tags = ['cameras'] as const;

/**
 * Cameras (issue 19): a registry of the utility's cameras at pump stations, outfalls, underpasses and
 * water-quality sites, the video platforms they are reached through (EZVIZ / 萤石 open platform, a
 * GB28181 media server run by wvp + ZLMediaKit), live view in the browser (HLS, HTTP-/WS-FLV, WebRTC
 * WHEP), PTZ, saved layouts, and signed, expiring public links to one camera.
 *
 * Credentials stay on the server: a camera's RTSP password and EZVIZ verification code, a platform's
 * app secret and password are written, never read back (the answers say only whether one is set).
 */

/**
 * How the server reaches a camera's stream:
 * - `hls`: an HLS playlist URL (http(s)://…, or a path on this server such as the demo clips');
 * - `http_flv` / `ws_flv`: an HTTP-FLV or WebSocket-FLV URL (a media server's, e.g. ZLMediaKit);
 * - `whep`: a WebRTC WHEP endpoint URL (MediaMTX, ZLMediaKit, SRS);
 * - `ezviz`: a device serial and channel on an EZVIZ platform account;
 * - `rtsp`: an rtsp:// URL, converted on demand to HLS by this server (ffmpeg);
 * - `gb28181`: a 20-digit device and channel id on a wvp media server.
 */
export const CAMERA_SOURCE_KINDS = ['hls', 'http_flv', 'ws_flv', 'whep', 'ezviz', 'rtsp', 'gb28181'] as const;
export type CameraSourceKind = (typeof CAMERA_SOURCE_KINDS)[number];

/** Source kinds whose PTZ the server can drive (through the platform's API). */
export const PTZ_SOURCE_KINDS: readonly CameraSourceKind[] = ['ezviz', 'gb28181'];

/** The camera's maker, for the registry (PTZ support and stream paths differ by maker). */
export const CAMERA_VENDORS = ['hikvision', 'dahua', 'ezviz', 'uniview', 'tiandy', 'other'] as const;
export type CameraVendor = (typeof CAMERA_VENDORS)[number];

/** The player a browser tile uses: hls.js, mpegts.js (HTTP- or WS-FLV), or the browser's own WebRTC (WHEP). */
export const CAMERA_PLAYERS = ['hls', 'flv', 'whep'] as const;
export type CameraPlayer = (typeof CAMERA_PLAYERS)[number];

/** A camera's reachability, from the server's periodic check of its source (`unknown` before the first). */
export const CAMERA_STATUSES = ['online', 'offline', 'unknown'] as const;
export type CameraStatus = (typeof CAMERA_STATUSES)[number];

/** Platforms a camera is reached through: the EZVIZ open platform, a wvp (GB28181) media server. */
export const VIDEO_PLATFORM_KINDS = ['ezviz', 'wvp'] as const;
export type VideoPlatformKind = (typeof VIDEO_PLATFORM_KINDS)[number];

/** The EZVIZ open platform's API host (mainland China). */
export const EZVIZ_DEFAULT_API_URL = 'https://open.ys7.com';

/** PTZ moves; `stop` ends the move a button press started. */
export const PTZ_COMMANDS = [
  'up',
  'down',
  'left',
  'right',
  'up_left',
  'up_right',
  'down_left',
  'down_right',
  'zoom_in',
  'zoom_out',
  'stop',
] as const;
export type PtzCommand = (typeof PTZ_COMMANDS)[number];

/** Tiles in a live-view grid. */
export const CAMERA_GRID_SIZES = [1, 4, 9, 16] as const;
export type CameraGridSize = (typeof CAMERA_GRID_SIZES)[number];

/** Minutes a public link may live: 5 minutes to 7 days; 60 unless chosen. */
export const CAMERA_SHARE_MIN_MINUTES = 5;
export const CAMERA_SHARE_MAX_MINUTES = 7 * 24 * 60;
export const CAMERA_SHARE_DEFAULT_MINUTES = 60;

/** The console's public camera page, opened by a link's token. */
export const CAMERA_PUBLIC_PATH = '/bz/cameraDetails';

export const CAMERA_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;
/** A GB28181 device or channel id: 20 digits (GB/T 28181 编码规则). */
export const GB28181_ID_PATTERN = /^\d{20}$/;
/** An EZVIZ device serial (序列号): 9 characters on the label, longer on some models. */
export const EZVIZ_SERIAL_PATTERN = /^[A-Za-z0-9]{6,32}$/;

/** Source kinds and the URL schemes their `url` takes. A `hls` URL may also be a path on this server ("/api/media/…"). */
const URL_SCHEMES: Partial<Record<CameraSourceKind, readonly string[]>> = {
  hls: ['http:', 'https:'],
  http_flv: ['http:', 'https:'],
  ws_flv: ['ws:', 'wss:'],
  whep: ['http:', 'https:'],
  rtsp: ['rtsp:', 'rtsps:'],
};

/** The source kinds described by a URL (the others by a platform and ids). */
export const URL_SOURCE_KINDS = Object.keys(URL_SCHEMES) as CameraSourceKind[];

/**
 * Whether `url` fits a source kind: its scheme, a host, no user or password in it (those go in the
 * camera's username and password, which stay on the server). A `hls` source may be a path on this server.
 */
export function cameraUrlProblem(
  kind: CameraSourceKind,
  url: string,
): 'validation.cameraUrl' | 'validation.cameraUrlCredentials' | null {
  const schemes = URL_SCHEMES[kind];
  if (!schemes) return null;
  if (kind === 'hls' && /^\/api\/media\/[A-Za-z0-9/_.-]+$/.test(url) && !url.includes('..')) return null;
  if (!URL.canParse(url)) return 'validation.cameraUrl';
  const parsed = new URL(url);
  if (!schemes.includes(parsed.protocol) || !parsed.hostname) return 'validation.cameraUrl';
  if (parsed.username || parsed.password) return 'validation.cameraUrlCredentials';
  return null;
}

/** A write-only secret: absent keeps the stored one, '' removes it, text replaces it. */
const secretInput = (max: number) => z.string().max(max, { error: 'validation.tooLong' }).optional();

/**
 * A camera as written. Which source fields apply depends on `sourceKind`: `url` for the URL kinds;
 * `platformId` + `serial` + `channel` (+ `verifyCode`) for EZVIZ; `platformId` + `gbDeviceId` +
 * `gbChannelId` for GB28181; `username` / `password` for RTSP. The others are ignored and stored empty.
 */
const cameraFields = z.object({
  code: text(32).regex(CAMERA_CODE_PATTERN, { error: 'validation.cameraCode' }),
  name: plainText(60).min(1, { error: 'validation.required' }),
  vendor: z.enum(CAMERA_VENDORS).default('other'),
  /** Where it looks: a pump station, or a water-quality site, or neither (an underpass: give a region). */
  stationId: idSchema.nullable().default(null),
  siteId: idSchema.nullable().default(null),
  /** Taken from the station or site when one is given; required when neither is. */
  regionId: idSchema.nullable().default(null),
  /** What it looks at: "进水闸门", "格栅间", "3 号泵". */
  location: plainText(100).default(''),
  longitude: longitudeSchema.nullable().default(null),
  latitude: latitudeSchema.nullable().default(null),
  /** The camera can pan, tilt and zoom (only an EZVIZ or GB28181 source lets the console drive it). */
  ptz: z.boolean().default(false),
  /** The device-registry asset of this camera (type camera), if it is registered there. */
  deviceId: idSchema.nullable().default(null),
  sourceKind: z.enum(CAMERA_SOURCE_KINDS),
  url: text(1000).default(''),
  platformId: idSchema.nullable().default(null),
  serial: text(32).default(''),
  channel: z.number().int().min(1).max(256).default(1),
  gbDeviceId: text(20).default(''),
  gbChannelId: text(20).default(''),
  username: text(64).default(''),
  password: secretInput(128),
  /** EZVIZ: the device's 6-letter verification code, for an encrypted stream. */
  verifyCode: secretInput(32),
  remark: plainText(500).default(''),
  enabled: z.boolean().default(true),
});

export const cameraInputSchema = cameraFields.superRefine((c, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (c.stationId !== null && c.siteId !== null) issue('siteId', 'validation.cameraOnePlace');
  if (c.stationId === null && c.siteId === null && c.regionId === null) issue('regionId', 'validation.cameraPlace');
  if (URL_SCHEMES[c.sourceKind]) {
    if (!c.url) issue('url', 'validation.required');
    else {
      const problem = cameraUrlProblem(c.sourceKind, c.url);
      if (problem) issue('url', problem);
    }
  }
  if (c.sourceKind === 'ezviz') {
    if (c.platformId === null) issue('platformId', 'validation.required');
    if (!EZVIZ_SERIAL_PATTERN.test(c.serial)) issue('serial', 'validation.ezvizSerial');
  }
  if (c.sourceKind === 'gb28181') {
    if (c.platformId === null) issue('platformId', 'validation.required');
    if (!GB28181_ID_PATTERN.test(c.gbDeviceId)) issue('gbDeviceId', 'validation.gb28181Id');
    if (!GB28181_ID_PATTERN.test(c.gbChannelId)) issue('gbChannelId', 'validation.gb28181Id');
  }
  if (c.ptz && !PTZ_SOURCE_KINDS.includes(c.sourceKind)) issue('ptz', 'validation.cameraPtzSource');
});
export type CameraInput = z.input<typeof cameraInputSchema>;

export const cameraSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  vendor: z.enum(CAMERA_VENDORS),
  stationId: z.number().int().nullable(),
  stationName: z.string(),
  siteId: z.number().int().nullable(),
  siteName: z.string(),
  regionId: z.number().int().nullable(),
  regionName: z.string(),
  location: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  ptz: z.boolean(),
  deviceId: z.number().int().nullable(),
  deviceCode: z.string(),
  sourceKind: z.enum(CAMERA_SOURCE_KINDS),
  url: z.string(),
  platformId: z.number().int().nullable(),
  platformName: z.string(),
  serial: z.string(),
  channel: z.number().int(),
  gbDeviceId: z.string(),
  gbChannelId: z.string(),
  username: z.string(),
  /** A password is stored (never its text). */
  passwordSet: z.boolean(),
  verifyCodeSet: z.boolean(),
  remark: z.string(),
  enabled: z.boolean(),
  status: z.enum(CAMERA_STATUSES),
  /** Why the last check failed, in the caller's language ("HTTP 404", "无法连接"), or ''. */
  statusDetail: z.string(),
  statusCheckedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Camera = z.infer<typeof cameraSchema>;

export const cameraListQuerySchema = pageQuerySchema.extend({
  keyword: text(60).optional(),
  stationId: idSchema.optional(),
  regionId: idSchema.optional(),
  sourceKind: z.enum(CAMERA_SOURCE_KINDS).optional(),
  status: z.enum(CAMERA_STATUSES).optional(),
  enabled: z.enum(['true', 'false']).optional(),
});
export type CameraListQuery = z.input<typeof cameraListQuerySchema>;

export const cameraEnabledSchema = z.object({ enabled: z.boolean() });

/** Where the console's live view finds cameras: grouped by station, then site, then the rest by region. */
export const cameraTreeNodeSchema = z.object({
  /** `station:3`, `site:2`, `region:5`. */
  key: z.string(),
  kind: z.enum(['station', 'site', 'region']),
  id: z.number().int().nullable(),
  name: z.string(),
  cameras: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      location: z.string(),
      status: z.enum(CAMERA_STATUSES),
      ptz: z.boolean(),
      sourceKind: z.enum(CAMERA_SOURCE_KINDS),
    }),
  ),
});
export type CameraTreeNode = z.infer<typeof cameraTreeNodeSchema>;

/**
 * How a browser plays a camera now. `url` is absolute, or a path on this server (the demo clips, RTSP
 * conversions: a signed `t=` ticket in it). `baseURL` is set when the stream is on a third-party video
 * host: the console's request layer sends such calls (a WHEP offer) there with no Authorization header
 * (spec §7). `expiresAt`: when the address stops working (an EZVIZ address, a ticket); the tile asks again.
 */
export const cameraPlaySchema = z.object({
  cameraId: z.number().int(),
  player: z.enum(CAMERA_PLAYERS),
  url: z.string(),
  baseURL: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Seconds of latency to expect: HLS ~6, FLV ~1, WebRTC < 0.5 (shown until the tile measures its own). */
  expectedLatency: z.number(),
  ptz: z.boolean(),
});
export type CameraPlay = z.infer<typeof cameraPlaySchema>;

export const cameraPtzSchema = z.object({
  command: z.enum(PTZ_COMMANDS),
  /** 1 slow – 3 fast. */
  speed: z.number().int().min(1).max(3).default(2),
});
export type CameraPtzInput = z.input<typeof cameraPtzSchema>;

/** Checks a source without saving it: the form's "test" button (saving checks it too). */
export const cameraProbeSchema = cameraFields
  .pick({
    sourceKind: true,
    url: true,
    platformId: true,
    serial: true,
    channel: true,
    gbDeviceId: true,
    gbChannelId: true,
    username: true,
    password: true,
  })
  .extend({ cameraId: idSchema.nullable().default(null) });
export const cameraProbeResultSchema = z.object({
  ok: z.boolean(),
  /** What answered, or why not, in the caller's language. */
  detail: z.string(),
  ms: z.number(),
});

/** A public link to one camera (the emergency office, a contractor): who made it, for how long. */
export const cameraShareInputSchema = z.object({
  minutes: z
    .number()
    .int()
    .min(CAMERA_SHARE_MIN_MINUTES, { error: 'validation.cameraShareMinutes' })
    .max(CAMERA_SHARE_MAX_MINUTES, { error: 'validation.cameraShareMinutes' })
    .default(CAMERA_SHARE_DEFAULT_MINUTES),
  /** Whom it is for ("应急办 王科长"). */
  note: plainText(100).default(''),
});
export type CameraShareInput = z.input<typeof cameraShareInputSchema>;

export const cameraShareSchema = z.object({
  id: z.number().int(),
  cameraId: z.number().int(),
  note: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type CameraShare = z.infer<typeof cameraShareSchema>;

/** A new link: its token (shown once; the console builds `#/bz/cameraDetails?token=…` from it). */
export const cameraShareCreatedSchema = cameraShareSchema.extend({ token: z.string() });

export const cameraShareParamsSchema = z.object({ id: idSchema, shareId: idSchema });

export const publicCameraQuerySchema = z.object({ token: z.string().min(1).max(512) });

/** What the public page shows: that camera, how long the link lasts, and how to play it. */
export const publicCameraSchema = z.object({
  name: z.string(),
  code: z.string(),
  placeName: z.string(),
  location: z.string(),
  expiresAt: z.string(),
  play: cameraPlaySchema,
});
export type PublicCamera = z.infer<typeof publicCameraSchema>;

/** A user's saved grid: its size and the camera in each tile (null: empty). */
export const cameraLayoutInputSchema = z
  .object({
    name: plainText(40).min(1, { error: 'validation.required' }),
    grid: z.union([z.literal(1), z.literal(4), z.literal(9), z.literal(16)]),
    tiles: z.array(idSchema.nullable()).max(16),
  })
  .superRefine((l, ctx) => {
    if (l.tiles.length > l.grid) ctx.addIssue({ code: 'custom', path: ['tiles'], message: 'validation.cameraTiles' });
  });
export type CameraLayoutInput = z.input<typeof cameraLayoutInputSchema>;

export const cameraLayoutSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  grid: z.number().int(),
  tiles: z.array(z.number().int().nullable()),
  updatedAt: z.string(),
});
export type CameraLayout = z.infer<typeof cameraLayoutSchema>;

/**
 * A video platform account. EZVIZ: `apiUrl` (open.ys7.com unless a private deployment), `appKey`,
 * `appSecret`. wvp: `apiUrl` (the wvp server), `username`, `password`. Secrets: absent keeps, text replaces.
 */
export const videoPlatformInputSchema = z
  .object({
    name: plainText(60).min(1, { error: 'validation.required' }),
    kind: z.enum(VIDEO_PLATFORM_KINDS),
    apiUrl: text(300),
    appKey: text(64).default(''),
    appSecret: secretInput(128),
    username: text(64).default(''),
    password: secretInput(128),
    remark: plainText(300).default(''),
  })
  .superRefine((p, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const url = URL.canParse(p.apiUrl) ? new URL(p.apiUrl) : null;
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password)
      issue('apiUrl', 'validation.url');
    if (p.kind === 'ezviz' && !p.appKey) issue('appKey', 'validation.required');
    if (p.kind === 'wvp' && !p.username) issue('username', 'validation.required');
  });
export type VideoPlatformInput = z.input<typeof videoPlatformInputSchema>;

export const videoPlatformSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(VIDEO_PLATFORM_KINDS),
  apiUrl: z.string(),
  appKey: z.string(),
  appSecretSet: z.boolean(),
  username: z.string(),
  passwordSet: z.boolean(),
  remark: z.string(),
  cameraCount: z.number().int(),
  /** EZVIZ: until when the cached access token is good (null: none fetched yet). */
  tokenExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VideoPlatform = z.infer<typeof videoPlatformSchema>;

export const camerasApi = {
  list: endpoint({
    method: 'GET',
    path: '/cameras',
    summary: 'Cameras, filtered and paged, within the caller’s regions (no credential in any answer)',
    tags,
    query: cameraListQuerySchema,
    data: pageOf(cameraSchema),
  }),
  tree: endpoint({
    method: 'GET',
    path: '/cameras/tree',
    summary: 'Enabled cameras grouped by station, site and region: the live view’s tree',
    tags,
    data: z.array(cameraTreeNodeSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/cameras/:id',
    summary: 'One camera',
    tags,
    params: idParamsSchema,
    data: cameraSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/cameras',
    summary: 'Register a camera; an HLS or FLV source is probed first (a wrong URL is refused, naming the field)',
    tags,
    body: cameraInputSchema,
    data: cameraSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/cameras/:id',
    summary: 'Change a camera (secrets left out keep their stored value); the source is probed again',
    tags,
    params: idParamsSchema,
    body: cameraInputSchema,
    data: cameraSchema,
  }),
  setEnabled: endpoint({
    method: 'PUT',
    path: '/cameras/:id/enabled',
    summary: 'Enable or disable a camera (a disabled one is not played, checked or shared; its links stop)',
    tags,
    params: idParamsSchema,
    body: cameraEnabledSchema,
    data: cameraSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/cameras/:id',
    summary: 'Delete a camera, its links and its tiles in saved layouts',
    tags,
    params: idParamsSchema,
    data: z.null(),
  }),
  probe: endpoint({
    method: 'POST',
    path: '/cameras/probe',
    summary: 'Check a source without saving it (a stored camera’s secrets are used when `cameraId` is given)',
    tags,
    body: cameraProbeSchema,
    data: cameraProbeResultSchema,
  }),
  play: endpoint({
    method: 'GET',
    path: '/cameras/:id/play',
    summary: 'How to play a camera now: player, address (short-lived for EZVIZ and this server’s streams)',
    tags,
    params: idParamsSchema,
    data: cameraPlaySchema,
  }),
  ptz: endpoint({
    method: 'POST',
    path: '/cameras/:id/ptz',
    summary: 'Pan, tilt or zoom (start a move; `stop` ends it) through the camera’s platform',
    tags,
    params: idParamsSchema,
    body: cameraPtzSchema,
    data: z.null(),
  }),
  shares: endpoint({
    method: 'GET',
    path: '/cameras/:id/shares',
    summary: 'A camera’s public links, newest first',
    tags,
    params: idParamsSchema,
    data: z.array(cameraShareSchema),
  }),
  share: endpoint({
    method: 'POST',
    path: '/cameras/:id/shares',
    summary: 'A signed, expiring public link to this camera (in the operation log)',
    tags,
    params: idParamsSchema,
    body: cameraShareInputSchema,
    data: cameraShareCreatedSchema,
  }),
  revokeShare: endpoint({
    method: 'DELETE',
    path: '/cameras/:id/shares/:shareId',
    summary: 'End a public link before it expires',
    tags,
    params: cameraShareParamsSchema,
    data: z.null(),
  }),
  publicView: endpoint({
    method: 'GET',
    path: '/public/camera',
    summary: 'The camera a public link opens (no sign-in): expired, revoked or forged links are refused',
    tags,
    query: publicCameraQuerySchema,
    data: publicCameraSchema,
  }),
  layouts: endpoint({
    method: 'GET',
    path: '/cameras/layouts',
    summary: 'The caller’s saved live-view layouts',
    tags,
    data: z.array(cameraLayoutSchema),
  }),
  createLayout: endpoint({
    method: 'POST',
    path: '/cameras/layouts',
    summary: 'Save a layout (names are the caller’s own: a repeated name is refused)',
    tags,
    body: cameraLayoutInputSchema,
    data: cameraLayoutSchema,
  }),
  updateLayout: endpoint({
    method: 'PUT',
    path: '/cameras/layouts/:id',
    summary: 'Change one of the caller’s layouts',
    tags,
    params: idParamsSchema,
    body: cameraLayoutInputSchema,
    data: cameraLayoutSchema,
  }),
  deleteLayout: endpoint({
    method: 'DELETE',
    path: '/cameras/layouts/:id',
    summary: 'Delete one of the caller’s layouts',
    tags,
    params: idParamsSchema,
    data: z.null(),
  }),
  platforms: endpoint({
    method: 'GET',
    path: '/video-platforms',
    summary: 'Video platform accounts (EZVIZ, wvp), secrets never included',
    tags,
    data: z.array(videoPlatformSchema),
  }),
  createPlatform: endpoint({
    method: 'POST',
    path: '/video-platforms',
    summary: 'Add a platform account',
    tags,
    body: videoPlatformInputSchema,
    data: videoPlatformSchema,
  }),
  updatePlatform: endpoint({
    method: 'PUT',
    path: '/video-platforms/:id',
    summary: 'Change a platform account (a cached token is dropped when its key or secret changes)',
    tags,
    params: idParamsSchema,
    body: videoPlatformInputSchema,
    data: videoPlatformSchema,
  }),
  deletePlatform: endpoint({
    method: 'DELETE',
    path: '/video-platforms/:id',
    summary: 'Delete a platform account no camera uses (409 otherwise)',
    tags,
    params: idParamsSchema,
    data: z.null(),
  }),
} as const;

/** Source kinds' and vendors' names, for the server's exports and messages (the console has its own). */
export const cameraSourceKindNames: Record<CameraSourceKind, Record<Locale, string>> = {
  hls: { 'zh-CN': 'HLS', 'en-US': 'HLS' },
  http_flv: { 'zh-CN': 'HTTP-FLV', 'en-US': 'HTTP-FLV' },
  ws_flv: { 'zh-CN': 'WS-FLV', 'en-US': 'WS-FLV' },
  whep: { 'zh-CN': 'WebRTC (WHEP)', 'en-US': 'WebRTC (WHEP)' },
  ezviz: { 'zh-CN': '萤石云', 'en-US': 'EZVIZ' },
  rtsp: { 'zh-CN': 'RTSP', 'en-US': 'RTSP' },
  gb28181: { 'zh-CN': 'GB28181', 'en-US': 'GB28181' },
};

/** The player a source kind needs in the browser (RTSP and EZVIZ arrive as HLS; GB28181 as FLV from ZLMediaKit). */
export const PLAYER_OF_SOURCE: Record<CameraSourceKind, CameraPlayer> = {
  hls: 'hls',
  http_flv: 'flv',
  ws_flv: 'flv',
  whep: 'whep',
  ezviz: 'hls',
  rtsp: 'hls',
  gb28181: 'flv',
};
