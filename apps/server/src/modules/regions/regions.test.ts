import { mapApi, type RegionCollection, type RegionInput, type RegionNode, regionsApi } from '@water/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deviceArchiveEntries, devices, regions, stations } from '../../db/schema/index.ts';
import { createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';
import { buildRegionTree } from './regions.mappers.ts';

let t: TestApp;
let admin: string;
let user: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  // These tests build their own small city: the demo city's register is set aside.
  await t.database.db.delete(deviceArchiveEntries);
  await t.database.db.delete(devices);
  await t.database.db.delete(stations);
  await t.database.db.delete(regions);
  admin = await t.login();
  user = await t.login('user', 'User@2026');
});

const call: TestApp['call'] = (...args) => t.call(...args);

// A small square near the demo city (WGS-84).
const square = (x: number, y: number, d = 0.02) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [x, y],
      [x + d, y],
      [x + d, y + d],
      [x, y + d],
      [x, y],
    ],
  ],
});

async function makeTree() {
  const city = (
    await call(regionsApi.create, { body: { code: 'LC', name: '岚川市', kind: 'city' }, token: admin })
  ).json().data;
  const east = (
    await call(regionsApi.create, {
      body: {
        code: 'LC-E',
        name: '城东区',
        kind: 'district',
        parentId: city.id,
        boundary: square(119.6, 29.1),
      },
      token: admin,
    })
  ).json().data;
  const basin = (
    await call(regionsApi.create, {
      body: {
        code: 'LC-E-01',
        name: '滨江排水片区',
        kind: 'catchment',
        parentId: east.id,
      },
      token: admin,
    })
  ).json().data;
  return { city, east, basin };
}

describe('monitoring regions', () => {
  it('builds a tree with boundaries, readable by any signed-in user', async () => {
    const { east } = await makeTree();
    const tree = (await call(regionsApi.tree, { token: user })).json().data as RegionNode[];
    expect(tree[0]).toMatchObject({
      code: 'LC',
      children: [{ code: 'LC-E', hasBoundary: true, children: [{ code: 'LC-E-01' }] }],
    });
    const detail = (await call(regionsApi.get, { params: { id: east.id }, token: user })).json().data;
    expect(detail.boundary).toEqual(square(119.6, 29.1));
  });

  it('rolls device counts up the tree: a region counts its own devices and those of every region below', () => {
    const row = (id: number, parentId: number | null, devices: number) => ({
      region: { id, parentId, code: `R${id}`, name: `R${id}`, kind: 'district', orderNum: 0, boundary: null },
      devices,
    });
    const [city] = buildRegionTree([
      row(1, null, 0),
      row(2, 1, 1),
      row(3, 2, 22),
      row(4, 2, 15),
      row(5, 1, 0),
    ] as Parameters<typeof buildRegionTree>[0]);
    expect(city).toMatchObject({
      devices: 0,
      totalDevices: 38,
      children: [
        { id: 2, devices: 1, totalDevices: 38, children: [{ totalDevices: 22 }, { totalDevices: 15 }] },
        { id: 5, devices: 0, totalDevices: 0 },
      ],
    });
  });

  it('moves a region with its sub-regions, never under itself or below', async () => {
    const { city, east, basin } = await makeTree();
    const west = (
      await call(regionsApi.create, {
        body: { code: 'LC-W', name: '城西区', kind: 'district', parentId: city.id },
        token: admin,
      })
    ).json().data;
    const body: RegionInput = { code: 'LC-E', name: '城东区', kind: 'district' };
    for (const parentId of [east.id, basin.id]) {
      const res = await call(regionsApi.update, {
        params: { id: east.id },
        body: { ...body, parentId },
        token: admin,
        lang: 'en-US',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('under itself');
    }
    const moved = await call(regionsApi.update, {
      params: { id: basin.id },
      body: {
        code: 'LC-E-01',
        name: '滨江排水片区',
        kind: 'catchment',
        parentId: west.id,
      },
      token: admin,
    });
    expect(moved.json().data.parentId).toBe(west.id);
  });

  it('refuses to delete a region with sub-regions or devices, saying which', async () => {
    const { east, basin } = await makeTree();
    expect((await call(regionsApi.remove, { params: { id: east.id }, token: admin })).json().msg).toBe(
      '该区域下还有 1 个下级区域，请先移走或删除它们',
    );
    await t.database.db.insert(devices).values({ code: 'LG-0001', name: '1 号液位计', regionId: basin.id });
    const res = await call(regionsApi.remove, { params: { id: basin.id }, token: admin, lang: 'en-US' });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('1 devices are in this region: move them to another region first');
  });

  it('validates codes and boundaries: open rings, coordinates off the globe, duplicates', async () => {
    await makeTree();
    const open = {
      type: 'Polygon',
      coordinates: [
        [
          [119.6, 29.1],
          [119.7, 29.1],
          [119.7, 29.2],
          [119.6, 29.2],
        ],
      ],
    };
    const off = square(190, 29.1);
    for (const boundary of [open, off, { type: 'Point', coordinates: [119.6, 29.1] }]) {
      // by address: a Point is no boundary the contract's types take
      expect(
        (await call('POST', '/api/regions', admin, { code: 'X', name: 'x', kind: 'district', boundary })).statusCode,
      ).toBe(400);
    }
    expect(
      (await call(regionsApi.create, { body: { code: 'LC', name: '重复', kind: 'city' }, token: admin })).statusCode,
    ).toBe(409);
    expect(
      (await call(regionsApi.create, { body: { code: 'a b', name: 'x', kind: 'city' }, token: admin })).statusCode,
    ).toBe(400);
    expect(
      (await call(regionsApi.create, { body: { code: 'Y', name: 'y', kind: 'city' }, token: user })).statusCode,
    ).toBe(403);
  });

  it('exports GeoJSON and imports it back: codes decide create or update, parents first', async () => {
    await makeTree();
    const exported = (await call(regionsApi.exportGeoJson, { token: user })).json().data;
    expect(exported.type).toBe('FeatureCollection');
    expect(
      exported.features.find((f: { properties: { code: string } }) => f.properties.code === 'LC-E-01').properties
        .parentCode,
    ).toBe('LC-E');
    // children listed before their parent, one new region, one renamed
    const collection: RegionCollection = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: square(119.5, 29.0),
          properties: { code: 'LC-W-01', name: '西湖片区', kind: 'catchment', parentCode: 'LC-W' },
        },
        {
          type: 'Feature',
          geometry: null,
          properties: { code: 'LC-W', name: '城西区', kind: 'district', parentCode: 'LC' },
        },
        {
          type: 'Feature',
          geometry: null,
          properties: { code: 'LC-E', name: '城东新区', kind: 'district', parentCode: 'LC' },
        },
      ],
    };
    const res = (await call(regionsApi.importGeoJson, { body: collection, token: admin })).json();
    expect(res.data).toEqual({ created: 2, updated: 1 });
    const tree = (await call(regionsApi.tree, { token: admin })).json().data as RegionNode[];
    expect(tree[0]!.children.map((c) => c.name).sort()).toEqual(['城东新区', '城西区']);
    // an unknown parent fails the whole import: nothing of it is written
    const bad: RegionCollection = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: null,
          properties: { code: 'Z', name: 'z', kind: 'catchment', parentCode: 'NOPE' },
        },
      ],
    };
    expect((await call(regionsApi.importGeoJson, { body: bad, token: admin })).statusCode).toBe(400);
    expect(((await call(regionsApi.exportGeoJson, { token: admin })).json().data.features as unknown[]).length).toBe(5);
  });
});

describe('map config', () => {
  it('works offline by default, centred on the regions', async () => {
    await makeTree();
    const config = (await call(mapApi.config, { token: user })).json().data;
    expect(config.tileUrl).toBeNull();
    expect(config.center[0]).toBeCloseTo(119.61, 2);
    expect(config.center[1]).toBeCloseTo(29.11, 2);
  });
});
