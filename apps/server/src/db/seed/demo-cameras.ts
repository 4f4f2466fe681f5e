import { inArray } from 'drizzle-orm';
import { together } from '../../lib/together.ts';
import type { Queryable } from '../client.ts';
import { cameras, devices, regions, stations } from '../schema/index.ts';
import { DEMO_STATION_CODES } from './demo-city.ts';
import { markSeeded, seededKeys } from './marks.ts';

const MARK = 'demo:cameras';

/** Where each demo station's camera looks, by station order (the clips are a test pattern; the names are the city's). */
const LOCATIONS = ['泵房/进水闸门', '泵房/格栅间', '泵房/机组', '泵房/出水口'];

/**
 * The demo city's cameras (issue 19), once (mark `demo:cameras`): an operator's later change or
 * deletion stays so.
 * - One per demo pump station, `PSnn-CAM01`, the station's camera device of the same code, playing
 *   the station's committed clip as a live HLS stream from this server (`/api/media/demo/PSnn/…`).
 * - One RTSP camera at the railway-station underpass, on a documentation address (TEST-NET-1): it is
 *   honestly offline, as a camera whose network is down shows.
 * No demo camera goes through a video platform: the demo has no EZVIZ or wvp account.
 */
export async function seedDemoCameras(db: Queryable, now: Date): Promise<void> {
  if ((await seededKeys(db, [MARK])).has(MARK)) return;
  await markSeeded(db, [MARK]);
  const codes = DEMO_STATION_CODES.map((code) => `${code}-CAM01`);
  const [stationRows, deviceRows, [area]] = await together(
    db,
    () =>
      db
        .select({
          id: stations.id,
          code: stations.code,
          name: stations.name,
          regionId: stations.regionId,
          longitude: stations.longitude,
          latitude: stations.latitude,
        })
        .from(stations)
        .where(inArray(stations.code, [...DEMO_STATION_CODES])),
    () => db.select({ id: devices.id, code: devices.code }).from(devices).where(inArray(devices.code, codes)),
    () =>
      db
        .select({ id: regions.id })
        .from(regions)
        .where(inArray(regions.code, ['LC-E-03'])),
  );
  const rows: (typeof cameras.$inferInsert)[] = [];
  for (const [i, code] of DEMO_STATION_CODES.entries()) {
    const station = stationRows.find((s) => s.code === code);
    if (!station) continue;
    rows.push({
      code: `${code}-CAM01`,
      name: `${station.name}泵房摄像头`,
      vendor: 'hikvision',
      stationId: station.id,
      regionId: station.regionId,
      location: LOCATIONS[i % LOCATIONS.length] ?? '',
      longitude: station.longitude,
      latitude: station.latitude,
      deviceId: deviceRows.find((d) => d.code === `${code}-CAM01`)?.id ?? null,
      sourceKind: 'hls',
      url: `/api/media/demo/${code}/index.m3u8`,
      createdAt: now,
      updatedAt: now,
    });
  }
  if (area)
    rows.push({
      code: 'UP01-CAM01',
      name: '火车站下穿通道摄像头',
      vendor: 'hikvision',
      regionId: area.id,
      location: '火车站下穿通道/北入口',
      longitude: 119.7125,
      latitude: 29.0815,
      sourceKind: 'rtsp',
      url: 'rtsp://192.0.2.10:554/Streaming/Channels/101',
      username: 'admin',
      password: 'demo-camera',
      remark: '演示：该地址不可达，摄像头显示离线',
      createdAt: now,
      updatedAt: now,
    });
  if (rows.length > 0) await db.insert(cameras).values(rows).onConflictDoNothing();
}
