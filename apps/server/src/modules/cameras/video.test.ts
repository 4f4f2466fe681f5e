import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { camerasApi, pumpStationsApi } from '@water/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cameras } from '../../db/schema/index.ts';
import { createTestApp, resetDatabase, TEST_START, type TestApp } from '../../testing/build-app.ts';
import { fakeVideoHost } from './cameras-testing.ts';
import { DEMO_CLIP_DIR } from './demo-clips.ts';
import { demoFile, demoPlaylist } from './demo-stream.ts';

let t: TestApp;
let admin: string;

const cameraId = async (code: string) => {
  const [row] = await t.database.db.select({ id: cameras.id }).from(cameras).where(eq(cameras.code, code));
  return row!.id;
};

const play = async (code: string, token = admin) => {
  const res = await t.call(camerasApi.play, { params: { id: await cameraId(code) }, token });
  return { res, data: res.json().data };
};

beforeAll(async () => {
  // The underpass camera's documentation address never answers: its check gives up after a second.
  t = await createTestApp({ VIDEO_PROBE_TIMEOUT_MS: '1000' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await resetDatabase(t.database);
  t.clock.set(TEST_START);
  admin = await t.login();
});

describe('demo streams', () => {
  it('seeds one camera per demo station on its clip, linked to station and device, and an offline RTSP one', async () => {
    const rows = await t.database.db.select().from(cameras);
    const ps01 = rows.find((r) => r.code === 'PS01-CAM01');
    expect(ps01).toMatchObject({ sourceKind: 'hls', url: '/api/media/demo/PS01/index.m3u8', vendor: 'hikvision' });
    expect(ps01?.stationId).not.toBeNull();
    expect(ps01?.deviceId).not.toBeNull();
    expect(rows.filter((r) => r.code.endsWith('-CAM01') && r.code.startsWith('PS'))).toHaveLength(12);
    expect(rows.find((r) => r.code === 'UP01-CAM01')).toMatchObject({ sourceKind: 'rtsp', stationId: null });
  });

  it('plays a demo camera through a ticketed live playlist whose files need the ticket', async () => {
    const { res, data } = await play('PS01-CAM01');
    expect(res.statusCode).toBe(200);
    expect(data).toMatchObject({ player: 'hls', baseURL: null, ptz: false });
    expect(data.url).toMatch(/^\/api\/media\/demo\/PS01\/index\.m3u8\?t=\d+\.\d+\.[\w-]{32}$/);
    expect(new Date(data.expiresAt).getTime()).toBeGreaterThan(TEST_START.getTime());

    const list = await t.inject({ method: 'GET', url: data.url });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('mpegurl');
    expect(list.headers['cache-control']).toBe('no-cache');
    expect(list.body).toContain('#EXT-X-MAP:URI="init.mp4?t=');
    expect(list.body).not.toContain('#EXT-X-ENDLIST');
    const ticket = data.url.split('?')[1];
    const segment = list.body.split('\n').find((l: string) => l.startsWith('seg-'));
    const seg = await t.inject({ method: 'GET', url: `/api/media/demo/PS01/${segment}` });
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/iso.segment');
    expect(seg.headers['cache-control']).toContain('immutable');
    expect(seg.rawPayload.length).toBeGreaterThan(1000);
    const init = await t.inject({ method: 'GET', url: `/api/media/demo/PS01/init.mp4?${ticket}` });
    expect(init.headers['content-type']).toBe('video/mp4');

    // No ticket, a forged one, one for another camera's clip, an expired one: refused.
    expect((await t.inject({ method: 'GET', url: '/api/media/demo/PS01/init.mp4' })).statusCode).toBe(403);
    const forged = ticket.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
    expect((await t.inject({ method: 'GET', url: `/api/media/demo/PS01/init.mp4?${forged}` })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: `/api/media/demo/PS02/index.m3u8?${ticket}` })).statusCode).toBe(403);
    t.clock.advance(3 * 3_600_000);
    expect((await t.inject({ method: 'GET', url: data.url })).statusCode).toBe(403);
  });

  it('slides: the last four completed segments, global numbers, no discontinuity', () => {
    // 2-s segments: at 13.5 s, segment 6 is in progress; 2..5 are listed (clip segments 2, 0, 1, 2).
    const text = demoPlaylist(13_500, 't=x');
    expect(text).toContain('#EXT-X-MEDIA-SEQUENCE:2');
    const uris = text.split('\n').filter((l) => l.startsWith('seg-'));
    expect(uris).toEqual(['seg-2.m4s?t=x', 'seg-3.m4s?t=x', 'seg-4.m4s?t=x', 'seg-5.m4s?t=x']);
    expect(text).not.toContain('DISCONTINUITY');
    // Two seconds later the window moves one segment.
    expect(demoPlaylist(15_500, '')).toContain('#EXT-X-MEDIA-SEQUENCE:3');
  });

  it('serves global segment n as the clip segment n mod 3 with its decode time at n × 2 s', async () => {
    const timescale = 12_288;
    const tfdtOf = (body: Buffer) => {
      const at = body.indexOf('tfdt', 0, 'latin1');
      return Number(body.readBigUInt64BE(at + 8)) / timescale;
    };
    const n = 900_000_001; // 2 s × n: 2027; clip segment 2 of loop 300,000,000
    const seg = await demoFile('PS01', `seg-${n}.m4s`);
    const local = await readFile(path.join(DEMO_CLIP_DIR, 'PS01', 'seg-2.m4s'));
    expect(seg?.type).toBe('video/iso.segment');
    expect(tfdtOf(seg?.body ?? Buffer.alloc(0))).toBeCloseTo(n * 2, 6);
    expect(tfdtOf(local)).toBeCloseTo(4, 6);
    // Same media, no sidx: the next segment starts where this one ends.
    expect(seg?.body.indexOf('sidx', 0, 'latin1')).toBe(-1);
    expect(seg?.body.indexOf('mdat', 0, 'latin1')).toBeGreaterThan(0);
    expect(tfdtOf((await demoFile('PS01', `seg-${n + 1}.m4s`))?.body ?? Buffer.alloc(0))).toBeCloseTo((n + 1) * 2, 6);
    expect(await demoFile('PS01', 'seg-1.ts')).toBeNull();
    expect(await demoFile('../PS01', 'init.mp4')).toBeNull();
  });

  it('answers odd stream paths with a 4xx, never a 500', async () => {
    const { data } = await play('PS01-CAM01');
    const ticket = data.url.split('?')[1];
    for (const url of [
      `/api/media/demo/PS01/%00?${ticket}`,
      `/api/media/demo/..%2fPS01/init.mp4?${ticket}`,
      `/api/media/demo/PS01/seg-9999999999999.m4s?${ticket}`,
      `/api/media/demo/PS01/seg-1.m4s?t=%00`,
      '/api/media/rtsp/1e3/index.m3u8?t=x',
      '/api/media/rtsp/99999999999999999999/seg-0.ts?t=x',
      '/api/media/rtsp/1/..%2f..%2fetc%2fpasswd?t=x',
    ]) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('refuses a disabled camera (409); an unknown id is 404', async () => {
    const id = await cameraId('PS02-CAM01');
    await t.database.db.update(cameras).set({ enabled: false }).where(eq(cameras.id, id));
    expect((await play('PS02-CAM01')).res.statusCode).toBe(409);
    expect((await t.call(camerasApi.play, { params: { id: 99_999 }, token: admin })).statusCode).toBe(404);
  });

  it('lets the plain user play but not drive PTZ or probe', async () => {
    const user = await t.login('user', 'User@2026');
    expect((await play('PS01-CAM01', user)).res.statusCode).toBe(200);
    const id = await cameraId('PS01-CAM01');
    expect((await t.call(camerasApi.ptz, { params: { id }, body: { command: 'left' }, token: user })).statusCode).toBe(
      403,
    );
    expect(
      (await t.call(camerasApi.probe, { body: { sourceKind: 'hls', url: 'http://127.0.0.1:1/x.m3u8' }, token: user }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses PTZ on a camera without it (409)', async () => {
    const id = await cameraId('PS01-CAM01');
    const res = await t.call(camerasApi.ptz, { params: { id }, body: { command: 'left' }, token: admin });
    expect(res.statusCode).toBe(409);
  });
});

describe('probe', () => {
  let video: Awaited<ReturnType<typeof fakeVideoHost>>;
  let base: string;
  beforeAll(async () => {
    video = await fakeVideoHost();
    base = video.host;
  });
  afterAll(() => video.close());

  const probe = async (body: Record<string, unknown>, lang = 'en-US') => {
    const res = await t.call(camerasApi.probe, { body: body as never, token: admin, lang });
    expect(res.statusCode).toBe(200);
    return res.json().data as { ok: boolean; detail: string; ms: number };
  };

  it('checks HLS, FLV and WS-FLV sources as a player reaches them', async () => {
    expect(await probe({ sourceKind: 'hls', url: `http://${base}/live.m3u8` })).toMatchObject({ ok: true });
    expect(await probe({ sourceKind: 'hls', url: `http://${base}/page` })).toMatchObject({
      ok: false,
      detail: 'The answer is not an HLS playlist',
    });
    expect(await probe({ sourceKind: 'hls', url: `http://${base}/gone.m3u8` }, 'zh-CN')).toMatchObject({
      ok: false,
      detail: '地址返回 HTTP 404',
    });
    expect(await probe({ sourceKind: 'http_flv', url: `http://${base}/live.flv` })).toMatchObject({ ok: true });
    expect(await probe({ sourceKind: 'http_flv', url: `http://${base}/live.m3u8` })).toMatchObject({ ok: false });
    expect(await probe({ sourceKind: 'ws_flv', url: `ws://${base}/live.flv` })).toMatchObject({ ok: true });
    expect(await probe({ sourceKind: 'hls', url: 'http://127.0.0.1:1/x.m3u8' })).toMatchObject({
      ok: false,
      detail: 'Cannot connect to 127.0.0.1:1',
    });
  });

  it('checks a demo path on this server in-process, and an RTSP host by TCP', async () => {
    expect(await probe({ sourceKind: 'hls', url: '/api/media/demo/PS03/index.m3u8' })).toMatchObject({ ok: true });
    expect(await probe({ sourceKind: 'hls', url: '/api/media/demo/XX99/index.m3u8' })).toMatchObject({ ok: false });
    // Something listens (the fake HTTP server answers OPTIONS with HTTP, not 5xx RTSP): reachable.
    expect(await probe({ sourceKind: 'rtsp', url: `rtsp://${base}/live` })).toMatchObject({ ok: true });
    expect(await probe({ sourceKind: 'rtsp', url: 'rtsp://127.0.0.1:1/live' })).toMatchObject({ ok: false });
  });

  it('stores the periodic check: online demo cameras, the underpass offline with its reason', async () => {
    const { checked } = await t.app.cameraStatus.runOnce();
    expect(checked).toBe(13);
    const rows = await t.database.db.select().from(cameras);
    expect(rows.find((r) => r.code === 'PS01-CAM01')).toMatchObject({ status: 'online', statusDetail: null });
    const underpass = rows.find((r) => r.code === 'UP01-CAM01');
    expect(underpass?.status).toBe('offline');
    expect(underpass?.statusDetail?.key).toMatch(/^camera\.probe\.(timeout|unreachable)$/);
    expect(underpass?.statusCheckedAt).toEqual(TEST_START);

    // The station's detail lists its registered cameras with the checked state; a disabled one not.
    const ps01 = rows.find((r) => r.code === 'PS01-CAM01')!;
    const detail = async () =>
      (await t.call(pumpStationsApi.get, { params: { id: ps01.stationId! }, token: admin })).json().data.cameras;
    expect(await detail()).toEqual([{ id: ps01.id, code: 'PS01-CAM01', name: ps01.name, status: 'online' }]);
    await t.database.db.update(cameras).set({ enabled: false }).where(eq(cameras.id, ps01.id));
    expect(await detail()).toEqual([]);
  }, 20_000);
});
