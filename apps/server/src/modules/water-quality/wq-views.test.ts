import type { WqCompliance, WqHistory, WqLatestSite } from '@water/contracts';
import { and, eq } from 'drizzle-orm';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operationLog, wqResults } from '../../db/schema/index.ts';
import { bearer, createTestApp, resetDatabase, type TestApp, urlOf } from '../../testing/build-app.ts';
import { recordResults } from './wq-record.ts';
import { api, enter, fields, wqCity } from './wq-testing.ts';

let t: TestApp;
let admin: string;
let city: Awaited<ReturnType<typeof wqCity>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  admin = await t.login();
  city = await wqCity(t, admin);
});

async function latest(query: Record<string, unknown> = {}, lang?: string): Promise<WqLatestSite[]> {
  const res = await t.call(api.latest, { query, token: admin, ...(lang ? { lang } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function compliance(query: Record<string, unknown>) {
  const res = await t.call(api.compliance, { query, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as WqCompliance;
}

describe('the latest judgement', () => {
  it('grades a river section by its worst parameter and judges it against its target class', async () => {
    const { river } = city.sites;
    await enter(t, admin, {
      siteId: river.id,
      sampleId: 'R-0510',
      sampledAt: '2026-05-10T09:00:00+08:00',
      values: [
        { parameter: 'do', value: 7.6 },
        { parameter: 'nh3n', value: 0.4 },
      ],
    });
    let [site] = await latest({ siteIds: String(river.id) });
    expect(site).toMatchObject({ grade: 2, verdict: 'compliant', lastAt: '2026-05-10T01:00:00.000Z' });

    await enter(t, admin, {
      siteId: river.id,
      sampleId: 'R-0520',
      sampledAt: '2026-05-20T09:00:00+08:00',
      values: [
        { parameter: 'do', value: 6.5 },
        { parameter: 'codmn', value: 3 },
        { parameter: 'nh3n', value: 1.2 },
        { parameter: 'ph', value: 7.4 },
      ],
    });
    [site] = await latest({ siteIds: String(river.id) }, 'en-US');
    expect(site!.site).toMatchObject({
      code: 'WQ-RIV',
      targetGrade: 3,
      limitSetName: 'GB 3838-2002, surface water (rivers)',
    });
    // DO 6.5 is class II, CODMn 3 class II, NH3-N 1.2 class IV: the section is class IV, beyond its III.
    expect(site!.grade).toBe(4);
    expect(site!.verdict).toBe('exceeding');
    expect(site!.values.map((v) => [v.parameter, v.applied.grade, v.applied.verdict])).toEqual([
      ['ph', 1, 'compliant'],
      ['do', 2, 'compliant'],
      ['codmn', 2, 'compliant'],
      ['nh3n', 4, 'exceeding'],
    ]);
    expect(site!.values.find((v) => v.parameter === 'nh3n')).toMatchObject({ value: 1.2, source: 'lab' });

    expect((await latest({ verdict: 'exceeding' })).map((s) => s.site.code)).toEqual(['WQ-RIV']);
    const all = await latest();
    expect(all.map((s) => [s.site.code, s.verdict, s.grade])).toEqual([
      ['WQ-OUT', 'unjudged', null],
      ['WQ-RIV', 'exceeding', 4],
      ['WQ-TAP', 'unjudged', null],
      ['WQ-WW', 'unjudged', null],
    ]);
  });

  it('takes the newest result of each parameter, and the lab’s latest beside a newer online reading', async () => {
    const { outlet } = city.sites;
    await enter(t, admin, {
      siteId: outlet.id,
      sampleId: 'O-1',
      sampledAt: '2026-05-20T09:00:00+08:00',
      values: [
        { parameter: 'turbidity', value: 0.3 },
        { parameter: 'chlorine_free', value: 0.6 },
      ],
    });
    await recordResults(t.database.db, [
      {
        siteId: outlet.id,
        parameter: 'chlorine_free',
        source: 'online',
        sampledAt: new Date('2026-05-31T10:00:00Z'),
        value: 0.2,
        belowDetection: false,
        deviceId: city.devices.analyser1.id,
        deviceCode: 'WQA-01',
      },
    ]);
    const [site] = await latest({ kind: 'plant_outlet' });
    expect(site!.verdict).toBe('exceeding');
    // The lab's 0.6 stands until the next sample: shown after the analyser's newer 0.2, not hidden by it.
    expect(site!.values.map((v) => [v.parameter, v.source, v.value, v.applied.verdict])).toEqual([
      ['turbidity', 'lab', 0.3, 'compliant'],
      ['chlorine_free', 'online', 0.2, 'exceeding'],
      ['chlorine_free', 'lab', 0.6, 'compliant'],
    ]);
    expect(site!.grade).toBeNull();
  });
});

describe('compliance', () => {
  it('is compliant over judged per site, parameter and month (UTC+8), and drops after an exceeding sample', async () => {
    const { ww } = city.sites;
    await enter(t, admin, {
      siteId: ww.id,
      sampleId: 'W-1',
      sampledAt: '2026-05-10T09:00:00+08:00',
      values: [
        { parameter: 'cod', value: 30 },
        { parameter: 'temperature', value: 18 },
      ],
    });
    // 2026-05-31 23:30 in UTC+8 is still May there (15:30 UTC).
    await enter(t, admin, {
      siteId: ww.id,
      sampleId: 'W-2',
      sampledAt: '2026-05-31T15:30:00Z',
      values: [{ parameter: 'cod', value: 40 }],
    });
    const q = { fromMonth: '2026-04', toMonth: '2026-05' };
    let c = await compliance(q);
    expect(c.months).toEqual(['2026-04', '2026-05']);
    // Temperature has no limit: never judged, never a row.
    expect(c.rows.map((r) => [r.siteCode, r.parameter])).toEqual([['WQ-WW', 'cod']]);
    expect(c.rows[0]!.months).toEqual([
      { judged: 0, compliant: 0, rate: null },
      { judged: 2, compliant: 2, rate: 1 },
    ]);

    await enter(t, admin, {
      siteId: ww.id,
      sampleId: 'W-3',
      sampledAt: '2026-05-25T09:00:00+08:00',
      values: [
        { parameter: 'cod', value: 60 },
        { parameter: 'ss', value: 8 },
      ],
    });
    c = await compliance(q);
    const cod = c.rows.find((r) => r.parameter === 'cod')!;
    expect(cod.total).toEqual({ judged: 3, compliant: 2, rate: 2 / 3 });
    expect(c.sites).toEqual([{ siteId: ww.id, judged: 4, compliant: 3, rate: 0.75 }]);
    expect(c.total).toEqual({ judged: 4, compliant: 3, rate: 0.75 });
    expect((await compliance({ ...q, parameter: 'ss' })).total).toEqual({ judged: 1, compliant: 1, rate: 1 });
    expect((await compliance({ ...q, source: 'online' })).rows).toEqual([]);
  });

  it('covers at most 24 months, in order', async () => {
    const long = await t.call(api.compliance, { query: { fromMonth: '2024-01', toMonth: '2026-01' }, token: admin });
    expect(long.statusCode).toBe(400);
    expect(fields(long)).toEqual(['querystring.toMonth']);
    const back = await t.call(api.compliance, { query: { fromMonth: '2026-05', toMonth: '2026-04' }, token: admin });
    expect(fields(back)).toEqual(['querystring.toMonth']);
    const ok = await t.call(api.compliance, { query: { fromMonth: '2024-06', toMonth: '2026-05' }, token: admin });
    expect(ok.json().data.months).toHaveLength(24);
  });
});

describe('history', () => {
  it('gives lab results as stored, online ones raw over a week and hourly beyond, and the limit lines now', async () => {
    const { ww } = city.sites;
    await enter(t, admin, {
      siteId: ww.id,
      sampleId: 'W-1',
      sampledAt: '2026-05-28T09:00:00+08:00',
      values: [{ parameter: 'nh3n', value: 6 }],
    });
    const base = Date.parse('2026-05-30T00:00:00Z');
    await recordResults(
      t.database.db,
      [0, 10, 20, 70].map((m, i) => ({
        siteId: ww.id,
        parameter: 'nh3n' as const,
        source: 'online' as const,
        sampledAt: new Date(base + m * 60_000),
        value: [3, 4, 7, 2][i]!,
        belowDetection: false,
        temperature: 20,
      })),
    );
    const read = async (from: string, to: string) => {
      const res = await t.call(api.history, { query: { siteId: ww.id, parameter: 'nh3n', from, to }, token: admin });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as WqHistory;
    };
    const week = await read('2026-05-27T00:00:00+08:00', '2026-06-01T00:00:00+08:00');
    expect(week.onlineBucket).toBe('raw');
    expect(week.online.map((p) => p.value)).toEqual([3, 4, 7, 2]);
    expect(week.lab).toEqual([
      expect.objectContaining({ value: 6, verdict: 'exceeding', sampleId: 'W-1', at: '2026-05-28T01:00:00.000Z' }),
    ]);
    expect(week.limits).toEqual([expect.objectContaining({ parameter: 'nh3n', upper: 5, coldUpper: 8 })]);
    expect(week.parameter).toMatchObject({ code: 'nh3n', unit: 'mg/L' });
    expect([week.judged, week.compliant]).toEqual([5, 3]);

    const month = await read('2026-05-01T00:00:00+08:00', '2026-06-01T00:00:00+08:00');
    expect(month.onlineBucket).toBe('hour');
    expect(month.online).toEqual([
      { at: '2026-05-30T00:00:00.000Z', value: 14 / 3, min: 3, max: 7, exceeding: 1, count: 3 },
      { at: '2026-05-30T01:00:00.000Z', value: 2, min: 2, max: 2, exceeding: 0, count: 1 },
    ]);

    const river = await t.call(api.history, {
      query: { siteId: city.sites.river.id, parameter: 'do', from: '2026-05-01T00:00:00Z', to: '2026-05-02T00:00:00Z' },
      token: admin,
    });
    const lines = (river.json().data as WqHistory).limits;
    expect(lines.map((l) => [l.grade, l.lower])).toEqual([
      [1, 7.5],
      [2, 6],
      [3, 5],
      [4, 3],
      [5, 2],
    ]);
    expect(river.json().data.targetGrade).toBe(3);

    const tooLong = await t.call(api.history, {
      query: { siteId: ww.id, parameter: 'nh3n', from: '2025-01-01T00:00:00Z', to: '2026-05-01T00:00:00Z' },
      token: admin,
      lang: 'en-US',
    });
    expect(tooLong.json().data.errors).toEqual([
      { field: 'querystring.to', message: 'A range covers at most 400 days' },
    ]);
    const backwards = await t.call(api.history, {
      query: { siteId: ww.id, parameter: 'nh3n', from: '2026-05-02T00:00:00Z', to: '2026-05-01T00:00:00Z' },
      token: admin,
    });
    expect(fields(backwards)).toEqual(['querystring.to']);
  });
});

describe('the monthly report', () => {
  it('is an XLSX of rates and of every exceedance with its limit and citation, and is audited', async () => {
    const { ww, tap } = city.sites;
    await enter(t, admin, {
      siteId: ww.id,
      sampleId: 'W-1',
      sampledAt: '2026-05-10T09:00:00+08:00',
      values: [{ parameter: 'cod', value: 30 }],
    });
    await enter(t, admin, {
      siteId: ww.id,
      sampleId: 'W-2',
      sampledAt: '2026-05-25T09:00:00+08:00',
      values: [
        { parameter: 'cod', value: 65 },
        { parameter: 'nh3n', value: 6 },
        { parameter: 'temperature', value: 10 },
      ],
    });
    await enter(t, admin, {
      siteId: tap.id,
      sampleId: 'T-1',
      sampledAt: '2026-04-25T09:00:00+08:00',
      values: [{ parameter: 'turbidity', value: 2 }],
    });
    const res = await t.inject({
      method: 'GET',
      url: urlOf(api.report, { query: { month: '2026-05' } }),
      headers: { ...bearer(admin), 'accept-language': 'en-US' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('water-quality-report-2026-05.xlsx');
    const sheets = await readXlsxFile(res.rawPayload);
    expect(sheets.map((s) => s.sheet)).toEqual(['Compliance', 'Exceedances']);
    const [rates, exceedances] = sheets.map((s) => s.data);
    expect(rates![0]).toEqual([
      'Site code',
      'Site',
      'Kind',
      'Parameter',
      'Unit',
      'Judged',
      'Compliant',
      'Exceeding',
      'Compliance rate (%)',
    ]);
    expect(rates!.slice(1)).toEqual([
      ['WQ-WW', '城东污水厂出水', 'Wastewater discharge', 'COD', 'mg/L', 2, 1, 1, 50],
      ['WQ-WW', '城东污水厂出水', 'Wastewater discharge', 'Ammonia nitrogen', 'mg/L', 1, 1, 0, 100],
      ['WQ-WW', '城东污水厂出水', 'Wastewater discharge', 'All parameters', null, 3, 2, 1, 66.7],
      ['Total', null, null, null, null, 3, 2, 1, 66.7],
    ]);
    expect(exceedances).toHaveLength(2);
    const [row] = exceedances!.slice(1);
    expect(row!.slice(1, 13)).toEqual([
      'WQ-WW',
      '城东污水厂出水',
      'COD',
      65,
      'mg/L',
      'Lab',
      'W-2',
      '≤ 50',
      0.3,
      null,
      expect.stringContaining('GB 18918-2002'),
      'GB 18918-2002, class 1-A',
    ]);
    expect(row![0]).toEqual(new Date('2026-05-25T09:00:00Z'));

    const [log] = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.module, 'water-quality'), eq(operationLog.action, 'export')));
    expect(log).toMatchObject({ result: 'success', username: '13800000001', params: { month: '2026-05' } });
  });
});

describe('the results list', () => {
  it('filters by site, parameter, source, verdict and time, newest first', async () => {
    const { ww, tap } = city.sites;
    await enter(t, admin, {
      siteId: ww.id,
      sampleId: 'W-1',
      sampledAt: '2026-05-10T09:00:00+08:00',
      values: [
        { parameter: 'cod', value: 30 },
        { parameter: 'bod5', value: 12 },
      ],
    });
    await enter(t, admin, {
      siteId: tap.id,
      sampleId: 'T-1',
      sampledAt: '2026-05-12T09:00:00+08:00',
      values: [{ parameter: 'turbidity', value: 0.5 }],
    });
    const list = async (query: Record<string, unknown>) =>
      (
        (await t.call(api.results, { query, token: admin })).json().data.list as {
          sampleId: string;
          parameter: string;
        }[]
      ).map((r) => `${r.sampleId}/${r.parameter}`);
    expect(await list({})).toEqual(['T-1/turbidity', 'W-1/bod5', 'W-1/cod']);
    expect(await list({ siteIds: String(ww.id) })).toHaveLength(2);
    expect(await list({ verdict: 'exceeding' })).toEqual(['W-1/bod5']);
    expect(await list({ parameter: 'turbidity' })).toEqual(['T-1/turbidity']);
    expect(await list({ kind: 'tap' })).toEqual(['T-1/turbidity']);
    expect(await list({ source: 'online' })).toEqual([]);
    expect(await list({ from: '2026-05-11T00:00:00+08:00' })).toEqual(['T-1/turbidity']);
    expect(await list({ to: '2026-05-11T00:00:00+08:00' })).toHaveLength(2);
    const backwards = await t.call(api.results, {
      query: { from: '2026-05-11T00:00:00Z', to: '2026-05-10T00:00:00Z' },
      token: admin,
    });
    expect(fields(backwards)).toEqual(['querystring.to']);
    expect(await t.database.db.$count(wqResults)).toBe(3);
  });
});
