import type { WqImportReport, WqLimitSet, WqResult } from '@water/contracts';
import { and, eq } from 'drizzle-orm';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import { operationLog, wqResults } from '../../db/schema/index.ts';
import { bearer, createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';
import { multipart } from '../../testing/multipart.ts';
import { sheetTime } from './wq-import.ts';
import { api, byParameter, enter, fields, wqCity } from './wq-testing.ts';

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

const AT = '2026-05-20T09:00:00+08:00';
const LATER = '2026-05-21T09:00:00+08:00';

describe('a lab sample', () => {
  it('above its limit is stored exceeding, with the limit, the citation and the set that applied', async () => {
    const [cod] = await enter(t, admin, {
      siteId: city.sites.ww.id,
      sampleId: 'W-0520',
      sampledAt: AT,
      analyst: '李娜',
      values: [{ parameter: 'cod', value: 65 }],
    });
    expect(cod).toMatchObject({
      siteCode: 'WQ-WW',
      source: 'lab',
      value: 65,
      sampleId: 'W-0520',
      analyst: '李娜',
      applied: {
        verdict: 'exceeding',
        upper: 50,
        exceedance: 0.3,
        limitSetId: city.sites.ww.limitSetId,
        limitSetName: 'GB 18918-2002 一级A',
        standard: 'GB 18918-2002',
      },
    });
    expect(cod!.applied.citation).toContain('GB 18918-2002');
    const en = await t.call(api.results, { query: { verdict: 'exceeding' }, token: admin, lang: 'en-US' });
    expect(en.json().data.list[0].applied.limitSetName).toBe('GB 18918-2002, class 1-A');
  });

  it('judges NH3-N at a 1-A site by 8 mg/L at 10 °C (its own temperature) and by 5 at 15 °C', async () => {
    const cold = await enter(t, admin, {
      siteId: city.sites.ww.id,
      sampleId: 'W-COLD',
      sampledAt: AT,
      values: [
        { parameter: 'nh3n', value: 6 },
        { parameter: 'temperature', value: 10 },
      ],
    });
    expect(byParameter(cold, 'nh3n').applied).toMatchObject({
      verdict: 'compliant',
      upper: 8,
      coldApplied: true,
      temperature: 10,
    });
    const warm = await enter(t, admin, {
      siteId: city.sites.ww.id,
      sampleId: 'W-WARM',
      sampledAt: LATER,
      values: [
        { parameter: 'temperature', value: 15 },
        { parameter: 'nh3n', value: 6 },
      ],
    });
    expect(byParameter(warm, 'nh3n').applied).toMatchObject({
      verdict: 'exceeding',
      upper: 5,
      coldApplied: false,
      temperature: 15,
      exceedance: 0.2,
    });
    // The sample's temperature corrected to 11 °C: its NH3-N is judged again by the cold-water limit.
    const temp = byParameter(warm, 'temperature');
    const fixed = await t.call(api.updateResult, {
      params: { id: temp.id },
      body: { value: 11, sampledAt: LATER },
      token: admin,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const [nh3n] = await t.database.db
      .select()
      .from(wqResults)
      .where(eq(wqResults.id, byParameter(warm, 'nh3n').id));
    expect(nh3n).toMatchObject({ verdict: 'compliant', upper: 8, coldApplied: true, temperature: 11 });
  });

  it('below detection: compliant under an upper bound, exceeding a lower bound the MDL does not reach', async () => {
    const tap = await enter(t, admin, {
      siteId: city.sites.tap.id,
      sampleId: 'T-1',
      sampledAt: AT,
      values: [
        { parameter: 'nh3n', value: 0.025, belowDetection: true },
        { parameter: 'chlorine_free', value: 0.01, belowDetection: true },
      ],
    });
    expect(byParameter(tap, 'nh3n')).toMatchObject({ belowDetection: true, applied: { verdict: 'compliant' } });
    expect(byParameter(tap, 'chlorine_free').applied).toMatchObject({
      verdict: 'exceeding',
      lower: 0.05,
      exceedance: null,
    });
    // An MDL above the limit cannot tell: not judged.
    const [tp] = await enter(t, admin, {
      siteId: city.sites.river.id,
      sampleId: 'R-1',
      sampledAt: AT,
      values: [{ parameter: 'tp', value: 0.5, belowDetection: true }],
    });
    expect(tp!.applied).toMatchObject({ verdict: 'unjudged', unjudgedReason: 'detection_above_limit' });
  });

  it('refuses what cannot be stored: a duplicate sample, an unknown parameter, a value out of range, a future time, a disabled site', async () => {
    const body = {
      siteId: city.sites.ww.id,
      sampleId: 'W-1',
      sampledAt: AT,
      values: [{ parameter: 'cod' as const, value: 30 }],
    };
    await enter(t, admin, body);
    const again = await t.call(api.createSample, { body, token: admin, lang: 'en-US' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('Sample W-1 already has a COD result at this site');

    const unknown = await t.call('POST', '/api/water-quality/results', admin, {
      ...body,
      sampleId: 'W-2',
      values: [{ parameter: 'arsenic', value: 0.01 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(fields(unknown)).toEqual(['values.0.parameter']);

    const ph = await t.call(api.createSample, {
      body: { ...body, sampleId: 'W-3', values: [{ parameter: 'ph', value: 15 }] },
      token: admin,
    });
    expect(fields(ph)).toEqual(['values.0.value']);

    const future = await t.call(api.createSample, {
      body: { ...body, sampleId: 'W-4', sampledAt: '2026-06-02T09:00:00+08:00' },
      token: admin,
    });
    expect(fields(future)).toEqual(['sampledAt']);

    const { sites } = city;
    await t.call(api.updateSite, {
      params: { id: sites.tap.id },
      body: {
        code: sites.tap.code,
        name: sites.tap.name,
        kind: sites.tap.kind,
        regionId: sites.tap.regionId,
        limitSetId: sites.tap.limitSetId,
        enabled: false,
      },
      token: admin,
    });
    const disabled = await t.call(api.createSample, {
      body: { ...body, siteId: sites.tap.id, sampleId: 'T-9', values: [{ parameter: 'turbidity', value: 0.2 }] },
      token: admin,
      lang: 'en-US',
    });
    expect(disabled.json().data.errors).toEqual([
      { field: 'siteId', message: 'This site is disabled: no results can be entered for it' },
    ]);
    expect(await t.database.db.$count(wqResults)).toBe(1);
  });

  it('corrected or deleted: lab results only', async () => {
    const [lab] = await enter(t, admin, {
      siteId: city.sites.ww.id,
      sampleId: 'W-1',
      sampledAt: AT,
      values: [{ parameter: 'cod', value: 30 }],
    });
    const fixed = await t.call(api.updateResult, {
      params: { id: lab!.id },
      body: { value: 55, sampledAt: AT, analyst: '王强' },
      token: admin,
    });
    expect(fixed.json().data).toMatchObject({
      value: 55,
      analyst: '王强',
      applied: { verdict: 'exceeding', upper: 50 },
    });
    const [online] = await t.database.db
      .insert(wqResults)
      .values({
        siteId: city.sites.ww.id,
        parameter: 'cod',
        source: 'online',
        sampledAt: new Date(LATER),
        value: 20,
        verdict: 'compliant',
      })
      .returning();
    const refused = await t.call(api.updateResult, {
      params: { id: online!.id },
      body: { value: 1, sampledAt: LATER },
      token: admin,
    });
    expect(refused.statusCode).toBe(409);
    expect((await t.call(api.deleteResult, { params: { id: online!.id }, token: admin })).statusCode).toBe(409);
    expect((await t.call(api.deleteResult, { params: { id: lab!.id }, token: admin })).statusCode).toBe(200);
    expect((await t.call(api.deleteResult, { params: { id: lab!.id }, token: admin })).statusCode).toBe(404);
  });
});

describe('a local set edited', () => {
  it('judges later results by its new limit and rewrites no stored judgement', async () => {
    const copy = (
      await t.call(api.copyLimitSet, {
        params: { id: city.setId('gb18918-1a') },
        body: { name: '本厂内控标准' },
        token: admin,
      })
    ).json().data as WqLimitSet;
    const { ww } = city.sites;
    await t.call(api.updateSite, {
      params: { id: ww.id },
      body: { code: ww.code, name: ww.name, kind: ww.kind, regionId: ww.regionId, limitSetId: copy.id },
      token: admin,
    });
    const [before] = await enter(t, admin, {
      siteId: ww.id,
      sampleId: 'W-1',
      sampledAt: AT,
      values: [{ parameter: 'cod', value: 45 }],
    });
    expect(before!.applied).toMatchObject({ verdict: 'compliant', upper: 50, limitSetName: '本厂内控标准' });

    const limits = copy.limits.map((l) =>
      l.parameter === 'cod' ? { ...l, upper: 40, citation: '本厂内控：COD ≤ 40' } : l,
    );
    const edited = await t.call(api.updateLimitSet, {
      params: { id: copy.id },
      body: { name: '本厂内控标准 2026', limits },
      token: admin,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const [after] = await enter(t, admin, {
      siteId: ww.id,
      sampleId: 'W-2',
      sampledAt: LATER,
      values: [{ parameter: 'cod', value: 45 }],
    });
    expect(after!.applied).toMatchObject({
      verdict: 'exceeding',
      upper: 40,
      citation: '本厂内控：COD ≤ 40',
      limitSetName: '本厂内控标准 2026',
    });
    const list = (await t.call(api.results, { query: { parameter: 'cod' }, token: admin })).json().data
      .list as WqResult[];
    expect(list.find((r) => r.id === before!.id)!.applied).toMatchObject({
      verdict: 'compliant',
      upper: 50,
      limitSetName: '本厂内控标准',
    });
  });
});

describe('the lab import', () => {
  const HEADER = '样品编号,监测点编码,采样时间,检测项目,检测值,低于检出限,检测人';

  const upload = (content: Buffer | string, name = 'lab.csv', type = 'text/csv', lang?: string) => {
    const body = multipart(content, name, type);
    return t.inject({
      method: 'POST',
      url: '/api/water-quality/results/import',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(admin), ...(lang ? { 'accept-language': lang } : {}) },
    });
  };

  it('stores the good rows (a sample’s temperature feeding its NH3-N) and reports the bad ones with reasons', async () => {
    await enter(t, admin, {
      siteId: city.sites.ww.id,
      sampleId: 'OLD-1',
      sampledAt: AT,
      values: [{ parameter: 'cod', value: 20 }],
    });
    const csv = [
      HEADER,
      'W-0520,WQ-WW,2026-05-20 09:30,水温,10,,李娜',
      'W-0520,WQ-WW,2026-05-20 09:30,NH3-N,6.2,,李娜',
      'W-0520,WQ-WW,2026-05-20 09:30,总磷,<0.01,,李娜',
      'W-0520,WQ-WW,2026-05-20 09:30,SS,ND,,李娜',
      'W-0520,WQ-WW,2026-05-20 09:30,BOD₅,12,,李娜',
      'X-1,NOPE,2026-05-20 09:30,COD,20,,',
      'X-2,WQ-WW,2026-05-20 09:30,砷,0.01,,',
      'X-3,WQ-WW,2026-05-20 09:30,COD,abc,,',
      'W-0520,WQ-WW,2026-05-20 09:30,氨氮,6.0,,',
      'OLD-1,WQ-WW,2026-05-20 09:00,cod,21,,',
      'X-4,WQ-WW,2026-02-30 09:30,COD,21,,',
      'X-5,WQ-TAP,2026-05-20 10:00,游离氯,0.3,是,',
      '<b>X</b>,WQ-WW,2026-05-20 09:30,COD,20,,',
      '',
    ].join('\n');
    const res = await upload(csv, 'lab.csv', 'text/csv', 'en-US');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data as WqImportReport;
    expect(report.created).toBe(6);
    expect(report.exceeding).toBe(1);
    const [log] = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.module, 'water-quality'), eq(operationLog.action, 'import')));
    expect(log).toMatchObject({ result: 'success', after: { created: 6, exceeding: 1, failed: 7 } });
    expect(report.failed.map((f) => [f.row, f.sampleId])).toEqual([
      [7, 'X-1'],
      [8, 'X-2'],
      [9, 'X-3'],
      [10, 'W-0520'],
      [11, 'OLD-1'],
      [12, 'X-4'],
      [14, '<b>X</b>'],
    ]);
    const reasons = Object.fromEntries(report.failed.map((f) => [f.row, f.reasons.join(' | ')]));
    expect(reasons[7]).toBe('Site code: No site "NOPE" within your data scope');
    expect(reasons[8]).toBe('Parameter: No parameter "砷"');
    expect(reasons[9]).toMatch(/^Value: "abc" is not a value/);
    expect(reasons[10]).toMatch(/^Parameter: Repeats an earlier row/);
    expect(reasons[11]).toMatch(/^Parameter: This sample’s COD result is stored already/);
    expect(reasons[12]).toMatch(/^Sampled at: "2026-02-30 09:30" is not a time/);
    expect(reasons[14]).toMatch(/^Sample ID: Must not contain HTML tags/);

    const stored = (await t.call(api.results, { query: { pageSize: 50 }, token: admin })).json().data
      .list as WqResult[];
    const sample = stored.filter((r) => r.sampleId === 'W-0520');
    expect(sample.map((r) => r.sampledAt)).toEqual(Array(5).fill('2026-05-20T01:30:00.000Z'));
    expect(byParameter(sample, 'nh3n').applied).toMatchObject({
      verdict: 'compliant',
      coldApplied: true,
      temperature: 10,
    });
    expect(byParameter(sample, 'tp')).toMatchObject({ value: 0.01, belowDetection: true });
    expect(byParameter(sample, 'ss')).toMatchObject({ value: 4, belowDetection: true });
    expect(byParameter(sample, 'bod5').applied.verdict).toBe('exceeding');
    expect(byParameter(stored, 'chlorine_free')).toMatchObject({
      value: 0.3,
      belowDetection: true,
      siteCode: 'WQ-TAP',
    });
  });

  it('reads its own template back, in XLSX (times on the utility clock), and refuses a sheet without its columns', async () => {
    const template = await t.inject({
      method: 'GET',
      url: '/api/water-quality/results/import-template',
      headers: bearer(admin),
    });
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const [sheet] = await readXlsxFile(template.rawPayload);
    expect(sheet!.data[0]).toEqual(HEADER.split(','));
    const res = await upload(
      template.rawPayload,
      'template.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ created: 5, failed: [] });
    const stored = (await t.call(api.results, { token: admin })).json().data.list as WqResult[];
    // Yesterday 09:30 in UTC+8 (the test clock stands at 2026-06-01 16:00 there).
    expect(stored[0]!.sampledAt).toBe('2026-05-31T01:30:00.000Z');
    expect(byParameter(stored, 'nh3n').applied).toMatchObject({ coldApplied: true, verdict: 'compliant' });

    const own = await writeExcelFile([
      [
        { value: 'Sample ID' },
        { value: 'Site code' },
        { value: 'Sampled at' },
        { value: 'Parameter' },
        { value: 'Value' },
      ],
      [
        { value: 'E-1' },
        { value: 'wq-riv' },
        { value: new Date('2026-05-10T08:15:00Z'), format: 'yyyy-mm-dd hh:mm' },
        { value: 'Dissolved oxygen' },
        { value: 5.5 },
      ],
    ] as never).toBuffer();
    const english = await upload(own, 'en.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(english.json().data).toMatchObject({ created: 1, failed: [] });
    const [doRow] = await t.database.db.select().from(wqResults).where(eq(wqResults.sampleId, 'E-1'));
    // The cell's 08:15 is the utility's wall clock.
    expect(doRow!.sampledAt.toISOString()).toBe('2026-05-10T00:15:00.000Z');
    expect(doRow!.grade).toBe(3);

    const noColumns = await upload('编号,数值\nA,1\n', 'x.csv', 'text/csv', 'en-US');
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().msg).toContain('Sample ID');
  });
});

describe('sheet times', () => {
  it('are the utility clock unless they carry an offset', () => {
    expect(sheetTime('2026-05-20 09:30')?.toISOString()).toBe('2026-05-20T01:30:00.000Z');
    expect(sheetTime('2026/5/20 9:30:15')?.toISOString()).toBe('2026-05-20T01:30:15.000Z');
    expect(sheetTime('2026-05-20')?.toISOString()).toBe('2026-05-19T16:00:00.000Z');
    expect(sheetTime('2026-05-20T09:30:00+08:00')?.toISOString()).toBe('2026-05-20T01:30:00.000Z');
    expect(sheetTime('2026-05-20T09:30:00.000Z')?.toISOString()).toBe('2026-05-20T01:30:00.000Z');
    // An Excel date cell read back a millisecond off.
    expect(sheetTime('2026-05-20T09:29:59.999Z')?.toISOString()).toBe('2026-05-20T01:30:00.000Z');
    expect(sheetTime('2026-13-01 09:30')).toBeNull();
    expect(sheetTime('yesterday')).toBeNull();
  });
});
