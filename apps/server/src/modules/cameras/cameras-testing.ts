import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Camera, type CameraInput, camerasApi } from '@water/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { wqLimitSets, wqSites } from '../../db/schema/index.ts';
import type { TestApp } from '../../testing/build-app.ts';
import { deviceTypeId, insertDevice, insertStation, smallCity } from '../../testing/fixtures.ts';

export const api = camerasApi;

type Res = Awaited<ReturnType<TestApp['call']>>;

/** The fields a 400 names, from the validation envelope. */
export const fields = (res: Res) => ((res.json().data?.errors ?? []) as { field: string }[]).map((e) => e.field);

/**
 * A stand-in video host on 127.0.0.1: `/live.m3u8` answers a playlist, `/page` an HTML page,
 * `/live.flv` the first bytes of an FLV stream (and stays open, as a live one does), a WebSocket
 * upgrade 101; anything else 404. `host` is its `127.0.0.1:port`. Close it when done.
 */
export async function fakeVideoHost() {
  const server = http.createServer((req, res) => {
    if (req.url === '/live.m3u8') {
      res.writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl' });
      res.end('#EXTM3U\n#EXT-X-VERSION:7\n');
    } else if (req.url === '/page') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html></html>');
    } else if (req.url === '/live.flv') {
      res.write(Buffer.from([0x46, 0x4c, 0x56, 1, 5, 0, 0, 0, 9]));
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  server.on('upgrade', (_req, socket) => {
    socket.end('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    base: `http://${host}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The small city with a station in each district (东湖泵站 in 城东区, 西岭泵站 in 城西区), a
 * water-quality site in 城西区, and three camera devices in 城东区 plus a level gauge.
 */
export async function cameraCity(t: TestApp) {
  const db = t.database.db;
  const city = await smallCity(db);
  const east = await insertStation(db, { code: 'PS-E', name: '东湖泵站', regionId: city.east.id });
  const west = await insertStation(db, { code: 'PS-W', name: '西岭泵站', regionId: city.west.id });
  const [set] = await db.select({ id: wqLimitSets.id }).from(wqLimitSets).where(eq(wqLimitSets.code, 'gb5749-tap'));
  const [site] = await db
    .insert(wqSites)
    .values({ code: 'WQ-TAP', name: '城西末梢水', kind: 'tap', regionId: city.west.id, limitSetId: set!.id })
    .returning();
  const cameraType = await deviceTypeId(db, 'camera');
  const levelType = await deviceTypeId(db, 'level_gauge');
  const cam1 = await insertDevice(db, { code: 'CAM-DEV-1', typeId: cameraType, regionId: city.east.id });
  const cam2 = await insertDevice(db, { code: 'CAM-DEV-2', typeId: cameraType, regionId: city.east.id });
  const archived = await insertDevice(db, {
    code: 'CAM-DEV-OLD',
    typeId: cameraType,
    regionId: city.east.id,
    archivedAt: new Date('2026-01-01T00:00:00Z'),
  });
  const level = await insertDevice(db, { code: 'LG-01', typeId: levelType, regionId: city.east.id });
  return { city, stations: { east, west }, site: site!, devices: { cam1, cam2, archived, level } };
}

/** Registers a camera as `token` and answers it (the call must succeed). */
export async function createCamera(t: TestApp, token: string, body: CameraInput): Promise<Camera> {
  const res = await t.call(api.create, { body, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Camera;
}

/** A camera input with every field as the console's form sends it. */
export const cameraInput = (c: Camera, over: Partial<CameraInput> = {}): CameraInput => ({
  code: c.code,
  name: c.name,
  vendor: c.vendor,
  stationId: c.stationId,
  siteId: c.siteId,
  regionId: c.regionId,
  location: c.location,
  longitude: c.longitude,
  latitude: c.latitude,
  ptz: c.ptz,
  deviceId: c.deviceId,
  sourceKind: c.sourceKind,
  url: c.url,
  platformId: c.platformId,
  serial: c.serial,
  channel: c.channel,
  gbDeviceId: c.gbDeviceId,
  gbChannelId: c.gbChannelId,
  username: c.username,
  remark: c.remark,
  enabled: c.enabled,
  ...over,
});
