import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoSources } from '../modules/cameras/video/csp.ts';
import { createTestApp, resetDatabase, type TestApp } from '../testing/build-app.ts';
import { SUBRESOURCE_CSP, tileSource } from './security-headers.ts';

const dist = mkdtempSync(path.join(os.tmpdir(), 'water-web-dist-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'assets/app-abc123.js'), 'export {};');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: dist, MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png' });
  proxied = await createTestApp({ WEB_DIST: dist, TRUST_PROXY: 'true' });
  await resetDatabase(t.database);
  // The video hosts as the seed leaves them (the demo cameras play from this server: none), not as the
  // tables stood when the app started (another file's cameras, on a worker's shared database).
  t.app.cspSources.video = await videoSources(t.app);
  proxied.app.cspSources.video = t.app.cspSources.video;
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

function expectSecurityHeaders(res: LightMyRequestResponse) {
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self';");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('security headers', () => {
  it('are on an API answer, which is not to be stored', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/user/pc/captcha' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('are on console files, which keep their own caching', async () => {
    const index = await t.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expectSecurityHeaders(index);
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await t.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expectSecurityHeaders(asset);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('carry a short, shut policy where the browser applies none: a script, style, image or font it loads into a page', async () => {
    for (const destination of ['script', 'style', 'image', 'font']) {
      const asset = await t.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: { 'sec-fetch-dest': destination, 'accept-encoding': 'br' },
      });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-security-policy']).toBe(SUBRESOURCE_CSP);
      expect(asset.headers.vary).toMatch(/sec-fetch-dest/i);
      expect(asset.headers['x-frame-options']).toBe('DENY');
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      expect(asset.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('carry the full policy wherever one runs under it: a worker, a document, or a request that does not say', async () => {
    for (const headers of [{ 'sec-fetch-dest': 'worker' }, { 'sec-fetch-dest': 'document' }, {}]) {
      const asset = await t.inject({ method: 'GET', url: '/assets/app-abc123.js', headers });
      expectSecurityHeaders(asset);
      expect(String(asset.headers.vary ?? '')).not.toMatch(/sec-fetch-dest/i);
    }
    const index = await t.inject({ method: 'GET', url: '/', headers: { 'sec-fetch-dest': 'document' } });
    expectSecurityHeaders(index);
    // fetch() of the API: destination "empty".
    const api = await t.inject({ method: 'GET', url: '/api/user/pc/captcha', headers: { 'sec-fetch-dest': 'empty' } });
    expectSecurityHeaders(api);
  });

  it('are on error answers: an unknown API path, a missing file', async () => {
    const api = await t.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expectSecurityHeaders(api);
    expect(api.headers['cache-control']).toBe('no-store');
    const file = await t.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(file.statusCode).toBe(404);
    expectSecurityHeaders(file);
  });

  it('let the maps load tiles from MAP_TILE_URL, workers from blob:, and the WebSocket reach this host', async () => {
    const res = await t.inject({ method: 'GET', url: '/', headers: { host: 'ops.example.org:8080' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: blob: https://*.tiles.example.com;");
    expect(csp).toContain(
      "connect-src 'self' ws://ops.example.org:8080 wss://ops.example.org:8080 https://*.tiles.example.com;",
    );
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    // A Host header that is not a plain host is left out rather than written into the policy.
    const odd = await t.inject({ method: 'GET', url: '/', headers: { host: "evil; script-src 'unsafe-inline'" } });
    expect(String(odd.headers['content-security-policy'])).toContain("connect-src 'self' https://*.tiles.example.com;");
  });

  it('reads the tile origin off the URL template', () => {
    expect(tileSource('https://tiles.example.com:8443/{z}/{x}/{y}.png')).toBe('https://tiles.example.com:8443');
    expect(tileSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileSource('https://tile-{s}.example.org/{z}/{x}/{y}.png')).toBe('https:');
    expect(tileSource(undefined)).toBeNull();
  });

  it('send HSTS only behind a trusted proxy that says the request came over HTTPS', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const behindProxy = await proxied.inject({ method: 'GET', url: '/healthz', headers: https });
    expect(behindProxy.headers['strict-transport-security']).toBe('max-age=31536000');
    expectSecurityHeaders(behindProxy);
    const plainHttp = await proxied.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(plainHttp.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY anyone could send the header: it is not believed.
    const untrusted = await t.inject({ method: 'GET', url: '/healthz', headers: https });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });
});
