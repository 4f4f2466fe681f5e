import { monitoringApi } from '@water/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, regions, roleRegions, roles } from '../../db/schema/index.ts';
import { demoDeviceSecret } from '../../db/seed/demo-secrets.ts';
import { readXlsxRows } from '../../lib/xlsx.ts';
import {
  bearer,
  type CallInput,
  createTestApp,
  resetDatabase,
  TEST_START,
  type TestApp,
} from '../../testing/build-app.ts';
import { utilityTime } from './monitoring.service.ts';

const T0 = TEST_START.getTime();
const HOUR = 3_600_000;

let t: TestApp;
let admin: string;
const id: Record<string, number> = {};

// PS04-LT01: a reading every 30 s for 50 hours before T0 (6,000: more than one 5,000-row slice), value i % 7 + 0.5.
const START = T0 - 50 * HOUR;
const readings = Array.from({ length: 6000 }, (_, i) => ({ ts: START + i * 30_000, level: (i % 7) + 0.5 }));
const iso = (ms: number) => new Date(ms).toISOString();
const series = () => `${id['PS04-LT01']}:level`;
const range = { from: iso(START), to: iso(T0) };

beforeAll(async () => {
  // The XLSX cap at a size a test reaches.
  t = await createTestApp({ TELEMETRY_FLUSH_MS: '5', HISTORY_XLSX_MAX_ROWS: '1000' });
  await resetDatabase(t.database);
  for (const r of await t.database.db.select({ id: devices.id, code: devices.code }).from(devices)) id[r.code] = r.id;
  admin = await t.login();
  const res = await t.inject({
    method: 'POST',
    url: '/api/ingest/PS04-LT01',
    headers: { authorization: `Device ${demoDeviceSecret('PS04-LT01')}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ points: readings.map((r) => ({ ts: r.ts, values: { level: r.level } })) }),
  });
  expect(res.json(), res.body).toMatchObject({ code: 200, data: { accepted: 6000 } });
}, 60_000);
afterAll(() => t.close());

const exportOf = (query: CallInput<typeof monitoringApi.historyExport>['query'], token = admin, lang?: string) =>
  t.call(monitoringApi.historyExport, { query, token, lang });

/** The CSV's records as arrays of cells (every cell is quoted; no cell here holds a quote or a comma). */
function records(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  return body
    .slice(1, -2)
    .split('\r\n')
    .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
}

describe('GET /api/monitoring/history/export', () => {
  it('streams every raw point as CSV with a BOM, its row count ahead in X-Total-Rows, times in Beijing time', async () => {
    const res = await exportOf({ series: series(), ...range, format: 'csv', resolution: 'raw' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['x-total-rows']).toBe('6000');
    expect(res.headers['content-length']).toBeUndefined();
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('历史数据-20260530-20260601.csv');
    const [header, ...rows] = records(res.body);
    expect(header).toEqual(['时间', '设备编码', '设备名称', '指标', '单位', '数值']);
    expect(rows).toHaveLength(6000);
    const [device] = await t.database.db.select().from(devices).where(eq(devices.code, 'PS04-LT01'));
    expect(rows[0]).toEqual([utilityTime(new Date(START)), 'PS04-LT01', device!.name, '液位', 'm', '0.5']);
    expect(rows[0]![0]).toBe('2026-05-30T14:00:00+08:00');
    // Across the 5,000-row slices: in order, none twice, none missing.
    expect(rows[5003]).toEqual([
      utilityTime(new Date(START + 5003 * 30_000)),
      'PS04-LT01',
      device!.name,
      '液位',
      'm',
      String((5003 % 7) + 0.5),
    ]);
    expect(new Set(rows.map((r) => r[0])).size).toBe(6000);
  });

  it('exports 1-hour rollups with average, min, max and count; auto is what the chart shows', async () => {
    const res = await exportOf({ series: series(), ...range, resolution: '1h' }, admin, 'en-US');
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = records(res.body);
    expect(header).toEqual([
      'Time',
      'Device code',
      'Device name',
      'Metric',
      'Unit',
      'Average',
      'Min',
      'Max',
      'Readings',
    ]);
    expect(rows).toHaveLength(50);
    expect(res.headers['x-total-rows']).toBe('50');
    expect(res.headers['content-disposition']).toContain('history-20260530-20260601.csv');
    // The first hour: readings 0..119, values i % 7 + 0.5.
    const first = readings.slice(0, 120).map((r) => r.level);
    expect(rows[0]).toMatchObject({
      0: '2026-05-30T14:00:00+08:00',
      3: 'Level',
      // The average to the level's 2 decimals (the thing model's precision), not every digit.
      5: String(Number((first.reduce((a, v) => a + v, 0) / 120).toFixed(2))),
      6: '0.5',
      7: '6.5',
      8: '120',
    });
    expect(rows.reduce((n, r) => n + Number(r[8]), 0)).toBe(6000);
    expect(rows.map((r) => r[5]).filter((avg) => !/^-?\d+(\.\d{1,2})?$/.test(avg ?? ''))).toEqual([]);

    // maxPoints 2000 over 50 hours: 3,000 minute buckets do not fit, 51 hours do.
    const auto = await exportOf({ series: series(), ...range, maxPoints: 2000 });
    expect(auto.headers['x-total-rows']).toBe('50');
    const chart = await t.call(monitoringApi.history, {
      query: { series: series(), ...range, maxPoints: 2000 },
      token: admin,
    });
    expect(chart.json().data.resolution).toBe('1h');
    expect(records(auto.body).length - 1).toBe(chart.json().data.series[0].points.length);
  });

  it('writes an XLSX workbook that reads back: wall-clock times to the second, numbers as numbers', async () => {
    const from = T0 - HOUR;
    const res = await exportOf({ series: series(), from: iso(from), to: iso(T0), format: 'xlsx', resolution: 'raw' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['x-total-rows']).toBe('120');
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const [header, ...rows] = await readXlsxRows(res.rawPayload);
    expect(header).toEqual(['时间', '设备编码', '设备名称', '指标', '单位', '数值']);
    expect(rows).toHaveLength(120);
    const i = readings.findIndex((r) => r.ts === from);
    // A spreadsheet time has no zone: it is the Beijing wall clock, read back as if it were UTC.
    expect(rows[0]![0]).toBe(iso(from + 8 * HOUR));
    expect(rows[0]!.slice(1)).toEqual(['PS04-LT01', expect.any(String), '液位', 'm', String(readings[i]!.level)]);
  });

  it('refuses an XLSX above the cap with a message that points to CSV; CSV has no cap', async () => {
    const res = await exportOf({ series: series(), ...range, format: 'xlsx', resolution: 'raw' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ data: null });
    expect(res.json().msg).toContain('6000');
    expect(res.json().msg).toContain('CSV');
    expect((await exportOf({ series: series(), ...range, format: 'csv', resolution: 'raw' })).statusCode).toBe(200);
  });

  it('answers 404 for a series of no device or outside the caller’s region limit, 400 for a bad query', async () => {
    expect((await exportOf({ series: `${series()},999999:level`, ...range })).statusCode).toBe(404);
    // A format and a resolution the contract does not know: sent as a raw address, past the typed call.
    const raw = (query: string) =>
      t.inject({
        method: 'GET',
        url: `/api/monitoring/history/export?series=${series()}&from=${range.from}&to=${range.to}&${query}`,
        headers: bearer(admin),
      });
    expect((await raw('format=pdf')).statusCode).toBe(400);
    expect((await raw('resolution=1d')).statusCode).toBe(400);
    expect((await exportOf({ series: series(), from: iso(T0), to: iso(START) })).statusCode).toBe(400);
    // A user limited to a district the device does not lie in.
    const [device] = await t.database.db.select().from(devices).where(eq(devices.code, 'PS04-LT01'));
    const all = await t.database.db.select().from(regions);
    const home = all.find((r) => r.id === device!.regionId)!;
    const other = all.find(
      (r) => ['LC-E', 'LC-W'].includes(r.code) && r.id !== home.id && !home.ancestors.split(',').includes(String(r.id)),
    )!;
    const [role] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'user'));
    await t.database.db.delete(roleRegions).where(eq(roleRegions.roleId, role!.id));
    await t.database.db.insert(roleRegions).values({ roleId: role!.id, regionId: other.id });
    const user = await t.login('user', 'User@2026');
    const res = await exportOf({ series: series(), ...range }, user);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, data: null });
  });
});
