import type { DeviceInput } from '@water/contracts';
import { eq, sql } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { devices, deviceTypes, operationLog, regions, stations } from '../../db/schema/index.ts';
import { bearer, createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';
import { multipart } from '../../testing/multipart.ts';

let t: TestApp;
let admin: string;
let user: string;
let base: DeviceInput;
let ids: { east: number; west: number; station: number; level: number; flow: number };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A small city of its own: two districts, one station; the demo register is set aside. */
async function smallCity() {
  const db = t.database.db;
  // With what hangs off them (archives, work orders); identities restart so a rebuilt city has the same ids.
  await db.execute(sql`truncate ${devices}, ${stations}, ${regions} restart identity cascade`);
  const [city] = await db.insert(regions).values({ code: 'LC', name: '岚川市', kind: 'city' }).returning();
  const [east] = await db
    .insert(regions)
    .values({ code: 'LC-E', name: '城东区', kind: 'district', parentId: city!.id, ancestors: `0,${city!.id}` })
    .returning();
  const [west] = await db
    .insert(regions)
    .values({ code: 'LC-W', name: '城西区', kind: 'district', parentId: city!.id, ancestors: `0,${city!.id}` })
    .returning();
  const [station] = await db
    .insert(stations)
    .values({ code: 'PS-01', name: '滨江雨水泵站', kind: 'rainwater', regionId: east!.id, pumps: 3 })
    .returning();
  const type = async (code: string) => (await db.select().from(deviceTypes).where(eq(deviceTypes.code, code)))[0]!.id;
  ids = {
    east: east!.id,
    west: west!.id,
    station: station!.id,
    level: await type('level_gauge'),
    flow: await type('flow_meter'),
  };
}

beforeEach(async () => {
  await resetDatabase(t.database);
  await smallCity();
  admin = await t.login();
  user = await t.login('user', 'User@2026');
  base = {
    code: 'LG-PS01-01',
    name: '滨江泵站前池液位计',
    typeId: ids.level,
    model: 'ULM-53',
    manufacturer: '西门子',
    serialNo: 'SN2026001',
    stationId: ids.station,
    longitude: 119.652,
    latitude: 29.118,
    installDate: '2025-04-10',
    warrantyEnd: '2027-04-10',
  };
});

const get = (url: string, token: string, lang?: string) =>
  t.inject({ method: 'GET', url, headers: { ...bearer(token), ...(lang ? { 'accept-language': lang } : {}) } });
const create = (body: DeviceInput) =>
  t.inject({ method: 'POST', url: '/api/devices', headers: bearer(admin), payload: body as object });
const upload = (content: Buffer | string, name: string, token = admin, lang?: string) => {
  const file = multipart(content, name, 'application/octet-stream');
  return t.inject({
    method: 'POST',
    url: '/api/devices/import',
    headers: { ...bearer(token), ...file.headers, ...(lang ? { 'accept-language': lang } : {}) },
    payload: file.payload,
  });
};
const deviceRows = () =>
  t.database.db
    .select({
      code: devices.code,
      name: devices.name,
      typeId: devices.typeId,
      model: devices.model,
      manufacturer: devices.manufacturer,
      serialNo: devices.serialNo,
      regionId: devices.regionId,
      stationId: devices.stationId,
      longitude: devices.longitude,
      latitude: devices.latitude,
      installDate: devices.installDate,
      warrantyEnd: devices.warrantyEnd,
    })
    .from(devices)
    .orderBy(devices.code);

const CSV_HEADER = '设备编码,设备名称,设备类型,型号,生产厂家,序列号/IMEI,所属区域,站点编码,经度,纬度,安装日期,保修截止';

describe('device export and import', () => {
  it('round-trips an XLSX export into a clean register: the same devices come back', async () => {
    await create(base);
    await create({
      ...base,
      code: 'FM-W-01',
      name: '城西流量计',
      typeId: ids.flow,
      stationId: null,
      regionId: ids.west,
    });
    await create({
      ...base,
      code: 'LG-X-02',
      name: '=HYPERLINK("x")',
      stationId: null,
      longitude: null,
      latitude: null,
      installDate: null,
      warrantyEnd: null,
    });
    const before = await deviceRows();
    const file = await get('/api/devices/export?format=xlsx', admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toContain('.xlsx');

    await resetDatabase(t.database);
    await smallCity();
    admin = await t.login();
    const res = await upload(file.rawPayload, 'devices.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ created: 3, failed: [] });
    const after = await deviceRows();
    // Ids of types, regions and stations are the same in the rebuilt city.
    expect(after).toEqual(before);
    // No secret is answered, and the log says what the import made.
    expect(res.body).not.toMatch(/"secret"/);
    expect(res.json().data.note).toContain('重置密钥');
    const [log] = await t.database.db.select().from(operationLog).where(eq(operationLog.action, 'import'));
    expect(log).toMatchObject({ module: 'devices', result: 'success' });
    expect(JSON.stringify(log?.after)).toContain('LG-PS01-01');
  });

  it('imports the good rows of a CSV file and reports each bad row, writing nothing of it', async () => {
    await create({ ...base, code: 'TAKEN-01' });
    const csv = [
      CSV_HEADER,
      'OK-01,好的液位计,level_gauge,ULM-53,西门子,SN1,,PS-01,119.65,29.11,2025-04-10,2027-04-10',
      'BAD-TYPE,类型不对,teleporter,,,,,,,,,',
      'BAD-COORD,坐标不对,液位计,,,,城西区,,190,29.11,,',
      'BAD-WARRANTY,保修不对,Flow meter,,,,LC-E,,,,2025-04-10,2024-01-01',
      '',
      'OK-01,文件内重复,level_gauge,,,,,,,,,',
      'TAKEN-01,库内重复,level_gauge,,,,,,,,,',
      'NO-NAME,,level_gauge,,,,,,,,,',
      'OK-02,城西流量计,flow_meter,,,,城西区,,,,,',
    ].join('\r\n');
    const res = await upload(`\uFEFF${csv}\r\n`, '设备.csv');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report.created).toBe(2);
    expect(report.failed.map((f: { row: number; code: string }) => [f.row, f.code])).toEqual([
      [3, 'BAD-TYPE'],
      [4, 'BAD-COORD'],
      [5, 'BAD-WARRANTY'],
      [7, 'OK-01'],
      [8, 'TAKEN-01'],
      [9, 'NO-NAME'],
    ]);
    const reasons = report.failed.map((f: { reasons: string[] }) => f.reasons.join(' | '));
    expect(reasons[0]).toContain('设备类型“teleporter”不存在');
    expect(reasons[1]).toContain('经度');
    expect(reasons[2]).toContain('保修截止');
    expect(reasons[3]).toContain('重复');
    expect(reasons[4]).toBe('设备编码已存在');
    expect(reasons[5]).toContain('设备名称');
    const codes = (await deviceRows()).map((d) => d.code);
    expect(codes).toEqual(['OK-01', 'OK-02', 'TAKEN-01']);
    const [ok] = await t.database.db.select().from(devices).where(eq(devices.code, 'OK-01'));
    expect(ok).toMatchObject({ stationId: ids.station, regionId: ids.east, name: '好的液位计' });
    expect(ok?.secretHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers the row reasons in English, and reads English headers too', async () => {
    const csv = [
      'Code,Name,Type,Longitude,Latitude,Install date,Warranty end',
      'A-1,Gauge,nope,,,,',
      'A-2,Gauge,level_gauge,119,,,',
      'A-3,Gauge,level_gauge,,,2025-04-10,2024-04-10',
    ].join('\n');
    const report = (await upload(csv, 'devices.csv', admin, 'en-US')).json().data;
    expect(report.created).toBe(0);
    expect(report.failed[0].reasons).toEqual(['Type: No device type "nope"']);
    expect(report.failed[1].reasons.join()).toMatch(/^Latitude: .*both/);
    expect(report.failed[2].reasons.join()).toMatch(/^Warranty end: .*warranty/i);
    expect(report.note).toContain('Rotate secret');
  });

  it('refuses a file that is neither XLSX nor CSV (400), a CSV that is not UTF-8, and plain users (403)', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const bad = await upload(png, 'devices.png', admin, 'en-US');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('XLSX, CSV');
    // GBK bytes of "设备编码": not UTF-8.
    const gbk = await upload(
      Buffer.from([0xc9, 0xe8, 0xb1, 0xb8, 0xb1, 0xe0, 0xc2, 0xeb, 0x0a]),
      'x.csv',
      admin,
      'en-US',
    );
    expect(gbk.statusCode).toBe(400);
    expect(gbk.json().msg).toContain('UTF-8');
    const refused = await upload(`${CSV_HEADER}\nU-1,x,level_gauge,,,,,,,,,`, 'x.csv', user);
    expect(refused.statusCode).toBe(403);
    expect(await deviceRows()).toEqual([]);
  });

  it('exports with the list filters, in the caller language, as a CSV Excel opens safely', async () => {
    await create(base);
    await create({ ...base, code: 'FM-W-01', name: '=1+2', typeId: ids.flow, stationId: null, regionId: ids.west });
    await create({ ...base, code: 'FM-W-02', name: '@SUM(A1)', typeId: ids.flow, stationId: null, regionId: ids.west });
    const csv = await get(`/api/devices/export?format=csv&regionId=${ids.west}`, user, 'en-US');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('devices.csv');
    const text = csv.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF"Code","Name","Type"')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"FM-W-01","'=1+2","Flow meter"`);
    expect(lines[2]).toContain(`"'@SUM(A1)"`);
    expect(text).not.toContain('LG-PS01-01');

    const xlsx = await get(`/api/devices/export?typeId=${ids.level}`, user);
    const rows = await readSheet(xlsx.rawPayload);
    expect(rows[0]?.slice(0, 3)).toEqual(['设备编码', '设备名称', '设备类型']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['LG-PS01-01']);
    expect(rows[1]?.[7]).toBe('PS-01');
  });

  it('hands writers a template in their language that the import reads', async () => {
    const file = await get('/api/devices/import-template', admin, 'en-US');
    const rows = await readSheet(file.rawPayload);
    expect(rows[0]).toContain('Serial no./IMEI');
    expect((await get('/api/devices/import-template', user)).statusCode).toBe(403);
    const res = (await upload(file.rawPayload, 'template.xlsx')).json().data;
    expect(res).toMatchObject({ created: 1, failed: [] });
  });
});
