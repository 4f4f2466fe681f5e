import {
  CAMERA_STATUSES,
  CAMERA_VENDORS,
  type Camera,
  type CameraLayout,
  type CameraShare,
  type CameraSourceKind,
  type CameraStatus,
  type CameraVendor,
  type Locale,
  type VideoPlatform,
  type VideoPlatformKind,
} from '@water/contracts';
import type { cameraLayouts, cameraShares, cameras, videoPlatforms } from '../../db/schema/index.ts';
import { type MessageKey, messages, t } from '../../i18n/messages.ts';

type CameraRow = typeof cameras.$inferSelect;

/** A camera with the names of what it refers to, as the registry's queries read it. */
export interface CameraListRow {
  camera: CameraRow;
  stationName: string | null;
  siteName: string | null;
  regionName: string | null;
  deviceCode: string | null;
  platformName: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A stored reason (`{ key, params }` of the server's messages) in the caller's language; '' when none. */
export function detailText(detail: CameraRow['statusDetail'], locale: Locale): string {
  if (!detail || !Object.hasOwn(messages, detail.key)) return '';
  return t(locale, detail.key as MessageKey, detail.params ?? {});
}

/** A camera as answered: secrets only as whether one is stored. */
export function toCamera(r: CameraListRow, locale: Locale): Camera {
  const c = r.camera;
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    vendor: (CAMERA_VENDORS as readonly string[]).includes(c.vendor) ? (c.vendor as CameraVendor) : 'other',
    stationId: c.stationId,
    stationName: r.stationName ?? '',
    siteId: c.siteId,
    siteName: r.siteName ?? '',
    regionId: c.regionId,
    regionName: r.regionName ?? '',
    location: c.location,
    longitude: c.longitude,
    latitude: c.latitude,
    ptz: c.ptz,
    deviceId: c.deviceId,
    deviceCode: r.deviceCode ?? '',
    sourceKind: c.sourceKind as CameraSourceKind,
    url: c.url,
    platformId: c.platformId,
    platformName: r.platformName ?? '',
    serial: c.serial,
    channel: c.channel,
    gbDeviceId: c.gbDeviceId,
    gbChannelId: c.gbChannelId,
    username: c.username,
    passwordSet: c.password !== '',
    verifyCodeSet: c.verifyCode !== '',
    remark: c.remark,
    enabled: c.enabled,
    status: (CAMERA_STATUSES as readonly string[]).includes(c.status) ? (c.status as CameraStatus) : 'unknown',
    statusDetail: detailText(c.statusDetail, locale),
    statusCheckedAt: iso(c.statusCheckedAt),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** A platform account as answered: its secrets only as whether one is stored, never the token. */
export const toPlatform = (p: typeof videoPlatforms.$inferSelect, cameraCount: number): VideoPlatform => ({
  id: p.id,
  name: p.name,
  kind: p.kind as VideoPlatformKind,
  apiUrl: p.apiUrl,
  appKey: p.appKey,
  appSecretSet: p.appSecret !== '',
  username: p.username,
  passwordSet: p.password !== '',
  remark: p.remark,
  cameraCount,
  tokenExpiresAt: p.accessToken ? iso(p.tokenExpiresAt) : null,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

export const toShare = (s: typeof cameraShares.$inferSelect): CameraShare => ({
  id: s.id,
  cameraId: s.cameraId,
  note: s.note,
  createdBy: s.createdByName,
  createdAt: s.createdAt.toISOString(),
  expiresAt: s.expiresAt.toISOString(),
  revokedAt: iso(s.revokedAt),
});

export const toLayout = (l: typeof cameraLayouts.$inferSelect): CameraLayout => ({
  id: l.id,
  name: l.name,
  grid: l.grid,
  tiles: l.tiles,
  updatedAt: l.updatedAt.toISOString(),
});
