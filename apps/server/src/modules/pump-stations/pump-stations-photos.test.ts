import { existsSync } from 'node:fs';
import path from 'node:path';
import { type PumpStationDetail, pumpStationsApi, type StationPhoto } from '@water/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operationLog, stationPhotos, stations } from '../../db/schema/index.ts';
import { encodePng } from '../../lib/png.ts';
import { bearer, createTestApp, resetDatabase, TEST_DATA_DIR, type TestApp } from '../../testing/build-app.ts';
import { limitRoleToRegions } from '../../testing/fixtures.ts';
import { multipart } from '../../testing/multipart.ts';

let t: TestApp;
let admin: string;
let user: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  admin = await t.login();
  user = await t.login('user', 'User@2026');
});

const api = pumpStationsApi;
const png = encodePng(4, 4, () => [30, 140, 90]);

async function stationId(code: string): Promise<number> {
  const [row] = await t.database.db.select({ id: stations.id }).from(stations).where(eq(stations.code, code));
  return row!.id;
}

const addPhoto = (id: number, token: string, file: ReturnType<typeof multipart>) =>
  t.inject({
    method: 'POST',
    url: `/api/pump-stations/${id}/photos`,
    headers: { ...bearer(token), ...file.headers },
    payload: file.payload,
  });

const photoLogs = () =>
  t.database.db
    .select()
    .from(operationLog)
    .where(eq(operationLog.module, 'pump-stations'))
    .orderBy(operationLog.id)
    .then((rows) => rows.filter((r) => r.action === 'photo-add' || r.action === 'photo-remove'));

describe('station photos', () => {
  it('stores a PNG, lists it in the detail, serves it to signed-in users, and removes it with a log row', async () => {
    const id = await stationId('PS01');
    const added = await addPhoto(id, admin, multipart(png, '泵房外景.png', 'image/png'));
    expect(added.statusCode, added.body).toBe(200);
    const photo = added.json().data as StationPhoto;
    expect(photo).toMatchObject({ name: '泵房外景.png', type: 'image/png', size: png.length });
    expect(photo.uploadedByName).not.toBe('');

    const detail = (await t.call(api.get, { params: { id }, token: user })).json().data as PumpStationDetail;
    expect(detail.photos).toEqual([photo]);

    const file = await t.call(api.downloadPhoto, { params: { id, photoId: photo.id }, token: user });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(png)).toBe(true);
    expect((await t.inject({ method: 'GET', url: `/api/pump-stations/${id}/photos/${photo.id}` })).statusCode).toBe(
      401,
    );
    // a photo is reached only through its own station
    const other = await stationId('PS02');
    expect(
      (await t.call(api.downloadPhoto, { params: { id: other, photoId: photo.id }, token: user })).statusCode,
    ).toBe(404);

    const [row] = await t.database.db.select().from(stationPhotos).where(eq(stationPhotos.id, photo.id));
    const stored = path.join(TEST_DATA_DIR, 'files', row!.filePath);
    expect(existsSync(stored)).toBe(true);
    const removed = await t.call(api.removePhoto, { params: { id, photoId: photo.id }, token: admin });
    expect(removed.json().code).toBe(200);
    expect(existsSync(stored)).toBe(false);
    expect((await t.call(api.get, { params: { id }, token: admin })).json().data.photos).toEqual([]);
    expect((await t.call(api.removePhoto, { params: { id, photoId: photo.id }, token: admin })).statusCode).toBe(404);

    const logs = await photoLogs();
    expect(logs.map((l) => [l.action, l.result])).toEqual([
      ['photo-add', 'success'],
      ['photo-remove', 'success'],
      ['photo-remove', 'failure'],
    ]);
    expect(logs[0]!.targetId).toBe(String(id));
    expect(JSON.stringify(logs[1]!.before)).toContain('泵房外景.png');
  });

  it('refuses a text file named .png, and anything from a plain user (with a denied row)', async () => {
    const id = await stationId('PS01');
    const disguised = await addPhoto(id, admin, multipart('not a picture', 'photo.png', 'image/png'));
    // as the archives answer a disguised file: its bytes are no image the route takes
    expect(disguised.statusCode).toBe(415);
    expect(await t.database.db.$count(stationPhotos)).toBe(0);

    const refused = await addPhoto(id, user, multipart(png, 'a.png', 'image/png'));
    expect(refused.statusCode).toBe(403);
    const ok = (await addPhoto(id, admin, multipart(png, 'b.png', 'image/png'))).json().data as StationPhoto;
    const notRemoved = await t.call(api.removePhoto, { params: { id, photoId: ok.id }, token: user });
    expect(notRemoved.statusCode).toBe(403);
    expect(await t.database.db.$count(stationPhotos)).toBe(1);
    const logs = await photoLogs();
    expect(logs.map((l) => [l.action, l.result])).toEqual([
      ['photo-add', 'failure'],
      ['photo-add', 'denied'],
      ['photo-add', 'success'],
      ['photo-remove', 'denied'],
    ]);
  });

  it('hides another region’s station photos (404) from a region-limited user', async () => {
    const ps01 = await stationId('PS01');
    const ps02 = await stationId('PS02');
    const photo = (await addPhoto(ps02, admin, multipart(png, 'x.png', 'image/png'))).json().data as StationPhoto;
    const [s1] = await t.database.db.select().from(stations).where(eq(stations.id, ps01));
    await limitRoleToRegions(t.database.db, 'user', [s1!.regionId!]);
    const res = await t.call(api.downloadPhoto, { params: { id: ps02, photoId: photo.id }, token: user });
    expect(res.statusCode).toBe(404);
  });

  it('go with their station: a station with photos can be removed, the files after the commit', async () => {
    const created = await t.call(api.create, {
      body: { code: 'PS91', name: '照片泵站', kind: 'sewage' },
      token: admin,
    });
    const id = (created.json().data as PumpStationDetail).id;
    const photo = (await addPhoto(id, admin, multipart(png, 'y.png', 'image/png'))).json().data as StationPhoto;
    const [row] = await t.database.db.select().from(stationPhotos).where(eq(stationPhotos.id, photo.id));
    const stored = path.join(TEST_DATA_DIR, 'files', row!.filePath);
    expect(existsSync(stored)).toBe(true);
    expect((await t.call(api.remove, { params: { id }, token: admin })).json().code).toBe(200);
    expect(await t.database.db.$count(stationPhotos, eq(stationPhotos.stationId, id))).toBe(0);
    expect(existsSync(stored)).toBe(false);
  });
});
