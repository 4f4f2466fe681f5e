import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../db/schema/index.ts';
import { demoDeviceSecret } from '../db/seed/demo-secrets.ts';
import { bearer, createTestApp, resetDatabase, TEST_START, type TestApp } from '../testing/build-app.ts';

// A built console in miniature: index.html and one hashed script, each with the brotli and gzip
// siblings the build writes beside it.
const dist = mkdtempSync(path.join(os.tmpdir(), 'water-web-dist-'));
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body>${'<p>console</p>'.repeat(100)}</body></html>`;
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
function writeWithSiblings(file: string, content: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}
writeWithSiblings(path.join(dist, 'index.html'), INDEX);
writeWithSiblings(path.join(dist, 'assets/app-abc123.js'), SCRIPT);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: dist, API_RATE_LIMIT: '5', TELEMETRY_FLUSH_MS: '5' });
  await resetDatabase(t.database);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.inject({ method: 'GET', url, headers, remoteAddress });
// A call under the API limit alone (the captcha has the sign-in limit of its own).
const apiCall = (remoteAddress: string) => t.inject({ method: 'GET', url: '/api/openapi.json', remoteAddress });

describe('console files', () => {
  it('sends the brotli sibling of a built asset to a browser that takes br, with its own type and Vary', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip sibling when gzip is all the browser takes, and the file itself when it takes none', async () => {
    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends index.html compressed too, revalidated on every load', async () => {
    const res = await get('/', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeDefined();
    expect(res.headers['x-request-id']).toBeDefined();
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it('sends a hashed asset without validators or a request id: immutable, it is never revalidated', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['last-modified']).toBeUndefined();
    expect(res.headers['x-request-id']).toBeUndefined();
    // A missing one is an error answer like any other, with its request id.
    const missing = await get('/assets/missing.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBeDefined();
  });

  it('does not spend the API rate limit: with API_RATE_LIMIT=5, 20 file requests, then API calls still pass', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await get(i % 2 ? '/' : '/assets/app-abc123.js', {}, '10.99.9.9');
      expect(res.statusCode).toBe(200);
    }
    for (let i = 0; i < 5; i++) expect((await apiCall('10.99.9.9')).statusCode).toBe(200);
    // …and the API limit itself still holds.
    expect((await apiCall('10.99.9.9')).statusCode).toBe(429);
  });

  it('does not count uploads either', async () => {
    for (let i = 0; i < 20; i++) expect((await get('/uploads/none.png', {}, '10.99.9.8')).statusCode).toBe(404);
    expect((await apiCall('10.99.9.8')).statusCode).toBe(200);
  });
});

describe('API answers', () => {
  it('compresses JSON of 1 KB and more for a caller that takes it, and leaves small answers alone', async () => {
    const big = await t.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br' },
      remoteAddress: '10.8.0.1',
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toHaveProperty('openapi', '3.1.0');
    const small = await t.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('streams a CSV export compressed with its X-Total-Rows, its rows intact', async () => {
    const start = TEST_START.getTime() - 3_600_000;
    const points = Array.from({ length: 120 }, (_, i) => ({
      ts: start + i * 30_000,
      values: { level: (i % 7) + 0.5 },
    }));
    const ingest = await t.inject({
      method: 'POST',
      url: '/api/ingest/PS04-LT01',
      headers: { authorization: `Device ${demoDeviceSecret('PS04-LT01')}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ points }),
    });
    expect(ingest.json(), ingest.body).toMatchObject({ code: 200, data: { accepted: 120 } });
    const token = await t.login();
    const [device] = await t.database.db.select({ id: devices.id }).from(devices).where(eq(devices.code, 'PS04-LT01'));
    const range = `from=${new Date(start).toISOString()}&to=${TEST_START.toISOString()}`;
    const res = await t.inject({
      method: 'GET',
      url: `/api/monitoring/history/export?series=${device?.id}:level&${range}&format=csv&resolution=raw`,
      headers: { ...bearer(token), 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['x-total-rows']).toBe('120');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const csv = gunzipSync(res.rawPayload).toString();
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.trimEnd().split('\r\n')).toHaveLength(121);
  });
});
