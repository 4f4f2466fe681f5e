import { type Boundary, type regionCollectionSchema, regionInputSchema } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Context } from '../../lib/context.ts';
import { AppError, businessError, notFound } from '../../lib/errors.ts';
import { createRegionsRepository } from './regions.repository.ts';

type Input = z.output<typeof regionInputSchema>;

/** The region tree (codes, ancestor paths, boundaries), its GeoJSON import and the map's ground. */
export function createRegionsService(app: FastifyInstance) {
  const repo = (ctx: Context) => createRegionsRepository(ctx.db);

  async function load(ctx: Context, id: number) {
    const region = await repo(ctx).get(id);
    if (!region) throw notFound();
    return region;
  }

  /** The ancestor path under `parentId`; refuses a parent that is the region itself or below it. */
  async function placeUnder(ctx: Context, parentId: number | null, self?: number): Promise<string> {
    if (parentId === null) return '0';
    const parent = await repo(ctx).byId(parentId);
    if (!parent) throw businessError(400, 'regions.unknownParent');
    if (self !== undefined && (parentId === self || parent.region.ancestors.split(',').includes(String(self)))) {
      throw businessError(400, 'regions.moveUnderSelf');
    }
    return `${parent.region.ancestors},${parent.region.id}`;
  }

  async function insert(ctx: Context, input: Input) {
    if (await repo(ctx).byCode(input.code)) throw new AppError(409, 409, 'regions.codeTaken');
    const now = app.clock.now();
    return repo(ctx).insert({
      ...input,
      ancestors: await placeUnder(ctx, input.parentId),
      createdAt: now,
      updatedAt: now,
    });
  }

  async function change(ctx: Context, id: number, input: Input) {
    const current = await repo(ctx).byId(id);
    if (!current) throw notFound();
    const other = await repo(ctx).byCode(input.code);
    if (other && other.id !== id) throw new AppError(409, 409, 'regions.codeTaken');
    const ancestors = await placeUnder(ctx, input.parentId, id);
    await repo(ctx).update(id, { ...input, ancestors, updatedAt: app.clock.now() });
    if (ancestors !== current.region.ancestors) {
      await repo(ctx).rebaseDescendants(`${current.region.ancestors},${id}`, `${ancestors},${id}`);
    }
  }

  return {
    get: load,

    tree: (ctx: Context) => repo(ctx).tree(),

    exportGeoJson: (ctx: Context) => repo(ctx).featureCollection(),

    /** The map's ground: a tile URL when one is configured, else plain (the console works offline). */
    async mapConfig(ctx: Context) {
      const rows = await repo(ctx).all();
      const boxes = rows.flatMap(({ region }) => {
        const b = region.boundary as Boundary | null;
        if (!b) return [];
        const rings = b.type === 'Polygon' ? b.coordinates : b.coordinates.flat();
        return rings.flat();
      });
      const lngs = boxes.map((p) => p[0]!);
      const lats = boxes.map((p) => p[1]!);
      const center: [number, number] = boxes.length
        ? [(Math.min(...lngs) + Math.max(...lngs)) / 2, (Math.min(...lats) + Math.max(...lats)) / 2]
        : [119.68, 29.11];
      return { tileUrl: app.config.MAP_TILE_URL ?? null, center, zoom: 12 };
    },

    /** Parents before children, whatever order the file lists them in; a code decides create or update. */
    async importGeoJson(ctx: Context, collection: z.output<typeof regionCollectionSchema>) {
      const pending = collection.features.map((f, index) => ({ f, index }));
      let created = 0;
      let updated = 0;
      while (pending.length) {
        const codes = new Set(pending.map((p) => p.f.properties.code));
        const ready = pending.filter((p) => !p.f.properties.parentCode || !codes.has(p.f.properties.parentCode));
        if (ready.length === 0) throw businessError(400, 'regions.moveUnderSelf');
        for (const { f, index } of ready) {
          const parentCode = f.properties.parentCode;
          const parent = parentCode ? await repo(ctx).byCode(parentCode) : null;
          if (parentCode && !parent)
            throw businessError(400, 'regions.unknownParentCode', { n: index + 1, code: parentCode });
          const input = regionInputSchema.parse({
            ...f.properties,
            parentId: parent?.id ?? null,
            boundary: f.geometry,
          });
          const existing = await repo(ctx).byCode(input.code);
          if (existing) {
            await change(ctx, existing.id, input);
            updated++;
          } else {
            await insert(ctx, input);
            created++;
          }
          pending.splice(
            pending.findIndex((p) => p.index === index),
            1,
          );
        }
      }
      ctx.audit({ after: { created, updated, codes: collection.features.map((f) => f.properties.code) } });
      return { created, updated };
    },

    async create(ctx: Context, input: Input) {
      const id = await insert(ctx, input);
      const after = await load(ctx, id);
      ctx.audit({ targetId: id, after });
      return after;
    },

    async update(ctx: Context, id: number, input: Input) {
      const before = await load(ctx, id);
      await change(ctx, before.id, input);
      const after = await load(ctx, before.id);
      ctx.audit({ targetId: before.id, before, after });
      return after;
    },

    /** Only a region nothing hangs on: no children, devices, stations, or roles limited to it. */
    async remove(ctx: Context, id: number) {
      const before = await load(ctx, id);
      const children = await repo(ctx).childCount(before.id);
      if (children > 0) throw new AppError(409, 409, 'regions.hasChildren', { n: children });
      if (before.devices > 0) throw new AppError(409, 409, 'regions.hasDevices', { n: before.devices });
      const stationCount = await repo(ctx).stationCount(before.id);
      if (stationCount > 0) throw new AppError(409, 409, 'regions.hasStations', { n: stationCount });
      const limited = await repo(ctx).rolesLimitedTo(before.id);
      if (limited.length > 0) {
        const names = limited.map((r) => (ctx.locale === 'en-US' && r.nameEn ? r.nameEn : r.name)).join(', ');
        throw new AppError(409, 409, 'regions.usedByRoles', { names });
      }
      await repo(ctx).remove(before.id);
      ctx.audit({ targetId: before.id, before });
      return null;
    },
  };
}
