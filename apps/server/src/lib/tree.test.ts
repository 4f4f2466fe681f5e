import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { departments, enterprises, regions, roles } from '../db/schema/index.ts';
import { createTestApp, resetDatabase, type TestApp } from '../testing/build-app.ts';
import { insertRegion, limitRoleToRegions, smallCity } from '../testing/fixtures.ts';
import { type DataScope, dataScopeOf } from './data-scope.ts';
import { containing } from './like.ts';
import { regionFilter } from './region-filter.ts';
import { departmentSubtree, regionSubtree, subtreeIds } from './tree.ts';

let t: TestApp;
let city: Awaited<ReturnType<typeof smallCity>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  city = await smallCity(t.database.db);
});

const scope = (regions: number[] | null): DataScope => ({ kind: 'all', departments: null, userId: null, regions });

describe('subtree of a tree table', () => {
  it('gives a node and every node below it, in id order, and nothing for an unknown id', async () => {
    const db = t.database.db;
    const { city: c, east, basin, west } = city;
    expect(await regionSubtree(db, c.id)).toEqual([c.id, east.id, basin.id, west.id]);
    expect(await regionSubtree(db, east.id)).toEqual([east.id, basin.id]);
    expect(await regionSubtree(db, basin.id)).toEqual([basin.id]);
    expect(await regionSubtree(db, 99_999)).toEqual([]);
    expect(await subtreeIds(db, regions, [basin.id, west.id, 99_999])).toEqual([basin.id, west.id]);
  });

  it('does not take the rows under a node whose id only starts with the same digits (1 is not 11)', async () => {
    const db = t.database.db;
    const { city: c, east, basin, west } = city;
    expect(c.id).toBe(1);
    let root = c;
    while (root.id < 11) root = await insertRegion(db, { code: `R${root.id + 1}`, name: 'R', kind: 'city' });
    const child = await insertRegion(db, { code: 'R11-1', name: 'R11-1', kind: 'district', parent: root });
    expect(child.ancestors).toBe('0,11');
    expect(await regionSubtree(db, c.id)).toEqual([c.id, east.id, basin.id, west.id]);
    expect(await regionSubtree(db, root.id)).toEqual([root.id, child.id]);
  });

  it('works on departments alike', async () => {
    const db = t.database.db;
    const [enterprise] = await db.select({ id: enterprises.id }).from(enterprises).limit(1);
    const [root] = await db.insert(departments).values({ enterpriseId: enterprise!.id, name: '根' }).returning();
    const [child] = await db
      .insert(departments)
      .values({ enterpriseId: enterprise!.id, name: '子', parentId: root!.id, ancestors: `0,${root!.id}` })
      .returning();
    expect(await departmentSubtree(db, root!.id)).toEqual([root!.id, child!.id]);
    expect(await departmentSubtree(db, child!.id)).toEqual([child!.id]);
    await db.delete(departments).where(eq(departments.id, child!.id));
  });
});

describe('region filter of a place-bound list', () => {
  it('is the requested subtree within the caller’s region limit', async () => {
    const db = t.database.db;
    const { city: c, east, basin, west } = city;
    expect(await regionFilter(db, scope(null), undefined)).toBeUndefined();
    expect(await regionFilter(db, scope(null), east.id)).toEqual([east.id, basin.id]);
    expect(await regionFilter(db, scope([east.id, basin.id]), undefined)).toEqual([east.id, basin.id]);
    expect(await regionFilter(db, scope([east.id, basin.id]), c.id)).toEqual([east.id, basin.id]);
    expect(await regionFilter(db, scope([east.id, basin.id]), west.id)).toEqual([]);
    expect(await regionFilter(db, scope([]), undefined)).toEqual([]);
  });

  it('takes a role’s limit as its regions and every region below them', async () => {
    const db = t.database.db;
    const { east, basin } = city;
    await limitRoleToRegions(db, 'user', [east.id]);
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'user'));
    const limited = await dataScopeOf(db, role!.id, 1);
    expect(limited.regions).toEqual([east.id, basin.id]);
    // No active role: no place at all.
    expect((await dataScopeOf(db, null, 1)).regions).toEqual([]);
  });
});

describe('containing', () => {
  it('takes the user’s %, _ and \\ literally', () => {
    expect(containing('泵站')).toBe('%泵站%');
    expect(containing('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
