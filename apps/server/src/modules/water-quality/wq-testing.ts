import {
  type WqLimitSet,
  type WqResult,
  type WqSampleInput,
  type WqSite,
  type WqSiteInput,
  waterQualityApi,
} from '@water/contracts';
import { expect } from 'vitest';
import type { TestApp } from '../../testing/build-app.ts';
import { deviceTypeId, insertDevice, smallCity } from '../../testing/fixtures.ts';

export const api = waterQualityApi;

type Res = Awaited<ReturnType<TestApp['call']>>;

/** The fields a 400 names, from the validation envelope. */
export const fields = (res: Res) => ((res.json().data?.errors ?? []) as { field: string }[]).map((e) => e.field);

/**
 * The small city with four sites: a plant outlet and a wastewater discharge in 城东区, a tap and a
 * river section (target class III) in 城西区; two analysers in 城东区, one of them at the outlet.
 */
export async function wqCity(t: TestApp, admin: string) {
  const db = t.database.db;
  const city = await smallCity(db);
  const analyserType = await deviceTypeId(db, 'water_quality_analyser');
  const levelType = await deviceTypeId(db, 'level_gauge');
  const analyser1 = await insertDevice(db, { code: 'WQA-01', typeId: analyserType, regionId: city.east.id });
  const analyser2 = await insertDevice(db, { code: 'WQA-02', typeId: analyserType, regionId: city.east.id });
  const level = await insertDevice(db, { code: 'LG-01', typeId: levelType, regionId: city.east.id });
  const sets = (await t.call(api.limitSets, { token: admin })).json().data as WqLimitSet[];
  const setId = (code: string) => sets.find((s) => s.code === code)!.id;
  const createSite = async (body: WqSiteInput) => {
    const res = await t.call(api.createSite, { body, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as WqSite;
  };
  const outlet = await createSite({
    code: 'WQ-OUT',
    name: '城东水厂出厂水',
    kind: 'plant_outlet',
    regionId: city.east.id,
    limitSetId: setId('gb5749-outlet'),
    deviceIds: [analyser1.id],
  });
  const ww = await createSite({
    code: 'WQ-WW',
    name: '城东污水厂出水',
    kind: 'wastewater_discharge',
    regionId: city.east.id,
    limitSetId: setId('gb18918-1a'),
  });
  const tap = await createSite({
    code: 'WQ-TAP',
    name: '城西末梢水',
    kind: 'tap',
    regionId: city.west.id,
    limitSetId: setId('gb5749-tap'),
  });
  const river = await createSite({
    code: 'WQ-RIV',
    name: '岚江城西断面',
    kind: 'river',
    regionId: city.west.id,
    limitSetId: setId('gb3838-river'),
    targetGrade: 3,
  });
  return { city, sets, setId, sites: { outlet, ww, tap, river }, devices: { analyser1, analyser2, level } };
}

/** Enters a lab sample as `token` (the administrator's unless told) and answers its stored results. */
export async function enter(t: TestApp, token: string, body: WqSampleInput): Promise<WqResult[]> {
  const res = await t.call(api.createSample, { body, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as WqResult[];
}

export const byParameter = (results: WqResult[], parameter: string) => results.find((r) => r.parameter === parameter)!;
