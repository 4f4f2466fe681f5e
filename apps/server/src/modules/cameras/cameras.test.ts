import type { Camera, CameraInput, CameraLayout, CameraTreeNode, Endpoint, VideoPlatform } from '@water/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cameraLayouts, cameras, operationLog, videoPlatforms } from '../../db/schema/index.ts';
import { createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';
import { limitRoleToRegions } from '../../testing/fixtures.ts';
import { api, cameraCity, cameraInput, createCamera, fakeVideoHost, fields } from './cameras-testing.ts';

let t: TestApp;
let host: Awaited<ReturnType<typeof fakeVideoHost>>;
let admin: string;
let user: string;
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
  // The demo cameras go with the demo city's stations; then their platforms can go too.
  city = await cameraCity(t);
  await t.database.db.delete(videoPlatforms);
  admin = await t.login();
  user = await t.login('user', 'User@2026');
});

const RTSP_PASSWORD = 'Rtsp-S3cret-9931';
const VERIFY_CODE = 'QWERTZ';
const APP_SECRET = 'app-secret-7f3e9a';

const hls = (over: Partial<CameraInput> = {}): CameraInput => ({
  code: 'CAM-E1',
  name: '东湖泵站进水口',
  stationId: city.stations.east.id,
  location: '进水闸门',
  sourceKind: 'hls',
  url: `${host.base}/live.m3u8`,
  ...over,
});

async function platform(body: Record<string, unknown>, token = admin): Promise<VideoPlatform> {
  const res = await t.call(api.createPlatform, { body: body as never, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const ezvizPlatform = () =>
  platform({ name: '萤石云', kind: 'ezviz', apiUrl: 'https://open.ys7.com', appKey: 'key-1', appSecret: APP_SECRET });
const wvpPlatform = () =>
  platform({ name: '国标平台', kind: 'wvp', apiUrl: 'http://10.0.0.5:18080', username: 'admin', password: 'wvp-pass' });

describe('registering a camera', () => {
  it('probes an HLS source, takes the station region, and answers it online', async () => {
    const cam = await createCamera(t, admin, hls({ deviceId: city.devices.cam1.id }));
    expect(cam).toMatchObject({
      code: 'CAM-E1',
      stationName: '东湖泵站',
      regionId: city.city.east.id,
      regionName: '城东区',
      deviceCode: 'CAM-DEV-1',
      status: 'online',
      statusDetail: '',
      statusCheckedAt: '2026-06-01T08:00:00.000Z',
      passwordSet: false,
      verifyCodeSet: false,
    });
    expect((await t.call(api.get, { params: { id: cam.id }, token: user })).json().data).toEqual(cam);

    // A site's camera is in the site's region; a camera of neither names its region.
    const atSite = await createCamera(t, admin, hls({ code: 'CAM-T', stationId: null, siteId: city.site.id }));
    expect(atSite).toMatchObject({ siteName: '城西末梢水', regionName: '城西区', stationId: null });
    const underpass = await createCamera(
      t,
      admin,
      hls({ code: 'CAM-U', stationId: null, regionId: city.city.basin.id, location: '滨江路下穿' }),
    );
    expect(underpass).toMatchObject({ regionName: '滨江排水片区', stationName: '', siteName: '' });
  });

  it('refuses what the contract cannot check, each naming its field', async () => {
    const ezviz = await ezvizPlatform();
    const wvp = await wvpPlatform();
    await createCamera(t, admin, hls({ code: 'CAM-LINKED', deviceId: city.devices.cam2.id }));
    const cases: [Partial<CameraInput>, string, string][] = [
      [{ stationId: 99999 }, 'stationId', 'No such station within your data scope'],
      [{ stationId: null, siteId: 99999 }, 'siteId', 'No such site within your data scope'],
      [{ stationId: null, regionId: 99999 }, 'regionId', 'No such monitoring region'],
      [{ deviceId: 99999 }, 'deviceId', 'No such device in service within your data scope'],
      [{ deviceId: city.devices.level.id }, 'deviceId', 'No such device in service within your data scope'],
      [{ deviceId: city.devices.archived.id }, 'deviceId', 'No such device in service within your data scope'],
      [{ deviceId: city.devices.cam2.id }, 'deviceId', 'No such device in service within your data scope'],
      [
        { sourceKind: 'ezviz', url: '', platformId: wvp.id, serial: 'D12345678' },
        'platformId',
        'No such video platform of this kind',
      ],
      [
        {
          sourceKind: 'gb28181',
          url: '',
          platformId: ezviz.id,
          gbDeviceId: '3'.repeat(20),
          gbChannelId: '4'.repeat(20),
        },
        'platformId',
        'No such video platform of this kind',
      ],
      [
        { sourceKind: 'ezviz', url: '', platformId: 99999, serial: 'D12345678' },
        'platformId',
        'No such video platform of this kind',
      ],
    ];
    for (const [over, field, message] of cases) {
      const res = await t.call(api.create, { body: hls(over), token: admin, lang: 'en-US' });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().data.errors, JSON.stringify(over)).toEqual([{ field, message }]);
    }
    // Nothing was written by a refused call.
    expect(await t.database.db.$count(cameras)).toBe(1);
  });

  it('refuses a URL that does not answer a playlist, saying why, and a repeated code', async () => {
    const missing = await t.call(api.create, {
      body: hls({ url: `${host.base}/gone.m3u8` }),
      token: admin,
      lang: 'en-US',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.errors).toEqual([
      {
        field: 'url',
        message: 'This stream cannot be opened (The address answered HTTP 404): check the address and the network',
      },
    ]);
    const page = await t.call(api.create, { body: hls({ url: `${host.base}/page` }), token: admin });
    expect(page.statusCode).toBe(400);
    expect(page.json().data.errors).toEqual([
      { field: 'url', message: '无法打开该视频地址（返回的内容不是 HLS 播放列表），请检查地址和网络' },
    ]);
    expect(await t.database.db.$count(cameras)).toBe(0);

    await createCamera(t, admin, hls());
    const again = await t.call(api.create, { body: hls({ name: '另一个' }), token: admin });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(409);
  });

  it('probes again only when the source changes', async () => {
    const cam = await createCamera(t, admin, hls());
    // Without a change of source, a dead host is not asked: the name changes, the state stays.
    await t.database.db
      .update(cameras)
      .set({ url: `${host.base}/gone.m3u8` })
      .where(eq(cameras.id, cam.id));
    t.clock.advance(60_000);
    const renamed = await t.call(api.update, {
      params: { id: cam.id },
      body: cameraInput({ ...cam, url: `${host.base}/gone.m3u8` }, { name: '改名' }),
      token: admin,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: '改名', status: 'online', statusCheckedAt: cam.statusCheckedAt });
    // A new URL is checked.
    const moved = await t.call(api.update, {
      params: { id: cam.id },
      body: cameraInput(cam, { url: `${host.base}/elsewhere.m3u8` }),
      token: admin,
    });
    expect(moved.statusCode).toBe(400);
    expect(fields(moved)).toEqual(['url']);
  });
});

describe('credentials', () => {
  it('are never answered nor logged: password and verification code kept, replaced or cleared', async () => {
    const ezviz = await ezvizPlatform();
    const rtsp = await createCamera(t, admin, {
      code: 'CAM-R',
      name: '格栅间',
      stationId: city.stations.east.id,
      sourceKind: 'rtsp',
      url: 'rtsp://10.1.2.3:554/Streaming/Channels/101',
      username: 'viewer',
      password: RTSP_PASSWORD,
      // Not an EZVIZ source: stored empty.
      verifyCode: VERIFY_CODE,
    });
    expect(rtsp).toMatchObject({ passwordSet: true, verifyCodeSet: false, username: 'viewer', status: 'unknown' });
    const ez = await createCamera(t, admin, {
      code: 'CAM-Z',
      name: '出水口',
      stationId: city.stations.east.id,
      sourceKind: 'ezviz',
      platformId: ezviz.id,
      serial: 'D12345678',
      channel: 2,
      ptz: true,
      verifyCode: VERIFY_CODE,
      // Not what an EZVIZ source uses: stored empty.
      url: 'http://example.com/x.m3u8',
      username: 'nobody',
      password: RTSP_PASSWORD,
    });
    expect(ez).toMatchObject({
      url: '',
      username: '',
      passwordSet: false,
      verifyCodeSet: true,
      platformName: '萤石云',
    });

    const answers = [
      (await t.call(api.list, { token: user })).body,
      (await t.call(api.tree, { token: user })).body,
      (await t.call(api.get, { params: { id: rtsp.id }, token: admin })).body,
      (await t.call(api.get, { params: { id: ez.id }, token: admin })).body,
      (await t.call(api.platforms, { token: admin })).body,
    ];
    const logged = await t.database.db.select().from(operationLog).where(eq(operationLog.module, 'cameras'));
    expect(logged.map((l) => l.action).sort()).toEqual(['camera.create', 'camera.create', 'platform.create']);
    const rows = JSON.stringify(logged);
    expect(rows).toContain('D12345678');
    for (const text of [...answers, rows]) {
      for (const s of [RTSP_PASSWORD, VERIFY_CODE, APP_SECRET]) expect(text).not.toContain(s);
    }

    // Left out: kept. '': cleared. Text: replaced.
    const update = (c: Camera, over: Partial<CameraInput>) =>
      t.call(api.update, { params: { id: c.id }, body: cameraInput(c, over), token: admin });
    expect((await update(rtsp, { name: '格栅间 1' })).json().data.passwordSet).toBe(true);
    const [kept] = await t.database.db.select().from(cameras).where(eq(cameras.id, rtsp.id));
    expect(kept?.password).toBe(RTSP_PASSWORD);
    await update(rtsp, { password: 'another' });
    const [replaced] = await t.database.db.select().from(cameras).where(eq(cameras.id, rtsp.id));
    expect(replaced?.password).toBe('another');
    expect((await update(rtsp, { password: '' })).json().data.passwordSet).toBe(false);
    expect((await update(ez, { verifyCode: '' })).json().data.verifyCodeSet).toBe(false);
    // A source kind that uses no password drops the stored one.
    await update(rtsp, { password: 'again' });
    const hlsNow = await update(rtsp, { sourceKind: 'hls', url: `${host.base}/live.m3u8` });
    expect(hlsNow.json().data).toMatchObject({ passwordSet: false, username: '', status: 'online' });
  });
});

describe('the plain user', () => {
  it('reads cameras and keeps layouts, and is refused every registry, platform and link write', async () => {
    const cam = await createCamera(t, admin, hls());
    const p = await ezvizPlatform();
    for (const e of [api.list, api.tree, api.layouts]) {
      expect((await t.call(e as Endpoint, { token: user })).statusCode, e.path).toBe(200);
    }
    expect((await t.call(api.get, { params: { id: cam.id }, token: user })).statusCode).toBe(200);
    const writes: [Endpoint, Record<string, unknown>][] = [
      [api.create, { body: hls({ code: 'NEW' }) }],
      [api.update, { params: { id: cam.id }, body: cameraInput(cam) }],
      [api.setEnabled, { params: { id: cam.id }, body: { enabled: false } }],
      [api.remove, { params: { id: cam.id } }],
      [api.platforms, {}],
      [api.createPlatform, { body: { name: 'x', kind: 'wvp', apiUrl: 'http://a', username: 'u' } }],
      [
        api.updatePlatform,
        { params: { id: p.id }, body: { name: 'x', kind: 'ezviz', apiUrl: 'http://a', appKey: 'k' } },
      ],
      [api.deletePlatform, { params: { id: p.id } }],
      [api.shares, { params: { id: cam.id } }],
      [api.share, { params: { id: cam.id }, body: {} }],
      [api.revokeShare, { params: { id: cam.id, shareId: 1 } }],
    ];
    for (const [e, input] of writes) {
      const res = await t.call(e, { ...input, token: user });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(403);
    }
    const denied = await t.database.db
      .select({ action: operationLog.action })
      .from(operationLog)
      .where(and(eq(operationLog.module, 'cameras'), eq(operationLog.result, 'denied')));
    expect(denied.length).toBe(writes.filter(([e]) => e.method !== 'GET').length);
    expect(await t.database.db.$count(cameras)).toBe(1);
  });
});

describe('the region limit', () => {
  it('shows a limited role only its regions cameras, and lets it register none elsewhere', async () => {
    const east = await createCamera(t, admin, hls());
    const west = await createCamera(
      t,
      admin,
      hls({ code: 'CAM-W1', name: '西岭泵站', stationId: city.stations.west.id }),
    );
    const tap = await createCamera(t, admin, hls({ code: 'CAM-T1', stationId: null, siteId: city.site.id }));
    await limitRoleToRegions(t.database.db, 'user', [city.city.east.id]);
    await t.grant('user', 'video:camera:write');
    user = await t.login('user', 'User@2026');

    const list = (await t.call(api.list, { token: user })).json().data;
    expect(list.list.map((c: Camera) => c.code)).toEqual(['CAM-E1']);
    expect(list.total).toBe(1);
    const tree = (await t.call(api.tree, { token: user })).json().data as CameraTreeNode[];
    expect(tree.map((n) => n.key)).toEqual([`station:${city.stations.east.id}`]);
    for (const c of [west, tap]) {
      expect((await t.call(api.get, { params: { id: c.id }, token: user })).statusCode).toBe(404);
      expect((await t.call(api.remove, { params: { id: c.id }, token: user })).statusCode).toBe(404);
    }
    const elsewhere = await t.call(api.create, {
      body: hls({ code: 'CAM-W2', stationId: city.stations.west.id }),
      token: user,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(fields(elsewhere)).toEqual(['stationId']);
    const region = await t.call(api.create, {
      body: hls({ code: 'CAM-W3', stationId: null, regionId: city.city.west.id }),
      token: user,
    });
    expect(fields(region)).toEqual(['regionId']);
    expect((await t.call(api.get, { params: { id: east.id }, token: user })).statusCode).toBe(200);
  });

  it('filters and finds by keyword (code, name, location, station), kind, state and region', async () => {
    await createCamera(t, admin, hls());
    await createCamera(
      t,
      admin,
      hls({ code: 'CAM-W1', name: '二号', stationId: city.stations.west.id, location: '出水池' }),
    );
    await createCamera(t, admin, {
      code: 'CAM-R',
      name: '三号',
      regionId: city.city.basin.id,
      sourceKind: 'rtsp',
      url: 'rtsp://10.0.0.9/1',
      enabled: false,
    });
    const codes = async (query: Record<string, unknown>) =>
      ((await t.call(api.list, { query: query as never, token: admin })).json().data.list as Camera[]).map(
        (c) => c.code,
      );
    expect(await codes({})).toEqual(['CAM-E1', 'CAM-R', 'CAM-W1']);
    expect(await codes({ keyword: '西岭' })).toEqual(['CAM-W1']);
    expect(await codes({ keyword: '出水' })).toEqual(['CAM-W1']);
    expect(await codes({ keyword: 'cam-e' })).toEqual(['CAM-E1']);
    expect(await codes({ keyword: '三' })).toEqual(['CAM-R']);
    expect(await codes({ sourceKind: 'rtsp' })).toEqual(['CAM-R']);
    expect(await codes({ status: 'online' })).toEqual(['CAM-E1', 'CAM-W1']);
    expect(await codes({ enabled: 'false' })).toEqual(['CAM-R']);
    expect(await codes({ regionId: city.city.east.id })).toEqual(['CAM-E1', 'CAM-R']);
    expect(await codes({ stationId: city.stations.west.id })).toEqual(['CAM-W1']);
  });
});

describe('the live view tree', () => {
  it('groups enabled cameras by station, then site, then region, cameras by code', async () => {
    await createCamera(t, admin, hls({ code: 'CAM-E2' }));
    await createCamera(t, admin, hls({ code: 'CAM-E1' }));
    await createCamera(t, admin, hls({ code: 'CAM-T1', stationId: null, siteId: city.site.id }));
    await createCamera(t, admin, hls({ code: 'CAM-U1', stationId: null, regionId: city.city.basin.id }));
    await createCamera(t, admin, hls({ code: 'CAM-OFF', stationId: city.stations.west.id, enabled: false }));
    const tree = (await t.call(api.tree, { token: user })).json().data as CameraTreeNode[];
    expect(tree.map((n) => [n.key, n.name, n.cameras.map((c) => c.code)])).toEqual([
      [`station:${city.stations.east.id}`, '东湖泵站', ['CAM-E1', 'CAM-E2']],
      [`site:${city.site.id}`, '城西末梢水', ['CAM-T1']],
      [`region:${city.city.basin.id}`, '滨江排水片区', ['CAM-U1']],
    ]);
    expect(tree[0]?.cameras[0]).toMatchObject({ status: 'online', sourceKind: 'hls', ptz: false });
  });
});

describe('disabling and deleting', () => {
  it('logs a disable as camera.status, and a delete takes its links and its tiles with it', async () => {
    const cam = await createCamera(t, admin, hls());
    const other = await createCamera(t, admin, hls({ code: 'CAM-E2' }));
    const off = await t.call(api.setEnabled, { params: { id: cam.id }, body: { enabled: false }, token: admin });
    expect(off.json().data.enabled).toBe(false);
    await t.call(api.setEnabled, { params: { id: cam.id }, body: { enabled: true }, token: admin });
    const share = await t.call(api.share, { params: { id: cam.id }, body: { minutes: 30 }, token: admin });
    expect(share.statusCode).toBe(200);
    const mine = await t.call(api.createLayout, {
      body: { name: '四画面', grid: 4, tiles: [cam.id, null, other.id, cam.id] },
      token: admin,
    });
    const theirs = await t.call(api.createLayout, { body: { name: '值班', grid: 1, tiles: [cam.id] }, token: user });
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);

    const gone = await t.call(api.remove, { params: { id: cam.id }, token: admin });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await t.call(api.get, { params: { id: cam.id }, token: admin })).statusCode).toBe(404);
    const layouts = await t.database.db.select().from(cameraLayouts).orderBy(cameraLayouts.id);
    expect(layouts.map((l) => l.tiles)).toEqual([[null, null, other.id, null], [null]]);
    const logged = await t.database.db
      .select({ action: operationLog.action, targetId: operationLog.targetId })
      .from(operationLog)
      .where(and(eq(operationLog.module, 'cameras'), eq(operationLog.result, 'success')))
      .orderBy(operationLog.id);
    expect(logged.map((l) => l.action)).toEqual([
      'camera.create',
      'camera.create',
      'camera.status',
      'camera.status',
      'camera.share',
      'layout.create',
      'layout.create',
      'camera.delete',
    ]);
  });
});

describe('video platforms', () => {
  it('keep secrets, drop the cached token when credentials change, and are not deleted while in use', async () => {
    const p = await ezvizPlatform();
    expect(p).toMatchObject({
      appSecretSet: true,
      passwordSet: false,
      username: '',
      cameraCount: 0,
      tokenExpiresAt: null,
    });
    const expires = new Date('2026-06-08T08:00:00Z');
    await t.database.db
      .update(videoPlatforms)
      .set({ accessToken: 'at.cached', tokenExpiresAt: expires })
      .where(eq(videoPlatforms.id, p.id));
    const body = { name: '萤石云（厂区）', kind: 'ezviz', apiUrl: 'https://open.ys7.com', appKey: 'key-1' } as const;
    const renamed = await t.call(api.updatePlatform, { params: { id: p.id }, body, token: admin });
    expect(renamed.json().data).toMatchObject({ appSecretSet: true, tokenExpiresAt: expires.toISOString() });
    const rekeyed = await t.call(api.updatePlatform, {
      params: { id: p.id },
      body: { ...body, appSecret: 'new-secret' },
      token: admin,
    });
    expect(rekeyed.json().data).toMatchObject({ appSecretSet: true, tokenExpiresAt: null });
    const [row] = await t.database.db.select().from(videoPlatforms).where(eq(videoPlatforms.id, p.id));
    expect(row).toMatchObject({ appSecret: 'new-secret', accessToken: null });

    await createCamera(t, admin, {
      code: 'CAM-Z',
      name: 'z',
      stationId: city.stations.east.id,
      sourceKind: 'ezviz',
      platformId: p.id,
      serial: 'D12345678',
    });
    const listed = (await t.call(api.platforms, { token: admin })).json().data as VideoPlatform[];
    expect(listed.map((x) => [x.name, x.cameraCount])).toEqual([['萤石云（厂区）', 1]]);
    const busy = await t.call(api.deletePlatform, { params: { id: p.id }, token: admin, lang: 'en-US' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().msg).toBe('1 cameras are reached through this platform: it cannot be deleted');
    const kind = await t.call(api.updatePlatform, {
      params: { id: p.id },
      body: { name: 'w', kind: 'wvp', apiUrl: 'http://10.0.0.5', username: 'admin' },
      token: admin,
    });
    expect(kind.statusCode).toBe(400);
    expect(fields(kind)).toEqual(['kind']);

    const w = await wvpPlatform();
    expect(w).toMatchObject({ appKey: '', appSecretSet: false, username: 'admin', passwordSet: true });
    expect((await t.call(api.deletePlatform, { params: { id: w.id }, token: admin })).statusCode).toBe(200);
    expect((await t.call(api.platforms, { token: admin })).json().data).toHaveLength(1);
    const logged = JSON.stringify(await t.database.db.select().from(operationLog));
    for (const s of [APP_SECRET, 'new-secret', 'wvp-pass', 'at.cached']) expect(logged).not.toContain(s);
  });
});

describe('layouts', () => {
  it('are each user own: names unique per user, tiles only cameras the user may see', async () => {
    const east = await createCamera(t, admin, hls());
    const west = await createCamera(t, admin, hls({ code: 'CAM-W1', stationId: city.stations.west.id }));
    const made = await t.call(api.createLayout, {
      body: { name: '值班', grid: 4, tiles: [east.id, west.id] },
      token: user,
    });
    expect(made.statusCode, made.body).toBe(200);
    const layout = made.json().data as CameraLayout;
    expect(layout).toMatchObject({ name: '值班', grid: 4, tiles: [east.id, west.id] });
    // The same name is another user's to take, not the same user's.
    expect(
      (await t.call(api.createLayout, { body: { name: '值班', grid: 1, tiles: [] }, token: admin })).statusCode,
    ).toBe(200);
    const twice = await t.call(api.createLayout, { body: { name: '值班', grid: 1, tiles: [] }, token: user });
    expect(twice.statusCode).toBe(409);

    const mine = (await t.call(api.layouts, { token: user })).json().data as CameraLayout[];
    expect(mine.map((l) => l.id)).toEqual([layout.id]);
    for (const [e, input] of [
      [api.updateLayout, { params: { id: layout.id }, body: { name: 'x', grid: 1, tiles: [] } }],
      [api.deleteLayout, { params: { id: layout.id } }],
    ] as const) {
      expect((await t.call(e as Endpoint, { ...input, token: admin })).statusCode).toBe(404);
    }

    const unknown = await t.call(api.updateLayout, {
      params: { id: layout.id },
      body: { name: '值班', grid: 9, tiles: [east.id, 99999, null] },
      token: user,
      lang: 'en-US',
    });
    expect(unknown.json().data.errors).toEqual([
      { field: 'tiles.1', message: 'No such camera within your data scope' },
    ]);
    await limitRoleToRegions(t.database.db, 'user', [city.city.east.id]);
    user = await t.login('user', 'User@2026');
    const hidden = await t.call(api.updateLayout, {
      params: { id: layout.id },
      body: { name: '值班', grid: 4, tiles: [null, west.id] },
      token: user,
    });
    expect(fields(hidden)).toEqual(['tiles.1']);
    const changed = await t.call(api.updateLayout, {
      params: { id: layout.id },
      body: { name: '白班', grid: 1, tiles: [east.id] },
      token: user,
    });
    expect(changed.json().data).toMatchObject({ name: '白班', grid: 1, tiles: [east.id] });
    expect((await t.call(api.deleteLayout, { params: { id: layout.id }, token: user })).statusCode).toBe(200);
    expect((await t.call(api.layouts, { token: user })).json().data).toEqual([]);
  });
});
