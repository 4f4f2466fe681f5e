import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { camerasApi } from '@water/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cameras, operationLog, videoPlatforms } from '../../../db/schema/index.ts';
import { createTestApp, resetDatabase, TEST_START, type TestApp } from '../../../testing/build-app.ts';

/**
 * EZVIZ and wvp, each against a local fake of its HTTP API (issue 19): the EZVIZ token fetched once and
 * reused, fetched again near its expiry and when the platform refuses it (10002), never shown; PTZ
 * forwarded with the platform's direction; wvp's sign-in repeated on 401.
 */

const APP_SECRET = 'secret-4f1c9a77e0b2';
const WVP_PASSWORD = 'wvp-Pass-2026';
const DAY = 86_400_000;

let t: TestApp;
let admin: string;
let server: http.Server;
let base: string;

/** What the fakes saw and how they behave. */
const fake = {
  tokenFetches: 0,
  token: '',
  calls: [] as { path: string; form: Record<string, string> }[],
  logins: 0,
  wvpToken: '',
  wvpCalls: [] as string[],
};

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => resolve(body));
  });
}

function json(res: http.ServerResponse, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(200, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://fake');
  if (url.pathname.startsWith('/api/lapp/')) {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    fake.calls.push({ path: url.pathname, form });
    if (url.pathname === '/api/lapp/token/get') {
      if (form.appSecret !== APP_SECRET) return json(res, { code: '10017', msg: 'appKey或appSecret错误' });
      fake.tokenFetches++;
      fake.token = `at.fake-${fake.tokenFetches}`;
      return json(res, {
        code: '200',
        msg: '操作成功!',
        data: { accessToken: fake.token, expireTime: t.clock.now().getTime() + 7 * DAY },
      });
    }
    if (form.accessToken !== fake.token) return json(res, { code: '10002', msg: 'accessToken过期或异常' });
    if (url.pathname === '/api/lapp/v2/live/address/get')
      return json(res, {
        code: '200',
        msg: 'Operation succeeded',
        data: {
          id: 'x1',
          url: `https://open.ys7.com/v3/openlive/${form.deviceSerial}_${form.channelNo}_1.m3u8?expire=1&id=x1`,
          expireTime: '2026-06-01 16:30:00',
        },
      });
    if (url.pathname === '/api/lapp/device/info') return json(res, { code: '200', data: { status: 1 } });
    return json(res, { code: '200', msg: 'ok' });
  }
  // wvp
  fake.wvpCalls.push(`${url.pathname}${url.search}`);
  if (url.pathname === '/api/user/login') {
    const md5 = createHash('md5').update(WVP_PASSWORD).digest('hex');
    if (url.searchParams.get('password') !== md5) return json(res, { code: 100, msg: '用户名或密码错误' });
    fake.logins++;
    fake.wvpToken = `jwt-${fake.logins}`;
    return json(res, { code: 0, msg: '成功', data: { accessToken: fake.wvpToken } }, { 'access-token': fake.wvpToken });
  }
  if (req.headers['access-token'] !== fake.wvpToken) {
    res.writeHead(401, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ code: 401, msg: '请登录后重新请求' }));
  }
  if (url.pathname.startsWith('/api/play/start/'))
    return json(res, {
      code: 0,
      msg: '成功',
      data: {
        app: 'rtp',
        stream: '34020000001320000001_34020000001310000001',
        flv: `http://${base}/rtp/34020000001320000001_34020000001310000001.live.flv`,
        hls: `http://${base}/rtp/34020000001320000001_34020000001310000001/hls.m3u8`,
      },
    });
  if (url.pathname.startsWith('/api/front-end/ptz/')) {
    res.writeHead(200);
    return res.end();
  }
  return json(res, { code: 0, data: null });
}

beforeAll(async () => {
  server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let ezvizCamera: number;
let wvpCamera: number;
let ezvizPlatform: number;

beforeEach(async () => {
  await resetDatabase(t.database);
  t.clock.set(TEST_START);
  Object.assign(fake, { tokenFetches: 0, token: '', calls: [], logins: 0, wvpToken: '', wvpCalls: [] });
  admin = await t.login();
  const db = t.database.db;
  const [ezviz] = await db
    .insert(videoPlatforms)
    .values({ name: '萤石云', kind: 'ezviz', apiUrl: `http://${base}`, appKey: 'key-1', appSecret: APP_SECRET })
    .returning();
  const [wvp] = await db
    .insert(videoPlatforms)
    .values({ name: '国标平台', kind: 'wvp', apiUrl: `http://${base}`, username: 'admin', password: WVP_PASSWORD })
    .returning();
  ezvizPlatform = ezviz!.id;
  const [region] = await db.select({ id: cameras.regionId }).from(cameras).where(eq(cameras.code, 'PS01-CAM01'));
  const [a, b] = await db
    .insert(cameras)
    .values([
      {
        code: 'EZ-1',
        name: '萤石云台',
        regionId: region!.id,
        ptz: true,
        sourceKind: 'ezviz',
        platformId: ezviz!.id,
        serial: 'D12345678',
        channel: 1,
        verifyCode: 'ABCDEF',
      },
      {
        code: 'GB-1',
        name: '国标云台',
        regionId: region!.id,
        ptz: true,
        sourceKind: 'gb28181',
        platformId: wvp!.id,
        gbDeviceId: '34020000001320000001',
        gbChannelId: '34020000001310000001',
      },
    ])
    .returning();
  ezvizCamera = a!.id;
  wvpCamera = b!.id;
});

const play = (id: number) => t.call(camerasApi.play, { params: { id }, token: admin });
const ptz = (id: number, command: string, speed = 2) =>
  t.call(camerasApi.ptz, { params: { id }, body: { command: command as 'left', speed }, token: admin });

describe('EZVIZ', () => {
  it('fetches the token once and reuses it, and hands out a short-lived address on the video host', async () => {
    const first = await play(ezvizCamera);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      player: 'hls',
      baseURL: 'https://open.ys7.com',
      url: expect.stringMatching(/^https:\/\/open\.ys7\.com\/v3\/openlive\/D12345678_1_1\.m3u8/),
      expiresAt: '2026-06-01T08:30:00.000Z',
      ptz: true,
    });
    expect((await play(ezvizCamera)).statusCode).toBe(200);
    expect(fake.tokenFetches).toBe(1);
    const address = fake.calls.find((c) => c.path === '/api/lapp/v2/live/address/get');
    expect(address?.form).toMatchObject({ protocol: '2', channelNo: '1', code: 'ABCDEF' });
    expect(Number(address?.form.expireTime)).toBeLessThanOrEqual(1800);
    const [row] = await t.database.db.select().from(videoPlatforms).where(eq(videoPlatforms.id, ezvizPlatform));
    expect(row?.accessToken).toBe('at.fake-1');
    expect(row?.tokenExpiresAt?.getTime()).toBe(TEST_START.getTime() + 7 * DAY);
    expect(first.body).not.toContain(APP_SECRET);
    expect(first.body).not.toContain('at.fake');
  });

  it('fetches a new token within an hour of its expiry, and once when the platform says 10002', async () => {
    await play(ezvizCamera);
    t.clock.advance(7 * DAY - 30 * 60_000);
    admin = await t.login();
    expect((await play(ezvizCamera)).statusCode).toBe(200);
    expect(fake.tokenFetches).toBe(2);
    // The platform no longer knows the token (revoked, fetched elsewhere): 10002, fetched again, played.
    fake.token = 'at.someone-else';
    expect((await play(ezvizCamera)).statusCode).toBe(200);
    expect(fake.tokenFetches).toBe(3);
  });

  it('answers a platform error as 502 with its words, the secret nowhere', async () => {
    await t.database.db.update(videoPlatforms).set({ appSecret: 'wrong' }).where(eq(videoPlatforms.id, ezvizPlatform));
    const res = await play(ezvizCamera);
    expect(res.statusCode).toBe(502);
    expect(res.json().msg).toContain('appKey或appSecret错误');
    expect(res.body).not.toContain('wrong');
  });

  it('forwards PTZ with the platform direction and speed, stop to ptz/stop, in the operation log', async () => {
    expect((await ptz(ezvizCamera, 'up_left', 3)).statusCode).toBe(200);
    expect((await ptz(ezvizCamera, 'zoom_out', 1)).statusCode).toBe(200);
    expect((await ptz(ezvizCamera, 'stop')).statusCode).toBe(200);
    const moves = fake.calls.filter((c) => c.path.startsWith('/api/lapp/device/ptz/'));
    expect(moves.map((m) => [m.path, m.form.direction, m.form.speed])).toEqual([
      ['/api/lapp/device/ptz/start', '4', '2'],
      ['/api/lapp/device/ptz/start', '9', '0'],
      ['/api/lapp/device/ptz/stop', undefined, undefined],
    ]);
    const logs = await t.database.db.select().from(operationLog).where(eq(operationLog.action, 'camera.ptz'));
    expect(logs).toHaveLength(3);
    expect(JSON.stringify(logs)).not.toContain(APP_SECRET);
  });

  it('probes an EZVIZ device through the platform', async () => {
    const res = await t.call(camerasApi.probe, {
      body: { sourceKind: 'ezviz', platformId: ezvizPlatform, serial: 'D12345678' },
      token: admin,
      lang: 'en-US',
    });
    expect(res.json().data).toMatchObject({ ok: true, detail: 'The stream answers' });
  });
});

describe('wvp (GB28181)', () => {
  it('signs in with the MD5 of the password, plays HTTP-FLV from ZLMediaKit, signs in again on 401', async () => {
    const res = await play(wvpCamera);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      player: 'flv',
      url: `http://${base}/rtp/34020000001320000001_34020000001310000001.live.flv`,
      baseURL: `http://${base}`,
    });
    expect(fake.logins).toBe(1);
    expect(res.body).not.toContain(WVP_PASSWORD);
    expect(fake.wvpCalls.some((c) => c.includes(WVP_PASSWORD))).toBe(false);
    await play(wvpCamera);
    expect(fake.logins).toBe(1);
    fake.wvpToken = 'jwt-expired-elsewhere';
    expect((await play(wvpCamera)).statusCode).toBe(200);
    expect(fake.logins).toBe(2);
  });

  it('forwards PTZ as wvp commands with speeds', async () => {
    expect((await ptz(wvpCamera, 'down_right', 3)).statusCode).toBe(200);
    expect((await ptz(wvpCamera, 'stop')).statusCode).toBe(200);
    const moves = fake.wvpCalls.filter((c) => c.startsWith('/api/front-end/ptz/'));
    expect(moves[0]).toBe(
      '/api/front-end/ptz/34020000001320000001/34020000001310000001?command=downright&horizonSpeed=255&verticalSpeed=255&zoomSpeed=15',
    );
    expect(moves[1]).toContain('command=stop');
  });
});
