import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameras, videoPlatforms } from '../../../db/schema/index.ts';
import { createTestApp, resetDatabase, type TestApp } from '../../../testing/build-app.ts';
import { videoSources } from './csp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await resetDatabase(t.database);
  // The hosts as the seed leaves them, not as the worker's shared database stood when the app started.
  t.app.cspSources.video = await videoSources(t.app);
});
afterAll(async () => {
  // The worker's database is shared by the files it runs: leave no cameras or platforms for the next.
  await t.database.db.delete(cameras);
  await t.database.db.delete(videoPlatforms);
  await t.close();
});

describe('the CSP lets the console reach the registered video hosts, and no others', () => {
  it('adds enabled URL cameras origins, EZVIZ stream domains and a wvp host on any port to connect-src and media-src', async () => {
    const before = String((await t.inject({ method: 'GET', url: '/api/healthz' })).headers['content-security-policy']);
    expect(before).toContain("media-src 'self' blob:;");
    const [ezviz] = await t.database.db
      .insert(videoPlatforms)
      .values([
        { name: 'EZVIZ', kind: 'ezviz', apiUrl: 'https://open.ys7.com', appKey: 'k', appSecret: 's' },
        { name: 'wvp', kind: 'wvp', apiUrl: 'http://10.20.0.5:18080', username: 'admin' },
      ])
      .returning();
    await t.database.db.insert(cameras).values([
      { code: 'CSP-1', name: 'a', sourceKind: 'hls', url: 'https://media.example.cn/live/a.m3u8' },
      { code: 'CSP-2', name: 'b', sourceKind: 'ws_flv', url: 'ws://10.20.0.6:80/live/b.live.flv' },
      { code: 'CSP-3', name: 'c', sourceKind: 'hls', url: 'https://off.example.cn/c.m3u8', enabled: false },
      { code: 'CSP-4', name: 'd', sourceKind: 'hls', url: '/api/media/demo/PS01/index.m3u8' },
      { code: 'CSP-5', name: 'e', sourceKind: 'rtsp', url: 'rtsp://10.20.0.7:554/x' },
      { code: 'CSP-6', name: 'f', sourceKind: 'ezviz', platformId: ezviz?.id ?? null, serial: 'D12345678' },
    ]);
    const sources = (await videoSources(t.app)).split(' ');
    expect(sources).toEqual(
      expect.arrayContaining([
        'https://media.example.cn',
        'ws://10.20.0.6',
        'https://*.ys7.com',
        'wss://*.ys7.com',
        'http://10.20.0.5:*',
        'wss://10.20.0.5:*',
      ]),
    );
    // A disabled camera's host, this server's own paths and an RTSP address (the browser never fetches it) stay out.
    expect(sources.join(' ')).not.toMatch(/off\.example|rtsp|\/api\/media/);
    t.app.cspSources.video = await videoSources(t.app);
    const after = String((await t.inject({ method: 'GET', url: '/api/healthz' })).headers['content-security-policy']);
    expect(after).toMatch(/connect-src 'self'[^;]* https:\/\/media\.example\.cn/);
    expect(after).toMatch(/media-src 'self' blob: [^;]*https:\/\/media\.example\.cn/);
  });
});
