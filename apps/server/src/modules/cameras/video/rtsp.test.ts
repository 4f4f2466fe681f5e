import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { camerasApi } from '@water/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameras } from '../../../db/schema/index.ts';
import { createTestApp, resetDatabase, type TestApp } from '../../../testing/build-app.ts';
import { DEMO_CLIP_DIR } from '../demo-clips.ts';
import { RtspConversions, rtspUrlWithCredentials } from './rtsp.ts';

/**
 * RTSP → HLS with the real ffmpeg (installed here and in CI). The input is the committed demo clip
 * (its fMP4 pieces joined, looped in real time) instead of a camera: the manager takes ffmpeg's input
 * from a function for that.
 */

let t: TestApp;
let admin: string;
let work: string;
let clip: string;

const alive = (pid: number | undefined) => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const waitFor = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  return check();
};

/** The app's conversions, fed from the clip, stopping after `idleMs` unwatched. */
function useClip(app: TestApp, idleMs: number) {
  const conversions = new RtspConversions(app.app, {
    idleMs,
    sweepMs: 200,
    inputOf: () => ['-re', '-stream_loop', '-1', '-i', clip],
  });
  const old = app.app.rtspConversions;
  app.app.rtspConversions = conversions;
  return old.close();
}

const underpass = async (app: TestApp) => {
  const [row] = await app.database.db.select().from(cameras).where(eq(cameras.code, 'UP01-CAM01'));
  return row!;
};

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'rtsp-test-'));
  clip = path.join(work, 'clip.mp4');
  const dir = path.join(DEMO_CLIP_DIR, 'PS01');
  const parts = await Promise.all(
    ['init.mp4', 'seg-0.m4s', 'seg-1.m4s', 'seg-2.m4s'].map((f) => readFile(path.join(dir, f))),
  );
  await writeFile(clip, Buffer.concat(parts));
  t = await createTestApp();
  await resetDatabase(t.database);
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
  await rm(work, { recursive: true, force: true });
});

describe('RTSP conversions', () => {
  it('converts on play, serves the playlist and segments with the ticket only, and stops when unwatched', async () => {
    await useClip(t, 1500);
    const camera = await underpass(t);
    const res = await t.call(camerasApi.play, { params: { id: camera.id }, token: admin });
    expect(res.statusCode).toBe(200);
    const play = res.json().data;
    expect(play).toMatchObject({ player: 'hls', baseURL: null });
    expect(play.url).toMatch(new RegExp(`^/api/media/rtsp/${camera.id}/index\\.m3u8\\?t=`));
    const pid = t.app.rtspConversions.pid(camera.id);
    const dir = t.app.rtspConversions.folder(camera.id);
    expect(alive(pid)).toBe(true);

    // The first fetch waits for ffmpeg's first segment.
    const list = await t.inject({ method: 'GET', url: play.url });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-cache');
    const ticket = play.url.split('?')[1];
    const segment = list.body.split('\n').find((l: string) => l.startsWith('seg-'));
    expect(segment).toBe(`seg-0.ts?${ticket}`);
    const seg = await t.inject({ method: 'GET', url: `/api/media/rtsp/${camera.id}/${segment}` });
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/mp2t');
    expect(seg.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    expect((await t.inject({ method: 'GET', url: `/api/media/rtsp/${camera.id}/seg-0.ts` })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: `/api/media/rtsp/${camera.id}/index.m3u8` })).statusCode).toBe(403);
    // A ticket of another camera does not open this one.
    const other = ticket.replace(/^t=\d+/, 't=1');
    expect(
      (await t.inject({ method: 'GET', url: `/api/media/rtsp/${camera.id}/index.m3u8?${other}` })).statusCode,
    ).toBe(403);

    // Nobody fetches: the conversion stops, ffmpeg is gone, its folder too.
    expect(await waitFor(() => !alive(pid), 6000)).toBe(true);
    expect(t.app.rtspConversions.size).toBe(0);
    expect(await waitFor(() => !existsSync(dir!), 2000)).toBe(true);
  }, 30_000);

  it('stops every conversion when the app closes, and refuses beyond VIDEO_RTSP_MAX', async () => {
    const other = await createTestApp({ VIDEO_RTSP_MAX: '1' });
    try {
      await useClip(other, 60_000);
      const token = await other.login();
      const camera = await underpass(other);
      expect((await other.call(camerasApi.play, { params: { id: camera.id }, token })).statusCode).toBe(200);
      const pid = other.app.rtspConversions.pid(camera.id);
      expect(alive(pid)).toBe(true);
      // A second RTSP camera: over the limit of one.
      const [second] = await other.database.db
        .insert(cameras)
        .values({ ...camera, id: undefined, code: 'UP02-CAM01', deviceId: null })
        .returning();
      const busy = await other.call(camerasApi.play, { params: { id: second!.id }, token, lang: 'en-US' });
      expect(busy.statusCode).toBe(503);
      expect(busy.json().msg).toContain('(1)');
      await other.close();
      expect(await waitFor(() => !alive(pid), 5000)).toBe(true);
    } finally {
      await other.close().catch(() => {});
    }
  }, 30_000);

  it('answers 503 when ffmpeg is missing', async () => {
    const other = await createTestApp({ FFMPEG_PATH: '/nonexistent/ffmpeg' });
    try {
      const token = await other.login();
      const camera = await underpass(other);
      const res = await other.call(camerasApi.play, { params: { id: camera.id }, token, lang: 'en-US' });
      expect(res.statusCode).toBe(503);
      expect(res.json().msg).toContain('ffmpeg is not installed');
    } finally {
      await other.close();
    }
  });

  it('puts the stored username and password into the URL ffmpeg reads, nowhere else', () => {
    expect(
      rtspUrlWithCredentials({
        url: 'rtsp://192.0.2.10:554/Streaming/Channels/101',
        username: 'admin',
        password: 'p@ss:w',
      }),
    ).toBe('rtsp://admin:p%40ss%3Aw@192.0.2.10:554/Streaming/Channels/101');
  });
});
