import { existsSync } from 'node:fs';
import path from 'node:path';
import { type ArchiveEntryInput, deviceArchivesApi, workplaceApi } from '@water/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  deviceArchiveAttachments,
  deviceArchiveEntries,
  devices,
  operationLog,
  regions,
  roleRegions,
  roles,
} from '../../db/schema/index.ts';
import { encodePng } from '../../lib/png.ts';
import {
  bearer,
  type CallInput,
  createTestApp,
  resetDatabase,
  TEST_DATA_DIR,
  type TestApp,
} from '../../testing/build-app.ts';
import { multipart } from '../../testing/multipart.ts';

let t: TestApp;
let admin: string;
let user: string;
/** A pump station's camera: the demo seed gives it no calibrations. */
let camera: { id: number; code: string; regionId: number | null };
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  admin = await t.login();
  user = await t.login('user', 'User@2026');
  const [row] = await t.database.db.select().from(devices).where(eq(devices.code, 'PS01-CAM01'));
  camera = { id: row!.id, code: row!.code, regionId: row!.regionId };
});

const call: TestApp['call'] = (...args) => t.call(...args);
const entry = (over: Partial<ArchiveEntryInput> = {}): ArchiveEntryInput => ({
  deviceId: camera.id,
  kind: 'repair',
  date: '2026-05-12',
  performedBy: '泵站运维班 张工',
  description: '云台卡滞，清理并润滑传动齿轮',
  ...over,
});
const create = async (over: Partial<ArchiveEntryInput> = {}) => {
  const res = (await call(deviceArchivesApi.create, { body: entry(over), token: admin })).json();
  expect(res.code, JSON.stringify(res)).toBe(200);
  return res.data;
};
const archive = (id: number) =>
  t.database.db.update(devices).set({ archivedAt: t.clock.now() }).where(eq(devices.id, id));

describe('device archive entries', () => {
  it('creates, lists with filters, edits and deletes an entry, each write in the operation log', async () => {
    const created = await create();
    expect(created).toMatchObject({
      deviceId: camera.id,
      deviceCode: camera.code,
      deviceName: '滨江雨水泵站泵房摄像头',
      typeName: '摄像头',
      kind: 'repair',
      nextDue: null,
      attachments: [],
      createdByName: '张伟',
      deviceArchived: false,
    });
    const list = async (query: CallInput<typeof deviceArchivesApi.list>['query']) =>
      (await call(deviceArchivesApi.list, { query, token: user })).json().data;
    const mine = await list({ deviceId: camera.id });
    expect(mine.list[0]).toEqual(created);
    // the device's record, newest first: installed, commissioned, then this repair
    expect(mine.list.map((e: { kind: string }) => e.kind).slice(-2)).toEqual(['commissioning', 'installation']);
    expect((await list({ deviceId: camera.id, kind: 'repair' })).list.map((e: { id: number }) => e.id)).toContain(
      created.id,
    );
    expect((await list({ keyword: camera.code, from: '2026-05-12', to: '2026-05-12' })).list).toEqual([created]);
    expect((await list({ keyword: camera.code, from: '2026-05-13' })).list).toEqual([]);
    // a region includes the regions below it: the camera's district has it, another district not
    const [catchment] = await t.database.db
      .select()
      .from(regions)
      .innerJoin(devices, eq(devices.regionId, regions.id))
      .where(eq(devices.id, camera.id));
    const [district] = await t.database.db.select().from(regions).where(eq(regions.id, catchment!.regions.parentId!));
    const [other] = await t.database.db.select().from(regions).where(eq(regions.code, 'LC-D'));
    expect((await list({ regionId: district!.id, keyword: camera.code })).total).toBeGreaterThan(0);
    expect((await list({ regionId: other!.id, keyword: camera.code })).total).toBe(0);
    // by address: a kind the contract's types do not know
    expect((await call('GET', '/api/device-archives?kind=painting', user)).statusCode).toBe(400);

    const updated = (
      await call(deviceArchivesApi.update, {
        params: { id: created.id },
        body: entry({ kind: 'inspection', description: '' }),
        token: admin,
      })
    ).json();
    expect(updated.data).toMatchObject({ id: created.id, kind: 'inspection', description: '' });
    expect((await call(deviceArchivesApi.remove, { params: { id: created.id }, token: admin })).json().code).toBe(200);
    expect((await call(deviceArchivesApi.remove, { params: { id: created.id }, token: admin })).statusCode).toBe(404);
    expect(
      (await call(deviceArchivesApi.update, { params: { id: created.id }, body: entry(), token: admin })).statusCode,
    ).toBe(404);
    const logs = await t.database.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.module, 'device-archives'))
      .orderBy(operationLog.id);
    expect(logs.map((l) => [l.action, l.result])).toEqual([
      ['create', 'success'],
      ['update', 'success'],
      ['delete', 'success'],
      ['delete', 'failure'],
      ['update', 'failure'],
    ]);
    expect(logs[1]).toMatchObject({ targetId: String(created.id) });
    expect(logs[1]?.before).toMatchObject({ kind: 'repair' });
    expect(logs[1]?.after).toMatchObject({ kind: 'inspection' });
  });

  it('validates: the next due date only on a calibration and after its date; the device must exist', async () => {
    const beforeItsDate = entry({ kind: 'calibration', date: '2026-05-12', nextDue: '2026-01-01' });
    const cases = [
      entry({ kind: 'calibration', date: '2026-05-12', nextDue: '2026-05-12' }),
      beforeItsDate,
      entry({ kind: 'repair', nextDue: '2027-05-12' }),
      entry({ date: '2026-02-30' }),
      entry({ performedBy: '  ' }),
      { ...entry(), kind: 'painting' },
    ];
    for (const body of cases) {
      // by address: one case is a kind the contract's types do not know
      const res = await call('POST', '/api/device-archives', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const zh = (await call(deviceArchivesApi.create, { body: beforeItsDate, token: admin })).json();
    expect(zh.msg).toContain('下次校准日期须晚于本次日期');
    const unknown = await call(deviceArchivesApi.create, { body: entry({ deviceId: 999_999 }), token: admin });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('设备不存在');
    const calibration = await create({ kind: 'calibration', nextDue: '2027-05-12' });
    expect(calibration.nextDue).toBe('2027-05-12');
  });

  it('refuses a plain user every write, and lets them read', async () => {
    const { id } = await create();
    const writes = {
      create: () => call(deviceArchivesApi.create, { body: entry(), token: user }),
      update: () => call(deviceArchivesApi.update, { params: { id }, body: entry(), token: user }),
      remove: () => call(deviceArchivesApi.remove, { params: { id }, token: user }),
      addAttachment: () => call(deviceArchivesApi.addAttachment, { params: { id }, token: user }),
      removeAttachment: () =>
        call(deviceArchivesApi.removeAttachment, { params: { id, attachmentId: 1 }, token: user }),
    };
    for (const [name, write] of Object.entries(writes)) expect((await write()).statusCode, name).toBe(403);
    expect((await call(deviceArchivesApi.list, { token: user })).statusCode).toBe(200);
    expect((await call(deviceArchivesApi.dueCalibrations, { token: user })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/device-archives' })).statusCode).toBe(401);
  });

  it('leaves scrapping to the device’s archive action, and a region-limited reader sees only their regions', async () => {
    const scrap = await call(deviceArchivesApi.create, {
      body: entry({ kind: 'scrapping' }),
      token: admin,
      lang: 'en-US',
    });
    expect(scrap.statusCode).toBe(400);
    expect(scrap.json().msg).toContain('archive it');
    const { id } = await create();
    // The plain user's role limited to a region the camera is not in.
    const [role] = await t.database.db.select().from(roles).where(eq(roles.code, 'user'));
    const [elsewhere] = await t.database.db
      .select()
      .from(regions)
      .where(and(eq(regions.kind, 'catchment'), ne(regions.id, camera.regionId ?? 0)));
    await t.database.db.insert(roleRegions).values({ roleId: role!.id, regionId: elsewhere!.id });
    const seen = (await call(deviceArchivesApi.list, { query: { deviceId: camera.id }, token: user })).json().data;
    expect(seen.total).toBe(0);
    expect(
      (await call(deviceArchivesApi.downloadAttachment, { params: { id, attachmentId: 1 }, token: user })).statusCode,
    ).toBe(404);
    expect(
      (await call(deviceArchivesApi.list, { query: { deviceId: camera.id }, token: admin })).json().data.total,
    ).toBeGreaterThan(0);
  });

  it('keeps an archived device’s record readable and closed to every write', async () => {
    const { id } = await create();
    await archive(camera.id);
    const repair = await call(deviceArchivesApi.create, { body: entry({ kind: 'repair' }), token: admin });
    expect(repair.statusCode).toBe(409);
    expect(repair.json().msg).toContain('已归档');
    expect((await call(deviceArchivesApi.update, { params: { id }, body: entry(), token: admin })).statusCode).toBe(
      409,
    );
    expect((await call(deviceArchivesApi.remove, { params: { id }, token: admin })).statusCode).toBe(409);
    const listed = (await call(deviceArchivesApi.list, { query: { deviceId: camera.id }, token: admin })).json().data;
    expect(listed.list[0]).toMatchObject({ id, deviceArchived: true });
    // an entry cannot be moved onto an archived device either
    const [other] = await t.database.db.select().from(devices).where(eq(devices.code, 'PS02-CAM01'));
    const elsewhere = await create({ deviceId: other!.id });
    expect(
      (
        await call(deviceArchivesApi.update, {
          params: { id: elsewhere.id },
          body: entry({ deviceId: camera.id }),
          token: admin,
        })
      ).statusCode,
    ).toBe(409);
  });
});

describe('archive attachments', () => {
  const png = encodePng(4, 4, () => [0, 120, 200]);
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x20), Buffer.from('\n%%EOF\n')]);
  const attach = (id: number, token: string, file: ReturnType<typeof multipart>) =>
    t.inject({
      method: 'POST',
      url: `/api/device-archives/${id}/attachments`,
      headers: { ...bearer(token), ...file.headers },
      payload: file.payload,
    });

  it('stores a photo and a PDF, refuses a renamed text file, and serves them to signed-in users only', async () => {
    const { id } = await create();
    const photo = (await attach(id, admin, multipart(png, '云台现场照片.png', 'image/png'))).json();
    expect(photo.data).toMatchObject({ fileName: '云台现场照片.png', fileType: 'image/png', fileSize: png.length });
    const report = (await attach(id, admin, multipart(pdf, '维修报告.pdf', 'image/png'))).json();
    expect(report.data).toMatchObject({ fileType: 'application/pdf' });
    const disguised = await attach(id, admin, multipart('not a picture', 'photo.jpg', 'image/jpeg'));
    expect(disguised.statusCode).toBe(415);

    const listed = (
      await call(deviceArchivesApi.list, { query: { deviceId: camera.id, kind: 'repair' }, token: user })
    ).json().data;
    expect(listed.list[0].attachments).toEqual([photo.data, report.data]);
    const url = `/api/device-archives/${id}/attachments/${report.data.id}`;
    const file = await call(deviceArchivesApi.downloadAttachment, {
      params: { id, attachmentId: report.data.id },
      token: user,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('维修报告.pdf'));
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect((await t.inject({ method: 'GET', url })).statusCode).toBe(401);
    // an attachment is reached only through its own entry
    const other = await create();
    expect(
      (
        await call(deviceArchivesApi.downloadAttachment, {
          params: { id: other.id, attachmentId: report.data.id },
          token: user,
        })
      ).statusCode,
    ).toBe(404);

    const stored = await t.database.db
      .select()
      .from(deviceArchiveAttachments)
      .where(eq(deviceArchiveAttachments.entryId, id));
    const paths = stored.map((a) => path.join(TEST_DATA_DIR, 'files', a.filePath));
    expect(paths.every((p) => existsSync(p))).toBe(true);
    expect(
      (
        await call(deviceArchivesApi.removeAttachment, { params: { id, attachmentId: photo.data.id }, token: admin })
      ).json().code,
    ).toBe(200);
    expect(existsSync(paths[0]!)).toBe(false);
    expect((await call(deviceArchivesApi.remove, { params: { id }, token: admin })).json().code).toBe(200);
    expect(existsSync(paths[1]!)).toBe(false);
    expect(await t.database.db.select().from(deviceArchiveAttachments)).toHaveLength(0);
    const logs = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.module, 'device-archives'), inArray(operationLog.action, ['attach', 'detach'])))
      .orderBy(operationLog.id);
    expect(logs.map((l) => [l.action, l.result])).toEqual([
      ['attach', 'success'],
      ['attach', 'success'],
      ['attach', 'failure'],
      ['detach', 'success'],
    ]);
  });

  it('takes at most ten files an entry', async () => {
    const { id } = await create();
    for (let i = 0; i < 10; i++) {
      expect((await attach(id, admin, multipart(png, `p${i}.png`, 'image/png'))).statusCode).toBe(200);
    }
    const eleventh = await attach(id, admin, multipart(png, 'p10.png', 'image/png'));
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().msg).toContain('10');
  });
});

describe('due lists', () => {
  const due = async (query: CallInput<typeof deviceArchivesApi.dueCalibrations>['query'] = {}) =>
    (await call(deviceArchivesApi.dueCalibrations, { query, token: user })).json().data as {
      deviceId: number;
      entryId: number;
      nextDue: string;
      daysLeft: number;
    }[];

  it('counts only the latest calibration of a device, overdue ones included', async () => {
    // the clock stands at 2026-06-01
    const first = await create({ kind: 'calibration', date: '2025-06-10', nextDue: '2026-06-10' });
    let mine = (await due()).filter((d) => d.deviceId === camera.id);
    expect(mine).toEqual([expect.objectContaining({ entryId: first.id, nextDue: '2026-06-10', daysLeft: 9 })]);
    expect((await due({ withinDays: 5 })).some((d) => d.deviceId === camera.id)).toBe(false);
    // calibrated again: no longer due, even when an older calibration is entered afterwards
    await create({ kind: 'calibration', date: '2026-05-20', nextDue: '2027-05-20' });
    await create({ kind: 'calibration', date: '2025-01-10', nextDue: '2026-01-10' });
    expect((await due()).some((d) => d.deviceId === camera.id)).toBe(false);
    // overdue
    const [other] = await t.database.db.select().from(devices).where(eq(devices.code, 'PS02-CAM01'));
    await create({ deviceId: other!.id, kind: 'calibration', date: '2025-05-01', nextDue: '2026-05-01' });
    mine = (await due()).filter((d) => d.deviceId === other!.id);
    expect(mine).toEqual([expect.objectContaining({ nextDue: '2026-05-01', daysLeft: -31 })]);
    await archive(other!.id);
    expect((await due()).some((d) => d.deviceId === other!.id)).toBe(false);
  });

  it('lists the ending warranties the Workplace counts as renewals, without archived devices', async () => {
    const renewals = async () => (await call(workplaceApi.overview, { token: admin })).json().data.renewalOrders;
    const ending = async () =>
      (await call(deviceArchivesApi.endingWarranties, { token: admin })).json().data as {
        deviceId: number;
        endsOn: string;
        daysLeft: number;
      }[];
    // a service contract ending in the window counts as well
    await t.database.db.update(devices).set({ serviceEnd: '2026-06-21' }).where(eq(devices.id, camera.id));
    const list = await ending();
    expect(list.length).toBeGreaterThan(1);
    expect(list.length).toBe(await renewals());
    expect(list.find((d) => d.deviceId === camera.id)).toMatchObject({ endsOn: '2026-06-21', daysLeft: 20 });
    expect(list.every((d) => d.daysLeft >= 0 && d.daysLeft <= 30)).toBe(true);
    await archive(camera.id);
    expect((await ending()).length).toBe(list.length - 1);
    expect(await renewals()).toBe(list.length - 1);
  });

  it('has a demo archive: every device installed and commissioned, calibrations overdue and due soon', async () => {
    const all = await t.database.db.select().from(devices);
    const entries = await t.database.db.select().from(deviceArchiveEntries);
    for (const kind of ['installation', 'commissioning']) {
      expect(new Set(entries.filter((e) => e.kind === kind).map((e) => e.deviceId)).size).toBe(all.length);
    }
    expect(entries.filter((e) => e.kind === 'calibration').every((e) => e.nextDue && e.nextDue > e.date)).toBe(true);
    for (const kind of ['inspection', 'repair', 'part_replacement']) {
      expect(entries.some((e) => e.kind === kind)).toBe(true);
    }
    const list = await due();
    expect(list.some((d) => d.daysLeft < 0)).toBe(true);
    expect(list.some((d) => d.daysLeft >= 0 && d.daysLeft <= 30)).toBe(true);
  });
});
