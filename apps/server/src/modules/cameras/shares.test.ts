import type { CameraShare, PublicCamera } from '@water/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cameraShares, operationLog } from '../../db/schema/index.ts';
import { createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';
import { api, cameraCity, createCamera, fakeVideoHost } from './cameras-testing.ts';
import { readShare, signShare, videoKey } from './video/keys.ts';

let t: TestApp;
let host: Awaited<ReturnType<typeof fakeVideoHost>>;
let admin: string;
let city: Awaited<ReturnType<typeof cameraCity>>;
beforeAll(async () => {
  t = await createTestApp();
  host = await fakeVideoHost();
});
afterAll(async () => {
  await t.close();
  await host.close();
});
beforeEach(async () => {
  await resetDatabase(t.database);
  city = await cameraCity(t);
  admin = await t.login();
});

const camera = (code: string) =>
  createCamera(t, admin, {
    code,
    name: `${code} 摄像头`,
    stationId: city.stations.east.id,
    location: '进水闸门',
    sourceKind: 'hls',
    url: `${host.base}/live.m3u8`,
  });

async function share(cameraId: number, minutes = 60, note = '应急办 王科长') {
  const res = await t.call(api.share, { params: { id: cameraId }, body: { minutes, note }, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as CameraShare & { token: string };
}

/** The public page's call: no session. */
const open = (token: string, lang = 'en-US') => t.call(api.publicView, { query: { token }, lang });

describe('a public link', () => {
  it('opens its camera, with a play address that lasts no longer than the link', async () => {
    const cam = await camera('CAM-1');
    const link = await share(cam.id, 30);
    expect(link).toMatchObject({
      cameraId: cam.id,
      note: '应急办 王科长',
      createdAt: '2026-06-01T08:00:00.000Z',
      expiresAt: '2026-06-01T08:30:00.000Z',
      revokedAt: null,
    });
    expect(link.createdBy).not.toBe('');
    const res = await open(link.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data as PublicCamera).toEqual({
      name: 'CAM-1 摄像头',
      code: 'CAM-1',
      placeName: '东湖泵站',
      location: '进水闸门',
      expiresAt: '2026-06-01T08:30:00.000Z',
      play: {
        cameraId: cam.id,
        player: 'hls',
        url: `${host.base}/live.m3u8`,
        baseURL: host.base,
        // A URL that never expires is still asked for again within 5 minutes: a revoked link stops there.
        expiresAt: '2026-06-01T08:05:00.000Z',
        expectedLatency: 6,
        ptz: false,
      },
    });

    // Listed newest first; its making is in the operation log, its token nowhere but the answer.
    t.clock.advance(1000);
    const second = await share(cam.id, 5);
    const listed = (await t.call(api.shares, { params: { id: cam.id }, token: admin })).json().data as CameraShare[];
    expect(listed.map((s) => s.id)).toEqual([second.id, link.id]);
    expect(JSON.stringify(listed)).not.toContain(link.token);
    const logged = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.module, 'cameras'), eq(operationLog.action, 'camera.share')));
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ result: 'success', targetId: String(cam.id) });
    const rows = JSON.stringify(logged);
    for (const token of [link.token, second.token]) {
      expect(rows).not.toContain(token);
      // Nor the token's signature alone.
      expect(rows).not.toContain(token.split('.').at(-1));
    }
  });

  it('of a stream on this server hands a ticketed address that ends with the link at the latest', async () => {
    const demo = await createCamera(t, admin, {
      code: 'CAM-DEMO',
      name: '演示',
      stationId: city.stations.east.id,
      sourceKind: 'hls',
      url: '/api/media/demo/PS01/index.m3u8',
    });
    expect(demo.status).toBe('online');
    const link = await share(demo.id, 5);
    const res = await open(link.token);
    expect(res.statusCode, res.body).toBe(200);
    const play = (res.json().data as PublicCamera).play;
    expect(play).toMatchObject({ player: 'hls', baseURL: null, expiresAt: link.expiresAt });
    expect(play.url).toMatch(/^\/api\/media\/demo\/PS01\/index\.m3u8\?t=/);
    const playlist = await t.inject({ method: 'GET', url: play.url });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body.startsWith('#EXTM3U')).toBe(true);
  });

  it('hands a public viewer an address that ends within 5 minutes, so a revoked link stops the picture', async () => {
    const demo = await createCamera(t, admin, {
      code: 'CAM-DEMO',
      name: '演示',
      stationId: city.stations.east.id,
      sourceKind: 'hls',
      url: '/api/media/demo/PS01/index.m3u8',
    });
    const link = await share(demo.id, 24 * 60);
    const play = ((await open(link.token)).json().data as PublicCamera).play;
    expect(play.expiresAt).toBe(new Date(t.clock.now().getTime() + 5 * 60_000).toISOString());
    expect((await t.inject({ method: 'GET', url: play.url })).statusCode).toBe(200);
    // Revoked: the page's next ask is refused, and the address it holds ends within the 5 minutes.
    await t.call(api.revokeShare, { params: { id: demo.id, shareId: link.id }, token: admin });
    expect((await open(link.token)).statusCode).toBe(410);
    t.clock.advance(5 * 60_000 + 1000);
    expect((await t.inject({ method: 'GET', url: play.url })).statusCode).toBe(403);
  });

  it('is refused once expired (410), never before', async () => {
    const cam = await camera('CAM-1');
    const link = await share(cam.id, 5);
    t.clock.advance(5 * 60_000 - 1000);
    expect((await open(link.token)).statusCode).toBe(200);
    t.clock.advance(1000);
    const res = await open(link.token);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({
      code: 410,
      msg: 'This link has expired: ask its sender for a new one',
      data: null,
    });
  });

  it('is refused as forged (403) when any part of it was changed', async () => {
    const cam = await camera('CAM-1');
    const link = await share(cam.id);
    const [shareId, cameraId, expires, mac] = link.token.split('.') as [string, string, string, string];
    const flip = (s: string) => (s.at(-1) === 'A' ? `${s.slice(0, -1)}B` : `${s.slice(0, -1)}A`);
    const forged = [
      `${shareId}.${cameraId}.${Number(expires) + 86_400}.${mac}`,
      `${shareId}.${Number(cameraId) + 1}.${expires}.${mac}`,
      `${Number(shareId) + 1}.${cameraId}.${expires}.${mac}`,
      `${shareId}.${cameraId}.${expires}.${flip(mac)}`,
      `${shareId}.${cameraId}.${expires}`,
      'not-a-token',
    ];
    for (const token of forged) {
      const res = await open(token);
      expect(res.statusCode, token).toBe(403);
      expect(res.json().msg, token).toBe('This link is not valid: it was not made by this console, or it was altered');
    }
  });

  it('of one camera never opens another, even signed by this server with the other camera named', async () => {
    const a = await camera('CAM-A');
    const b = await camera('CAM-B');
    const link = await share(a.id);
    const claims = readShare(await videoKey(t.database), link.token)!;
    expect(claims).toMatchObject({ shareId: link.id, cameraId: a.id });
    // The signature cannot be recomputed by a holder; were it (a leaked key), the row still names camera A.
    const forB = signShare(await videoKey(t.database), { ...claims, cameraId: b.id });
    expect((await open(forB)).statusCode).toBe(403);
    // A row moved to another camera after the link was made (the token names A): refused too.
    await t.database.db.update(cameraShares).set({ cameraId: b.id }).where(eq(cameraShares.id, link.id));
    expect((await open(link.token)).statusCode).toBe(403);
    // A longer expiry than its row's: refused.
    await t.database.db.update(cameraShares).set({ cameraId: a.id }).where(eq(cameraShares.id, link.id));
    const longer = signShare(await videoKey(t.database), { ...claims, expiresAt: claims.expiresAt + 3600 });
    expect((await open(longer)).statusCode).toBe(403);
    expect((await open(link.token)).statusCode).toBe(200);
  });

  it('is refused once revoked, its camera disabled or deleted (410)', async () => {
    const cam = await camera('CAM-1');
    const link = await share(cam.id);
    const other = await share(cam.id);
    const revoked = await t.call(api.revokeShare, {
      params: { id: cam.id, shareId: link.id },
      token: admin,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const res = await open(link.token);
    expect([res.statusCode, res.json().msg]).toEqual([410, 'This link was revoked']);
    expect((await open(other.token)).statusCode).toBe(200);
    // Revoking it through another camera's path finds nothing.
    const cam2 = await camera('CAM-2');
    expect(
      (await t.call(api.revokeShare, { params: { id: cam2.id, shareId: other.id }, token: admin })).statusCode,
    ).toBe(404);

    await t.call(api.setEnabled, { params: { id: cam.id }, body: { enabled: false }, token: admin });
    const off = await open(other.token);
    expect([off.statusCode, off.json().msg]).toEqual([410, 'This camera is disabled']);
    // A disabled camera gets no new link.
    const refused = await t.call(api.share, { params: { id: cam.id }, body: {}, token: admin });
    expect(refused.statusCode).toBe(409);
    await t.call(api.setEnabled, { params: { id: cam.id }, body: { enabled: true }, token: admin });
    expect((await open(other.token)).statusCode).toBe(200);

    await t.call(api.remove, { params: { id: cam.id }, token: admin });
    expect((await open(other.token)).statusCode).toBe(410);
    const actions = await t.database.db
      .select({ result: operationLog.result })
      .from(operationLog)
      .where(and(eq(operationLog.module, 'cameras'), eq(operationLog.action, 'camera.share-revoke')))
      .orderBy(operationLog.id);
    expect(actions.map((a) => a.result)).toEqual(['success', 'failure']);
  });
});
