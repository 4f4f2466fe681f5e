import {
  type Endpoint,
  WQ_PARAMETERS,
  type WqLimitSet,
  type WqLimitSetInput,
  type WqParameterInfo,
  type WqSite,
  type WqSiteInput,
} from '@water/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { operationLog, wqLimitSets, wqLimits, wqParameters } from '../../db/schema/index.ts';
import { seedWaterQuality } from '../../db/seed/water-quality.ts';
import { WQ_NATIONAL_SETS } from '../../db/seed/water-quality-standards.ts';
import { createTestApp, resetDatabase, type TestApp, urlOf } from '../../testing/build-app.ts';
import { limitRoleToRegions } from '../../testing/fixtures.ts';
import { api, enter, fields, wqCity } from './wq-testing.ts';

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

const AT = '2026-05-20T09:00:00+08:00';

async function sets(token = admin, lang?: string): Promise<WqLimitSet[]> {
  const res = await t.call(api.limitSets, { token, ...(lang ? { lang } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const siteInput = (s: WqSite, over: Partial<WqSiteInput> = {}): WqSiteInput => ({
  code: s.code,
  name: s.name,
  kind: s.kind,
  regionId: s.regionId,
  longitude: s.longitude,
  latitude: s.latitude,
  address: s.address,
  limitSetId: s.limitSetId,
  targetGrade: s.targetGrade,
  deviceIds: s.devices.map((d) => d.id),
  alarmEnabled: s.alarmEnabled,
  alarmSeverity: s.alarmSeverity,
  recipients: s.recipients,
  enabled: s.enabled,
  ...over,
});

describe('the base seed', () => {
  it('gives every installation the parameters and the national sets, names in the caller language', async () => {
    const params = (await t.call(api.parameters, { token: user, lang: 'en-US' })).json().data as WqParameterInfo[];
    expect(params.map((p) => p.code)).toEqual([...WQ_PARAMETERS]);
    expect(params.find((p) => p.code === 'nh3n')).toMatchObject({ name: 'Ammonia nitrogen', unit: 'mg/L', mdl: 0.025 });

    const zh = await sets(user);
    expect(zh.map((s) => s.code)).toEqual(WQ_NATIONAL_SETS.map((s) => s.code));
    // The demo city's sites are judged by some of them (seed/demo-water-quality.ts).
    expect(zh.every((s) => s.national)).toBe(true);
    const en = await sets(user, 'en-US');
    const a1 = en.find((s) => s.code === 'gb18918-1a')!;
    expect(a1.name).toBe('GB 18918-2002, class 1-A');
    expect(zh.find((s) => s.code === 'gb18918-1a')!.name).toBe('GB 18918-2002 一级A');
    expect(a1.limits.find((l) => l.parameter === 'nh3n')).toMatchObject({ upper: 5, coldUpper: 8 });
    const river = en.find((s) => s.code === 'gb3838-river')!;
    expect(river.graded).toBe(true);
    expect(river.limits.filter((l) => l.parameter === 'do').map((l) => [l.grade, l.lower])).toEqual([
      [1, 7.5],
      [2, 6],
      [3, 5],
      [4, 3],
      [5, 2],
    ]);
  });

  it('is idempotent, keeps the lab’s detection limit and method, and puts national limits back in line', async () => {
    const db = t.database.db;
    await db.update(wqParameters).set({ mdl: 0.02, method: '本实验室方法' }).where(eq(wqParameters.code, 'nh3n'));
    const [a1] = await db.select().from(wqLimitSets).where(eq(wqLimitSets.code, 'gb18918-1a'));
    await db
      .update(wqLimits)
      .set({ upper: 99 })
      .where(and(eq(wqLimits.setId, a1!.id), eq(wqLimits.parameter, 'cod')));
    await db.delete(wqLimits).where(and(eq(wqLimits.setId, a1!.id), eq(wqLimits.parameter, 'tp')));
    const before = await db.$count(wqLimits);

    await seedWaterQuality(db);
    await seedWaterQuality(db);

    const [nh3n] = await db.select().from(wqParameters).where(eq(wqParameters.code, 'nh3n'));
    expect(nh3n).toMatchObject({ mdl: 0.02, method: '本实验室方法', unit: 'mg/L' });
    const limits = await db.select().from(wqLimits).where(eq(wqLimits.setId, a1!.id));
    expect(limits.find((l) => l.parameter === 'cod')?.upper).toBe(50);
    expect(limits.find((l) => l.parameter === 'tp')?.upper).toBe(0.5);
    expect(await db.$count(wqLimits)).toBe(before + 1);
    expect(await db.$count(wqLimitSets)).toBe(WQ_NATIONAL_SETS.length);
  });
});

describe('the plain user', () => {
  it('reads everything and is refused every write with 403 (and leaves a denied row)', async () => {
    const { sites } = await wqCity(t, admin);
    for (const e of [api.parameters, api.limitSets, api.sites, api.latest, api.results]) {
      expect((await t.call(e as Endpoint, { token: user })).statusCode, e.path).toBe(200);
    }
    const writes: [Endpoint, Record<string, unknown>][] = [
      [api.updateParameter, { params: { code: 'nh3n' }, body: { mdl: 0.01, method: '' } }],
      [api.copyLimitSet, { params: { id: sites.ww.limitSetId }, body: { name: '本地' } }],
      [api.updateLimitSet, { params: { id: sites.ww.limitSetId }, body: { name: 'x', limits: [] } }],
      [api.deleteLimitSet, { params: { id: sites.ww.limitSetId } }],
      [api.createSite, { body: siteInput(sites.ww, { code: 'NEW' }) }],
      [api.updateSite, { params: { id: sites.ww.id }, body: siteInput(sites.ww) }],
      [api.deleteSite, { params: { id: sites.ww.id } }],
      [
        api.createSample,
        { body: { siteId: sites.ww.id, sampleId: 'S1', sampledAt: AT, values: [{ parameter: 'cod', value: 20 }] } },
      ],
      [api.updateResult, { params: { id: 1 }, body: { value: 1, sampledAt: AT } }],
      [api.deleteResult, { params: { id: 1 } }],
      [api.importTemplate, {}],
      [api.importResults, {}],
    ];
    for (const [e, input] of writes) {
      const res = await t.call(e, { ...input, token: user });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(403);
    }
    const denied = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.module, 'water-quality'), eq(operationLog.result, 'denied')));
    expect(denied).toHaveLength(writes.length - 1);
  });
});

describe('limit sets', () => {
  it('refuses to change or delete a national set, in the caller language', async () => {
    const a1 = (await sets()).find((s) => s.code === 'gb18918-1a')!;
    const body: WqLimitSetInput = { name: a1.name, limits: [{ parameter: 'cod', upper: 40 }] };
    const res = await t.call(api.updateLimitSet, { params: { id: a1.id }, body, token: admin, lang: 'en-US' });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/national standard.*copy/i);
    const del = await t.call(api.deleteLimitSet, { params: { id: a1.id }, token: admin });
    expect(del.statusCode).toBe(409);
    expect(del.json().msg).toContain('国家标准');
    expect((await sets()).find((s) => s.id === a1.id)!.limits.find((l) => l.parameter === 'cod')?.upper).toBe(50);
  });

  it('copies any set, edits the copy (limits checked against the set), and deletes it once unused', async () => {
    const river = (await sets()).find((s) => s.code === 'gb3838-river')!;
    const copied = await t.call(api.copyLimitSet, {
      params: { id: river.id },
      body: { name: '岚江地方标准' },
      token: admin,
    });
    expect(copied.statusCode, copied.body).toBe(200);
    const copy = copied.json().data as WqLimitSet;
    expect(copy).toMatchObject({
      code: null,
      national: false,
      graded: true,
      kind: 'surface',
      basedOnId: river.id,
      basedOnName: river.name,
    });
    expect(copy.limits).toEqual(river.limits);

    const same = await t.call(api.copyLimitSet, {
      params: { id: river.id },
      body: { name: '岚江地方标准' },
      token: admin,
    });
    expect(same.statusCode).toBe(409);

    // A graded set's limits name their class.
    const ungraded = await t.call(api.updateLimitSet, {
      params: { id: copy.id },
      body: { name: copy.name, limits: [{ parameter: 'nh3n', upper: 0.8 }] },
      token: admin,
    });
    expect(ungraded.statusCode).toBe(400);
    expect(fields(ungraded)).toEqual(['limits.0.grade']);

    const limits = copy.limits.map((l) => (l.parameter === 'nh3n' && l.grade === 3 ? { ...l, upper: 0.8 } : l));
    const updated = await t.call(api.updateLimitSet, {
      params: { id: copy.id },
      body: { name: '岚江地方标准（严）', description: '氨氮III类收严至 0.8', limits },
      token: admin,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(
      updated
        .json()
        .data.limits.find((l: { parameter: string; grade: number }) => l.parameter === 'nh3n' && l.grade === 3).upper,
    ).toBe(0.8);

    const del = await t.call(api.deleteLimitSet, { params: { id: copy.id }, token: admin });
    expect(del.statusCode, del.body).toBe(200);
    expect((await sets()).some((s) => s.id === copy.id)).toBe(false);
  });

  it('refuses to delete a set a site is judged by', async () => {
    const { sites } = await wqCity(t, admin);
    const copy = (
      await t.call(api.copyLimitSet, { params: { id: sites.ww.limitSetId }, body: { name: '本地一级A' }, token: admin })
    ).json().data as WqLimitSet;
    const moved = await t.call(api.updateSite, {
      params: { id: sites.ww.id },
      body: siteInput(sites.ww, { limitSetId: copy.id }),
      token: admin,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await sets()).find((s) => s.id === copy.id)?.siteCount).toBe(1);
    const res = await t.call(api.deleteLimitSet, { params: { id: copy.id }, token: admin, lang: 'en-US' });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain('1 site');
  });
});

describe('sites', () => {
  it('are created with their analysers, listed with filters, and refused bad input naming the field', async () => {
    const { sites, setId, devices, city } = await wqCity(t, admin);
    expect(sites.outlet.devices.map((d) => d.code)).toEqual(['WQA-01']);
    expect(sites.river.limitSetName).toBe('GB 3838-2002 地表水（河流）');

    const list = await t.call(api.sites, { query: { kind: 'river' }, token: admin });
    expect(list.json().data.list.map((s: WqSite) => s.code)).toEqual(['WQ-RIV']);
    const east = await t.call(api.sites, { query: { regionId: city.east.id }, token: admin });
    expect(east.json().data.list.map((s: WqSite) => s.code)).toEqual(['WQ-OUT', 'WQ-WW']);
    const kw = await t.call(api.sites, { query: { keyword: '末梢' }, token: admin });
    expect(kw.json().data.total).toBe(1);

    const base = siteInput(sites.tap, { code: 'WQ-NEW', deviceIds: [] });
    const bad = async (over: Partial<WqSiteInput>) => {
      const res = await t.call(api.createSite, { body: { ...base, ...over }, token: admin, lang: 'en-US' });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().data.errors as { field: string; message: string }[];
    };
    expect(await bad({ limitSetId: setId('gb18918-1a') })).toEqual([
      { field: 'limitSetId', message: 'This limit set is not for this kind of site' },
    ]);
    expect((await bad({ kind: 'river', limitSetId: setId('gb3838-river') })).map((e) => e.field)).toEqual([
      'targetGrade',
    ]);
    expect((await bad({ targetGrade: 2 })).map((e) => e.field)).toEqual(['targetGrade']);
    expect(await bad({ deviceIds: [devices.analyser1.id] })).toEqual([
      { field: 'deviceIds.0', message: 'This analyser measures at another site' },
    ]);
    expect(await bad({ deviceIds: [devices.level.id] })).toEqual([
      { field: 'deviceIds.0', message: 'This device is not a water-quality analyser' },
    ]);
    expect((await bad({ deviceIds: [999999] })).map((e) => e.field)).toEqual(['deviceIds.0']);
    expect((await bad({ regionId: 999999 })).map((e) => e.field)).toEqual(['regionId']);
    expect(
      (await bad({ recipients: { userIds: [999999], roleCodes: [], departmentIds: [] } })).map((e) => e.field),
    ).toEqual(['recipients.userIds.0']);
    const taken = await t.call(api.createSite, { body: { ...base, code: 'WQ-TAP' }, token: admin });
    expect(taken.statusCode).toBe(409);

    // The analyser moves to the new site once the outlet lets it go.
    const freed = await t.call(api.updateSite, {
      params: { id: sites.outlet.id },
      body: siteInput(sites.outlet, { deviceIds: [devices.analyser2.id] }),
      token: admin,
    });
    expect(freed.json().data.devices.map((d: { code: string }) => d.code)).toEqual(['WQA-02']);
    const created = await t.call(api.createSite, {
      body: { ...base, deviceIds: [devices.analyser1.id] },
      token: admin,
    });
    expect(created.statusCode, created.body).toBe(200);
  });

  it('deletes a site without results; one with results is refused, telling to disable it', async () => {
    const { sites } = await wqCity(t, admin);
    await enter(t, admin, {
      siteId: sites.ww.id,
      sampleId: 'S1',
      sampledAt: AT,
      values: [{ parameter: 'cod', value: 20 }],
    });
    const refused = await t.call(api.deleteSite, { params: { id: sites.ww.id }, token: admin, lang: 'en-US' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toMatch(/disable it/);
    const ok = await t.call(api.deleteSite, { params: { id: sites.tap.id }, token: admin });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('online judging', () => {
  it('is told to read the sites again once a site or the limits judging one are committed', async () => {
    const refresh = vi.spyOn(t.app.waterQuality, 'refresh');
    try {
      const { sites } = await wqCity(t, admin);
      expect(refresh).toHaveBeenCalledTimes(4);
      await t.call(api.updateSite, { params: { id: sites.tap.id }, body: siteInput(sites.tap), token: admin });
      await t.call(api.deleteSite, { params: { id: sites.tap.id }, token: admin });
      expect(refresh).toHaveBeenCalledTimes(6);
      // A refused write tells nothing.
      await t.call(api.updateSite, {
        params: { id: sites.ww.id },
        body: siteInput(sites.ww, { targetGrade: 2 }),
        token: admin,
      });
      expect(refresh).toHaveBeenCalledTimes(6);
    } finally {
      refresh.mockRestore();
    }
  });
});

describe('a region-limited role', () => {
  it('sees and writes only the sites of its regions', async () => {
    const { sites, city } = await wqCity(t, admin);
    const west = await enter(t, admin, {
      siteId: sites.tap.id,
      sampleId: 'T1',
      sampledAt: AT,
      values: [{ parameter: 'turbidity', value: 0.4 }],
    });
    await enter(t, admin, {
      siteId: sites.ww.id,
      sampleId: 'W1',
      sampledAt: AT,
      values: [{ parameter: 'cod', value: 20 }],
    });
    await limitRoleToRegions(t.database.db, 'user', [city.east.id]);
    await t.grant('user', 'water:result:write');
    await t.grant('user', 'water:config:write');
    user = await t.login('user', 'User@2026');

    const listed = (await t.call(api.sites, { token: user })).json().data.list as WqSite[];
    expect(listed.map((s) => s.code)).toEqual(['WQ-OUT', 'WQ-WW']);
    const results = (await t.call(api.results, { token: user })).json().data;
    expect(results.list.map((r: { siteCode: string }) => r.siteCode)).toEqual(['WQ-WW']);
    const latest = (await t.call(api.latest, { token: user })).json().data as { site: { code: string } }[];
    expect(latest.map((s) => s.site.code)).toEqual(['WQ-OUT', 'WQ-WW']);
    const history = await t.call(api.history, {
      query: {
        siteId: sites.tap.id,
        parameter: 'turbidity',
        from: '2026-05-01T00:00:00+08:00',
        to: '2026-06-01T00:00:00+08:00',
      },
      token: user,
    });
    expect(history.statusCode).toBe(404);
    const compliance = (
      await t.call(api.compliance, { query: { fromMonth: '2026-05', toMonth: '2026-05' }, token: user })
    ).json().data;
    expect(compliance.rows.map((r: { siteCode: string }) => r.siteCode)).toEqual(['WQ-WW']);

    // Writes reach only what it sees.
    const sample = await t.call(api.createSample, {
      body: { siteId: sites.tap.id, sampleId: 'T2', sampledAt: AT, values: [{ parameter: 'turbidity', value: 0.3 }] },
      token: user,
    });
    expect(sample.statusCode).toBe(400);
    expect(fields(sample)).toEqual(['siteId']);
    const correct = await t.call(api.updateResult, {
      params: { id: west[0]!.id },
      body: { value: 0.5, sampledAt: AT },
      token: user,
    });
    expect(correct.statusCode).toBe(404);
    expect((await t.call(api.deleteResult, { params: { id: west[0]!.id }, token: user })).statusCode).toBe(404);
    expect(
      (await t.call(api.updateSite, { params: { id: sites.tap.id }, body: siteInput(sites.tap), token: user }))
        .statusCode,
    ).toBe(404);
    expect((await t.call(api.deleteSite, { params: { id: sites.tap.id }, token: user })).statusCode).toBe(404);
    const moved = await t.call(api.updateSite, {
      params: { id: sites.ww.id },
      body: siteInput(sites.ww, { regionId: city.west.id }),
      token: user,
    });
    expect(moved.statusCode).toBe(400);
    expect(fields(moved)).toEqual(['regionId']);
    const ok = await t.call(api.createSample, {
      body: { siteId: sites.ww.id, sampleId: 'W2', sampledAt: AT, values: [{ parameter: 'cod', value: 25 }] },
      token: user,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('parameters', () => {
  it('take the lab’s detection limit and method', async () => {
    const res = await t.call(api.updateParameter, {
      params: { code: 'cod' },
      body: { mdl: 3, method: 'HJ 828-2017（本实验室）' },
      token: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ code: 'cod', mdl: 3, method: 'HJ 828-2017（本实验室）' });
    const bad = await t.call('PUT', urlOf(api.updateParameter, { params: { code: 'arsenic' } }), admin, {
      mdl: 1,
      method: '',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('every write', () => {
  it('leaves an operation-log row', async () => {
    const { sites } = await wqCity(t, admin);
    const results = await enter(t, admin, {
      siteId: sites.ww.id,
      sampleId: 'S1',
      sampledAt: AT,
      values: [
        { parameter: 'cod', value: 20 },
        { parameter: 'ss', value: 4 },
      ],
    });
    await t.call(api.updateResult, {
      params: { id: results[0]!.id },
      body: { value: 22, sampledAt: AT },
      token: admin,
    });
    await t.call(api.deleteResult, { params: { id: results[1]!.id }, token: admin });
    await t.call(api.updateParameter, { params: { code: 'ss' }, body: { mdl: 5, method: '' }, token: admin });
    const copy = (
      await t.call(api.copyLimitSet, { params: { id: sites.ww.limitSetId }, body: { name: '本地' }, token: admin })
    ).json().data as WqLimitSet;
    await t.call(api.updateLimitSet, { params: { id: copy.id }, body: { name: '本地', limits: [] }, token: admin });
    await t.call(api.deleteLimitSet, { params: { id: copy.id }, token: admin });
    await t.call(api.updateSite, { params: { id: sites.tap.id }, body: siteInput(sites.tap), token: admin });
    await t.call(api.deleteSite, { params: { id: sites.tap.id }, token: admin });
    const rows = await t.database.db
      .select({ action: operationLog.action, result: operationLog.result })
      .from(operationLog)
      .where(eq(operationLog.module, 'water-quality'))
      .orderBy(operationLog.id);
    expect(rows.every((r) => r.result === 'success')).toBe(true);
    expect(new Set(rows.map((r) => r.action))).toEqual(
      new Set([
        'site.create',
        'site.update',
        'site.delete',
        'result.create',
        'result.update',
        'result.delete',
        'parameter.update',
        'limit-set.copy',
        'limit-set.update',
        'limit-set.delete',
      ]),
    );
    const n = await t.database.db.execute(
      sql`select count(*)::int as n from operation_log where module = 'water-quality'`,
    );
    expect((n as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(rows.length);
  });
});
